// The step debugger inside XPBD (tumble/step_trace.h, solver/xpbd_trace.cpp): every sub-step's
// position pass visits each joint's and each manifold's projection in solve order, each
// starting from the poses the one before it left, the last leaving each body where the step
// ends; a projection moves a body by XPBD's compliant update, dx = -C w / (w + alpha / h^2);
// the velocity pass visits restitution, friction and motors with velocities that chain; the
// visits' impulses add up to what the contacts store; tracing changes nothing.
#include "physics/joint_fixtures.h"

#include "tumble/solver_methods.h"

#include <gtest/gtest.h>

#include <map>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

using namespace tumble;
using namespace tumble::test;

namespace {

constexpr int kSubsteps = 4;
constexpr float kGravity = 9.81f;

Settings xpbdSettings() {
    Settings s = noSleep();
    s.solver.method = "xpbd";
    s.solver.substeps = kSubsteps;
    return s;
}

/// A unit box (half extent 0.5) on the ground, its bottom `depth` m below the surface.
struct BoxOnGround {
    World world;
    BodyId box;
};

BoxOnGround boxOnGround(const Settings& s, float depth) {
    BoxOnGround b{World(s), {}};
    addGround(b.world);
    b.box = addBox(b.world, {0.0f, 0.5f - depth, 0.0f});
    return b;
}

float subStep(const World& w) {
    return w.settings().timestep / static_cast<float>(w.settings().solver.substeps);
}

struct Pose {
    glm::vec3 x{0.0f};
    glm::quat q{1, 0, 0, 0};
};

/// Checks a traced XPBD step's visits in order: sub-steps and passes ascending, the position
/// pass (iteration 0) before the velocity pass (1) in each sub-step; within a sub-step a body's
/// pose before a projection is the pose after the last projection that moved it, and within a
/// velocity pass its velocity before a visit the velocity after the last visit. Each sub-step
/// has `projections` projections and each pass ends with its mark. Returns the bodies' poses
/// after the last sub-step's last projection touching them, and counts the links checked.
std::map<uint32_t, Pose> checkXpbdVisits(const StepTrace& t, size_t projections, int& checked) {
    std::map<uint32_t, Pose> lastPose;
    std::map<uint32_t, std::pair<glm::vec3, glm::vec3>> lastVelocity;
    std::vector<size_t> projectionsBySubstep(kSubsteps, 0);
    std::vector<size_t> passEnds; // visit index past each (sub-step, pass)
    int substep = 0, iteration = 0;
    for (size_t i = 0; i < t.visits.size(); ++i) {
        const TraceVisit& v = t.visits[i];
        EXPECT_GE(std::make_pair(v.substep, v.iteration), std::make_pair(substep, iteration)) << "visit " << i;
        if (v.substep != substep || v.iteration != iteration) {
            passEnds.push_back(i);
            if (v.substep != substep) lastPose.clear();
            lastVelocity.clear();
            substep = v.substep, iteration = v.iteration;
        }
        EXPECT_EQ(v.iteration, v.positional() || v.xpbd == XpbdVisit::Spring ? 0 : 1) << "visit " << i;
        EXPECT_NE(v.xpbd, XpbdVisit::None) << "visit " << i;
        if (v.positional()) {
            ++projectionsBySubstep.at(static_cast<size_t>(v.substep));
            for (const auto& [body, x0, q0, x1, q1] :
                 {std::tuple{v.bodyA, v.xA0, v.qA0, v.xA1, v.qA1}, std::tuple{v.bodyB, v.xB0, v.qB0, v.xB1, v.qB1}}) {
                if (auto it = lastPose.find(body); it != lastPose.end()) {
                    EXPECT_EQ(it->second.x, x0) << "visit " << i << " body " << body;
                    EXPECT_EQ(it->second.q, q0) << "visit " << i << " body " << body;
                    if (x1 != x0) ++checked; // a link of the chain between two moves
                }
                lastPose[body] = {x1, q1};
            }
        } else {
            for (const auto& [body, v0, w0, v1, w1] :
                 {std::tuple{v.bodyA, v.vA0, v.wA0, v.vA1, v.wA1}, std::tuple{v.bodyB, v.vB0, v.wB0, v.vB1, v.wB1}}) {
                if (auto it = lastVelocity.find(body); it != lastVelocity.end()) {
                    EXPECT_EQ(it->second.first, v0) << "visit " << i << " body " << body;
                    EXPECT_EQ(it->second.second, w0) << "visit " << i << " body " << body;
                }
                lastVelocity[body] = {v1, w1};
            }
        }
    }
    passEnds.push_back(t.visits.size());
    for (int s = 0; s < kSubsteps; ++s) EXPECT_EQ(projectionsBySubstep[size_t(s)], projections) << "sub-step " << s;
    // Two pass marks a sub-step (position pass, velocity pass), each right after its visits.
    std::vector<std::tuple<int, int, size_t>> marks;
    for (const TraceMark& m : t.marks)
        if (m.stage == TraceStage::Pass) marks.emplace_back(m.substep, m.iteration, m.visitsBefore);
    EXPECT_EQ(marks.size(), size_t(2 * kSubsteps));
    EXPECT_EQ(passEnds.size(), size_t(2 * kSubsteps)) << "every pass visits something";
    for (size_t k = 0; k < marks.size() && k < passEnds.size(); ++k) {
        EXPECT_EQ(std::get<0>(marks[k]), int(k) / 2);
        EXPECT_EQ(std::get<1>(marks[k]), int(k) % 2);
        EXPECT_EQ(std::get<2>(marks[k]), passEnds[k]) << "pass " << k;
    }
    return lastPose;
}

/// The poses the last projections left are the bodies' poses at the end of the step (nothing
/// moves them after the last sub-step's position pass).
void expectTheStepEndsWhereTheProjectionsLeft(const World& w, const std::map<uint32_t, Pose>& last) {
    int dynamic = 0;
    for (BodyId id : w.bodyIds()) {
        const Body& b = w.body(id);
        const auto it = last.find(id.index);
        if (b.invMass == 0.0f || it == last.end()) continue;
        EXPECT_EQ(it->second.x, b.position) << "body " << id.index;
        EXPECT_EQ(it->second.q, b.orientation) << "body " << id.index;
        ++dynamic;
    }
    EXPECT_GT(dynamic, 0);
}

} // namespace

TEST(StepTraceXpbd, AProjectionStartsFromThePosesTheOneBeforeLeftAndTheLastLeavesTheStepsPoses) {
    // A box resting on the ground: one projection a sub-step. Rigid (compliance 0), the drift
    // presses it g h^2 into the ground from rest and the projection lifts it by exactly that.
    BoxOnGround resting = boxOnGround(xpbdSettings(), 0.0f);
    World& w = resting.world;
    for (int i = 0; i < 60; ++i) w.step();
    w.setStepTrace(true);
    w.step();
    const StepTrace& t = w.stepTrace();
    ASSERT_FALSE(t.visits.empty());
    int checked = 0;
    const std::map<uint32_t, Pose> last = checkXpbdVisits(t, 1, checked);
    expectTheStepEndsWhereTheProjectionsLeft(w, last);
    const float h = subStep(w);
    int projections = 0;
    for (const TraceVisit& v : t.visits) {
        if (!v.positional()) continue;
        ++projections;
        const bool boxIsB = v.bodyB == resting.box.index;
        const glm::vec3 dx = boxIsB ? v.xB1 - v.xB0 : v.xA1 - v.xA0;
        EXPECT_NEAR(v.errorBefore, -kGravity * h * h, 2e-6f) << "sub-step " << v.substep;
        EXPECT_NEAR(dx.y, -v.errorBefore, 1e-6f) << "sub-step " << v.substep;
        // The box's weight over the sub-step, m g h, as a position impulse m g h^2 (kg m).
        const float m = w.body(resting.box).mass;
        EXPECT_NEAR(v.deltaLambda, m * kGravity * h * h, 1e-3f * m * kGravity * h * h);
        EXPECT_NEAR(v.deltaNormal, v.deltaLambda / h, 1e-6f * v.deltaNormal);
    }
    EXPECT_EQ(projections, kSubsteps);

    // A pile of three boxes and a four-link chain: the chain's joints, then the three
    // manifolds, every sub-step; bodies are moved by several projections each.
    World pile = pileAndChain("xpbd");
    pile.settings().solver.substeps = kSubsteps;
    for (int i = 0; i < 20; ++i) pile.step();
    pile.setStepTrace(true);
    pile.step();
    checked = 0;
    const std::map<uint32_t, Pose> pileLast = checkXpbdVisits(pile.stepTrace(), 4 + 3, checked);
    expectTheStepEndsWhereTheProjectionsLeft(pile, pileLast);
    // Each sub-step: the middle links are moved by two joints each, the two lower boxes by
    // two manifolds each.
    EXPECT_GE(checked, kSubsteps * 5);
    bool jointFirst = true, sawContact = false;
    for (const TraceVisit& v : pile.stepTrace().visits) {
        if (!v.positional() || v.substep != 0) continue;
        if (!v.joint) sawContact = true;
        else jointFirst = jointFirst && !sawContact;
    }
    EXPECT_TRUE(jointFirst) << "joints are projected before contacts";
}

TEST(StepTraceXpbd, APenetratingBoxIsMovedOutAlongTheNormalByTheCompliantProjection) {
    // 4 mm into the ground at rest, with a compliance that makes alpha / h^2 = w = 1 / m:
    // the first projection takes out dx = -C w / (w + alpha / h^2) = -C / 2.
    const float depth = 0.004f;
    Settings s = xpbdSettings();
    BoxOnGround probe = boxOnGround(s, depth);
    const float m = probe.world.body(probe.box).mass;
    const float h = s.timestep / float(kSubsteps);
    const float w = 1.0f / m;
    s.solver.compliance = h * h / m;
    BoxOnGround b = boxOnGround(s, depth);
    b.world.setStepTrace(true);
    b.world.step();
    const StepTrace& t = b.world.stepTrace();
    ASSERT_FALSE(t.visits.empty());
    const TraceVisit& v = t.visits.front();
    ASSERT_TRUE(v.positional());
    EXPECT_EQ(v.substep, 0);
    EXPECT_EQ(v.iteration, 0);
    EXPECT_TRUE(v.wholeManifold);
    ASSERT_TRUE(v.bodyA == b.box.index || v.bodyB == b.box.index);
    const bool boxIsB = v.bodyB == b.box.index;
    // Before: the spawn depth plus what the first drift pressed in, g h^2.
    EXPECT_LT(v.errorBefore, 0.0f) << "penetrating";
    EXPECT_NEAR(v.errorBefore, -(depth + kGravity * h * h), 1e-5f);
    const float alphaTilde = s.solver.compliance / (h * h);
    EXPECT_NEAR(v.complianceTilde, 4.0f * alphaTilde, 1e-6f * v.complianceTilde) << "per point: the pair's times 4";
    const glm::vec3 dx = boxIsB ? v.xB1 - v.xB0 : v.xA1 - v.xA0;
    const glm::quat q0 = boxIsB ? v.qB0 : v.qA0, q1 = boxIsB ? v.qB1 : v.qA1;
    const float expected = -v.errorBefore * w / (w + alphaTilde);
    EXPECT_NEAR(dx.y, expected, 1e-5f);
    EXPECT_NEAR(dx.y, -0.5f * v.errorBefore, 1e-5f);
    EXPECT_NEAR(dx.x, 0.0f, 1e-6f);
    EXPECT_NEAR(dx.z, 0.0f, 1e-6f);
    EXPECT_NEAR(std::fabs(glm::dot(q0, q1)), 1.0f, 1e-6f) << "straight out, not turned";
    // The multiplier: the box moved dx = dlambda w along n.
    EXPECT_NEAR(v.deltaLambda, dx.y / w, 1e-4f * v.deltaLambda);
    // The ground does not move.
    const glm::vec3 groundMove = boxIsB ? v.xA1 - v.xA0 : v.xB1 - v.xB0;
    EXPECT_EQ(groundMove, glm::vec3(0.0f));
}

TEST(StepTraceXpbd, ProjectionAndRestitutionImpulsesAddUpToTheStoredContactImpulse) {
    // XPBD starts every step from zero (no warm start): over the step, each contact's
    // projections (dlambda / h, N s) and restitution visits add up to the impulse it stores.
    World w = pileAndChain("xpbd");
    w.settings().solver.substeps = kSubsteps;
    for (int i = 0; i < 20; ++i) w.step();
    w.setStepTrace(true);
    w.step();
    std::map<uint32_t, double> added;
    for (const TraceVisit& v : w.stepTrace().visits)
        if (!v.joint) added[v.source] += v.deltaNormal;
    ASSERT_EQ(added.size(), 3u);
    for (const auto& [source, sum] : added) {
        const ContactManifoldInfo& m = w.contacts()[source];
        double stored = 0.0;
        for (int i = 0; i < m.pointCount; ++i) stored += m.points[i].normalImpulse;
        EXPECT_GT(sum, 0.0) << "contact " << source;
        EXPECT_NEAR(sum, stored, 1e-4 * (1.0 + stored)) << "contact " << source;
    }
    // The ground holds the three boxes: about 3 m g dt.
    const double weight = 3.0 * w.body(w.bodyIds()[1]).mass * kGravity * w.settings().timestep;
    EXPECT_NEAR(added.begin()->second, weight, 1e-4 * weight);
}

TEST(StepTraceXpbd, SpringsAndMotorsAreVisitedAndTracingThemChangesNothing) {
    // A motor-driven hinged bar and a box on a distance spring from the world.
    auto build = [] {
        JointDef hinge;
        hinge.motorEnabled = true;
        hinge.motorSpeed = 2.0f;
        hinge.maxMotorForce = 5.0f;
        HingedBar bar = hingedBar(xpbdSettings(), hinge);
        const BodyId hanging = addBox(bar.world, {3.0f, 1.0f, 0.0f}, glm::vec3(0.2f));
        JointDef spring;
        spring.type = JointType::Distance;
        spring.bodyB = hanging;
        spring.anchor = {3.0f, 2.0f, 0.0f};
        spring.anchorB = {3.0f, 1.2f, 0.0f};
        spring.hasAnchorB = true;
        spring.length = 0.5f; // stretched: it pulls
        spring.frequencyHz = 2.0f;
        join(bar.world, spring);
        return bar;
    };
    auto run = [&](bool trace) {
        HingedBar bar = build();
        bar.world.setStepTrace(trace);
        std::map<XpbdVisit, int> parts;
        for (int i = 0; i < 30; ++i) {
            bar.world.step();
            if (!trace) continue;
            const float h = subStep(bar.world);
            for (const TraceVisit& v : bar.world.stepTrace().visits) {
                ++parts[v.xpbd];
                if (v.xpbd == XpbdVisit::Motor) {
                    EXPECT_LE(std::fabs(v.deltaJoint), 5.0f * h * 1.0001f) << "max torque x h";
                }
            }
        }
        if (trace) {
            EXPECT_GT(parts[XpbdVisit::Spring], 0);
            EXPECT_GT(parts[XpbdVisit::Motor], 0);
            EXPECT_GT(parts[XpbdVisit::Projection], 0);
        }
        return bar.world.stateHash();
    };
    EXPECT_EQ(run(false), run(true));
}
