// Triangle meshes and height fields in the world: no bumps at internal edges, resting and
// rolling on them to closed forms, one- and two-sided faces, determinism and snapshots.
#include "../unit/mesh_fixtures.h"

#include "tumble/scene.h"
#include "tumble/world.h"
#include "unit/shape_defs.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace tumble;
using namespace tumble::test;

namespace {

constexpr float kG = 9.81f;

BodyId addStatic(World& w, ShapeDef shape, glm::vec3 position = glm::vec3(0.0f)) {
    BodyDef def;
    def.type = BodyType::Static;
    def.shape = std::move(shape);
    def.position = position;
    std::string error;
    BodyId id = w.createBody(def, &error);
    EXPECT_FALSE(id.isNull()) << error;
    return id;
}

BodyId addDynamic(World& w, ShapeDef shape, glm::vec3 position, const std::string& material) {
    BodyDef def;
    def.shape = std::move(shape);
    def.position = position;
    def.material = material;
    std::string error;
    BodyId id = w.createBody(def, &error);
    EXPECT_FALSE(id.isNull()) << error;
    return id;
}

ShapeDef meshDef(std::shared_ptr<const TriangleMesh> mesh) {
    ShapeDef s;
    s.type = ShapeType::Mesh;
    s.mesh = std::move(mesh);
    return s;
}

/// A height field sloping down along +X at `degrees`, `columns` x 5 cells of 1 m.
ShapeDef slopeField(float degrees, int columns) {
    ShapeDef s;
    s.type = ShapeType::HeightField;
    s.rows = 5;
    s.columns = columns;
    s.cellSize = {1.0f, 1.0f};
    for (int r = 0; r < s.rows; ++r)
        for (int c = 0; c < columns; ++c)
            s.heights.push_back(-std::tan(glm::radians(degrees)) * (float(c) - 0.5f * float(columns - 1)));
    return s;
}

struct Slide {
    float worstVerticalSpeed = 0.0f; ///< m/s, the largest |v_y| while sliding
    float finalX = 0.0f;             ///< m, where the box ends
};

/// A box sliding at 2 m/s along +X across a floor of 1 m tiles, two triangles each, without
/// friction, for 3.5 s (7 m: 7 seams and 7 diagonals when nothing stops it).
Slide slideAcrossTiles(bool allEdgesActive) {
    World w;
    Material ice{"Ice", 500.0f, 0.0f, 0.0f, 0.0f, {0.8f, 0.9f, 1.0f}};
    w.setMaterial(ice);
    addStatic(w, meshDef(tiledFloorMesh(14, 3, 1.0f, allEdgesActive)));
    const BodyId box = addDynamic(w, boxDef({0.25f, 0.25f, 0.25f}), {-5.5f, 0.25f, 0.1f}, "Ice");
    for (int i = 0; i < 30; ++i) w.step(); // settle onto the floor
    w.setVelocity(box, {2.0f, 0.0f, 0.0f}, glm::vec3(0.0f));
    Slide slide;
    for (int i = 0; i < 210; ++i) { // 3.5 s at 60 Hz
        w.step();
        slide.worstVerticalSpeed = std::max(slide.worstVerticalSpeed, std::fabs(w.body(box).linearVelocity.y));
    }
    slide.finalX = w.body(box).position.x;
    return slide;
}

} // namespace

TEST(MeshPhysics, BoxSlidesAcrossATiledFloorWithoutBumping) {
    const Slide smooth = slideAcrossTiles(false);
    EXPECT_LT(smooth.worstVerticalSpeed, 0.01f); // measured: 0 (to print precision)
    EXPECT_NEAR(smooth.finalX, -5.5f + 7.0f, 0.05f); // all 7 m, no speed lost at the seams
    // The same run with every edge active (no internal-edge handling): the seams kick the box
    // up (measured: up to 0.83 m/s) and it loses speed at each.
    const Slide bumpy = slideAcrossTiles(true);
    EXPECT_GT(bumpy.worstVerticalSpeed, 0.1f);
    EXPECT_LT(bumpy.finalX, smooth.finalX - 1.0f);
    RecordProperty("maxVerticalSpeedSmooth", std::to_string(smooth.worstVerticalSpeed));
    RecordProperty("maxVerticalSpeedAllEdgesActive", std::to_string(bumpy.worstVerticalSpeed));
    RecordProperty("finalXSmooth", std::to_string(smooth.finalX));
    RecordProperty("finalXAllEdgesActive", std::to_string(bumpy.finalX));
}

TEST(MeshPhysics, TheTiledFloorScenesBoxesNeverHop) {
    SceneLoadResult r = loadSceneFile(std::string(TUMBLE_SOURCE_DIR) + "/scenes/tiled-floor.json");
    ASSERT_TRUE(r.ok()) << r.errorText();
    World w = buildWorld(r.scene);
    float worst = 0.0f;
    for (int i = 0; i < 430; ++i) { // until the first box reaches the bumper
        w.step();
        for (BodyId id : w.bodyIds())
            if (w.body(id).type == BodyType::Dynamic) worst = std::max(worst, std::fabs(w.body(id).linearVelocity.y));
    }
    EXPECT_LT(worst, 0.01f); // measured: 6e-6 m/s
    EXPECT_GT(w.body(w.findBody("box/straight")).position.x, 5.5f); // 13 m on: it crossed the floor
}

TEST(MeshPhysics, SphereRestsOnAMeshAndOnAHeightFieldAtItsRadius) {
    for (bool field : {false, true}) {
        World w;
        if (field) {
            ShapeDef flat = slopeField(0.0f, 6);
            addStatic(w, flat, {0.0f, 0.0f, 0.0f});
        } else {
            addStatic(w, meshDef(tiledFloorMesh(4, 4, 1.0f)));
        }
        // Over a tile's diagonal and near a corner, where several triangles meet.
        const BodyId a = addDynamic(w, sphereDef(0.5f), {0.3f, 0.7f, 0.3f}, "Rock");
        const BodyId b = addDynamic(w, sphereDef(0.5f), {-1.0f, 0.6f, 1.0f}, "Rock");
        for (int i = 0; i < 180; ++i) w.step();
        for (BodyId id : {a, b}) {
            const Body& s = w.body(id);
            EXPECT_NEAR(s.position.y, 0.5f, w.settings().solver.slop) << (field ? "height field" : "mesh");
            EXPECT_LT(glm::length(s.linearVelocity), 1e-3f);
        }
    }
}

TEST(MeshPhysics, SphereRollsDownAHeightFieldSlopeAtFiveSeventhsGSinTheta) {
    const float theta = 12.0f;
    World w;
    addStatic(w, slopeField(theta, 30));
    // Start resting on the slope near its top (x = -12), the centre r above the surface.
    const float r = 0.3f, x0 = -12.0f;
    const glm::vec3 up(std::sin(glm::radians(theta)), std::cos(glm::radians(theta)), 0.0f);
    const glm::vec3 surface(x0, -std::tan(glm::radians(theta)) * x0, 0.2f);
    const BodyId ball = addDynamic(w, sphereDef(r), surface + r * up, "Rock");
    const glm::vec3 start = w.body(ball).position;
    const int steps = 150; // 2.5 s
    for (int i = 0; i < steps; ++i) w.step();
    const float t = float(steps) / 60.0f;
    const float expected = 0.5f * (5.0f / 7.0f) * kG * std::sin(glm::radians(theta)) * t * t;
    const float travelled = glm::length(w.body(ball).position - start);
    EXPECT_NEAR(travelled, expected, 0.03f * expected);
    RecordProperty("rolledOverExpected", std::to_string(travelled / expected));
}

TEST(MeshPhysics, OneSidedFloorLetsASphereUpThroughTwoSidedDoesNot) {
    for (bool twoSided : {false, true}) {
        World w;
        addStatic(w, meshDef(tiledFloorMesh(4, 4, 1.0f, false, twoSided)));
        BodyDef def;
        def.shape = sphereDef(0.3f);
        def.position = {0.2f, -1.0f, 0.1f};
        def.linearVelocity = {0.0f, 4.0f, 0.0f};
        def.gravityScale = 0.0f;
        const BodyId ball = w.createBody(def);
        for (int i = 0; i < 60; ++i) w.step();
        if (twoSided) EXPECT_LT(w.body(ball).position.y, -0.25f);
        else EXPECT_GT(w.body(ball).position.y, 1.0f);
    }
}

TEST(MeshPhysics, RunsOverAMeshAreDeterministicAndSnapshotsResumeBitForBit) {
    SceneLoadResult r = loadSceneFile(std::string(TUMBLE_SOURCE_DIR) + "/scenes/tiled-floor.json");
    ASSERT_TRUE(r.ok()) << r.errorText();
    World straight = buildWorld(r.scene), again = buildWorld(r.scene), first = buildWorld(r.scene);
    for (int i = 0; i < 240; ++i) straight.step(), again.step();
    EXPECT_EQ(straight.stateHash(), again.stateHash());
    for (int i = 0; i < 100; ++i) first.step();
    EXPECT_FALSE(first.contacts().empty());
    SceneLoadResult snap = parseScene(writeSnapshot(r.scene, first), "snapshot.json");
    ASSERT_TRUE(snap.ok()) << snap.errorText();
    World resumed = buildWorld(snap.scene);
    EXPECT_EQ(resumed.stateHash(), first.stateHash());
    for (int i = 100; i < 240; ++i) resumed.step();
    EXPECT_EQ(resumed.stateHash(), straight.stateHash());
}
