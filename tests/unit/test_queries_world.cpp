// World queries: bounding boxes (computeAabb), World::rayCast, point containment and box
// overlap. Every expected value is worked out by hand in the comment above it.
#include "unit/query_fixtures.h"

using namespace tumble;
using namespace tumble::test;

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
