#pragma once
// Measured scenarios with closed forms, each built and run under given Settings: the contact
// and joint tests check them with the default solver, and the method suite
// (test_methods.cpp) checks them under every method of the solver table.
#include "physics/contact_fixtures.h"

#include <glm/gtc/quaternion.hpp>

#include <algorithm>
#include <string>
#include <vector>

namespace tumble::test {

constexpr float kGravity = 9.81f;

/// Height of the sphere's bottom at the apex of its first rebound after a drop from h.
inline float firstRebound(float restitution, float h, const Settings& s = noSleep()) {
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

struct RampResult {
    float travelled;    ///< m along the slope after 2 s
    float acceleration; ///< m/s^2 along the slope, from 1 s to 2 s
};

/// A static ramp of thetaDeg (materials "ramp" and "block" must exist) and a 1 m block resting
/// on it, released: the block, and the unit vector down the slope.
struct Ramp {
    BodyId block;
    glm::vec3 downhill{0.0f};
};
inline Ramp addRampAndBlock(World& w, float thetaDeg) {
    const glm::quat q = glm::angleAxis(thetaDeg * kPi / 180.0f, glm::vec3(0, 0, 1));
    BodyDef ramp;
    ramp.type = BodyType::Static;
    ramp.shape.type = ShapeType::Box;
    ramp.shape.halfExtents = {30.0f, 0.5f, 5.0f};
    ramp.orientation = q;
    ramp.material = "ramp";
    w.createBody(ramp);
    const BodyId block = addBox(w, q * glm::vec3(0, 1, 0), glm::vec3(0.5f), "block", q);
    return {block, -(q * glm::vec3(1, 0, 0))};
}

/// A 1 m block released on a static ramp of thetaDeg with the given friction.
inline RampResult slideOnRamp(float thetaDeg, float muS, float muD, const Settings& s = noSleep()) {
    World w(s);
    addMaterial(w, "ramp", 0.0f, muS, muD);
    addMaterial(w, "block", 0.0f, muS, muD);
    setPair(w, "ramp", "block", 0.0f, muS, muD);
    const Ramp r = addRampAndBlock(w, thetaDeg);
    const BodyId block = r.block;
    const glm::vec3 downhill = r.downhill;
    glm::vec3 start = w.body(block).position;
    const int perSecond = static_cast<int>(std::lround(1.0f / s.timestep));
    float v1 = 0.0f;
    for (int i = 1; i <= 2 * perSecond; ++i) {
        w.step();
        if (i == perSecond) v1 = glm::dot(w.body(block).linearVelocity, downhill);
    }
    float v2 = glm::dot(w.body(block).linearVelocity, downhill);
    return {glm::length(w.body(block).position - start), v2 - v1};
}

struct PendulumResult {
    double period = 0.0;      ///< s, from the x = 0 crossings over 12 s
    float worstLength = 0.0f; ///< m, largest |distance to the pivot - L|
    size_t crossings = 0;
};

/// A point-like bob on a rigid 2 m distance joint from a world pivot, released at 5 degrees.
/// The distance joint leaves the bob's spin free, so this is the simple pendulum:
/// T = 2 pi sqrt(L / g) (1 + theta0^2 / 16 + ...), the amplitude term 0.05% here.
inline PendulumResult pendulum(const Settings& s, float L = 2.0f) {
    const float theta0 = 5.0f * kPi / 180.0f;
    World w(s);
    const glm::vec3 pivot(0.0f, 3.0f, 0.0f);
    BodyId bob = addSphere(w, pivot + L * glm::vec3(std::sin(theta0), -std::cos(theta0), 0.0f), 0.05f, "Metal");
    JointDef def;
    def.type = JointType::Distance;
    def.bodyB = bob;
    def.anchor = pivot;
    def.anchorB = w.body(bob).position;
    def.hasAnchorB = true;
    w.createJoint(def);
    // Times of x = 0 crossings, linearly interpolated between steps.
    std::vector<double> crossings;
    const float dt = w.settings().timestep;
    float previousX = w.body(bob).position.x;
    PendulumResult r;
    for (int i = 0; i < int(12.0f / dt); ++i) {
        w.step();
        const glm::vec3 x = w.body(bob).position;
        r.worstLength = std::max(r.worstLength, std::fabs(glm::length(x - pivot) - L));
        if ((previousX > 0.0f) != (x.x > 0.0f)) crossings.push_back(w.time() - dt * x.x / (x.x - previousX));
        previousX = x.x;
    }
    r.crossings = crossings.size();
    // Consecutive crossings are half a period apart.
    if (crossings.size() >= 2)
        r.period = 2.0 * (crossings.back() - crossings.front()) / double(crossings.size() - 1);
    return r;
}

struct CradleResult {
    bool out = false;          ///< the last ball swung 10 cm out within 2 s
    float vImpact = 0.0f;      ///< m/s, the closed form speed of the first ball at the bottom
    float firstBefore = 0.0f;  ///< m/s, the first ball's speed before the row moved
    float lastAfter = 0.0f;    ///< m/s, the last ball's when it is 10 cm out
    float middleWorst = 0.0f;  ///< m/s, the fastest middle ball then
};

/// Five equal steel balls on 1 m distance joints in a row, restitution 1 between them; the
/// first is pulled out 30 degrees and released. The balls hang 4 cm apart (more than the
/// contact margin plus a step's travel), so each collision is solved on its own; touching
/// balls would all be hit in one step, and a simultaneous solve shares the impulse out instead.
inline CradleResult newtonsCradle(const Settings& s) {
    World w(s);
    addMaterial(w, "steel", 1.0f, 0.0f, 0.0f);
    setPair(w, "steel", "steel", 1.0f, 0.0f, 0.0f);
    const float r = 0.1f, L = 1.0f, theta0 = 30.0f * kPi / 180.0f, gap = 0.04f;
    std::vector<BodyId> balls;
    for (int i = 0; i < 5; ++i) {
        const glm::vec3 pivot((2.0f * r + gap) * float(i - 2), 3.0f, 0.0f);
        glm::vec3 centre = pivot - glm::vec3(0.0f, L, 0.0f);
        if (i == 0) centre = pivot + L * glm::vec3(-std::sin(theta0), -std::cos(theta0), 0.0f);
        balls.push_back(addSphere(w, centre, r, "steel"));
        JointDef def;
        def.type = JointType::Distance;
        def.bodyB = balls.back();
        def.anchor = pivot;
        def.anchorB = centre;
        def.hasAnchorB = true;
        w.createJoint(def);
    }
    CradleResult c;
    c.vImpact = std::sqrt(2.0f * kGravity * L * (1.0f - std::cos(theta0))); // 1.62 m/s
    auto speed = [&](int i) { return glm::length(w.body(balls[size_t(i)]).linearVelocity); };
    // The first ball's speed just before the row starts to move; then every ball's speed
    // when the last one has swung 10 cm out (its speed is down 2% by then, to gravity).
    const float restX = w.body(balls[4]).position.x;
    const int steps = static_cast<int>(2.0f / s.timestep);
    for (int i = 0; i < steps && !c.out; ++i) {
        w.step();
        if (speed(1) < 0.01f) c.firstBefore = std::max(c.firstBefore, speed(0));
        c.out = w.body(balls[4]).position.x > restX + 0.1f;
        if (c.out) {
            c.lastAfter = speed(4);
            c.middleWorst = std::max({speed(1), speed(2), speed(3)});
        }
    }
    return c;
}

struct StackResult {
    float drift = 0.0f; ///< m, the largest horizontal distance any box moved
    float sag = 0.0f;   ///< m, how far the top box sank
};

/// `count` unit cubes stacked on the ground, run for `seconds`.
inline StackResult runStack(const Settings& s, int count, float seconds) {
    World w(s);
    addGround(w);
    std::vector<BodyId> ids = addStack(w, count);
    std::vector<glm::vec3> start = positions(w, ids);
    for (int i = 0; i < int(std::lround(seconds / s.timestep)); ++i) w.step();
    StackResult r;
    r.sag = start.back().y - w.body(ids.back()).position.y;
    for (size_t k = 0; k < ids.size(); ++k) {
        const glm::vec3 d = w.body(ids[k]).position - start[k];
        r.drift = std::max(r.drift, std::hypot(d.x, d.z));
    }
    return r;
}

} // namespace tumble::test
