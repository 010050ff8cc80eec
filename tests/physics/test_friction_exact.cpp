// Coulomb friction against its closed forms, for every solver method and both friction models:
// a box spinning on its face, a box sliding at an angle to its edges.
#include "physics/contact_fixtures.h"
#include "tumble/solver_methods.h"

#include <gtest/gtest.h>

using namespace tumble;
using namespace tumble::test;

namespace {

constexpr float kMu = 0.5f;
constexpr float kG = 9.81f;
constexpr float kHalf = 0.5f; // the box's half extent a

struct Case {
    std::string method;
    FrictionModel model;
    float yaw; // rad, the box turned about the vertical against the friction basis
};

std::string caseName(const testing::TestParamInfo<Case>& info) {
    const int degrees = static_cast<int>(std::lround(info.param.yaw * 180.0f / kPi));
    return info.param.method + (info.param.model == FrictionModel::Cone ? "Cone" : "Pyramid") + "Yaw" +
           std::to_string(degrees);
}

std::vector<Case> everyCase() {
    std::vector<Case> cases;
    for (const SolverMethodInfo& m : solverMethods())
        for (FrictionModel model : {FrictionModel::Pyramid, FrictionModel::Cone})
            for (float yaw : {0.0f, 0.3f, kPi / 4.0f}) cases.push_back({std::string(m.name), model, yaw});
    return cases;
}

/// A 1 m box (mu_s = mu_d = 0.5, no bounce) settled on the ground, turned by `yaw`.
struct BoxOnGround {
    World world;
    BodyId box;
    explicit BoxOnGround(const Case& c) : world(settingsFor(c)) {
        addMaterial(world, "Grip", 0.0f, kMu, kMu);
        addGround(world, "Grip");
        box = addBox(world, {0.0f, kHalf, 0.0f}, glm::vec3(kHalf), "Grip",
                     glm::angleAxis(c.yaw, glm::vec3(0, 1, 0)));
        for (int i = 0; i < 30; ++i) world.step();
    }
    static Settings settingsFor(const Case& c) {
        Settings s = noSleep();
        s.solver.method = c.method;
        s.solver.frictionModel = c.model;
        return s;
    }
    float dt() const { return world.settings().timestep; }
};

class CoulombFriction : public testing::TestWithParam<Case> {};

// A box spinning about the vertical on its face. Its manifold is the face's four corners, each
// carrying m g / 4 at d = sqrt(2) a from the axis, and each braked by mu lambda_n against its
// own slip: tau = mu m g sqrt(2) a, and with I = m (2a)^2 / 6,
//   dw/dt = -tau / I = -1.5 sqrt(2) mu g / a   (20.8 rad/s^2 here).
// Measured after the first two steps: on the step it is set spinning, a corner that was held
// keeps its static friction (with the pyramid up to sqrt(2) mu lambda_n along the diagonals,
// the model's artifact), and the next step finds it sliding.
TEST_P(CoulombFriction, ASpinningBoxBrakesWithTheCoulombTorqueOfItsCorners) {
    BoxOnGround b(GetParam());
    b.world.setVelocity(b.box, glm::vec3(0.0f), {0.0f, 10.0f, 0.0f});
    b.world.step();
    b.world.step();
    const float w0 = b.world.body(b.box).angularVelocity.y;
    const int steps = 12;
    for (int i = 0; i < steps; ++i) b.world.step();
    const float rate = (w0 - b.world.body(b.box).angularVelocity.y) / (steps * b.dt());
    const float expected = 1.5f * std::sqrt(2.0f) * kMu * kG / kHalf;
    EXPECT_NEAR(rate, expected, 0.01f * expected);
    // The spin slowed without turning into a slide (its corners move at 7 m/s).
    EXPECT_LT(glm::length(b.world.body(b.box).linearVelocity), 0.05f);
}

// Sliding along (3, 0, 1) m/s, at an angle to the box's edges and to the friction basis:
// dv/dt = -mu_d g.
TEST_P(CoulombFriction, ASlidingBoxDeceleratesAtMuG) {
    BoxOnGround b(GetParam());
    b.world.setVelocity(b.box, {3.0f, 0.0f, 1.0f}, glm::vec3(0.0f));
    const float v0 = glm::length(b.world.body(b.box).linearVelocity);
    const int steps = 12;
    for (int i = 0; i < steps; ++i) b.world.step();
    const float rate = (v0 - glm::length(b.world.body(b.box).linearVelocity)) / (steps * b.dt());
    EXPECT_NEAR(rate, kMu * kG, 0.01f * kMu * kG);
}

INSTANTIATE_TEST_SUITE_P(EveryMethod, CoulombFriction, testing::ValuesIn(everyCase()), caseName);

} // namespace

namespace {

/// A ball of radius 0.5 (restitution 0.8 with the ground) whose surface starts `gap` above the
/// ground, moving down at `speed`, after one step: {height of its centre, vertical velocity}.
std::pair<float, float> landAndBounce(float gap, float speed, bool bullet, const std::string& method) {
    Settings s = noSleep();
    s.solver.method = method;
    World w(s);
    addMaterial(w, "Bouncy", 0.8f, 0.5f, 0.5f);
    addGround(w, "Bouncy");
    BodyDef d;
    d.shape.type = ShapeType::Sphere;
    d.shape.radius = 0.5f;
    d.position = {0.0f, 0.5f + gap, 0.0f};
    d.linearVelocity = {0.0f, -speed, 0.0f};
    d.material = "Bouncy";
    d.bullet = bullet;
    const BodyId ball = w.createBody(d);
    w.step();
    return {w.body(ball).position.y, w.body(ball).linearVelocity.y};
}

} // namespace

// A speculative contact reached within the step bounces in that step, at e times the speed it
// came with, rather than parking on the surface for a step. Where it ends depends on the
// method: a one-step method lands it on the surface and turns its velocity round after the
// positions (Box2D v3's restitution stage), XPBD's sub-steps bounce it at the moment of
// contact, so it has risen e v (dt - gap / v) by the step's end and gravity has taken up to
// g dt off its speed. Between those two, for every method.
TEST(SameStepBounce, ABallReachingTheGroundWithinTheStepLeavesItInThatStepAtEV) {
    const float e = 0.8f, dt = Settings{}.timestep, g = 9.81f;
    struct Drop {
        float gap, speed;
        bool bullet;
    };
    // At 60 m/s and at 5 m/s, 1 cm up, inside the 2 cm contact margin. (A bullet further up
    // is stopped at its time of impact instead, and bounces in the step after.)
    for (const Drop drop : {Drop{0.01f, 60.0f, false}, Drop{0.01f, 5.0f, false}}) {
        const float bounce = e * drop.speed;
        const float risen = bounce * (dt - drop.gap / drop.speed);
        for (const SolverMethodInfo& m : solverMethods()) {
            const std::string method(m.name);
            auto [y, v] = landAndBounce(drop.gap, drop.speed, drop.bullet, method);
            EXPECT_GE(y, 0.5f - 0.005f) << method << " at " << drop.speed << " m/s";
            EXPECT_LE(y, 0.5f + risen + 0.005f) << method << " at " << drop.speed << " m/s";
            EXPECT_LE(v, bounce * 1.005f) << method << " at " << drop.speed << " m/s";
            EXPECT_GE(v, (bounce - g * dt) * 0.995f) << method << " at " << drop.speed << " m/s";
        }
    }
}

namespace {

/// A 0.5 m ball (rolling resistance and torsional friction as given, both sides) resting on
/// the ground with velocities v, w; runs until it stops (or `seconds` pass).
struct BallOnGround {
    World world;
    BodyId ball;
    BallOnGround(const std::string& method, float rolling, float torsional)
        : world([&] {
              Settings s = noSleep();
              s.solver.method = method;
              return s;
          }()) {
        Material m;
        m.name = "Rubber";
        m.restitution = 0.0f;
        m.staticFriction = m.dynamicFriction = 0.8f;
        m.rollingResistance = rolling;
        m.torsionalFriction = torsional;
        world.setMaterial(m);
        addGround(world, "Rubber");
        ball = addSphere(world, {0.0f, 0.5f, 0.0f}, 0.5f, "Rubber");
        for (int i = 0; i < 10; ++i) world.step();
    }
};

constexpr float kRadius = 0.5f;

} // namespace

// A ball rolling at 2 m/s with rolling resistance c_r: the torque c_r m g against its roll
// slows it at a = 5/7 g c_r / R (energy: (m + I / R^2) v dv = -c_r m g v / R dt, I = 2/5 m R^2),
// so it stops after v^2 / 2a = 14.3 m for c_r = 1 cm. Every method but XPBD, whose
// position-level friction undoes two thirds of the torque (34 m in 20 s: a known limit).
TEST(RollingResistance, ARollingBallStopsAfterTheDistanceItsCoefficientGives) {
    const float cr = 0.01f, v0 = 2.0f;
    const float expected = v0 * v0 / (2.0f * 5.0f / 7.0f * kG * cr / kRadius);
    for (const SolverMethodInfo& m : solverMethods()) {
        if (m.name == "xpbd") continue;
        BallOnGround b(std::string(m.name), cr, 0.0f);
        const float x0 = b.world.body(b.ball).position.x;
        b.world.setVelocity(b.ball, {v0, 0.0f, 0.0f}, {0.0f, 0.0f, -v0 / kRadius});
        for (int i = 0; i < 20 * 60 && b.world.body(b.ball).linearVelocity.x > 1e-3f; ++i) b.world.step();
        const float travelled = b.world.body(b.ball).position.x - x0;
        EXPECT_NEAR(travelled, expected, 0.02f * expected) << m.name;
        EXPECT_LT(std::fabs(b.world.body(b.ball).linearVelocity.x), 0.01f) << m.name;
    }
}

// The rolling bound is this step's normal impulse times c_r, not last step's: with warm
// starting off last step's is zero, and the ball still stops where its coefficient says. (The
// wide method keeps its impulses in its groups; they must be back in the rows by then.)
TEST(RollingResistance, ItIsBoundByThisStepsNormalImpulseEvenWithWarmStartingOff) {
    const float cr = 0.01f, v0 = 2.0f;
    const float expected = v0 * v0 / (2.0f * 5.0f / 7.0f * kG * cr / kRadius);
    for (const char* method : {"gaussSeidel", "wide"}) {
        BallOnGround b(method, cr, 0.0f);
        b.world.settings().solver.warmStarting = false;
        const float x0 = b.world.body(b.ball).position.x;
        b.world.setVelocity(b.ball, {v0, 0.0f, 0.0f}, {0.0f, 0.0f, -v0 / kRadius});
        for (int i = 0; i < 20 * 60 && b.world.body(b.ball).linearVelocity.x > 1e-3f; ++i) b.world.step();
        EXPECT_NEAR(b.world.body(b.ball).position.x - x0, expected, 0.02f * expected) << method;
    }
}

// Without it (the default), the same ball rolls on at 2.000 m/s.
TEST(RollingResistance, WithoutItABallRollsOnForTenSeconds) {
    BallOnGround b("gaussSeidel", 0.0f, 0.0f);
    b.world.setVelocity(b.ball, {2.0f, 0.0f, 0.0f}, {0.0f, 0.0f, -2.0f / kRadius});
    for (int i = 0; i < 600; ++i) b.world.step();
    EXPECT_NEAR(b.world.body(b.ball).linearVelocity.x, 2.0f, 1e-3f);
}

// A ball spinning about the vertical on its one contact point: torsional friction c_t gives
// the torque c_t m g, so w falls at 5/2 g c_t / R^2 (0.98 rad/s^2 for c_t = 1 cm); without it
// the spin never slows.
TEST(TorsionalFriction, ABallSpinningOnTheSpotSlowsAtItsCoefficientsRate) {
    const float ct = 0.01f, seconds = 2.0f;
    const float expected = 2.5f * kG * ct / (kRadius * kRadius);
    for (const SolverMethodInfo& m : solverMethods()) {
        BallOnGround b(std::string(m.name), 0.0f, ct);
        b.world.setVelocity(b.ball, glm::vec3(0.0f), {0.0f, 10.0f, 0.0f});
        const int steps = static_cast<int>(seconds * 60.0f);
        for (int i = 0; i < steps; ++i) b.world.step();
        const float rate = (10.0f - b.world.body(b.ball).angularVelocity.y) / (steps * b.world.settings().timestep);
        EXPECT_NEAR(rate, expected, 0.01f * expected) << m.name;
    }
    BallOnGround free("gaussSeidel", 0.0f, 0.0f);
    free.world.setVelocity(free.ball, glm::vec3(0.0f), {0.0f, 10.0f, 0.0f});
    for (int i = 0; i < 120; ++i) free.world.step();
    EXPECT_NEAR(free.world.body(free.ball).angularVelocity.y, 10.0f, 1e-4f);
}
