// What the solver did that used to be hidden: the friction bound layer, the nonlinear
// Gauss-Seidel push-out figure, the warm-start layer and clearing the contact cache. The
// debug draw is recorded (the DebugDraw interface) and checked against the physics.
#include "physics/contact_fixtures.h"

#include "tumble/debug_draw.h"
#include "tumble/recorder.h"
#include "tumble/scene.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

using namespace tumble;
using namespace tumble::test;

namespace {

struct Recording final : DebugDraw {
    struct Segment {
        glm::vec3 a, b, color;
    };
    std::vector<Segment> lines, arrows;
    int points = 0, labels = 0;
    void line(const glm::vec3& a, const glm::vec3& b, const glm::vec3& c) override {
        lines.push_back({a, b, c});
    }
    void point(const glm::vec3&, float, const glm::vec3&) override { ++points; }
    void arrow(const glm::vec3& a, const glm::vec3& b, const glm::vec3& c) override {
        arrows.push_back({a, b, c});
    }
    void label(const glm::vec3&, const std::string&, const glm::vec3&) override { ++labels; }
    bool empty() const { return lines.empty() && arrows.empty() && points == 0 && labels == 0; }
};

/// Every layer off but `flag` (none when null).
DebugDrawOptions only(bool DebugDrawOptions::*flag, float impulseScale) {
    DebugDrawOptions o;
    for (const DebugDrawFlag& f : debugDrawFlags())
        o.*f.member = false;
    if (flag != nullptr) o.*flag = true;
    o.impulseScale = impulseScale;
    return o;
}

Recording record(const World& w, const DebugDrawOptions& o) {
    Recording r;
    emitDebugDraw(w, o, r);
    return r;
}

constexpr float kSlopeDeg = 20.0f;
constexpr float kScale = 0.1f; // m per N s

/// A 20 cm crate (8 kg) resting on flat ground under gravity tilted by 20 degrees: the same
/// as resting on a 20 degree slope, with the normal along +y and no slope body to build.
BodyId crateOnSlope(World& w, FrictionModel model, float muS, float muD) {
    Settings s = noSleep();
    const float a = glm::radians(kSlopeDeg);
    s.gravity = 9.81f * glm::vec3(std::sin(a), -std::cos(a), 0.0f);
    s.solver.frictionModel = model;
    w = World(s);
    w.setContactFigures(true); // the friction bound layer draws from them
    addMaterial(w, "crate", 0.0f, muS, muD);
    addGround(w);
    setPair(w, "crate", "Static", 0.0f, muS, muD);
    return addBox(w, {0.0f, 0.1f, 0.0f}, glm::vec3(0.1f), "crate");
}

/// The one manifold with points (the crate on the ground).
const ContactManifoldInfo& onlyManifold(const World& w) {
    for (const ContactManifoldInfo& m : w.contacts())
        if (m.pointCount > 0) return m;
    ADD_FAILURE() << "no contact";
    return w.contacts().front();
}

/// The lines the layer drew around point p (both ends within `reach` of it).
std::vector<Recording::Segment> linesAround(const Recording& r, const glm::vec3& p, float reach) {
    std::vector<Recording::Segment> out;
    for (const Recording::Segment& s : r.lines)
        if (glm::length(s.a - p) < reach && glm::length(s.b - p) < reach) out.push_back(s);
    return out;
}

const Recording::Segment* arrowFrom(const Recording& r, const glm::vec3& p) {
    for (const Recording::Segment& s : r.arrows)
        if (glm::length(s.a - p) < 1e-6f) return &s;
    return nullptr;
}

float sumNormal(const ContactManifoldInfo& m) {
    float sum = 0.0f;
    for (int i = 0; i < m.pointCount; ++i)
        sum += m.points[i].normalImpulse;
    return sum;
}

glm::vec3 sumFriction(const ContactManifoldInfo& m) {
    glm::vec3 sum(0.0f);
    for (int i = 0; i < m.pointCount; ++i)
        sum +=
            m.points[i].tangentImpulse[0] * m.tangent1 + m.points[i].tangentImpulse[1] * m.tangent2;
    return sum;
}

} // namespace

// --- the friction bound layer -------------------------------------------------------------

TEST(FrictionBoundLayer, PyramidSquareHalfWidthIsScaleMuLambdaNAndHoldsTheCrateOnTheSlope) {
    World w;
    const BodyId crate = crateOnSlope(w, FrictionModel::Pyramid, 0.8f, 0.6f);
    for (int i = 0; i < 60; ++i)
        w.step();
    const ContactManifoldInfo& m = onlyManifold(w);
    ASSERT_EQ(m.pointCount, 4);
    // tan 20 deg = 0.36 < mu_s: friction carries the weight's slope component, m g sin a dt,
    // and the normal impulses the rest, m g cos a dt.
    const float a = glm::radians(kSlopeDeg), dt = w.settings().timestep;
    const float weight = w.body(crate).mass * 9.81f * dt;
    EXPECT_NEAR(sumNormal(m), weight * std::cos(a), 0.01f * weight);
    EXPECT_NEAR(glm::length(sumFriction(m)), weight * std::sin(a), 0.01f * weight);

    const Recording r = record(w, only(&DebugDrawOptions::frictionBound, kScale));
    for (int i = 0; i < m.pointCount; ++i) {
        const ContactPointInfo& p = m.points[i];
        ASSERT_TRUE(p.sticking);
        ASSERT_NE(p.clamp, ClampState::FrictionLimit);
        const float h = kScale * m.staticFriction * p.normalImpulse;
        const std::vector<Recording::Segment> square = linesAround(r, p.position, 2.0f * h);
        ASSERT_EQ(square.size(), 4u) << "point " << i;
        for (const Recording::Segment& s : square)
            for (const glm::vec3& corner : {s.a, s.b}) {
                const glm::vec3 d = corner - p.position;
                EXPECT_NEAR(std::fabs(glm::dot(d, m.tangent1)), h, 1e-5f);
                EXPECT_NEAR(std::fabs(glm::dot(d, m.tangent2)), h, 1e-5f);
                EXPECT_NEAR(glm::dot(d, m.normal), 0.0f, 1e-6f) << "flat in the tangent plane";
            }
        const Recording::Segment* arrow = arrowFrom(r, p.position);
        ASSERT_NE(arrow, nullptr);
        const glm::vec3 lambdaT =
            p.tangentImpulse[0] * m.tangent1 + p.tangentImpulse[1] * m.tangent2;
        EXPECT_NEAR(glm::length(arrow->b - arrow->a), kScale * glm::length(lambdaT), 1e-6f);
        EXPECT_LE(std::fabs(glm::dot(arrow->b - arrow->a, m.tangent1)), h * (1.0f + 1e-5f))
            << "inside";
        EXPECT_LE(std::fabs(glm::dot(arrow->b - arrow->a, m.tangent2)), h * (1.0f + 1e-5f))
            << "inside";
        EXPECT_EQ(arrow->color, glm::vec3(0.25f, 0.4f, 1.0f)) << "blue: friction holds";
    }
}

TEST(FrictionBoundLayer, ConeIsACircleOfRadiusScaleMuLambdaN) {
    World w;
    crateOnSlope(w, FrictionModel::Cone, 0.8f, 0.6f);
    for (int i = 0; i < 60; ++i)
        w.step();
    const ContactManifoldInfo& m = onlyManifold(w);
    const Recording r = record(w, only(&DebugDrawOptions::frictionBound, kScale));
    for (int i = 0; i < m.pointCount; ++i) {
        const ContactPointInfo& p = m.points[i];
        const float radius = kScale * m.staticFriction * p.normalImpulse;
        const std::vector<Recording::Segment> circle = linesAround(r, p.position, 1.5f * radius);
        ASSERT_EQ(circle.size(), 48u);
        for (const Recording::Segment& s : circle) {
            EXPECT_NEAR(glm::length(s.a - p.position), radius, 1e-5f);
            EXPECT_NEAR(glm::dot(s.a - p.position, m.normal), 0.0f, 1e-6f);
        }
        const Recording::Segment* arrow = arrowFrom(r, p.position);
        ASSERT_NE(arrow, nullptr);
        const float lambdaT = std::hypot(p.tangentImpulse[0], p.tangentImpulse[1]);
        EXPECT_NEAR(glm::length(arrow->b - arrow->a), kScale * lambdaT, 1e-6f);
        EXPECT_LT(lambdaT, m.staticFriction * p.normalImpulse) << "inside the circle";
    }
}

TEST(FrictionBoundLayer, ASlidingCratesFrictionArrowReachesTheBoundMuDLambdaNAndTurnsRed) {
    // mu = 0.2 < tan 20 deg: the crate slides and every point's friction sits on the bound.
    World w;
    crateOnSlope(w, FrictionModel::Pyramid, 0.2f, 0.2f);
    for (int i = 0; i < 30; ++i)
        w.step();
    const ContactManifoldInfo& m = onlyManifold(w);
    EXPECT_NEAR(glm::length(sumFriction(m)), 0.2f * sumNormal(m), 0.002f * sumNormal(m));
    const Recording r = record(w, only(&DebugDrawOptions::frictionBound, kScale));
    for (int i = 0; i < m.pointCount; ++i) {
        const ContactPointInfo& p = m.points[i];
        ASSERT_FALSE(p.sticking);
        ASSERT_EQ(p.clamp, ClampState::FrictionLimit);
        // A sliding point under the pyramid holds lambda_t2 at 0: its bound is the segment
        // along the slip direction t1.
        const float h = kScale * m.dynamicFriction * p.normalImpulse;
        const std::vector<Recording::Segment> bound = linesAround(r, p.position, 2.0f * h);
        ASSERT_EQ(bound.size(), 1u);
        EXPECT_NEAR(glm::length(bound[0].b - bound[0].a), 2.0f * h, 1e-5f);
        const Recording::Segment* arrow = arrowFrom(r, p.position);
        ASSERT_NE(arrow, nullptr);
        EXPECT_NEAR(glm::length(arrow->b - arrow->a), h, 0.002f * h);
        EXPECT_EQ(arrow->color, glm::vec3(0.9f, 0.2f, 0.2f)) << "red: at the bound";
    }
}

TEST(FrictionBoundLayer, DrawsNothingWhenOff) {
    World w;
    crateOnSlope(w, FrictionModel::Pyramid, 0.8f, 0.6f);
    for (int i = 0; i < 10; ++i)
        w.step();
    EXPECT_TRUE(record(w, only(nullptr, kScale)).empty());
    EXPECT_FALSE(record(w, only(&DebugDrawOptions::frictionBound, kScale)).empty());
}

// --- nonlinear Gauss-Seidel push-out ------------------------------------------------------

TEST(NgsPositionCorrection,
     ASphereFiveCentimetresDeepIsPushedOutByTheSeriesOfErpTimesDepthBeyondSlop) {
    // One point straight under the centre: K = 1/m, so each pass lifts the ball by exactly
    // -C = erp (d_k - slop) and d_{k+1} - slop = (1 - erp)(d_k - slop). Over N passes:
    // correction = (d_0 - slop)(1 - (1 - erp)^N).
    Settings s = noSleep();
    s.solver.positionCorrection = PositionCorrection::NonlinearGaussSeidel;
    World w(s);
    w.setContactFigures(true); // this test reads them
    addGround(w);
    const BodyId ball = addSphere(w, {0.0f, 0.45f, 0.0f}, 0.5f);
    w.step();
    const Body& b = w.body(ball);
    const float dt = s.timestep;
    // The depth NGS found: 5 cm, less what the velocity step moved (it left v).
    const float depth = 0.05f - b.linearVelocity.y * dt;
    const float expected =
        (depth - s.solver.slop) *
        (1.0f - std::pow(1.0f - s.solver.erp, float(s.solver.positionIterations)));
    const ContactManifoldInfo& m = onlyManifold(w);
    ASSERT_EQ(m.pointCount, 1);
    const float correction =
        w.contactFigures()[size_t(&m - w.contacts().data())].points[0].positionCorrection;
    EXPECT_GT(correction, 0.0f);
    EXPECT_NEAR(correction, expected, 2e-6f);
    // It is how far NGS moved the ball: the rise beyond the velocity step.
    EXPECT_NEAR(b.position.y - 0.45f - b.linearVelocity.y * dt, correction, 2e-6f);
    EXPECT_EQ(w.contactFigures()[size_t(&m - w.contacts().data())].points[0].correctionVelocity,
              0.0f)
        << "no push-out velocity: NGS moves positions";
}

TEST(NgsPositionCorrection, ABoxFiveCentimetresDeepRisesByTheMeanOfItsPointsCorrections) {
    // One pass: the first point is corrected by erp (depth - slop) exactly; the box's four
    // corners share one effective mass K = 4/m (1/m + |r x n|^2 6/m with |r x n|^2 = 1/2),
    // so the box rises by sum(-C)/4, the mean of the four figures.
    Settings s = noSleep();
    s.solver.positionCorrection = PositionCorrection::NonlinearGaussSeidel;
    s.solver.positionIterations = 1;
    World w(s);
    w.setContactFigures(true); // this test reads them
    addGround(w);
    const BodyId box = addBox(w, {0.0f, 0.45f, 0.0f});
    w.step();
    const Body& b = w.body(box);
    const float dt = s.timestep;
    const ContactManifoldInfo& m = onlyManifold(w);
    ASSERT_EQ(m.pointCount, 4);
    const ContactManifoldFigures& f = w.contactFigures()[size_t(&m - w.contacts().data())];
    const float depth = 0.05f - b.linearVelocity.y * dt;
    EXPECT_NEAR(f.points[0].positionCorrection, s.solver.erp * (depth - s.solver.slop), 1e-4f);
    float mean = 0.0f;
    for (int i = 0; i < 4; ++i) {
        EXPECT_GT(f.points[i].positionCorrection, 0.0f) << "point " << i;
        mean += 0.25f * f.points[i].positionCorrection;
    }
    EXPECT_NEAR(b.position.y - 0.45f - b.linearVelocity.y * dt, mean, 0.03f * mean);
    // The correction layer draws it x 10 along the normal.
    const Recording r = record(w, only(&DebugDrawOptions::correction, kScale));
    ASSERT_EQ(r.arrows.size(), 4u);
    for (int i = 0; i < 4; ++i)
        EXPECT_NEAR(glm::length(r.arrows[i].b - r.arrows[i].a),
                    10.0f * f.points[i].positionCorrection, 1e-6f);
}

TEST(NgsPositionCorrection, KeepingAndDrawingTheFiguresEveryStepLeavesThePyramidRunBitForBitTheSame) {
    SceneLoadResult loaded = loadSceneFile(std::string(TUMBLE_SOURCE_DIR) + "/scenes/pyramid.json");
    ASSERT_TRUE(loaded.ok()) << loaded.errorText();
    loaded.scene.settings.solver.positionCorrection = PositionCorrection::NonlinearGaussSeidel;
    World drawn = buildWorld(loaded.scene), plain = buildWorld(loaded.scene);
    drawn.setContactFigures(true); // plain keeps none: the figures never change the state
    DebugDrawOptions all = only(nullptr, kScale);
    for (const DebugDrawFlag& f : debugDrawFlags())
        all.*f.member = true;
    for (int i = 0; i < 300; ++i) {
        drawn.step();
        plain.step();
        ASSERT_FALSE(record(drawn, all).empty());
        // Without figures every layer still draws what it has (points, normals, impulses).
        ASSERT_FALSE(record(plain, all).empty());
        ASSERT_EQ(drawn.stateHash(), plain.stateHash()) << "step " << i + 1;
    }
}

// --- warm starting rebuilt from a cleared cache --------------------------------------------

TEST(ClearContactCache, TheNextStepStartsColdTheOneAfterWarmAndTheTenBoxStackStillStands) {
    World w(noSleep());
    w.setContactFigures(true); // this test reads them
    addGround(w);
    const std::vector<BodyId> ids = addStack(w, 10);
    for (int i = 0; i < 120; ++i)
        w.step();
    const std::vector<glm::vec3> settled = positions(w, ids);
    auto forEachPoint = [&](auto visit) {
        int points = 0;
        for (size_t k = 0; k < w.contacts().size(); ++k)
            for (int i = 0; i < w.contacts()[k].pointCount; ++i, ++points)
                visit(w.contacts()[k].points[i], w.contactFigures()[k].points[i]);
        return points;
    };
    EXPECT_EQ(forEachPoint([](const ContactPointInfo&, const ContactPointFigures& f) {
                  EXPECT_GT(f.warmStartImpulse[0], 0.0f);
              }),
              40)
        << "ten resting pairs of four points, all warm started";

    w.clearContactCache();
    EXPECT_TRUE(w.contacts().empty());
    EXPECT_TRUE(w.contactFigures().empty());
    w.step();
    EXPECT_EQ(forEachPoint([](const ContactPointInfo& p, const ContactPointFigures& f) {
                  EXPECT_FALSE(p.persisted);
                  for (float seed : f.warmStartImpulse)
                      EXPECT_EQ(seed, 0.0f);
              }),
              40)
        << "every pair measured afresh";
    Recording cold = record(w, only(&DebugDrawOptions::warmStart, kScale));
    EXPECT_EQ(cold.arrows.size(), 40u) << "only the final lambda_n arrows: no seed to draw";

    w.step();
    EXPECT_EQ(forEachPoint([](const ContactPointInfo& p, const ContactPointFigures& f) {
                  EXPECT_TRUE(p.persisted);
                  EXPECT_GT(f.warmStartImpulse[0], 0.0f);
              }),
              40);
    Recording warm = record(w, only(&DebugDrawOptions::warmStart, kScale));
    EXPECT_EQ(warm.arrows.size(), 80u) << "each final arrow with its grey seed beside it";
    for (size_t k = 0, a = 0; k < w.contacts().size(); ++k)
        for (int i = 0; i < w.contacts()[k].pointCount; ++i, a += 2)
            EXPECT_NEAR(glm::length(warm.arrows[a + 1].b - warm.arrows[a + 1].a),
                        kScale * w.contactFigures()[k].points[i].warmStartImpulse[0], 1e-6f);

    for (int i = 0; i < 120; ++i)
        w.step();
    EXPECT_LT(maxDisplacement(w, ids, settled), 0.05f) << "the stack stands 2 s later";
}

TEST(ClearContactCache, WithoutShockPropagationAColdTenBoxStackDipsCentimetresWhereAWarmOneHolds) {
    // Cold, 10 passes carry the load only a few boxes up: the top sinks until warm starting
    // has rebuilt the impulses. (With shock propagation the bottom-up pass carries it at once.)
    auto topDip = [](bool clear) {
        Settings s = noSleep();
        s.solver.shockPropagation = false;
        World w(s);
        addGround(w);
        const std::vector<BodyId> ids = addStack(w, 10);
        for (int i = 0; i < 120; ++i)
            w.step();
        const float top = w.body(ids.back()).position.y;
        if (clear) w.clearContactCache();
        float dip = 0.0f;
        for (int i = 0; i < 30; ++i) {
            w.step();
            dip = std::max(dip, top - w.body(ids.back()).position.y);
        }
        return dip;
    };
    const float cold = topDip(true), warm = topDip(false);
    EXPECT_GT(cold, 0.005f);
    EXPECT_LT(warm, 0.001f);
}

TEST(ClearContactCache, RecordingTheClearedStepReplaysTheColdStepsAfterItExactly) {
    World w(noSleep());
    addGround(w);
    addStack(w, 10);
    Recorder recorder;
    recorder.record(w);
    for (int i = 0; i < 60; ++i) {
        w.step();
        recorder.record(w);
    }
    w.clearContactCache();
    recorder.record(w); // as the app does: step 60 again, without its cache
    std::vector<uint64_t> hashes;
    for (int i = 0; i < 10; ++i) {
        w.step();
        recorder.record(w);
        hashes.push_back(w.stateHash());
    }
    std::string message;
    ASSERT_TRUE(recorder.seek(w, 61, &message));
    EXPECT_TRUE(message.empty()) << message;
    EXPECT_EQ(w.stateHash(), hashes[0]) << "the cold step re-runs as it ran";
    ASSERT_TRUE(recorder.seek(w, 70, &message));
    EXPECT_TRUE(message.empty()) << message;
    EXPECT_EQ(w.stateHash(), hashes[9]);
    // Step 60 itself re-runs from step 59 with its cache, so it differs and says so.
    ASSERT_TRUE(recorder.seek(w, 60, &message));
    EXPECT_NE(message.find("ran differently"), std::string::npos);
    EXPECT_TRUE(w.contacts().empty()) << "the recorded (cleared) state is shown";
}

TEST(NormalsLayer, EachNormalArrowEndsAtItsPointSoTheImpulseArrowStartingThereStaysClear) {
    World w;
    const BodyId crate = crateOnSlope(w, FrictionModel::Pyramid, 0.8f, 0.8f);
    (void)crate;
    for (int i = 0; i < 30; ++i) w.step();
    DebugDrawOptions o = only(&DebugDrawOptions::normals, kScale);
    o.impulses = true;
    const Recording r = record(w, o);
    const ContactManifoldInfo& m = onlyManifold(w);
    int normals = 0, impulses = 0;
    for (const Recording::Segment& s : r.arrows) {
        const bool cyan = s.color.b > 0.8f && s.color.g > 0.8f && s.color.r < 0.5f;
        if (cyan) {
            ++normals;
            // From A's side to the point: along +n, 0.3 m long, ending on a contact point.
            EXPECT_NEAR(glm::dot(s.b - s.a, m.normal), 0.3f, 1e-5f);
            float nearest = 1e9f;
            for (int k = 0; k < m.pointCount; ++k) nearest = std::min(nearest, glm::length(s.b - m.points[k].position));
            EXPECT_LT(nearest, 1e-5f);
        } else if (s.color.g > 0.8f && s.color.r < 0.5f) {
            ++impulses;
            EXPECT_GT(glm::dot(s.b - s.a, m.normal), 0.0f); // the normal impulse starts at the point, along +n
        }
    }
    EXPECT_EQ(normals, m.pointCount);
    EXPECT_EQ(impulses, m.pointCount);
}

TEST(TrajectoriesLayer, TheParabolaStopsWhereItEntersTheFloor) {
    // A ball thrown at 5 m/s from 1 m up: its centre's parabola x0 + v0 t + g t^2 / 2 crosses
    // y = 0 at t = (v0y + sqrt(v0y^2 + 2 g y0)) / g; the drawn curve ends on the floor there
    // (the floor's top is y = 0), however far past it the curve would run.
    World w(noSleep());
    addGround(w);
    BodyDef d;
    d.shape.type = ShapeType::Sphere;
    d.shape.radius = 0.1f;
    d.position = {0.0f, 1.0f, 0.0f};
    d.linearVelocity = {5.0f, 3.0f, 0.0f};
    d.material = "Wood";
    w.createBody(d);
    for (int i = 0; i < 60; ++i) w.step(); // 1 s: the curve is drawn to 1.5 s, past the landing
    const Recording r = record(w, only(&DebugDrawOptions::trajectories, kScale));
    ASSERT_FALSE(r.lines.empty());
    const glm::vec3 end = r.lines.back().b;
    const float g = 9.81f, t = (3.0f + std::sqrt(9.0f + 2.0f * g * 1.0f)) / g;
    EXPECT_NEAR(end.y, 0.0f, 1e-3f);
    EXPECT_NEAR(end.x, 5.0f * t, 1e-2f);
    for (const Recording::Segment& s : r.lines) EXPECT_GE(std::min(s.a.y, s.b.y), -1e-3f);
}
