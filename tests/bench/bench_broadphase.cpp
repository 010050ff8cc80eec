// Broad-phase cost of one realistic frame: every box of a rain scene falls a little and
// drifts sideways (move), then the pairs are found (findPairs). Boxes that fall through
// the floor re-enter at the top, as a rain emitter would. The density is chosen so that
// each box's fat box touches about three others.
#include "collision/broadphase.h"

#include <benchmark/benchmark.h>
#include <cmath>
#include <random>

namespace {

using namespace tumble;

float uniform(std::mt19937& rng, float lo, float hi) {
    return lo + (hi - lo) * float(rng() >> 8) * (1.0f / 16777216.0f);
}

struct Rain {
    std::vector<glm::vec3> centre;   ///< m
    std::vector<glm::vec3> half;     ///< m
    std::vector<glm::vec3> velocity; ///< m/s
    float width = 0.0f;              ///< m, the scene is width x height x width
    float height = 0.0f;

    explicit Rain(int n) {
        // Boxes of 0.4..1.2 m; 2.5 m^3 of space per box leaves about two fat-box neighbours each.
        const float volume = 2.5f * float(n);
        height = std::cbrt(volume / 16.0f); // four times wider than tall
        width = 4.0f * height;
        std::mt19937 rng(42);
        for (int i = 0; i < n; ++i) {
            centre.emplace_back(uniform(rng, 0, width), uniform(rng, 0, height),
                                uniform(rng, 0, width));
            float s = uniform(rng, 0.2f, 0.6f);
            half.emplace_back(s, s * uniform(rng, 0.6f, 1.4f), s);
            velocity.emplace_back(uniform(rng, -0.3f, 0.3f), -uniform(rng, 2.0f, 6.0f),
                                  uniform(rng, -0.3f, 0.3f));
        }
    }
    Aabb box(int i) const { return {centre[i] - half[i], centre[i] + half[i]}; }

    /// One 60 Hz step of motion, reported to the broad phase.
    void step(Broadphase& bp) {
        const float dt = 1.0f / 60.0f;
        for (size_t i = 0; i < centre.size(); ++i) {
            glm::vec3 d = velocity[i] * dt;
            centre[i] += d;
            // Leaving the region: back in on the other side (rain re-emitted at the top, wind
            // drift wrapped), so the density stays put however long the benchmark runs.
            const glm::vec3 size(width, height, width);
            for (int k = 0; k < 3; ++k) {
                float wrap = centre[i][k] < 0.0f      ? size[k]
                             : centre[i][k] > size[k] ? -size[k]
                                                      : 0.0f;
                centre[i][k] += wrap;
                d[k] += wrap;
            }
            bp.move(uint32_t(i), box(int(i)), d);
        }
    }
};

void BM_BroadphaseRain(benchmark::State& state, BroadphaseType type) {
    const int n = int(state.range(0));
    Rain rain(n);
    auto bp = makeBroadphase(type, 0.05f);
    for (int i = 0; i < n; ++i)
        bp->add(uint32_t(i), rain.box(i));
    std::vector<BodyPair> pairs;
    BroadphaseStats stats;
    PairFilter filter;
    for (int warm = 0; warm < 10; ++warm) { // reach the steady state of an ongoing run
        rain.step(*bp);
        bp->findPairs(filter, pairs, stats);
    }
    int64_t tested = 0, found = 0;
    for (auto _ : state) {
        rain.step(*bp);
        bp->findPairs(filter, pairs, stats);
        benchmark::DoNotOptimize(pairs.data());
        tested += stats.pairsTested;
        found += stats.pairsFound;
    }
    const double iterations = double(state.iterations());
    state.counters["pairs"] = double(found) / iterations;
    state.counters["tested"] = double(tested) / iterations;
}

BENCHMARK_CAPTURE(BM_BroadphaseRain, BruteForce, BroadphaseType::BruteForce)
    ->Arg(1000)
    ->Arg(10000)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_BroadphaseRain, SortAndSweep, BroadphaseType::SortAndSweep)
    ->Arg(1000)
    ->Arg(10000)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_BroadphaseRain, DynamicTree, BroadphaseType::DynamicTree)
    ->Arg(1000)
    ->Arg(10000)
    ->Unit(benchmark::kMillisecond);

} // namespace
