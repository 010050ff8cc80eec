// Ray casts against each shape (rayCastShape). Every expected distance and normal is worked
// out by hand in the comment above it.
#include "unit/query_fixtures.h"

using namespace tumble;
using namespace tumble::test;

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

