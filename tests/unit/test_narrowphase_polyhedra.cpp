// Box-box, box-hull and hull-hull: the separating-axis test, face clipping and edge contacts,
// against cases computed by hand.
#include "test_narrowphase_util.h"

#include "collision/sat.h"

#include <random>

using namespace tumble;
using namespace tumble::test;

namespace {
const glm::vec3 kUp(0, 1, 0);
const Shape kCube = box(glm::vec3(0.5f));
} // namespace

TEST(BoxBox, BoxRestingOnWiderBoxGivesItsFourBottomCorners) {
    // B (half 0.5) sinks 1 cm into A's top face (A: half extents 1, 0.5, 1).
    Shape ground = box({1.0f, 0.5f, 1.0f});
    Transform xa = pose({0, 0, 0}), xb = pose({0.2f, 0.99f, -0.1f});
    Manifold m = run(ground, xa, kCube, xb);
    ASSERT_EQ(m.pointCount, 4);
    expectVec(m.normal, kUp);
    for (float dx : {-0.5f, 0.5f})
        for (float dz : {-0.5f, 0.5f})
            expectPoint(m, {0.2f + dx, 0.495f, -0.1f + dz}, -0.01f);
    expectConsistentAnchors(m, xa, xb);
}

TEST(BoxBox, OffsetBoxesTouchOnTheOverlapRectangle) {
    // Equal cubes, B shifted by (0.6, 0.99, 0.3): the faces overlap on x in [0.1, 0.5],
    // z in [-0.2, 0.5].
    Transform xa = pose({0, 0, 0}), xb = pose({0.6f, 0.99f, 0.3f});
    Manifold m = run(kCube, xa, kCube, xb);
    ASSERT_EQ(m.pointCount, 4);
    expectVec(m.normal, kUp);
    for (float x : {0.1f, 0.5f})
        for (float z : {-0.2f, 0.5f})
            expectPoint(m, {x, 0.495f, z}, -0.01f);
    expectConsistentAnchors(m, xa, xb);
}

TEST(BoxBox, CubeTurned45DegreesOnCubeTouchesAtCornersOfTheOctagon) {
    // The overlap of the square |x|, |z| <= 0.5 and the diamond |x| + |z| <= sqrt(2)/2 is an
    // octagon with corners (+-0.5, +-(sqrt(2)/2 - 0.5)) and (+-(sqrt(2)/2 - 0.5), +-0.5).
    Transform xa = pose({0, 0, 0}), xb = pose({0, 0.99f, 0}, rotation(45, kUp));
    Manifold m = run(kCube, xa, kCube, xb);
    ASSERT_EQ(m.pointCount, 4);
    expectVec(m.normal, kUp);
    float k = glm::root_two<float>() / 2.0f - 0.5f;
    std::vector<glm::vec3> corners;
    for (float s : {-1.0f, 1.0f})
        for (float t : {-1.0f, 1.0f}) {
            corners.push_back({0.5f * s, 0.495f, k * t});
            corners.push_back({k * s, 0.495f, 0.5f * t});
        }
    for (int i = 0; i < m.pointCount; ++i) {
        EXPECT_NEAR(m.points[i].separation, -0.01f, kTol);
        float nearest = 1e9f;
        for (const glm::vec3& c : corners)
            nearest = std::min(nearest, glm::length(c - m.points[i].position));
        EXPECT_LT(nearest, kTol) << "point " << i << " is not an octagon corner";
    }
    // Four of the eight corners chosen for area: alternate corners span 0.707 of the octagon.
    glm::vec3 p[4];
    for (int i = 0; i < 4; ++i)
        p[i] = m.points[i].position;
    float quad = 0.0f; // a convex quad's area is half the cross product of its diagonals
    quad = std::max(quad, 0.5f * glm::length(glm::cross(p[2] - p[0], p[3] - p[1])));
    quad = std::max(quad, 0.5f * glm::length(glm::cross(p[1] - p[0], p[3] - p[2])));
    quad = std::max(quad, 0.5f * glm::length(glm::cross(p[3] - p[0], p[2] - p[1])));
    float octagon = 1.0f - 2.0f * (0.5f - k) * (0.5f - k); // the square minus 4 corner triangles
    EXPECT_GT(quad, 0.6f * octagon);
}

TEST(BoxBox, TiltedCubeStandingOnAnEdgeGivesTwoPoints) {
    // B turned 45 degrees about Z rests on its lowest edge (along Z, at y = yB - sqrt(2)/2).
    float yB = 0.5f + glm::root_two<float>() / 2.0f - 0.01f;
    Transform xa = pose({0, 0, 0}, glm::quat(1, 0, 0, 0));
    Shape ground = box({2.0f, 0.5f, 2.0f});
    Transform xb = pose({0.3f, yB, 0.0f}, rotation(45, {0, 0, 1}));
    Manifold m = run(ground, xa, kCube, xb);
    ASSERT_EQ(m.pointCount, 2);
    expectVec(m.normal, kUp);
    expectPoint(m, {0.3f, 0.495f, -0.5f}, -0.01f);
    expectPoint(m, {0.3f, 0.495f, 0.5f}, -0.01f);
}

TEST(BoxBox, CornerDownOnFaceGivesOnePoint) {
    // B's diagonal (1,1,1) turned onto -Y: its lowest corner is sqrt(3)/2 below its centre.
    glm::quat q = glm::rotation(glm::normalize(glm::vec3(1, 1, 1)), glm::vec3(0, -1, 0));
    float yB = 0.5f + glm::root_three<float>() / 2.0f - 0.01f;
    Transform xa = pose({0, 0, 0}), xb = pose({0.1f, yB, 0.2f}, q);
    Shape ground = box({1.0f, 0.5f, 1.0f});
    Manifold m = run(ground, xa, kCube, xb);
    ASSERT_EQ(m.pointCount, 1);
    expectVec(m.normal, kUp);
    expectPoint(m, {0.1f, 0.495f, 0.2f}, -0.01f);
    expectConsistentAnchors(m, xa, xb);
}

TEST(BoxBox, CrossedRidgesTouchEdgeOnEdgeAtOnePoint) {
    // A turned 45 degrees about X has a ridge along X at y = sqrt(2)/2; B turned 45 degrees
    // about Z has a ridge along Z at its bottom. The ridges cross above the origin.
    float ridge = glm::root_two<float>() / 2.0f;
    Transform xa = pose({0, 0, 0}, rotation(45, {1, 0, 0}));
    Transform xb = pose({0, 2.0f * ridge - 0.01f, 0}, rotation(45, {0, 0, 1}));
    Manifold m = run(kCube, xa, kCube, xb);
    ASSERT_EQ(m.pointCount, 1);
    expectVec(m.normal, kUp);
    expectPoint(m, {0, ridge - 0.005f, 0}, -0.01f);
    expectConsistentAnchors(m, xa, xb);
    EXPECT_EQ(m.points[0].featureId >> 30, 2u) << "an edge-edge feature id";
}

TEST(BoxBox, DeepOverlapKeepsTheFaceNormalAndDepth) {
    Shape ground = box({1.0f, 0.5f, 1.0f});
    Manifold m = run(ground, pose({0, 0, 0}), kCube, pose({0, 0.7f, 0}));
    ASSERT_EQ(m.pointCount, 4);
    expectVec(m.normal, kUp);
    for (int i = 0; i < 4; ++i)
        EXPECT_NEAR(m.points[i].separation, -0.3f, kTol);
}

TEST(BoxBox, SeparatedBeyondTheMarginGivesNoManifold) {
    Manifold m = run(kCube, pose({0, 0, 0}), kCube, pose({0.1f, 1.0f + 0.021f, 0}), 0.02f);
    EXPECT_EQ(m.pointCount, 0);
    // Apart diagonally too: the edge axes separate.
    Manifold d =
        run(kCube, pose({0, 0, 0}), kCube, pose({1.05f, 1.05f, 0}, rotation(30, {1, 1, 0})), 0.02f);
    EXPECT_EQ(d.pointCount, 0);
}

TEST(BoxBox, GapInsideTheMarginGivesSpeculativePoints) {
    // 1 cm apart with a 2 cm margin: four points with separation +margin/2.
    Manifold m = run(kCube, pose({0, 0, 0}), kCube, pose({0.0f, 1.01f, 0}), 0.02f);
    ASSERT_EQ(m.pointCount, 4);
    expectVec(m.normal, kUp);
    for (int i = 0; i < 4; ++i)
        EXPECT_NEAR(m.points[i].separation, 0.01f, kTol);
    // Grazing: just inside the margin still reports, just outside does not.
    EXPECT_EQ(run(kCube, pose({0, 0, 0}), kCube, pose({0, 1.0199f, 0}), 0.02f).pointCount, 4);
    EXPECT_EQ(run(kCube, pose({0, 0, 0}), kCube, pose({0, 1.0201f, 0}), 0.02f).pointCount, 0);
}

TEST(BoxBox, RotatedPairGivesTheRotatedManifold) {
    // The resting case turned and moved as a whole: the same contact, turned and moved.
    glm::quat q = rotation(37, {0.3f, 1, -0.5f});
    glm::vec3 t(3, -1, 2);
    Shape ground = box({1.0f, 0.5f, 1.0f});
    Manifold m = run(ground, pose(t, q), kCube, pose(t + q * glm::vec3(0.2f, 0.99f, -0.1f), q));
    ASSERT_EQ(m.pointCount, 4);
    expectVec(m.normal, q * kUp);
    for (float dx : {-0.5f, 0.5f})
        for (float dz : {-0.5f, 0.5f})
            expectPoint(m, t + q * glm::vec3(0.2f + dx, 0.495f, -0.1f + dz), -0.01f);
}

TEST(BoxBox, ReferenceFaceIsOnBWhenBsFaceSeparatesClearlyMore) {
    // A cube turned 45 degrees about Z pushes its top ridge 1 cm into a wide slab above it. The
    // slab's bottom face (B) is the reference: the normal is that face's normal negated, and
    // the points are the two ends of A's ridge.
    float ridge = glm::root_two<float>() / 2.0f;
    Shape slab = box({2.0f, 0.25f, 2.0f});
    Transform xa = pose({0, 0, 0}, rotation(45, {0, 0, 1}));
    Transform xb = pose({0.1f, ridge + 0.25f - 0.01f, 0});
    Manifold m = run(kCube, xa, slab, xb);
    ASSERT_EQ(m.pointCount, 2);
    expectVec(m.normal, kUp);
    expectPoint(m, {0, ridge - 0.005f, -0.5f}, -0.01f);
    expectPoint(m, {0, ridge - 0.005f, 0.5f}, -0.01f);
    expectConsistentAnchors(m, xa, xb);
    EXPECT_EQ(m.points[0].featureId >> 30, 1u) << "reference face on B";
}

TEST(BoxHull, HullOfBoxCornersCollidesLikeTheBox) {
    // Cross-check over random poses: box-hull and hull-hull with box-shaped hulls must give the
    // box-box geometry (ids differ: the hull numbers its faces its own way).
    std::mt19937 rng(5);
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    glm::vec3 ha(0.6f, 0.4f, 0.5f), hb(0.3f, 0.5f, 0.7f);
    Shape boxA = box(ha), boxB = box(hb), hullA = boxHull(ha), hullB = boxHull(hb);
    int touching = 0;
    for (int trial = 0; trial < 300; ++trial) {
        Transform xa = pose({u(rng), u(rng), u(rng)},
                            glm::normalize(glm::quat(u(rng), u(rng), u(rng), u(rng))));
        Transform xb = pose(xa.p + 0.9f * glm::normalize(glm::vec3(u(rng), u(rng), u(rng))),
                            glm::normalize(glm::quat(u(rng), u(rng), u(rng), u(rng))));
        Manifold boxes = run(boxA, xa, boxB, xb);
        Manifold mixed = run(boxA, xa, hullB, xb);
        Manifold hulls = run(hullA, xa, hullB, xb);
        SCOPED_TRACE(trial);
        expectSameContact(mixed, boxes, 2e-4f);
        expectSameContact(hulls, boxes, 2e-4f);
        expectConsistentAnchors(boxes, xa, xb, 2e-4f);
        // On the surfaces, up to the clip plane thickness (0.25 mm) past a face's edge.
        for (int i = 0; i < boxes.pointCount; ++i) {
            expectOnBoxSurface(boxes.points[i].localAnchorA, ha, 3e-4f);
            expectOnBoxSurface(boxes.points[i].localAnchorB, hb, 3e-4f);
        }
        touching += boxes.pointCount > 0;
    }
    EXPECT_GT(touching, 100);
}

TEST(HullHull, OctahedronTipOnABoxHullGivesOnePoint) {
    Shape ground = boxHull({1.0f, 0.5f, 1.0f});
    Shape tip = octahedron(0.6f);
    Manifold m = run(ground, pose({0, 0, 0}), tip, pose({0.2f, 0.5f + 0.6f - 0.02f, 0.3f}));
    ASSERT_EQ(m.pointCount, 1);
    expectVec(m.normal, kUp);
    expectPoint(m, {0.2f, 0.49f, 0.3f}, -0.02f);
}

TEST(HullHull, OctahedraFaceToFaceTouchOnTheOverlapOfTwoTriangles) {
    // Octahedron A (a = 1) has the face x + y + z = 1. B is the same octahedron pushed along
    // that face's normal until its opposite face x + y + z = -1 overlaps A's face by 1 cm. The
    // opposite face is the point reflection of A's, i.e. A's triangle turned 180 degrees in
    // the plane: together they form a hexagram whose 6 inner corners touch; 4 are kept.
    glm::vec3 n = glm::normalize(glm::vec3(1, 1, 1));
    float faceDistance = 1.0f / glm::root_three<float>();
    Transform xa = pose({0, 0, 0});
    Transform xb = pose((2.0f * faceDistance - 0.01f) * n);
    Manifold m = run(octahedron(1.0f), xa, octahedron(1.0f), xb);
    ASSERT_EQ(m.pointCount, 4);
    expectVec(m.normal, n);
    for (int i = 0; i < 4; ++i) {
        EXPECT_NEAR(m.points[i].separation, -0.01f, kTol);
        // Each point is on the plane midway between the faces, inside A's face triangle.
        EXPECT_NEAR(glm::dot(m.points[i].position, n), faceDistance - 0.005f, kTol);
    }
    expectConsistentAnchors(m, xa, xb);
}

TEST(HullHull, RandomHullsOverlappingReportAConsistentManifold) {
    std::mt19937 rng(9);
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    for (int trial = 0; trial < 50; ++trial) {
        std::vector<glm::vec3> pa, pb;
        for (int i = 0; i < 20; ++i) {
            pa.push_back(0.5f * glm::vec3(u(rng), u(rng), u(rng)));
            pb.push_back(0.5f * glm::vec3(u(rng), u(rng), u(rng)));
        }
        Shape a = hull(pa), b = hull(pb);
        Transform xa = pose({0, 0, 0}),
                  xb = pose({0.3f * u(rng), 0.45f, 0.3f * u(rng)},
                            glm::normalize(glm::quat(u(rng), u(rng), u(rng), u(rng))));
        Manifold m = run(a, xa, b, xb);
        SCOPED_TRACE(trial);
        expectConsistentAnchors(m, xa, xb);
        for (int i = 0; i < m.pointCount; ++i)
            EXPECT_LT(m.points[i].separation, 0.02f);
    }
}

TEST(Sat, GaussMapPruningFindsTheSameBestAxisAsTestingEveryAxis) {
    // Brute force: every face normal of either hull and every edge-pair cross product, each
    // with full support mapping. The pruned queries must reach the same largest separation.
    std::mt19937 rng(17);
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    for (int trial = 0; trial < 40; ++trial) {
        std::vector<glm::vec3> pa, pb;
        for (int i = 0; i < 16; ++i) {
            pa.push_back(0.5f * glm::vec3(u(rng), u(rng), u(rng)));
            pb.push_back(0.5f * glm::vec3(u(rng), u(rng), u(rng)));
        }
        Shape a = hull(pa), b = hull(pb);
        Polyhedron ha = makeHullPolyhedron(*a.hull), hb = makeHullPolyhedron(*b.hull);
        Frame fa(pose({0, 0, 0})),
            fb(pose(0.6f * glm::vec3(u(rng), u(rng), u(rng)),
                    glm::normalize(glm::quat(u(rng), u(rng), u(rng), u(rng)))));
        Frame bInA = relativeFrame(fa, fb);
        std::vector<glm::vec3> worldB;
        for (const glm::vec3& v : b.hull->vertices)
            worldB.push_back(bInA.apply(v));
        auto separationAlong = [&](glm::vec3 n) {
            float maxA = -1e9f, minB = 1e9f;
            for (const glm::vec3& v : a.hull->vertices)
                maxA = std::max(maxA, glm::dot(n, v));
            for (const glm::vec3& v : worldB)
                minB = std::min(minB, glm::dot(n, v));
            // Either orientation of the axis may separate; the SAT takes the better one.
            float maxB = -1e9f, minA = 1e9f;
            for (const glm::vec3& v : a.hull->vertices)
                minA = std::min(minA, glm::dot(n, v));
            for (const glm::vec3& v : worldB)
                maxB = std::max(maxB, glm::dot(n, v));
            return std::max(minB - maxA, minA - maxB);
        };
        float brute = -1e9f;
        for (const auto& f : a.hull->faces)
            brute = std::max(brute, separationAlong(f.normal));
        for (const auto& f : b.hull->faces)
            brute = std::max(brute, separationAlong(bInA.R * f.normal));
        for (const auto& [a0, a1] : a.hull->edges)
            for (const auto& [b0, b1] : b.hull->edges) {
                glm::vec3 axis = glm::cross(a.hull->vertices[a1] - a.hull->vertices[a0],
                                            worldB[b1] - worldB[b0]);
                if (glm::length(axis) > 1e-4f)
                    brute = std::max(brute, separationAlong(glm::normalize(axis)));
            }
        float pruned = std::max({queryFaceAxes(ha, hb, bInA, 1e9f).separation,
                                 queryFaceAxes(hb, ha, inverseFrame(bInA), 1e9f).separation,
                                 queryEdgeAxes(ha, hb, bInA, 1e9f).separation});
        SCOPED_TRACE(trial);
        // Overlapping pairs must agree exactly; for separated pairs the brute force may only
        // find more (an axis that is no Minkowski face still bounds the gap from below).
        if (brute < 0.0f)
            EXPECT_NEAR(pruned, brute, 1e-4f);
        else
            EXPECT_LE(pruned, brute + 1e-4f);
    }
}

TEST(Sat, BoxClosedFormsFindTheSameAxesAsTheLoopsOverABoxShapedHull) {
    // Two boxes take closed forms (sign patterns for support points, the edge pairs of the
    // Gauss map derived per pair of directions); a hull of the same corners goes through the
    // general loops. Both must reach the same largest separations, face and edge, whether the
    // boxes are turned at random or stacked nearly square as in a resting pyramid.
    std::mt19937 rng(29);
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    glm::vec3 ha(0.6f, 0.4f, 0.5f), hb(0.3f, 0.5f, 0.7f);
    BoxCorners ca, cb;
    Polyhedron boxA = makeBoxPolyhedron(ha, ca), boxB = makeBoxPolyhedron(hb, cb);
    Shape hullA = boxHull(ha), hullB = boxHull(hb);
    Polyhedron polyA = makeHullPolyhedron(*hullA.hull), polyB = makeHullPolyhedron(*hullB.hull);
    int edgeAxes = 0;
    for (int trial = 0; trial < 400; ++trial) {
        glm::quat qb =
            trial % 2
                ? glm::normalize(glm::quat(u(rng), u(rng), u(rng), u(rng)))
                : glm::normalize(glm::quat(1.0f, 1e-3f * u(rng), 1e-3f * u(rng), 1e-3f * u(rng)));
        glm::vec3 p = trial % 2 ? 1.2f * glm::vec3(u(rng), u(rng), u(rng))
                                : glm::vec3(0.45f * u(rng), 0.9f + 0.01f * u(rng), 0.3f * u(rng));
        Frame bInA(glm::mat3_cast(qb), p);
        Frame aInB = inverseFrame(bInA);
        SCOPED_TRACE(trial);
        EXPECT_NEAR(queryFaceAxes(boxA, boxB, bInA, 1e9f).separation,
                    queryFaceAxes(polyA, polyB, bInA, 1e9f).separation, 1e-5f);
        EXPECT_NEAR(queryFaceAxes(boxB, boxA, aInB, 1e9f).separation,
                    queryFaceAxes(polyB, polyA, aInB, 1e9f).separation, 1e-5f);
        EdgeQuery closed = queryEdgeAxes(boxA, boxB, bInA, 1e9f);
        EdgeQuery loop = queryEdgeAxes(polyA, polyB, bInA, 1e9f);
        ASSERT_EQ(closed.edgeA >= 0, loop.edgeA >= 0);
        if (closed.edgeA < 0) continue;
        ++edgeAxes;
        EXPECT_NEAR(closed.separation, loop.separation, 1e-5f);
        // The same axis, outward from A (ties between opposite edges aside, which random poses
        // do not produce).
        EXPECT_GT(glm::dot(closed.normal, loop.normal), 0.9999f);
    }
    EXPECT_GT(edgeAxes, 300);
}
