// The narrow-phase table: coverage, names, mirrored cells, and feature ids that stay put
// while the same features touch and change when they do not.
#include "test_narrowphase_util.h"

#include "collision/feature_id.h"
#include "tumble/feature_names.h"

#include <random>
#include <string_view>

using namespace tumble;
using namespace tumble::test;

namespace {

std::vector<Shape> oneOfEachType() {
    return {sphere(0.4f), box({0.5f, 0.3f, 0.4f}), capsule(0.25f, 0.4f),
            hull({{0.5f, 0, 0},
                  {-0.4f, 0.1f, 0},
                  {0, 0.5f, 0.1f},
                  {0, -0.4f, 0},
                  {0.1f, 0, 0.5f},
                  {0, 0.1f, -0.45f},
                  {0.3f, 0.3f, 0.3f}}),
            plane({0.1f, 1, 0}, -0.2f), cylinder(0.3f, 0.35f)}; // in ShapeType order
}

void expectUniqueIds(const Manifold& m) {
    std::vector<uint32_t> ids = sortedIds(m);
    EXPECT_EQ(std::adjacent_find(ids.begin(), ids.end()), ids.end()) << "two points share an id";
}

} // namespace

TEST(NarrowphaseTable, EveryPairButPlanePlaneHasAFunction) {
    for (int i = 0; i < kShapeTypeCount; ++i)
        for (int j = 0; j < kShapeTypeCount; ++j) {
            ShapeType a = ShapeType(i), b = ShapeType(j);
            if (!inCollideTable(a) || !inCollideTable(b)) {
                EXPECT_EQ(collideCell(a, b).fn, nullptr);
                continue;
            }
            const CollideCell& cell = collideCell(a, b);
            bool planes = a == ShapeType::Plane && b == ShapeType::Plane;
            EXPECT_EQ(cell.fn == nullptr, planes) << toString(a) << "-" << toString(b);
            // Lower type first is written out; the other order mirrors it, except where the
            // written function takes the higher type first (capsule-box).
            if (!planes && i != j) {
                EXPECT_NE(cell.mirrored, collideCell(b, a).mirrored);
            }
            if (i == j) {
                EXPECT_FALSE(cell.mirrored);
            }
        }
}

TEST(NarrowphaseTable, CellsAreNamedForTheUi) {
    EXPECT_EQ(std::string_view(collideFunctionName(ShapeType::Box, ShapeType::Box)),
              "collideBoxes");
    EXPECT_EQ(std::string_view(collideFunctionName(ShapeType::Sphere, ShapeType::Box)),
              "collideSphereBox");
    EXPECT_EQ(std::string_view(collideFunctionName(ShapeType::Box, ShapeType::Sphere)),
              "collideSphereBox (mirrored)");
    EXPECT_EQ(std::string_view(collideFunctionName(ShapeType::Box, ShapeType::Capsule)),
              "collideCapsuleBox (mirrored)");
    EXPECT_EQ(std::string_view(collideFunctionName(ShapeType::Plane, ShapeType::Plane)), "none");
    Manifold m;
    int cell = -1;
    collide(sphere(0.5f), pose({0, 0, 0}), box(glm::vec3(0.5f)), pose({0, 0.9f, 0}), 0.0f, m,
            &cell);
    EXPECT_EQ(cell, collideCellIndex(ShapeType::Sphere, ShapeType::Box));
}

TEST(NarrowphaseTable, MirroredPairsGiveTheSameManifoldWithTheNormalFlipped) {
    std::vector<Shape> shapes = oneOfEachType();
    std::mt19937 rng(13);
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    for (int i = 0; i < kShapeTypeCount; ++i)
        for (int j = i + 1; j < kShapeTypeCount; ++j) {
            if (!inCollideTable(ShapeType(i)) || !inCollideTable(ShapeType(j))) continue;
            int touching = 0;
            for (int trial = 0; trial < 100; ++trial) {
                Transform xa = pose({u(rng), u(rng), u(rng)},
                                    glm::normalize(glm::quat(u(rng), u(rng), u(rng), u(rng))));
                Transform xb = pose(xa.p + 0.7f * glm::vec3(u(rng), u(rng), u(rng)),
                                    glm::normalize(glm::quat(u(rng), u(rng), u(rng), u(rng))));
                if (shapes[j].type == ShapeType::Plane) xb = pose({0, 0, 0}); // planes stay put
                Manifold ab = run(shapes[i], xa, shapes[j], xb);
                Manifold ba = run(shapes[j], xb, shapes[i], xa);
                SCOPED_TRACE(std::string(toString(ShapeType(i))) + "-" +
                             std::string(toString(ShapeType(j))) + " trial " +
                             std::to_string(trial));
                ASSERT_EQ(ab.pointCount, ba.pointCount);
                if (ab.pointCount == 0) continue;
                ++touching;
                expectVec(ab.normal, -ba.normal, 1e-6f);
                for (int k = 0; k < ab.pointCount; ++k) {
                    const ContactPoint &p = ab.points[k], &q = ba.points[k];
                    expectVec(p.position, q.position, 1e-6f);
                    EXPECT_EQ(p.separation, q.separation);
                    EXPECT_EQ(p.featureId, q.featureId);
                    expectVec(p.localAnchorA, q.localAnchorB, 1e-6f);
                    expectVec(p.localAnchorB, q.localAnchorA, 1e-6f);
                }
                expectConsistentAnchors(ab, xa, xb, 2e-4f);
                expectConsistentAnchors(ba, xb, xa, 2e-4f);
                expectUniqueIds(ab);
            }
            EXPECT_GT(touching, 5);
        }
}

TEST(NarrowphaseTable, EveryCellReportsTheGapBetweenStackedShapes) {
    // One shape above another, touching face to face, face to point or point to point along Y:
    // every point's separation is the gap between the lower shape's top and the upper shape's
    // bottom. Overlapping and inside the margin give points; beyond the margin, none.
    struct Stackable {
        Shape shape;
        float halfHeight; // extent above and below the centre along Y
    };
    const Stackable shapes[] = {{sphere(0.3f), 0.3f},
                                {box({0.4f, 0.25f, 0.35f}), 0.25f},
                                {capsule(0.2f, 0.3f), 0.5f},
                                {boxHull({0.3f, 0.2f, 0.3f}), 0.2f},
                                {plane(), 0.0f},
                                {cylinder(0.3f, 0.25f), 0.25f}};
    const float margin = 0.02f;
    for (int i = 0; i < kShapeTypeCount; ++i)
        for (int j = 0; j < kShapeTypeCount; ++j) {
            if (!inCollideTable(ShapeType(i)) || !inCollideTable(ShapeType(j))) continue;
            if (i == j && ShapeType(i) == ShapeType::Plane) continue;
            // The plane is always the lower shape; otherwise A is.
            bool aIsLower = ShapeType(j) != ShapeType::Plane;
            const Stackable& lower = aIsLower ? shapes[i] : shapes[j];
            const Stackable& upper = aIsLower ? shapes[j] : shapes[i];
            for (float gap : {-0.05f, 0.5f * margin, 1.5f * margin}) {
                Transform xl = pose({0, 0, 0});
                // Off-centre unless both are round (two rounded ends touch along their centres).
                auto round = [](const Shape& s) {
                    return s.type == ShapeType::Sphere || s.type == ShapeType::Capsule;
                };
                float shift = round(lower.shape) && round(upper.shape) ? 0.0f : 1.0f;
                Transform xu = pose(
                    {0.02f * shift, lower.halfHeight + upper.halfHeight + gap, -0.03f * shift});
                Manifold m = aIsLower ? run(lower.shape, xl, upper.shape, xu, margin)
                                      : run(upper.shape, xu, lower.shape, xl, margin);
                SCOPED_TRACE(std::string(collideFunctionName(ShapeType(i), ShapeType(j))) +
                             " gap " + std::to_string(gap));
                if (gap >= margin) {
                    EXPECT_EQ(m.pointCount, 0);
                    continue;
                }
                ASSERT_GT(m.pointCount, 0);
                expectVec(m.normal, aIsLower ? glm::vec3(0, 1, 0) : glm::vec3(0, -1, 0));
                for (int k = 0; k < m.pointCount; ++k)
                    EXPECT_NEAR(m.points[k].separation, gap, kTol);
            }
        }
}

TEST(NarrowphaseTable, CoincidentShapesStillGiveAFiniteManifold) {
    // Centres on top of each other is the degenerate case of every closest-point method.
    std::vector<Shape> shapes = oneOfEachType();
    for (int i = 0; i < kShapeTypeCount; ++i)
        for (int j = 0; j < kShapeTypeCount; ++j) {
            if (!inCollideTable(ShapeType(i)) || !inCollideTable(ShapeType(j))) continue;
            if (ShapeType(i) == ShapeType::Plane || ShapeType(j) == ShapeType::Plane) continue;
            Transform x = pose({1, 2, 3}, rotation(30, {1, 1, 0}));
            Manifold m = run(shapes[i], x, shapes[j], x);
            SCOPED_TRACE(collideFunctionName(ShapeType(i), ShapeType(j)));
            ASSERT_GT(m.pointCount, 0);
            ASSERT_LE(m.pointCount, 4);
            expectConsistentAnchors(m, x, x);
            for (int k = 0; k < m.pointCount; ++k)
                EXPECT_LT(m.points[k].separation, 0.0f);
        }
}

TEST(NarrowphaseTable, BoxesWithACornerInsideEachOtherAlwaysTouch) {
    // Independent witness: a corner of one box strictly inside the other means overlap.
    std::mt19937 rng(21);
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    glm::vec3 ha(0.5f, 0.3f, 0.4f), hb(0.2f, 0.6f, 0.3f);
    int witnessed = 0;
    for (int trial = 0; trial < 500; ++trial) {
        Transform xa = pose({0, 0, 0}, glm::normalize(glm::quat(u(rng), u(rng), u(rng), u(rng))));
        Transform xb = pose(0.9f * glm::vec3(u(rng), u(rng), u(rng)),
                            glm::normalize(glm::quat(u(rng), u(rng), u(rng), u(rng))));
        float deepest = 0.0f; // how far the deepest corner of B is inside A
        for (const glm::vec3& c : boxCorners(hb)) {
            glm::vec3 local = glm::conjugate(xa.q) * (xb.p + xb.q * c - xa.p);
            glm::vec3 inside = ha - glm::abs(local);
            deepest = std::max(deepest, std::min({inside.x, inside.y, inside.z}));
        }
        Manifold m = run(box(ha), xa, box(hb), xb);
        SCOPED_TRACE(trial);
        if (deepest > 1e-3f) {
            ++witnessed;
            ASSERT_GT(m.pointCount, 0);
            // Along any axis the projections overlap by at least min(corner depth, B's width),
            // and B is wider (0.4) than any corner can sink into A (0.3): so the least overlap,
            // the reported depth, is at least the corner's depth.
            float minSeparation = 0.0f;
            for (int k = 0; k < m.pointCount; ++k)
                minSeparation = std::min(minSeparation, m.points[k].separation);
            EXPECT_LE(minSeparation, -deepest + 1e-4f);
        }
    }
    EXPECT_GT(witnessed, 50);
}

TEST(FeatureIds, BoxOnBoxKeepsItsIdsUnderASmallMotion) {
    Shape ground = box({1.0f, 0.5f, 1.0f}), cube = box(glm::vec3(0.5f));
    Transform xa = pose({0, 0, 0});
    Manifold before = run(ground, xa, cube, pose({0.2f, 0.99f, -0.1f}, rotation(10, {0, 1, 0})));
    Manifold after =
        run(ground, xa, cube, pose({0.201f, 0.99f, -0.099f}, rotation(10.5f, {0, 1, 0})));
    ASSERT_EQ(before.pointCount, 4);
    expectUniqueIds(before);
    EXPECT_EQ(sortedIds(before), sortedIds(after));

    // The overlap polygon cut by the ground's edge: clip points, still stable.
    Manifold cutBefore = run(ground, xa, cube, pose({0.8f, 0.99f, 0.0f}, rotation(20, {0, 1, 0})));
    Manifold cutAfter =
        run(ground, xa, cube, pose({0.801f, 0.99f, 0.001f}, rotation(20.5f, {0, 1, 0})));
    ASSERT_EQ(cutBefore.pointCount, 4);
    expectUniqueIds(cutBefore);
    EXPECT_EQ(sortedIds(cutBefore), sortedIds(cutAfter));
}

TEST(FeatureIds, EqualBoxesStackedExactlyKeepTheirIdsUnderMicronJitter) {
    // Equal faces on top of each other: the corners coincide, and a tiny sideways motion must
    // not turn them into cut points with new ids.
    Shape cube = box(glm::vec3(0.5f));
    Transform xa = pose({0, 0, 0});
    Manifold aligned = run(cube, xa, cube, pose({0, 0.999f, 0}));
    ASSERT_EQ(aligned.pointCount, 4);
    expectUniqueIds(aligned);
    for (glm::vec3 jitter : {glm::vec3(2e-5f, 0, 0), glm::vec3(-3e-5f, 0, 2e-5f),
                             glm::vec3(1e-4f, 0, -1e-4f), glm::vec3(0, 0, -5e-5f)}) {
        Manifold m = run(cube, xa, cube,
                         pose(glm::vec3(0, 0.999f, 0) + jitter, rotation(0.003f, {0.2f, 1, 0.1f})));
        EXPECT_EQ(sortedIds(m), sortedIds(aligned));
    }
}

TEST(FeatureIds, TippingOntoAnotherFaceChangesTheIds) {
    Shape ground = box({1.0f, 0.5f, 1.0f}), cube = box({0.5f, 0.4f, 0.3f});
    Transform xa = pose({0, 0, 0});
    Manifold flat = run(ground, xa, cube, pose({0, 0.89f, 0}));
    // Tipped 90 degrees about Z: B now rests on its -x face.
    Manifold tipped = run(ground, xa, cube, pose({0, 0.99f, 0}, rotation(90, {0, 0, 1})));
    // Halfway over (45 degrees), on an edge: its centre is (0.5 + 0.4) sin 45 above the edge.
    float lift = 0.9f * glm::root_two<float>() / 2.0f;
    Manifold onEdge =
        run(ground, xa, cube, pose({0, 0.5f + lift - 0.01f, 0}, rotation(45, {0, 0, 1})));
    ASSERT_EQ(flat.pointCount, 4);
    ASSERT_EQ(tipped.pointCount, 4);
    for (uint32_t id : sortedIds(flat))
        for (uint32_t other : sortedIds(tipped))
            EXPECT_NE(id, other);
    EXPECT_NE(sortedIds(onEdge), sortedIds(flat));
}

TEST(FeatureIds, EdgeEdgeAndRoundContactsKeepTheirIds) {
    float ridge = glm::root_two<float>() / 2.0f;
    Shape cube = box(glm::vec3(0.5f));
    Manifold e1 = run(cube, pose({0, 0, 0}, rotation(45, {1, 0, 0})), cube,
                      pose({0, 2.0f * ridge - 0.01f, 0}, rotation(45, {0, 0, 1})));
    Manifold e2 = run(cube, pose({0, 0, 0}, rotation(45, {1, 0, 0})), cube,
                      pose({0.001f, 2.0f * ridge - 0.011f, 0.001f},
                           rotation(0.5f, {0, 1, 0}) * rotation(45, {0, 0, 1})));
    ASSERT_EQ(e1.pointCount, 1);
    EXPECT_EQ(sortedIds(e1), sortedIds(e2));

    Shape slab = box({1.0f, 0.5f, 1.0f});
    Manifold s1 = run(sphere(0.25f), pose({0.2f, 0.7f, 0}), slab, pose({0, 0, 0}));
    Manifold s2 = run(sphere(0.25f), pose({0.201f, 0.7f, 0.001f}), slab, pose({0, 0, 0}));
    Manifold s3 = run(sphere(0.25f), pose({1.1f, 0.6f, 0}), slab, pose({0, 0, 0})); // edge region
    EXPECT_EQ(sortedIds(s1), sortedIds(s2));
    EXPECT_NE(sortedIds(s1), sortedIds(s3));

    glm::quat alongX = rotation(-90, {0, 0, 1});
    Manifold c1 = run(capsule(0.2f, 0.5f), pose({0.8f, 0.65f, 0}, alongX), slab, pose({0, 0, 0}));
    Manifold c2 =
        run(capsule(0.2f, 0.5f), pose({0.801f, 0.65f, 0.001f}, rotation(0.5f, {0, 1, 0}) * alongX),
            slab, pose({0, 0, 0}));
    ASSERT_EQ(c1.pointCount, 2);
    expectUniqueIds(c1);
    EXPECT_EQ(sortedIds(c1), sortedIds(c2));
}

TEST(FeatureIds, HullOnHullKeepsItsIdsUnderASmallMotion) {
    Shape ground = boxHull({1.0f, 0.5f, 1.0f}), block = boxHull(glm::vec3(0.5f));
    Transform xa = pose({0, 0, 0});
    Manifold before = run(ground, xa, block, pose({0.7f, 0.99f, -0.1f}, rotation(15, {0, 1, 0})));
    Manifold after =
        run(ground, xa, block, pose({0.701f, 0.99f, -0.099f}, rotation(15.5f, {0, 1, 0})));
    ASSERT_EQ(before.pointCount, 4);
    expectUniqueIds(before);
    EXPECT_EQ(sortedIds(before), sortedIds(after));
}

TEST(FeatureIds, EachKindReadsInWordsWithItsFieldsInPlace) {
    using namespace feature;
    EXPECT_EQ(describeFeature(face(FaceOfA, 2, 5, clipPoint(IncidentVertex, 3, 0))), "A face 2 / B face 5 vertex 3");
    EXPECT_EQ(describeFeature(face(FaceOfB, 1, 4, clipPoint(IncidentEdgeSide, 2, 3))),
              "B face 1 / A face 4 edge 2 cut by side 3");
    EXPECT_EQ(describeFeature(face(FaceOfA, 0, 7, clipPoint(ReferenceCorner, 1, 2))),
              "A face 0 / B face 7, corner of A's sides 1 and 2");
    EXPECT_EQ(describeFeature(edgeEdge(4, 7)), "A edge 4 x B edge 7");
    EXPECT_EQ(describeFeature(round(OnEdge, 1, 6, Interior)), "edge 1-6 / middle");
    EXPECT_EQ(describeFeature(round(OnFace, 3, 0, End1)), "face 3 / end 1");
    EXPECT_EQ(describeFeature(round(OnVertex, 5, 0, End0)), "vertex 5 / end 0");
}

TEST(FeatureIds, ABoxOnABoxIsFourIncidentVerticesOfTheGroundsTopFace) {
    // A cube resting square on a wider box: every point is a vertex of the cube's bottom face
    // clipped against the ground's top face, the reference; all four name that same face pair.
    Shape ground = box({1.0f, 0.5f, 1.0f}), cube = box(glm::vec3(0.5f));
    Manifold m = run(ground, pose({0, 0, 0}), cube, pose({0.0f, 0.99f, 0.0f}));
    ASSERT_EQ(m.pointCount, 4);
    const std::string first = describeFeature(m.points[0].featureId);
    const std::string pairOfFaces = first.substr(0, first.find(" vertex "));
    for (int i = 0; i < 4; ++i) {
        const std::string words = describeFeature(m.points[i].featureId);
        EXPECT_NE(words.find(" vertex "), std::string::npos) << words;
        EXPECT_EQ(words.substr(0, words.find(" vertex ")), pairOfFaces) << words;
    }
}

TEST(FeatureIds, KindIsEncodedInTheTopBits) {
    EXPECT_EQ(feature::kindOf(feature::edgeEdge(3, 4)), feature::EdgeEdge);
    EXPECT_EQ(feature::kindOf(feature::face(feature::FaceOfB, 5, 2, 7)), feature::FaceOfB);
    EXPECT_EQ(feature::kindOf(feature::round(feature::OnEdge, 1, 2, 0)), feature::Round);
    EXPECT_NE(feature::edgeEdge(3, 4), feature::edgeEdge(4, 3));
}
