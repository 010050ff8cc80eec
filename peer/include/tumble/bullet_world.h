#pragma once
/// \file bullet_world.h
/// The peer: the same scene run by Bullet 3 (Debian's libbullet-dev), its
/// btDiscreteDynamicsWorld with the sequential impulse solver, so a user can ask "does a real
/// engine do the same?". A BulletWorld is built from a live tumble::World (bodies a user
/// dropped in count too) and then steps on its own; bodies are read back by ordinal, their
/// position among the world's live bodies in slot order (World::bodyIds(), the scene file's
/// order), which is how tumble/divergence.h matches two runs.
///
/// What maps, and how (everything else lands in unmapped(), one sentence each):
///   shapes      sphere, box, capsule (axis local Y), convex hull (shrunk by Bullet's margin,
///               so hull plus margin is the hull Tumble has), plane (btStaticPlaneShape)
///   mass        each body's mass and inertia as Tumble computed them (a hull whose inertia is
///               not diagonal gets a Bullet frame along its principal axes; poses read back
///               in Tumble's frame)
///   state       poses, velocities, static / kinematic / dynamic, gravity scale, damping
///               (Tumble's 1/(1 + dt c) per step as Bullet's (1 - c')^dt), layers and masks
///   materials   each pair's friction and restitution from Tumble's material table (written
///               onto every contact point before Bullet's solver reads it)
///   settings    gravity, timestep (one Bullet step per Tumble step, no interpolation),
///               velocityIterations, positionCorrection (split impulse, Baumgarte, none),
///               erp, warm starting and its factor, restitution threshold, relaxation,
///               cfm, tolerance, sleeping and its thresholds, gyroscopic mode
///   joints      ballSocket (btPoint2PointConstraint), hinge (btHingeConstraint, limits
///               within +-pi and motor), slider (btSliderConstraint), fixed (btFixedConstraint),
///               coneTwist (btConeTwistConstraint), collideConnected, breakForce; angle,
///               universal, sixDof and gear joints are left out (listed as unmapped)
#include "tumble/divergence.h" // bodyPositions: the counterpart of BulletWorld::positions()
#include "tumble/world.h"

#include <glm/gtc/quaternion.hpp>
#include <glm/vec3.hpp>

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace tumble {

/// How Tumble's solver settings reach Bullet.
enum class PeerTuning {
    /// Tumble's value wherever Bullet has the knob: warm-start factor, two friction rows per
    /// point, every push-out split off. The same knobs in both engines (--compare).
    Mapped,
    /// Bullet as it ships for three knobs: warm-start factor 0.85, one friction row per point,
    /// split impulse only for overlaps deeper than 4 cm. Bullet's own defaults are tuned to
    /// each other: with Tumble's values (1.0, two rows, all split) its base-40 pyramid falls,
    /// with its own it stands. The peer benchmark measures Bullet this way.
    BulletDefaults,
};

/// A Bullet world holding what a Tumble world holds, stepped with the Tumble world's settings.
class BulletWorld {
public:
    /// Map `world` as it is now: its bodies at their current poses and velocities, its
    /// joints, materials and settings (read once: later edits of `world` do not reach here).
    explicit BulletWorld(const World& world, PeerTuning tuning = PeerTuning::Mapped);
    ~BulletWorld();
    BulletWorld(const BulletWorld&) = delete;
    BulletWorld& operator=(const BulletWorld&) = delete;

    /// The peer's name for reports ("Bullet").
    static std::string_view name();
    /// Bullet's version as the library reports it ("3.24").
    static std::string version();

    /// One step of timestep() seconds: exactly one Bullet step, no interpolation.
    void step();
    uint64_t stepCount() const { return steps_; }
    float timestep() const;

    /// Features of the Tumble world that Bullet does not have or does differently, one
    /// human-readable sentence each (force fields, a joint kind, a setting without a
    /// counterpart). Empty when the mapping is exact as far as settings go.
    const std::vector<std::string>& unmapped() const { return unmapped_; }

    /// Bodies, by ordinal: 0 .. bodyCount() - 1.
    int bodyCount() const;
    const std::string& bodyName(int ordinal) const;
    glm::vec3 position(int ordinal) const;        ///< m, centre of mass
    glm::quat orientation(int ordinal) const;     ///< Tumble's body frame
    glm::vec3 linearVelocity(int ordinal) const;  ///< m/s
    glm::vec3 angularVelocity(int ordinal) const; ///< rad/s, world frame
    /// Every body's position in ordinal order (for comparePositions).
    std::vector<glm::vec3> positions() const;

    /// J, sum of 1/2 m v^2 + 1/2 w.(I w): World::kineticEnergy()'s definition.
    double kineticEnergy() const;
    /// J, gravity (relative to y = 0) plus the attractors' potential: World::potentialEnergy()'s
    /// definition (the attractors pull nothing here, see unmapped(), but are measured alike).
    double potentialEnergy() const;

private:
    struct Inside;
    std::unique_ptr<Inside> in_;
    std::vector<std::string> unmapped_;
    uint64_t steps_ = 0;
};

} // namespace tumble
