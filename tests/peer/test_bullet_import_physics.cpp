// An imported Bullet world steps in Tumble as it does in Bullet: the same .bullet file read
// by Tumble's importer (tumble/bullet_import.h) and by Bullet's own btBulletWorldImporter into
// a btDiscreteDynamicsWorld, both stepped at the file's time step. Free fall matches the
// closed form in both, and a box resting on the plane stays at rest at the same height.
#include "tumble/bullet_import.h"

#include <glm/vec2.hpp>
#include <BulletWorldImporter/btBulletWorldImporter.h>
#include <btBulletDynamicsCommon.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

namespace {

const std::string kFalling = std::string(TUMBLE_TEST_DATA_DIR) + "/bullet/falling.bullet";
constexpr int kSteps = 60; // 1 s at the file's 1/60 s

struct Track {
    float y = 0.0f;       ///< m, after the run
    float speed = 0.0f;   ///< m/s, after the run
    float minY = 1e9f;    ///< m, lowest on the way
    float maxY = -1e9f;   ///< m, highest on the way
    glm::vec3 angularVelocity{0.0f}; ///< rad/s, after the run
    float travel = 0.0f;  ///< m, horizontal distance from the start
};

using Names = std::vector<std::string>;

void note(Track& t, float y) {
    t.minY = std::min(t.minY, y);
    t.maxY = std::max(t.maxY, y);
}

/// The file in Tumble: import, parse, build, step.
/// `setting`, when given, is a --set assignment applied to the scene first.
std::map<std::string, Track> runTumble(const std::string& file, const Names& names, float& dt, float& g,
                                       const std::string& setting = "") {
    std::vector<std::string> unmapped;
    tumble::SceneLoadResult loaded = tumble::loadWorldFile(file, unmapped);
    EXPECT_TRUE(loaded.ok()) << loaded.errorText();
    if (!setting.empty()) {
        EXPECT_EQ(tumble::applySettingOverride(loaded.scene.settings, setting), "");
    }
    dt = loaded.scene.settings.timestep;
    g = -loaded.scene.settings.gravity.y;
    tumble::World world = tumble::buildWorld(loaded.scene);
    std::map<std::string, glm::vec3> start;
    for (const std::string& name : names) start[name] = world.body(world.findBody(name)).position;
    std::map<std::string, Track> tracks;
    for (int i = 0; i < kSteps; ++i) {
        world.step(); // settings().timestep: the file's dt
        for (const std::string& name : names) note(tracks[name], world.body(world.findBody(name)).position.y);
    }
    for (const std::string& name : names) {
        const tumble::Body& b = world.body(world.findBody(name));
        tracks[name].y = b.position.y;
        tracks[name].speed = glm::length(b.linearVelocity);
        tracks[name].angularVelocity = b.angularVelocity;
        tracks[name].travel = glm::length(glm::vec2(b.position.x - start[name].x, b.position.z - start[name].z));
    }
    return tracks;
}

/// The file in Bullet: its own importer into a discrete dynamics world, one step of `dt` per step.
/// Bullet's importer leaves out the velocities the file holds (Tumble's import reads them from
/// the file's records): `velocities` gives the ones a test needs.
std::map<std::string, Track> runBullet(const std::string& file, const Names& names, float dt,
                                       const std::map<std::string, btVector3>& velocities = {}) {
    btDefaultCollisionConfiguration config;
    btCollisionDispatcher dispatcher(&config);
    btDbvtBroadphase broadphase;
    btSequentialImpulseConstraintSolver solver;
    btDiscreteDynamicsWorld world(&dispatcher, &broadphase, &solver, &config);
    btBulletWorldImporter importer(&world);
    EXPECT_TRUE(importer.loadFile(file.c_str()));
    std::map<std::string, btRigidBody*> bodies;
    for (const std::string& name : names) bodies[name] = importer.getRigidBodyByName(name.c_str());
    std::map<std::string, Track> tracks;
    for (const auto& [name, body] : bodies) {
        EXPECT_NE(body, nullptr) << name;
        if (!body) return tracks;
    }
    for (const auto& [name, v] : velocities) bodies.at(name)->setLinearVelocity(v);
    std::map<std::string, btVector3> start;
    for (const auto& [name, body] : bodies) start[name] = body->getWorldTransform().getOrigin();
    for (int i = 0; i < kSteps; ++i) {
        world.stepSimulation(dt, 0); // no sub-steps: exactly one step of dt
        for (const auto& [name, body] : bodies) note(tracks[name], body->getWorldTransform().getOrigin().y());
    }
    for (const auto& [name, body] : bodies) {
        tracks[name].y = body->getWorldTransform().getOrigin().y();
        tracks[name].speed = body->getLinearVelocity().length();
        const btVector3 w = body->getAngularVelocity();
        tracks[name].angularVelocity = glm::vec3(w.x(), w.y(), w.z());
        const btVector3 d = body->getWorldTransform().getOrigin() - start[name];
        tracks[name].travel = std::sqrt(d.x() * d.x() + d.z() * d.z());
    }
    importer.deleteAllData();
    return tracks;
}

TEST(BulletVsTumble, ImportedSphereFallsAsInBulletAndAsTheClosedForm) {
    float dt = 0.0f, g = 0.0f;
    std::map<std::string, Track> tumble = runTumble(kFalling, {"ball", "crate"}, dt, g);
    std::map<std::string, Track> bullet = runBullet(kFalling, {"ball", "crate"}, dt);
    ASSERT_FLOAT_EQ(dt, 1.0f / 60.0f);
    ASSERT_FLOAT_EQ(g, 9.81f);
    const float y0 = 10.0f, t = kSteps * dt;
    std::printf("ball after %.3f s: Tumble y = %.6f m, Bullet y = %.6f m\n", static_cast<double>(t),
                static_cast<double>(tumble["ball"].y), static_cast<double>(bullet["ball"].y));
    EXPECT_NEAR(tumble["ball"].y, bullet["ball"].y, 1e-3f);
    // Both integrate semi-implicitly: after n steps y = y0 - g dt^2 n (n + 1) / 2 exactly,
    // which is the closed form y0 - g t^2 / 2 less g t dt / 2 (8.2 cm at 1 s).
    const float discrete = y0 - g * dt * dt * kSteps * (kSteps + 1) / 2.0f;
    EXPECT_NEAR(tumble["ball"].y, discrete, 1e-3f);
    EXPECT_NEAR(bullet["ball"].y, discrete, 1e-3f);
    const float closed = y0 - 0.5f * g * t * t;
    EXPECT_NEAR(tumble["ball"].y, closed, 0.5f * g * t * dt + 1e-3f);
    EXPECT_NEAR(bullet["ball"].y, closed, 0.5f * g * t * dt + 1e-3f);
}

TEST(BulletVsTumble, ImportedBoxRestsOnThePlaneAtTheSameHeightAsInBullet) {
    float dt = 0.0f, g = 0.0f;
    std::map<std::string, Track> tumble = runTumble(kFalling, {"ball", "crate"}, dt, g);
    std::map<std::string, Track> bullet = runBullet(kFalling, {"ball", "crate"}, dt);
    const float restingHeight = 0.5f; // half its 1 m side, on the plane y = 0
    for (auto& [engine, run] : {std::pair("Tumble", &tumble), std::pair("Bullet", &bullet)})
        std::printf("crate in %s: y from %.6f to %.6f m, at the end %.6f m, speed %.2e m/s\n", engine,
                    static_cast<double>((*run)["crate"].minY), static_cast<double>((*run)["crate"].maxY),
                    static_cast<double>((*run)["crate"].y), static_cast<double>((*run)["crate"].speed));
    for (auto* run : {&tumble, &bullet}) {
        const Track& crate = (*run)["crate"];
        EXPECT_NEAR(crate.y, restingHeight, 5e-3f);
        EXPECT_NEAR(crate.minY, restingHeight, 5e-3f);
        EXPECT_NEAR(crate.maxY, restingHeight, 5e-3f);
        EXPECT_LT(crate.speed, 1e-2f);
    }
    EXPECT_NEAR(tumble["crate"].y, bullet["crate"].y, 5e-3f);
}

} // namespace

namespace {

// The hinge's sign conventions: Bullet measures its angle and drives its motor as minus B's
// turn about A's axis; the import flips the axis so limits and motor carry over. The
// catalogue world's gate hinge has a 1 rad/s motor: it must turn the gate the same way.
TEST(BulletVsTumble, ImportedHingeMotorTurnsTheGateTheWayBulletDoes) {
    const std::string file = std::string(TUMBLE_SOURCE_DIR) + "/scenes/imported-bullet-world.bullet";
    float dt = 0.0f, g = 0.0f;
    std::map<std::string, Track> tumble = runTumble(file, {"gate"}, dt, g);
    std::map<std::string, Track> bullet = runBullet(file, {"gate"}, dt);
    const float wTumble = tumble["gate"].angularVelocity.y, wBullet = bullet["gate"].angularVelocity.y;
    std::printf("gate after %d steps: Tumble wy = %.4f rad/s, Bullet wy = %.4f rad/s\n", kSteps,
                static_cast<double>(wTumble), static_cast<double>(wBullet));
    EXPECT_GT(std::fabs(wBullet), 0.5f);
    EXPECT_GT(wTumble * wBullet, 0.0f) << "the motor turns the gate the other way in Tumble";
    EXPECT_NEAR(wTumble, wBullet, 0.1f);
}

} // namespace

namespace {

// The catalogue's bug-gallery scene: Bullet multiplies two frictions, Tumble's default takes
// their geometric mean. With the import's "multiply" (Fix it) the drum slides as far as in
// Bullet; with the geometric mean (Break it) it stops in half the distance.
TEST(BulletVsTumble, ImportedFrictionCombineSlidesTheDrumAsFarAsBulletAndBreakItHalvesIt) {
    const std::string scenes = std::string(TUMBLE_SOURCE_DIR) + "/scenes/";
    float dt = 0.0f, g = 0.0f;
    const float fixed = runTumble(scenes + "imported-bullet-world.json", {"drum"}, dt, g)["drum"].travel;
    const float broken =
        runTumble(scenes + "imported-bullet-world.json", {"drum"}, dt, g, "frictionCombine=geometricMean")["drum"].travel;
    const float bullet = runBullet(scenes + "imported-bullet-world.bullet", {"drum"}, dt,
                                   {{"drum", btVector3(1, 0, 0)}})["drum"].travel; // the generator's 1 m/s
    std::printf("drum slides: Bullet %.4f m, Tumble (multiply) %.4f m, Tumble (geometric mean) %.4f m\n",
                static_cast<double>(bullet), static_cast<double>(fixed), static_cast<double>(broken));
    // v^2 / (2 mu g) from 1 m/s: 0.204 m at mu = 0.25, 0.102 m at 0.5.
    EXPECT_NEAR(bullet, 0.204f, 0.02f);
    EXPECT_NEAR(fixed, bullet, 0.02f);
    EXPECT_NEAR(broken, 0.102f, 0.02f);
}

} // namespace

namespace {

// The gear's sign: Bullet holds axisA . wA + ratio axisB . wB = 0 about its own axes, Tumble
// thetaA + ratio thetaB about its hinges' axes. The catalogue world's motor turns the driver
// at 2 rad/s about +z; through the gear of ratio 2 the wheel turns at -1 rad/s in both.
TEST(BulletVsTumble, ImportedGearTurnsTheWheelAsInBullet) {
    const std::string file = std::string(TUMBLE_SOURCE_DIR) + "/scenes/imported-bullet-world.bullet";
    float dt = 0.0f, g = 0.0f;
    std::map<std::string, Track> tumble = runTumble(file, {"driver", "wheel"}, dt, g);
    std::map<std::string, Track> bullet = runBullet(file, {"driver", "wheel"}, dt);
    std::printf("driver and wheel after %d steps: Tumble wz = %.4f, %.4f rad/s; Bullet wz = %.4f, %.4f rad/s\n",
                kSteps, static_cast<double>(tumble["driver"].angularVelocity.z),
                static_cast<double>(tumble["wheel"].angularVelocity.z),
                static_cast<double>(bullet["driver"].angularVelocity.z),
                static_cast<double>(bullet["wheel"].angularVelocity.z));
    for (auto* run : {&tumble, &bullet}) {
        EXPECT_NEAR((*run)["driver"].angularVelocity.z, 2.0f, 0.05f);
        EXPECT_NEAR((*run)["wheel"].angularVelocity.z, -1.0f, 0.05f);
    }
}

} // namespace
