// What a valid scene file turns into: every key with its value, defaults, orientations,
// generators, the catalogue, and the shipped scenes doing what their descriptions promise.
#include "tumble/scene.h"

#include <gtest/gtest.h>

#include <glm/gtc/constants.hpp>
#include <glm/gtc/quaternion.hpp>
#include <cmath>
#include <string>

using namespace tumble;

namespace {

std::string dataFile(const std::string& name) { return std::string(TUMBLE_TEST_DATA_DIR) + "/" + name; }
std::string sceneFile(const std::string& name) { return std::string(TUMBLE_SOURCE_DIR) + "/scenes/" + name; }

/// A scene holding the given bodies (JSON text of the array's elements).
SceneLoadResult withBodies(const std::string& bodies, const std::string& extra = "") {
    return parseScene(R"({"format": "tumble-scene", "version": 1, "bodies": [)" + bodies + "]" +
                          extra + "}",
                      "t.json");
}

const BodyDef* findBody(const SceneDef& scene, const std::string& name) {
    for (const BodyDef& b : scene.bodies)
        if (b.name == name) return &b;
    return nullptr;
}

void expectVec(const glm::vec3& got, const glm::vec3& want, float tolerance = 1e-6f) {
    for (int i = 0; i < 3; ++i) EXPECT_NEAR(got[i], want[i], tolerance) << "component " << i;
}

SceneDef loadShipped(const std::string& name) {
    SceneLoadResult r = loadSceneFile(sceneFile(name));
    EXPECT_TRUE(r.ok()) << r.errorText();
    return r.scene;
}

} // namespace

TEST(SceneContent, EveryKeyIsReadWithItsValue) {
    SceneLoadResult r = loadSceneFile(dataFile("all_keys.json"));
    ASSERT_TRUE(r.ok()) << r.errorText();
    const SceneDef& s = r.scene;
    EXPECT_EQ(s.name, "All keys");
    EXPECT_EQ(s.sourcePath, dataFile("all_keys.json"));
    EXPECT_EQ(s.settings.solver.method, "jacobi");
    EXPECT_FALSE(s.settings.sleep.enabled);
    expectVec(s.settings.gravity, {0.0f, -3.0f, 1.0f});
    EXPECT_FALSE(s.settings.worldBounds.enabled);
    expectVec(s.settings.worldBounds.min, {-50.0f, -20.0f, -50.0f});
    expectVec(s.settings.worldBounds.max, {50.0f, 40.0f, 50.0f});

    ASSERT_EQ(s.materials.size(), 2u);
    EXPECT_EQ(s.materials[0].name, "ice");
    EXPECT_EQ(s.materials[0].density, 900.0f);
    expectVec(s.materials[0].color, {0.8f, 0.9f, 1.0f});
    EXPECT_EQ(s.materials[1].restitution, 0.5f);
    EXPECT_EQ(s.materials[1].density, 300.0f) << "a preset override starts from the preset";

    ASSERT_EQ(s.materialPairs.size(), 2u);
    EXPECT_EQ(s.materialPairs[0].dynamicFriction, 0.15f);
    EXPECT_EQ(s.materialPairs[0].rollingResistance, 0.002f);
    EXPECT_EQ(s.materialPairs[0].torsionalFriction, 0.003f);
    EXPECT_EQ(s.materials[0].rollingResistance, 0.004f);
    EXPECT_EQ(s.materials[0].torsionalFriction, 0.009f);
    // Left out of a pair: rollingCombine's (min here) of the materials' values, and Metal has
    // none.
    EXPECT_EQ(s.materialPairs[1].rollingResistance, 0.0f);
    // Values a pair leaves out follow the combine rules (average, min here).
    EXPECT_EQ(s.materialPairs[1].staticFriction, 0.05f);
    EXPECT_NEAR(s.materialPairs[1].restitution, 0.5f * (0.05f + 0.05f), 1e-7f);
    EXPECT_EQ(s.materialPairs[1].dynamicFriction, 0.03f);

    ASSERT_EQ(s.bodies.size(), 6u + 12u);
    const BodyDef* ball = findBody(s, "ball");
    ASSERT_NE(ball, nullptr);
    EXPECT_EQ(ball->type, BodyType::Kinematic);
    EXPECT_EQ(ball->shape.radius, 0.25f);
    EXPECT_EQ(ball->orientation, glm::quat(0.0f, 0.0f, 1.0f, 0.0f)) << "normalised";
    EXPECT_EQ(ball->material, "ice");
    EXPECT_EQ(ball->gravityScale, 0.5f);
    EXPECT_EQ(ball->angularDamping, 0.2f);
    EXPECT_EQ(ball->layer, 4u);
    EXPECT_EQ(ball->mask, 5u);
    EXPECT_TRUE(ball->bullet);
    EXPECT_EQ(findBody(s, "crate")->shape.halfExtents, glm::vec3(0.3f));
    EXPECT_EQ(findBody(s, "pill")->shape.type, ShapeType::Capsule);
    EXPECT_EQ(findBody(s, "gem")->shape.points.size(), 4u);
    EXPECT_EQ(findBody(s, "plane")->shape.offset, -1.0f);

    ASSERT_EQ(s.forceFields.size(), 1u);
    EXPECT_EQ(s.forceFields[0].strength, -20.0f);
    EXPECT_EQ(s.forceFields[0].radius, 7.0f);
    EXPECT_EQ(s.camera.yawDeg, -45.0f);
    EXPECT_EQ(s.camera.distance, 9.0f);
    EXPECT_TRUE(s.debugDraw.centerOfMass);
    EXPECT_FALSE(s.debugDraw.contacts);

    World world = buildWorld(s);
    EXPECT_EQ(world.bodyCount(), 18);
    EXPECT_EQ(world.materials()[world.findMaterial("Wood")].restitution, 0.5f);
    EXPECT_GE(world.findMaterial("ice"), 0);
    EXPECT_EQ(world.materialPairs().size(), 2u);
    EXPECT_EQ(world.forceFields().size(), 1u);
    EXPECT_EQ(world.settings().solver.velocityIterations, 20);
}

TEST(SceneContent, OmittedKeysTakeTheirDocumentedDefaults) {
    SceneLoadResult r = withBodies("{}");
    ASSERT_TRUE(r.ok()) << r.errorText();
    const BodyDef& b = r.scene.bodies[0];
    EXPECT_EQ(b.type, BodyType::Dynamic);
    EXPECT_EQ(b.shape.type, ShapeType::Sphere);
    EXPECT_EQ(b.shape.radius, 0.5f);
    EXPECT_EQ(b.material, "") << "empty = the default material, " << kDefaultMaterialName;
    EXPECT_EQ(b.orientation, glm::quat(1.0f, 0.0f, 0.0f, 0.0f));
    EXPECT_EQ(b.mask, 0xFFFFu);
    EXPECT_EQ(r.scene.name, "t") << "a scene without a name is named after its file";
    EXPECT_EQ(r.scene.settings.timestep, Settings{}.timestep);
}

TEST(SceneContent, RotationDegAppliesXThenYThenZ) {
    SceneLoadResult r = withBodies(R"({"name": "x", "rotationDeg": [90, 0, 0]},
                                      {"name": "xy", "rotationDeg": [90, 90, 0]})");
    ASSERT_TRUE(r.ok()) << r.errorText();
    glm::quat qx = r.scene.bodies[0].orientation;
    const float h = std::sqrt(0.5f);
    EXPECT_NEAR(qx.w, h, 1e-6f);
    EXPECT_NEAR(qx.x, h, 1e-6f);
    EXPECT_NEAR(qx.y, 0.0f, 1e-6f);
    EXPECT_NEAR(qx.z, 0.0f, 1e-6f);
    // X by 90 takes +Y to +Z; Y by 90 then takes +Z to +X.
    expectVec(r.scene.bodies[1].orientation * glm::vec3(0.0f, 1.0f, 0.0f), {1.0f, 0.0f, 0.0f});
}

TEST(SceneContent, GridGeneratorMakesNamedBodiesOnTheGrid) {
    SceneLoadResult r = withBodies(R"({"name": "first"})",
                                   R"(, "generators": [{"type": "grid", "name": "crates", "count": [3, 2, 2],
        "spacing": [1, 2, 3], "origin": [10, 0, 0], "material": "Metal", "linearVelocity": [0, 1, 0],
        "shape": {"type": "box", "halfExtents": 0.2}}])");
    ASSERT_TRUE(r.ok()) << r.errorText();
    ASSERT_EQ(r.scene.bodies.size(), 1u + 12u);
    EXPECT_EQ(r.scene.bodies[0].name, "first") << "listed bodies come first";
    for (int i = 0; i < 12; ++i) {
        const BodyDef& b = r.scene.bodies[1 + i];
        EXPECT_EQ(b.name, "crates/" + std::to_string(i));
        EXPECT_EQ(b.material, "Metal");
        EXPECT_EQ(b.shape.type, ShapeType::Box);
        EXPECT_EQ(b.linearVelocity, glm::vec3(0.0f, 1.0f, 0.0f));
    }
    // index = i + nx (j + ny k): x fastest, then y, then z.
    expectVec(findBody(r.scene, "crates/0")->position, {10.0f, 0.0f, 0.0f});
    expectVec(findBody(r.scene, "crates/1")->position, {11.0f, 0.0f, 0.0f});
    expectVec(findBody(r.scene, "crates/3")->position, {10.0f, 2.0f, 0.0f});
    expectVec(findBody(r.scene, "crates/6")->position, {10.0f, 0.0f, 3.0f});
    expectVec(findBody(r.scene, "crates/11")->position, {12.0f, 2.0f, 3.0f});
}

TEST(SceneContent, GridGeneratorChecksItsKeys) {
    SceneLoadResult r = withBodies("", R"(, "generators": [{"type": "grid", "count": [2, 0, 1],
        "name": "g", "position": [0, 0, 0], "shape": {"radius": -2}}, {"type": "spiral"}])");
    std::string text = r.errorText();
    EXPECT_NE(text.find("generators[0].count[1]: must be an integer in [1, 100000], got 0"), std::string::npos) << text;
    EXPECT_NE(text.find("generators[0]: unknown key 'position'"), std::string::npos) << text;
    EXPECT_NE(text.find("generators[0].shape.radius: must be in [0.001, 10000], got -2"), std::string::npos) << text;
    EXPECT_NE(text.find("generators[1].type: must be one of grid, pyramid, stack, wall, chain, ragdoll"),
              std::string::npos) << text;
}

TEST(SceneCatalog, ListsEveryJsonFileSortedWithNameAndDescription) {
    std::vector<SceneCatalogEntry> entries = listScenes(std::string(TUMBLE_SOURCE_DIR) + "/scenes");
    ASSERT_GE(entries.size(), 4u);
    // Sorted by topic in sceneTopics() order, then by file name.
    auto rank = [](const SceneCatalogEntry& e) {
        std::span<const SceneTopic> topics = sceneTopics();
        for (size_t k = 0; k < topics.size(); ++k)
            if (topics[k].id == e.topic) return k;
        return topics.size();
    };
    for (size_t i = 1; i < entries.size(); ++i)
        EXPECT_LT(std::make_pair(rank(entries[i - 1]), entries[i - 1].path), std::make_pair(rank(entries[i]), entries[i].path));
    for (const SceneCatalogEntry& e : entries) {
        EXPECT_TRUE(e.error.empty()) << e.path << ": " << e.error;
        EXPECT_FALSE(e.name.empty());
        EXPECT_FALSE(e.description.empty());
    }
    std::vector<SceneCatalogEntry> data = listScenes(TUMBLE_TEST_DATA_DIR);
    for (const SceneCatalogEntry& e : data) {
        bool bad = e.path.find("bad_") != std::string::npos;
        EXPECT_EQ(!e.error.empty(), bad) << e.path << ": " << e.error;
    }
    EXPECT_TRUE(listScenes("/nonexistent").empty());
}

// --- the shipped scenes do what their descriptions say --------------------------------------

TEST(ShippedScenes, DefaultShowsEveryShapeTypeAboveAStaticGround) {
    SceneDef s = loadShipped("default.json");
    const BodyDef* ground = findBody(s, "ground");
    ASSERT_NE(ground, nullptr);
    EXPECT_EQ(ground->type, BodyType::Static);
    EXPECT_EQ(ground->shape.type, ShapeType::Box);
    for (ShapeType t : {ShapeType::Sphere, ShapeType::Box, ShapeType::Capsule, ShapeType::Hull}) {
        bool found = false;
        for (const BodyDef& b : s.bodies) found |= b.type == BodyType::Dynamic && b.shape.type == t;
        EXPECT_TRUE(found) << toString(t);
    }
}

/// Largest |r - r0| / r0 of the planet over `steps` steps.
float orbitDrift(Integrator integrator, int steps, float* finalRadius = nullptr) {
    SceneDef s = loadShipped("orbit.json");
    s.settings.integrator = integrator;
    World world = buildWorld(s);
    BodyId planet = world.findBody("planet");
    float r0 = glm::length(world.body(planet).position), worst = 0.0f;
    for (int i = 0; i < steps; ++i) {
        world.step();
        worst = std::max(worst, std::fabs(glm::length(world.body(planet).position) - r0) / r0);
    }
    if (finalRadius) *finalRadius = glm::length(world.body(planet).position);
    return worst;
}

TEST(ShippedScenes, OrbitStaysCircularWithSymplecticEulerAndSpiralsOutWithExplicitEuler) {
    const int twoOrbits = 1200; // period 2 pi r / v = 9.93 s at 60 Hz
    EXPECT_LT(orbitDrift(Integrator::SymplecticEuler, twoOrbits), 0.02f);
    EXPECT_LT(orbitDrift(Integrator::VelocityVerlet, twoOrbits), 0.02f);
    float radius = 0.0f;
    orbitDrift(Integrator::ExplicitEuler, twoOrbits, &radius);
    EXPECT_GT(radius, 5.2f) << "explicit Euler gains energy and spirals out";
}

/// Smallest dot product of the racket's body Y axis with its starting direction over 10 s.
float racketFlip(Gyroscopic gyroscopic) {
    SceneDef s = loadShipped("tennis-racket.json");
    s.settings.gyroscopic = gyroscopic;
    World world = buildWorld(s);
    BodyId racket = world.findBody("racket");
    float lowest = 1.0f;
    for (int i = 0; i < 600; ++i) {
        world.step();
        glm::vec3 axisY = world.body(racket).orientation * glm::vec3(0.0f, 1.0f, 0.0f);
        lowest = std::min(lowest, axisY.y);
    }
    return lowest;
}

TEST(ShippedScenes, TennisRacketFlipsAboutItsIntermediateAxisOnlyWithTheGyroscopicTerm) {
    EXPECT_LT(racketFlip(Gyroscopic::Explicit), -0.9f) << "the spin axis turns over";
    EXPECT_GT(racketFlip(Gyroscopic::None), 0.99f) << "without the term, w never changes";
}

TEST(ShippedScenes, ProjectilesShareSpeedAndStartAndTrackTheParabola) {
    SceneDef s = loadShipped("projectile.json");
    // 0.4 s: every ball is still in flight (the 15 degree one lands after 0.53 s).
    const int steps = 24;
    const float dt = s.settings.timestep, g = -s.settings.gravity.y, t = steps * dt;
    for (Integrator integrator : {Integrator::SymplecticEuler, Integrator::VelocityVerlet}) {
        s.settings.integrator = integrator;
        World world = buildWorld(s);
        for (int i = 0; i < steps; ++i) world.step();
        int balls = 0;
        for (const BodyDef& b : s.bodies) {
            if (b.type != BodyType::Dynamic) continue;
            ++balls;
            EXPECT_NEAR(glm::length(b.linearVelocity), 10.0f, 1e-5f) << b.name;
            EXPECT_EQ(b.position, s.bodies[1].position) << b.name;
            glm::vec3 exact = b.position + b.linearVelocity * t - glm::vec3(0.0f, 0.5f * g * t * t, 0.0f);
            glm::vec3 got = world.body(world.findBody(b.name)).position;
            EXPECT_NEAR(got.x, exact.x, 1e-3f) << b.name;
            // Symplectic Euler runs g t dt / 2 below the curve; velocity Verlet is exact.
            float below = integrator == Integrator::SymplecticEuler ? 0.5f * g * t * dt : 0.0f;
            EXPECT_NEAR(exact.y - got.y, below, 2e-3f) << b.name;
        }
        EXPECT_EQ(balls, 5);
    }
}

TEST(ShippedScenes, GearTrainWindsItsWinchTwoTurnsAndStopsTheTrain) {
    // The driver's motor asks for 2 rad/s; gears of ratio 2 and 0.25 turn the big wheel at
    // -1 rad/s and the winch at 4 rad/s, until the winch's 720-degree limit stops everything.
    SceneDef s = loadShipped("gear-train.json");
    World world = buildWorld(s);
    auto angle = [&](const char* hinge) {
        for (JointId id : world.jointIds())
            if (world.joint(id).def.name == hinge) return world.joint(id).angle;
        ADD_FAILURE() << "no joint " << hinge;
        return 0.0f;
    };
    for (int i = 0; i < 90; ++i) world.step(); // 1.5 s: up to speed, not at the limit yet
    EXPECT_NEAR(world.body(world.findBody("winch")).angularVelocity.z, 4.0f, 0.04f);
    EXPECT_NEAR(world.body(world.findBody("big wheel")).angularVelocity.z, -1.0f, 0.01f);
    for (int i = 0; i < 270; ++i) world.step(); // 6 s in all
    const float fourPi = 4.0f * glm::pi<float>();
    EXPECT_NEAR(angle("winch axle"), fourPi, 0.03f) << "two whole turns, then the limit";
    EXPECT_NEAR(angle("big axle"), -fourPi / 4.0f, 0.03f);
    EXPECT_NEAR(angle("driver axle"), fourPi / 2.0f, 0.03f);
    EXPECT_LT(std::fabs(world.body(world.findBody("driver")).angularVelocity.z), 0.01f) << "the train stopped";
}
