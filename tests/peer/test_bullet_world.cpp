// The Bullet peer (tumble/bullet_world.h): what Bullet does with a Tumble world, against
// closed forms, and that Tumble's material table, frames and joints reach it.
#include "tumble/bullet_world.h"
#include "tumble/scene.h"

#include "physics/scenarios.h"

#include <gtest/gtest.h>

#include <glm/gtc/quaternion.hpp>

#include <algorithm>
#include <cmath>
#include <string>

using namespace tumble;
using namespace tumble::test;

namespace {

constexpr float kG = 9.81f;

bool listed(const BulletWorld& peer, const std::string& text) {
    return std::any_of(peer.unmapped().begin(), peer.unmapped().end(),
                       [&](const std::string& m) { return m.find(text) != std::string::npos; });
}

/// Height of the ball's bottom at the apex of its first rebound in Bullet, dropped from h
/// onto the ground; the pair's restitution is e while each material alone has 0 (Bullet's
/// own rule, the product, would give no bounce at all).
float bulletRebound(float e, float h, const Settings& s) {
    World w(s);
    addMaterial(w, "ball", 0.0f, 0.5f, 0.5f);
    addGround(w);
    setPair(w, "ball", "Static", e, 0.5f, 0.5f);
    const float r = 0.25f;
    addSphere(w, {0, h + r, 0}, r, "ball");
    BulletWorld peer(w);
    bool rising = false;
    float apex = 0.0f;
    for (int i = 0; i < 4000; ++i) {
        peer.step();
        const float vy = peer.linearVelocity(1).y;
        if (vy > 0.0f) rising = true;
        if (rising) apex = std::max(apex, peer.position(1).y - r);
        if (rising && vy < 0.0f) break;
    }
    return apex;
}

/// A 1 m block on a 30 degree ramp in Bullet; both materials have friction 1 alone, the pair
/// has mu (static = dynamic): Bullet's own rule (the product, 1) would hold the block.
RampResult bulletSlide(float mu) {
    World w(noSleep());
    addMaterial(w, "ramp", 0.0f, 1.0f, 1.0f);
    addMaterial(w, "block", 0.0f, 1.0f, 1.0f);
    setPair(w, "ramp", "block", 0.0f, mu, mu);
    const glm::vec3 downhill = addRampAndBlock(w, 30.0f).downhill;
    BulletWorld peer(w);
    const glm::vec3 start = peer.position(1);
    float v1 = 0.0f;
    for (int i = 1; i <= 120; ++i) {
        peer.step();
        if (i == 60) v1 = glm::dot(peer.linearVelocity(1), downhill);
    }
    const float v2 = glm::dot(peer.linearVelocity(1), downhill);
    return {glm::length(peer.position(1) - start), v2 - v1};
}

/// A door (1 x 2 m, 5 cm thick) hinged about +Y at x = 0 in a world without gravity, its motor
/// driving at `speed` rad/s with torque to spare; with `limits`, the hinge stays in [0, 0.5] rad.
World motorDoor(float speed, bool limits) {
    Settings s = noSleep();
    s.gravity = glm::vec3(0.0f);
    World w(s);
    JointDef def;
    def.type = JointType::Hinge;
    def.bodyB = addBox(w, {0.5f, 1, 0}, glm::vec3(0.5f, 1.0f, 0.05f));
    def.anchor = {0, 1, 0};
    def.axis = {0, 1, 0};
    def.limitEnabled = limits;
    def.lowerLimit = 0.0f;
    def.upperLimit = 0.5f;
    def.motorEnabled = true;
    def.motorSpeed = speed;
    def.maxMotorForce = 1000.0f;
    EXPECT_FALSE(w.createJoint(def).isNull());
    return w;
}

/// The door's turn about +Y (rad): turning about +Y carries +X toward -Z.
float yaw(const glm::quat& q) {
    const glm::vec3 x = q * glm::vec3(1, 0, 0);
    return std::atan2(-x.z, x.x);
}

} // namespace

TEST(BulletPeer, FreeFallFollowsSymplecticEulersClosedFormEveryStep) {
    // Bullet adds g dt to v, then moves by the new v: y_n = y0 - g dt^2 n (n + 1) / 2, which
    // after 120 steps is 0.16 m below the exact parabola and 0.33 m below explicit Euler's.
    World w(noSleep());
    const float y0 = 10.0f;
    addSphere(w, {0, y0, 0}, 0.25f);
    BulletWorld peer(w);
    const float dt = peer.timestep();
    for (int n = 1; n <= 120; ++n) {
        peer.step();
        const float expected = y0 - kG * dt * dt * float(n) * float(n + 1) / 2.0f;
        ASSERT_NEAR(peer.position(0).y, expected, 5e-4f) << "step " << n;
        ASSERT_NEAR(peer.linearVelocity(0).y, -kG * dt * float(n), 1e-4f) << "step " << n;
    }
    EXPECT_EQ(peer.position(0).x, 0.0f);
    EXPECT_EQ(peer.stepCount(), 120u);
}

TEST(BulletPeer, BallBouncesToThePairsRestitutionSquaredTimesDropHeight) {
    // At 240 Hz, like Tumble's own bounce test: at 60 Hz the discrete apex is low by v dt / 2.
    const float h = 2.0f;
    Settings s = noSleep();
    s.timestep = 1.0f / 240.0f;
    for (float e : {0.3f, 0.6f, 0.9f}) {
        const float apex = bulletRebound(e, h, s);
        EXPECT_NEAR(apex, e * e * h, 0.05f * e * e * h) << "e = " << e;
    }
}

TEST(BulletPeer, BlockSlidesDownARampWithThePairsCoulombAcceleration) {
    const float theta = 30.0f * kPi / 180.0f, mu = 0.3f;
    const RampResult slide = bulletSlide(mu);
    const float expected = kG * (std::sin(theta) - mu * std::cos(theta));
    EXPECT_NEAR(slide.acceleration, expected, 0.05f * expected);
}

TEST(BulletPeer, BlockStaysOnARampWhenThePairsFrictionIsAboveTanTheta) {
    const RampResult slide = bulletSlide(0.8f); // tan 30 deg = 0.577
    EXPECT_LT(slide.travelled, 0.01f);
}

TEST(BulletPeer, StartsFromTumblesPosesVelocitiesAndEnergyEvenForASkewHull) {
    // An irregular hull: its inertia tensor has off-diagonal terms in Tumble's frame, so
    // Bullet's body frame follows the principal axes and is turned back on reading.
    World w(noSleep());
    BodyDef hull;
    hull.name = "hull";
    hull.shape.type = ShapeType::Hull;
    hull.shape.points = {{0, 0, 0}, {1.2f, 0.1f, 0}, {0.2f, 0.9f, 0.1f}, {0.3f, 0.2f, 0.7f},
                         {0.9f, 0.8f, 0.6f}};
    hull.position = {1, 2, 3};
    hull.orientation = glm::normalize(glm::quat(0.9f, 0.2f, -0.3f, 0.1f));
    hull.linearVelocity = {1, -2, 0.5f};
    hull.angularVelocity = {0.7f, -1.1f, 2.0f};
    ASSERT_FALSE(w.createBody(hull).isNull());
    const BodyId box = addBox(w, {-2, 4, 0}, glm::vec3(0.3f, 0.5f, 0.8f));
    w.setVelocity(box, {0, 1, 0}, {3, 0, -1});
    const glm::mat3 I = w.body(w.findBody("hull")).localInertia;
    ASSERT_GT(std::fabs(I[0][1]) + std::fabs(I[0][2]) + std::fabs(I[1][2]), 1e-3f * (I[0][0] + I[1][1]));

    BulletWorld peer(w);
    ASSERT_EQ(peer.bodyCount(), 2);
    const std::vector<BodyId> ids = w.bodyIds();
    for (int i = 0; i < 2; ++i) {
        const Body& b = w.body(ids[size_t(i)]);
        EXPECT_LT(glm::length(peer.position(i) - b.position), 1e-6f);
        EXPECT_GT(std::fabs(glm::dot(peer.orientation(i), b.orientation)), 1.0f - 1e-6f);
        EXPECT_LT(glm::length(peer.linearVelocity(i) - b.linearVelocity), 1e-6f);
        EXPECT_LT(glm::length(peer.angularVelocity(i) - b.angularVelocity), 1e-6f);
    }
    EXPECT_NEAR(peer.kineticEnergy(), w.kineticEnergy(), 1e-5 * w.kineticEnergy());
    EXPECT_NEAR(peer.potentialEnergy(), w.potentialEnergy(), 1e-5 * std::fabs(w.potentialEnergy()));
}

TEST(BulletPeer, KinematicBodyMovesByItsOwnVelocityAndPushesADynamicOne) {
    Settings s = noSleep();
    s.gravity = glm::vec3(0.0f);
    World w(s);
    BodyDef pusher;
    pusher.type = BodyType::Kinematic;
    pusher.shape.type = ShapeType::Box;
    pusher.shape.halfExtents = glm::vec3(0.5f);
    pusher.linearVelocity = {1, 0, 0};
    w.createBody(pusher);
    addSphere(w, {1.5f, 0, 0}, 0.5f);
    BulletWorld peer(w);
    for (int i = 0; i < 60; ++i) peer.step();
    EXPECT_NEAR(peer.position(0).x, 1.0f, 1e-4f);
    EXPECT_NEAR(peer.linearVelocity(0).x, 1.0f, 1e-3f);
    EXPECT_GT(peer.position(1).x, 1.95f); // pushed ahead of the box's face, now at x = 1.5
}

TEST(BulletPeer, BallSocketPendulumSwingsWithThePhysicalPendulumsPeriod) {
    // A ball on a ball-socket 1.5 m above its centre, released at 5 degrees:
    // T = 2 pi sqrt(I_pivot / (m g L)), I_pivot = 2/5 m r^2 + m L^2.
    World w(noSleep());
    const float L = 1.5f, r = 0.2f, theta0 = 5.0f * kPi / 180.0f;
    const glm::vec3 pivot(0, 3, 0);
    const BodyId bob = addSphere(w, pivot + L * glm::vec3(std::sin(theta0), -std::cos(theta0), 0), r);
    JointDef def;
    def.type = JointType::BallSocket;
    def.bodyB = bob;
    def.anchor = pivot;
    ASSERT_FALSE(w.createJoint(def).isNull());
    BulletWorld peer(w);
    EXPECT_FALSE(listed(peer, "ballSocket"));
    const float dt = peer.timestep();
    std::vector<double> crossings;
    float previousX = peer.position(0).x, worstLength = 0.0f;
    for (int i = 1; i <= int(8.0f / dt); ++i) {
        peer.step();
        const glm::vec3 x = peer.position(0);
        worstLength = std::max(worstLength, std::fabs(glm::length(x - pivot) - L));
        if ((previousX > 0.0f) != (x.x > 0.0f)) crossings.push_back(dt * (i - x.x / (x.x - previousX)));
        previousX = x.x;
    }
    ASSERT_GE(crossings.size(), 4u);
    const double period = 2.0 * (crossings.back() - crossings.front()) / double(crossings.size() - 1);
    const double expected = 2.0 * kPi * std::sqrt((0.4 * r * r + L * L) / (kG * L));
    EXPECT_NEAR(period, expected, 0.01 * expected);
    EXPECT_LT(worstLength, 0.005f);
}

TEST(BulletPeer, HingeMotorTurnsTheDoorTheWayTumblesDoes) {
    // Without gravity a motor at 1 rad/s with torque to spare turns the door 1 rad about +Y
    // in a second, in both engines (Bullet's hinge angle and motor share Tumble's sign).
    World w = motorDoor(1.0f, false);
    const BodyId door = w.bodyIds().front();
    BulletWorld peer(w);
    for (int i = 0; i < 60; ++i) {
        w.step();
        peer.step();
    }
    EXPECT_NEAR(yaw(w.body(door).orientation), 1.0f, 0.03f);
    EXPECT_NEAR(yaw(peer.orientation(0)), 1.0f, 0.03f);
    EXPECT_NEAR(peer.angularVelocity(0).y, 1.0f, 0.02f);
}

TEST(BulletPeer, ForceFieldsDistanceJointsAndSolverDifferencesAreListedNotDropped) {
    World w(noSleep());
    addGround(w);
    const BodyId a = addSphere(w, {0, 2, 0}, 0.25f);
    const BodyId b = addSphere(w, {1, 2, 0}, 0.25f);
    JointDef rope;
    rope.type = JointType::Distance;
    rope.name = "rope";
    rope.bodyA = a;
    rope.bodyB = b;
    ASSERT_FALSE(w.createJoint(rope).isNull());
    w.forceFields().push_back(ForceField{});
    const BulletWorld peer(w);
    EXPECT_TRUE(listed(peer, "forceFields[0]"));
    EXPECT_TRUE(listed(peer, "'rope' (distance)"));
    EXPECT_TRUE(listed(peer, "gaussSeidel"));        // the default block solver
    EXPECT_TRUE(listed(peer, "shockPropagation"));

    // The same world without them, solved row by row without the shock pass: none of those.
    World plain(noSleep());
    plain.settings().solver.method = "pgs";
    plain.settings().solver.shockPropagation = false;
    addGround(plain);
    addSphere(plain, {0, 2, 0}, 0.25f);
    const BulletWorld plainPeer(plain);
    EXPECT_FALSE(listed(plainPeer, "forceFields"));
    EXPECT_FALSE(listed(plainPeer, "distance"));
    EXPECT_FALSE(listed(plainPeer, "solver.method"));
    EXPECT_FALSE(listed(plainPeer, "shockPropagation"));
    EXPECT_FALSE(listed(plainPeer, "own tuning"));
    // Bullet's own tuning of three knobs, when asked for, is said too.
    EXPECT_TRUE(listed(BulletWorld(plain, PeerTuning::BulletDefaults), "own tuning kept: warm-start factor 0.85"));
}

TEST(BulletPeer, HingeLimitsStopTheMotorAtTheSameAnglesAsTumbles) {
    // Limits [0, 0.5] rad: driven +1 rad/s the door stops at 0.5, driven -1 rad/s at 0. Were
    // Bullet's angle the mirror of Tumble's, it would stop at -0.5 and 0 instead.
    for (float speed : {1.0f, -1.0f}) {
        BulletWorld peer(motorDoor(speed, true));
        for (int i = 0; i < 120; ++i) peer.step();
        EXPECT_NEAR(yaw(peer.orientation(0)), speed > 0.0f ? 0.5f : 0.0f, 0.02f) << "speed " << speed;
    }
}

TEST(BulletPeer, TheVerticalStackLessonsBulletTowerFallsWhereTumblesStands) {
    // The lesson (scenes/vertical-stack.json) shows Bullet as a yellow ghost: with Tumble's
    // masses, materials and solver settings mapped, Bullet's 20-box tower falls within ten
    // seconds while Tumble's stands (Bullet's short tower holds until the tall one falls on it).
    const SceneLoadResult loaded = loadSceneFile(std::string(TUMBLE_SOURCE_DIR) + "/scenes/vertical-stack.json");
    ASSERT_TRUE(loaded.ok()) << loaded.errorText();
    ASSERT_EQ(loaded.scene.forks.size(), 1u);
    EXPECT_EQ(loaded.scene.forks[0].engine, "bullet");
    World world = buildWorld(loaded.scene);
    BulletWorld bullet(world);
    for (int i = 0; i < 600; ++i) {
        world.step();
        bullet.step();
    }
    const std::vector<BodyId> ids = world.bodyIds();
    int tallTop = -1, shortTop = -1;
    for (int k = 0; k < static_cast<int>(ids.size()); ++k) {
        if (world.body(ids[static_cast<size_t>(k)]).name == "tall/19") tallTop = k;
        if (world.body(ids[static_cast<size_t>(k)]).name == "short/9") shortTop = k;
    }
    ASSERT_GE(tallTop, 0);
    ASSERT_GE(shortTop, 0);
    EXPECT_GT(world.body(ids[static_cast<size_t>(tallTop)]).position.y, 19.0f) << "Tumble's tall tower stands";
    EXPECT_LT(bullet.position(tallTop).y, 10.0f) << "Bullet's tall tower fell";
    EXPECT_GT(world.body(ids[static_cast<size_t>(shortTop)]).position.y, 9.0f) << "Tumble's short tower stands";
}

// A mesh and a height field reach Bullet as triangle meshes of the same triangles: a sphere
// dropped on each comes to rest on it at its radius, as in Tumble.
TEST(BulletPeer, MeshesAndHeightFieldsHoldASphereAtItsRadius) {
    for (const char* shape : {R"({"type": "mesh", "vertices": [[-2,0,-2],[2,0,-2],[2,0,2],[-2,0,2]], "indices": [[0,3,2],[0,2,1]]})",
                              R"({"type": "heightfield", "rows": 3, "columns": 3, "cellSize": [2, 2], "heights": [0,0,0,0,0,0,0,0,0]})"}) {
        const std::string text = std::string(R"({"format": "tumble-scene", "version": 1, "bodies": [)") +
                                 R"({"type": "static", "shape": )" + shape + R"(, "position": [0, 1, 0]},)" +
                                 R"({"shape": {"type": "sphere", "radius": 0.3}, "position": [0.5, 2, -1.5]}]})";
        SceneLoadResult r = parseScene(text, "mesh-peer.json");
        ASSERT_TRUE(r.ok()) << r.errorText();
        World w = buildWorld(r.scene);
        BulletWorld peer(w);
        for (int i = 0; i < 180; ++i) peer.step();
        EXPECT_NEAR(peer.position(1).y, 1.3f, 0.02f) << shape;
        EXPECT_LT(glm::length(peer.linearVelocity(1)), 0.01f) << shape;
    }
}
