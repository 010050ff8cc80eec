// Toggles whose effect a user sees: bullets, sleeping, the friction model, dt changes.
#include "physics/contact_fixtures.h"

#include <gtest/gtest.h>

using namespace tumble;
using namespace tumble::test;

namespace {
/// x of a 0.1 m sphere shot at 100 m/s at a 5 cm wall at x = 5, after 0.5 s.
float shootAtWall(bool bullet) {
    Settings s = noSleep();
    s.gravity = glm::vec3(0.0f);
    World w(s);
    BodyDef wall;
    wall.type = BodyType::Static;
    wall.shape.type = ShapeType::Box;
    wall.shape.halfExtents = {0.025f, 2.0f, 2.0f};
    wall.position = {5.0f, 0.0f, 0.0f};
    w.createBody(wall);
    BodyDef ball;
    ball.shape.type = ShapeType::Sphere;
    ball.shape.radius = 0.1f;
    ball.position = {0.3f, 0.0f, 0.0f}; // 1.67 m per step: no step ends inside the wall
    ball.linearVelocity = {100.0f, 0.0f, 0.0f};
    ball.bullet = bullet;
    BodyId id = w.createBody(ball);
    for (int i = 0; i < 30; ++i) w.step();
    return w.body(id).position.x;
}
} // namespace

TEST(FastBodies, BulletStopsAtAThinWallWhereAnUnmarkedBodyTunnels) {
    EXPECT_LT(shootAtWall(true), 5.0f - 0.025f - 0.1f + 0.01f);
    EXPECT_GT(shootAtWall(false), 5.1f);
}

TEST(Sleeping, RestingBoxFallsAsleepAndWakesWhenHit) {
    World w;
    addGround(w);
    BodyId box = addBox(w, {0, 0.5f, 0});
    int steps = 0;
    while (!w.body(box).sleeping && steps < 300) {
        w.step();
        ++steps;
    }
    ASSERT_TRUE(w.body(box).sleeping);
    EXPECT_GE(steps * w.settings().timestep, w.settings().sleep.timeToSleep);
    addSphere(w, {0, 2.5f, 0}, 0.3f, "Metal");
    for (int i = 0; i < 40 && w.body(box).sleeping; ++i) w.step();
    EXPECT_FALSE(w.body(box).sleeping);
}

TEST(Sleeping, DisabledSleepKeepsEveryBodyAwake) {
    World w(noSleep());
    addGround(w);
    BodyId box = addBox(w, {0, 0.5f, 0});
    for (int i = 0; i < 200; ++i) w.step();
    EXPECT_FALSE(w.body(box).sleeping);
}

TEST(Sleeping, ChangingASettingWakesSleepingBodies) {
    World w;
    addGround(w);
    BodyId box = addBox(w, {0, 0.5f, 0});
    for (int i = 0; i < 200; ++i) w.step();
    ASSERT_TRUE(w.body(box).sleeping);
    w.settings().gravity = {2.0f, -9.81f, 0.0f};
    w.step();
    EXPECT_FALSE(w.body(box).sleeping);
}

TEST(Friction, PyramidHoldsADiagonalPushThatTheConeLetsSlide) {
    // A resting box pushed along x = z with 1.2 mu m g. The cone bounds |lambda_t| by
    // mu lambda_n, so the box slides. The pyramid bounds each tangent axis separately; along
    // its diagonal it can hold sqrt(2) mu lambda_n, so the box stays put: the artifact the
    // Friction model setting shows.
    auto push = [](FrictionModel model) {
        Settings s = noSleep();
        s.solver.frictionModel = model;
        World w(s);
        addMaterial(w, "puck", 0.0f, 0.5f, 0.5f);
        addGround(w);
        setPair(w, "puck", "Static", 0.0f, 0.5f, 0.5f);
        BodyId b = addBox(w, {0, 0.5f, 0}, glm::vec3(0.5f), "puck");
        float weight = w.body(b).mass * 9.81f;
        glm::vec3 force = 1.2f * 0.5f * weight * glm::normalize(glm::vec3(1, 0, 1));
        for (int i = 0; i < 60; ++i) {
            w.applyForce(b, force, w.body(b).position);
            w.step();
        }
        return glm::length(glm::vec2(w.body(b).position.x, w.body(b).position.z));
    };
    EXPECT_LT(push(FrictionModel::Pyramid), 0.005f);
    // Cone: a = (1.2 - 1) mu g = 0.98 m/s^2, so about 0.49 m in 1 s.
    EXPECT_NEAR(push(FrictionModel::Cone), 0.49f, 0.05f);
}

TEST(Friction, AHeldPointKeepsStaticFrictionUntilItReachesTheBoundThenSlides) {
    // The stick/slip rule (solver/contact_solver.cpp): a point that persisted keeps mu_s
    // while its friction stayed under the bound last step and it slips slower than
    // kHoldSpeed (a pile's jitter); it slides (mu_d, along its slip) once its friction ended a
    // step at the bound and it still moves, or at once when it is shoved faster than that.
    World w(noSleep());
    addGround(w);
    BodyId b = addBox(w, {0, 0.5f, 0});
    for (int i = 0; i < 30; ++i) w.step();
    auto points = [&](auto&& check) {
        int n = 0;
        for (const ContactManifoldInfo& m : w.contacts())
            if (m.bodyA == b || m.bodyB == b)
                for (int k = 0; k < m.pointCount; ++k, ++n) check(m.points[k]);
        ASSERT_EQ(n, 4);
    };
    // A nudge of 5 cm/s, five times the 1 cm/s stick speed: friction held last step, so the
    // points keep static friction, which stops the box within the step.
    w.setVelocity(b, {0.05f, 0.0f, 0.0f}, glm::vec3(0.0f));
    w.step();
    points([](const ContactPointInfo& p) {
        EXPECT_TRUE(p.sticking);
        EXPECT_EQ(p.clamp, ClampState::None);
    });
    EXPECT_LT(std::abs(w.body(b).linearVelocity.x), 0.001f);
    // Held, then shoved at 3 m/s, far past any jitter: it slides from that step, braked by
    // mu_d lambda_n at every point.
    w.setVelocity(b, {3.0f, 0.0f, 0.0f}, glm::vec3(0.0f));
    w.step();
    points([](const ContactPointInfo& p) {
        EXPECT_FALSE(p.sticking);
        EXPECT_EQ(p.clamp, ClampState::FrictionLimit);
    });
    // A nudge of 5 cm/s after the slide: its friction ended the step at the bound, so it
    // slides on (mu_d) rather than being stopped by mu_s.
    w.setVelocity(b, {0.05f, 0.0f, 0.0f}, glm::vec3(0.0f));
    w.step();
    points([](const ContactPointInfo& p) { EXPECT_FALSE(p.sticking); });
}

TEST(WarmStarting, ChangingTheTimestepLiveDoesNotMakeARestingStackJump) {
    World w(noSleep());
    addGround(w);
    std::vector<BodyId> ids = addStack(w, 5);
    for (int i = 0; i < 120; ++i) w.step();
    w.settings().timestep = 1.0f / 240.0f;
    float peak = 0.0f;
    for (int i = 0; i < 240; ++i) {
        w.step();
        for (BodyId id : ids) peak = std::max(peak, glm::length(w.body(id).linearVelocity));
    }
    EXPECT_LT(peak, 0.05f);
}
