// The contact solver's physical claims: resting, bouncing, sliding, colliding.
#include "physics/contact_fixtures.h"

#include <gtest/gtest.h>

using namespace tumble;
using namespace tumble::test;

namespace {
constexpr float kG = 9.81f;

/// Height of the sphere's bottom at the apex of its first rebound after a drop from h.
float firstRebound(float restitution, float h, Settings s = noSleep()) {
    World w(s);
    addMaterial(w, "ball", restitution, 0.5f, 0.5f);
    addGround(w);
    setPair(w, "ball", "Static", restitution, 0.5f, 0.5f);
    const float r = 0.25f;
    BodyId ball = addSphere(w, {0, h + r, 0}, r, "ball");
    bool rising = false;
    float apex = 0.0f;
    for (int i = 0; i < 4000; ++i) {
        w.step();
        const Body& b = w.body(ball);
        if (b.linearVelocity.y > 0.0f) rising = true;
        if (rising) apex = std::max(apex, b.position.y - r);
        if (rising && b.linearVelocity.y < 0.0f) break;
    }
    return apex;
}
} // namespace

TEST(Contact, RestingBoxSinksLessThanSlopPlusOneMillimetreAndDoesNotDrift) {
    World w(noSleep());
    addGround(w);
    BodyId box = addBox(w, {0, 0.5f, 0});
    float lowest = 1.0f, drift = 0.0f;
    for (int i = 0; i < 300; ++i) {
        w.step();
        const Body& b = w.body(box);
        lowest = std::min(lowest, b.position.y);
        drift = std::max(drift, std::hypot(b.position.x, b.position.z));
    }
    EXPECT_GT(lowest, 0.5f - w.settings().solver.slop - 0.001f);
    EXPECT_LT(drift, 1e-4f);
}

TEST(Contact, SphereBouncesToRestitutionSquaredTimesDropHeight) {
    // At 240 Hz: symplectic Euler's discrete apex is low by about v dt / 2, which at 60 Hz
    // is 12% of a 9 cm rebound and would hide what restitution itself does.
    const float h = 2.0f;
    Settings s = noSleep();
    s.timestep = 1.0f / 240.0f;
    for (float e : {0.3f, 0.6f, 0.9f}) {
        float apex = firstRebound(e, h, s);
        EXPECT_NEAR(apex, e * e * h, 0.05f * e * e * h) << "e = " << e;
    }
}

TEST(Contact, PerfectlyElasticBallNeverRisesAboveItsDropHeight) {
    World w(noSleep());
    addMaterial(w, "ball", 1.0f, 0.5f, 0.5f);
    addGround(w);
    setPair(w, "ball", "Static", 1.0f, 0.5f, 0.5f);
    const float r = 0.25f, h = 1.0f;
    BodyId ball = addSphere(w, {0, h + r, 0}, r, "ball");
    int bounces = 0;
    float highest = 0.0f;
    float lastVy = 0.0f;
    for (int i = 0; i < 60 * 30 && bounces < 8; ++i) {
        w.step();
        const Body& b = w.body(ball);
        if (lastVy < 0.0f && b.linearVelocity.y > 0.0f) ++bounces;
        if (bounces > 0) highest = std::max(highest, b.position.y - r);
        lastVy = b.linearVelocity.y;
    }
    EXPECT_EQ(bounces, 8);
    EXPECT_LT(highest, 1.05f * h);
    EXPECT_GT(highest, 0.9f * h); // and it does keep bouncing
}

TEST(Contact, ApproachBelowTheRestitutionThresholdDoesNotBounce) {
    // From 1 cm the ball arrives at 0.44 m/s, under the 0.5 m/s threshold.
    float apex = firstRebound(0.9f, 0.01f);
    EXPECT_LT(apex, 0.002f);
}

namespace {
struct RampResult {
    float travelled;    ///< m along the slope after 2 s
    float acceleration; ///< m/s^2 along the slope, from 1 s to 2 s
};

RampResult slideOnRamp(float thetaDeg, float muS, float muD) {
    World w(noSleep());
    addMaterial(w, "ramp", 0.0f, muS, muD);
    addMaterial(w, "block", 0.0f, muS, muD);
    setPair(w, "ramp", "block", 0.0f, muS, muD);
    const float theta = thetaDeg * kPi / 180.0f;
    glm::quat q = glm::angleAxis(theta, glm::vec3(0, 0, 1));
    BodyDef ramp;
    ramp.type = BodyType::Static;
    ramp.shape.type = ShapeType::Box;
    ramp.shape.halfExtents = {30.0f, 0.5f, 5.0f};
    ramp.orientation = q;
    ramp.material = "ramp";
    w.createBody(ramp);
    glm::vec3 n = q * glm::vec3(0, 1, 0);
    glm::vec3 downhill = -(q * glm::vec3(1, 0, 0));
    BodyId block = addBox(w, n * 1.0f, glm::vec3(0.5f), "block", q);
    glm::vec3 start = w.body(block).position;
    float v1 = 0.0f;
    for (int i = 1; i <= 120; ++i) {
        w.step();
        if (i == 60) v1 = glm::dot(w.body(block).linearVelocity, downhill);
    }
    float v2 = glm::dot(w.body(block).linearVelocity, downhill);
    return {glm::length(w.body(block).position - start), v2 - v1};
}
} // namespace

TEST(Friction, BlockWithStaticFrictionAboveTanThetaStaysOnTheRamp) {
    RampResult r = slideOnRamp(30.0f, 0.8f, 0.7f); // tan 30 deg = 0.577
    EXPECT_LT(r.travelled, 0.01f);
}

TEST(Friction, BlockWithStaticFrictionBelowTanThetaSlidesWithCoulombAcceleration) {
    const float theta = 30.0f * kPi / 180.0f, muD = 0.3f;
    RampResult r = slideOnRamp(30.0f, 0.4f, muD);
    float expected = kG * (std::sin(theta) - muD * std::cos(theta));
    EXPECT_NEAR(r.acceleration, expected, 0.05f * expected);
}

TEST(Contact, HeadOnElasticCollisionOfEqualSpheresSwapsVelocitiesAndKeepsMomentum) {
    Settings s = noSleep();
    s.gravity = glm::vec3(0.0f);
    World w(s);
    addMaterial(w, "steel", 1.0f, 0.0f, 0.0f);
    setPair(w, "steel", "steel", 1.0f, 0.0f, 0.0f);
    BodyId a = addSphere(w, {-2, 0, 0}, 0.5f, "steel");
    BodyId b = addSphere(w, {2, 0, 0}, 0.5f, "steel");
    w.setVelocity(a, {3, 0, 0}, glm::vec3(0.0f));
    glm::vec3 p0 = w.linearMomentum();
    for (int i = 0; i < 120; ++i) w.step();
    EXPECT_NEAR(w.body(a).linearVelocity.x, 0.0f, 0.03f);
    EXPECT_NEAR(w.body(b).linearVelocity.x, 3.0f, 0.03f);
    EXPECT_NEAR(glm::length(w.linearMomentum() - p0), 0.0f, 1e-3f * glm::length(p0));
}

TEST(Contact, ObliqueImpactOfUnequalBodiesConservesMomentum) {
    Settings s = noSleep();
    s.gravity = glm::vec3(0.0f);
    World w(s);
    BodyId a = addSphere(w, {-2, 0.3f, 0}, 0.5f, "Metal");
    BodyId b = addBox(w, {1, 0, 0}, glm::vec3(0.4f), "Wood");
    w.setVelocity(a, {5, 0, 0.5f}, glm::vec3(0.0f));
    glm::vec3 p0 = w.linearMomentum();
    for (int i = 0; i < 90; ++i) w.step();
    EXPECT_GT(w.body(b).linearVelocity.x, 0.5f); // they did collide
    EXPECT_NEAR(glm::length(w.linearMomentum() - p0), 0.0f, 1e-3f * glm::length(p0));
}

TEST(PositionCorrection, SplitImpulseResolvesADeepOverlapWithoutAddingEnergyButBaumgarteDoes) {
    auto peakEnergy = [](PositionCorrection mode, float erp) {
        Settings s = noSleep();
        s.gravity = glm::vec3(0.0f);
        s.solver.positionCorrection = mode;
        s.solver.erp = erp;
        World w(s);
        BodyId a = addBox(w, {0, 0, 0});
        BodyId b = addBox(w, {0, 0.7f, 0}); // 0.3 m of overlap
        double peak = 0.0;
        for (int i = 0; i < 120; ++i) {
            w.step();
            peak = std::max(peak, w.kineticEnergy());
        }
        float gap = w.body(b).position.y - w.body(a).position.y;
        EXPECT_GT(gap, 0.97f) << toString(mode); // the overlap is resolved either way
        return peak;
    };
    double split = peakEnergy(PositionCorrection::SplitImpulse, 0.2f);
    double baumgarte = peakEnergy(PositionCorrection::Baumgarte, 0.8f);
    EXPECT_LT(split, 1e-6);
    EXPECT_GT(baumgarte, 1.0);
}

TEST(Determinism, SameSceneAndSettingsGiveTheSameStateHash) {
    auto run = [] {
        World w;
        addGround(w);
        addPyramid(w, 8);
        addSphere(w, {0.3f, 12, 0.1f}, 0.4f, "Metal");
        for (int i = 0; i < 240; ++i) w.step();
        return w.stateHash();
    };
    EXPECT_EQ(run(), run());
}
