#pragma once
/// \file snapshot.h
/// Everything a step reads that a scene file does not hold: the step counter and clock,
/// each body's exact pose, velocities, previous pose and sleep state, the contact cache, the
/// joints' stored frames and warm-start impulses. World::captureState() takes it,
/// World::restoreState() puts it back, so that stepping a restored world gives bit for bit
/// the states of the world it was taken from (shared/SCENE_FORMAT.md, "snapshot").
///
/// Bodies and joints are referred to by their ordinal: the position among the live bodies
/// (joints) in slot order, which is creation order in a world built from a scene file, and
/// the order of the file's `bodies` (`joints`) list.
#include "tumble/contact.h"
#include "tumble/contact_events.h"
#include "tumble/shape.h"
#include <glm/gtc/quaternion.hpp>
#include <glm/vec3.hpp>
#include <cstdint>
#include <string>
#include <vector>

namespace tumble {

/// One body's dynamic state.
struct BodyState {
    std::string name;                         ///< for checking only ("" when unnamed)
    glm::vec3 position{0.0f};                 ///< m, centre of mass (exact, not re-derived)
    glm::quat orientation{1.0f, 0.0f, 0.0f, 0.0f}; ///< stored as is, not renormalised
    glm::vec3 linearVelocity{0.0f};           ///< m/s
    glm::vec3 angularVelocity{0.0f};          ///< rad/s, world frame
    glm::vec3 previousPosition{0.0f};         ///< m, pose at the start of the last step
    glm::quat previousOrientation{1.0f, 0.0f, 0.0f, 0.0f};
    bool sleeping = false;
    float sleepTime = 0.0f;                   ///< s spent under the sleep thresholds
    uint32_t sleepIsland = 0;                 ///< slot of the island root it fell asleep with
    bool hasProxy = false;                    ///< the broad phase holds the body
    Aabb proxyTight;                          ///< m, the tight box the broad phase last got
};

/// One joint's frames (stored in each body's frame at creation) and warm-start impulses.
struct JointState {
    glm::vec3 localAnchorA{0.0f}, localAnchorB{0.0f};
    glm::vec3 localAxisA{0.0f, 1.0f, 0.0f}, localAxisB{0.0f, 1.0f, 0.0f};
    glm::vec3 localRefA{1.0f, 0.0f, 0.0f}, localRefB{1.0f, 0.0f, 0.0f};
    glm::quat relativeRotation{1.0f, 0.0f, 0.0f, 0.0f};
    float length = 0.0f;                      ///< m, distance joint rest length
    /// JointInfo::angle: a hinge's accumulated angle (rad), which the next step unwraps
    /// from; a gear's invariant. Snapshots without it load with 0: the wrapped angle.
    float angle = 0.0f;
    bool broken = false;
    std::vector<float> impulses;              ///< N s (or N m s), last step's accumulated, by row
};

/// The state of a whole world between two steps.
struct WorldState {
    uint64_t step = 0;
    double time = 0.0;                        ///< s
    float lastDt = 0.0f;                      ///< s, dt of the last step (impulse rescale)
    std::vector<BodyState> bodies;            ///< by body ordinal
    /// The contact cache in its order; bodyA.index / bodyB.index are body ordinals
    /// (generations unused). Only the fields the next step reads are kept: normal, tangent
    /// basis, pair values, and per point position, separation, featureId, impulses,
    /// approachVelocity and landing.
    std::vector<ContactManifoldInfo> contacts;
    std::vector<JointState> joints;           ///< by joint ordinal
    /// The sensor overlaps of the last step (World::sensorOverlaps), bodies by ordinal: the
    /// next step's SensorBegin and SensorEnd events are measured against them.
    std::vector<PairTouch> sensorOverlaps;
};

} // namespace tumble
