// Scene queries: ray casts against each shape (rayCastShape) and through the world
// (World::rayCast), point containment, box overlap and world bounding boxes (computeAabb).
// Every expected distance and normal is worked out by hand in the comment above it.
#include "shapes/raycast.h"
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

using namespace tumble;

namespace {

constexpr float kTol = 1e-4f;
constexpr float kInf = 1e30f;
const float kRoot2 = std::sqrt(2.0f);
const float kRoot3 = std::sqrt(3.0f);
const glm::vec3 kZero(0.0f);
const glm::quat kIdentity(1.0f, 0.0f, 0.0f, 0.0f);

glm::quat rotation(float degrees, glm::vec3 axis) {
    return glm::angleAxis(glm::radians(degrees), glm::normalize(axis));
}

Shape makeSphere(float r) {
    Shape s;
    s.type = ShapeType::Sphere;
    s.radius = r;
    return s;
}
Shape makeBox(glm::vec3 h) {
    Shape s;
    s.type = ShapeType::Box;
    s.halfExtents = h;
    return s;
}
Shape makeCapsule(float r, float halfHeight) {
    Shape s;
    s.type = ShapeType::Capsule;
    s.radius = r;
    s.halfHeight = halfHeight;
    return s;
}
Shape makePlane(glm::vec3 n, float offset) {
    Shape s;
    s.type = ShapeType::Plane;
    s.normal = glm::normalize(n);
    s.offset = offset;
    return s;
}
// A hull of points; `com` receives where the centre of mass lies in the points' frame (the
// hull's vertices are re-centred on it, so the body sits at position + q * com).
Shape makeHull(const std::vector<glm::vec3>& points, glm::vec3& com) {
    Shape s;
    s.type = ShapeType::Hull;
    std::string error;
    s.hull = buildConvexHull(points, error, &com);
    EXPECT_TRUE(s.hull) << error;
    return s;
}

// The unit tetrahedron: the corner of the positive octant cut by x + y + z = 1.
const std::vector<glm::vec3> kTetra = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};

std::vector<glm::vec3> boxCorners(glm::vec3 h) {
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

Ray cast(const Shape& s, glm::vec3 origin, glm::vec3 direction, glm::vec3 position = kZero,
         glm::quat orientation = kIdentity, float maxDistance = kInf) {
    Ray r;
    r.hit = rayCastShape(s, origin, glm::normalize(direction), position, orientation, maxDistance,
                         r.t, r.normal);
    return r;
}

void expectVec(glm::vec3 got, glm::vec3 want, float tol = kTol) {
    EXPECT_NEAR(got.x, want.x, tol) << "x";
    EXPECT_NEAR(got.y, want.y, tol) << "y";
    EXPECT_NEAR(got.z, want.z, tol) << "z";
}

void expectHit(const Ray& r, float t, glm::vec3 normal) {
    ASSERT_TRUE(r.hit);
    EXPECT_NEAR(r.t, t, kTol);
    expectVec(r.normal, normal);
    EXPECT_NEAR(glm::length(r.normal), 1.0f, kTol);
}

void expectAabb(const Aabb& got, glm::vec3 lo, glm::vec3 hi, float tol = kTol) {
    expectVec(got.min, lo, tol);
    expectVec(got.max, hi, tol);
}

BodyDef staticDef(ShapeDef shape, glm::vec3 position = kZero, glm::quat q = kIdentity) {
    BodyDef def;
    def.type = BodyType::Static;
    def.shape = std::move(shape);
    def.position = position;
    def.orientation = q;
    return def;
}
ShapeDef sphereDef(float r) {
    ShapeDef s;
    s.type = ShapeType::Sphere;
    s.radius = r;
    return s;
}
ShapeDef boxDef(glm::vec3 h) {
    ShapeDef s;
    s.type = ShapeType::Box;
    s.halfExtents = h;
    return s;
}
ShapeDef capsuleDef(float r, float halfHeight) {
    ShapeDef s;
    s.type = ShapeType::Capsule;
    s.radius = r;
    s.halfHeight = halfHeight;
    return s;
}
ShapeDef hullDef(std::vector<glm::vec3> points) {
    ShapeDef s;
    s.type = ShapeType::Hull;
    s.points = std::move(points);
    return s;
}
ShapeDef planeDef(glm::vec3 n, float offset) {
    ShapeDef s;
    s.type = ShapeType::Plane;
    s.normal = n;
    s.offset = offset;
    return s;
}

BodyId create(World& w, const BodyDef& def) {
    std::string error;
    BodyId id = w.createBody(def, &error);
    EXPECT_FALSE(id.isNull()) << error;
    return id;
}

} // namespace

// --- spheres ------------------------------------------------------------------------------

TEST(RaySphere, HitsAtCentreDistanceMinusRadiusWithTheNormalFacingTheRay) {
    // Sphere r = 1 at (2, 3, -1); a ray up +z from 5 m before the centre enters at t = 5 - 1.
    Shape s = makeSphere(1.0f);
    glm::vec3 c(2, 3, -1);
    expectHit(cast(s, c + glm::vec3(0, 0, -5), {0, 0, 1}, c), 4.0f, {0, 0, -1});
    // Off-axis by 0.6: enters at z = -sqrt(1 - 0.36) = -0.8 from the centre, t = 4.2, and the
    // normal is the radius direction (0.6, 0, -0.8).
    expectHit(cast(s, c + glm::vec3(0.6f, 0, -5), {0, 0, 1}, c), 4.2f, {0.6f, 0, -0.8f});
    // Off-axis by 1.01 > r: passes beside.
    EXPECT_FALSE(cast(s, c + glm::vec3(1.01f, 0, -5), {0, 0, 1}, c).hit);
}

TEST(RaySphere, RayFromInsideHitsAtZeroAndRayPointingAwayMisses) {
    Shape s = makeSphere(1.0f);
    glm::vec3 c(2, 3, -1);
    glm::vec3 d = glm::normalize(glm::vec3(1, -2, 0.5f));
    expectHit(cast(s, c + glm::vec3(0.3f, 0.2f, 0), d, c), 0.0f, -d);
    EXPECT_FALSE(cast(s, c + glm::vec3(0, 0, -5), {0, 0, -1}, c).hit);
}

TEST(RaySphere, HitBeyondMaxDistanceIsMissed) {
    Shape s = makeSphere(1.0f);
    glm::vec3 c(2, 3, -1), o = c + glm::vec3(0, 0, -5);
    EXPECT_FALSE(cast(s, o, {0, 0, 1}, c, kIdentity, 3.99f).hit);
    expectHit(cast(s, o, {0, 0, 1}, c, kIdentity, 4.01f), 4.0f, {0, 0, -1});
}

// --- boxes --------------------------------------------------------------------------------

TEST(RayBox, AxisAlignedBoxIsEnteredThroughTheFacingFace) {
    // Box (1, 0.5, 2) at (1, 2, 3): a ray along +x from x = -4 enters the face x = 0 at t = 4;
    // along -z from z = 10 enters z = 5 at t = 5; along +y from y = -3 enters y = 1.5 at t = 4.5.
    Shape s = makeBox({1, 0.5f, 2});
    glm::vec3 p(1, 2, 3);
    expectHit(cast(s, {-4, 2.2f, 3.5f}, {1, 0, 0}, p), 4.0f, {-1, 0, 0});
    expectHit(cast(s, {1.5f, 2.3f, 10}, {0, 0, -1}, p), 5.0f, {0, 0, 1});
    expectHit(cast(s, {0.2f, -3, 4.5f}, {0, 1, 0}, p), 4.5f, {0, -1, 0});
}

TEST(RayBox, BoxTurned45DegreesAboutYIsEnteredThroughItsDiagonalFace) {
    // Unit cube (h = 1) turned 45 degrees about Y at p = (2, -1, 4). Its local +z face has the
    // world normal (sin 45, 0, cos 45). A ray along -x at z = 0.3 (relative to p) meets the
    // point x where local z = (x + 0.3) / sqrt 2 reaches 1 (local x = (x - 0.3) / sqrt 2 is
    // still below 1): x = sqrt 2 - 0.3. From x = 5: t = 5 - sqrt 2 + 0.3.
    Shape s = makeBox(glm::vec3(1.0f));
    glm::vec3 p(2, -1, 4);
    glm::quat q = rotation(45, {0, 1, 0});
    expectHit(cast(s, p + glm::vec3(5, 0.2f, 0.3f), {-1, 0, 0}, p, q), 5.3f - kRoot2,
              {0.5f * kRoot2, 0, 0.5f * kRoot2});
    // Mirrored at z = -0.3 it enters the local +x face, world normal (cos 45, 0, -sin 45).
    expectHit(cast(s, p + glm::vec3(5, 0.2f, -0.3f), {-1, 0, 0}, p, q), 5.3f - kRoot2,
              {0.5f * kRoot2, 0, -0.5f * kRoot2});
    // Above the top face (y = 1) it misses.
    EXPECT_FALSE(cast(s, p + glm::vec3(5, 1.01f, 0.3f), {-1, 0, 0}, p, q).hit);
}

TEST(RayBox, BoxTurned30DegreesAboutZIsHitOnItsTurnedFace) {
    // Box (1, 0.5, 2) turned 30 degrees about Z at p: a ray built in the box's frame (from
    // local (-5, 0.2, 0.3) along local +x) enters local x = -1 at t = 4 with the normal
    // q (-1, 0, 0) = (-cos 30, -sin 30, 0).
    Shape s = makeBox({1, 0.5f, 2});
    glm::vec3 p(-3, 1, 2);
    glm::quat q = rotation(30, {0, 0, 1});
    expectHit(cast(s, p + q * glm::vec3(-5, 0.2f, 0.3f), q * glm::vec3(1, 0, 0), p, q), 4.0f,
              {-0.5f * kRoot3, -0.5f, 0});
}

TEST(RayBox, RayFromInsideARotatedBoxHitsAtZeroAgainstTheRay) {
    Shape s = makeBox({1, 0.5f, 2});
    glm::vec3 p(-3, 1, 2);
    glm::quat q = rotation(70, {1, 2, 3});
    glm::vec3 d = glm::normalize(glm::vec3(0.3f, -1, 0.2f));
    expectHit(cast(s, p + q * glm::vec3(0.9f, -0.4f, 1.9f), d, p, q), 0.0f, -d);
}

TEST(RayBox, RayParallelToAFaceHitsInsideTheSlabAndMissesJustOutside) {
    // Unit cube at the origin, ray along +x: at y = 0.999 it enters x = -1 at t = 4; at
    // y = 1.001 it grazes past the top face.
    Shape s = makeBox(glm::vec3(1.0f));
    expectHit(cast(s, {-5, 0.999f, 0}, {1, 0, 0}), 4.0f, {-1, 0, 0});
    EXPECT_FALSE(cast(s, {-5, 1.001f, 0}, {1, 0, 0}).hit);
    EXPECT_FALSE(cast(s, {-5, 0, -1.001f}, {1, 0, 0}).hit);
    // The same in a turned frame, where the local direction is parallel only up to rounding.
    glm::vec3 p(2, 3, 4);
    glm::quat q = rotation(30, {0, 0, 1});
    expectHit(cast(s, p + q * glm::vec3(-5, 0.999f, 0), q * glm::vec3(1, 0, 0), p, q), 4.0f,
              q * glm::vec3(-1, 0, 0));
    EXPECT_FALSE(cast(s, p + q * glm::vec3(-5, 1.001f, 0), q * glm::vec3(1, 0, 0), p, q).hit);
}

TEST(RayBox, RayPointingAwayOrStoppedShortMisses) {
    Shape s = makeBox(glm::vec3(1.0f));
    EXPECT_FALSE(cast(s, {-5, 0, 0}, {-1, 0, 0}).hit); // box behind the ray
    EXPECT_FALSE(cast(s, {5, 0, 0}, {1, 0, 0}).hit);
    EXPECT_FALSE(cast(s, {-5, 0, 0}, {1, 0, 0}, kZero, kIdentity, 3.99f).hit);
    expectHit(cast(s, {-5, 0, 0}, {1, 0, 0}, kZero, kIdentity, 4.01f), 4.0f, {-1, 0, 0});
}

// --- capsules -----------------------------------------------------------------------------

TEST(RayCapsule, SideIsHitOnTheCylinderWithARadialNormal) {
    // Capsule r = 0.5, half height 1 along Y at p = (1, 2, 3). A ray along +x at height 0.4
    // enters the side at x = -0.5: t = 4.5. Offset by z = 0.3 it enters at
    // x = -sqrt(0.25 - 0.09) = -0.4: t = 4.6, normal (-0.4, 0, 0.3) / 0.5.
    Shape s = makeCapsule(0.5f, 1.0f);
    glm::vec3 p(1, 2, 3);
    expectHit(cast(s, p + glm::vec3(-5, 0.4f, 0), {1, 0, 0}, p), 4.5f, {-1, 0, 0});
    expectHit(cast(s, p + glm::vec3(-5, 0.4f, 0.3f), {1, 0, 0}, p), 4.6f, {-0.8f, 0, 0.6f});
    EXPECT_FALSE(cast(s, p + glm::vec3(-5, 0.4f, 0.51f), {1, 0, 0}, p).hit);
}

TEST(RayCapsule, CapsAreHitOnTheEndSpheres) {
    // Down the axis from y = 5: the top cap's pole at y = 1.5, t = 3.5. Off the axis by
    // x = 0.3: the cap sphere (centre y = 1) at y = 1 + 0.4, t = 3.6, normal (0.3, 0.4, 0)/0.5.
    Shape s = makeCapsule(0.5f, 1.0f);
    glm::vec3 p(1, 2, 3);
    expectHit(cast(s, p + glm::vec3(0, 5, 0), {0, -1, 0}, p), 3.5f, {0, 1, 0});
    expectHit(cast(s, p + glm::vec3(0.3f, 5, 0), {0, -1, 0}, p), 3.6f, {0.6f, 0.8f, 0});
    expectHit(cast(s, p + glm::vec3(0, -5, 0), {0, 1, 0}, p), 3.5f, {0, -1, 0});
    // Sideways at height 1.3 (above the cylinder part): the cap sphere at x = -0.4, t = 4.6,
    // normal (-0.4, 0.3, 0) / 0.5.
    expectHit(cast(s, p + glm::vec3(-5, 1.3f, 0), {1, 0, 0}, p), 4.6f, {-0.8f, 0.6f, 0});
    // Above the cap's top (y = 1.51): misses.
    EXPECT_FALSE(cast(s, p + glm::vec3(-5, 1.51f, 0), {1, 0, 0}, p).hit);
}

TEST(RayCapsule, CapsuleTiltedAbout45DegreesIsHitOnItsSlantedSide) {
    // Axis turned 45 degrees about Z: local Y is world (-sin 45, cos 45, 0). A ray down the
    // world Y axis: the point (0, y, 0) lies y / sqrt 2 from the axis, so it enters at
    // y = 0.5 sqrt 2 (axial coordinate 0.5 < 1, the side): t = 5 - 0.5 sqrt 2, normal (1,1,0)/sqrt 2.
    Shape s = makeCapsule(0.5f, 1.0f);
    glm::vec3 p(-2, 1, 0.5f);
    glm::quat q = rotation(45, {0, 0, 1});
    expectHit(cast(s, p + glm::vec3(0, 5, 0), {0, -1, 0}, p, q), 5.0f - 0.5f * kRoot2,
              {0.5f * kRoot2, 0.5f * kRoot2, 0});
    // Turned 90 degrees about Z the axis is world X: a ray along +x hits the cap pole at
    // x = -1.5, t = 3.5.
    glm::quat q90 = rotation(90, {0, 0, 1});
    expectHit(cast(s, p + glm::vec3(-5, 0, 0), {1, 0, 0}, p, q90), 3.5f, {-1, 0, 0});
}

TEST(RayCapsule, RayFromInsideHitsAtZeroAndRayPointingAwayMisses) {
    Shape s = makeCapsule(0.5f, 1.0f);
    glm::vec3 p(1, 2, 3);
    glm::vec3 d = glm::normalize(glm::vec3(1, 1, 0));
    expectHit(cast(s, p + glm::vec3(0.1f, 1.3f, 0), d, p), 0.0f, -d);
    EXPECT_FALSE(cast(s, p + glm::vec3(-5, 0, 0), {-1, 0, 0}, p).hit);
    EXPECT_FALSE(cast(s, p + glm::vec3(0, 5, 0), {0, 1, 0}, p).hit);
    EXPECT_FALSE(cast(s, p + glm::vec3(-5, 0.4f, 0), {1, 0, 0}, p, kIdentity, 4.49f).hit);
}

// --- hulls --------------------------------------------------------------------------------

TEST(RayHull, TetrahedronIsEnteredThroughItsSlantedAndItsAxisFaces) {
    // The unit tetrahedron (points where the user put them). Down -z at (0.2, 0.2): enters the
    // slanted face x + y + z = 1 at z = 0.6, t = 4.4, normal (1, 1, 1)/sqrt 3. Up +z at
    // (0.2, 0.3): enters z = 0 at t = 5, normal -z. At (0.6, 0.6) x + y > 1: misses.
    glm::vec3 com;
    Shape s = makeHull(kTetra, com);
    ASSERT_TRUE(s.hull);
    expectVec(com, glm::vec3(0.25f));
    glm::vec3 n = glm::vec3(1.0f) / kRoot3;
    expectHit(cast(s, {0.2f, 0.2f, 5}, {0, 0, -1}, com), 4.4f, n);
    expectHit(cast(s, {0.2f, 0.3f, -5}, {0, 0, 1}, com), 5.0f, {0, 0, -1});
    expectHit(cast(s, {5, 0.2f, 0.2f}, {-1, 0, 0}, com), 4.4f, n);
    EXPECT_FALSE(cast(s, {0.6f, 0.6f, 5}, {0, 0, -1}, com).hit);
}

TEST(RayHull, TurnedAndMovedTetrahedronKeepsItsHandComputedHits) {
    // Turned 90 degrees about X, (x, y, z) -> (x, -z, y), then moved by T = (3, 1, -2): the
    // corners are T + (0,0,0), (1,0,0), (0,0,1), (0,-1,0). Face z = 0 becomes the top y = T.y
    // with normal +y; x + y + z = 1 becomes x - y + z = 1 with normal (1, -1, 1)/sqrt 3.
    glm::vec3 com;
    Shape s = makeHull(kTetra, com);
    ASSERT_TRUE(s.hull);
    glm::quat q = rotation(90, {1, 0, 0});
    glm::vec3 T(3, 1, -2);
    glm::vec3 p = T + q * com;
    expectHit(cast(s, T + glm::vec3(0.2f, 5, 0.3f), {0, -1, 0}, p, q), 5.0f, {0, 1, 0});
    // From below at (0.2, ., 0.3): x + z - y = 1 at y = -0.5, t = 4.5.
    expectHit(cast(s, T + glm::vec3(0.2f, -5, 0.3f), {0, 1, 0}, p, q), 4.5f,
              glm::vec3(1, -1, 1) / kRoot3);
}

TEST(RayHull, HullOfBoxCornersIsHitLikeTheBoxTurned45Degrees) {
    // The same cube and ray as RayBox.BoxTurned45DegreesAboutYIsEnteredThroughItsDiagonalFace.
    glm::vec3 com;
    Shape s = makeHull(boxCorners(glm::vec3(1.0f)), com);
    ASSERT_TRUE(s.hull);
    expectVec(com, kZero);
    glm::vec3 p(2, -1, 4);
    glm::quat q = rotation(45, {0, 1, 0});
    expectHit(cast(s, p + glm::vec3(5, 0.2f, 0.3f), {-1, 0, 0}, p, q), 5.3f - kRoot2,
              {0.5f * kRoot2, 0, 0.5f * kRoot2});
    // Straight at a corner (1, 1, 1) along the diagonal: enters at t = 5 - sqrt 3 (the normal
    // is one of the three faces meeting there).
    Ray corner = cast(s, p + q * glm::vec3(5.0f / kRoot3), q * glm::vec3(-1), p, q);
    ASSERT_TRUE(corner.hit);
    EXPECT_NEAR(corner.t, 5.0f - kRoot3, kTol);
    EXPECT_NEAR(glm::dot(corner.normal, q * glm::vec3(1.0f) / kRoot3), 1.0f / kRoot3, kTol);
    // Along local -x past the corner edge y = z = 1: at (y, z) = (0.999, 0.999) it enters the
    // face x = 1 at t = 4; at y = 1.001 it grazes past.
    expectHit(cast(s, p + q * glm::vec3(5, 0.999f, 0.999f), q * glm::vec3(-1, 0, 0), p, q), 4.0f,
              q * glm::vec3(1, 0, 0));
    EXPECT_FALSE(cast(s, p + q * glm::vec3(5, 1.001f, 0.999f), q * glm::vec3(-1, 0, 0), p, q).hit);
}

TEST(RayHull, RayParallelToAFaceHitsInsideTheSlabAndMissesJustOutside) {
    // Along +x at z = 0.1 (inside the tetrahedron's slab z >= 0): enters x = 0 at t = 5.
    // At z = -0.001, parallel to the face z = 0 and just outside it: misses.
    glm::vec3 com;
    Shape s = makeHull(kTetra, com);
    ASSERT_TRUE(s.hull);
    expectHit(cast(s, {-5, 0.2f, 0.1f}, {1, 0, 0}, com), 5.0f, {-1, 0, 0});
    EXPECT_FALSE(cast(s, {-5, 0.2f, -0.001f}, {1, 0, 0}, com).hit);
}

TEST(RayHull, RayFromInsideHitsAtZeroAndRayPointingAwayOrTooShortMisses) {
    glm::vec3 com;
    Shape s = makeHull(kTetra, com);
    ASSERT_TRUE(s.hull);
    glm::vec3 d = glm::normalize(glm::vec3(-1, 2, 0.5f));
    expectHit(cast(s, {0.2f, 0.2f, 0.2f}, d, com), 0.0f, -d);
    EXPECT_FALSE(cast(s, {0.2f, 0.2f, 5}, {0, 0, 1}, com).hit);
    EXPECT_FALSE(cast(s, {0.2f, 0.2f, 5}, {0, 0, -1}, com, kIdentity, 4.39f).hit);
    expectHit(cast(s, {0.2f, 0.2f, 5}, {0, 0, -1}, com, kIdentity, 4.41f), 4.4f,
              glm::vec3(1.0f) / kRoot3);
}

// --- planes -------------------------------------------------------------------------------

TEST(RayPlane, RayMeetsThePlaneAtHeightOverDescentRate) {
    // y = 1, from y = 5 straight down: t = 4.
    expectHit(cast(makePlane({0, 1, 0}, 1), {3, 5, -2}, {0, -1, 0}), 4.0f, {0, 1, 0});
    // Tilted plane x + y = 0: (3, 3, 0) lies 6/sqrt 2 above it and a ray along -x descends at
    // 1/sqrt 2 per metre: t = 6, hitting (-3, 3, 0).
    glm::vec3 n = glm::vec3(1, 1, 0) / kRoot2;
    expectHit(cast(makePlane({1, 1, 0}, 0), {3, 3, 0}, {-1, 0, 0}), 6.0f, n);
    EXPECT_FALSE(cast(makePlane({1, 1, 0}, 0), {3, 3, 0}, {-1, 0, 0}, kZero, kIdentity, 5.99f).hit);
}

TEST(RayPlane, ParallelOrRisingRaysMissAndRaysFromBelowHitAtZero) {
    Shape s = makePlane({0, 1, 0}, 1);
    EXPECT_FALSE(cast(s, {0, 5, 0}, {1, 0, 0}).hit);
    EXPECT_FALSE(cast(s, {0, 5, 0}, {0, 1, 0}).hit);
    glm::vec3 d = glm::normalize(glm::vec3(1, 1, 0));
    expectHit(cast(s, {0, 0.5f, 0}, d), 0.0f, -d);
}

TEST(RayPlane, PlaneBodyPoseMovesThePlaneForRaysAsItDoesForContacts) {
    // The narrow phase (collide_plane.cpp, SpherePlane.PlaneBodyPoseMovesThePlane) reads the
    // plane in its body's frame: plane y = 0 in a body at (0, 2, 0) is the world plane y = 2.
    // A ray down from y = 5 must then stop at t = 3, where a sphere would rest.
    expectHit(cast(makePlane({0, 1, 0}, 0), {0, 5, 0}, {0, -1, 0}, {0, 2, 0}), 3.0f, {0, 1, 0});
    // Turned 90 degrees about X the plane y = 0 becomes z = 0 with normal +z.
    expectHit(cast(makePlane({0, 1, 0}, 0), {0, 0, 5}, {0, 0, -1}, {0, 2, 0},
                   rotation(90, {1, 0, 0})),
              5.0f, {0, 0, 1});
}

// --- bounding boxes -----------------------------------------------------------------------

TEST(ShapeAabb, RotatedBoxBoundsExactlyItsEightTransformedCorners) {
    glm::vec3 h(1, 0.5f, 2), p(1, -2, 3);
    glm::quat q = rotation(37, {1, 2, 3});
    glm::vec3 lo(kInf), hi(-kInf);
    for (const glm::vec3& c : boxCorners(h)) {
        lo = glm::min(lo, p + q * c);
        hi = glm::max(hi, p + q * c);
    }
    expectAabb(computeAabb(makeBox(h), p, q), lo, hi);
    // By hand: the unit cube turned 45 degrees about Y spans sqrt 2 in x and z, 1 in y.
    expectAabb(computeAabb(makeBox(glm::vec3(1)), p, rotation(45, {0, 1, 0})),
               p - glm::vec3(kRoot2, 1, kRoot2), p + glm::vec3(kRoot2, 1, kRoot2));
}

TEST(ShapeAabb, TiltedCapsuleBoundsItsTwoEndSpheres) {
    // r = 0.5, half height 1, axis turned 45 degrees about Z to (-sin 45, cos 45, 0): the end
    // centres are +-(0.5 sqrt 2, 0.5 sqrt 2, 0), so the box is +-(0.5 sqrt 2 + 0.5) in x and y
    // and +-0.5 in z.
    glm::vec3 p(4, 5, 6);
    float e = 0.5f * kRoot2 + 0.5f;
    expectAabb(computeAabb(makeCapsule(0.5f, 1), p, rotation(45, {0, 0, 1})),
               p - glm::vec3(e, e, 0.5f), p + glm::vec3(e, e, 0.5f));
    // A general tilt: the box of the two end spheres.
    glm::quat q = rotation(63, {-1, 2, 0.5f});
    glm::vec3 a = p + q * glm::vec3(0, 1, 0), b = p - q * glm::vec3(0, 1, 0);
    expectAabb(computeAabb(makeCapsule(0.5f, 1), p, q), glm::min(a, b) - glm::vec3(0.5f),
               glm::max(a, b) + glm::vec3(0.5f));
}

TEST(ShapeAabb, TurnedTetrahedronBoundsItsTurnedCorners) {
    // The tetrahedron turned 90 degrees about X and moved by T has corners T + (0,0,0),
    // (1,0,0), (0,0,1), (0,-1,0): the box runs from T + (0,-1,0) to T + (1,0,1).
    glm::vec3 com;
    Shape s = makeHull(kTetra, com);
    ASSERT_TRUE(s.hull);
    glm::quat q = rotation(90, {1, 0, 0});
    glm::vec3 T(3, 1, -2);
    expectAabb(computeAabb(s, T + q * com, q), T + glm::vec3(0, -1, 0), T + glm::vec3(1, 0, 1));
}

TEST(ShapeAabb, SphereBoundsAreCentrePlusMinusRadiusWhateverTheTurn) {
    glm::vec3 p(4, 5, 6);
    expectAabb(computeAabb(makeSphere(0.7f), p, rotation(33, {1, 1, 0})), p - glm::vec3(0.7f),
               p + glm::vec3(0.7f));
}

// --- world queries ------------------------------------------------------------------------

TEST(WorldRayCast, ReturnsTheClosestOfSeveralBodiesWithItsIdPointAndNormal) {
    World w;
    // Created far to near, so the answer is not the first slot; a sphere behind the origin too.
    BodyId farthest = create(w, staticDef(sphereDef(0.5f), {9, 0, 0}));
    BodyId mid = create(w, staticDef(boxDef(glm::vec3(0.5f)), {6, 0, 0}));
    BodyId nearest = create(w, staticDef(sphereDef(0.5f), {3, 0, 0}));
    create(w, staticDef(sphereDef(0.5f), {-2, 0, 0}));
    RayHit hit;
    // An unnormalised direction: the distance is measured along the unit ray.
    ASSERT_TRUE(w.rayCast(kZero, {2, 0, 0}, 100.0f, hit));
    EXPECT_EQ(hit.body, nearest);
    EXPECT_NEAR(hit.distance, 2.5f, kTol);
    expectVec(hit.point, {2.5f, 0, 0});
    expectVec(hit.normal, {-1, 0, 0});
    // Too short a ray finds nothing.
    EXPECT_FALSE(w.rayCast(kZero, {1, 0, 0}, 2.49f, hit));
    // With the nearest gone, the box face at x = 5.5 is next.
    ASSERT_TRUE(w.destroyBody(nearest));
    ASSERT_TRUE(w.rayCast(kZero, {1, 0, 0}, 100.0f, hit));
    EXPECT_EQ(hit.body, mid);
    EXPECT_NEAR(hit.distance, 5.5f, kTol);
    // A new body in the freed slot at x = 7.5: the hit carries the new handle, not the old one.
    ASSERT_TRUE(w.destroyBody(mid));
    BodyId reused = create(w, staticDef(sphereDef(0.5f), {7.5f, 0, 0}));
    ASSERT_TRUE(w.rayCast(kZero, {1, 0, 0}, 100.0f, hit));
    EXPECT_EQ(hit.body, reused);
    EXPECT_NE(hit.body, nearest);
    EXPECT_NE(hit.body, mid);
    EXPECT_NEAR(hit.distance, 7.0f, kTol);
    // With that one gone too, the farthest sphere's surface at x = 8.5.
    ASSERT_TRUE(w.destroyBody(reused));
    ASSERT_TRUE(w.rayCast(kZero, {1, 0, 0}, 100.0f, hit));
    EXPECT_EQ(hit.body, farthest);
    EXPECT_NEAR(hit.distance, 8.5f, kTol);
}

TEST(WorldRayCast, HullBodyIsHitWhereItsUserPointsAreAndGroundBelowEverything) {
    // A tetrahedron body from user points is re-centred on its centre of mass but stays where
    // the points are: down -z at (0.2, 0.2) it is hit on x + y + z = 1 at z = 0.6.
    World w;
    BodyId ground = create(w, staticDef(planeDef({0, 0, 1}, -3)));
    BodyId tetra = create(w, staticDef(hullDef(kTetra)));
    RayHit hit;
    ASSERT_TRUE(w.rayCast({0.2f, 0.2f, 5}, {0, 0, -1}, 100.0f, hit));
    EXPECT_EQ(hit.body, tetra);
    EXPECT_NEAR(hit.distance, 4.4f, kTol);
    expectVec(hit.normal, glm::vec3(1.0f) / kRoot3);
    // Beside the tetrahedron the ray reaches the ground z = -3 at t = 8.
    ASSERT_TRUE(w.rayCast({0.6f, 0.6f, 5}, {0, 0, -1}, 100.0f, hit));
    EXPECT_EQ(hit.body, ground);
    EXPECT_NEAR(hit.distance, 8.0f, kTol);
    expectVec(hit.point, {0.6f, 0.6f, -3});
    expectVec(hit.normal, {0, 0, 1});
}

namespace {

// One body of each kind, well apart, plus a ground plane far below them.
struct Zoo {
    World world;
    BodyId sphere, box, capsule, hull, ground;
    Zoo() {
        sphere = create(world, staticDef(sphereDef(1.0f), {0, 0, 0}));
        box = create(world, staticDef(boxDef(glm::vec3(1.0f)), {10, 0, 0}, rotation(45, {0, 1, 0})));
        capsule = create(world, staticDef(capsuleDef(0.5f, 1.0f), {20, 0, 0}, rotation(90, {0, 0, 1})));
        std::vector<glm::vec3> points;
        for (const glm::vec3& v : kTetra) points.push_back(v + glm::vec3(30, 0, 0));
        hull = create(world, staticDef(hullDef(points)));
        ground = create(world, staticDef(planeDef({0, 1, 0}, -10)));
    }
};

std::vector<BodyId> only(BodyId id) { return {id}; }

} // namespace

TEST(WorldQueryPoint, EachShapeContainsPointsJustInsideAndNotJustOutside) {
    Zoo z;
    World& w = z.world;
    // Sphere r = 1: |(0.7, 0.7, 0)| = 0.990 inside, |(0.71, 0.71, 0)| = 1.004 outside.
    EXPECT_EQ(w.queryPoint({0.7f, 0.7f, 0}), only(z.sphere));
    EXPECT_TRUE(w.queryPoint({0.71f, 0.71f, 0}).empty());
    // Cube turned 45 degrees about Y: its corner reaches x = 10 + sqrt 2 = 11.414.
    EXPECT_EQ(w.queryPoint({11.40f, 0, 0}), only(z.box));
    EXPECT_TRUE(w.queryPoint({11.43f, 0, 0}).empty());
    EXPECT_TRUE(w.queryPoint({10.8f, 0, 0.8f}).empty()); // local z = 0.8 sqrt 2 = 1.13
    EXPECT_EQ(w.queryPoint({10.7f, 0.99f, 0}), only(z.box));
    // Capsule along world X (turned 90 about Z): caps reach x = 20 +- 1.5, the side r = 0.5.
    EXPECT_EQ(w.queryPoint({21.49f, 0, 0}), only(z.capsule));
    EXPECT_TRUE(w.queryPoint({21.51f, 0, 0}).empty());
    EXPECT_EQ(w.queryPoint({19.0f, 0, 0.49f}), only(z.capsule));
    EXPECT_TRUE(w.queryPoint({19.0f, 0, 0.51f}).empty());
    EXPECT_TRUE(w.queryPoint({21.4f, 0.4f, 0}).empty()); // cap sphere: |(0.4, 0.4)| = 0.566
    // Tetrahedron at x = 30: x + y + z = 0.99 inside, 1.01 outside; z = -0.01 outside.
    EXPECT_EQ(w.queryPoint({30.3f, 0.3f, 0.39f}), only(z.hull));
    EXPECT_TRUE(w.queryPoint({30.3f, 0.3f, 0.41f}).empty());
    EXPECT_TRUE(w.queryPoint({30.1f, 0.1f, -0.01f}).empty());
    // Ground y = -10: below is inside.
    EXPECT_EQ(w.queryPoint({0, -10.01f, 0}), only(z.ground));
    EXPECT_TRUE(w.queryPoint({0, -9.99f, 0}).empty());
}

TEST(WorldQueryPoint, PlaneBodyPoseMovesThePlaneAsItDoesForContacts) {
    // As in RayPlane.PlaneBodyPoseMovesThePlaneForRaysAsItDoesForContacts: plane y = 0 in a
    // static body at (0, 2, 0) is the world plane y = 2.
    World w;
    BodyId ground = create(w, staticDef(planeDef({0, 1, 0}, 0), {0, 2, 0}));
    EXPECT_EQ(w.queryPoint({0, 1.9f, 0}), only(ground));
    EXPECT_TRUE(w.queryPoint({0, 2.1f, 0}).empty());
}

TEST(WorldQueryAabb, ReportsExactlyTheBodiesWhoseBoundsOverlapInSlotOrder) {
    Zoo z;
    World& w = z.world;
    // Bounds: sphere [-1, 1]^3; turned cube x in 10 +- sqrt 2, y +-1, z +- sqrt 2; capsule
    // x in [18.5, 21.5], y and z +-0.5; tetrahedron [30, 31] x [0, 1] x [0, 1]; the plane's
    // box is unbounded, so it is in every answer.
    expectAabb(w.bodyAabb(z.box), {10 - kRoot2, -1, -kRoot2}, {10 + kRoot2, 1, kRoot2});
    expectAabb(w.bodyAabb(z.capsule), {18.5f, -0.5f, -0.5f}, {21.5f, 0.5f, 0.5f});
    expectAabb(w.bodyAabb(z.hull), {30, 0, 0}, {31, 1, 1});
    // Between the sphere and the cube: only the ground.
    EXPECT_EQ(w.queryAabb({{1.05f, -0.1f, -0.1f}, {8.55f, 0.1f, 0.1f}}), only(z.ground));
    // Reaching into both.
    EXPECT_EQ(w.queryAabb({{0.95f, -0.1f, -0.1f}, {8.6f, 0.1f, 0.1f}}),
              (std::vector<BodyId>{z.sphere, z.box, z.ground}));
    // A thin box over the capsule's top and the tetrahedron's: y in [0.45, 0.55].
    EXPECT_EQ(w.queryAabb({{15, 0.45f, 0.2f}, {35, 0.55f, 0.3f}}),
              (std::vector<BodyId>{z.capsule, z.hull, z.ground}));
    // Just above them: y in [1.05, 2] touches nothing but the ground.
    EXPECT_EQ(w.queryAabb({{-5, 1.05f, -5}, {35, 2, 5}}), only(z.ground));
}
