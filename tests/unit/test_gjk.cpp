// The convex distance query (GJK) and the time of impact built on it, against closed forms:
// sphere-sphere, box-box face, edge and vertex distances, capsule-box, hull-sphere, planes;
// the first time a moving or turning shape comes within the target gap.
#include "collision/gjk.h"
#include "collision/time_of_impact.h"
#include "test_narrowphase_util.h"

#include <cmath>

using namespace tumble;
using namespace tumble::test;

namespace {

const float kRoot2 = std::sqrt(2.0f), kRoot3 = std::sqrt(3.0f);

DistanceResult distance(const Shape& a, const Transform& xa, const Shape& b, const Transform& xb) {
    return shapeDistance(a, xa, b, xb);
}

// The normal, the witness points and the distance agree with one another.
void expectConsistent(const DistanceResult& r) {
    EXPECT_NEAR(glm::length(r.normal), 1.0f, 1e-5f);
    EXPECT_NEAR(glm::length(r.pointB - r.pointA), r.distance, 2e-4f);
    if (r.distance > 1e-3f) expectVec(glm::normalize(r.pointB - r.pointA), r.normal, 1e-3f);
}

// Rotates the cube's diagonal (1, 1, 1) onto -Y: a corner points straight down.
glm::quat cornerDown() {
    return glm::rotation(glm::normalize(glm::vec3(1, 1, 1)), glm::vec3(0, -1, 0));
}

} // namespace

TEST(Gjk, SpheresAreTheirCentresDistanceLessBothRadiiApartAlongTheLineOfCentres) {
    const glm::vec3 c(0.3f, -1.2f, 2.0f), d = glm::normalize(glm::vec3(2, 1, -2));
    DistanceResult r = distance(sphere(0.5f), pose(c), sphere(0.25f), pose(c + 1.6f * d));
    EXPECT_FALSE(r.overlap);
    EXPECT_NEAR(r.distance, 1.6f - 0.75f, kTol);
    expectVec(r.normal, d);
    expectVec(r.pointA, c + 0.5f * d);
    expectVec(r.pointB, c + 1.35f * d);
    EXPECT_TRUE(distance(sphere(0.5f), pose(c), sphere(0.25f), pose(c + 0.7f * d)).overlap);
}

TEST(Gjk, BoxesFaceToFaceAreTheGapBetweenTheFacesApart) {
    DistanceResult r = distance(box(glm::vec3(0.5f)), pose({0, 0, 0}), box({0.3f, 0.2f, 0.4f}),
                                pose({0.5f + 0.3f + 0.3f, 0.2f, -0.1f}));
    EXPECT_NEAR(r.distance, 0.3f, kTol);
    expectVec(r.normal, {1, 0, 0});
    expectConsistent(r);
    EXPECT_NEAR(r.pointA.x, 0.5f, kTol);
    EXPECT_NEAR(r.pointB.x, 0.8f, kTol);
}

TEST(Gjk, CrossedEdgesOfTurnedCubesAreTheirHeightsLessTwoHalfDiagonalsApart) {
    // A turned 45 deg about Z has its top edge along Z at height 0.5 sqrt 2; B turned 45 deg
    // about X has its bottom edge along X, 0.5 sqrt 2 below its centre. The edges cross.
    const float h = 2.0f;
    DistanceResult r = distance(box(glm::vec3(0.5f)), pose({0, 0, 0}, rotation(45, {0, 0, 1})),
                                box(glm::vec3(0.5f)), pose({0.2f, h, 0.1f}, rotation(45, {1, 0, 0})));
    EXPECT_NEAR(r.distance, h - kRoot2, kTol);
    expectVec(r.normal, {0, 1, 0}, 1e-3f);
    expectConsistent(r);
    expectVec(r.pointA, {0, 0.5f * kRoot2, 0.1f}, 1e-3f);
    expectVec(r.pointB, {0, h - 0.5f * kRoot2, 0.1f}, 1e-3f);
}

TEST(Gjk, ACornerPointingAtAFaceIsItsHeightAboveTheFace) {
    // B's corner is 0.5 sqrt 3 below its centre; A's top face is at y = 0.5.
    DistanceResult r = distance(box(glm::vec3(0.5f)), pose({0, 0, 0}), box(glm::vec3(0.5f)),
                                pose({0.1f, 0.5f + 0.5f * kRoot3 + 0.25f, -0.2f}, cornerDown()));
    EXPECT_NEAR(r.distance, 0.25f, kTol);
    expectVec(r.normal, {0, 1, 0}, 1e-3f);
    expectConsistent(r);
    expectVec(r.pointB, {0.1f, 0.75f, -0.2f}, 1e-3f);
}

TEST(Gjk, OverlappingBoxesReportOverlapAndNoDistance) {
    DistanceResult r = distance(box(glm::vec3(0.5f)), pose({0, 0, 0}), box(glm::vec3(0.5f)),
                                pose({0.6f, 0.7f, 0.2f}, rotation(30, {1, 1, 0})));
    EXPECT_TRUE(r.overlap);
    EXPECT_EQ(r.distance, 0.0f);
}

TEST(Gjk, CapsuleAboveAFaceAndBesideAnEdgeIsItsCoreDistanceLessItsRadius) {
    // Upright over the top face: the lower end of the core, 0.5 + 0.2 below the centre.
    DistanceResult up = distance(box(glm::vec3(0.5f)), pose({0, 0, 0}), capsule(0.2f, 0.5f),
                                 pose({0.1f, 0.5f + 0.7f + 0.3f, 0.3f}));
    EXPECT_NEAR(up.distance, 0.3f, kTol);
    expectVec(up.normal, {0, 1, 0});
    // Lying along Z beside the edge x = y = 0.5: the core is sqrt(0.5^2 + 0.5^2) from it.
    DistanceResult edge = distance(box(glm::vec3(0.5f)), pose({0, 0, 0}), capsule(0.2f, 0.5f),
                                   pose({1, 1, 0.2f}, rotation(90, {1, 0, 0})));
    EXPECT_NEAR(edge.distance, 0.5f * kRoot2 - 0.2f, kTol);
    expectVec(edge.normal, glm::normalize(glm::vec3(1, 1, 0)), 1e-3f);
    expectConsistent(edge);
    // Mirrored: the same distance with the normal reversed.
    DistanceResult mirrored = distance(capsule(0.2f, 0.5f), pose({1, 1, 0.2f}, rotation(90, {1, 0, 0})),
                                       box(glm::vec3(0.5f)), pose({0, 0, 0}));
    EXPECT_NEAR(mirrored.distance, edge.distance, kTol);
    expectVec(mirrored.normal, -edge.normal, 1e-3f);
}

TEST(Gjk, SphereOffATetrahedronsSlantedFaceIsItsDistanceToThatPlane) {
    // The tetrahedron (0,0,0) (1,0,0) (0,1,0) (0,0,1); its slanted face lies on x + y + z = 1.
    glm::vec3 com;
    std::string error;
    Shape tetra;
    tetra.type = ShapeType::Hull;
    tetra.hull = buildConvexHull({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}}, error, &com);
    ASSERT_TRUE(tetra.hull) << error;
    const glm::vec3 c(1, 1, 1); // straight off the face's centre (1/3, 1/3, 1/3)
    DistanceResult r = distance(tetra, pose(com), sphere(0.25f), pose(c));
    EXPECT_NEAR(r.distance, kRoot3 * 2.0f / 3.0f - 0.25f, kTol);
    expectVec(r.normal, glm::normalize(glm::vec3(1, 1, 1)), 1e-3f);
    expectVec(r.pointA, glm::vec3(1.0f / 3.0f), 1e-3f);
}

TEST(Gjk, AShapeAboveAPlaneIsItsLowestPointsHeight) {
    DistanceResult r = distance(box(glm::vec3(0.5f)), pose({3, 0.5f * kRoot3 + 0.4f, -1}, cornerDown()),
                                plane({0, 1, 0}, 0.0f), pose({0, 0, 0}));
    EXPECT_NEAR(r.distance, 0.4f, kTol);
    expectVec(r.normal, {0, -1, 0});
    DistanceResult mirrored = distance(plane({0, 1, 0}, 0.0f), pose({0, 0, 0}), sphere(0.3f), pose({0, 1, 0}));
    EXPECT_NEAR(mirrored.distance, 0.7f, kTol);
    expectVec(mirrored.normal, {0, 1, 0});
}

// --- time of impact ---------------------------------------------------------------------------

TEST(TimeOfImpact, ABallFlyingAtABoxHitsWhenItHasCoveredTheGapLessTheTarget) {
    // 3 m to cover to the face, 10 m in the sweep: t = (3 - target) / 10.
    const float target = 0.0025f;
    Sweep ball{{-3.7f, 0.1f, 0.2f}, {6.3f, 0.1f, 0.2f}};
    Sweep wall{};
    ToiResult r = timeOfImpact(sphere(0.2f), ball, box({0.5f, 1, 1}), wall, target, 0.25f * target);
    ASSERT_EQ(r.state, ToiState::Hit);
    EXPECT_NEAR(r.t, (3.0f - target) / 10.0f, 0.25f * target / 10.0f);
    EXPECT_GE(r.distance, target);
    expectVec(r.normal, {1, 0, 0});
}

TEST(TimeOfImpact, ABallPassingBesideTheBoxIsSeparatedAndOneAlreadyThereIsTouching) {
    const float target = 0.0025f;
    Sweep past{{-3, 1.3f, 0}, {3, 1.3f, 0}}; // 1.3 - 1 - 0.2 = 10 cm clear of the top face
    EXPECT_EQ(timeOfImpact(sphere(0.2f), past, box({0.5f, 1, 1}), Sweep{}, target, 0.25f * target).state,
              ToiState::Separated);
    Sweep resting{{-0.7f, 0, 0}, {-0.7f, 0, 0.5f}};
    EXPECT_EQ(timeOfImpact(sphere(0.2f), resting, box({0.5f, 1, 1}), Sweep{}, target, 0.25f * target).state,
              ToiState::Touching);
}

TEST(TimeOfImpact, ATurningRodHitsTheWallWhenItsCornerReachesIt) {
    // A rod (half extents 1, 0.05, 0.05) turns about Z from along Y to along X; at angle phi
    // from Y (phi = 90 deg t) its corner reaches x = sin(phi) + 0.05 cos(phi). The wall's face is at x = 0.9.
    const float target = 0.0025f;
    Sweep rod = makeSweep({0, 0, 0}, {0, 0, 0}, rotation(90, {0, 0, 1}), glm::quat(1, 0, 0, 0));
    Sweep wall{{1.9f, 0, 0}, {1.9f, 0, 0}};
    ToiResult r = timeOfImpact(box({1, 0.05f, 0.05f}), rod, box({1, 2, 2}), wall, target, 0.25f * target);
    ASSERT_EQ(r.state, ToiState::Hit);
    // Solve sin(phi) + 0.05 cos(phi) = 0.9 - target by bisection.
    auto reach = [](float phi) { return std::sin(phi) + 0.05f * std::cos(phi); };
    float lo = 0.0f, hi = 0.5f * glm::pi<float>();
    for (int i = 0; i < 40; ++i) {
        float mid = 0.5f * (lo + hi);
        (reach(mid) < 0.9f - target ? lo : hi) = mid;
    }
    const float expected = lo / (0.5f * glm::pi<float>());
    EXPECT_NEAR(r.t, expected, 2e-3f);
    EXPECT_GE(r.distance, target * 0.99f);
    EXPECT_LE(r.distance, 1.25f * target + 1e-5f);
}

TEST(TimeOfImpact, TwoMovingBoxesMeetWhereTheirClosingSpeedsCoverTheGap) {
    // Gap 2 m along X; A moves +3, B moves -1 over the sweep: they meet at t = (2 - target) / 4.
    const float target = 0.0025f;
    Sweep a{{0, 0, 0}, {3, 0, 0}};
    Sweep b{{3, 0.3f, 0}, {2, 0.3f, 0}};
    ToiResult r = timeOfImpact(box(glm::vec3(0.5f)), a, box(glm::vec3(0.5f)), b, target, 0.25f * target);
    ASSERT_EQ(r.state, ToiState::Hit);
    EXPECT_NEAR(r.t, (2.0f - target) / 4.0f, 0.25f * target / 4.0f);
}

TEST(TimeOfImpact, ARodSpinningThreeQuartersOfATurnInAStepHitsWhatItSweepsPastTheShortWayMisses) {
    // The rod (half extents 1, 0.05, 0.05) starts along +Y (theta = 90 deg from +X) and turns
    // 270 deg about +Z in the step, ending along +X. The short way round turns -90 deg: the rod
    // then only ever points into the first and third quadrants. A small block in the second
    // quadrant, corners x in [-0.7, -0.5], y in [0.5, 0.7], is met on the long way first at its
    // corner (-0.5, 0.7): its distance from the rod's axis, 0.7 cos(theta) + 0.5 sin(theta),
    // falls to the rod's half thickness plus the target gap.
    const float target = 0.0025f, dt = 1.0f / 60.0f, pi = glm::pi<float>();
    const float spin = 1.5f * pi / dt; // rad/s about +Z
    const glm::quat start = glm::angleAxis(0.5f * pi, glm::vec3(0, 0, 1));
    const glm::quat end = glm::angleAxis(1.5f * pi, glm::vec3(0, 0, 1)) * start;
    const Sweep made = makeBodySweep({0, 0, 0}, {0, 0, 0}, start, end, {0, 0, spin}, dt);
    EXPECT_NEAR(sweepAngle(made), 1.5f * pi, 1e-4f);
    const Sweep block{{-0.6f, 0.6f, 0}, {-0.6f, 0.6f, 0}};
    const Shape rod = box({1, 0.05f, 0.05f}), small = box({0.1f, 0.1f, 0.1f});
    ToiResult r = timeOfImpact(rod, made, small, block, target, 0.25f * target);
    ASSERT_EQ(r.state, ToiState::Hit);
    auto distance = [](float theta) { return 0.7f * std::cos(theta) + 0.5f * std::sin(theta); };
    float lo = 0.5f * pi, hi = 0.75f * pi;
    for (int i = 0; i < 40; ++i) {
        float mid = 0.5f * (lo + hi);
        (distance(mid) > 0.05f + target ? lo : hi) = mid;
    }
    EXPECT_NEAR(r.t, (lo - 0.5f * pi) / (1.5f * pi), 2e-3f);
    const Sweep shortWay = makeSweep({0, 0, 0}, {0, 0, 0}, start, end);
    EXPECT_NEAR(sweepAngle(shortWay), 0.5f * pi, 1e-4f);
    EXPECT_EQ(timeOfImpact(rod, shortWay, small, block, target, 0.25f * target).state, ToiState::Separated);
}
