#pragma once
// Shapes, rays and bodies the query tests share (test_queries.cpp, test_queries_world.cpp).
#include "shapes/raycast.h"
#include "unit/shape_defs.h"
#include "tumble/body.h"
#include "tumble/shape.h"
#include "tumble/world.h"

#include <glm/gtc/constants.hpp>
#include <glm/gtc/quaternion.hpp>
#include <gtest/gtest.h>
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>


namespace tumble::test {
using namespace tumble;
}

namespace tumble::test {

inline constexpr float kTol = 1e-4f;
inline constexpr float kInf = 1e30f;
inline const float kRoot2 = std::sqrt(2.0f);
inline const float kRoot3 = std::sqrt(3.0f);
inline const glm::vec3 kZero(0.0f);
inline const glm::quat kIdentity(1.0f, 0.0f, 0.0f, 0.0f);

inline glm::quat rotation(float degrees, glm::vec3 axis) {
    return glm::angleAxis(glm::radians(degrees), glm::normalize(axis));
}

inline Shape makeSphere(float r) {
    Shape s;
    s.type = ShapeType::Sphere;
    s.radius = r;
    return s;
}
inline Shape makeBox(glm::vec3 h) {
    Shape s;
    s.type = ShapeType::Box;
    s.halfExtents = h;
    return s;
}
inline Shape makeCapsule(float r, float halfHeight) {
    Shape s;
    s.type = ShapeType::Capsule;
    s.radius = r;
    s.halfHeight = halfHeight;
    return s;
}
inline Shape makePlane(glm::vec3 n, float offset) {
    Shape s;
    s.type = ShapeType::Plane;
    s.normal = glm::normalize(n);
    s.offset = offset;
    return s;
}
// A hull of points; `com` receives where the centre of mass lies in the points' frame (the
// hull's vertices are re-centred on it, so the body sits at position + q * com).
inline Shape makeHull(const std::vector<glm::vec3>& points, glm::vec3& com) {
    Shape s;
    s.type = ShapeType::Hull;
    std::string error;
    s.hull = buildConvexHull(points, error, &com);
    EXPECT_TRUE(s.hull) << error;
    return s;
}

// The unit tetrahedron: the corner of the positive octant cut by x + y + z = 1.
inline const std::vector<glm::vec3> kTetra = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};

inline std::vector<glm::vec3> boxCorners(glm::vec3 h) {
    std::vector<glm::vec3> c;
    for (int i = 0; i < 8; ++i)
        c.emplace_back((i & 1) ? h.x : -h.x, (i & 2) ? h.y : -h.y, (i & 4) ? h.z : -h.z);
    return c;
}

struct Ray {
    bool hit = false;
    float t = -1.0f;
    glm::vec3 normal{0.0f};
};

inline Ray cast(const Shape& s, glm::vec3 origin, glm::vec3 direction, glm::vec3 position = kZero,
         glm::quat orientation = kIdentity, float maxDistance = kInf) {
    Ray r;
    r.hit = rayCastShape(s, origin, glm::normalize(direction), position, orientation, maxDistance,
                         r.t, r.normal);
    return r;
}

inline void expectVec(glm::vec3 got, glm::vec3 want, float tol = kTol) {
    EXPECT_NEAR(got.x, want.x, tol) << "x";
    EXPECT_NEAR(got.y, want.y, tol) << "y";
    EXPECT_NEAR(got.z, want.z, tol) << "z";
}

inline void expectHit(const Ray& r, float t, glm::vec3 normal) {
    ASSERT_TRUE(r.hit);
    EXPECT_NEAR(r.t, t, kTol);
    expectVec(r.normal, normal);
    EXPECT_NEAR(glm::length(r.normal), 1.0f, kTol);
}

inline void expectAabb(const Aabb& got, glm::vec3 lo, glm::vec3 hi, float tol = kTol) {
    expectVec(got.min, lo, tol);
    expectVec(got.max, hi, tol);
}

inline BodyDef staticDef(ShapeDef shape, glm::vec3 position = kZero, glm::quat q = kIdentity) {
    BodyDef def;
    def.type = BodyType::Static;
    def.shape = std::move(shape);
    def.position = position;
    def.orientation = q;
    return def;
}
inline ShapeDef hullDef(std::vector<glm::vec3> points) {
    ShapeDef s;
    s.type = ShapeType::Hull;
    s.points = std::move(points);
    return s;
}
inline ShapeDef planeDef(glm::vec3 n, float offset) {
    ShapeDef s;
    s.type = ShapeType::Plane;
    s.normal = n;
    s.offset = offset;
    return s;
}

inline BodyId create(World& w, const BodyDef& def) {
    std::string error;
    BodyId id = w.createBody(def, &error);
    EXPECT_FALSE(id.isNull()) << error;
    return id;
}

} // namespace tumble::test
