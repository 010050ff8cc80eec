// The peer: Bullet's btDiscreteDynamicsWorld with the sequential impulse solver on the same
// scene files, built by the Bullet adapter (tumble/bullet_world.h) from the Tumble world the
// scene makes: dt 1/60, 10 iterations, split impulse, sleeping off, one thread, and Bullet's
// own tuning of warm starting, friction rows and split impulse (PeerTuning::BulletDefaults).
#include "bench_scenes.h"

#include "tumble/bullet_world.h"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <vector>

namespace {

using namespace tumble;

void runPeer(benchmark::State& state, const bench::BenchScene& scene) {
    SceneDef def = bench::loadBenchScene(scene.file);
    for (auto _ : state) {
        const World tumbleWorld = buildWorld(def);
        BulletWorld peer(tumbleWorld, PeerTuning::BulletDefaults);
        const std::vector<glm::vec3> start = peer.positions();
        std::vector<double> ms;
        for (int i = 0; i < 600; ++i) {
            auto t0 = std::chrono::steady_clock::now();
            peer.step();
            auto t1 = std::chrono::steady_clock::now();
            ms.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
        }
        std::nth_element(ms.begin(), ms.begin() + ms.size() / 2, ms.end());
        const std::vector<BodyId> ids = tumbleWorld.bodyIds();
        float drift = 0.0f;
        for (int i = 0; i < peer.bodyCount(); ++i)
            if (tumbleWorld.body(ids[i]).invMass > 0.0f)
                drift = std::max(drift, glm::length(peer.position(i) - start[i]));
        state.counters["msPerStepMedian"] = ms[ms.size() / 2];
        state.counters["bodies"] = static_cast<double>(peer.bodyCount());
        if (scene.measureDrift) state.counters["maxDisplacement_m"] = drift;
    }
}

} // namespace

#define TUMBLE_PEER_BENCH(Name, Index)                                                            \
    static void Name(benchmark::State& s) { runPeer(s, bench::kSolverScenes[Index]); }            \
    BENCHMARK(Name)->Iterations(1)->Unit(benchmark::kMillisecond);

TUMBLE_PEER_BENCH(BM_Bullet_Pyramid20, 0)
TUMBLE_PEER_BENCH(BM_Bullet_Pyramid40, 1)
TUMBLE_PEER_BENCH(BM_Bullet_BoxRain1000, 2)
TUMBLE_PEER_BENCH(BM_Bullet_SpherePit2000, 3)
TUMBLE_PEER_BENCH(BM_Bullet_Stack20, 4)
