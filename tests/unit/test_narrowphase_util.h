#pragma once
// Shared helpers of the narrow-phase tests: shape makers, poses, and manifold expectations
// that do not depend on the order of the points.
#include "collision/narrowphase.h"
#include "tumble/shape.h"

#include <algorithm>
#include <glm/gtc/constants.hpp>
#include <glm/gtc/quaternion.hpp>
#include <glm/gtx/quaternion.hpp>
#include <gtest/gtest.h>
#include <string>
#include <vector>

namespace tumble::test {

inline constexpr float kTol = 1e-4f;

inline Shape sphere(float r) {
    Shape s;
    s.type = ShapeType::Sphere;
    s.radius = r;
    return s;
}
inline Shape box(glm::vec3 h) {
    Shape s;
    s.type = ShapeType::Box;
    s.halfExtents = h;
    return s;
}
inline Shape capsule(float r, float halfHeight) {
    Shape s;
    s.type = ShapeType::Capsule;
    s.radius = r;
    s.halfHeight = halfHeight;
    return s;
}
inline Shape cylinder(float r, float halfHeight) {
    Shape s;
    s.type = ShapeType::Cylinder;
    s.radius = r;
    s.halfHeight = halfHeight;
    return s;
}
inline Shape plane(glm::vec3 n = {0, 1, 0}, float offset = 0.0f) {
    Shape s;
    s.type = ShapeType::Plane;
    s.normal = glm::normalize(n);
    s.offset = offset;
    return s;
}
inline Shape hull(const std::vector<glm::vec3>& points) {
    Shape s;
    s.type = ShapeType::Hull;
    std::string error;
    s.hull = buildConvexHull(points, error);
    EXPECT_TRUE(s.hull) << error;
    return s;
}
inline std::vector<glm::vec3> boxCorners(glm::vec3 h) {
    std::vector<glm::vec3> c;
    for (int i = 0; i < 8; ++i)
        c.emplace_back((i & 1) ? h.x : -h.x, (i & 2) ? h.y : -h.y, (i & 4) ? h.z : -h.z);
    return c;
}
/// A hull with the same geometry as box(h).
inline Shape boxHull(glm::vec3 h) {
    return hull(boxCorners(h));
}
/// The regular octahedron |x| + |y| + |z| <= a.
inline Shape octahedron(float a) {
    return hull({{a, 0, 0}, {-a, 0, 0}, {0, a, 0}, {0, -a, 0}, {0, 0, a}, {0, 0, -a}});
}

inline Transform pose(glm::vec3 p, glm::quat q = glm::quat(1, 0, 0, 0)) {
    return {p, q};
}
inline glm::quat rotation(float degrees, glm::vec3 axis) {
    return glm::angleAxis(glm::radians(degrees), glm::normalize(axis));
}

inline Manifold run(const Shape& a, const Transform& xa, const Shape& b, const Transform& xb,
                    float margin = 0.02f) {
    Manifold m;
    m.pointCount = -1;
    bool touching = collide(a, xa, b, xb, margin, m);
    EXPECT_EQ(touching, m.pointCount > 0);
    return m;
}

inline void expectVec(const glm::vec3& actual, const glm::vec3& expected, float tol = kTol) {
    EXPECT_NEAR(actual.x, expected.x, tol);
    EXPECT_NEAR(actual.y, expected.y, tol);
    EXPECT_NEAR(actual.z, expected.z, tol);
}

/// The manifold has a point at `position` with `separation` (any order).
inline void expectPoint(const Manifold& m, glm::vec3 position, float separation, float tol = kTol) {
    for (int i = 0; i < m.pointCount; ++i)
        if (glm::length(m.points[i].position - position) <= tol) {
            EXPECT_NEAR(m.points[i].separation, separation, tol);
            return;
        }
    std::string have;
    for (int i = 0; i < m.pointCount; ++i) {
        const glm::vec3& p = m.points[i].position;
        have += " (" + std::to_string(p.x) + ", " + std::to_string(p.y) + ", " +
                std::to_string(p.z) + ")";
    }
    ADD_FAILURE() << "no point at (" << position.x << ", " << position.y << ", " << position.z
                  << "); have" << have;
}

/// Every point's anchors map back to the world: the anchor on A's surface and the anchor on
/// B's surface lie `separation` apart along the normal, with `position` midway.
inline void expectConsistentAnchors(const Manifold& m, const Transform& xa, const Transform& xb,
                                    float tol = kTol) {
    EXPECT_NEAR(glm::length(m.normal), 1.0f, 1e-5f);
    for (int i = 0; i < m.pointCount; ++i) {
        const ContactPoint& p = m.points[i];
        glm::vec3 pA = xa.p + xa.q * p.localAnchorA;
        glm::vec3 pB = xb.p + xb.q * p.localAnchorB;
        expectVec(0.5f * (pA + pB), p.position, tol);
        EXPECT_NEAR(glm::dot(pB - pA, m.normal), p.separation, tol);
    }
}

/// A local point lies on the surface of the box with half extents h.
inline void expectOnBoxSurface(const glm::vec3& local, const glm::vec3& h, float tol = kTol) {
    glm::vec3 outside = glm::abs(local) - h;
    EXPECT_NEAR(std::max({outside.x, outside.y, outside.z}), 0.0f, tol)
        << "(" << local.x << ", " << local.y << ", " << local.z << ") is not on the box surface";
}

/// A local point lies in the capsule (radius r around the core along Y), on or below its
/// surface: a capsule touching a face with a tilted core reports each clipped core point's
/// sphere at its lowest point along the face normal, which is inside the capsule except at the
/// lower end.
inline void expectInCapsule(const glm::vec3& local, float r, float halfHeight, float tol = kTol) {
    glm::vec3 core(0.0f, std::clamp(local.y, -halfHeight, halfHeight), 0.0f);
    EXPECT_LE(glm::length(local - core), r + tol);
}

/// Two manifolds describe the same contact (same normal, same points in any order).
inline void expectSameContact(const Manifold& a, const Manifold& b, float tol = kTol) {
    ASSERT_EQ(a.pointCount, b.pointCount);
    if (a.pointCount == 0) return;
    expectVec(a.normal, b.normal, tol);
    for (int i = 0; i < b.pointCount; ++i)
        expectPoint(a, b.points[i].position, b.points[i].separation, tol);
}

inline std::vector<uint32_t> sortedIds(const Manifold& m) {
    std::vector<uint32_t> ids;
    for (int i = 0; i < m.pointCount; ++i)
        ids.push_back(m.points[i].featureId);
    std::sort(ids.begin(), ids.end());
    return ids;
}

} // namespace tumble::test
