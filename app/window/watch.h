#pragma once
/// \file watch.h
/// Watch plots: quantities of a body or of the whole world, sampled after every step of the
/// main world and of each fork, for the Plots tab. A watch names its body by ordinal (its
/// place among the live bodies), so the same body is read in every fork.
#include "tumble/fork.h"
#include "tumble/world.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tumble::app {

/// What a watch reads.
enum class WatchWhat : uint8_t {
    Height,        ///< m, the body's centre y
    Speed,         ///< m/s, |v|
    AngularSpeed,  ///< rad/s, |w|
    BodyEnergy,    ///< J, the body's kinetic energy
    JointPosition, ///< rad (hinge) or m (slider), the joint's angle or travel
    JointForce,    ///< N, |reaction force| the joint puts on its second body
    JointTorque,   ///< N m, |reaction torque|
    TotalEnergy,   ///< J, the world's kinetic + potential energy
    Momentum,      ///< N s, |sum m v| of the world
    Penetration,   ///< m, the deepest contact of the step
    AwakeBodies,   ///< dynamic bodies not sleeping
    StepMs,        ///< ms, the step's time
};

/// What a watch reads from.
enum class WatchTarget : uint8_t { Body, Joint, World };

/// A watchable quantity: its name, unit, and what it reads.
struct WatchKind {
    WatchWhat what;
    const char* name;
    const char* unit;
    WatchTarget target;
    const char* help;
};
const std::vector<WatchKind>& watchKinds();
const WatchKind& watchKind(WatchWhat what);

/// One sample series: (step, value), steps increasing.
struct WatchSeries {
    std::vector<uint64_t> steps;
    std::vector<float> values;
    /// Add a sample; a step at or before the last one drops those first (a new future).
    void add(uint64_t step, float value);
    void clear() { steps.clear(), values.clear(); }
};

struct Watch {
    WatchWhat what = WatchWhat::Height;
    uint32_t ordinal = 0;           ///< the body or joint (its place among the live ones)
    std::string label;              ///< "box/3: height (m)"
    WatchSeries main;
    std::vector<WatchSeries> forks; ///< by fork index (App::forks)
};

/// The quantity in a world now (0 when the body is not there).
float watchValue(const World& world, const Watch& watch);

/// After a step of the main world (and its forks): one sample each.
void sampleWatches(std::vector<Watch>& watches, const World& main, const Forks& forks);

} // namespace tumble::app
