// Narrow-phase cost per call (the collide functions the step calls most), and per step on the
// pyramid scene (run them with --benchmark_filter=Narrowphase).
#include "bench_scenes.h"
#include "collision/narrowphase.h"
#include "tumble/shape.h"
#include "tumble/world.h"

#include <benchmark/benchmark.h>
#include <glm/gtc/quaternion.hpp>
#include <random>
#include <string>
#include <vector>

using namespace tumble;

namespace {

Shape makeBox(glm::vec3 h) {
    Shape s;
    s.type = ShapeType::Box;
    s.halfExtents = h;
    return s;
}

Shape makeSphere(float r) {
    Shape s;
    s.type = ShapeType::Sphere;
    s.radius = r;
    return s;
}

// A hull of 20 random points in a ball of radius 0.5 (seeded: the same hull every run).
Shape makeRandomHull(unsigned seed) {
    std::mt19937 rng(seed);
    std::normal_distribution<float> g(0.0f, 1.0f);
    std::uniform_real_distribution<float> u(0.0f, 1.0f);
    std::vector<glm::vec3> points;
    for (int i = 0; i < 20; ++i)
        points.push_back(0.5f * std::cbrt(u(rng)) *
                         glm::normalize(glm::vec3(g(rng), g(rng), g(rng))));
    Shape s;
    s.type = ShapeType::Hull;
    std::string error;
    s.hull = buildConvexHull(points, error);
    return s;
}

void runPair(benchmark::State& state, const Shape& a, const Transform& xa, const Shape& b,
             const Transform& xb) {
    Manifold m;
    for (auto _ : state) {
        collide(a, xa, b, xb, 0.02f, m);
        benchmark::DoNotOptimize(m);
    }
    state.counters["points"] = m.pointCount;
}

} // namespace

// A cube resting on a wider box, turned 10 degrees: SAT, clipping, four points.
static void BM_Narrowphase_BoxBoxRestingFace(benchmark::State& state) {
    Transform xa{{0, 0, 0}, {1, 0, 0, 0}};
    Transform xb{{0.2f, 0.99f, -0.1f}, glm::angleAxis(glm::radians(10.0f), glm::vec3(0, 1, 0))};
    runPair(state, makeBox({1.0f, 0.5f, 1.0f}), xa, makeBox(glm::vec3(0.5f)), xb);
}
BENCHMARK(BM_Narrowphase_BoxBoxRestingFace);

// Two boxes apart: the early exit on the first separating face.
static void BM_Narrowphase_BoxBoxSeparated(benchmark::State& state) {
    Transform xa{{0, 0, 0}, {1, 0, 0, 0}};
    Transform xb{{0.0f, 1.5f, 0.0f}, glm::angleAxis(glm::radians(10.0f), glm::vec3(0, 1, 0))};
    runPair(state, makeBox({1.0f, 0.5f, 1.0f}), xa, makeBox(glm::vec3(0.5f)), xb);
}
BENCHMARK(BM_Narrowphase_BoxBoxSeparated);

// Two 20-point random hulls, B lowered onto A until they overlap by a little.
static void BM_Narrowphase_HullHullTouching(benchmark::State& state) {
    Shape a = makeRandomHull(1), b = makeRandomHull(2);
    Transform xa{{0, 0, 0}, {1, 0, 0, 0}};
    Transform xb{{0.1f, 1.0f, 0.05f}, glm::angleAxis(0.7f, glm::normalize(glm::vec3(1, 2, 3)))};
    Manifold m;
    // Lower B in 1 mm steps until it touches: a real resting-contact query.
    while (xb.p.y > -1.0f && !collide(a, xa, b, xb, 0.0f, m))
        xb.p.y -= 0.001f;
    xb.p.y -= 0.005f;
    runPair(state, a, xa, b, xb);
}
BENCHMARK(BM_Narrowphase_HullHullTouching);

// A sphere resting on a box face.
static void BM_Narrowphase_SphereBox(benchmark::State& state) {
    Transform xa{{0.2f, 0.74f, -0.3f}, {1, 0, 0, 0}};
    Transform xb{{0, 0, 0}, glm::angleAxis(glm::radians(5.0f), glm::vec3(0, 1, 0))};
    runPair(state, makeSphere(0.25f), xa, makeBox({1.0f, 0.5f, 1.0f}), xb);
}
BENCHMARK(BM_Narrowphase_SphereBox);

// Every broad-phase pair of the pyramid scene (210 resting boxes) after a second of settling:
// the narrow phase's share of one step. Time per pass over all pairs.
static void BM_Narrowphase_PyramidStep(benchmark::State& state) {
    World world = buildWorld(bench::loadBenchScene("pyramid.json"));
    for (int i = 0; i < 60; ++i)
        world.step();
    struct Pair {
        const Body* a;
        const Body* b;
    };
    std::vector<Pair> pairs;
    for (const auto& [a, b] : world.broadphasePairs())
        pairs.push_back({&world.body(a), &world.body(b)});
    const float margin = world.settings().contactMargin;
    int touching = 0;
    for (auto _ : state) {
        touching = 0;
        for (const Pair& p : pairs) {
            Manifold m;
            touching += collide(p.a->shape, Transform{p.a->position, p.a->orientation}, p.b->shape,
                                Transform{p.b->position, p.b->orientation}, margin, m);
            benchmark::DoNotOptimize(m);
        }
    }
    state.counters["pairs"] = static_cast<double>(pairs.size());
    state.counters["touching"] = touching;
}
BENCHMARK(BM_Narrowphase_PyramidStep)->Unit(benchmark::kMicrosecond);
