// Joints against closed forms and conservation: the pendulum's small-angle period, a hanging
// chain that does not stretch, hinge limits and motors, Newton's cradle passing its momentum
// down the row, and jointed bodies that do not collide unless asked to.
#include "physics/joint_fixtures.h"
#include "physics/scenarios.h"

#include <gtest/gtest.h>

#include <glm/gtc/quaternion.hpp>
#include <glm/gtx/quaternion.hpp>

#include <algorithm>
#include <vector>

using namespace tumble;
using namespace tumble::test;

// --- pendulum ---------------------------------------------------------------------------------

TEST(Pendulum, SmallAnglePeriodIsTwoPiRootLOverGWithinTwoPercent) {
    const PendulumResult r = pendulum(noSleep());
    ASSERT_LT(r.worstLength, 0.01f) << "the bob left the circle of radius L: is the joint solved?";
    ASSERT_GE(r.crossings, 6u) << "fewer than three periods";
    const double expected = 2.0 * kPi * std::sqrt(2.0 / kGravity); // 2.837 s
    EXPECT_NEAR(r.period, expected, 0.02 * expected);
}

// --- chain ------------------------------------------------------------------------------------

TEST(Chain, ThirtyHangingLinksStayJoinedWithinOneCentimetreAfterTenSeconds) {
    // 30 links, 9 m, hanging from the world: the top joint carries 30 links' weight. With the
    // default settings (10 velocity iterations for a chain 30 joints long) the solve is far
    // from converged each step; position correction must keep every joint's two anchors
    // within 1 cm regardless.
    World w(noSleep());
    const std::vector<JointId> joints = hangChain(w, 30, {0.0f, 10.0f, 0.0f}, {0.0f, -1.0f, 0.0f});
    for (int i = 0; i < 600; ++i) w.step();
    EXPECT_LT(worstSeparation(w, joints), 0.01f);
}

TEST(Chain, SwingingChainStaysJoinedAndMoreIterationsTightenIt) {
    // The same chain let go 30 degrees from the vertical swings and whips for 10 s. The
    // joints must hold throughout: within 4 cm at the default 10 velocity iterations (the
    // worst gap is about 2.7 cm, in the first second), and three times the iterations must at
    // least halve the worst gap, since the iterations are what pass the load along the chain.
    auto worstGap = [](int iterations) {
        Settings s = noSleep();
        s.solver.velocityIterations = iterations;
        World w(s);
        const glm::vec3 down(0.5f, -0.5f * std::sqrt(3.0f), 0.0f);
        const std::vector<JointId> joints = hangChain(w, 30, {0.0f, 10.0f, 0.0f}, down);
        float worst = 0.0f;
        for (int i = 0; i < 600; ++i) {
            w.step();
            worst = std::max(worst, worstSeparation(w, joints));
        }
        return worst;
    };
    const float gap10 = worstGap(10), gap30 = worstGap(30);
    EXPECT_LT(gap10, 0.04f);
    EXPECT_LT(gap30, 0.5f * gap10);
}

// --- hinge ------------------------------------------------------------------------------------

TEST(Hinge, LimitsHoldABarThatGravityPullsPastThem) {
    // The bar hangs from its hinge horizontally; gravity would swing it down to -pi/2. With
    // limits [-0.5, 0.5] rad it must come to rest on the lower limit, never more than 0.02 rad
    // past it, while its end stays on the hinge.
    JointDef def;
    def.limitEnabled = true;
    def.lowerLimit = -0.5f;
    def.upperLimit = 0.5f;
    HingedBar h = hingedBar(noSleep(), def);
    float lowest = 0.0f;
    for (int i = 0; i < 180; ++i) {
        h.world.step();
        lowest = std::min(lowest, angleAboutZ(h.world.body(h.bar)));
        ASSERT_LT(anchorSeparation(h.world, h.hinge), 0.01f) << "step " << i;
    }
    EXPECT_GE(lowest, -0.5f - 0.02f);
    EXPECT_NEAR(angleAboutZ(h.world.body(h.bar)), -0.5f, 0.02f) << "resting on the lower limit";
    EXPECT_NEAR(h.world.joint(h.hinge).angle, -0.5f, 0.02f) << "JointInfo::angle reports the same angle";
}

TEST(Hinge, MotorWithEnoughTorqueReachesItsSpeedWithinOneSecond) {
    // Without gravity the motor turns the bar about the hinge. The 12 kg metal bar has
    // I = m (L^2 / 3 + w^2 / 12) = 4.0 kg m^2 about its end: 50 N m gives 12.5 rad/s^2, so
    // the asked 3 rad/s is reached after 0.24 s and held.
    Settings s = noSleep();
    s.gravity = glm::vec3(0.0f);
    JointDef def;
    def.motorEnabled = true;
    def.motorSpeed = 3.0f;
    def.maxMotorForce = 50.0f;
    HingedBar h = hingedBar(s, def);
    for (int i = 0; i < 60; ++i) h.world.step();
    EXPECT_NEAR(h.world.body(h.bar).angularVelocity.z, 3.0f, 0.03f);
}

TEST(Hinge, TorqueLimitedMotorAcceleratesAtMaxTorqueOverInertiaAndFallsShort) {
    // With maxTorque 0.2 N m the bar (I = 4.0 kg m^2 about the hinge) gains only
    // tau t / I = 0.05 rad/s in 1 s, far below the 3 rad/s asked for.
    Settings s = noSleep();
    s.gravity = glm::vec3(0.0f);
    JointDef def;
    def.motorEnabled = true;
    def.motorSpeed = 3.0f;
    def.maxMotorForce = 0.2f;
    HingedBar h = hingedBar(s, def);
    const Body& bar = h.world.body(h.bar);
    const float inertia = bar.mass * (1.0f / 3.0f + 0.01f / 12.0f);
    for (int i = 0; i < 60; ++i) h.world.step();
    const float omega = h.world.body(h.bar).angularVelocity.z;
    EXPECT_LT(omega, 0.5f * 3.0f);
    EXPECT_NEAR(omega, 0.2f * 1.0f / inertia, 0.05f * 0.2f / inertia);
}

// --- Newton's cradle --------------------------------------------------------------------------

TEST(NewtonsCradle, LastBallLeavesWithTheFirstBallsSpeedAndTheMiddleOnesStayStill) {
    // Equal masses in an elastic row pass the momentum along: the last ball leaves with
    // (nearly) the first's speed and the middle three barely move (scenarios.h).
    const CradleResult c = newtonsCradle(noSleep());
    ASSERT_TRUE(c.out) << "the last ball never left";
    EXPECT_NEAR(c.firstBefore, c.vImpact, 0.05f * c.vImpact) << "the swing down";
    EXPECT_GE(c.lastAfter, 0.9f * c.firstBefore);
    EXPECT_LT(c.middleWorst, 0.1f * c.firstBefore);
}

// --- collideConnected -------------------------------------------------------------------------

TEST(CollideConnected, JoinedBodiesDoNotCollideUnlessAskedTo) {
    // Two boxes overlapping by half their width, joined by a ball socket at the middle of the
    // overlap. With collideConnected off the pair has no touching manifold; with it on, the
    // narrow phase reports their overlap as usual.
    auto touchingPoints = [](bool collideConnected) {
        Settings s = noSleep();
        s.gravity = glm::vec3(0.0f);
        World w(s);
        BodyId a = addBox(w, {0.0f, 0.0f, 0.0f});
        BodyId b = addBox(w, {0.5f, 0.0f, 0.0f});
        JointDef def;
        def.type = JointType::BallSocket;
        def.bodyA = a;
        def.bodyB = b;
        def.anchor = {0.25f, 0.0f, 0.0f};
        def.collideConnected = collideConnected;
        join(w, def);
        w.step();
        int points = 0;
        for (const ContactManifoldInfo& m : w.contacts())
            if ((m.bodyA == a && m.bodyB == b) || (m.bodyA == b && m.bodyB == a)) points += m.pointCount;
        return points;
    };
    EXPECT_EQ(touchingPoints(false), 0);
    EXPECT_GT(touchingPoints(true), 0);
}
