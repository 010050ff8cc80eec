// Spheres and capsules against spheres, capsules, boxes and hulls: closest points, face
// regions, edges, corners, parallel capsules and cores sunk inside a box.
#include "test_narrowphase_util.h"

#include <random>

using namespace tumble;
using namespace tumble::test;

namespace {
const Shape kSlab = box({1.0f, 0.5f, 1.0f});
const float kRootHalf = glm::root_two<float>() / 2.0f;
// A capsule's core lies along its local Y; this turns it onto X.
const glm::quat kAlongX = rotation(-90, {0, 0, 1});
} // namespace

// --- sphere-sphere ---------------------------------------------------------------------------

TEST(SphereSphere, OverlapAlongTheLineOfCentres) {
    Transform xa = pose({0, 0, 0}), xb = pose({0.7f, 0, 0});
    Manifold m = run(sphere(0.5f), xa, sphere(0.3f), xb);
    ASSERT_EQ(m.pointCount, 1);
    expectVec(m.normal, {1, 0, 0});
    expectPoint(m, {0.45f, 0, 0}, -0.1f);
    expectVec(m.points[0].localAnchorA, {0.5f, 0, 0});
    expectVec(m.points[0].localAnchorB, {-0.3f, 0, 0});
}

TEST(SphereSphere, GapInsideTheMarginIsSpeculativeAndBeyondItNothing) {
    glm::vec3 d = glm::normalize(glm::vec3(1, 2, -2));
    Manifold m =
        run(sphere(0.5f), pose({1, 1, 1}), sphere(0.25f), pose(glm::vec3(1) + 0.76f * d), 0.02f);
    ASSERT_EQ(m.pointCount, 1);
    expectVec(m.normal, d);
    EXPECT_NEAR(m.points[0].separation, 0.01f, kTol);
    EXPECT_EQ(
        run(sphere(0.5f), pose({0, 0, 0}), sphere(0.25f), pose({0.771f, 0, 0}), 0.02f).pointCount,
        0);
}

TEST(SphereSphere, ConcentricSpheresPushAlongY) {
    Manifold m = run(sphere(0.5f), pose({2, 0, 0}), sphere(0.3f), pose({2, 0, 0}));
    ASSERT_EQ(m.pointCount, 1);
    expectVec(m.normal, {0, 1, 0});
    EXPECT_NEAR(m.points[0].separation, -0.8f, kTol);
}

// --- sphere-capsule --------------------------------------------------------------------------

TEST(SphereCapsule, SideAndEndCapRegions) {
    Shape cap = capsule(0.2f, 0.5f);
    Manifold side = run(sphere(0.3f), pose({0.45f, 0.2f, 0}), cap, pose({0, 0, 0}));
    ASSERT_EQ(side.pointCount, 1);
    expectVec(side.normal, {-1, 0, 0});
    expectPoint(side, {0.175f, 0.2f, 0}, -0.05f);

    Manifold end = run(sphere(0.3f), pose({0, 0.9f, 0}), cap, pose({0, 0, 0}));
    ASSERT_EQ(end.pointCount, 1);
    expectVec(end.normal, {0, -1, 0});
    expectPoint(end, {0, 0.65f, 0}, -0.1f);
    EXPECT_NE(side.points[0].featureId, end.points[0].featureId);
}

// --- sphere-box and sphere-hull --------------------------------------------------------------

TEST(SphereBox, FaceEdgeAndCornerRegions) {
    Transform xb = pose({0, 0, 0});
    Manifold face = run(sphere(0.25f), pose({0.2f, 0.7f, -0.3f}), kSlab, xb);
    ASSERT_EQ(face.pointCount, 1);
    expectVec(face.normal, {0, -1, 0});
    expectPoint(face, {0.2f, 0.475f, -0.3f}, -0.05f);

    // Beyond the +x+y edge: the closest point is (1, 0.5, 0), 0.1 sqrt(2) away.
    Manifold edge = run(sphere(0.25f), pose({1.1f, 0.6f, 0}), kSlab, xb);
    ASSERT_EQ(edge.pointCount, 1);
    expectVec(edge.normal, {-kRootHalf, -kRootHalf, 0});
    float d = 0.1f * glm::root_two<float>();
    expectPoint(edge,
                glm::vec3(1.1f, 0.6f, 0) - 0.5f * (0.25f + d) * glm::vec3(kRootHalf, kRootHalf, 0),
                d - 0.25f);

    // Beyond the corner (1, 0.5, 1): 0.1 sqrt(3) away.
    Manifold corner = run(sphere(0.25f), pose({1.1f, 0.6f, 1.1f}), kSlab, xb);
    ASSERT_EQ(corner.pointCount, 1);
    expectVec(corner.normal, -glm::normalize(glm::vec3(1)));
    EXPECT_NEAR(corner.points[0].separation, 0.1f * glm::root_three<float>() - 0.25f, kTol);

    EXPECT_NE(face.points[0].featureId, edge.points[0].featureId);
    EXPECT_NE(edge.points[0].featureId, corner.points[0].featureId);
}

TEST(SphereBox, CentreInsidePushesOutThroughTheNearestFace) {
    Transform xa = pose({0.9f, 0.1f, 0}), xb = pose({0, 0, 0});
    Manifold m = run(sphere(0.25f), xa, kSlab, xb);
    ASSERT_EQ(m.pointCount, 1);
    expectVec(m.normal, {-1, 0, 0});
    expectPoint(m, {0.5f * (0.65f + 1.0f), 0.1f, 0}, -0.35f);
    expectConsistentAnchors(m, xa, xb);
}

TEST(SphereBox, RotatedAndMovedBoxGivesTheTransformedContact) {
    glm::quat q = rotation(50, {1, -2, 0.5f});
    glm::vec3 t(-2, 4, 1);
    Manifold m = run(sphere(0.25f), pose(t + q * glm::vec3(1.1f, 0.6f, 0)), kSlab, pose(t, q));
    ASSERT_EQ(m.pointCount, 1);
    expectVec(m.normal, q * glm::vec3(-kRootHalf, -kRootHalf, 0));
    EXPECT_NEAR(m.points[0].separation, 0.1f * glm::root_two<float>() - 0.25f, kTol);
    EXPECT_EQ(
        run(sphere(0.25f), pose(t + q * glm::vec3(0, 0.78f, 0)), kSlab, pose(t, q)).pointCount, 0);
}

TEST(SphereHull, OctahedronFaceAndTip) {
    // The face x + y + z = 1 of the octahedron a = 1 lies 1/sqrt(3) from the centre.
    glm::vec3 n = glm::normalize(glm::vec3(1));
    float h = 1.0f / glm::root_three<float>();
    Manifold face = run(sphere(0.3f), pose((h + 0.2f) * n), octahedron(1.0f), pose({0, 0, 0}));
    ASSERT_EQ(face.pointCount, 1);
    expectVec(face.normal, -n);
    expectPoint(face, (h - 0.05f) * n, -0.1f);

    Manifold tip = run(sphere(0.3f), pose({0, 1.25f, 0}), octahedron(1.0f), pose({0, 0, 0}));
    ASSERT_EQ(tip.pointCount, 1);
    expectVec(tip.normal, {0, -1, 0});
    expectPoint(tip, {0, 0.975f, 0}, -0.05f);
}

TEST(SphereHull, HullOfBoxCornersCollidesLikeTheBox) {
    std::mt19937 rng(2);
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    Shape slabHull = boxHull({1.0f, 0.5f, 1.0f});
    for (int trial = 0; trial < 300; ++trial) {
        Transform xb = pose({u(rng), u(rng), u(rng)},
                            glm::normalize(glm::quat(u(rng), u(rng), u(rng), u(rng))));
        Transform xa = pose(xb.p + 1.3f * glm::vec3(u(rng), u(rng), u(rng)));
        SCOPED_TRACE(trial);
        Manifold boxM = run(sphere(0.3f), xa, kSlab, xb);
        expectSameContact(run(sphere(0.3f), xa, slabHull, xb), boxM);
        expectConsistentAnchors(boxM, xa, xb);
        for (int i = 0; i < boxM.pointCount; ++i) {
            EXPECT_NEAR(glm::length(boxM.points[i].localAnchorA), 0.3f, kTol);
            expectOnBoxSurface(boxM.points[i].localAnchorB, {1.0f, 0.5f, 1.0f});
        }
    }
}

// --- capsule-capsule -------------------------------------------------------------------------

TEST(CapsuleCapsule, CrossingCoresTouchAtOnePoint) {
    Manifold m = run(capsule(0.2f, 0.5f), pose({0, 0, 0}), capsule(0.2f, 0.5f),
                     pose({0, 0, 0.35f}, kAlongX));
    ASSERT_EQ(m.pointCount, 1);
    expectVec(m.normal, {0, 0, 1});
    expectPoint(m, {0, 0, 0.175f}, -0.05f);
}

TEST(CapsuleCapsule, ParallelCoresTouchAtBothEndsOfTheOverlap) {
    // B's core spans y in [-0.2, 0.8], A's [-0.5, 0.5]: the overlap is [-0.2, 0.5].
    Transform xa = pose({0, 0, 0}), xb = pose({0.35f, 0.3f, 0});
    Manifold m = run(capsule(0.2f, 0.5f), xa, capsule(0.2f, 0.5f), xb);
    ASSERT_EQ(m.pointCount, 2);
    expectVec(m.normal, {1, 0, 0});
    expectPoint(m, {0.175f, -0.2f, 0}, -0.05f);
    expectPoint(m, {0.175f, 0.5f, 0}, -0.05f);
    expectConsistentAnchors(m, xa, xb);
    EXPECT_NE(m.points[0].featureId, m.points[1].featureId);
}

TEST(CapsuleCapsule, EndToEndAndApart) {
    Manifold m = run(capsule(0.2f, 0.5f), pose({0, 0, 0}), capsule(0.2f, 0.5f), pose({0, 1.3f, 0}));
    ASSERT_EQ(m.pointCount, 1);
    expectVec(m.normal, {0, 1, 0});
    expectPoint(m, {0, 0.65f, 0}, -0.1f);
    EXPECT_EQ(
        run(capsule(0.2f, 0.5f), pose({0, 0, 0}), capsule(0.2f, 0.5f), pose({0.43f, 0, 0}), 0.02f)
            .pointCount,
        0);
    // Within the margin: separation +margin/2 at both ends of the overlap.
    Manifold near =
        run(capsule(0.2f, 0.5f), pose({0, 0, 0}), capsule(0.2f, 0.5f), pose({0.41f, 0, 0}), 0.02f);
    ASSERT_EQ(near.pointCount, 2);
    for (int i = 0; i < 2; ++i)
        EXPECT_NEAR(near.points[i].separation, 0.01f, kTol);
}

// --- capsule-box and capsule-hull ------------------------------------------------------------

TEST(CapsuleBox, LyingOnAFaceGivesTwoPoints) {
    Transform xa = pose({0.1f, 0.65f, 0}, kAlongX), xb = pose({0, 0, 0});
    Manifold m = run(capsule(0.2f, 0.5f), xa, kSlab, xb);
    ASSERT_EQ(m.pointCount, 2);
    expectVec(m.normal, {0, -1, 0});
    expectPoint(m, {-0.4f, 0.475f, 0}, -0.05f);
    expectPoint(m, {0.6f, 0.475f, 0}, -0.05f);
    expectConsistentAnchors(m, xa, xb);
}

TEST(CapsuleBox, HangingOverTheEdgeIsClippedToTheFace) {
    Manifold m = run(capsule(0.2f, 0.5f), pose({0.8f, 0.65f, 0}, kAlongX), kSlab, pose({0, 0, 0}));
    ASSERT_EQ(m.pointCount, 2);
    expectVec(m.normal, {0, -1, 0});
    expectPoint(m, {0.3f, 0.475f, 0}, -0.05f);
    expectPoint(m, {1.0f, 0.475f, 0}, -0.05f);
}

TEST(CapsuleBox, StandingUprightGivesOnePoint) {
    Manifold m = run(capsule(0.2f, 0.5f), pose({0.2f, 1.15f, 0.3f}), kSlab, pose({0, 0, 0}));
    ASSERT_EQ(m.pointCount, 1);
    expectVec(m.normal, {0, -1, 0});
    expectPoint(m, {0.2f, 0.475f, 0.3f}, -0.05f);
}

TEST(CapsuleBox, CoreSunkIntoTheBoxUsesTheLeastPenetratingFace) {
    // Core at y = 0.4, inside the box: the top face is 0.1 + r = 0.3 away.
    Manifold m = run(capsule(0.2f, 0.5f), pose({0, 0.4f, 0}, kAlongX), kSlab, pose({0, 0, 0}));
    ASSERT_EQ(m.pointCount, 2);
    expectVec(m.normal, {0, -1, 0});
    expectPoint(m, {-0.5f, 0.35f, 0}, -0.3f);
    expectPoint(m, {0.5f, 0.35f, 0}, -0.3f);
}

TEST(CapsuleBox, CoreCrossingAboveAnEdgeTouchesEdgeOnSegment) {
    // The core runs along (1, -1, 0) through (1.1, 0.6, 0), 0.1 sqrt(2) from the +x+y edge.
    glm::quat q = rotation(-45, {0, 0, 1}) * kAlongX; // core direction (1, -1, 0)/sqrt(2)
    Manifold m = run(capsule(0.2f, 0.5f), pose({1.1f, 0.6f, 0}, q), kSlab, pose({0, 0, 0}));
    ASSERT_EQ(m.pointCount, 1);
    expectVec(m.normal, {-kRootHalf, -kRootHalf, 0});
    float d = 0.1f * glm::root_two<float>();
    expectPoint(m, glm::vec3(1, 0.5f, 0) + 0.5f * (d - 0.2f) * glm::vec3(kRootHalf, kRootHalf, 0),
                d - 0.2f);
}

TEST(CapsuleBox, CoreCuttingThroughAnEdgeUsesTheEdgeAxis) {
    // The same core moved to (0.95, 0.45, 0) cuts the edge region: along the edge axis
    // (1, 1, 0)/sqrt(2) the core is 0.05 sqrt(2) inside, so separation = -0.05 sqrt(2) - r.
    glm::quat q = rotation(-45, {0, 0, 1}) * kAlongX;
    Manifold m = run(capsule(0.2f, 0.5f), pose({0.95f, 0.45f, 0}, q), kSlab, pose({0, 0, 0}));
    ASSERT_EQ(m.pointCount, 1);
    expectVec(m.normal, {-kRootHalf, -kRootHalf, 0});
    float s = -0.05f * glm::root_two<float>() - 0.2f;
    glm::vec3 onCapsule = glm::vec3(0.95f, 0.45f, 0) - 0.2f * glm::vec3(kRootHalf, kRootHalf, 0);
    expectPoint(m, 0.5f * (onCapsule + glm::vec3(1, 0.5f, 0)), s);
}

TEST(CapsuleHull, HullOfBoxCornersCollidesLikeTheBox) {
    std::mt19937 rng(4);
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    Shape slabHull = boxHull({1.0f, 0.5f, 1.0f});
    Shape cap = capsule(0.2f, 0.4f);
    int touching = 0;
    for (int trial = 0; trial < 300; ++trial) {
        Transform xb = pose({u(rng), u(rng), u(rng)},
                            glm::normalize(glm::quat(u(rng), u(rng), u(rng), u(rng))));
        Transform xa = pose(xb.p + 1.2f * glm::vec3(u(rng), u(rng), u(rng)),
                            glm::normalize(glm::quat(u(rng), u(rng), u(rng), u(rng))));
        SCOPED_TRACE(trial);
        Manifold boxM = run(cap, xa, kSlab, xb);
        expectSameContact(run(cap, xa, slabHull, xb), boxM);
        expectConsistentAnchors(boxM, xa, xb);
        for (int i = 0; i < boxM.pointCount; ++i) {
            expectInCapsule(boxM.points[i].localAnchorA, 0.2f, 0.4f);
            expectOnBoxSurface(boxM.points[i].localAnchorB, {1.0f, 0.5f, 1.0f});
        }
        touching += boxM.pointCount > 0;
    }
    EXPECT_GT(touching, 100);
}

TEST(CapsuleHull, CapsuleAcrossAnOctahedronTipTouchesTheTip) {
    Manifold m =
        run(capsule(0.2f, 0.5f), pose({0, 1.15f, 0}, kAlongX), octahedron(1.0f), pose({0, 0, 0}));
    ASSERT_EQ(m.pointCount, 1);
    expectVec(m.normal, {0, -1, 0});
    expectPoint(m, {0, 0.975f, 0}, -0.05f);
}
