// Tumble on the solver scenes: median ms per step over 10 s and the largest drift, with the
// scene's method (block Gauss-Seidel) and with the wide method (BM_Wide_*).
#include "bench_scenes.h"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <vector>

namespace {

using namespace tumble;

void runScene(benchmark::State& state, const bench::BenchScene& scene, const char* method = nullptr) {
    SceneDef def = bench::loadBenchScene(scene.file);
    if (method) def.settings.solver.method = method;
    for (auto _ : state) {
        World world = buildWorld(def);
        std::vector<BodyId> ids = world.bodyIds();
        std::vector<glm::vec3> start;
        for (BodyId id : ids) start.push_back(world.body(id).position);
        std::vector<double> ms;
        for (int i = 0; i < 600; ++i) {
            auto t0 = std::chrono::steady_clock::now();
            world.step();
            auto t1 = std::chrono::steady_clock::now();
            ms.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
        }
        std::nth_element(ms.begin(), ms.begin() + ms.size() / 2, ms.end());
        float drift = 0.0f;
        for (size_t i = 0; i < ids.size(); ++i)
            if (world.body(ids[i]).isDynamic())
                drift = std::max(drift, glm::length(world.body(ids[i]).position - start[i]));
        state.counters["msPerStepMedian"] = ms[ms.size() / 2];
        state.counters["bodies"] = static_cast<double>(ids.size());
        if (scene.measureDrift) state.counters["maxDisplacement_m"] = drift;
    }
}

} // namespace

#define TUMBLE_SCENE_BENCH(Name, Index)                                                           \
    static void Name(benchmark::State& s) { runScene(s, bench::kSolverScenes[Index]); }           \
    BENCHMARK(Name)->Iterations(1)->Unit(benchmark::kMillisecond);

TUMBLE_SCENE_BENCH(BM_Solver_Pyramid20, 0)
TUMBLE_SCENE_BENCH(BM_Solver_Pyramid40, 1)
TUMBLE_SCENE_BENCH(BM_Solver_BoxRain1000, 2)
TUMBLE_SCENE_BENCH(BM_Solver_SpherePit2000, 3)
TUMBLE_SCENE_BENCH(BM_Solver_Stack20, 4)

#define TUMBLE_WIDE_BENCH(Name, Index)                                                            \
    static void Name(benchmark::State& s) { runScene(s, bench::kSolverScenes[Index], "wide"); }   \
    BENCHMARK(Name)->Iterations(1)->Unit(benchmark::kMillisecond);

TUMBLE_WIDE_BENCH(BM_Wide_Pyramid20, 0)
TUMBLE_WIDE_BENCH(BM_Wide_Pyramid40, 1)
TUMBLE_WIDE_BENCH(BM_Wide_BoxRain1000, 2)
TUMBLE_WIDE_BENCH(BM_Wide_SpherePit2000, 3)
TUMBLE_WIDE_BENCH(BM_Wide_Stack20, 4)

// Block Gauss-Seidel and the wide method on the same scene, stepped in turn (one step each) so
// that both see the same machine: the median ms per step of each and their ratio.
void runInterleaved(benchmark::State& state, const bench::BenchScene& scene) {
    SceneDef def = bench::loadBenchScene(scene.file);
    for (auto _ : state) {
        World block = buildWorld(def);
        def.settings.solver.method = "wide";
        World wide = buildWorld(def);
        std::vector<double> ms[2];
        World* worlds[2] = {&block, &wide};
        for (int i = 0; i < 600; ++i)
            for (int k = 0; k < 2; ++k) {
                auto t0 = std::chrono::steady_clock::now();
                worlds[k]->step();
                auto t1 = std::chrono::steady_clock::now();
                ms[k].push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
            }
        state.counters["blockMs"] = bench::median(ms[0]);
        state.counters["wideMs"] = bench::median(ms[1]);
        state.counters["wideOverBlock"] = bench::median(ms[1]) / bench::median(ms[0]);
        state.counters["colours"] = wide.solverStats().colours;
    }
}

#define TUMBLE_PAIR_BENCH(Name, Index)                                                            \
    static void Name(benchmark::State& s) { runInterleaved(s, bench::kSolverScenes[Index]); }     \
    BENCHMARK(Name)->Iterations(1)->Unit(benchmark::kMillisecond);

TUMBLE_PAIR_BENCH(BM_WideAgainstBlock_Pyramid40, 1)
TUMBLE_PAIR_BENCH(BM_WideAgainstBlock_BoxRain1000, 2)
TUMBLE_PAIR_BENCH(BM_WideAgainstBlock_SpherePit2000, 3)
