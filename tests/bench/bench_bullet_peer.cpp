// Tumble against the peer, interleaved in one process: for each scene three simulations are
// stepped in turn, one step each - Tumble with block Gauss-Seidel (the scenes' method), Tumble
// with the wide method, and Bullet's btDiscreteDynamicsWorld with the sequential impulse solver,
// built by the Bullet adapter (tumble/bullet_world.h) from the Gauss-Seidel world before its
// first step: dt 1/60, 10 iterations, split impulse, sleeping off, one thread, and Bullet's own
// tuning of warm starting, friction rows and split impulse (PeerTuning::BulletDefaults). The
// three share the machine's noise; which of them steps first rotates each step, so none always
// follows the same one into the caches.
//
// Counters of each row (gs = block Gauss-Seidel, wide = the wide method, bullet = Bullet):
//   gs_ms wide_ms bullet_ms         median CPU time of one step, ms: the thread's CPU clock
//                                   (CLOCK_THREAD_CPUTIME_ID) around the step; all three
//                                   engines step on this one thread
//   gs/bullet wide/bullet           ratios of those medians
//   gs_drift_m ...                  (pyramids and the stack) the largest displacement of any
//                                   dynamic body from its start at the end of the run, m
//   gs_B/body ...                   bytes per body: the most the simulation held while
//                                   stepping, less what it held before it was built, over the
//                                   bodies (ground included); bench_memory.h counts every
//                                   operator new and every btAlignedAlloc, by simulation
//   steps, bodies
// BM_Peer_BoxRainScaling fits, over the box rains of 1,000 to 8,000:
//   k_gs k_wide k_bullet            the exponent k of time per step ~ bodies^k (least squares
//                                   slope of log time against log bodies), over the
//                                   BM_Peer_BoxRain/N runs, one after another
//   kTurn_gs kTurn_wide ...         the same over one run of the four rains stepped in turn
//                                   (rainsInTurn): the machine's drifting speed weighs on all
//                                   four alike
//   gs_dB/dbody ...                 bytes per added body: least squares slope of the bytes
//                                   (the B/body figure times the bodies) against the bodies,
//                                   which leaves out what a world holds however few its
//                                   bodies (Bullet's pools: about 4.4 MB)
//
//   build/tests/bench/tumble_bench_peer [--benchmark_filter=Pyramid40|BoxRain1000$|...]
#include "bench_memory.h"
#include "bench_scenes.h"

#include "tumble/bullet_world.h"

#include <benchmark/benchmark.h>

#include <glm/geometric.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <ctime>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace {

using namespace tumble;
using bench::Account;

constexpr int kSimulations = 3;
constexpr Account kAccounts[kSimulations] = {Account::GaussSeidel, Account::Wide, Account::Bullet};
constexpr const char* kPrefixes[kSimulations] = {"gs", "wide", "bullet"};

/// What one interleaved run measured, per simulation (in kAccounts' order).
struct PeerFigures {
    double msPerStep[kSimulations] = {};    ///< median CPU ms per step
    float drift[kSimulations] = {};         ///< m, largest displacement of a dynamic body
    double bytesPerBody[kSimulations] = {}; ///< peak while stepping less before building, per body
    int bodies = 0;
    int steps = 0;
};

/// ms of CPU time this thread has used.
double threadCpuMs() {
    timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return double(t.tv_sec) * 1e3 + double(t.tv_nsec) * 1e-6;
}

/// The three simulations of one scene, each step charged to its own account and timed.
struct Trio {
    std::optional<World> gaussSeidel, wide;
    std::unique_ptr<BulletWorld> peer;
    std::vector<double> ms[kSimulations];

    /// `steps`: the steps to be timed, whose times are reserved here, outside the simulations'
    /// accounts (a time vector growing while a step is charged would count in its peak).
    Trio(const SceneDef& def, int steps) {
        for (std::vector<double>& m : ms) m.reserve(size_t(steps));
        SceneDef wideDef = def;
        wideDef.settings.solver.method = "wide";
        {
            bench::ChargeTo charge(Account::GaussSeidel);
            gaussSeidel.emplace(buildWorld(def));
        }
        {
            bench::ChargeTo charge(Account::Wide);
            wide.emplace(buildWorld(wideDef));
        }
        {
            bench::ChargeTo charge(Account::Bullet);
            peer = std::make_unique<BulletWorld>(*gaussSeidel, PeerTuning::BulletDefaults);
        }
    }

    /// Step i of all three, one after another; which goes first rotates with i.
    void step(int i) {
        for (int k = 0; k < kSimulations; ++k) {
            const int s = (i + k) % kSimulations;
            bench::ChargeTo charge(kAccounts[s]);
            const double t0 = threadCpuMs();
            if (s == 0) gaussSeidel->step();
            else if (s == 1) wide->step();
            else peer->step();
            ms[s].push_back(threadCpuMs() - t0);
        }
    }
};

PeerFigures runInterleaved(const SceneDef& def, int steps) {
    bench::countBulletAllocations();
    int64_t before[kSimulations];
    for (int s = 0; s < kSimulations; ++s)
        before[s] = bench::liveBytes(kAccounts[s]);
    Trio trio(def, steps);
    const std::vector<BodyId> ids = trio.gaussSeidel->bodyIds();
    const std::vector<glm::vec3> start = trio.peer->positions();
    for (Account a : kAccounts)
        bench::resetPeakBytes(a);
    for (int i = 0; i < steps; ++i)
        trio.step(i);
    const std::vector<double>(&ms)[kSimulations] = trio.ms;
    const World& gaussSeidel = *trio.gaussSeidel;
    const World& wide = *trio.wide;
    const BulletWorld& peer = *trio.peer;

    PeerFigures f;
    f.bodies = int(ids.size());
    f.steps = steps;
    for (int s = 0; s < kSimulations; ++s) {
        f.msPerStep[s] = bench::median(ms[s]);
        f.bytesPerBody[s] = double(bench::peakBytes(kAccounts[s]) - before[s]) / double(f.bodies);
    }
    for (size_t i = 0; i < ids.size(); ++i) {
        if (!gaussSeidel.body(ids[i]).isDynamic()) continue;
        const glm::vec3 end[kSimulations] = {gaussSeidel.body(ids[i]).position,
                                             wide.body(ids[i]).position, peer.position(int(i))};
        for (int s = 0; s < kSimulations; ++s)
            f.drift[s] = std::max(f.drift[s], glm::length(end[s] - start[i]));
    }
    return f;
}

void report(benchmark::State& state, const PeerFigures& f, bool measureDrift) {
    for (int s = 0; s < kSimulations; ++s) {
        const std::string p = kPrefixes[s];
        state.counters[p + "_ms"] = f.msPerStep[s];
        state.counters[p + "_B/body"] = f.bytesPerBody[s];
        if (measureDrift) state.counters[p + "_drift_m"] = f.drift[s];
    }
    state.counters["gs/bullet"] = f.msPerStep[0] / f.msPerStep[2];
    state.counters["wide/bullet"] = f.msPerStep[1] / f.msPerStep[2];
    state.counters["bodies"] = f.bodies;
    state.counters["steps"] = f.steps;
}

void runFileScene(benchmark::State& state, const bench::BenchScene& scene) {
    const SceneDef def = bench::loadBenchScene(scene.file);
    for (auto _ : state) report(state, runInterleaved(def, 600), scene.measureDrift);
}

// Pyramid of base 100 (5,050 cubes), built in code: 120 steps (2 s), not 600, to keep the run
// short; its drift is therefore after 2 s.
void BM_Peer_Pyramid100(benchmark::State& state) {
    const SceneDef def = bench::pyramidScene(100);
    for (auto _ : state) report(state, runInterleaved(def, 120), true);
}

// Box rain of N cubes, built in code: 300 steps (5 s: the block lands at about 1 s and stands
// as columns from there), not 600, to keep the 8,000 short.
constexpr int kBoxRainSteps = 300;
constexpr int kBoxRainCounts[] = {1000, 2000, 4000, 8000};

/// The box rains measured in this process, by count: BM_Peer_BoxRainScaling fits the very runs
/// the BM_Peer_BoxRain/N rows reported (and runs those a filter left out).
std::map<int, PeerFigures>& boxRainRuns() {
    static std::map<int, PeerFigures> runs;
    return runs;
}

const PeerFigures& boxRain(int count) {
    auto it = boxRainRuns().find(count);
    if (it == boxRainRuns().end()) {
        const PeerFigures f = runInterleaved(bench::boxRainScene(count), kBoxRainSteps);
        it = boxRainRuns().emplace(count, f).first;
    }
    return it->second;
}

void BM_Peer_BoxRain(benchmark::State& state) {
    const int count = int(state.range(0));
    for (auto _ : state) {
        boxRainRuns().erase(count);
        report(state, boxRain(count), false);
    }
}

/// Least squares slope of y against x.
double slope(const std::vector<double>& x, const std::vector<double>& y) {
    double mx = 0.0, my = 0.0;
    for (size_t i = 0; i < x.size(); ++i) {
        mx += x[i];
        my += y[i];
    }
    mx /= double(x.size());
    my /= double(x.size());
    double sxy = 0.0, sxx = 0.0;
    for (size_t i = 0; i < x.size(); ++i) {
        sxy += (x[i] - mx) * (y[i] - my);
        sxx += (x[i] - mx) * (x[i] - mx);
    }
    return sxy / sxx;
}

std::vector<double> logs(std::vector<double> v) {
    for (double& x : v) x = std::log(x);
    return v;
}

/// Median ms per step of each simulation of each box rain (kBoxRainCounts' order), the four
/// rains stepped in turn in one loop: each step, every rain's three simulations, the rain that
/// goes first rotating. The machine's speed drifts over the minute this takes (by a quarter
/// between runs of a few seconds seen here); stepped in turn, every rain meets it alike, where
/// the BM_Peer_BoxRain/N runs, one after another, each meet their own stretch of it. Each step
/// here follows eleven other simulations' steps, so every rain starts its step with little of
/// its own in the caches, small ones included: kTurn_* measures memory the harder way, where
/// k_* lets a small rain keep some of its data between its steps (only its own three run).
std::vector<std::array<double, kSimulations>> rainsInTurn() {
    std::vector<std::unique_ptr<Trio>> rains;
    for (int count : kBoxRainCounts)
        rains.push_back(std::make_unique<Trio>(bench::boxRainScene(count), kBoxRainSteps));
    for (int i = 0; i < kBoxRainSteps; ++i)
        for (size_t k = 0; k < rains.size(); ++k)
            rains[(i + k) % rains.size()]->step(i);
    std::vector<std::array<double, kSimulations>> ms;
    for (const std::unique_ptr<Trio>& rain : rains) {
        ms.emplace_back();
        for (int s = 0; s < kSimulations; ++s)
            ms.back()[s] = bench::median(rain->ms[s]);
    }
    return ms;
}

void BM_Peer_BoxRainScaling(benchmark::State& state) {
    for (auto _ : state) {
        std::vector<double> bodies, ms[kSimulations], bytes[kSimulations], inTurn[kSimulations];
        for (int count : kBoxRainCounts) {
            const PeerFigures& f = boxRain(count);
            bodies.push_back(f.bodies);
            for (int s = 0; s < kSimulations; ++s) {
                ms[s].push_back(f.msPerStep[s]);
                bytes[s].push_back(f.bytesPerBody[s] * f.bodies);
            }
        }
        for (const std::array<double, kSimulations>& rain : rainsInTurn())
            for (int s = 0; s < kSimulations; ++s)
                inTurn[s].push_back(rain[s]);
        for (int s = 0; s < kSimulations; ++s) {
            const std::string p = kPrefixes[s];
            state.counters["k_" + p] = slope(logs(bodies), logs(ms[s]));
            state.counters["kTurn_" + p] = slope(logs(bodies), logs(inTurn[s]));
            state.counters[p + "_dB/dbody"] = slope(bodies, bytes[s]);
        }
        state.counters["steps"] = kBoxRainSteps;
    }
}

} // namespace

#define TUMBLE_PEER_BENCH(Name, Index)                                                            \
    static void Name(benchmark::State& s) { runFileScene(s, bench::kSolverScenes[Index]); }       \
    BENCHMARK(Name)->Iterations(1)->Unit(benchmark::kMillisecond);

TUMBLE_PEER_BENCH(BM_Peer_Pyramid20, 0)
TUMBLE_PEER_BENCH(BM_Peer_Pyramid40, 1)
TUMBLE_PEER_BENCH(BM_Peer_BoxRain1000, 2)
TUMBLE_PEER_BENCH(BM_Peer_SpherePit2000, 3)
TUMBLE_PEER_BENCH(BM_Peer_Stack20, 4)

BENCHMARK(BM_Peer_Pyramid100)->Iterations(1)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Peer_BoxRain)
    ->Arg(1000)
    ->Arg(2000)
    ->Arg(4000)
    ->Arg(8000)
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Peer_BoxRainScaling)->Iterations(1)->Unit(benchmark::kMillisecond);
