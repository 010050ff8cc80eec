#pragma once
/// \file body.h
/// Body definitions (what scene files and the app create bodies from) and the read-only
/// body record the world hands out.
#include "tumble/shape.h"
#include <glm/gtc/quaternion.hpp>
#include <glm/mat3x3.hpp>
#include <glm/vec3.hpp>
#include <cstdint>
#include <string>

namespace tumble {

enum class BodyType : uint8_t {
    Static,    ///< never moves, infinite mass
    Dynamic,   ///< moved by forces and contacts
    Kinematic, ///< moved by its velocity only, infinite mass (pushes dynamics, is not pushed)
};
std::string_view toString(BodyType t);

/// Everything needed to create a body. Every field has a default; units in the comments.
struct BodyDef {
    std::string name;                         ///< unique within a world; may be empty
    BodyType type = BodyType::Dynamic;
    ShapeDef shape;
    glm::vec3 position{0.0f};                 ///< m, world position of the centre of mass
    glm::quat orientation{1.0f, 0.0f, 0.0f, 0.0f}; ///< unit quaternion (w, x, y, z)
    glm::vec3 linearVelocity{0.0f};           ///< m/s
    glm::vec3 angularVelocity{0.0f};          ///< rad/s, world frame
    std::string material;                     ///< material name; empty = kDefaultMaterialName
    float gravityScale = 1.0f;                ///< multiplies Settings::gravity for this body
    float linearDamping = 0.0f;               ///< 1/s: v *= 1 / (1 + dt * damping)
    float angularDamping = 0.0f;              ///< 1/s: w *= 1 / (1 + dt * damping)
    uint32_t layer = 1;                       ///< collision layer bits this body is on
    uint32_t mask = 0xFFFF;                   ///< layers this body collides with
    bool bullet = false;                      ///< continuous collision against fast tunnelling
    /// A sensor reports the bodies it overlaps (sensorBegin / sensorEnd contact events) and
    /// never collides: its pairs give the solver no contact rows.
    bool sensor = false;
};

/// The world's record of a body. Read it through World::body(); change it through World.
///
/// The fields are laid out by how often a step touches them, not by topic: the world keeps a
/// body in a cache-line aligned record with 8 bytes before it, so the first block here (56
/// bytes) and each block after it fill one line. The passes over every body (integrating,
/// sleeping, the solver's bodies, the watchdog) read those four lines; the boxes and the narrow
/// phase read the pose and the shape after them; what only creation, saving and drawing read
/// comes last. With the fields by topic a pass touched six to seven lines a body, and on the
/// 8,000-box rain most of them came from memory.
struct Body {
    // With the slot's header: what every pass reads.
    BodyType type = BodyType::Dynamic;
    bool sleeping = false;
    bool bullet = false;
    bool sensor = false;                      ///< overlaps are reported, never solved (BodyDef::sensor)
    float invMass = 0.0f;                     ///< 1/kg
    glm::vec3 position{0.0f};                 ///< m, centre of mass
    glm::quat orientation{1.0f, 0.0f, 0.0f, 0.0f};
    glm::vec3 linearVelocity{0.0f};           ///< m/s
    float gravityScale = 1.0f;
    float linearDamping = 0.0f;

    // The velocity kick and the solver's bodies.
    glm::vec3 angularVelocity{0.0f};          ///< rad/s, world frame
    glm::mat3 worldInvInertia{0.0f};          ///< R * localInvInertia * R^T, refreshed each step
    glm::vec3 force{0.0f};                    ///< N, accumulated this step, cleared after it
    float angularDamping = 0.0f;

    // Integrating the pose and sleeping.
    glm::vec3 torque{0.0f};                   ///< N m, accumulated this step, cleared after it
    float sleepTime = 0.0f;                   ///< s spent under the sleep thresholds
    glm::mat3 localInvInertia{0.0f};          ///< 1/(kg m^2), body frame
    int material = 0;                         ///< index into World::materials()
    uint32_t sleepIsland = 0;                 ///< island it fell asleep with (they wake together)
    float mass = 0.0f;                        ///< kg (0 for static and kinematic)

    // The pose at the step's start, which each step writes, and the gyroscopic term's inertia.
    glm::vec3 previousPosition{0.0f};         ///< pose at the start of the last step (interpolation)
    glm::quat previousOrientation{1.0f, 0.0f, 0.0f, 0.0f};
    glm::mat3 localInertia{0.0f};             ///< kg m^2, body frame

    // Read by the boxes and the narrow phase, then what creation and drawing keep.
    uint32_t layer = 1;
    uint32_t mask = 0xFFFF;
    Shape shape;
    glm::vec3 initialPosition{0.0f};          ///< pose and velocity at creation (analytic overlays)
    glm::vec3 initialVelocity{0.0f};
    uint64_t createdAtStep = 0;
    std::string name;

    bool isDynamic() const { return type == BodyType::Dynamic; }
};

} // namespace tumble
