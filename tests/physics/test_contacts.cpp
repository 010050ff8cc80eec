// The contact solver's physical claims: resting, bouncing, sliding, colliding.
#include "physics/scenarios.h"

#include <gtest/gtest.h>

using namespace tumble;
using namespace tumble::test;

namespace {
constexpr float kG = kGravity;
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
