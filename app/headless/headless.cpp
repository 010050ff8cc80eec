// Headless runs: load, apply --set, step, measure, report.
#include "headless/headless.h"

#include "headless/bug_report.h"
#include "headless/compare_report.h"
#include "headless/contact_report.h"
#include "headless/probe_report.h"

#include "tumble/bullet_import.h"
#include "tumble/fork.h"
#include "tumble/scene.h"
#include "tumble/solver_methods.h"
#include "tumble/world.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>

namespace tumble::app {
namespace {

using nlohmann::json;

json vec(const glm::vec3& v) { return json::array({v.x, v.y, v.z}); }
json quat(const glm::quat& q) { return json::array({q.w, q.x, q.y, q.z}); }

json bodiesJson(const World& world) {
    json out = json::array();
    for (BodyId id : world.bodyIds()) {
        const Body& b = world.body(id);
        out.push_back({{"name", b.name},
                       {"type", std::string(toString(b.type))},
                       {"position", vec(b.position)},
                       {"orientation", quat(b.orientation)},
                       {"linearVelocity", vec(b.linearVelocity)},
                       {"angularVelocity", vec(b.angularVelocity)},
                       {"sleeping", b.sleeping}});
    }
    return out;
}

/// An event's kind as the report names it.
const char* eventKindName(WorldEventKind kind) {
    switch (kind) {
    case WorldEventKind::NonFinite: return "nonFinite";
    case WorldEventKind::TooFast: return "tooFast";
    case WorldEventKind::TooDeep: return "tooDeep";
    case WorldEventKind::EnergyJump: return "energyJump";
    case WorldEventKind::JointBroke: return "jointBroke";
    case WorldEventKind::LeftWorld: return "leftWorld";
    }
    return "other";
}

json eventsJson(const World& world) {
    json out = json::array();
    // Repeats of one flag on one body come merged: first step, last step and count.
    for (const WorldEvent& e : world.events())
        out.push_back({{"step", e.step},
                       {"lastStep", e.lastStep},
                       {"count", e.count},
                       {"body", e.bodyName},
                       {"what", e.what},
                       {"kind", eventKindName(e.kind)},
                       {"nonFinite", e.nonFinite}});
    return out;
}

/// With threads 0, what the world's timing chose (World::threadChoice).
json threadChoiceJson(const ThreadChoice& c) {
    return {{"automatic", c.automatic}, {"cores", c.cores},       {"chosen", c.chosen},
            {"trials", c.trials},       {"oneThreadMs", c.oneMs}, {"allThreadsMs", c.allMs}};
}

/// ms per step each thread spent in the step's parallel loops, from their sums over `steps`.
json threadMeans(const std::vector<double>& sums, size_t steps) {
    json out = json::array();
    for (double ms : sums) out.push_back(steps > 0 ? ms / double(steps) : 0.0);
    return out;
}

/// Dynamic bodies asleep at the end.
int sleepingCount(const World& world) {
    int n = 0;
    for (BodyId id : world.bodyIds()) n += world.body(id).sleeping ? 1 : 0;
    return n;
}

json contactsJson(const World& world) {
    json out = json::array();
    for (const ContactManifoldInfo& m : world.contacts()) {
        if (m.pointCount == 0) continue;
        json points = json::array();
        for (int i = 0; i < m.pointCount; ++i) {
            const ContactPointInfo& p = m.points[i];
            points.push_back({{"position", vec(p.position)},
                              {"separation", p.separation},
                              {"featureId", p.featureId},
                              {"normalImpulse", p.normalImpulse},
                              {"tangentImpulse", json::array({p.tangentImpulse[0], p.tangentImpulse[1]})},
                              {"persisted", p.persisted},
                              {"sticking", p.clamp != ClampState::FrictionLimit}});
        }
        out.push_back({{"bodyA", world.body(m.bodyA).name},
                       {"bodyB", world.body(m.bodyB).name},
                       {"childA", m.childA},
                       {"childB", m.childB},
                       {"normal", vec(m.normal)},
                       {"sleeping", m.sleeping},
                       {"points", std::move(points)}});
    }
    return out;
}

/// The name of the body with this ordinal ("" when there is none).
std::string worstName(const World& world, uint32_t ordinal) {
    const std::vector<BodyId> ids = world.bodyIds();
    return ordinal < ids.size() ? world.body(ids[ordinal]).name : std::string();
}

/// Each fork's changes and how far it drifted from the main world: at the end, and the
/// first step a body was 1 mm apart (-1: never).
json forksJson(const Forks& forks) {
    json out = json::array();
    for (size_t i = 0; i < forks.size(); ++i) {
        const Fork& f = forks[i];
        const Divergence last = f.divergence.samples.empty() ? Divergence{} : f.divergence.samples.back();
        out.push_back({{"name", f.label},
                       {"set", f.changes},
                       {"firstStepApart", f.divergence.firstApart},
                       {"largestApart", last.largest},
                       {"meanApart", last.mean},
                       {"worstBody", worstName(f.world, last.worstBody)},
                       {"energyDifference", last.energyDifference},
                       {"hash", formatHash(f.world.stateHash())}});
    }
    return out;
}

struct Trace {
    std::string name;
    BodyId id;
    json position = json::array();
    json linearVelocity = json::array();
};

/// A .bullet import's unmapped items, one warning line each.
void printUnmapped(const std::string& path, const std::vector<std::string>& unmapped) {
    for (const std::string& note : unmapped) std::cerr << "tumble: " << path << ": not mapped: " << note << "\n";
}

} // namespace

int runImport(const std::string& bulletPath, const std::string& jsonPath) {
    const BulletImport imported = importBulletFile(bulletPath);
    if (!imported.ok()) {
        std::cerr << imported.error << "\n";
        return 2;
    }
    printUnmapped(bulletPath, imported.unmapped);
    std::ofstream out(jsonPath, std::ios::binary);
    if (!(out << imported.sceneText) || !out.flush()) {
        std::cerr << "tumble: --out " << jsonPath << ": cannot write the file\n";
        return 2;
    }
    return 0;
}

int runHeadless(const HeadlessOptions& o) {
    if (!o.compare.empty() && !isCompareEngine(o.compare)) {
        std::cerr << "tumble: --compare: unknown engine '" << o.compare << "' (choices: "
                  << kCompareEngines << ")\n";
        return 2;
    }
    std::vector<std::string> unmapped;
    SceneLoadResult loaded = loadWorldFile(o.scenePath, unmapped);
    if (!loaded.ok()) {
        std::cerr << loaded.errorText();
        return 2;
    }
    printUnmapped(o.scenePath, unmapped);
    SceneDef& scene = loaded.scene;
    for (const std::string& assignment : o.overrides) {
        std::string error = applySettingOverride(scene.settings, assignment);
        if (!error.empty()) {
            std::cerr << "tumble: --set " << assignment << ": " << error << "\n";
            return 2;
        }
    }
    if (std::string problem = stepsProblem(o.steps, 0); !problem.empty()) {
        std::cerr << "tumble: --steps: " << problem << "\n";
        return 2;
    }
    if (!o.bugReport.empty() &&
        (o.verifySteps < kMinVerifySteps || o.verifySteps > kMaxVerifySteps)) {
        std::cerr << "tumble: --verify-steps: must be in [" << kMinVerifySteps << ", "
                  << kMaxVerifySteps << "], got " << o.verifySteps << "\n";
        return 2;
    }
    if (o.probeStep < 0 || o.probeStep > o.steps) {
        std::cerr << "tumble: --solver-probe: must be a step in [1, " << o.steps << "] (--steps), got "
                  << o.probeStep << "\n";
        return 2;
    }
    World world = buildWorld(scene);
    json probe;
    // The scene's forks step with the world; the report says how far each drifted.
    Forks forks;
    if (const std::string error = forks.addSceneForks(scene, world); !error.empty()) {
        std::cerr << "tumble: " << o.scenePath << ": forks: " << error << "\n";
        return 2;
    }
    // The peer starts from the world as built (a snapshot's state included). A scene's Bullet
    // fork asks for the same run as --compare bullet.
    std::string peer = o.compare;
    bool sceneBulletFork = false; // kept in --snapshot-out, as the app keeps it
    for (const ForkDef& f : scene.forks)
        if (f.engine == "bullet") sceneBulletFork = true;
    if (sceneBulletFork && peer.empty()) peer = "bullet";
    std::unique_ptr<CompareRun> compare;
    if (!peer.empty()) {
        compare = std::make_unique<CompareRun>(peer, world);
        // Asked for on the command line, what does not map is said there too; a scene's own
        // Bullet fork lists it in the report only.
        if (!o.quiet && !o.compare.empty())
            for (const std::string& m : compare->unmapped())
                std::cerr << "tumble: warning: --compare " << peer << ": " << m << "\n";
    }

    std::vector<Trace> traces;
    for (const std::string& name : o.traceNames) {
        BodyId id = world.findBody(name);
        if (id.isNull()) {
            std::cerr << "tumble: --trace: no body named '" << name << "' in " << o.scenePath
                      << "\n";
            return 2;
        }
        traces.push_back({name, id});
    }

    ContactTally contactTally;
    std::vector<double> stepMs;
    stepMs.reserve(static_cast<size_t>(o.steps));
    std::vector<double> threadMs; // summed over the steps, per thread (Profile::threadBusy)
    float maxPenetration = 0.0f;
    long taken = 0, fallbackSteps = 0;
    int largestIsland = 0;
    for (; taken < o.steps && !world.hasNonFinite(); ++taken) {
        const bool probing = taken + 1 == o.probeStep;
        world.setSolverProbe(probing);
        auto t0 = std::chrono::steady_clock::now();
        world.step();
        auto t1 = std::chrono::steady_clock::now();
        forks.follow(world);
        contactTally.add(world);
        if (probing) probe = probeJson(world, world.solverProbe());
        stepMs.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
        const Profile& profile = world.profile();
        // Grown only: with threads 0 the count changes from step to step (World::threadChoice).
        threadMs.resize(
            std::max(threadMs.size(), std::min<size_t>(profile.threads, profile.threadBusy.size())),
            0.0);
        for (size_t k = 0; k < threadMs.size(); ++k) threadMs[k] += profile.threadBusy[k];
        if (compare) compare->step(world);
        maxPenetration = std::max(maxPenetration, world.counters().maxPenetration);
        const SolverStats& st = world.solverStats();
        if (st.fallbackIslands > 0) ++fallbackSteps;
        largestIsland = std::max(largestIsland, st.largestIslandRows);
        for (Trace& t : traces) {
            const Body& b = world.body(t.id);
            t.position.push_back(vec(b.position));
            t.linearVelocity.push_back(vec(b.linearVelocity));
        }
    }

    // The snapshot: the scene as it is now plus the state the next step reads.
    if (!o.snapshotOut.empty()) {
        std::ofstream file(o.snapshotOut, std::ios::binary);
        file << writeSnapshot(scene, world, &forks, sceneBulletFork);
        if (!file) {
            std::cerr << "tumble: --snapshot-out: cannot write " << o.snapshotOut << "\n";
            return 2;
        }
    }
    // A bug report of the final state, also (above all) when the run turned non-finite.
    if (!o.bugReport.empty()) {
        BugReportResult r = writeBugReport(o.bugReport, scene, world, scene.camera, o.verifySteps);
        if (!r.ok) {
            std::cerr << "tumble: --bug-report: " << r.error << "\n";
            return 2;
        }
        if (!o.quiet && o.reportPath != "-")
            std::printf("bug report: %s (hash %s after %d steps from step %llu; check it with "
                        "tumble --verify %s)\n",
                        r.folder.c_str(), formatHash(r.expectedHash).c_str(), r.verifySteps,
                        static_cast<unsigned long long>(world.stepCount()), r.folder.c_str());
    }

    double median = 0.0, mean = 0.0;
    if (!stepMs.empty()) {
        for (double ms : stepMs) mean += ms;
        mean /= stepMs.size();
        std::vector<double> sorted = stepMs;
        std::nth_element(sorted.begin(), sorted.begin() + sorted.size() / 2, sorted.end());
        median = sorted[sorted.size() / 2];
    }
    const Counters& c = world.counters();
    json report = {
        {"scene", scene.name.empty() ? o.scenePath : scene.name},
        {"sceneFile", o.scenePath},
        {"steps", taken},
        {"timestep", world.settings().timestep},
        {"settings", settingsToJson(world.settings())},
        {"bodies", bodiesJson(world)},
        {"stats",
         {{"msPerStepMedian", median},
          {"msPerStepMean", mean},
          {"threads", world.profile().threads},
          {"threadMsPerStepMean", threadMeans(threadMs, stepMs.size())},
          {"threadChoice", threadChoiceJson(world.threadChoice())},
          {"bodyCount", world.bodyCount()},
          {"contactCount", c.contacts},
          {"pairCount", c.pairs},
          {"pairsRemeasured", c.pairsRemeasured},
          {"pairsCulled", c.pairsCulled},
          {"sleepingBodyCount", sleepingCount(world)},
          {"sleepingContactCount", c.sleepingContacts},
          {"sleepingPairCount", c.sleepingPairs},
          {"maxPenetration", maxPenetration},
          {"maxPenetrationAtEnd", c.maxPenetration},
          {"kineticEnergy", world.kineticEnergy()},
          {"potentialEnergy", world.potentialEnergy()}}},
        {"hash", formatHash(world.stateHash())},
        {"events", eventsJson(world)},
        {"eventsDropped", world.droppedEvents()},
        {"contactEvents", contactTally.toJson(world)},
    };
    // The solver method and what it did; an exact method says how often an island was over
    // its row cap and fell back to PGS.
    const SolverMethodInfo& method = solverMethodOrDefault(world.settings().solver.method);
    json solver = {{"method", method.name}, {"label", method.label},
                   {"substeps", world.solverStats().substeps}};
    if (method.uses & kUsesExactRows) {
        solver["largestIslandRows"] = largestIsland;
        solver["exactMaxRows"] = world.settings().solver.exactMaxRows;
        solver["stepsWithPgsFallback"] = fallbackSteps;
    }
    if (method.name == "wide") {
        // The last step's constraint graph: colours, manifolds past the colour cap, lanes.
        solver["colours"] = world.solverStats().colours;
        solver["overflowManifolds"] = world.solverStats().overflowManifolds;
        solver["lanes"] = world.solverStats().lanes;
        solver["simdBuild"] = world.solverStats().simdBuild;
        solver["rowsInGroups"] = world.solverStats().rowsInGroups;
        solver["batches"] = world.solverStats().batches;
    }
    json profile = json::object();
    for (const ProfileStage& stage : profileStages()) profile[stage.name] = world.profile().*stage.member;
    solver["profileOfLastStepMs"] = std::move(profile);
    report["solver"] = std::move(solver);
    if (!traces.empty()) {
        json trace = json::object();
        for (Trace& t : traces)
            trace[t.name] = {{"position", std::move(t.position)},
                             {"linearVelocity", std::move(t.linearVelocity)}};
        report["trace"] = std::move(trace);
    }
    if (o.contacts) report["contacts"] = contactsJson(world);
    if (!probe.is_null()) report["solverProbe"] = std::move(probe);
    if (!forks.empty()) report["forks"] = forksJson(forks);
    if (compare) report["compare"] = compare->report(world);

    if (o.reportPath == "-") {
        std::cout << report.dump(2) << "\n";
    } else if (!o.reportPath.empty()) {
        std::ofstream file(o.reportPath);
        if (!file) {
            std::cerr << "tumble: --report: cannot write " << o.reportPath << "\n";
            return 2;
        }
        file << report.dump(2) << "\n";
    }
    if (o.summary && o.reportPath != "-") {
        std::printf("%s: %ld steps of %.4g s, %d bodies, method %s, %.3f ms/step (median), KE %.4g J, "
                    "PE %.4g J, hash %s\n",
                    o.scenePath.c_str(), taken, world.settings().timestep, world.bodyCount(),
                    std::string(method.name).c_str(), median, world.kineticEnergy(),
                    world.potentialEnergy(), formatHash(world.stateHash()).c_str());
        if (fallbackSteps > 0)
            std::printf("%s: %ld of %ld steps had an island solved by PGS instead of exactly (over "
                        "solver.exactMaxRows = %d rows, largest %d, or the pivoting did not converge)\n",
                        o.scenePath.c_str(), fallbackSteps, taken,
                        world.settings().solver.exactMaxRows, largestIsland);
        if (compare) std::printf("%s: %s\n", o.scenePath.c_str(), compare->summary().c_str());
    }
    if (const WorldEvent* stopped = world.firstNonFiniteEvent()) {
        // The event that stopped the run, not the first watchdog flag before it.
        const WorldEvent& e = *stopped;
        std::cerr << "tumble: " << o.scenePath << ": step " << e.step << ": body '" << e.bodyName
                  << "': " << e.what << "\n";
        return 3;
    }
    return 0;
}

} // namespace tumble::app
