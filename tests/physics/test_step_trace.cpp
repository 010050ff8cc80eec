// The step debugger's trace (tumble/step_trace.h): a traced step computes what an untraced
// one does for every method, the row methods visit every row of every pass in solve order,
// each visit sees the velocities the one before it left (Gauss-Seidel), and re-running a step
// traced (traceStep, "break inside it and resume") leaves the world bit for bit where it was.
#include "physics/joint_fixtures.h"
#include "physics/scenarios.h"

#include "tumble/solver_compare.h"
#include "tumble/solver_methods.h"

#include <gtest/gtest.h>

#include <map>
#include <string>

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

} // namespace

TEST(StepTrace, ATracedStepComputesWhatAnUntracedStepDoesForEveryMethod) {
    for (const SolverMethodInfo& m : solverMethods()) {
        auto run = [&](bool trace) {
            World w = pileAndChain(std::string(m.name));
            w.setStepTrace(trace);
            for (int i = 0; i < 40; ++i) w.step();
            if (trace) {
                EXPECT_FALSE(w.stepTrace().marks.empty()) << m.name;
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
        TraceStage::Relax,      TraceStage::IntegratePositions, TraceStage::CorrectPositions, TraceStage::Sleep};
    EXPECT_EQ(stages, expected);
    EXPECT_EQ(t.marks[4].visitsBefore, 36u) << "the first pass ends after its 36 rows";
}

TEST(StepTrace, EachVisitSeesTheVelocitiesTheVisitBeforeItLeft) {
    // Gauss-Seidel's defining property, on block Gauss-Seidel's manifold visits: a body's
    // velocity before a visit is its velocity after the last visit that touched it.
    World w = stackWorld("gaussSeidel", 5, 6);
    for (int i = 0; i < 20; ++i) w.step();
    w.settings().solver.warmStarting = false; // impulses that change: something to see
    w.settings().solver.shockPropagation = false; // the passes' impulses are the step's
    w.setStepTrace(true);
    w.step();
    const StepTrace& t = w.stepTrace();
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
    std::map<uint32_t, double> added;
    for (const TraceVisit& v : t.visits) added[v.source] += v.deltaNormal;
    for (const auto& [source, sum] : added) {
        const ContactManifoldInfo& m = w.contacts()[source];
        double final = 0.0;
        for (int i = 0; i < m.pointCount; ++i) final += m.points[i].normalImpulse;
        EXPECT_NEAR(sum, final, 1e-4 * (1.0 + final)) << "contact " << source;
    }
    const double weightImpulse = 5.0 * w.body(w.bodyIds()[1]).mass * 9.81 * w.settings().timestep;
    EXPECT_GT(added.begin()->second, 0.4 * weightImpulse);
    EXPECT_LT(added.begin()->second, weightImpulse) << "six cold passes do not carry all of it";
}

TEST(StepTrace, BreakingInsideARecordedStepAndResumingLeavesTheWorldBitForBit) {
    World w = stackWorld("pgs", 4, 10);
    hangChain(w, 3, {3.0f, 4.0f, 0.0f}, {1.0f, 0.0f, 0.0f});
    for (int i = 0; i < 30; ++i) w.step();
    const WorldState before = w.captureState();
    const Settings settings = w.settings();
    w.step();
    const uint64_t unbroken = w.stateHash();
    const TracedStep traced = traceStep(w, before, settings);
    EXPECT_TRUE(traced.replayMatched);
    EXPECT_EQ(w.stateHash(), unbroken);
    EXPECT_FALSE(w.stepTraceOn());
    EXPECT_EQ(traced.trace.step, 31u);
    EXPECT_FALSE(traced.trace.visits.empty());
    EXPECT_FALSE(traced.probe.iterations.empty());
    bool sawJoint = false;
    for (const TraceVisit& v : traced.trace.visits) sawJoint |= v.joint;
    EXPECT_TRUE(sawJoint);
    // And the world steps on exactly as it would have.
    World straight = stackWorld("pgs", 4, 10);
    hangChain(straight, 3, {3.0f, 4.0f, 0.0f}, {1.0f, 0.0f, 0.0f});
    for (int i = 0; i < 40; ++i) straight.step();
    for (int i = 0; i < 9; ++i) w.step();
    EXPECT_EQ(w.stateHash(), straight.stateHash());
}
