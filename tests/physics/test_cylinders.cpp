// Cylinders in the solver: rolling and sliding against closed forms, resting and stacking.
// A slope is made by tilting gravity over a flat ground, so the ground's contact is exact.
#include "physics/contact_fixtures.h"

#include <gtest/gtest.h>

using namespace tumble;
using namespace tumble::test;

namespace {

constexpr float kG = 9.81f;

BodyId addCylinder(World& w, glm::vec3 position, float r, float h, glm::quat q, const char* material) {
    BodyDef d;
    d.shape.type = ShapeType::Cylinder;
    d.shape.radius = r;
    d.shape.halfHeight = h;
    d.position = position;
    d.orientation = q;
    d.material = material;
    return w.createBody(d);
}

/// A world whose gravity points theta down a slope along +X.
World slopeWorld(float thetaDeg, float muS, float muD) {
    Settings s = noSleep();
    const float theta = glm::radians(thetaDeg);
    s.gravity = {kG * std::sin(theta), -kG * std::cos(theta), 0.0f};
    World w(s);
    addMaterial(w, "grip", 0.0f, muS, muD);
    setPair(w, "grip", "Static", 0.0f, muS, muD);
    addGround(w);
    return w;
}

const glm::quat kLying = glm::angleAxis(0.5f * kPi, glm::vec3(1, 0, 0)); // axis along Z

} // namespace

TEST(Cylinder, RollsDownASlopeAtTwoThirdsGSinTheta) {
    // A solid cylinder rolling without slipping: m a = m g sin t - F, I alpha = F r, a = alpha r,
    // I = m r^2 / 2, so a = (2/3) g sin t (needs mu >= tan t / 3).
    const float theta = 20.0f, r = 0.3f;
    World w = slopeWorld(theta, 0.8f, 0.8f);
    BodyId c = addCylinder(w, {0, r, 0}, r, 0.5f, kLying, "grip");
    const float t = 1.0f;
    for (int i = 0; i < 60; ++i) w.step();
    const float a = 2.0f / 3.0f * kG * std::sin(glm::radians(theta));
    const Body& b = w.body(c);
    EXPECT_NEAR(b.position.x, 0.5f * a * t * t, 0.02f * 0.5f * a * t * t);
    EXPECT_NEAR(b.linearVelocity.x, a * t, 0.02f * a * t);
    // Rolling, not sliding: the contact point is at rest, v = -w_z r.
    EXPECT_NEAR(b.linearVelocity.x, -b.angularVelocity.z * r, 0.01f * a * t);
    EXPECT_NEAR(b.position.y, r, 0.006f);
}

TEST(Cylinder, StandingOnItsEndSlidesLikeABlock) {
    // On its flat end it cannot roll: a = g (sin t - mu_d cos t) once sin t > mu_s cos t.
    const float theta = 30.0f, muD = 0.3f;
    World w = slopeWorld(theta, 0.4f, muD);
    BodyId c = addCylinder(w, {0, 0.4f, 0}, 0.35f, 0.4f, glm::quat(1, 0, 0, 0), "grip");
    for (int i = 0; i < 60; ++i) w.step();
    const float th = glm::radians(theta);
    const float a = kG * (std::sin(th) - muD * std::cos(th));
    const Body& b = w.body(c);
    EXPECT_NEAR(b.linearVelocity.x, a * 1.0f, 0.02f * a);
    EXPECT_LT(glm::length(b.angularVelocity), 0.05f); // it slides flat, it does not tip
    // Below the slip angle it stays put.
    World still = slopeWorld(15.0f, 0.4f, muD);
    BodyId d = addCylinder(still, {0, 0.4f, 0}, 0.35f, 0.4f, glm::quat(1, 0, 0, 0), "grip");
    for (int i = 0; i < 120; ++i) still.step();
    EXPECT_LT(std::fabs(still.body(d).position.x), 2e-3f);
}

TEST(Cylinder, RestsOnItsSideAndOnItsEndWithoutDrifting) {
    World w(noSleep());
    addGround(w);
    BodyId lying = addCylinder(w, {0, 0.3f, 0}, 0.3f, 0.5f, kLying, "Wood");
    BodyId standing = addCylinder(w, {2, 0.5f, 0}, 0.3f, 0.5f, glm::quat(1, 0, 0, 0), "Wood");
    float lowest = 1.0f, drift = 0.0f;
    for (int i = 0; i < 300; ++i) {
        w.step();
        lowest = std::min({lowest, w.body(lying).position.y - 0.3f, w.body(standing).position.y - 0.5f});
        drift = std::max({drift, std::fabs(w.body(lying).position.x), std::fabs(w.body(lying).position.z),
                          std::fabs(w.body(standing).position.x - 2.0f)});
    }
    EXPECT_GT(lowest, -w.settings().solver.slop - 0.001f);
    EXPECT_LT(drift, 1e-3f);
    EXPECT_LT(glm::length(w.body(lying).angularVelocity), 1e-3f);
}

TEST(Cylinder, AStackOfFourOnTheirEndsStands) {
    World w(noSleep());
    addGround(w);
    std::vector<BodyId> ids;
    for (int i = 0; i < 4; ++i)
        ids.push_back(addCylinder(w, {0.01f * float(i), 0.25f + 0.5f * float(i), 0}, 0.3f, 0.25f,
                                  glm::quat(1, 0, 0, 0), "Wood"));
    for (int i = 0; i < 300; ++i) w.step();
    for (int i = 0; i < 4; ++i) {
        const Body& b = w.body(ids[size_t(i)]);
        EXPECT_NEAR(b.position.y, 0.25f + 0.5f * float(i), 0.005f * float(i + 1)) << i;
        EXPECT_NEAR(b.position.x, 0.01f * float(i), 0.005f) << i;
        EXPECT_GT((b.orientation * glm::vec3(0, 1, 0)).y, 0.9999f) << i;
    }
}
