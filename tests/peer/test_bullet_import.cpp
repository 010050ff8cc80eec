// Bullet worlds imported (tumble/bullet_import.h): the scene JSON each Bullet shape, body and
// joint becomes (values read off the emitted text), the mixed world loading and stepping with
// its compounds and mesh, the unmapped list's exact text, the errors for missing and broken
// files, and the generator's files against the committed ones.
#include "tumble/bullet_import.h"

#include "bullet_import_parts.h" // runIsolated

#include <gtest/gtest.h>
#include <glm/vec4.hpp>
#include <nlohmann/json.hpp>

#include <cmath>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

namespace {

using Json = nlohmann::json;
namespace fs = std::filesystem;

const std::string kData = std::string(TUMBLE_TEST_DATA_DIR) + "/bullet/";

Json importedScene(const std::string& path) {
    const tumble::BulletImport imported = tumble::importBulletFile(path);
    EXPECT_TRUE(imported.ok()) << imported.error;
    return Json::parse(imported.sceneText);
}

const Json& named(const Json& list, const std::string& name) {
    for (const Json& item : list)
        if (item.at("name") == name) return item;
    ADD_FAILURE() << "nothing named " << name;
    static const Json none;
    return none;
}

float f(const Json& j) { return j.get<float>(); }

/// The mass Tumble gives a body: its material's density times its shape's volume.
float density(const Json& scene, const Json& body) {
    return f(named(scene.at("materials"), body.at("material").get<std::string>()).at("density"));
}

class MixedWorld : public ::testing::Test {
protected:
    static void SetUpTestSuite() { scene = new Json(importedScene(kData + "mixed.bullet")); }
    static void TearDownTestSuite() { delete scene; }
    static const Json& body(const std::string& name) { return named(scene->at("bodies"), name); }
    static const Json& joint(const std::string& name) { return named(scene->at("joints"), name); }
    static Json* scene;
};
Json* MixedWorld::scene = nullptr;

TEST_F(MixedWorld, SettingsCarryTheFilesGravityTimeStepIterationsAndBulletsMultiplyCombine) {
    const Json& s = scene->at("settings");
    EXPECT_FLOAT_EQ(f(s.at("gravity")[1]), -9.81f);
    EXPECT_FLOAT_EQ(f(s.at("timestep")), 1.0f / 60.0f);
    EXPECT_EQ(s.at("solver").at("velocityIterations"), 10);
    EXPECT_EQ(s.at("frictionCombine"), "multiply");
    EXPECT_EQ(s.at("restitutionCombine"), "multiply");
}

TEST_F(MixedWorld, SphereKeepsRadiusMassVelocitiesFrictionRestitutionAndDamping) {
    const Json& ball = body("ball");
    EXPECT_EQ(ball.at("shape"), Json({{"type", "sphere"}, {"radius", 0.25}}));
    const float volume = 4.0f / 3.0f * 3.14159265f * 0.25f * 0.25f * 0.25f;
    EXPECT_NEAR(density(*scene, ball) * volume, 1.5f, 1e-5f); // Bullet's mass, kg
    EXPECT_EQ(ball.at("linearVelocity"), Json({1.0, 2.0, 3.0}));
    EXPECT_EQ(ball.at("angularVelocity"), Json({0.5, 0.0, -0.5}));
    const Json& material = named(scene->at("materials"), ball.at("material").get<std::string>());
    EXPECT_FLOAT_EQ(f(material.at("staticFriction")), 0.8f);
    EXPECT_FLOAT_EQ(f(material.at("dynamicFriction")), 0.8f);
    EXPECT_FLOAT_EQ(f(material.at("restitution")), 0.6f);
    // Bullet keeps (1 - 0.1)^dt per step; Tumble divides by 1 + dt c: equal per step at dt = 1/60.
    const double dt = 1.0 / 60.0;
    EXPECT_NEAR(1.0 / (1.0 + dt * f(ball.at("linearDamping"))), std::pow(0.9, dt), 1e-7);
    EXPECT_NEAR(1.0 / (1.0 + dt * f(ball.at("angularDamping"))), std::pow(0.8, dt), 1e-7);
}

TEST_F(MixedWorld, BoxKeepsItsHalfExtentsAndMass) {
    const Json& crate = body("crate");
    EXPECT_EQ(crate.at("shape").at("type"), "box");
    EXPECT_EQ(crate.at("shape").at("halfExtents"), Json({0.5, 0.25, 0.75}));
    EXPECT_NEAR(density(*scene, crate) * 8.0f * 0.5f * 0.25f * 0.75f, 3.0f, 1e-5f);
    EXPECT_EQ(crate.at("position"), Json({2.0, 1.0, 0.0}));
}

TEST_F(MixedWorld, CapsuleAlongYIsACapsuleAndAlongXOrZIsACompoundOfOneTurnedCapsule) {
    EXPECT_EQ(body("capsuleY").at("shape"), Json({{"type", "capsule"}, {"radius", 0.200000003}, {"halfHeight", 0.400000006}}));
    const float h = std::sqrt(0.5f);
    // Turning local Y onto X is -90 degrees about Z; onto Z, +90 degrees about X.
    const std::pair<std::string, glm::vec4> turns[] = {{"capsuleX", {h, 0, 0, -h}}, {"capsuleZ", {h, h, 0, 0}}};
    for (const auto& [name, q] : turns) {
        const Json& shape = body(name).at("shape");
        ASSERT_EQ(shape.at("type"), "compound") << name;
        ASSERT_EQ(shape.at("children").size(), 1u);
        const Json& child = shape.at("children")[0];
        EXPECT_EQ(child.at("shape").at("type"), "capsule");
        EXPECT_EQ(child.at("position"), Json({0.0, 0.0, 0.0}));
        for (int k = 0; k < 4; ++k) EXPECT_NEAR(f(child.at("orientation")[k]), q[k], 1e-6f) << name;
    }
}

TEST_F(MixedWorld, CylindersKeepRadiusAndHalfHeightAlongTheirAxis) {
    EXPECT_EQ(body("cylinderY").at("shape"), Json({{"type", "cylinder"}, {"radius", 0.300000012}, {"halfHeight", 0.5}}));
    for (const char* name : {"cylinderX", "cylinderZ"}) {
        const Json& child = body(name).at("shape").at("children")[0];
        EXPECT_EQ(child.at("shape"), Json({{"type", "cylinder"}, {"radius", 0.300000012}, {"halfHeight", 0.5}})) << name;
    }
    // pi r^2 2h at Bullet's 2 kg.
    EXPECT_NEAR(density(*scene, body("cylinderX")) * 3.14159265f * 0.09f * 1.0f, 2.0f, 1e-5f);
}

TEST_F(MixedWorld, HullKeepsItsPointsAndCompoundItsChildrenPoses) {
    EXPECT_EQ(body("hull").at("shape").at("points"), Json({{0.0, 0.0, 0.0}, {1.0, 0.0, 0.0}, {0.0, 1.0, 0.0}, {0.0, 0.0, 1.0}}));
    EXPECT_NEAR(density(*scene, body("hull")) / 6.0f, 1.0f, 1e-5f); // unit tetrahedron, 1 kg
    const Json& dumbbell = body("dumbbell");
    const Json& children = dumbbell.at("shape").at("children");
    ASSERT_EQ(children.size(), 2u);
    EXPECT_EQ(children[0].at("shape").at("type"), "box");
    EXPECT_EQ(children[0].at("position"), Json({-0.5, 0.0, 0.0}));
    EXPECT_EQ(children[1].at("shape"), Json({{"type", "sphere"}, {"radius", 0.25}}));
    EXPECT_NEAR(f(children[1].at("orientation")[3]), std::sqrt(0.5f), 1e-6f); // 90 degrees about Z
    EXPECT_NEAR(f(dumbbell.at("orientation")[2]), std::sin(0.25f), 1e-6f);    // 0.5 rad about Y
    const float volume = 0.064f + 4.0f / 3.0f * 3.14159265f * 0.25f * 0.25f * 0.25f;
    EXPECT_NEAR(density(*scene, dumbbell) * volume, 2.0f, 1e-5f);
}

TEST_F(MixedWorld, PlaneMeshAndKinematicBodiesKeepTheirTypes) {
    EXPECT_EQ(body("ground").at("shape"), Json({{"type", "plane"}, {"normal", {0.0, 1.0, 0.0}}, {"offset", 0.0}}));
    EXPECT_EQ(body("ground").at("type"), "static");
    const Json& ramp = body("ramp");
    EXPECT_EQ(ramp.at("type"), "static");
    EXPECT_EQ(ramp.at("shape"), Json({{"type", "mesh"},
                                      {"vertices", {{-1.0, 0.0, -1.0}, {1.0, 0.0, -1.0}, {1.0, 0.5, 1.0}, {-1.0, 0.5, 1.0}}},
                                      {"indices", {{0, 2, 1}, {0, 3, 2}}},
                                      {"twoSided", true}}));
    EXPECT_EQ(body("lift").at("type"), "kinematic");
    EXPECT_EQ(body("lift").at("linearVelocity"), Json({0.0, 0.5, 0.0}));
}

TEST_F(MixedWorld, PointToPointHingeSliderAndFixedBecomeTumbleJoints) {
    EXPECT_EQ(joint("pendulum"), Json({{"type", "ballSocket"}, {"name", "pendulum"}, {"bodyA", nullptr},
                                       {"bodyB", "bob"}, {"anchor", {0.0, 5.0, 8.0}}}));
    const Json& hinge = joint("door hinge");
    EXPECT_EQ(hinge.at("bodyA"), "frame");
    EXPECT_EQ(hinge.at("bodyB"), "door");
    EXPECT_EQ(hinge.at("anchor"), Json({2.29999995, 3.0, 8.0}));
    // Bullet's hinge angle is minus B's turn about A's axis: Tumble's axis is the opposite one.
    EXPECT_EQ(hinge.at("axis"), Json({-0.0, -1.0, -0.0}));
    EXPECT_EQ(hinge.at("limits"), Json({-0.5, 1.0}));
    // 0.05 N m s per step at 60 steps per second.
    EXPECT_EQ(hinge.at("motor"), Json({{"speed", 2.0}, {"maxTorque", 3.0}}));
    const Json& slide = joint("slide");
    EXPECT_EQ(slide.at("type"), "slider");
    EXPECT_EQ(slide.at("anchor"), Json({4.5, 3.0, 8.0}));
    EXPECT_EQ(slide.at("axis"), Json({1.0, 0.0, 0.0}));
    EXPECT_EQ(slide.at("limits"), Json({-0.25, 0.75}));
    EXPECT_EQ(joint("weld"), Json({{"type", "fixed"}, {"name", "weld"}, {"bodyA", "weldA"}, {"bodyB", "weldB"},
                                   {"anchor", {6.25, 3.0, 8.0}}}));
}

TEST_F(MixedWorld, SixDofAxesLandOnTumblesFrameWithLimitsAndMotor) {
    const Json& six = joint("six");
    EXPECT_EQ(six.at("type"), "sixDof");
    EXPECT_EQ(six.at("axis"), Json({1.0, 0.0, 0.0}));
    // Tumble's y for an x axis is +Z (x cross Y) and its z is -Y: Bullet's z axis becomes
    // Tumble's y, Bullet's y (measured the other way) Tumble's z.
    EXPECT_EQ(six.at("linear"), Json({{{"mode", "limited"}, {"limits", {-0.100000001, 0.200000003}}},
                                      {{"mode", "free"}},
                                      {{"mode", "locked"}}}));
    EXPECT_EQ(six.at("angular"),
              Json({{{"mode", "locked"}},
                    {{"mode", "free"}},
                    {{"mode", "limited"},
                     {"limits", {-0.400000006, 0.300000012}},
                     {"motor", {{"speed", -1.5}, {"maxTorque", 3.0}}}}}));
}

TEST_F(MixedWorld, GearCouplesTheHingesOfItsTwoBodiesWithBulletsRatio) {
    EXPECT_EQ(joint("axleA").at("axis"), Json({0.0, 0.0, 1.0}));
    EXPECT_EQ(joint("axleB").at("axis"), Json({0.0, 0.0, -1.0}));
    EXPECT_EQ(joint("mesh"), Json({{"type", "gear"}, {"name", "mesh"}, {"hingeA", "axleA"}, {"hingeB", "axleB"},
                                   {"ratio", 2.0}}));
    // Gears come after the hinges they name.
    EXPECT_EQ(scene->at("joints").back().at("name"), "mesh");
}

TEST(BulletImport, UnmappedListNamesEachBulletClassAndWhy) {
    const tumble::BulletImport imported = tumble::importBulletFile(kData + "mixed.bullet");
    ASSERT_TRUE(imported.ok()) << imported.error;
    const std::vector<std::string> expected = {
        "btRigidBody 'capsuleY': Bullet's inertia (0.1333, 0.02667, 0.1333) kg m^2 about its origin is not the "
        "uniform-density one, (0.1065, 0.019, 0.1065) about the centre of mass (0, 0, 0); Tumble uses its own "
        "(approximated)",
        "btRigidBody 'capsuleX': Bullet's inertia (0.02667, 0.1333, 0.1333) kg m^2 about its origin is not the "
        "uniform-density one, (0.019, 0.1065, 0.1065) about the centre of mass (0, 0, 0); Tumble uses its own "
        "(approximated)",
        "btRigidBody 'capsuleZ': Bullet's inertia (0.1333, 0.1333, 0.02667) kg m^2 about its origin is not the "
        "uniform-density one, (0.1065, 0.1065, 0.019) about the centre of mass (0, 0, 0); Tumble uses its own "
        "(approximated)",
        "btRigidBody 'hull': Bullet's inertia (0.2563, 0.2563, 0.2563) kg m^2 about its origin is not the "
        "uniform-density one, (0.075, 0.075, 0.075) about the centre of mass (0.25, 0.25, 0.25); Tumble uses its "
        "own (approximated)",
        "btRigidBody 'dumbbell': Bullet's inertia (0.08333, 0.3921, 0.3921) kg m^2 about its origin is not the "
        "uniform-density one, (0.05165, 0.5516, 0.5516) about the centre of mass (0.0056, 0, 0); Tumble uses its "
        "own (approximated)",
        "btConeShape on body 'cone': no Tumble shape (body left out)",
        "btConeTwistConstraint 'shoulder': not imported (its two swing spans and twist span have no mapping onto "
        "Tumble's coneTwist yet)",
    };
    EXPECT_EQ(imported.unmapped, expected);
    // The box, sphere and cylinder have Bullet's own inertia: they are not listed.
    const Json scene = Json::parse(imported.sceneText);
    EXPECT_EQ(scene.at("bodies").size(), 26u); // 27 in the file, the cone left out
}

TEST(BulletImport, FreeFallWorldLoadsAsAnOrdinaryScene) {
    std::vector<std::string> unmapped;
    const tumble::SceneLoadResult loaded = tumble::loadWorldFile(kData + "falling.bullet", unmapped);
    ASSERT_TRUE(loaded.ok()) << loaded.errorText();
    EXPECT_TRUE(unmapped.empty());
    ASSERT_EQ(loaded.scene.bodies.size(), 3u);
    EXPECT_EQ(loaded.scene.bodies[1].name, "ball");
    EXPECT_EQ(loaded.scene.bodies[2].name, "crate");
    EXPECT_EQ(loaded.scene.bodies[0].shape.type, tumble::ShapeType::Plane);
    EXPECT_EQ(loaded.scene.name, "falling");
}

TEST(BulletImport, TheMixedWorldWithItsCompoundsAndMeshLoadsAndSettles) {
    // Every shape the import maps, compounds (X and Z capsules and cylinders, a dumbbell) and
    // a triangle-mesh ramp included, loads as a scene and steps: nothing falls through the
    // ground or leaves the world, and every body stays finite.
    std::vector<std::string> unmapped;
    const tumble::SceneLoadResult loaded = tumble::loadWorldFile(kData + "mixed.bullet", unmapped);
    ASSERT_TRUE(loaded.ok()) << loaded.errorText();
    tumble::World world = tumble::buildWorld(loaded.scene);
    int compounds = 0, meshes = 0;
    for (tumble::BodyId id : world.bodyIds()) {
        compounds += world.body(id).shape.type == tumble::ShapeType::Compound;
        meshes += world.body(id).shape.type == tumble::ShapeType::Mesh;
    }
    EXPECT_GE(compounds, 3);
    EXPECT_EQ(meshes, 1);
    for (int i = 0; i < 180; ++i) world.step();
    for (tumble::BodyId id : world.bodyIds()) {
        const tumble::Body& b = world.body(id);
        EXPECT_GT(b.position.y, -0.5f) << b.name << " fell through the ground";
        EXPECT_LT(glm::length(b.linearVelocity), 20.0f) << b.name;
    }
}

/// A file with `bytes`, in the test's scratch folder.
std::string writeScratch(const std::string& name, const std::string& bytes) {
    fs::create_directories(TUMBLE_BUILD_SCRATCH_DIR);
    const std::string path = std::string(TUMBLE_BUILD_SCRATCH_DIR) + "/" + name;
    std::ofstream(path, std::ios::binary) << bytes;
    return path;
}

std::string fileBytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

TEST(BulletImport, MissingTruncatedAndForeignFilesGiveAnErrorNamingTheFile) {
    EXPECT_EQ(tumble::importBulletFile("no/such/world.bullet").error, "no/such/world.bullet: no such file");
    const std::string whole = fileBytes(kData + "falling.bullet");
    const std::string truncated = writeScratch("truncated.bullet", whole.substr(0, 1000));
    EXPECT_EQ(tumble::importBulletFile(truncated).error,
              truncated + ": truncated (the chunk at byte 956 runs past the end of the file)");
    const std::string headerOnly = writeScratch("header.bullet", whole.substr(0, 12));
    EXPECT_EQ(tumble::importBulletFile(headerOnly).error,
              headerOnly + ": broken (no DNA1 chunk describing its structures)");
    const std::string json = writeScratch("scene.bullet", "{\"format\": \"tumble-scene\"}");
    EXPECT_EQ(tumble::importBulletFile(json).error, json + ": not a Bullet file (it does not start with \"BULLET\")");
    // Through the loader the front doors use: one error, nothing imported.
    std::vector<std::string> unmapped = {"stale"};
    const tumble::SceneLoadResult loaded = tumble::loadWorldFile(truncated, unmapped);
    EXPECT_FALSE(loaded.ok());
    EXPECT_EQ(loaded.errorText(), truncated + ": truncated (the chunk at byte 956 runs past the end of the file)\n");
    EXPECT_TRUE(unmapped.empty());
}

// Corrupt bytes inside a file's chunks can crash Bullet's loader (random corruptions of
// falling.bullet did in 23 of 30 tries), or send it reading for ever: the import runs in a
// child process, and a child that dies gives an error instead of taking the caller with it.
// A real corrupt file crashes at a place that depends on memory layout, so the child here
// crashes on purpose.
TEST(BulletImport, AnImportThatCrashesIsAnErrorAndTheCallerGoesOn) {
    tumble::BulletImport out;
    const std::string failure = tumble::peer::runIsolated(
        [] {
            std::raise(SIGSEGV);
            return tumble::BulletImport{};
        },
        out);
    EXPECT_EQ(failure, "broken (Bullet's loader crashed reading it: Segmentation fault)");
    // A child that finishes hands its whole result back.
    const std::string done = tumble::peer::runIsolated(
        [] {
            tumble::BulletImport r;
            r.sceneText = "{}";
            r.unmapped = {"a", "b"};
            return r;
        },
        out);
    EXPECT_EQ(done, "");
    EXPECT_EQ(out.sceneText, "{}");
    EXPECT_EQ(out.unmapped, (std::vector<std::string>{"a", "b"}));
}

TEST(BulletImport, OnlyTheBulletExtensionGoesToTheImporter) {
    EXPECT_TRUE(tumble::isBulletPath("a/world.bullet"));
    EXPECT_TRUE(tumble::isBulletPath("WORLD.BULLET"));
    EXPECT_FALSE(tumble::isBulletPath("world.json"));
    EXPECT_FALSE(tumble::isBulletPath("bullet"));
}

// The catalogue ships the import of its .bullet with a lesson added (the catalogue lists scene
// files, and a lesson has no place in a .bullet): the world itself must stay the import's.
TEST(BulletImport, CatalogueSceneIsTheImportOfItsBulletFileWithALesson) {
    const std::string scenes = std::string(TUMBLE_SOURCE_DIR) + "/scenes/";
    const Json imported = importedScene(scenes + "imported-bullet-world.bullet");
    std::ifstream in(scenes + "imported-bullet-world.json");
    const Json catalogue = Json::parse(in);
    for (const char* key : {"settings", "materials", "bodies", "joints"})
        EXPECT_EQ(catalogue.at(key), imported.at(key)) << key << " differs from the import of the .bullet";
    EXPECT_TRUE(catalogue.contains("lesson"));
}

TEST(BulletImport, GeneratorWritesFilesThatImportLikeTheCommittedOnes) {
    const std::string out = std::string(TUMBLE_BUILD_SCRATCH_DIR) + "/generated";
    fs::create_directories(out);
    const std::string command = std::string(TUMBLE_BULLET_GENERATOR) + " " + out + " " + out;
    ASSERT_EQ(std::system(command.c_str()), 0) << command;
    const std::pair<std::string, std::string> files[] = {
        {kData + "falling.bullet", out + "/falling.bullet"},
        {kData + "mixed.bullet", out + "/mixed.bullet"},
        {std::string(TUMBLE_SOURCE_DIR) + "/scenes/imported-bullet-world.bullet", out + "/imported-bullet-world.bullet"}};
    for (const auto& [committed, generated] : files) {
        const tumble::BulletImport a = tumble::importBulletFile(committed), b = tumble::importBulletFile(generated);
        ASSERT_TRUE(a.ok() && b.ok()) << a.error << b.error;
        EXPECT_EQ(a.sceneText, b.sceneText) << committed << " differs from what the generator writes now";
        EXPECT_EQ(a.unmapped, b.unmapped) << committed;
    }
}

} // namespace
