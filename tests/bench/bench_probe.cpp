// What looking inside the solve costs: the pyramid of base 40 stepped by three worlds in
// turn, one plain, one with the solver probe on, one with the step debugger's trace on (the
// same scene, so the same simulation: the probe and the trace change nothing), median ms per
// step of each and the ratios to the plain world. Interleaved step by step, so the three share
// the machine's noise.
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
        World plain = buildWorld(def), probed = buildWorld(def), traced = buildWorld(def);
        probed.setSolverProbe(true);
        traced.setStepTrace(true);
        World* worlds[3] = {&plain, &probed, &traced};
        std::vector<double> ms[3];
        for (int i = 0; i < 300; ++i)
            for (int k = 0; k < 3; ++k) {
                auto t0 = std::chrono::steady_clock::now();
                worlds[k]->step();
                auto t1 = std::chrono::steady_clock::now();
                ms[k].push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
            }
        const double m0 = median(ms[0]), m1 = median(ms[1]), m2 = median(ms[2]);
        state.counters["plainMs"] = m0;
        state.counters["probeMs"] = m1;
        state.counters["traceMs"] = m2;
        state.counters["probeCostPct"] = 100.0 * (m1 - m0) / m0;
        state.counters["traceCostPct"] = 100.0 * (m2 - m0) / m0;
        state.counters["sameHash"] = plain.stateHash() == probed.stateHash() && plain.stateHash() == traced.stateHash();
    }
}
BENCHMARK(BM_Probe_Pyramid40)->Iterations(1)->Unit(benchmark::kMillisecond);

} // namespace
