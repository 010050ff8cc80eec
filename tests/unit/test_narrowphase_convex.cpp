// The general convex path (collide_convex.cpp, epa.cpp): EPA's depths against closed forms,
// the path against the special cases it must agree with, and the cylinder's manifolds.
#include "test_narrowphase_util.h"

#include "collision/collide_functions.h"
#include "collision/epa.h"

#include <random>

using namespace tumble;
using namespace tumble::test;

namespace {

Manifold general(const Shape& a, const Transform& xa, const Shape& b, const Transform& xb,
                 float margin = 0.02f) {
    Manifold m;
    collideConvex(a, xa, b, xb, margin, m);
    return m;
}

float deepest(const Manifold& m) {
    float d = 1e30f;
    for (int i = 0; i < m.pointCount; ++i) d = std::min(d, m.points[i].separation);
    return d;
}

} // namespace

TEST(Epa, DepthOfOverlappingBoxesAndSpheresIsExact) {
    // Unit boxes overlapping by 0.4 along a tilted axis: GJK finds overlap, EPA the depth.
    const glm::quat q = rotation(25.0f, {0.3f, 1.0f, 0.2f});
    const glm::vec3 axis = q * glm::vec3(1, 0, 0);
    const Shape b = box(glm::vec3(0.5f));
    SignedDistance d = signedDistance(makeConvexProxy(b), pose({1, 2, 3}, q), makeConvexProxy(b),
                                      pose(glm::vec3(1, 2, 3) + 0.6f * axis, q));
    EXPECT_TRUE(d.valid);
    EXPECT_NEAR(d.separation, -0.4f, 1e-4f);
    expectVec(d.normal, axis, 1e-4f);
    // Spheres are points with radii: the cores never overlap, the surfaces do by 0.3.
    const Shape s = sphere(0.5f);
    d = signedDistance(makeConvexProxy(s), pose({0, 0, 0}), makeConvexProxy(s), pose({0, 0.7f, 0}));
    EXPECT_NEAR(d.separation, -0.3f, 1e-5f);
    expectVec(d.normal, {0, 1, 0}, 1e-6f);
    // A cylinder deep in a box's top face: the depth is the shallower way out, up.
    const Shape c = cylinder(0.3f, 0.4f);
    d = signedDistance(makeConvexProxy(b), pose({0, 0, 0}), makeConvexProxy(c), pose({0.1f, 0.65f, 0}));
    EXPECT_NEAR(d.separation, -0.25f, 1e-4f);
    expectVec(d.normal, {0, 1, 0}, 1e-4f);
}

TEST(ConvexPath, AgreesWithTheSpecialCasesOnRestingContacts) {
    // A shape resting on another, a few degrees tilted and yawed at random, a few millimetres
    // in or out: the general path finds the special case's normal and deepest separation.
    const Shape shapes[] = {box({0.5f, 0.3f, 0.4f}), sphere(0.35f), capsule(0.2f, 0.3f), boxHull({0.4f, 0.25f, 0.3f})};
    std::mt19937 rng(7);
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    const Shape floor = box({2.0f, 0.5f, 2.0f});
    for (const Shape& s : shapes) {
        for (int trial = 0; trial < 60; ++trial) {
            const glm::quat q = glm::angleAxis(3.1f * u(rng), glm::vec3(0, 1, 0)) *
                                rotation(4.0f * u(rng), {u(rng), 0.0f, u(rng) + 1.1f});
            const float lowest = s.type == ShapeType::Sphere ? 0.35f : 0.5f; // below the centre, roughly
            Transform xs = pose({0.3f * u(rng), 0.5f + lowest + 0.2f, 0.3f * u(rng)}, q);
            // Bring it down to touch: the special case's separation, then a random gap.
            Manifold probe = run(floor, pose({0, 0, 0}), s, xs, 1.0f);
            ASSERT_GT(probe.pointCount, 0);
            xs.p.y -= deepest(probe) - 0.006f * u(rng);
            const Manifold special = run(floor, pose({0, 0, 0}), s, xs);
            const Manifold convex = general(floor, pose({0, 0, 0}), s, xs);
            SCOPED_TRACE(std::string(toString(s.type)) + " trial " + std::to_string(trial));
            ASSERT_GT(special.pointCount, 0);
            ASSERT_GT(convex.pointCount, 0);
            EXPECT_GT(glm::dot(convex.normal, special.normal), 0.9999f);
            EXPECT_NEAR(deepest(convex), deepest(special), 2e-4f);
            expectConsistentAnchors(convex, pose({0, 0, 0}), xs, 2e-4f);
        }
    }
}

TEST(ConvexPath, DeepBoxOverlapMatchesTheBoxBoxDepth) {
    // 0.3 m deep, past the cores' rounding: EPA's depth and the special case's agree.
    const Shape a = box({0.5f, 0.5f, 0.5f}), b = box({0.4f, 0.3f, 0.4f});
    const Transform xa = pose({0, 0, 0}), xb = pose({0.1f, 0.5f, -0.05f}, rotation(10.0f, {0, 1, 0}));
    const Manifold special = run(a, xa, b, xb), convex = general(a, xa, b, xb);
    expectVec(convex.normal, special.normal, 1e-4f);
    EXPECT_NEAR(deepest(convex), -0.3f, 1e-4f);
    EXPECT_NEAR(deepest(special), -0.3f, 1e-4f);
    EXPECT_EQ(convex.pointCount, 4);
}

TEST(CylinderContact, StandingLyingAndTiltedOnABox) {
    const Shape floor = box({2.0f, 0.5f, 2.0f}), c = cylinder(0.3f, 0.4f);
    const Transform xf = pose({0, -0.5f, 0});
    // Standing, 4 mm in: four points on the rim, all 4 mm deep.
    Manifold m = run(floor, xf, c, pose({0.2f, 0.4f - 0.004f, 0.1f}, rotation(17.0f, {0, 1, 0})));
    ASSERT_EQ(m.pointCount, 4);
    expectVec(m.normal, {0, 1, 0}, 1e-5f);
    for (int i = 0; i < 4; ++i) {
        EXPECT_NEAR(m.points[i].separation, -0.004f, 1e-5f);
        EXPECT_NEAR(glm::length(glm::vec2(m.points[i].position.x - 0.2f, m.points[i].position.z - 0.1f)), 0.3f, 1e-4f);
    }
    // Lying along Z: two points at the ends of the bottom line.
    m = run(floor, xf, c, pose({0, 0.3f + 0.002f, 0}, rotation(90.0f, {1, 0, 0})));
    ASSERT_EQ(m.pointCount, 2);
    expectPoint(m, {0, 0.001f, 0.4f}, 0.002f, 1e-4f);
    expectPoint(m, {0, 0.001f, -0.4f}, 0.002f, 1e-4f);
    // Tilted 30 degrees about Z, on its rim: one point, the rim's lowest, exactly as deep.
    const float height = 0.4f * std::cos(glm::radians(30.0f)) + 0.3f * std::sin(glm::radians(30.0f));
    m = run(floor, xf, c, pose({0, height - 0.003f, 0}, rotation(30.0f, {0, 0, 1})));
    ASSERT_EQ(m.pointCount, 1);
    EXPECT_NEAR(m.points[0].separation, -0.003f, 1e-4f);
    EXPECT_NEAR(m.points[0].position.y, -0.0015f, 1e-4f);
}

TEST(CylinderContact, OnAPlaneLikeOnABox) {
    const Shape ground = plane(), c = cylinder(0.25f, 0.5f);
    for (float tilt : {0.0f, 90.0f, 40.0f}) {
        const Transform xc = pose({0.3f, 1.0f, -0.2f}, rotation(tilt, {1, 0, 0}));
        const Manifold onPlane = run(c, xc, ground, pose({0, 0, 0}), 2.0f);
        const Manifold onBox = run(c, xc, box({5.0f, 0.5f, 5.0f}), pose({0, -0.5f, 0}), 2.0f);
        SCOPED_TRACE(tilt);
        ASSERT_EQ(onPlane.pointCount, tilt == 0.0f ? 4 : (tilt == 90.0f ? 2 : 1));
        EXPECT_NEAR(deepest(onPlane), deepest(onBox), 1e-4f);
        expectVec(onPlane.normal, onBox.normal, 1e-5f);
    }
}

TEST(CylinderContact, CrossedCylindersTouchAtOnePointAndParallelOnesAlongALine) {
    const Shape c = cylinder(0.2f, 0.6f);
    const Transform lower = pose({0, 0, 0}, rotation(90.0f, {1, 0, 0})); // along Z
    // Crossed: the upper one along X, 3 mm into the lower: one point above the crossing.
    Manifold m = run(c, lower, c, pose({0.1f, 0.4f - 0.003f, 0.05f}, rotation(90.0f, {0, 0, 1})));
    ASSERT_EQ(m.pointCount, 1);
    expectVec(m.normal, {0, 1, 0}, 1e-4f);
    expectPoint(m, {0.0f, 0.2f - 0.0015f, 0.05f}, -0.003f, 2e-4f);
    // Parallel, shifted 0.3 along their axis: two points at the ends of the overlap.
    m = run(c, lower, c, pose({0, 0.4f - 0.003f, 0.3f}, rotation(90.0f, {1, 0, 0})));
    ASSERT_EQ(m.pointCount, 2);
    expectPoint(m, {0, 0.2f - 0.0015f, 0.6f}, -0.003f, 2e-4f);
    expectPoint(m, {0, 0.2f - 0.0015f, -0.3f}, -0.003f, 2e-4f);
}

TEST(CylinderContact, SphereOnTheEndAndAgainstTheSide) {
    const Shape c = cylinder(0.3f, 0.4f), s = sphere(0.1f);
    Manifold m = run(c, pose({0, 0, 0}), s, pose({0.1f, 0.5f - 0.002f, 0.05f}));
    ASSERT_EQ(m.pointCount, 1);
    expectVec(m.normal, {0, 1, 0}, 1e-5f);
    expectPoint(m, {0.1f, 0.399f, 0.05f}, -0.002f, 1e-4f);
    m = run(c, pose({0, 0, 0}), s, pose({0.4f - 0.002f, 0.2f, 0}));
    ASSERT_EQ(m.pointCount, 1);
    expectVec(m.normal, {1, 0, 0}, 1e-4f);
    expectPoint(m, {0.299f, 0.2f, 0}, -0.002f, 1e-4f);
}
