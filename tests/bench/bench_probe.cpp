// What looking inside the solve costs: the pyramid of base 40 stepped by four worlds in turn:
// plain, with the solver probe measuring every pass, with the probe also exporting every
// row (Jacobian, lambda, bounds: the Constraint system tab and --solver-probe), and with the
// step debugger's trace (the same scene, so the same simulation: none of them changes it).
// Median ms per step of each and its cost over the plain world, interleaved step by step so
// the four share the machine's noise.
#include "bench_scenes.h"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <vector>

namespace {

using namespace tumble;

double median(std::vector<double> v) {
    std::nth_element(v.begin(), v.begin() + v.size() / 2, v.end());
    return v[v.size() / 2];
}

void BM_Probe_Pyramid40(benchmark::State& state) {
    SceneDef def = bench::loadBenchScene("pyramid-large.json");
    for (auto _ : state) {
        World plain = buildWorld(def), probed = buildWorld(def), rows = buildWorld(def), traced = buildWorld(def);
        probed.setSolverProbe(true, false);
        rows.setSolverProbe(true, true);
        traced.setStepTrace(true);
        World* worlds[4] = {&plain, &probed, &rows, &traced};
        std::vector<double> ms[4];
        for (int i = 0; i < 300; ++i)
            for (int k = 0; k < 4; ++k) {
                auto t0 = std::chrono::steady_clock::now();
                worlds[k]->step();
                auto t1 = std::chrono::steady_clock::now();
                ms[k].push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
            }
        const double m0 = median(ms[0]), m1 = median(ms[1]), m2 = median(ms[2]), m3 = median(ms[3]);
        state.counters["plainMs"] = m0;
        state.counters["probeCostPct"] = 100.0 * (m1 - m0) / m0;
        state.counters["probeRowsCostPct"] = 100.0 * (m2 - m0) / m0;
        state.counters["traceCostPct"] = 100.0 * (m3 - m0) / m0;
        state.counters["sameHash"] = plain.stateHash() == probed.stateHash() && plain.stateHash() == rows.stateHash() &&
                                     plain.stateHash() == traced.stateHash();
    }
}
BENCHMARK(BM_Probe_Pyramid40)->Iterations(1)->Unit(benchmark::kMillisecond);

} // namespace
