// What one fork costs: the base-40 pyramid stepped and recorded as the window does, alone and
// with one fork following it (which steps its own copy, records it and compares every body).
// Median ms per step of each and the fork's cost over the plain world, interleaved step by step.
#include "bench_scenes.h"

#include "tumble/fork.h"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <vector>

namespace {

using namespace tumble;

void BM_Fork_Pyramid40(benchmark::State& state) {
    SceneDef def = bench::loadBenchScene("pyramid-large.json");
    for (auto _ : state) {
        World plain = buildWorld(def), forked = buildWorld(def);
        Recorder plainRecording, forkedRecording;
        plainRecording.record(plain);
        forkedRecording.record(forked);
        Forks forks;
        // The same settings: the fork does exactly the main world's work, so this is its overhead.
        const std::string error = forks.add(def, forked, {});
        if (!error.empty()) state.SkipWithError(error.c_str());
        std::vector<double> ms[2], ratio;
        for (int i = 0; i < 200; ++i) {
            auto t0 = std::chrono::steady_clock::now();
            plain.step();
            plainRecording.record(plain);
            auto t1 = std::chrono::steady_clock::now();
            forked.step();
            forkedRecording.record(forked);
            forks.follow(forked);
            auto t2 = std::chrono::steady_clock::now();
            ms[0].push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
            ms[1].push_back(std::chrono::duration<double, std::milli>(t2 - t1).count());
            ratio.push_back(ms[1].back() / ms[0].back());
        }
        state.counters["plainMs"] = bench::median(ms[0]);
        state.counters["withForkMs"] = bench::median(ms[1]);
        state.counters["forkCostPct"] = 100.0 * (bench::median(ratio) - 1.0);
    }
}
BENCHMARK(BM_Fork_Pyramid40)->Iterations(1)->Unit(benchmark::kMillisecond);

} // namespace
