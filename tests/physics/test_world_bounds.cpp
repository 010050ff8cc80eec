// World bounds: a dynamic body whose centre leaves Settings::worldBounds is frozen where it
// left and reported once, instead of falling for ever (and being flagged too fast every step
// once its fall passes watchdog.maxSpeed).
#include "physics/contact_fixtures.h"
#include "tumble/snapshot.h"

#include <gtest/gtest.h>

using namespace tumble;
using namespace tumble::test;

namespace {

int eventsOf(const World& w, WorldEventKind kind) {
    int n = 0;
    for (const WorldEvent& e : w.events()) n += e.kind == kind ? 1 : 0;
    return n;
}

/// A ball rolling at 3 m/s off a 4 m ground, in a world 40 m across and 20 m deep.
World ballRollingOffTheEdge(BodyId& ball) {
    Settings s;
    s.worldBounds.min = glm::vec3(-20.0f);
    s.worldBounds.max = glm::vec3(20.0f);
    World w(s);
    BodyDef ground;
    ground.name = "ground";
    ground.type = BodyType::Static;
    ground.shape.type = ShapeType::Box;
    ground.shape.halfExtents = {2.0f, 0.5f, 2.0f};
    ground.position = {0.0f, -0.5f, 0.0f};
    w.createBody(ground);
    BodyDef d;
    d.name = "ball";
    d.shape.type = ShapeType::Sphere;
    d.shape.radius = 0.5f;
    d.position = {0.0f, 0.5f, 0.0f};
    d.linearVelocity = {3.0f, 0.0f, 0.0f};
    ball = w.createBody(d);
    return w;
}

} // namespace

// The ball leaves the ground, falls 20 m (2 s) and is frozen just below the floor of the
// bounds: asleep, still, reported once by name, and never flagged too fast.
TEST(WorldBounds, ABodyThatFallsOffTheWorldIsFrozenAndReportedOnce) {
    BodyId ball;
    World w = ballRollingOffTheEdge(ball);
    uint64_t frozenAt = 0;
    for (int i = 0; i < 600; ++i) {
        w.step();
        if (frozenAt == 0 && w.body(ball).sleeping) frozenAt = w.stepCount();
    }
    ASSERT_GT(frozenAt, 0u) << "never frozen";
    const Body& b = w.body(ball);
    EXPECT_LT(b.position.y, -20.0f);
    EXPECT_GT(b.position.y, -21.0f) << "frozen in the step it left, not later";
    EXPECT_EQ(b.linearVelocity, glm::vec3(0.0f));
    EXPECT_EQ(eventsOf(w, WorldEventKind::LeftWorld), 1);
    EXPECT_EQ(eventsOf(w, WorldEventKind::TooFast), 0);
    const WorldEvent& e = w.events().front();
    EXPECT_EQ(e.bodyName, "ball");
    EXPECT_EQ(e.step, frozenAt);
    EXPECT_EQ(e.count, 1u) << "reported when it leaves, not on every step it stays out";
    EXPECT_NE(e.what.find("left the world bounds"), std::string::npos) << e.what;
}

// Nothing wakes a frozen body while it is outside: not a changed setting (which wakes every
// other body), not a push. Dragged back inside, it wakes and falls like any body.
TEST(WorldBounds, AFrozenBodyStaysFrozenUntilItIsBackInside) {
    BodyId ball;
    World w = ballRollingOffTheEdge(ball);
    for (int i = 0; i < 300; ++i) w.step();
    ASSERT_TRUE(w.body(ball).sleeping);
    const glm::vec3 frozen = w.body(ball).position;
    w.settings().solver.velocityIterations = 7; // a setting changed: wakeAll
    w.setVelocity(ball, {0.0f, 5.0f, 0.0f}, glm::vec3(0.0f));
    for (int i = 0; i < 30; ++i) w.step();
    EXPECT_TRUE(w.body(ball).sleeping);
    EXPECT_EQ(w.body(ball).position, frozen);
    EXPECT_EQ(eventsOf(w, WorldEventKind::LeftWorld), 1);

    w.setPose(ball, {0.0f, 3.0f, 0.0f}, glm::quat(1.0f, 0.0f, 0.0f, 0.0f));
    EXPECT_FALSE(w.body(ball).sleeping);
    w.step();
    EXPECT_LT(w.body(ball).position.y, 3.0f) << "falls again";
}

// Shrinking the bounds live freezes a body that is now outside at the next step.
TEST(WorldBounds, ShrinkingTheBoundsFreezesABodyNowOutside) {
    BodyId ball;
    World w = ballRollingOffTheEdge(ball);
    w.step();
    EXPECT_FALSE(w.body(ball).sleeping);
    w.settings().worldBounds.max.x = 0.0f; // the ball's centre is at x > 0
    w.step();
    EXPECT_TRUE(w.body(ball).sleeping);
    EXPECT_EQ(eventsOf(w, WorldEventKind::LeftWorld), 1);
}

// Freezing is derived from the state (position, sleep flag, velocities): restored from a
// state captured before the ball left, the world freezes it on the same step, bit for bit.
TEST(WorldBounds, RewindingAcrossTheFreezeReplaysItExactly) {
    BodyId ball;
    World w = ballRollingOffTheEdge(ball);
    for (int i = 0; i < 60; ++i) w.step();
    WorldState before = w.captureState();
    for (int i = 0; i < 240; ++i) w.step();
    const uint64_t hash = w.stateHash();
    ASSERT_TRUE(w.body(ball).sleeping);
    const uint64_t frozenAt = w.events().front().step;

    ASSERT_TRUE(w.restoreState(before));
    EXPECT_EQ(eventsOf(w, WorldEventKind::LeftWorld), 0) << "the event lies after the restored step";
    for (int i = 0; i < 240; ++i) w.step();
    EXPECT_EQ(w.stateHash(), hash);
    ASSERT_EQ(eventsOf(w, WorldEventKind::LeftWorld), 1);
    EXPECT_EQ(w.events().front().step, frozenAt);
}
