// Everything against a static plane.
#include "test_narrowphase_util.h"

using namespace tumble;
using namespace tumble::test;

namespace {
const Shape kGround = plane();
const Transform kOrigin = pose({0, 0, 0});
const glm::vec3 kDown(0, -1, 0);
} // namespace

TEST(SpherePlane, RestingSphereSinksBelowTheGround) {
    Transform xa = pose({1, 0.4f, 2});
    Manifold m = run(sphere(0.5f), xa, kGround, kOrigin);
    ASSERT_EQ(m.pointCount, 1);
    expectVec(m.normal, kDown);
    expectPoint(m, {1, -0.05f, 2}, -0.1f);
    expectConsistentAnchors(m, xa, kOrigin);
}

TEST(SpherePlane, TiltedOffsetPlaneAndTheMargin) {
    glm::vec3 n = glm::normalize(glm::vec3(1, 1, 0));
    Shape tilted = plane(n, 0.5f);
    EXPECT_EQ(run(sphere(0.5f), pose(1.1f * n), tilted, kOrigin, 0.02f).pointCount, 0);
    Manifold m = run(sphere(0.5f), pose(1.01f * n), tilted, kOrigin, 0.02f);
    ASSERT_EQ(m.pointCount, 1);
    expectVec(m.normal, -n);
    EXPECT_NEAR(m.points[0].separation, 0.01f, kTol);
}

TEST(SpherePlane, PlaneBodyPoseMovesThePlane) {
    // A plane y = 0 in a body turned 90 degrees about X and moved to (0, 2, 0) is the world
    // plane z = 0 (the move lies within the plane).
    Transform xb = pose({0, 2, 0}, rotation(90, {1, 0, 0}));
    Manifold m = run(sphere(0.5f), pose({0, 0, 0.4f}), kGround, xb);
    ASSERT_EQ(m.pointCount, 1);
    expectVec(m.normal, {0, 0, -1});
    EXPECT_NEAR(m.points[0].separation, -0.1f, kTol);
}

TEST(BoxPlane, FlatBoxTouchesWithItsFourBottomCorners) {
    Transform xa = pose({0.3f, 0.49f, -0.2f});
    Manifold m = run(box(glm::vec3(0.5f)), xa, kGround, kOrigin);
    ASSERT_EQ(m.pointCount, 4);
    expectVec(m.normal, kDown);
    for (float dx : {-0.5f, 0.5f})
        for (float dz : {-0.5f, 0.5f})
            expectPoint(m, {0.3f + dx, -0.005f, -0.2f + dz}, -0.01f);
    expectConsistentAnchors(m, xa, kOrigin);
}

TEST(BoxPlane, BoxOnAnEdgeAndOnACorner) {
    float ridge = glm::root_two<float>() / 2.0f;
    Manifold edge = run(box(glm::vec3(0.5f)), pose({0, ridge - 0.01f, 0}, rotation(45, {0, 0, 1})),
                        kGround, kOrigin);
    ASSERT_EQ(edge.pointCount, 2);
    expectPoint(edge, {0, -0.005f, -0.5f}, -0.01f);
    expectPoint(edge, {0, -0.005f, 0.5f}, -0.01f);

    glm::quat q = glm::rotation(glm::normalize(glm::vec3(1, 1, 1)), glm::vec3(0, -1, 0));
    Manifold corner =
        run(box(glm::vec3(0.5f)), pose({0, glm::root_three<float>() / 2.0f - 0.01f, 0}, q), kGround,
            kOrigin);
    ASSERT_EQ(corner.pointCount, 1);
    expectPoint(corner, {0, -0.005f, 0}, -0.01f);
}

TEST(BoxPlane, HoveringWithinTheMarginIsSpeculative) {
    Manifold m = run(box(glm::vec3(0.5f)), pose({0, 0.51f, 0}), kGround, kOrigin, 0.02f);
    ASSERT_EQ(m.pointCount, 4);
    for (int i = 0; i < 4; ++i)
        EXPECT_NEAR(m.points[i].separation, 0.01f, kTol);
    EXPECT_EQ(run(box(glm::vec3(0.5f)), pose({0, 0.521f, 0}), kGround, kOrigin, 0.02f).pointCount,
              0);
}

TEST(HullPlane, OctahedronTipAndBoxHull) {
    Manifold tip = run(octahedron(1.0f), pose({0, 0.98f, 0}), kGround, kOrigin);
    ASSERT_EQ(tip.pointCount, 1);
    expectPoint(tip, {0, -0.01f, 0}, -0.02f);

    Manifold flat = run(boxHull(glm::vec3(0.5f)), pose({0, 0.49f, 0}), kGround, kOrigin);
    ASSERT_EQ(flat.pointCount, 4);
    for (float dx : {-0.5f, 0.5f})
        for (float dz : {-0.5f, 0.5f})
            expectPoint(flat, {dx, -0.005f, dz}, -0.01f);
}

TEST(HullPlane, ManyTouchingVerticesReduceToFourSpanningTheBase) {
    // A 24-sided prism standing on its base: 24 touching corners, 4 kept, and they span a
    // large part of the base (a square inscribed in the unit circle has area 2).
    std::vector<glm::vec3> points;
    for (int i = 0; i < 24; ++i) {
        float a = glm::two_pi<float>() * float(i) / 24.0f;
        points.emplace_back(std::cos(a), -0.5f, std::sin(a));
        points.emplace_back(std::cos(a), 0.5f, std::sin(a));
    }
    Manifold m = run(hull(points), pose({0, 0.49f, 0}), kGround, kOrigin);
    ASSERT_EQ(m.pointCount, 4);
    for (int i = 0; i < 4; ++i)
        EXPECT_NEAR(m.points[i].separation, -0.01f, kTol);
    glm::vec3 p[4];
    for (int i = 0; i < 4; ++i)
        p[i] = m.points[i].position;
    // The quad's area from its two triangles (the points come out in selection order, so
    // take the larger split).
    float a1 = 0.5f * (glm::length(glm::cross(p[1] - p[0], p[2] - p[0])) +
                       glm::length(glm::cross(p[1] - p[0], p[3] - p[0])));
    float a2 = 0.5f * (glm::length(glm::cross(p[2] - p[0], p[1] - p[0])) +
                       glm::length(glm::cross(p[2] - p[0], p[3] - p[0])));
    float a3 = 0.5f * (glm::length(glm::cross(p[3] - p[0], p[1] - p[0])) +
                       glm::length(glm::cross(p[3] - p[0], p[2] - p[0])));
    EXPECT_GT(std::max({a1, a2, a3}), 1.8f);
}

TEST(CapsulePlane, LyingCapsuleTouchesWithBothEnds) {
    Transform xa = pose({0, 0.15f, 0}, rotation(-90, {0, 0, 1}));
    Manifold m = run(capsule(0.2f, 0.5f), xa, kGround, kOrigin);
    ASSERT_EQ(m.pointCount, 2);
    expectVec(m.normal, kDown);
    expectPoint(m, {-0.5f, -0.025f, 0}, -0.05f);
    expectPoint(m, {0.5f, -0.025f, 0}, -0.05f);
    expectConsistentAnchors(m, xa, kOrigin);
}

TEST(CapsulePlane, TiltedCapsuleKeepsOnlyTheLowEnd) {
    // Tilted 30 degrees from vertical: the ends are 2 h cos 30 apart in height.
    Manifold m =
        run(capsule(0.2f, 0.5f),
            pose({0, 0.5f * std::cos(glm::radians(30.0f)) + 0.15f, 0}, rotation(30, {0, 0, 1})),
            kGround, kOrigin);
    ASSERT_EQ(m.pointCount, 1);
    EXPECT_NEAR(m.points[0].separation, -0.05f, kTol);
    // A capsule of zero length is a sphere: one point.
    EXPECT_EQ(run(capsule(0.2f, 0.0f), pose({0, 0.15f, 0}), kGround, kOrigin).pointCount, 1);
}

TEST(PlanePlane, PlanesNeverCollide) {
    Manifold m = run(kGround, kOrigin, plane({0, -1, 0}, 1.0f), kOrigin);
    EXPECT_EQ(m.pointCount, 0);
}
