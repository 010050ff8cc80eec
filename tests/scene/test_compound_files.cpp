// The `compound` shape key of scene files: read, checked with path-qualified errors, and written
// back by snapshots so that the world they load steps like the original.
#include "tumble/scene.h"

#include <gtest/gtest.h>

using namespace tumble;

namespace {

std::string sceneWithShape(const std::string& shape, const std::string& bodyExtra = "") {
    return R"({"format": "tumble-scene", "version": 1, "bodies": [
      {"name": "floor", "type": "static", "shape": {"type": "box", "halfExtents": [5, 0.5, 5]}, "position": [0, -0.5, 0]},
      {"name": "thing", "position": [0, 1, 0], "shape": )" +
           shape + bodyExtra + "}]}";
}

const char* kDumbbell = R"({"type": "compound", "children": [
    {"shape": {"type": "sphere", "radius": 0.2}, "position": [-0.5, 0, 0]},
    {"shape": {"type": "sphere", "radius": 0.2}, "position": [0.5, 0, 0]},
    {"shape": {"type": "cylinder", "radius": 0.05, "halfHeight": 0.3}, "rotationDeg": [0, 0, 90]}]})";

std::string firstError(const std::string& text) {
    SceneLoadResult r = parseScene(text, "c.json");
    return r.errors.empty() ? std::string("(no error)") : r.errors[0].format();
}

} // namespace

TEST(CompoundFiles, ADumbbellLoadsWithItsThreeChildren) {
    SceneLoadResult r = parseScene(sceneWithShape(kDumbbell), "c.json");
    ASSERT_TRUE(r.ok()) << r.errorText();
    World w = buildWorld(r.scene);
    const Body& b = w.body(w.findBody("thing"));
    ASSERT_EQ(b.shape.type, ShapeType::Compound);
    ASSERT_EQ(partCount(b.shape), 3u);
    // Symmetric about the body's origin: the centre of mass is where the body was put.
    EXPECT_NEAR(glm::length(b.position - glm::vec3(0, 1, 0)), 0.0f, 1e-6f);
    // The bar was turned to lie along X.
    const glm::quat bar = b.shape.compound->children[2].orientation;
    EXPECT_NEAR(std::abs((bar * glm::vec3(0, 1, 0)).x), 1.0f, 1e-6f);
}

TEST(CompoundFiles, BadChildrenAreNamedByTheirPath) {
    EXPECT_EQ(firstError(sceneWithShape(R"({"type": "compound"})")),
              "c.json: bodies[1].shape: missing required key 'children'");
    EXPECT_EQ(firstError(sceneWithShape(R"({"type": "compound", "children": []})")),
              "c.json: bodies[1].shape.children: must be an array of 1 to 64 children such as "
              "{\"shape\": {\"type\": \"box\"}, \"position\": [0, 0, 0]}, got 0 children");
    EXPECT_EQ(firstError(sceneWithShape(R"({"type": "compound", "children": [{"shape": {"type": "plane"}}]})")),
              "c.json: bodies[1].shape.children[0].shape.type: a compound's child must be a sphere, box, "
              "capsule, cylinder or hull, got plane");
    EXPECT_EQ(firstError(sceneWithShape(
                  R"({"type": "compound", "children": [{"shape": {"type": "sphere", "radius": -1}}]})")),
              "c.json: bodies[1].shape.children[0].shape.radius: must be in [0.001, 10000], got -1");
    EXPECT_EQ(firstError(sceneWithShape(R"({"type": "compound", "children": [{"position": [0, 0, 0]}]})")),
              "c.json: bodies[1].shape.children[0]: missing required key 'shape'");
    EXPECT_EQ(firstError(sceneWithShape(
                  R"({"type": "compound", "children": [{"shape": {"type": "box"}, "positon": [0, 0, 0]}]})")),
              "c.json: bodies[1].shape.children[0]: unknown key 'positon' (did you mean 'position'?)");
    EXPECT_EQ(firstError(sceneWithShape(
                  R"({"type": "compound", "children": [{"shape": {"type": "compound", "children": [{"shape": {"type": "box"}}]}}]})")),
              "c.json: bodies[1].shape.children[0].shape.type: a compound's child must be a sphere, box, "
              "capsule, cylinder or hull, got compound");
}

TEST(CompoundFiles, ASnapshotOfAFallingDumbbellResumesBitForBit) {
    SceneLoadResult r = parseScene(sceneWithShape(kDumbbell, R"(, "angularVelocity": [0.3, 1, 0.2])"), "c.json");
    ASSERT_TRUE(r.ok()) << r.errorText();
    World original = buildWorld(r.scene);
    for (int i = 0; i < 50; ++i) original.step(); // touching the floor by now
    const std::string text = writeSnapshot(r.scene, original);
    EXPECT_NE(text.find("\"children\""), std::string::npos);
    SceneLoadResult again = parseScene(text, "snap.json");
    ASSERT_TRUE(again.ok()) << again.errorText();
    World resumed = buildWorld(again.scene);
    EXPECT_EQ(resumed.stateHash(), original.stateHash());
    for (int i = 0; i < 100; ++i) {
        original.step();
        resumed.step();
    }
    EXPECT_EQ(resumed.stateHash(), original.stateHash());
    const Body& b = resumed.body(resumed.findBody("thing"));
    EXPECT_NEAR(b.position.y, 0.2f, 0.01f) << "resting on its balls";
}
