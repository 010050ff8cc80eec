// Triangle meshes and height fields (triangle_mesh.cpp, collide_mesh.cpp): validation, active
// edges, the tree's queries against brute force, and convex shapes against triangles.
#include "mesh_fixtures.h"
#include "test_narrowphase_util.h"

#include "collision/collide_mesh.h"
#include "collision/narrowphase.h"
#include "shapes/raycast.h"

#include <random>

using namespace tumble;
using namespace tumble::test;

namespace {

Shape meshShape(std::shared_ptr<const TriangleMesh> mesh) {
    Shape s;
    s.type = ShapeType::Mesh;
    s.mesh = std::move(mesh);
    return s;
}

Aabb triangleBox(const TriangleMesh& m, uint32_t t) {
    Aabb b{glm::vec3(1e30f), glm::vec3(-1e30f)};
    for (uint32_t v : m.triangles[t]) b.min = glm::min(b.min, m.vertices[v]), b.max = glm::max(b.max, m.vertices[v]);
    return b;
}

std::shared_ptr<const TriangleMesh> bumpyField(int n, unsigned seed) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> h(-0.5f, 0.5f);
    std::vector<float> heights(size_t(n) * n);
    for (float& x : heights) x = h(rng);
    std::string error;
    return buildHeightFieldMesh(n, n, {0.5f, 0.7f}, heights, error);
}

} // namespace

TEST(TriangleMesh, RejectsDegenerateInput) {
    std::string error;
    size_t bad = 99;
    const std::vector<glm::vec3> v{{0, 0, 0}, {1, 0, 0}, {0, 0, 1}, {2, 0, 0}};
    EXPECT_FALSE(buildTriangleMesh(v, {{0, 2, 1}, {0, 1, 3}}, false, error, &bad));
    EXPECT_EQ(error, "triangle 1 has zero area");
    EXPECT_EQ(bad, 1u);
    EXPECT_FALSE(buildTriangleMesh(v, {{0, 2, 7}}, false, error, &bad));
    EXPECT_EQ(error, "triangle 0 uses vertex 7, but there are only 4 vertices");
    EXPECT_FALSE(buildTriangleMesh({{0, 0, 0}, {1, 0, 0}, {0, NAN, 1}}, {{0, 2, 1}}, false, error, &bad));
    EXPECT_EQ(error, "vertex 2 is not finite");
    EXPECT_FALSE(buildHeightFieldMesh(2, 3, {1, 1}, {0, 0, 0, 0, 0}, error));
    EXPECT_EQ(error, "needs rows x columns = 6 heights, got 5");
    EXPECT_FALSE(buildHeightFieldMesh(2, 2, {1, 1}, {0, INFINITY, 0, 0}, error));
    EXPECT_EQ(error, "height 1 is not finite");
    ASSERT_TRUE(buildTriangleMesh(v, {{0, 2, 1}}, false, error));
}

TEST(TriangleMesh, HeightFieldFacesUpAndIsCentred) {
    std::string error;
    auto m = buildHeightFieldMesh(3, 4, {1.0f, 2.0f}, std::vector<float>(12, 0.25f), error);
    ASSERT_TRUE(m) << error;
    EXPECT_EQ(m->triangles.size(), 2u * 2u * 3u);
    for (const glm::vec3& n : m->normals) expectVec(n, {0, 1, 0}, 1e-6f);
    expectVec(m->bounds().min, {-1.5f, 0.25f, -2.0f}, 1e-6f);
    expectVec(m->bounds().max, {1.5f, 0.25f, 2.0f}, 1e-6f);
    // Rows along +Z, columns along +X: vertex (row 1, column 3) is x = 1.5, z = 0.
    expectVec(m->vertices[1 * 4 + 3], {1.5f, 0.25f, 0.0f}, 1e-6f);
}

TEST(TriangleMesh, SeamsOfAFlatFloorAreInactiveAndItsBorderActive) {
    auto m = tiledFloorMesh(3, 3, 1.0f); // the tiles repeat their corners: seams are found by position
    ASSERT_TRUE(m);
    int active = 0;
    for (size_t t = 0; t < m->triangles.size(); ++t)
        for (int e = 0; e < 3; ++e)
            if (m->activeEdges[t] & (1u << e)) {
                ++active;
                // An active edge of the floor lies on its border, |x| or |z| = 1.5.
                const glm::vec3 a = m->vertices[m->triangles[t][size_t(e)]];
                const glm::vec3 b = m->vertices[m->triangles[t][size_t(e + 1) % 3]];
                const bool border = (std::fabs(a.x) == 1.5f && a.x == b.x) || (std::fabs(a.z) == 1.5f && a.z == b.z);
                EXPECT_TRUE(border) << "triangle " << t << " edge " << e;
            }
    EXPECT_EQ(active, 12); // 3 tiles x 4 sides, one triangle edge each
    // A ridge (convex fold) is active, a valley (concave) is not.
    std::string error;
    const std::vector<glm::vec3> ridge{{-1, 0, 0}, {0, 0.5f, -1}, {0, 0.5f, 1}, {1, 0, 0}};
    auto roof = buildTriangleMesh(ridge, {{0, 2, 1}, {1, 2, 3}}, false, error);
    ASSERT_TRUE(roof) << error;
    EXPECT_TRUE(roof->activeEdges[0] & 2u); // edge 1: corner 2 to corner 1, the ridge
    std::vector<glm::vec3> valleyPoints = ridge;
    valleyPoints[1].y = valleyPoints[2].y = -0.5f;
    auto valley = buildTriangleMesh(valleyPoints, {{0, 2, 1}, {1, 2, 3}}, false, error);
    ASSERT_TRUE(valley) << error;
    EXPECT_FALSE(valley->activeEdges[0] & 2u);
}

TEST(TriangleMesh, TreeQueryEqualsBruteForce) {
    auto m = bumpyField(24, 3);
    ASSERT_TRUE(m);
    std::mt19937 rng(11);
    std::uniform_real_distribution<float> pos(-7.0f, 7.0f), size(0.01f, 2.5f);
    std::vector<uint32_t> found;
    size_t total = 0;
    for (int trial = 0; trial < 500; ++trial) {
        const glm::vec3 c(pos(rng), 0.3f * pos(rng), pos(rng));
        const glm::vec3 h(size(rng), 0.2f * size(rng), size(rng));
        const Aabb box{c - h, c + h};
        m->query(box, found);
        std::vector<uint32_t> expected;
        for (uint32_t t = 0; t < m->triangles.size(); ++t) {
            const Aabb tb = triangleBox(*m, t);
            if (tb.min.x <= box.max.x && box.min.x <= tb.max.x && tb.min.y <= box.max.y && box.min.y <= tb.max.y &&
                tb.min.z <= box.max.z && box.min.z <= tb.max.z)
                expected.push_back(t);
        }
        ASSERT_EQ(found, expected) << "trial " << trial;
        total += found.size();
    }
    EXPECT_GT(total, 1000u); // the boxes did meet triangles
}

TEST(TriangleMesh, RayHitsTheTriangleBelow) {
    auto m = bumpyField(16, 5);
    ASSERT_TRUE(m);
    for (uint32_t t = 0; t < m->triangles.size(); t += 7) {
        const auto& tri = m->triangles[t];
        const glm::vec3 centre = (m->vertices[tri[0]] + m->vertices[tri[1]] + m->vertices[tri[2]]) / 3.0f;
        float hitT = 0.0f;
        EXPECT_EQ(m->rayCast(centre + glm::vec3(0, 5, 0), {0, -1, 0}, 100.0f, hitT), int(t));
        EXPECT_NEAR(hitT, 5.0f, 1e-4f);
        // One-sided: from below the ray passes through.
        EXPECT_EQ(m->rayCast(centre - glm::vec3(0, 5, 0), {0, 1, 0}, 100.0f, hitT), -1);
    }
    // Through the public ray cast, with the body turned and moved.
    const Shape s = meshShape(tiledFloorMesh(2, 2, 1.0f));
    float t = 0.0f;
    glm::vec3 n(0.0f);
    ASSERT_TRUE(rayCastShape(s, {0.3f, 4.0f, 0.2f}, {0, -1, 0}, {0, 1, 0}, glm::quat(1, 0, 0, 0), 10.0f, t, n));
    EXPECT_NEAR(t, 3.0f, 1e-5f);
    expectVec(n, {0, 1, 0}, 1e-6f);
}

TEST(MeshCollide, BoxRestingAcrossSeamsGetsOnlyTheFaceNormal) {
    // A box sunk 5 mm into a tiled floor, straddling seams and corners at many offsets: every
    // triangle's manifold pushes straight up (normal A to B = down) with the depth 5 mm.
    const Shape floor = meshShape(tiledFloorMesh(6, 6, 1.0f));
    const Shape b = box({0.3f, 0.2f, 0.3f});
    for (float x = -1.0f; x <= 1.0f; x += 0.0625f) {
        std::vector<TriangleManifold> out;
        collideConvexMesh(b, pose({x, 0.195f, 0.5f * x + 0.01f}), floor, pose({0, 0, 0}), 0.02f, out);
        ASSERT_FALSE(out.empty());
        for (size_t i = 0; i < out.size(); ++i) {
            if (i > 0) {
                EXPECT_LT(out[i - 1].triangle, out[i].triangle);
            }
            expectVec(out[i].manifold.normal, {0, -1, 0}, 1e-5f);
            for (int k = 0; k < out[i].manifold.pointCount; ++k)
                EXPECT_NEAR(out[i].manifold.points[k].separation, -0.005f, 1e-4f);
        }
    }
}

TEST(MeshCollide, WithEveryEdgeActiveTheSeamPushesSideways) {
    // The same box at a seam, the floor's internal-edge handling switched off: the triangle
    // just ahead of the box's face is met at its edge, whose normal leans: the ghost bump.
    const Shape floor = meshShape(tiledFloorMesh(6, 6, 1.0f, true));
    const Shape b = box({0.3f, 0.2f, 0.3f});
    float worstLean = 0.0f;
    for (float x = -1.0f; x <= 1.0f; x += 0.0625f) {
        std::vector<TriangleManifold> out;
        collideConvexMesh(b, pose({x + 0.003f, 0.195f, 0.5f}), floor, pose({0, 0, 0}), 0.02f, out);
        for (const TriangleManifold& tm : out) worstLean = std::max(worstLean, std::fabs(tm.manifold.normal.x));
    }
    EXPECT_GT(worstLean, 0.1f);
}

TEST(MeshCollide, OneSidedIgnoresShapesBehindTwoSidedPushesThemBack) {
    const Shape s = sphere(0.5f);
    const Transform below = pose({0.2f, -0.4f, 0.1f});
    std::vector<TriangleManifold> out;
    collideConvexMesh(s, below, meshShape(tiledFloorMesh(2, 2, 1.0f)), pose({0, 0, 0}), 0.02f, out);
    EXPECT_TRUE(out.empty());
    collideConvexMesh(s, below, meshShape(tiledFloorMesh(2, 2, 1.0f, false, true)), pose({0, 0, 0}), 0.02f, out);
    ASSERT_FALSE(out.empty());
    for (const TriangleManifold& tm : out) {
        expectVec(tm.manifold.normal, {0, 1, 0}, 1e-5f); // from the sphere up to the floor above it
        EXPECT_NEAR(tm.manifold.points[0].separation, -0.1f, 1e-4f);
    }
}

TEST(MeshCollide, EveryConvexShapeRestsOnAHeightFieldSlope) {
    // A plane sloped 20 degrees about Z, as a height field: each shape touching it reports the
    // slope's normal and its depth, whatever triangle it sits on.
    const float slope = glm::radians(20.0f);
    std::vector<float> heights(8 * 8);
    for (int r = 0; r < 8; ++r)
        for (int c = 0; c < 8; ++c) heights[size_t(r) * 8 + c] = -std::tan(slope) * (float(c) - 3.5f);
    std::string error;
    Shape field;
    field.type = ShapeType::HeightField;
    field.mesh = buildHeightFieldMesh(8, 8, {1.0f, 1.0f}, heights, error);
    ASSERT_TRUE(field.mesh) << error;
    const glm::vec3 up(std::sin(slope), std::cos(slope), 0.0f);
    const glm::quat tilt = rotation(-20.0f, {0, 0, 1});
    const Shape shapes[] = {sphere(0.4f), box(glm::vec3(0.4f)), capsule(0.3f, 0.3f), cylinder(0.4f, 0.3f),
                            boxHull(glm::vec3(0.4f))};
    for (const Shape& s : shapes) {
        for (float along : {-1.3f, 0.1f, 0.77f}) {
            // The shape's centre 0.4 - 0.004 above the surface point (along, z): 4 mm deep.
            const glm::vec3 surface(along, -std::tan(slope) * along, 0.31f * along);
            const float reach = s.type == ShapeType::Capsule ? 0.6f : (s.type == ShapeType::Cylinder ? 0.3f : 0.4f);
            const glm::quat q = s.type == ShapeType::Capsule ? tilt * rotation(90.0f, {1, 0, 0}) : tilt;
            const float lift = s.type == ShapeType::Capsule ? 0.3f : reach;
            std::vector<TriangleManifold> out;
            collideConvexMesh(s, pose(surface + (lift - 0.004f) * up, q), field, pose({0, 0, 0}), 0.02f, out);
            ASSERT_FALSE(out.empty()) << toString(s.type);
            for (const TriangleManifold& tm : out) {
                expectVec(tm.manifold.normal, -up, 1e-4f);
                for (int k = 0; k < tm.manifold.pointCount; ++k)
                    EXPECT_NEAR(tm.manifold.points[k].separation, -0.004f, 2e-4f) << toString(s.type);
            }
        }
    }
}

TEST(MeshCollide, CompoundChildrenMeetTheTrianglesOneManifoldEach) {
    // Two spheres of a compound resting 5 mm deep on a tiled floor, one over each of two tiles.
    ShapeDef def;
    def.type = ShapeType::Compound;
    ShapeDef ball;
    ball.type = ShapeType::Sphere;
    ball.radius = 0.25f;
    def.children = {{ball, {-0.5f, 0.0f, 0.3f}, glm::quat(1, 0, 0, 0)}, {ball, {0.5f, 0.0f, 0.3f}, glm::quat(1, 0, 0, 0)}};
    Shape compound;
    std::string error;
    ASSERT_TRUE(buildShape(def, compound, error, nullptr)) << error;
    const Shape floor = meshShape(tiledFloorMesh(2, 2, 1.0f));
    // The compound is re-centred on its centre of mass, (0, 0, 0.3) of the definition's frame.
    const Transform xc = pose({0.0f, 0.245f, 0.3f}), xm = pose({0, 0, 0});
    std::vector<ChildManifold> out;
    ASSERT_EQ(collideShapes(compound, xc, floor, xm, 0.02f, out), 2);
    for (size_t i = 0; i < 2; ++i) {
        EXPECT_EQ(out[i].childA, uint32_t(i)); // the compound's child
        EXPECT_LT(out[i].childB, floor.mesh->triangles.size());
        expectVec(out[i].manifold.normal, {0, -1, 0}, 1e-5f);
        EXPECT_NEAR(out[i].manifold.points[0].separation, -0.005f, 1e-5f);
        // Anchored in the bodies' frames: A's at the child's bottom, B's on the floor.
        expectVec(out[i].manifold.points[0].localAnchorA, {i == 0 ? -0.5f : 0.5f, -0.25f, 0.0f}, 1e-5f);
        EXPECT_NEAR(out[i].manifold.points[0].localAnchorB.y, 0.0f, 1e-5f);
    }
    // The mesh as A: the same contacts, flipped, sorted by triangle.
    std::vector<ChildManifold> flipped;
    ASSERT_EQ(collideShapes(floor, xm, compound, xc, 0.02f, flipped), 2);
    EXPECT_LT(flipped[0].childA, flipped[1].childA);
    for (const ChildManifold& m : flipped) {
        expectVec(m.manifold.normal, {0, 1, 0}, 1e-5f);
        EXPECT_NEAR(m.manifold.points[0].localAnchorA.y, 0.0f, 1e-5f);
    }
    // Static against static never collides.
    EXPECT_EQ(collideShapes(floor, xm, floor, xm, 0.02f, out), 0);
}
