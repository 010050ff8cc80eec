// Every method on the same step (tumble/solver_compare.h).
#include "tumble/solver_compare.h"

#include "tumble/solver_methods.h"

#include <chrono>
#include <cmath>

namespace tumble {
namespace {

std::vector<glm::vec3> velocities(const World& w) {
    std::vector<glm::vec3> out;
    for (BodyId id : w.bodyIds()) {
        out.push_back(w.body(id).linearVelocity);
        out.push_back(w.body(id).angularVelocity);
    }
    return out;
}

float rmsDifference(const std::vector<glm::vec3>& a, const std::vector<glm::vec3>& b) {
    if (a.empty() || a.size() != b.size()) return 0.0f;
    double sum = 0.0;
    for (size_t i = 0; i < a.size(); ++i) sum += double(glm::dot(a[i] - b[i], a[i] - b[i]));
    return static_cast<float>(std::sqrt(sum / double(a.size())));
}

/// What a replay changes and must put back.
class Replay {
public:
    explicit Replay(World& world)
        : world_(world), live_(world.settings()), probeOn_(world.solverProbeOn()),
          probeOptions_(world.solverProbe().options), traceOn_(world.stepTraceOn()),
          profile_(world.profile()), counters_(world.counters()), hash_(world.stateHash()) {}

    /// Run the step once more as it was (deterministic: the same state, contacts and solver
    /// figures) and restore the live settings, switches and figures. True when the world is
    /// back in the state it was in.
    bool putBack(const WorldState& before, const Settings& stepSettings) {
        world_.settings() = stepSettings;
        world_.setSolverProbe(probeOn_, probeOptions_);
        world_.setStepTrace(traceOn_);
        if (!world_.restoreState(before)) {
            world_.settings() = live_;
            return false; // the world does not fit the state: it was never changed either
        }
        world_.step();
        world_.settings() = live_;
        world_.restoreFigures(profile_, counters_);
        return world_.stateHash() == hash_;
    }

private:
    World& world_;
    const Settings live_;
    const bool probeOn_;
    const ProbeOptions probeOptions_;
    const bool traceOn_;
    const Profile profile_;
    const Counters counters_;
    const uint64_t hash_;
};

} // namespace

TracedStep traceStep(World& world, const WorldState& before, Settings stepSettings) {
    Replay replay(world);
    TracedStep out;
    world.settings() = stepSettings;
    if (world.restoreState(before)) {
        world.setSolverProbe(true);
        world.setStepTrace(true);
        world.step();
        out.trace = world.stepTrace();
        out.probe = world.solverProbe();
    }
    out.replayMatched = replay.putBack(before, stepSettings);
    return out;
}

bool refillContactFigures(World& world, const WorldState& before, Settings stepSettings) {
    world.setContactFigures(true);
    const WorldState now = world.captureState();
    const Settings live = world.settings();
    if (Replay(world).putBack(before, stepSettings)) return true;
    world.restoreState(now);
    world.settings() = live;
    return false;
}

MethodComparison compareSolverMethods(World& world, const WorldState& before, Settings stepSettings) {
    Replay replay(world);
    MethodComparison out;
    out.step = before.step + 1;
    std::vector<glm::vec3> exact;
    std::vector<std::vector<glm::vec3>> final;
    world.setSolverProbe(true, {.withRows = false}); // the curves need the passes only
    world.setStepTrace(false);
    for (const SolverMethodInfo& m : solverMethods()) {
        // The method is set before the state is restored: the step then sees no change of
        // settings (which would wake every sleeping body) and starts exactly where k-1 ended.
        world.settings() = stepSettings;
        world.settings().solver.method = std::string(m.name);
        if (!world.restoreState(before)) break;
        const auto t0 = std::chrono::steady_clock::now();
        world.step();
        const auto t1 = std::chrono::steady_clock::now();
        MethodRun run;
        run.method = std::string(m.name);
        run.probe = world.solverProbe();
        run.milliseconds = std::chrono::duration<double, std::milli>(t1 - t0).count();
        run.fallbackIslands = world.solverStats().fallbackIslands;
        final.push_back(velocities(world));
        if (m.name == "dantzig" && run.fallbackIslands == 0) {
            out.exactReference = true;
            exact = final.back();
        }
        out.runs.push_back(std::move(run));
    }
    if (out.exactReference)
        for (size_t i = 0; i < out.runs.size(); ++i) out.runs[i].velocityError = rmsDifference(final[i], exact);

    out.replayMatched = replay.putBack(before, stepSettings);
    return out;
}

} // namespace tumble
