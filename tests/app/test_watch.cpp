// Watch plots (app/window/watch.h): a watched ball's height follows free fall in the main world
// and, in a fork with the Moon's gravity, the Moon's; the world's energy is flat for a free
// fall; a sample at an earlier step drops the later ones (a new future after a rewind).
#include "window/watch.h"

#include "tumble/scene.h"

#include <gtest/gtest.h>

using namespace tumble;
using namespace tumble::app;

namespace {

SceneDef fallingBall() {
    const std::string text = R"({"format": "tumble-scene", "version": 1,
        "settings": {"sleep": {"enabled": false}},
        "bodies": [{"name": "ball", "shape": {"type": "sphere", "radius": 0.5}, "position": [0, 100, 0]}]})";
    SceneLoadResult r = parseScene(text, "ball.json");
    EXPECT_TRUE(r.ok()) << r.errorText();
    return r.scene;
}

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
