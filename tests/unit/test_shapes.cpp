// Shapes: closed-form mass properties, checked against independent integrations, and the
// convex hull builder (topology, orientation, mass properties, degenerate input).
#include "shapes/polyhedron_mass.h"
#include "shapes/raycast.h"
#include "tumble/shape.h"
#include "unit/query_fixtures.h"

#include <cmath>
#include <glm/gtc/constants.hpp>
#include <glm/gtc/quaternion.hpp>
#include <gtest/gtest.h>
#include <random>

using namespace tumble;
using tumble::test::boxCorners;
using tumble::test::makeBox;
using tumble::test::makeCapsule;
using tumble::test::makeSphere;

namespace {

constexpr float kPi = glm::pi<float>();

// Every entry of a within rel * (largest entry of b) of b.
void expectMatrixNear(const glm::mat3& a, const glm::mat3& b, float rel) {
    float scale = 0.0f;
    for (int c = 0; c < 3; ++c)
        for (int r = 0; r < 3; ++r)
            scale = std::max(scale, std::abs(b[c][r]));
    for (int c = 0; c < 3; ++c)
        for (int r = 0; r < 3; ++r)
            EXPECT_NEAR(a[c][r], b[c][r], rel * scale) << c << "," << r;
}

// Structural checks every hull must pass: closed (Euler V - E + F = 2), each face planar and
// counter-clockwise from outside, every vertex behind every face plane.
void expectWellFormed(const ConvexHull& h, float tol) {
    EXPECT_EQ(static_cast<int>(h.vertices.size()) - static_cast<int>(h.edges.size()) +
                  static_cast<int>(h.faces.size()),
              2);
    for (const ConvexHull::Face& f : h.faces) {
        ASSERT_GE(f.vertices.size(), 3u);
        EXPECT_NEAR(glm::length(f.normal), 1.0f, 1e-5f);
        glm::vec3 newell(0.0f);
        for (size_t i = 0; i < f.vertices.size(); ++i) {
            glm::vec3 a = h.vertices[f.vertices[i]];
            glm::vec3 b = h.vertices[f.vertices[(i + 1) % f.vertices.size()]];
            newell += glm::cross(a, b);
            EXPECT_NEAR(glm::dot(f.normal, a), f.offset, tol);
        }
        EXPECT_GT(glm::dot(newell, f.normal), 0.0f) << "face is not counter-clockwise";
        for (const glm::vec3& v : h.vertices)
            EXPECT_LE(glm::dot(f.normal, v), f.offset + tol);
    }
    for (const auto& [a, b] : h.edges)
        EXPECT_LT(a, b);
    // Each edge's two faces both hold the edge, once in each direction.
    ASSERT_EQ(h.edgeFaces.size(), h.edges.size());
    for (size_t e = 0; e < h.edges.size(); ++e) {
        auto [f0, f1] = h.edgeFaces[e];
        ASSERT_LT(f0, h.faces.size());
        ASSERT_LT(f1, h.faces.size());
        EXPECT_NE(f0, f1);
        auto holds = [&](uint16_t f, uint16_t from, uint16_t to) {
            const std::vector<uint16_t>& loop = h.faces[f].vertices;
            for (size_t i = 0; i < loop.size(); ++i)
                if (loop[i] == from && loop[(i + 1) % loop.size()] == to) return true;
            return false;
        };
        EXPECT_TRUE(holds(f0, h.edges[e].first, h.edges[e].second));
        EXPECT_TRUE(holds(f1, h.edges[e].second, h.edges[e].first));
    }
}

} // namespace

TEST(ShapeNames, EveryTypeHasItsSceneFileName) {
    EXPECT_EQ(toString(ShapeType::Sphere), "sphere");
    EXPECT_EQ(toString(ShapeType::Box), "box");
    EXPECT_EQ(toString(ShapeType::Capsule), "capsule");
    EXPECT_EQ(toString(ShapeType::Hull), "hull");
    EXPECT_EQ(toString(ShapeType::Plane), "plane");
    EXPECT_EQ(toString(ShapeType::Cylinder), "cylinder");
}

TEST(MassProperties, SolidSphereHasTwoFifthsMrSquared) {
    MassProperties mp = computeMassProperties(makeSphere(0.3f), 1000.0f);
    float m = 1000.0f * 4.0f / 3.0f * kPi * 0.027f;
    EXPECT_NEAR(mp.mass, m, 1e-5f * m);
    EXPECT_NEAR(mp.volume, m / 1000.0f, 1e-6f);
    for (int i = 0; i < 3; ++i)
        EXPECT_NEAR(mp.inertia[i][i], 0.4f * m * 0.09f, 1e-5f * m);
    EXPECT_EQ(mp.inertia[0][1], 0.0f);
}

TEST(MassProperties, SolidBoxHasMOverTwelveTimesSumOfSquaredWidths) {
    glm::vec3 h(0.5f, 1.0f, 1.5f);
    MassProperties mp = computeMassProperties(makeBox(h), 2.0f);
    float m = 2.0f * 1.0f * 2.0f * 3.0f;
    EXPECT_NEAR(mp.mass, m, 1e-5f);
    EXPECT_NEAR(mp.inertia[0][0], m / 12.0f * (4.0f + 9.0f), 1e-5f);
    EXPECT_NEAR(mp.inertia[1][1], m / 12.0f * (1.0f + 9.0f), 1e-5f);
    EXPECT_NEAR(mp.inertia[2][2], m / 12.0f * (1.0f + 4.0f), 1e-5f);
}

TEST(MassProperties, CapsuleMatchesCylinderPlusShiftedHemispheres) {
    float r = 0.4f, h = 0.6f, rho = 3.0f;
    MassProperties mp = computeMassProperties(makeCapsule(r, h), rho);
    // Written with the full cylinder length L = 2h, independently of the engine's form.
    float L = 2.0f * h;
    float mc = rho * kPi * r * r * L;
    float mh = rho * 2.0f / 3.0f * kPi * r * r * r;
    float perp = mc * (L * L / 12.0f + r * r / 4.0f) +
                 2.0f * mh * (0.4f * r * r + L * L / 4.0f + 3.0f * L * r / 8.0f);
    float axial = mc * r * r / 2.0f + 2.0f * 0.4f * mh * r * r;
    EXPECT_NEAR(mp.mass, mc + 2.0f * mh, 1e-5f);
    EXPECT_NEAR(mp.inertia[0][0], perp, 1e-5f);
    EXPECT_NEAR(mp.inertia[2][2], perp, 1e-5f);
    EXPECT_NEAR(mp.inertia[1][1], axial, 1e-5f);
}

TEST(MassProperties, CapsuleMatchesNumericalIntegration) {
    // Midpoint rule over (x, y) with the z-extent integrated exactly: the section of the
    // capsule at height y is a disc of radius s(y), so at (x, y) z runs over +-w with
    // w = sqrt(s^2 - x^2), contributing 2w to the volume and 2w^3/3 to int z^2.
    const double r = 0.4, h = 0.6, rho = 3.0;
    const int n = 1500;
    double dx = 2.0 * r / n, dy = 2.0 * (h + r) / n;
    double volume = 0.0, xx = 0.0, yy = 0.0, zz = 0.0;
    for (int j = 0; j < n; ++j) {
        double y = -(h + r) + (j + 0.5) * dy;
        double cap = std::max(0.0, std::abs(y) - h);
        double s2 = r * r - cap * cap;
        for (int i = 0; i < n; ++i) {
            double x = -r + (i + 0.5) * dx;
            if (x * x >= s2) continue;
            double w = std::sqrt(s2 - x * x);
            double cell = dx * dy;
            volume += 2.0 * w * cell;
            xx += x * x * 2.0 * w * cell;
            yy += y * y * 2.0 * w * cell;
            zz += 2.0 * w * w * w / 3.0 * cell;
        }
    }
    MassProperties mp = computeMassProperties(makeCapsule(float(r), float(h)), float(rho));
    EXPECT_NEAR(mp.volume, volume, 1e-4 * volume);
    EXPECT_NEAR(mp.inertia[0][0], rho * (yy + zz), 1e-4 * rho * (yy + zz));
    EXPECT_NEAR(mp.inertia[1][1], rho * (xx + zz), 1e-4 * rho * (xx + zz));
    EXPECT_NEAR(mp.inertia[2][2], rho * (xx + yy), 1e-4 * rho * (xx + yy));
}

TEST(MassProperties, CylinderMatchesTheClosedFormAndAFinePrism) {
    // Closed form: V = 2 pi r^2 h, I_yy = m r^2 / 2, I_xx = I_zz = m (3 r^2 + 4 h^2) / 12; and,
    // independently, a hull over a 128-sided prism, whose integrals are the cylinder's to about
    // (2 pi / n)^2 / 6 = 4e-4.
    const float r = 0.3f, h = 0.45f, rho = 700.0f;
    Shape c;
    c.type = ShapeType::Cylinder;
    c.radius = r;
    c.halfHeight = h;
    MassProperties mp = computeMassProperties(c, rho);
    const float m = rho * 2.0f * kPi * r * r * h;
    EXPECT_NEAR(mp.mass, m, 1e-5f * m);
    EXPECT_NEAR(mp.inertia[1][1], 0.5f * m * r * r, 1e-5f * m * r * r);
    EXPECT_NEAR(mp.inertia[0][0], m * (3 * r * r + 4 * h * h) / 12, 1e-5f * m);
    EXPECT_NEAR(mp.inertia[2][2], mp.inertia[0][0], 1e-7f * m);
    EXPECT_EQ(mp.inertia[0][1], 0.0f);

    std::vector<glm::vec3> points;
    const int sides = 128;
    for (int i = 0; i < sides; ++i) {
        const float angle = 2.0f * kPi * float(i) / float(sides);
        for (float y : {-h, h}) points.emplace_back(r * std::cos(angle), y, r * std::sin(angle));
    }
    std::string error;
    auto prism = buildConvexHull(points, error);
    ASSERT_TRUE(prism) << error;
    EXPECT_NEAR(rho * prism->volume, mp.mass, 1e-3f * mp.mass);
    for (int k = 0; k < 3; ++k)
        EXPECT_NEAR(rho * prism->unitInertia[k][k], mp.inertia[k][k], 1.5e-3f * mp.inertia[k][k]) << k;
}

TEST(CylinderShape, BoundingBoxAndRaysFollowTheAxis) {
    Shape c;
    c.type = ShapeType::Cylinder;
    c.radius = 0.2f;
    c.halfHeight = 0.5f;
    // Lying along X (Y turned onto X): the box is h along X and r across.
    const glm::quat lying = glm::angleAxis(-0.5f * kPi, glm::vec3(0, 0, 1));
    Aabb box = computeAabb(c, {1, 2, 3}, lying);
    EXPECT_NEAR(box.max.x - 1.0f, 0.5f, 1e-5f);
    EXPECT_NEAR(box.max.y - 2.0f, 0.2f, 1e-5f);
    EXPECT_NEAR(box.max.z - 3.0f, 0.2f, 1e-5f);
    // Tilted 30 degrees about Z: the rim reaches r cos 30 + h sin 30 along X.
    box = computeAabb(c, {0, 0, 0}, glm::angleAxis(kPi / 6, glm::vec3(0, 0, 1)));
    EXPECT_NEAR(box.max.x, 0.2f * std::cos(kPi / 6) + 0.5f * std::sin(kPi / 6), 1e-5f);
    EXPECT_NEAR(box.max.z, 0.2f, 1e-5f);

    float t = 0.0f;
    glm::vec3 n(0.0f);
    // Down the axis onto the top disc, then sideways onto the side, then past the rim.
    ASSERT_TRUE(rayCastShape(c, {0.1f, 3, 0}, {0, -1, 0}, {0, 0, 0}, glm::quat(1, 0, 0, 0), 10, t, n));
    EXPECT_NEAR(t, 2.5f, 1e-5f);
    EXPECT_NEAR(n.y, 1.0f, 1e-6f);
    ASSERT_TRUE(rayCastShape(c, {-3, 0.4f, 0}, {1, 0, 0}, {0, 0, 0}, glm::quat(1, 0, 0, 0), 10, t, n));
    EXPECT_NEAR(t, 2.8f, 1e-5f);
    EXPECT_NEAR(n.x, -1.0f, 1e-6f);
    EXPECT_FALSE(rayCastShape(c, {-3, 0.6f, 0}, {1, 0, 0}, {0, 0, 0}, glm::quat(1, 0, 0, 0), 10, t, n));
}

TEST(MassProperties, PlaneHasNoMass) {
    Shape s;
    s.type = ShapeType::Plane;
    MassProperties mp = computeMassProperties(s, 1000.0f);
    EXPECT_EQ(mp.mass, 0.0f);
    EXPECT_EQ(mp.volume, 0.0f);
}

TEST(ConvexHull, BoxCornersGiveSixQuadsAndTheBoxMassProperties) {
    glm::vec3 h(0.5f, 1.0f, 1.5f);
    std::string error;
    auto hull = buildConvexHull(boxCorners(h), error);
    ASSERT_TRUE(hull) << error;
    EXPECT_EQ(hull->vertices.size(), 8u);
    EXPECT_EQ(hull->edges.size(), 12u);
    ASSERT_EQ(hull->faces.size(), 6u);
    for (const auto& f : hull->faces)
        EXPECT_EQ(f.vertices.size(), 4u);
    expectWellFormed(*hull, 1e-5f);
    MassProperties box = computeMassProperties(makeBox(h), 1.0f);
    EXPECT_NEAR(hull->volume, box.volume, 1e-4f * box.volume);
    expectMatrixNear(hull->unitInertia, box.inertia, 1e-4f);

    Shape s;
    s.type = ShapeType::Hull;
    s.hull = hull;
    MassProperties mp = computeMassProperties(s, 7.0f);
    EXPECT_NEAR(mp.mass, 7.0f * box.volume, 1e-4f * mp.mass);
    expectMatrixNear(mp.inertia, 7.0f * box.inertia, 1e-4f);
}

TEST(ConvexHull, RotatedTranslatedBoxGivesRotatedInertiaAndItsCentre) {
    std::mt19937 rng(7);
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    glm::vec3 h(0.3f, 0.8f, 1.2f);
    for (int trial = 0; trial < 10; ++trial) {
        glm::quat q = glm::normalize(glm::quat(u(rng), u(rng), u(rng), u(rng)));
        glm::vec3 t(3.0f * u(rng), 3.0f * u(rng), 3.0f * u(rng));
        std::vector<glm::vec3> points;
        for (const glm::vec3& c : boxCorners(h))
            points.push_back(t + q * c);
        std::string error;
        glm::vec3 com(0.0f);
        auto hull = buildConvexHull(points, error, &com);
        ASSERT_TRUE(hull) << error;
        EXPECT_EQ(hull->faces.size(), 6u);
        EXPECT_EQ(hull->edges.size(), 12u);
        expectWellFormed(*hull, 1e-5f);
        EXPECT_NEAR(glm::length(com - t), 0.0f, 1e-5f);
        glm::mat3 r = glm::mat3_cast(q);
        glm::mat3 expected =
            r * computeMassProperties(makeBox(h), 1.0f).inertia * glm::transpose(r);
        EXPECT_NEAR(hull->volume, 8.0f * h.x * h.y * h.z, 1e-4f * hull->volume);
        expectMatrixNear(hull->unitInertia, expected, 1e-4f);
    }
}

TEST(ConvexHull, InteriorFaceAndEdgePointsAreIgnored) {
    glm::vec3 h(1.0f, 0.5f, 0.75f);
    std::vector<glm::vec3> points = boxCorners(h);
    std::mt19937 rng(3);
    std::uniform_real_distribution<float> u(-0.95f, 0.95f);
    for (int i = 0; i < 60; ++i)
        points.push_back(h * glm::vec3(u(rng), u(rng), u(rng)));
    // Points on the faces and the midpoints of edges lie on the surface but are no corners.
    for (int a = 0; a < 3; ++a) {
        glm::vec3 f(0.0f);
        f[a] = h[a];
        points.push_back(f);
        points.push_back(-f);
        glm::vec3 m = h;
        m[a] = 0.0f;
        points.push_back(m);
        points.push_back(-m);
    }
    // Repeated corners are the same point: no new vertex.
    for (int i = 0; i < 8; ++i)
        points.push_back(points[i]);
    std::shuffle(points.begin(), points.end(), rng);
    std::string error;
    auto hull = buildConvexHull(points, error);
    ASSERT_TRUE(hull) << error;
    EXPECT_EQ(hull->vertices.size(), 8u);
    EXPECT_EQ(hull->faces.size(), 6u);
    EXPECT_EQ(hull->edges.size(), 12u);
    EXPECT_NEAR(hull->volume, 8.0f * h.x * h.y * h.z, 1e-5f);
}

TEST(ConvexHull, RotatedGridOnACubeSurfaceStillGivesSixFaces) {
    // 5 x 5 x 5 lattice points of a cube, rotated and moved: many exactly coplanar points
    // that round-off makes slightly non-coplanar.
    glm::quat q = glm::angleAxis(0.9f, glm::normalize(glm::vec3(0.3f, -1.0f, 0.7f)));
    std::vector<glm::vec3> points;
    for (int i = 0; i < 5; ++i)
        for (int j = 0; j < 5; ++j)
            for (int k = 0; k < 5; ++k)
                points.push_back(glm::vec3(4.0f, 1.0f, -7.0f) +
                                 q * (0.25f * glm::vec3(float(i), float(j), float(k)) - 0.5f));
    std::string error;
    auto hull = buildConvexHull(points, error);
    ASSERT_TRUE(hull) << error;
    EXPECT_EQ(hull->vertices.size(), 8u);
    EXPECT_EQ(hull->faces.size(), 6u);
    EXPECT_EQ(hull->edges.size(), 12u);
    expectWellFormed(*hull, 1e-5f);
    EXPECT_NEAR(hull->volume, 1.0f, 1e-5f);
}

TEST(ConvexHull, RegularOctahedronHasVolumeFourThirdsACubed) {
    float a = 1.5f;
    std::vector<glm::vec3> points = {{a, 0, 0},  {-a, 0, 0}, {0, a, 0},
                                     {0, -a, 0}, {0, 0, a},  {0, 0, -a}};
    std::string error;
    auto hull = buildConvexHull(points, error);
    ASSERT_TRUE(hull) << error;
    EXPECT_EQ(hull->faces.size(), 8u);
    EXPECT_EQ(hull->edges.size(), 12u);
    expectWellFormed(*hull, 1e-5f);
    float volume = 4.0f / 3.0f * a * a * a;
    EXPECT_NEAR(hull->volume, volume, 1e-5f * volume);
    // For |x| + |y| + |z| <= a, int x^2 dV = V a^2 / 10, so Ixx = V a^2 / 5.
    for (int i = 0; i < 3; ++i)
        EXPECT_NEAR(hull->unitInertia[i][i], volume * a * a / 5.0f, 1e-4f);
}

TEST(ConvexHull, CylinderCapsMergeIntoOnePolygonEach) {
    const int sides = 24;
    std::vector<glm::vec3> points;
    for (int i = 0; i < sides; ++i) {
        float angle = 2.0f * kPi * i / sides;
        points.emplace_back(std::cos(angle), -0.5f, std::sin(angle));
        points.emplace_back(std::cos(angle), 0.5f, std::sin(angle));
    }
    std::string error;
    auto hull = buildConvexHull(points, error);
    ASSERT_TRUE(hull) << error;
    EXPECT_EQ(hull->faces.size(), static_cast<size_t>(sides + 2));
    EXPECT_EQ(hull->vertices.size(), static_cast<size_t>(2 * sides));
    expectWellFormed(*hull, 1e-5f);
    // A prism over a regular polygon: V = (n/2) sin(2 pi / n) * height.
    float volume = 0.5f * sides * std::sin(2.0f * kPi / sides);
    EXPECT_NEAR(hull->volume, volume, 1e-5f);
}

TEST(ConvexHull, RandomSphereCloudIsClosedAndContainsEveryPoint) {
    std::mt19937 rng(11);
    std::normal_distribution<float> g(0.0f, 1.0f);
    std::vector<glm::vec3> points;
    for (int i = 0; i < 256; ++i)
        points.push_back(glm::normalize(glm::vec3(g(rng), g(rng), g(rng))) * 2.0f +
                         glm::vec3(10.0f, -4.0f, 2.0f));
    std::string error;
    glm::vec3 com(0.0f);
    auto hull = buildConvexHull(points, error, &com);
    ASSERT_TRUE(hull) << error;
    expectWellFormed(*hull, 1e-4f);
    for (const glm::vec3& p : points)
        for (const auto& f : hull->faces)
            EXPECT_LE(glm::dot(f.normal, p - com), f.offset + 1e-4f);
    float ball = 4.0f / 3.0f * kPi * 8.0f;
    EXPECT_LT(hull->volume, ball);
    EXPECT_GT(hull->volume, 0.9f * ball);
    EXPECT_LT(glm::length(com - glm::vec3(10.0f, -4.0f, 2.0f)), 0.1f);
}

TEST(ConvexHull, RandomCloudsOfManyShapesAreClosedConvexAndContainTheirPoints) {
    // Thin slabs, needles and lumps, turned and moved: every hull is well formed, holds every
    // input point, and its volume matches an independent tetrahedra sum from its own faces.
    std::mt19937 rng(23);
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    const glm::vec3 scales[] = {{1, 1, 1}, {5, 5, 0.05f}, {0.03f, 4, 0.03f}, {2, 0.5f, 1}};
    for (int trial = 0; trial < 40; ++trial) {
        glm::vec3 scale = scales[trial % 4];
        glm::quat q = glm::normalize(glm::quat(u(rng), u(rng), u(rng), u(rng)));
        glm::vec3 t(20.0f * u(rng), 20.0f * u(rng), 20.0f * u(rng));
        std::vector<glm::vec3> points;
        int count = 4 + static_cast<int>(252.0f * (0.5f + 0.5f * u(rng)));
        for (int i = 0; i < count; ++i)
            points.push_back(t + q * (scale * glm::vec3(u(rng), u(rng), u(rng))));
        std::string error;
        glm::vec3 com(0.0f);
        auto hull = buildConvexHull(points, error, &com);
        SCOPED_TRACE(trial);
        ASSERT_TRUE(hull) << error;
        float size = glm::length(scale);
        expectWellFormed(*hull, 1e-5f * size + 2e-6f * glm::length(t));
        for (const glm::vec3& p : points)
            for (const auto& f : hull->faces)
                EXPECT_LE(glm::dot(f.normal, p - com),
                          f.offset + 1e-5f * size + 4e-6f * glm::length(t));
        // Volume from the divergence theorem: V = 1/3 sum over faces of offset * area.
        float volume = 0.0f;
        for (const auto& f : hull->faces) {
            glm::vec3 areaVector(0.0f);
            for (size_t i = 0; i < f.vertices.size(); ++i)
                areaVector += glm::cross(hull->vertices[f.vertices[i]],
                                         hull->vertices[f.vertices[(i + 1) % f.vertices.size()]]);
            volume += f.offset * 0.5f * glm::dot(areaVector, f.normal) / 3.0f;
        }
        EXPECT_NEAR(hull->volume, volume, 1e-3f * hull->volume);
    }
}

TEST(ConvexHull, DegenerateInputIsRejectedWithAReason) {
    std::string error;
    EXPECT_FALSE(buildConvexHull({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}, error));
    EXPECT_NE(error.find("fewer than 4 points"), std::string::npos) << error;

    std::vector<glm::vec3> coincident(6, glm::vec3(1.0f, 2.0f, 3.0f));
    EXPECT_FALSE(buildConvexHull(coincident, error));
    EXPECT_NE(error.find("fewer than 4 non-coplanar points"), std::string::npos) << error;

    std::vector<glm::vec3> collinear;
    for (int i = 0; i < 6; ++i)
        collinear.push_back(glm::vec3(1.0f, 2.0f, 3.0f) * float(i));
    EXPECT_FALSE(buildConvexHull(collinear, error));
    EXPECT_NE(error.find("fewer than 4 non-coplanar points"), std::string::npos) << error;

    // A tilted plane: coplanar up to float round-off.
    glm::quat q = glm::angleAxis(0.7f, glm::normalize(glm::vec3(1.0f, 2.0f, -0.5f)));
    std::vector<glm::vec3> coplanar;
    for (int i = 0; i < 5; ++i)
        for (int j = 0; j < 5; ++j)
            coplanar.push_back(q * glm::vec3(float(i), float(j), 0.0f));
    EXPECT_FALSE(buildConvexHull(coplanar, error));
    EXPECT_NE(error.find("fewer than 4 non-coplanar points"), std::string::npos) << error;

    std::vector<glm::vec3> nonFinite = boxCorners(glm::vec3(1.0f));
    nonFinite[5].y = std::nanf("");
    EXPECT_FALSE(buildConvexHull(nonFinite, error));
    EXPECT_NE(error.find("not finite"), std::string::npos) << error;
    nonFinite[5].y = INFINITY;
    EXPECT_FALSE(buildConvexHull(nonFinite, error));

    std::vector<glm::vec3> tooMany(257, glm::vec3(0.0f));
    for (int i = 0; i < 257; ++i)
        tooMany[i] = glm::vec3(float(i % 7), float(i % 11), float(i % 13));
    EXPECT_FALSE(buildConvexHull(tooMany, error));
    EXPECT_NE(error.find("more than 256 points"), std::string::npos) << error;
}

TEST(PolyhedronMass, UnitCubeOffTheOriginHasItsCentreAndSixthInertia) {
    std::vector<glm::dvec3> v;
    for (int i = 0; i < 8; ++i)
        v.emplace_back(5 + (i & 1), -2 + ((i >> 1) & 1), 1 + ((i >> 2) & 1));
    // Corner index bits: x = 1, y = 2, z = 4; faces counter-clockwise from outside.
    std::vector<std::vector<uint16_t>> faces = {{0, 2, 3, 1}, {4, 5, 7, 6}, {0, 1, 5, 4},
                                                {2, 6, 7, 3}, {0, 4, 6, 2}, {1, 3, 7, 5}};
    PolyhedronMass m = computePolyhedronMass(v, faces);
    EXPECT_NEAR(m.volume, 1.0, 1e-12);
    EXPECT_NEAR(glm::length(m.centerOfMass - glm::dvec3(5.5, -1.5, 1.5)), 0.0, 1e-12);
    for (int i = 0; i < 3; ++i)
        EXPECT_NEAR(m.inertia[i][i], 1.0 / 6.0, 1e-12);
    EXPECT_NEAR(m.inertia[0][1], 0.0, 1e-12);
}
