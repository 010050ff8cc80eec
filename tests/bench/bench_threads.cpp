// Settings::threads: the same scene stepped at one thread, at two (or more) and at 0 (auto:
// the world times one thread against one per core and keeps the faster, World::threadChoice),
// interleaved in one process, one step each in turn (which goes first rotates), so all three
// share the machine's noise. Time is wall time (a steady clock around the step): with two
// threads the CPU time of the stepping thread alone would leave out the worker's share.
//
// Counters of each row:
//   t1_ms tN_ms      median wall ms of one step at 1 and at N threads (N = --threads, default 2)
//   speedup          t1_ms / tN_ms
//   tauto_ms         median wall ms of one step with threads 0, its trials included
//   auto_chosen      the count auto ran at the end, auto_trials how many trials it made
//   same_bits        1 when all three worlds end with the same state hash (they must)
//   bodies, steps
//
//   build/tests/bench/tumble_bench_threads [--benchmark_filter=Wide] [--threads=N]
#include "bench_scenes.h"

#include "tumble/world.h"

#include <benchmark/benchmark.h>

#include <chrono>
#include <cstring>
#include <optional>
#include <string>

namespace {

using namespace tumble;

int gThreads = 2;

/// The three worlds: one thread, gThreads, and auto (threads 0).
constexpr int kWorlds = 3;

struct ThreadFigures {
    double ms[kWorlds] = {};
    bool sameBits = false;
    int bodies = 0;
    ThreadChoice autoChoice;
};

ThreadFigures runInterleaved(SceneDef def, const char* method, int steps) {
    def.settings.solver.method = method;
    std::optional<World> worlds[kWorlds];
    const int threads[kWorlds] = {1, gThreads, 0};
    for (int k = 0; k < kWorlds; ++k) {
        def.settings.threads = threads[k];
        worlds[k].emplace(buildWorld(def));
    }
    std::vector<double> ms[kWorlds];
    for (int i = 0; i < steps; ++i)
        for (int k = 0; k < kWorlds; ++k) {
            const int s = (i + k) % kWorlds;
            const auto t0 = std::chrono::steady_clock::now();
            worlds[s]->step();
            ms[s].push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
        }
    ThreadFigures f;
    for (int s = 0; s < kWorlds; ++s) f.ms[s] = bench::median(ms[s]);
    f.sameBits = worlds[0]->stateHash() == worlds[1]->stateHash() && worlds[0]->stateHash() == worlds[2]->stateHash();
    f.bodies = static_cast<int>(worlds[0]->bodyIds().size());
    f.autoChoice = worlds[2]->threadChoice();
    return f;
}

void run(benchmark::State& state, const SceneDef& def, const char* method, int steps) {
    ThreadFigures f;
    for (auto _ : state) f = runInterleaved(def, method, steps);
    state.counters["t1_ms"] = f.ms[0];
    // Appended piece by piece: GCC 12 warns falsely (-Wrestrict) on "t" + std::string.
    std::string manyName = "t";
    manyName += std::to_string(gThreads);
    manyName += "_ms";
    state.counters[manyName] = f.ms[1];
    state.counters["speedup"] = f.ms[0] / f.ms[1];
    state.counters["tauto_ms"] = f.ms[2];
    state.counters["auto_chosen"] = f.autoChoice.chosen;
    state.counters["auto_trials"] = f.autoChoice.trials;
    state.counters["same_bits"] = f.sameBits ? 1 : 0;
    state.counters["bodies"] = f.bodies;
    state.counters["steps"] = steps;
}

void registerAll() {
    struct Case {
        const char* name;
        SceneDef (*make)();
        int steps;
    };
    const Case cases[] = {
        {"Pyramid40", [] { return bench::pyramidScene(40); }, 300},
        {"BoxRain1000", [] { return bench::loadBenchScene("box-rain.json"); }, 300},
        {"SpherePit", [] { return bench::loadBenchScene("sphere-pit.json"); }, 300},
        {"BoxRain4000", [] { return bench::boxRainScene(4000); }, 300},
    };
    for (const char* method : {"wide", "gaussSeidel"})
        for (const Case& c : cases) {
            const std::string name = std::string("BM_Threads_") + (method[0] == 'w' ? "Wide_" : "GaussSeidel_") + c.name;
            const SceneDef def = c.make();
            const int steps = c.steps;
            benchmark::RegisterBenchmark(name.c_str(), [def, method, steps](benchmark::State& state) {
                run(state, def, method, steps);
            })->Iterations(1)->Unit(benchmark::kMillisecond);
        }
}

} // namespace

int main(int argc, char** argv) {
    for (int i = 1; i < argc; ++i)
        if (std::strncmp(argv[i], "--threads=", 10) == 0) gThreads = std::max(2, std::atoi(argv[i] + 10));
    registerAll();
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
