// The joints of issue 16 against closed forms, each under the row-solving families (PGS
// with and without blocks, TGS and soft step sub-stepping, XPBD by position): a hinge that
// counts its turns and stops at a limit beyond pi, an angle joint that keeps the rotation
// while the pair falls freely, a universal joint's Cardan speed ratio, a six-DOF joint's
// locked, limited, motor and spring axes, and a gear's ratio and invariant.
#include "physics/joint_fixtures.h"
#include "physics/scenarios.h"
#include "tumble/snapshot.h"

#include <gtest/gtest.h>

#include <glm/gtc/quaternion.hpp>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

using namespace tumble;
using namespace tumble::test;

namespace {

constexpr float kTwoPi = 2.0f * kPi;

class JointTypes : public ::testing::TestWithParam<std::string> {
protected:
    Settings settings(bool gravity = false) const {
        Settings s = noSleep();
        s.solver.method = GetParam();
        if (!gravity) s.gravity = glm::vec3(0.0f);
        return s;
    }
};

/// A bar hinged to the world at the origin about +Z, turned by a motor (or coasting).
HingedBar motorBar(const Settings& s, float speed, float lower, float upper) {
    JointDef def;
    def.name = "winch";
    def.motorEnabled = speed != 0.0f;
    def.motorSpeed = speed;
    def.maxMotorForce = 200.0f;
    def.limitEnabled = lower < upper;
    def.lowerLimit = lower;
    def.upperLimit = upper;
    return hingedBar(s, def);
}

/// The rotation (rad) from qA to qB, as one angle.
float rotationBetween(const glm::quat& qA, const glm::quat& qB) {
    const glm::quat d = glm::conjugate(qA) * qB;
    return 2.0f * std::atan2(glm::length(glm::vec3(d.x, d.y, d.z)), std::fabs(d.w));
}

} // namespace

// --- hinge, accumulated angle -----------------------------------------------------------------

TEST_P(JointTypes, HingeMotorDrivesPastPiAndStopsAtAnUpperLimitOfThreePi) {
    // 2 rad/s reaches 3 pi after 4.7 s; the limit holds it there while the motor pushes on.
    HingedBar h = motorBar(settings(), 2.0f, -kPi, 3.0f * kPi);
    float highest = 0.0f, lastLow = 1e9f, lastHigh = -1e9f;
    for (int i = 0; i < 420; ++i) {
        h.world.step();
        const float angle = h.world.joint(h.hinge).angle;
        highest = std::max(highest, angle);
        if (i >= 360) { // the last second: stopped at the limit
            lastLow = std::min(lastLow, angle);
            lastHigh = std::max(lastHigh, angle);
        }
    }
    EXPECT_NEAR(h.world.joint(h.hinge).angle, 3.0f * kPi, 0.02f);
    EXPECT_LT(highest, 3.0f * kPi + 0.02f);
    EXPECT_LT(lastHigh - lastLow, 0.01f) << "held still at the limit";
    // The bar itself points where 3 pi (one and a half turns) says: along -X.
    EXPECT_NEAR(std::cos(angleAboutZ(h.world.body(h.bar))), -1.0f, 1e-3f);
}

TEST_P(JointTypes, HingeAngleAfterTwoFullTurnsIsFourPiNotZero) {
    // The motor turns the bar at 2 rad/s for 6.5 s, past two whole turns. The joint's angle
    // is the bar's turn counted here step by step (the wrapped change of its direction added
    // up), not the wrapped angle, which would be back near 0.5 rad.
    HingedBar h = motorBar(settings(), 2.0f, 0.0f, 0.0f);
    double counted = 0.0;
    float previous = angleAboutZ(h.world.body(h.bar));
    for (int i = 0; i < 390; ++i) {
        h.world.step();
        const float now = angleAboutZ(h.world.body(h.bar));
        counted += std::remainder(double(now) - double(previous), 2.0 * kPi);
        previous = now;
    }
    EXPECT_GT(counted, 4.0 * kPi) << "two whole turns";
    EXPECT_NEAR(h.world.joint(h.hinge).angle, counted, 2e-3);
}

TEST_P(JointTypes, HingeTurnsSurviveCaptureAndRestoreBitForBit) {
    // The accumulated angle is state: a world restored past two turns stops at the same
    // limit, at the same step, with the same hash as the world that never stopped.
    HingedBar a = motorBar(settings(), 2.0f, -kPi, 3.0f * kPi);
    for (int i = 0; i < 300; ++i) a.world.step();
    const WorldState mid = a.world.captureState();
    ASSERT_GT(a.world.joint(a.hinge).angle, 2.0f * kPi) << "past the first full turn";
    HingedBar b = motorBar(settings(), 2.0f, -kPi, 3.0f * kPi);
    std::string error;
    ASSERT_TRUE(b.world.restoreState(mid, &error)) << error;
    EXPECT_EQ(b.world.joint(b.hinge).angle, a.world.joint(a.hinge).angle);
    for (int i = 0; i < 120; ++i) {
        a.world.step();
        b.world.step();
    }
    EXPECT_EQ(a.world.stateHash(), b.world.stateHash());
    EXPECT_NEAR(b.world.joint(b.hinge).angle, 3.0f * kPi, 0.02f);
}

// --- angle joint ------------------------------------------------------------------------------

TEST_P(JointTypes, AngleJointKeepsTheRotationWhileThePairFallsFreely) {
    // Two boxes 2 m apart, one spun about a tilted axis: the joint makes them share the spin
    // (no force, only torque), so each centre still falls on g t^2 / 2.
    World w(settings(true));
    const BodyId a = addBox(w, {0.0f, 50.0f, 0.0f}, glm::vec3(0.3f), "Wood");
    const BodyId b = addBox(w, {2.0f, 50.0f, 0.0f}, glm::vec3(0.2f, 0.4f, 0.3f), "Metal");
    JointDef def;
    def.type = JointType::Angle;
    def.bodyA = a;
    def.bodyB = b;
    join(w, def);
    w.setVelocity(a, glm::vec3(1.0f, 0.0f, 0.0f), glm::vec3(0.5f, 2.0f, -1.0f));
    const glm::quat start = glm::conjugate(w.body(a).orientation) * w.body(b).orientation;
    float worst = 0.0f;
    const float dt = w.settings().timestep;
    for (int n = 1; n <= 120; ++n) {
        w.step();
        const glm::quat now = glm::conjugate(w.body(a).orientation) * w.body(b).orientation;
        worst = std::max(worst, rotationBetween(start, now));
        const double t = n * double(dt);
        for (BodyId id : {a, b})
            EXPECT_NEAR(w.body(id).position.y, 50.0 - 0.5 * kGravity * t * t, 0.5 * kGravity * t * dt + 1e-3);
    }
    EXPECT_LT(worst, 1e-3f);
    EXPECT_NEAR(w.body(b).position.x, 2.0f, 1e-3f) << "B never pushed sideways";
    EXPECT_GT(glm::length(w.body(b).angularVelocity), 0.5f) << "B turns with A";
}

// --- universal joint --------------------------------------------------------------------------

TEST_P(JointTypes, UniversalJointDrivesItsShaftAtTheCardanRatio) {
    // Shaft 1 turns about X at 1 rad/s (hinge motor); shaft 2, hinged about a direction beta =
    // 30 degrees off X, is driven only through the cross. Its speed swings between cos beta
    // and 1 / cos beta of shaft 1's (omega2 / omega1 = cos b / (1 - sin^2 b cos^2 phi)), its
    // average is shaft 1's, and the arms stay square.
    World w(settings());
    const float beta = glm::radians(30.0f);
    const glm::vec3 s1(1, 0, 0), s2(std::cos(beta), std::sin(beta), 0.0f);
    const auto shaft = [&](const glm::vec3& centre, const glm::vec3& along) {
        BodyDef d;
        d.shape.type = ShapeType::Capsule;
        d.shape.radius = 0.05f;
        d.shape.halfHeight = 0.45f;
        d.position = centre;
        d.orientation = glm::rotation(glm::vec3(0, 1, 0), along);
        d.material = "Wood";
        return w.createBody(d);
    };
    const BodyId one = shaft(-0.5f * s1, s1), two = shaft(0.5f * s2, s2);
    JointDef h1;
    h1.type = JointType::Hinge;
    h1.bodyB = one;
    h1.anchor = -0.5f * s1;
    h1.axis = s1;
    h1.motorEnabled = true;
    h1.motorSpeed = 1.0f;
    h1.maxMotorForce = 1000.0f;
    const JointId hinge1 = join(w, h1);
    JointDef h2 = h1;
    h2.bodyB = two;
    h2.anchor = 0.5f * s2;
    h2.axis = s2;
    h2.motorEnabled = false;
    const JointId hinge2 = join(w, h2);
    JointDef u;
    u.type = JointType::Universal;
    u.bodyA = one;
    u.bodyB = two;
    u.anchor = glm::vec3(0.0f);
    u.axis = glm::vec3(0, 0, 1);
    u.axisB = glm::normalize(glm::cross(s2, glm::vec3(0, 0, 1)));
    const JointId cross = join(w, u);
    // The shafts' angles differ by at most max over phi of atan(tan phi / cos b) - phi,
    // at tan phi = sqrt(cos b): 0.0724 rad for 30 degrees; over whole turns they agree.
    const float c = std::cos(beta);
    const float phase = std::atan(std::sqrt(c) / c) - std::atan(std::sqrt(c));
    float lowest = 10.0f, highest = 0.0f, worstSquare = 0.0f, worstPhase = 0.0f;
    const int turn = static_cast<int>(std::lround(kTwoPi / w.settings().timestep));
    for (int i = 0; i < turn + 60; ++i) {
        w.step();
        worstPhase = std::max(worstPhase, std::fabs(w.joint(hinge2).angle - w.joint(hinge1).angle));
        if (i < 60) continue; // the motor is up to speed after a few steps
        const float ratio = glm::dot(w.body(two).angularVelocity, s2) / glm::dot(w.body(one).angularVelocity, s1);
        lowest = std::min(lowest, ratio);
        highest = std::max(highest, ratio);
        const JointInfo& j = w.joint(cross);
        const glm::vec3 armA = w.body(one).orientation * j.localAxisA;
        const glm::vec3 armB = w.body(two).orientation * j.localAxisB;
        worstSquare = std::max(worstSquare, std::fabs(glm::dot(armA, armB)));
    }
    EXPECT_NEAR(lowest, c, 0.02f * c);
    EXPECT_NEAR(highest, 1.0f / c, 0.02f / c);
    EXPECT_LT(worstSquare, 1e-3f);
    EXPECT_GT(w.joint(hinge1).angle, kTwoPi) << "more than one whole turn";
    EXPECT_NEAR(worstPhase, phase, 0.01f) << "the shafts agree but for the Cardan phase";
}

// --- six-DOF joint ----------------------------------------------------------------------------

namespace {

/// A 1 kg-ish box joined to the world by a six-DOF joint at its centre, frame x = world X
/// (y = the reference direction, z = x cross y); every axis locked unless `axes` says.
struct SixDofBox {
    World world;
    BodyId box;
    JointId joint;
};

SixDofBox sixDofBox(const Settings& s, const std::array<JointAxisDef, 6>& axes) {
    SixDofBox r{World(s), {}, {}};
    r.box = addBox(r.world, {0.0f, 2.0f, 0.0f}, glm::vec3(0.2f, 0.3f, 0.4f), "Wood");
    JointDef def;
    def.type = JointType::SixDof;
    def.bodyB = r.box;
    def.anchor = {0.0f, 2.0f, 0.0f};
    def.axis = {1.0f, 0.0f, 0.0f};
    def.axes = axes;
    r.joint = join(r.world, def);
    return r;
}

/// The frame's world axes (x, y, z) of a six-DOF joint to the world.
std::array<glm::vec3, 3> frameAxes(const JointInfo& j) {
    return {j.localAxisA, j.localRefA, glm::cross(j.localAxisA, j.localRefA)};
}

} // namespace

TEST_P(JointTypes, SixDofLockedAxesHoldAndALimitedOneStopsAtItsLimit) {
    // The frame's x is world X, so its y (the reference direction) is world Z and its z is
    // world -Y. That z is limited to [-0.2, 0.1]: gravity pulls the box down, along +z, onto
    // the upper limit. Kicked sideways and spun, the locked axes hold within 1 mm and 1 mrad.
    constexpr int vertical = 2;
    std::array<JointAxisDef, 6> axes{};
    axes[vertical].mode = JointAxisMode::Limited;
    axes[vertical].lower = -0.2f;
    axes[vertical].upper = 0.1f;
    SixDofBox r = sixDofBox(settings(true), axes);
    r.world.setVelocity(r.box, glm::vec3(1.0f, 0.0f, -1.0f), glm::vec3(2.0f, -1.0f, 3.0f));
    const std::array<glm::vec3, 3> e = frameAxes(r.world.joint(r.joint));
    ASSERT_NEAR(e[vertical].y, -1.0f, 1e-6f);
    float worstLinear = 0.0f, worstAngular = 0.0f;
    for (int i = 0; i < 120; ++i) {
        r.world.step();
        const Body& b = r.world.body(r.box);
        const glm::vec3 d = b.position - glm::vec3(0.0f, 2.0f, 0.0f);
        for (int k = 0; k < 3; ++k)
            if (k != vertical) worstLinear = std::max(worstLinear, std::fabs(glm::dot(d, e[k])));
        worstAngular = std::max(worstAngular, rotationBetween(glm::quat(1, 0, 0, 0), b.orientation));
    }
    EXPECT_LT(worstLinear, 1e-3f);
    EXPECT_LT(worstAngular, 1e-3f);
    const float travel = glm::dot(r.world.body(r.box).position - glm::vec3(0.0f, 2.0f, 0.0f), e[vertical]);
    EXPECT_NEAR(travel, 0.1f, 0.01f) << "resting on the upper limit";
    EXPECT_NEAR(r.world.joint(r.joint).coordinates[vertical], travel, 1e-3f);
}

TEST_P(JointTypes, SixDofMotorsReachTheirSpeeds) {
    // Twist about x driven at 3 rad/s (50 N m), slide along x at 0.5 m/s (100 N); after 1 s
    // both run at their speeds.
    std::array<JointAxisDef, 6> axes{};
    axes[0].mode = JointAxisMode::Free;
    axes[0].motorEnabled = true;
    axes[0].motorSpeed = 0.5f;
    axes[0].maxMotorForce = 100.0f;
    axes[3].mode = JointAxisMode::Free;
    axes[3].motorEnabled = true;
    axes[3].motorSpeed = 3.0f;
    axes[3].maxMotorForce = 50.0f;
    SixDofBox r = sixDofBox(settings(), axes);
    for (int i = 0; i < 60; ++i) r.world.step();
    const Body& b = r.world.body(r.box);
    EXPECT_NEAR(b.angularVelocity.x, 3.0f, 0.03f);
    EXPECT_NEAR(b.linearVelocity.x, 0.5f, 0.005f);
    EXPECT_LT(std::fabs(b.linearVelocity.y) + std::fabs(b.linearVelocity.z), 1e-3f);
}

TEST_P(JointTypes, SixDofSpringOscillatesAtItsFrequency) {
    // Free along x with an undamped 1 Hz spring to 0: kicked at 0.5 m/s it swings with a
    // period of 1 s, read from the upward zero crossings of x over three periods.
    std::array<JointAxisDef, 6> axes{};
    axes[0].mode = JointAxisMode::Free;
    axes[0].frequencyHz = 1.0f;
    axes[0].dampingRatio = 0.0f;
    SixDofBox r = sixDofBox(settings(), axes);
    r.world.setVelocity(r.box, glm::vec3(0.5f, 0.0f, 0.0f), glm::vec3(0.0f));
    const float dt = r.world.settings().timestep;
    std::vector<double> crossings;
    float previous = 0.0f, amplitude = 0.0f;
    for (int i = 1; i <= 240; ++i) {
        r.world.step();
        const float x = r.world.body(r.box).position.x;
        amplitude = std::max(amplitude, x);
        if (previous < 0.0f && x >= 0.0f) crossings.push_back((i - 1 + previous / (previous - x)) * dt);
        previous = x;
    }
    ASSERT_GE(crossings.size(), 3u);
    const double period = (crossings.back() - crossings.front()) / double(crossings.size() - 1);
    EXPECT_NEAR(period, 1.0, 0.02);
    EXPECT_NEAR(amplitude, 0.5f / kTwoPi, 0.2f * 0.5f / kTwoPi) << "v0 / omega";
}

// --- gear -------------------------------------------------------------------------------------

TEST_P(JointTypes, GearOfRatioTwoTurnsTheSecondWheelAtMinusHalfAndKeepsItsInvariant) {
    // Two discs hinged to the world about Z, geared with ratio 2: the motor turns A at 2 rad/s,
    // so B turns at -1 rad/s, and thetaA + 2 thetaB stays 0 through several turns of A.
    World w(settings());
    const auto wheel = [&](float x, float radius) {
        return addBox(w, {x, 0.0f, 0.0f}, glm::vec3(radius, radius, 0.05f), "Metal");
    };
    const BodyId a = wheel(0.0f, 0.5f), b = wheel(1.6f, 1.0f);
    JointDef h;
    h.type = JointType::Hinge;
    h.axis = {0, 0, 1};
    h.name = "a";
    h.bodyB = a;
    h.anchor = w.body(a).position;
    h.motorEnabled = true;
    h.motorSpeed = 2.0f;
    h.maxMotorForce = 500.0f;
    const JointId ha = join(w, h);
    h.name = "b";
    h.bodyB = b;
    h.anchor = w.body(b).position;
    h.motorEnabled = false;
    const JointId hb = join(w, h);
    JointDef g;
    g.type = JointType::Gear;
    g.hingeA = ha;
    g.hingeB = hb;
    g.ratio = 2.0f;
    join(w, g);
    float worst = 0.0f;
    for (int i = 0; i < 300; ++i) {
        w.step();
        worst = std::max(worst, std::fabs(w.joint(ha).angle + 2.0f * w.joint(hb).angle));
    }
    EXPECT_NEAR(w.body(a).angularVelocity.z, 2.0f, 0.02f);
    EXPECT_NEAR(w.body(b).angularVelocity.z, -1.0f, 0.01f);
    EXPECT_GT(w.joint(ha).angle, kTwoPi) << "A made more than a whole turn";
    EXPECT_LT(worst, 0.01f);
}

INSTANTIATE_TEST_SUITE_P(RowMethods, JointTypes,
                         ::testing::Values("gaussSeidel", "pgs", "softStep", "tgs", "xpbd"),
                         [](const ::testing::TestParamInfo<std::string>& p) { return p.param; });
