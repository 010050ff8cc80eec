#pragma once
/// \file contact_events.h
/// Contact events: after each step the world lists, pair by pair, which bodies started
/// touching, kept touching or stopped touching, and which bodies entered or left a sensor.
/// A pair touches when its manifold has a point with separation <= 0: speculative points
/// (apart, but within Settings::contactMargin) do not count. These are not the watchdog's
/// WorldEvent list (tumble/world.h), which merges repeats of a warning.
#include "tumble/ids.h"
#include <cstdint>
#include <string_view>

namespace tumble {

enum class ContactEventKind : uint8_t {
    Begin,       ///< the pair touches this step and did not last step
    Persist,     ///< the pair touched last step and still does
    End,         ///< the pair touched last step and does not now
    SensorBegin, ///< a body started overlapping a sensor this step
    SensorEnd,   ///< a body stopped overlapping a sensor this step
};
/// "begin", "persist", "end", "sensorBegin", "sensorEnd" (the report's and the panel's names).
std::string_view toString(ContactEventKind kind);
/// True for SensorBegin and SensorEnd.
inline bool isSensorEvent(ContactEventKind kind) {
    return kind == ContactEventKind::SensorBegin || kind == ContactEventKind::SensorEnd;
}

/// A pair of bodies touching (or a body overlapping a sensor) in one step.
struct PairTouch {
    BodyId bodyA, bodyB;        ///< bodyA's slot index < bodyB's
    int pointCount = 0;         ///< points with separation <= 0
    float deepest = 0.0f;       ///< m, the most negative separation of those points
    /// N s, the contact cache's accumulated normal impulses summed over the manifold's points
    /// after the step (speculative points included); 0 for a sensor, which is never solved.
    float normalImpulse = 0.0f;
};

/// One event of one step. End and SensorEnd carry no figures (pointCount 0, deepest 0,
/// normalImpulse 0): the pair no longer touches.
struct ContactEvent {
    uint64_t step = 0;          ///< World::stepCount() after the step it happened in
    ContactEventKind kind = ContactEventKind::Begin;
    PairTouch pair;
};

} // namespace tumble
