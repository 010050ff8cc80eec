// The step debugger's trace (tumble/step_trace.h): a traced step computes what an untraced
// one does for every method, the row methods visit every row of every pass in solve order,
// each visit sees the velocities the one before it left (Gauss-Seidel, and within a sub-step
// the soft step and TGS, which visit every pass of every sub-step), Jacobi's visits all read
// the pass start and their shares add up to the pass, the visits' impulses add up to what the
// contacts store, and re-running a step traced (traceStep, "break inside it and resume")
// leaves the world bit for bit where it was.
#include "physics/joint_fixtures.h"
#include "physics/scenarios.h"

#include "tumble/solver_compare.h"
#include "tumble/solver_methods.h"

#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

using namespace tumble;
using namespace tumble::test;

namespace {

World stackWorld(const std::string& method, int boxes, int iterations) {
    Settings s = noSleep();
    s.solver.method = method;
    s.solver.velocityIterations = iterations;
    World w(s);
    addGround(w);
    addStack(w, boxes);
    return w;
}

/// Twenty steps of `w`, then one step traced cold: without the warm start every impulse starts
/// from zero, and without shock propagation the passes' impulses are the step's.
const StepTrace& coldTracedStep(World& w) {
    for (int i = 0; i < 20; ++i) w.step();
    w.settings().solver.warmStarting = false; // impulses that change: something to see
    w.settings().solver.shockPropagation = false;
    w.setStepTrace(true);
    w.step();
    return w.stepTrace();
}

/// Per contact, what the visits `take` accepts added to its normal rows, times `scale`,
/// against the normal impulse it ended the step with (started from zero, they must agree).
/// Returns the sums, by contact.
template <class Take>
std::map<uint32_t, double> expectVisitsAddUpToTheStoredImpulse(const World& w, double scale, Take take) {
    std::map<uint32_t, double> added;
    for (const TraceVisit& v : w.stepTrace().visits)
        if (!v.joint && take(v)) added[v.source] += scale * v.deltaNormal;
    for (const auto& [source, sum] : added) {
        const ContactManifoldInfo& m = w.contacts()[source];
        double stored = 0.0;
        for (int i = 0; i < m.pointCount; ++i) stored += m.points[i].normalImpulse;
        EXPECT_GT(sum, 0.0) << w.settings().solver.method << " contact " << source;
        EXPECT_NEAR(sum, stored, 1e-4 * (1.0 + stored)) << w.settings().solver.method << " contact " << source;
    }
    return added;
}

} // namespace

TEST(StepTrace, ATracedStepComputesWhatAnUntracedStepDoesForEveryMethod) {
    for (const SolverMethodInfo& m : solverMethods()) {
        auto run = [&](bool trace) {
            World w = pileAndChain(std::string(m.name));
            w.setStepTrace(trace);
            for (int i = 0; i < 40; ++i) w.step();
            if (trace) {
                EXPECT_FALSE(w.stepTrace().marks.empty()) << m.name;
                // Every method but the exact solvers (which pivot over all rows at once)
                // visits constraints; XPBD's position pass visits as projections of poses.
                const std::string name(m.name);
                const bool exact = name == "dantzig" || name == "lemke";
                size_t positional = 0;
                for (const TraceVisit& v : w.stepTrace().visits) positional += v.positional() ? 1 : 0;
                EXPECT_EQ(w.stepTrace().visits.empty(), exact) << m.name;
                EXPECT_EQ(positional > 0, name == "xpbd") << m.name;
                if (!exact) {
                    EXPECT_LT(positional, w.stepTrace().visits.size()) << m.name << ": velocity visits too";
                }
            }
            return w.stateHash();
        };
        EXPECT_EQ(run(false), run(true)) << m.name;
    }
}

TEST(StepTrace, PgsVisitsEveryRowOfEveryPassInSolveOrder) {
    World w = stackWorld("pgs", 3, 4);
    for (int i = 0; i < 20; ++i) w.step();
    w.setStepTrace(true);
    w.step();
    const StepTrace& t = w.stepTrace();
    EXPECT_EQ(t.method, "pgs");
    EXPECT_EQ(t.step, 21u);
    // Three boxes, four points each, three rows a point; four passes.
    ASSERT_EQ(t.visits.size(), 4u * 36u);
    for (size_t i = 0; i < t.visits.size(); ++i) EXPECT_EQ(t.visits[i].iteration, int(i / 36)) << i;
    std::vector<TraceStage> stages;
    for (const TraceMark& m : t.marks) stages.push_back(m.stage);
    const std::vector<TraceStage> expected = {
        TraceStage::BroadPhase, TraceStage::NarrowPhase, TraceStage::Prepare, TraceStage::WarmStart,
        TraceStage::Pass,       TraceStage::Pass,        TraceStage::Pass,    TraceStage::Pass,
        TraceStage::Relax,      TraceStage::IntegratePositions, TraceStage::CorrectPositions,
        TraceStage::Continuous, TraceStage::Sleep};
    EXPECT_EQ(stages, expected);
    EXPECT_EQ(t.marks[4].visitsBefore, 36u) << "the first pass ends after its 36 rows";
}

TEST(StepTrace, EachVisitSeesTheVelocitiesTheVisitBeforeItLeft) {
    // Gauss-Seidel's defining property, on block Gauss-Seidel's manifold visits: a body's
    // velocity before a visit is its velocity after the last visit that touched it.
    World w = stackWorld("gaussSeidel", 5, 6);
    const StepTrace& t = coldTracedStep(w);
    ASSERT_EQ(t.visits.size(), 6u * 5u);
    std::map<uint32_t, glm::vec3> last;
    int checked = 0;
    for (const TraceVisit& v : t.visits) {
        EXPECT_TRUE(v.wholeManifold);
        if (last.count(v.bodyA)) {
            EXPECT_EQ(last[v.bodyA], v.vA0);
            ++checked;
        }
        if (last.count(v.bodyB)) {
            EXPECT_EQ(last[v.bodyB], v.vB0);
            ++checked;
        }
        last[v.bodyA] = v.vA1;
        last[v.bodyB] = v.vB1;
    }
    EXPECT_GT(checked, 40);
    // Cold, the first pass pushes every contact up: the impulse travels up the stack.
    for (int i = 0; i < 5; ++i) EXPECT_GT(t.visits[i].deltaNormal, 0.0f) << "contact " << i;
    // Started from zero, what the visits added to each contact is the impulse it ends with.
    // The ground contact would need 5 m g dt to hold the stack; six cold passes get it only
    // part of the way (about half: the load travels one cube per pass), and never past it.
    const std::map<uint32_t, double> added =
        expectVisitsAddUpToTheStoredImpulse(w, 1.0, [](const TraceVisit&) { return true; });
    const double weightImpulse = 5.0 * w.body(w.bodyIds()[1]).mass * 9.81 * w.settings().timestep;
    EXPECT_GT(added.begin()->second, 0.4 * weightImpulse);
    EXPECT_LT(added.begin()->second, weightImpulse) << "six cold passes do not carry all of it";
}

TEST(StepTrace, BreakingInsideARecordedStepAndResumingLeavesTheWorldBitForBit) {
    // Row by row (PGS), simultaneous (Jacobi) and sub-stepped (soft step, TGS) visits.
    for (const char* method : {"pgs", "jacobi", "softStep", "tgs"}) {
        auto build = [&] {
            World w = stackWorld(method, 4, 10);
            hangChain(w, 3, {3.0f, 4.0f, 0.0f}, {1.0f, 0.0f, 0.0f});
            return w;
        };
        World w = build();
        for (int i = 0; i < 30; ++i) w.step();
        const WorldState before = w.captureState();
        const Settings settings = w.settings();
        w.step();
        const uint64_t unbroken = w.stateHash();
        const TracedStep traced = traceStep(w, before, settings);
        EXPECT_TRUE(traced.replayMatched) << method;
        EXPECT_EQ(w.stateHash(), unbroken) << method;
        EXPECT_FALSE(w.stepTraceOn()) << method;
        EXPECT_EQ(traced.trace.step, 31u) << method;
        EXPECT_FALSE(traced.probe.iterations.empty()) << method;
        bool sawJoint = false, sawContact = false;
        for (const TraceVisit& v : traced.trace.visits) sawJoint |= v.joint, sawContact |= !v.joint;
        EXPECT_TRUE(sawJoint) << method;
        EXPECT_TRUE(sawContact) << method;
        // And the world steps on exactly as it would have.
        World straight = build();
        for (int i = 0; i < 40; ++i) straight.step();
        for (int i = 0; i < 9; ++i) w.step();
        EXPECT_EQ(w.stateHash(), straight.stateHash()) << method;
    }
}

namespace {

/// Visits of one pass: [first, end) of the trace's visits.
struct PassVisits {
    int substep = 0, iteration = 0;
    size_t first = 0, end = 0;
};

/// The trace's visits cut into passes where (substep, iteration) changes.
std::vector<PassVisits> passesOf(const StepTrace& t) {
    std::vector<PassVisits> out;
    for (size_t i = 0; i < t.visits.size(); ++i) {
        const TraceVisit& v = t.visits[i];
        if (out.empty() || out.back().substep != v.substep || out.back().iteration != v.iteration)
            out.push_back({v.substep, v.iteration, i, i});
        out.back().end = i + 1;
    }
    return out;
}

size_t prepareCount(const StepTrace& t) {
    for (const TraceMark& m : t.marks)
        if (m.stage == TraceStage::Prepare) return static_cast<size_t>(m.count);
    return 0;
}

} // namespace

TEST(StepTrace, SoftStepAndTgsVisitEveryManifoldAndJointRowOfEveryPassOfEverySubStepInSolveOrder) {
    for (const char* method : {"softStep", "tgs"}) {
        const bool soft = std::string(method) == "softStep";
        World w = pileAndChain(method);
        w.settings().solver.substeps = 4;
        w.settings().solver.relaxIterations = 2;
        for (int i = 0; i < 20; ++i) w.step();
        w.setStepTrace(true);
        w.step();
        const StepTrace& t = w.stepTrace();
        const int passesPerSubstep = soft ? 3 : 1; // the solve, then the soft step's two relax passes
        const std::vector<PassVisits> passes = passesOf(t);
        ASSERT_EQ(passes.size(), size_t(4 * passesPerSubstep)) << method;
        // Every pass solves the joint rows, then every manifold, once each, in the same order:
        // as many visits as the rows prepared (contacts + joint rows).
        const size_t rows = prepareCount(t);
        ASSERT_GT(rows, 3u) << method;
        std::vector<std::pair<bool, uint32_t>> order;
        for (size_t i = passes[0].first; i < passes[0].end; ++i) order.emplace_back(t.visits[i].joint, t.visits[i].source);
        size_t contacts = 0;
        for (size_t k = 0; k < order.size(); ++k) {
            if (order[k].first) {
                EXPECT_EQ(contacts, 0u) << method << ": the joint rows come before the contacts";
            } else {
                ++contacts;
            }
        }
        EXPECT_EQ(contacts, 3u) << method << ": the stack's three manifolds";
        for (size_t p = 0; p < passes.size(); ++p) {
            EXPECT_EQ(passes[p].substep, int(p) / passesPerSubstep) << method << " pass " << p;
            EXPECT_EQ(passes[p].iteration, int(p) % passesPerSubstep) << method << " pass " << p;
            ASSERT_EQ(passes[p].end - passes[p].first, rows) << method << " pass " << p;
            for (size_t i = passes[p].first; i < passes[p].end; ++i) {
                const TraceVisit& v = t.visits[i];
                EXPECT_EQ(std::make_pair(v.joint, v.source), order[i - passes[p].first]) << method << " visit " << i;
                EXPECT_EQ(v.relax, passes[p].iteration > 0) << method << " visit " << i;
                EXPECT_FALSE(v.simultaneous);
                EXPECT_EQ(v.wholeManifold, !v.joint);
            }
        }
        // Each pass ends with its mark, right after its visits.
        size_t passMarks = 0;
        for (const TraceMark& m : t.marks) {
            if (m.stage != TraceStage::Pass) continue;
            ASSERT_LT(passMarks, passes.size()) << method;
            const PassVisits& p = passes[passMarks++];
            EXPECT_EQ(m.substep, p.substep) << method;
            EXPECT_EQ(m.iteration, p.iteration) << method;
            EXPECT_EQ(m.relax, p.iteration > 0) << method;
            EXPECT_EQ(m.visitsBefore, p.end) << method;
        }
        EXPECT_EQ(passMarks, passes.size()) << method;
    }
}

TEST(StepTrace, SubStepVisitsSeeWhatTheVisitBeforeLeftAndAddUpToTheStoredImpulse) {
    for (const char* method : {"softStep", "tgs"}) {
        World w = stackWorld(method, 5, 1);
        w.settings().solver.substeps = 4;
        w.settings().solver.restitutionThreshold = 100.0f; // no bounce after the sub-steps
        const StepTrace& t = coldTracedStep(w);
        // Within a sub-step (its solve and relax passes; moving the bodies leaves velocities
        // alone) a body's velocity before a visit is the one the last visit touching it left.
        std::map<uint32_t, std::pair<glm::vec3, glm::vec3>> last;
        int substep = -1, checked = 0;
        for (const TraceVisit& v : t.visits) {
            if (v.substep != substep) last.clear(), substep = v.substep;
            for (const auto& [body, v0, w0, v1, w1] : {std::tuple{v.bodyA, v.vA0, v.wA0, v.vA1, v.wA1},
                                                       std::tuple{v.bodyB, v.vB0, v.wB0, v.vB1, v.wB1}}) {
                if (auto it = last.find(body); it != last.end()) {
                    EXPECT_EQ(it->second.first, v0) << method << " body " << body;
                    EXPECT_EQ(it->second.second, w0) << method << " body " << body;
                    ++checked;
                }
                last[body] = {v1, w1};
            }
        }
        EXPECT_EQ(substep, 3) << method;
        // Each sub-step's pass hands every box above the first on from the contact below it
        // (4 a sub-step); the soft step's relax pass hands all five on again.
        EXPECT_GE(checked, 4 * 4) << method;
        // Cold, every sub-step's impulses start from zero: the last sub-step's visits add up to
        // what it ends with, which the cache stores times the sub-step count.
        const auto added =
            expectVisitsAddUpToTheStoredImpulse(w, 4.0, [](const TraceVisit& v) { return v.substep == 3; });
        EXPECT_EQ(added.size(), 5u) << method;
    }
}

TEST(StepTrace, JacobiVisitsAllReadThePassStartAndTheirSharesAddUpToWhatThePassChanged) {
    World w = stackWorld("jacobi", 4, 6);
    hangChain(w, 3, {3.0f, 4.0f, 0.0f}, {1.0f, 0.0f, 0.0f});
    const StepTrace& t = coldTracedStep(w);
    const std::vector<PassVisits> passes = passesOf(t);
    ASSERT_EQ(passes.size(), 6u);
    const size_t rows = prepareCount(t);
    bool sawJoint = false;
    // Per pass and body: the velocity every visit saw, and the sum of the visits' own shares.
    std::vector<std::map<uint32_t, glm::vec3>> start(passes.size()), shares(passes.size());
    std::vector<std::map<uint32_t, glm::vec3>> startW(passes.size()), sharesW(passes.size());
    for (size_t p = 0; p < passes.size(); ++p) {
        EXPECT_EQ(passes[p].end - passes[p].first, rows) << "every joint row and manifold, pass " << p;
        for (size_t i = passes[p].first; i < passes[p].end; ++i) {
            const TraceVisit& v = t.visits[i];
            EXPECT_TRUE(v.simultaneous);
            sawJoint |= v.joint;
            for (const auto& [body, v0, w0, v1, w1] : {std::tuple{v.bodyA, v.vA0, v.wA0, v.vA1, v.wA1},
                                                       std::tuple{v.bodyB, v.vB0, v.wB0, v.vB1, v.wB1}}) {
                if (start[p].count(body)) {
                    EXPECT_EQ(start[p][body], v0) << "pass " << p << " body " << body << ": the pass start";
                    EXPECT_EQ(startW[p][body], w0) << "pass " << p << " body " << body;
                }
                start[p][body] = v0, startW[p][body] = w0;
                shares[p][body] += v1 - v0;
                sharesW[p][body] += w1 - w0;
            }
        }
    }
    EXPECT_TRUE(sawJoint);
    // What pass p changed is the next pass's start minus its own: the shares add up to it.
    int checked = 0;
    for (size_t p = 0; p + 1 < passes.size(); ++p)
        for (const auto& [body, v0] : start[p]) {
            const glm::vec3 change = start[p + 1][body] - v0, changeW = startW[p + 1][body] - startW[p][body];
            for (int k = 0; k < 3; ++k) {
                EXPECT_NEAR(shares[p][body][k], change[k], 1e-5f * (1.0f + std::fabs(change[k]))) << "pass " << p << " body " << body;
                EXPECT_NEAR(sharesW[p][body][k], changeW[k], 1e-5f * (1.0f + std::fabs(changeW[k]))) << "pass " << p << " body " << body;
            }
            if (glm::length(change) > 1e-3f) ++checked;
        }
    EXPECT_GT(checked, 10) << "passes that moved bodies";
    // Started from zero, the visits' normal impulses add up to each contact's final impulse.
    EXPECT_EQ(expectVisitsAddUpToTheStoredImpulse(w, 1.0, [](const TraceVisit&) { return true; }).size(), 4u);
}
