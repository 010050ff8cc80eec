// Watch plots (app/window/watch.h): a watched ball's height follows free fall in the main world
// and, in a fork with the Moon's gravity, the Moon's; the world's energy is flat for a free
// fall; a sample at an earlier step drops the later ones (a new future after a rewind); a
// joint's reaction and a contact's impulses are the loads they carry at rest.
#include "app_fixtures.h"
#include "window/watch.h"

#include "physics/scenarios.h"
#include "tumble/scene.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace tumble;
using namespace tumble::app;

namespace {

using tumble::app::fixtures::fallingBall;

} // namespace

TEST(WatchPlots, AWatchedBallFallsAsGravitySaysInTheMainWorldAndInAFork) {
    const SceneDef scene = fallingBall();
    World world = buildWorld(scene);
    Forks forks;
    ASSERT_EQ(forks.add(scene, world, {"gravity=[0,-1.62,0]"}), "");
    std::vector<Watch> watches(2);
    watches[0].what = WatchWhat::Height;
    watches[0].ordinal = 0;
    watches[1].what = WatchWhat::TotalEnergy;
    const int n = 60;
    for (int i = 0; i < n; ++i) {
        world.step();
        forks.follow(world);
        sampleWatches(watches, world, forks);
    }
    const float dt = world.settings().timestep;
    ASSERT_EQ(watches[0].main.steps.size(), size_t(n));
    ASSERT_EQ(watches[0].forks.size(), 1u);
    ASSERT_EQ(watches[0].forks[0].values.size(), size_t(n));
    // Symplectic Euler: y_n = y_0 - g dt^2 n (n + 1) / 2.
    EXPECT_NEAR(watches[0].main.values.back(), 100.0f - 9.81f * dt * dt * n * (n + 1) / 2, 1e-3f);
    EXPECT_NEAR(watches[0].forks[0].values.back(), 100.0f - 1.62f * dt * dt * n * (n + 1) / 2, 1e-3f);
    // Free fall keeps kinetic + potential within the integrator's O(dt) error per step.
    const float e0 = watches[1].main.values.front(), e1 = watches[1].main.values.back();
    EXPECT_NEAR(e1, e0, 0.01f * std::fabs(e0));
}

TEST(WatchPlots, ASampleAtAnEarlierStepStartsANewFuture) {
    WatchSeries s;
    for (uint64_t step = 1; step <= 10; ++step) s.add(step, float(step));
    s.add(4, 40.0f);
    ASSERT_EQ(s.steps.size(), 4u);
    EXPECT_EQ(s.steps.back(), 4u);
    EXPECT_EQ(s.values.back(), 40.0f);
}

TEST(WatchPlots, AJointHoldingABodyAtRestPullsWithItsWeight) {
    // One capsule link hanging from the world by a ball socket, settled: the joint's reaction
    // force is the link's weight, m g.
    Settings s;
    s.sleep.enabled = false;
    World world(s);
    BodyDef d;
    d.shape.type = ShapeType::Capsule;
    d.shape.radius = 0.05f;
    d.shape.halfHeight = 0.1f;
    d.position = {0, 2.85f, 0};
    d.material = "Wood";
    const BodyId link = world.createBody(d);
    JointDef j;
    j.type = JointType::BallSocket;
    j.bodyB = link;
    j.anchor = {0, 3, 0};
    ASSERT_FALSE(world.createJoint(j).isNull());
    std::vector<Watch> watches(1);
    watches[0].what = WatchWhat::JointForce;
    Forks none;
    for (int i = 0; i < 240; ++i) {
        world.step();
        sampleWatches(watches, world, none);
    }
    const float weight = 9.81f / world.body(link).invMass;
    EXPECT_NEAR(watches[0].main.values.back(), weight, 0.01f * weight);
}

TEST(WatchPlots, ABlockHeldOnARampPressesWithGCosThetaAndIsHeldWithGSinTheta) {
    // A 1 m block at rest on a 20 degree ramp with mu 0.8 (tan 20 = 0.36: it sticks). The
    // pair's summed impulses per step are the weight's components: normal m g cos(theta) dt,
    // friction m g sin(theta) dt; each point's watch is a share of the pair's, and the shares
    // add up to it; the overlap stays near the slop.
    World world(test::noSleep());
    test::addMaterial(world, "ramp", 0.0f, 0.8f, 0.8f);
    test::addMaterial(world, "block", 0.0f, 0.8f, 0.8f);
    test::setPair(world, "ramp", "block", 0.0f, 0.8f, 0.8f);
    const test::Ramp ramp = test::addRampAndBlock(world, 20.0f);
    for (int i = 0; i < 120; ++i) world.step();
    const ContactManifoldInfo* manifold = nullptr;
    for (const ContactManifoldInfo& m : world.contacts())
        if (m.pointCount > 0 && (m.bodyA == ramp.block || m.bodyB == ramp.block)) manifold = &m;
    ASSERT_NE(manifold, nullptr);
    ASSERT_EQ(manifold->pointCount, 4);
    std::vector<Watch> watches;
    for (WatchWhat what : {WatchWhat::ContactNormal, WatchWhat::ContactFriction, WatchWhat::ContactDepth})
        watches.push_back(makeContactWatch(world, watchKind(what), *manifold, -1, "block - ramp"));
    for (int point = 0; point < 4; ++point)
        watches.push_back(makeContactWatch(world, watchKind(WatchWhat::ContactNormal), *manifold, point, "point"));
    Forks none;
    world.step();
    sampleWatches(watches, world, none);

    const float dt = world.settings().timestep, m = 1.0f / world.body(ramp.block).invMass;
    const float theta = 20.0f * test::kPi / 180.0f, g = test::kGravity;
    EXPECT_NEAR(watches[0].main.values.back(), m * g * std::cos(theta) * dt, 0.02f * m * g * dt);
    EXPECT_NEAR(watches[1].main.values.back(), m * g * std::sin(theta) * dt, 0.02f * m * g * dt);
    const float depth = watches[2].main.values.back();
    EXPECT_GT(depth, 0.0f);
    EXPECT_LT(depth, 2.0f * world.settings().solver.slop + 1e-3f);
    float shares = 0.0f;
    for (int point = 0; point < 4; ++point) {
        const float share = watches[size_t(3 + point)].main.values.back();
        EXPECT_GE(share, 0.0f);
        EXPECT_LT(share, watches[0].main.values.back());
        shares += share;
    }
    EXPECT_NEAR(shares, watches[0].main.values.back(), 1e-4f * watches[0].main.values.back());
}

TEST(WatchPlots, AContactWatchReadsZeroWhileTheBodiesAreApart) {
    // A ball dropped from 1 m: nothing touches until it lands, then the pair presses.
    World world(test::noSleep());
    test::addGround(world);
    const BodyId ball = test::addSphere(world, {0, 1.25f, 0}, 0.25f, "Wood");
    ContactManifoldInfo pair;
    pair.bodyA = world.bodyIds().front(); // the ground, created first
    pair.bodyB = ball;
    std::vector<Watch> watches = {makeContactWatch(world, watchKind(WatchWhat::ContactNormal), pair, -1, "ball")};
    Forks none;
    bool landed = false;
    for (int i = 0; i < 120; ++i) {
        world.step();
        sampleWatches(watches, world, none);
        const bool touching = world.body(ball).position.y < 0.3f;
        if (!landed && !touching) {
            ASSERT_EQ(watches[0].main.values.back(), 0.0f) << "step " << i;
        }
        landed = landed || watches[0].main.values.back() > 0.0f;
    }
    EXPECT_TRUE(landed);
}

TEST(WatchPlots, TheBulletForksBallFallsAsGravitySaysAndItsSpeedIsGT) {
    // The same ball split off into Bullet: its recorded height follows the semi-implicit Euler
    // parabola, y_n = y_0 - g dt^2 n (n + 1) / 2, and the speed read from two recorded poses is
    // g t (the velocity that step ended with). Angular speed is not in the recording: no samples.
    const SceneDef scene = fallingBall();
    World world = buildWorld(scene);
    PeerFork bullet;
    std::string error;
    ASSERT_TRUE(bullet.start(scene, world, error)) << error;
    std::vector<Watch> watches(3);
    watches[0].what = WatchWhat::Height;
    watches[1].what = WatchWhat::Speed;
    watches[2].what = WatchWhat::AngularSpeed;
    Forks none;
    const int n = 60;
    for (int i = 0; i < n; ++i) {
        world.step();
        bullet.follow(world);
        sampleWatches(watches, world, none, &bullet);
    }
    const float dt = world.settings().timestep, g = 9.81f;
    ASSERT_EQ(watches[0].bullet.values.size(), size_t(n));
    EXPECT_NEAR(watches[0].bullet.values.back(), 100.0f - g * dt * dt * n * (n + 1) / 2, 1e-3f);
    ASSERT_FALSE(watches[1].bullet.values.empty());
    EXPECT_NEAR(watches[1].bullet.values.back(), g * dt * n, 1e-3f * g * dt * n);
    EXPECT_TRUE(watches[2].bullet.values.empty());
}

TEST(WatchPlots, AContactWatchOnACompoundSumsTheManifoldsOfAllItsParts) {
    // A table on four legs: four manifolds, one per leg. The pair's watch carries the whole
    // weight, m g dt per step, not one leg's quarter.
    World world(test::noSleep());
    test::addGround(world);
    BodyDef table;
    table.shape.type = ShapeType::Compound;
    ShapeDef leg;
    leg.type = ShapeType::Box;
    leg.halfExtents = {0.05f, 0.3f, 0.05f};
    ShapeDef top;
    top.type = ShapeType::Box;
    top.halfExtents = {0.6f, 0.05f, 0.4f};
    table.shape.children.push_back({top, {0.0f, 0.65f, 0.0f}, glm::quat(1, 0, 0, 0)});
    for (float x : {-0.5f, 0.5f})
        for (float z : {-0.3f, 0.3f}) table.shape.children.push_back({leg, {x, 0.3f, z}, glm::quat(1, 0, 0, 0)});
    const BodyId id = world.createBody(table);
    for (int i = 0; i < 60; ++i) world.step();
    int legs = 0;
    const ContactManifoldInfo* first = nullptr;
    for (const ContactManifoldInfo& m : world.contacts())
        if (m.pointCount > 0) {
            ++legs;
            if (!first) first = &m;
        }
    ASSERT_EQ(legs, 4);
    std::vector<Watch> watches = {makeContactWatch(world, watchKind(WatchWhat::ContactNormal), *first, -1, "table")};
    Forks none;
    world.step();
    sampleWatches(watches, world, none);
    const float weightImpulse = test::kGravity * world.settings().timestep / world.body(id).invMass;
    EXPECT_NEAR(watches[0].main.values.back(), weightImpulse, 0.01f * weightImpulse);
}
