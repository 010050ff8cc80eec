#pragma once
// A bullet body fired at a target at an angle: the shot, its world and what it did. Shared by
// the bullet tests (test_bullets.cpp).
#include "physics/contact_fixtures.h"

#include "collision/narrowphase.h"

#include <glm/gtc/quaternion.hpp>

#include <algorithm>
#include <cmath>

namespace tumble::test {

enum class Target { Box, Hull, Capsule };

/// One shot. The target sits at the origin with the face (or, for the capsule, the side) it
/// is hit on facing +X; the bullet's centre would touch it at (contactX, y, z) and arrives
/// there along `direction` partway through the shot's second step.
struct Shot {
    ShapeType bullet = ShapeType::Box;     ///< Box or Sphere
    Target target = Target::Box;
    BodyType targetType = BodyType::Dynamic; ///< resting (no gravity) or static
    glm::vec3 direction{-1.0f, 0.0f, 0.0f}; ///< unit, towards -X
    float y = 0.0f, z = 0.0f;              ///< m, where on the face the bullet's centre meets it
    float speed = 100.0f;                  ///< m/s
    float stepFraction = 0.5f;             ///< when in the second step it would touch
    float friction = 0.0f;
    float restitution = 0.0f;
    bool bulletFlag = true;
};

inline constexpr float kBulletHalf = 0.15f; ///< m, the bullet box's half extent, the ball's radius

/// The direction thetaDeg from the face's inward normal -X, tilted towards `tangent`.
inline glm::vec3 shotDirection(float thetaDeg, glm::vec3 tangent = {0, 0, -1}) {
    const float t = thetaDeg * kPi / 180.0f;
    return std::cos(t) * glm::vec3(-1, 0, 0) + std::sin(t) * glm::normalize(tangent);
}

/// The target's half thickness along X: where its +X face (or side) lies.
inline float targetFace(Target t) { return t == Target::Capsule ? 0.4f : 0.5f; }

/// Half the width of the target's hit face along Z (the capsule: its core's half length).
inline float targetHalfWidth(Target t) {
    switch (t) {
    case Target::Box: return 0.5f;
    case Target::Hull: return 0.5f * std::tan(kPi / 6.0f); // the hexagon's side is R = a / cos 30
    case Target::Capsule: return 0.5f;
    }
    return 0.0f;
}

inline ShapeDef targetShape(Target t) {
    ShapeDef s;
    switch (t) {
    case Target::Box:
        s.type = ShapeType::Box;
        s.halfExtents = glm::vec3(0.5f);
        break;
    case Target::Hull: {
        // An upright hexagonal prism, apothem 0.5, one side facing +X.
        s.type = ShapeType::Hull;
        const float r = 0.5f / std::cos(kPi / 6.0f);
        for (int k = 0; k < 6; ++k) {
            const float a = kPi / 6.0f + k * kPi / 3.0f;
            for (float y : {-0.5f, 0.5f}) s.points.push_back({r * std::cos(a), y, r * std::sin(a)});
        }
        break;
    }
    case Target::Capsule:
        s.type = ShapeType::Capsule;
        s.radius = 0.4f;
        s.halfHeight = 0.5f;
        break;
    }
    return s;
}

struct ShotWorld {
    World world;
    BodyId bullet, target;
    Shot shot;
};

inline ShotWorld makeShot(const Shot& shot) {
    Settings s = noSleep();
    s.gravity = glm::vec3(0.0f);
    ShotWorld sw{World(s), {}, {}, shot};
    World& w = sw.world;
    addMaterial(w, "shot", shot.restitution, shot.friction, shot.friction);
    setPair(w, "shot", "shot", shot.restitution, shot.friction, shot.friction);
    BodyDef t;
    t.name = "target";
    t.type = shot.targetType;
    t.shape = targetShape(shot.target);
    // The capsule lies along Z (its core is along its local Y).
    if (shot.target == Target::Capsule) t.orientation = glm::angleAxis(kPi / 2.0f, glm::vec3(1, 0, 0));
    t.material = "shot";
    sw.target = w.createBody(t);
    BodyDef b;
    b.name = "bullet";
    b.shape.type = shot.bullet;
    b.shape.radius = kBulletHalf;
    b.shape.halfExtents = glm::vec3(kBulletHalf);
    b.material = "shot";
    b.bullet = shot.bulletFlag;
    const glm::vec3 touch(targetFace(shot.target) + kBulletHalf, shot.y, shot.z);
    const float dt = s.timestep;
    b.position = touch - shot.direction * (shot.speed * dt * (1.0f + shot.stepFraction));
    b.linearVelocity = shot.speed * shot.direction;
    sw.bullet = w.createBody(b);
    return sw;
}

/// m, how deep the bullet overlaps the target now (0 when apart).
inline float overlapDepth(const World& w, BodyId bullet, BodyId target) {
    const Body& a = w.body(bullet);
    const Body& b = w.body(target);
    Manifold m;
    if (!collide(a.shape, Transform{a.position, a.orientation}, b.shape, Transform{b.position, b.orientation},
                 0.0f, m))
        return 0.0f;
    float deepest = 0.0f;
    for (int k = 0; k < m.pointCount; ++k) deepest = std::min(deepest, m.points[k].separation);
    return -deepest;
}

struct ShotResult {
    float deepest = 0.0f;     ///< m, the deepest overlap after any step
    float deepestAtHit = 0.0f; ///< m, the deepest after the hit step and the one after it
    float side = 0.0f;        ///< m, the bullet's centre along X from the target's at the end
    float spin = 0.0f;        ///< rad/s, the bullet's |w| at the end
    float spinAfterHit = 0.0f; ///< rad/s, its |w| after the step after the hit step
    glm::vec3 velocity{0.0f}; ///< m/s, the bullet's at the end
    double energyGain = 0.0;  ///< the largest kinetic energy after a step over the start's
};

/// Fire and watch for `steps` steps (the hit comes in the second). A bullet that passed
/// through is then well beyond the target's far side (3.3 m a step at 200 m/s), one that hit
/// it still beside its face: a resting target hit off-centre turns, but by less than 0.1 rad.
inline ShotResult fire(const Shot& shot, int steps = 6) {
    ShotWorld sw = makeShot(shot);
    ShotResult r;
    const double start = sw.world.kineticEnergy();
    for (int i = 0; i < steps; ++i) {
        sw.world.step();
        r.energyGain = std::max(r.energyGain, sw.world.kineticEnergy() / start);
        r.deepest = std::max(r.deepest, overlapDepth(sw.world, sw.bullet, sw.target));
        if (i < 3) r.deepestAtHit = r.deepest;
        if (i == 2) r.spinAfterHit = glm::length(sw.world.body(sw.bullet).angularVelocity);
    }
    const Body& b = sw.world.body(sw.bullet);
    const Body& t = sw.world.body(sw.target);
    r.side = b.position.x - t.position.x;
    r.spin = glm::length(b.angularVelocity);
    r.velocity = b.linearVelocity;
    return r;
}

} // namespace tumble::test
