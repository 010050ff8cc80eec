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

void BM_Probe_Pyramid40(benchmark::State& state) {
    SceneDef def = bench::loadBenchScene("pyramid-large.json");
    for (auto _ : state) {
        World plain = buildWorld(def), probed = buildWorld(def), rows = buildWorld(def), traced = buildWorld(def);
        probed.setSolverProbe(true, {.withRows = false});
        rows.setSolverProbe(true, {.withRows = true});
        traced.setStepTrace(true);
        World* worlds[4] = {&plain, &probed, &rows, &traced};
        std::vector<double> ms[4];
        std::vector<double> stageMs[2];
        for (int i = 0; i < 300; ++i)
            for (int k = 0; k < 4; ++k) {
                auto t0 = std::chrono::steady_clock::now();
                worlds[k]->step();
                auto t1 = std::chrono::steady_clock::now();
                if (k < 2) stageMs[k].push_back(worlds[k]->profile().iterate);
                ms[k].push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
            }
        // Each cost is the median over the steps of that step's time against the plain world's
        // same step (the same state, timed moments apart): steadier than a ratio of medians.
        auto costPct = [&](int k) {
            std::vector<double> ratio(ms[0].size());
            for (size_t i = 0; i < ratio.size(); ++i) ratio[i] = ms[k][i] / ms[0][i];
            return 100.0 * (bench::median(ratio) - 1.0);
        };
        state.counters["plainMs"] = bench::median(ms[0]);
        state.counters["iterPlain"] = bench::median(stageMs[0]);
        state.counters["iterProbe"] = bench::median(stageMs[1]);
        state.counters["probeCostPct"] = costPct(1);
        state.counters["probeRowsCostPct"] = costPct(2);
        state.counters["traceCostPct"] = costPct(3);
        state.counters["sameHash"] = plain.stateHash() == probed.stateHash() && plain.stateHash() == rows.stateHash() &&
                                     plain.stateHash() == traced.stateHash();
    }
}
BENCHMARK(BM_Probe_Pyramid40)->Iterations(1)->Unit(benchmark::kMillisecond);

} // namespace
