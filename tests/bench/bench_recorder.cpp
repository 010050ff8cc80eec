// Record and rewind: what recording adds to a step, the bytes per body per step, and the
// time to rewind to a recorded step.
#include "bench_scenes.h"

#include "tumble/recorder.h"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <vector>

namespace {

using namespace tumble;

/// Steps of the 820-box pyramid with and without recording, alternating, so both see the
/// same machine: the recording's share of step time and its bytes per body per step. The
/// budget is 64 MiB so that it fills after about 70 steps: the share is given for the steps
/// after that (the steady state, where each step reuses the buffer of the step it drops) and
/// for the steps before (filling, where every step writes fresh pages the system clears).
void BM_Record_Pyramid40(benchmark::State& state) {
    SceneDef def = bench::loadBenchScene("pyramid-large.json");
    for (auto _ : state) {
        World plain = buildWorld(def), recorded = buildWorld(def);
        Recorder recorder(size_t{64} << 20);
        recorder.record(recorded);
        std::vector<double> stepMs, fillingMs, steadyMs;
        for (int i = 0; i < 300; ++i) {
            const bool full = recorder.bytesUsed() + recorder.lastStepBytes() > recorder.budget();
            auto t0 = std::chrono::steady_clock::now();
            plain.step();
            auto t1 = std::chrono::steady_clock::now();
            recorded.step();
            auto t2 = std::chrono::steady_clock::now();
            recorder.record(recorded);
            auto t3 = std::chrono::steady_clock::now();
            stepMs.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
            (full ? steadyMs : fillingMs).push_back(std::chrono::duration<double, std::milli>(t3 - t2).count());
        }
        const double step = bench::median(stepMs), steady = bench::median(steadyMs), filling = bench::median(fillingMs);
        state.counters["msPerStepMedian"] = step;
        state.counters["msPerRecordMedian"] = steady;
        state.counters["recordShareOfStep_pct"] = 100.0 * steady / step;
        state.counters["fillingRecordShareOfStep_pct"] = 100.0 * filling / step;
        state.counters["bytesPerStep"] = static_cast<double>(recorder.lastStepBytes());
        state.counters["bytesPerBodyPerStep"] =
            static_cast<double>(recorder.lastStepBytes()) / static_cast<double>(plain.bodyCount());
        state.counters["stepsIn256MiB"] =
            static_cast<double>(Recorder::kDefaultBudget) / static_cast<double>(recorder.lastStepBytes());
    }
}
BENCHMARK(BM_Record_Pyramid40)->Iterations(1)->Unit(benchmark::kMillisecond);

/// Rewinding 1,000 falling boxes to random recorded steps (restore the step before, run
/// the step again): the time a click on the timeline takes.
void BM_Rewind_BoxRain1000(benchmark::State& state) {
    SceneDef def = bench::loadBenchScene("box-rain.json");
    World world = buildWorld(def);
    Recorder recorder;
    recorder.record(world);
    for (int i = 0; i < 240; ++i) {
        world.step();
        recorder.record(world);
    }
    std::vector<double> ms;
    uint64_t target = 7;
    for (auto _ : state) {
        target = (target * 37 + 11) % 240 + 1;
        auto t0 = std::chrono::steady_clock::now();
        recorder.seek(world, target);
        auto t1 = std::chrono::steady_clock::now();
        ms.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
    }
    state.counters["msPerRewindMedian"] = bench::median(ms);
    state.counters["msPerRewindMax"] = *std::max_element(ms.begin(), ms.end());
    state.counters["bodies"] = static_cast<double>(world.bodyCount());
}
BENCHMARK(BM_Rewind_BoxRain1000)->Iterations(40)->Unit(benchmark::kMillisecond);

} // namespace
