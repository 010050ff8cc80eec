// The `mesh` and `heightfield` scene keys (mesh_reader.cpp): inline, OBJ and PNG forms, the
// snapshot writer's round trip, and every error with its exact text.
#include "shapes/triangle_mesh.h"
#include "tumble/scene.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

using namespace tumble;

namespace {

const std::string kDataDir = TUMBLE_TEST_DATA_DIR;

/// A scene with one static body whose shape is `shape` (JSON text), parsed as if it were a
/// file in tests/data, so file names resolve there.
SceneLoadResult withShape(const std::string& shape, const std::string& bodyType = "static") {
    const std::string text = R"({"format": "tumble-scene", "version": 1, "bodies": [{"type": ")" + bodyType +
                             R"(", "position": [0, 0, 0], "shape": )" + shape + "}]}";
    return parseScene(text, kDataDir + "/scene.json");
}

/// The one error of a scene that must fail, as "path: message".
std::string errorOf(const std::string& shape, const std::string& bodyType = "static") {
    SceneLoadResult r = withShape(shape, bodyType);
    if (r.errors.size() != 1) return "expected one error, got:\n" + r.errorText();
    return r.errors[0].path + ": " + r.errors[0].message;
}

const TriangleMesh& meshOf(const SceneLoadResult& r) { return *r.scene.bodies.at(0).shape.mesh; }

} // namespace

TEST(MeshFiles, InlineMeshLoadsAndBuildsAStaticBody) {
    SceneLoadResult r = withShape(R"({"type": "mesh", "vertices": [[0,0,0],[0,0,1],[1,0,0]], "indices": [[0,1,2]], "twoSided": true})");
    ASSERT_TRUE(r.ok()) << r.errorText();
    EXPECT_EQ(meshOf(r).triangles.size(), 1u);
    EXPECT_TRUE(meshOf(r).twoSided);
    World w = buildWorld(r.scene);
    const Body& b = w.body(w.bodyIds()[0]);
    EXPECT_EQ(b.shape.type, ShapeType::Mesh);
    EXPECT_EQ(b.shape.mesh.get(), &meshOf(r)); // built once, while reading
    EXPECT_EQ(b.invMass, 0.0f);
}

TEST(MeshFiles, ObjFileIsReadRelativeToTheSceneAndQuadsAreFanned) {
    SceneLoadResult r = withShape(R"({"type": "mesh", "file": "mesh_floor.obj"})");
    ASSERT_TRUE(r.ok()) << r.errorText();
    const TriangleMesh& m = meshOf(r);
    ASSERT_EQ(m.vertices.size(), 6u);
    ASSERT_EQ(m.triangles.size(), 4u);
    EXPECT_EQ(m.triangles[2], (std::array<uint32_t, 3>{1, 4, 5})); // "2/1/1 5/2/1 6/3/1": the vertex indices
    for (const glm::vec3& n : m.normals) EXPECT_NEAR(n.y, 1.0f, 1e-6f);
    // The shared edge x = 0 is a flat seam: inactive on both sides; 6 border edges are active.
    int active = 0;
    for (uint8_t e : m.activeEdges) active += (e & 1) + ((e >> 1) & 1) + ((e >> 2) & 1);
    EXPECT_EQ(active, 6);
}

TEST(MeshFiles, PngHeightFieldScalesSixteenBitValues) {
    SceneLoadResult r = withShape(R"({"type": "heightfield", "png": "mesh_terrain.png", "heightScale": 2.2, "cellSize": [0.5, 1]})");
    ASSERT_TRUE(r.ok()) << r.errorText();
    const ShapeDef& s = r.scene.bodies[0].shape;
    EXPECT_EQ(s.rows, 3);
    EXPECT_EQ(s.columns, 4);
    // Pixel i holds round(65535 i / 11): heights 2.2 i / 11 = 0.2 i.
    for (int i = 0; i < 12; ++i) EXPECT_NEAR(s.heights[size_t(i)], 0.2f * float(i), 1e-4f) << i;
    EXPECT_EQ(meshOf(r).triangles.size(), 12u);
    EXPECT_NEAR(meshOf(r).vertices[5].x, -0.25f, 1e-6f); // column 1 of 4, cells 0.5 wide, centred
}

TEST(MeshFiles, SnapshotWritesMeshesInlineAndLoadsThemBackIdentically) {
    for (const char* shape : {R"({"type": "mesh", "file": "mesh_floor.obj", "twoSided": true})",
                              R"({"type": "heightfield", "png": "mesh_terrain.png", "heightScale": 3, "cellSize": [0.7, 0.3]})",
                              R"({"type": "heightfield", "rows": 2, "columns": 2, "cellSize": [1, 1], "heights": [0.1, 0.2, 0.3, 0.4]})"}) {
        SceneLoadResult r = withShape(shape);
        ASSERT_TRUE(r.ok()) << r.errorText();
        World w = buildWorld(r.scene);
        SceneLoadResult back = parseScene(writeSnapshot(r.scene, w), "/nowhere/snapshot.json");
        ASSERT_TRUE(back.ok()) << back.errorText();
        const TriangleMesh &a = meshOf(r), &b = meshOf(back);
        EXPECT_EQ(a.vertices, b.vertices) << shape;
        EXPECT_EQ(a.triangles, b.triangles) << shape;
        EXPECT_EQ(a.twoSided, b.twoSided) << shape;
        EXPECT_EQ(a.activeEdges, b.activeEdges) << shape;
        EXPECT_EQ(buildWorld(back.scene).stateHash(), w.stateHash()) << shape;
    }
}

TEST(MeshFiles, BadMeshesGiveExactPathQualifiedErrors) {
    EXPECT_EQ(errorOf(R"({"type": "mesh", "vertices": [[0,0,0],[1,0,0],[2,0,0],[0,0,1]], "indices": [[0,3,1],[0,1,2]]})"),
              "bodies[0].shape.indices[1]: triangle 1 has zero area");
    EXPECT_EQ(errorOf(R"({"type": "mesh", "vertices": [[0,0,0],[1,0,0],[0,0,1]], "indices": [[0,2,3]]})"),
              "bodies[0].shape.indices[0]: triangle 0 uses vertex 3, but there are only 3 vertices");
    EXPECT_EQ(errorOf(R"({"type": "mesh", "vertices": [[0,0,0],[1,0,1e999],[0,0,1]], "indices": [[0,2,1]]})"),
              "bodies[0].shape.vertices[1][2]: must be a finite number within float range (|x| <= 3.40282e+38), got 1e999");
    EXPECT_EQ(errorOf(R"({"type": "mesh", "file": "mesh_bad_nan.obj"})"),
              "bodies[0].shape.file: 'mesh_bad_nan.obj' line 3: vertex 2 has a coordinate 'nan' outside [-10000, 10000]");
    EXPECT_EQ(errorOf(R"({"type": "mesh", "file": "missing.obj"})"),
              "bodies[0].shape.file: cannot read 'missing.obj' (" + kDataDir + "/missing.obj): no such file");
    EXPECT_EQ(errorOf(R"({"type": "mesh", "file": "mesh_floor.obj", "indices": []})"),
              "bodies[0].shape.file: give either file or vertices and indices, not both");
    EXPECT_EQ(errorOf(R"({"type": "mesh", "vertices": [[0,0,0],[0,0,1],[1,0,0]]})"),
              "bodies[0].shape: a mesh needs vertices and indices, or file");
    EXPECT_EQ(errorOf(R"({"type": "mesh", "file": "mesh_floor.obj"})", "dynamic"),
              "bodies[0].shape.type: a mesh must be on a static body, but this body is dynamic");
    EXPECT_EQ(errorOf(R"({"type": "heightfield", "rows": 2, "columns": 2, "cellSize": [1, 1], "heights": [0, 0, 0, 0]})", "kinematic"),
              "bodies[0].shape.type: a heightfield must be on a static body, but this body is kinematic");
    // The triangle cap comes before anything is read.
    std::string many = R"({"type": "mesh", "vertices": [[0,0,0],[0,0,1],[1,0,0]], "indices": [)";
    for (size_t i = 0; i <= kMaxMeshTriangles; ++i) many += i ? ",0" : "0";
    EXPECT_EQ(errorOf(many + "]}"), "bodies[0].shape.indices: has 200001 triangles, more than the limit of 200000");
}

TEST(MeshFiles, BadHeightFieldsGiveExactPathQualifiedErrors) {
    EXPECT_EQ(errorOf(R"({"type": "heightfield", "rows": 2, "columns": 3, "cellSize": [1, 1], "heights": [0, 0, 0, 0, 0]})"),
              "bodies[0].shape.heights: needs rows x columns = 6 heights, got 5");
    EXPECT_EQ(errorOf(R"({"type": "heightfield", "rows": 2, "columns": 2, "cellSize": [1, 1], "heights": [0, -1e999, 0, 0]})"),
              "bodies[0].shape.heights[1]: must be a finite number within float range (|x| <= 3.40282e+38), got -1e999");
    EXPECT_EQ(errorOf(R"({"type": "heightfield", "png": "missing.png", "heightScale": 1, "cellSize": [1, 1]})"),
              "bodies[0].shape.png: cannot read 'missing.png' (" + kDataDir + "/missing.png): no such file");
    const std::string notPng = errorOf(R"({"type": "heightfield", "png": "mesh_not_a.png", "heightScale": 1, "cellSize": [1, 1]})");
    EXPECT_EQ(notPng.rfind("bodies[0].shape.png: 'mesh_not_a.png' not a PNG that can be read: ", 0), 0u) << notPng;
    EXPECT_EQ(errorOf(R"({"type": "heightfield", "rows": 1, "columns": 2, "cellSize": [1, 1], "heights": [0, 0]})"),
              "bodies[0].shape.rows: must be an integer in [2, 4097], got 1");
    EXPECT_EQ(errorOf(R"({"type": "heightfield", "rows": 2, "columns": 2, "heightScale": 2, "heights": [0, 0, 0, 0]})"),
              "bodies[0].shape.heightScale: only scales a png's values; give png too");
    EXPECT_EQ(errorOf(R"({"type": "heightfield", "png": "mesh_terrain.png", "rows": 3})"),
              "bodies[0].shape.png: give either png or rows, columns and heights, not both");
    EXPECT_EQ(errorOf(R"({"type": "heightfield", "cellSize": [1, 0]})"),
              "bodies[0].shape.cellSize[1]: must be in [0.001, 10000], got 0");
}
