#pragma once
/// \file watch.h
/// Watch plots: quantities of a body, a joint, a contact or the whole world, sampled after
/// every step of the main world and of each fork, for the Plots tab. A watch names its body
/// (or joint) by ordinal (its place among the live ones), so the same body is read in every
/// fork; a contact by its two bodies' ordinals and, for one point, the point's feature id
/// (which features touch: stable while they keep touching, the same in every fork).
#include "tumble/fork.h"
#include "tumble/peer_fork.h"
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
    ContactNormal, ///< N s, lambda_n: the point's, or summed over the pair's points
    ContactFriction, ///< N s, |lambda_t|: the point's, or of the pair's summed friction impulse
    ContactDepth,  ///< m, the point's overlap, or the pair's deepest (0 when apart)
    TotalEnergy,   ///< J, the world's kinetic + potential energy
    Momentum,      ///< N s, |sum m v| of the world
    Penetration,   ///< m, the deepest contact of the step
    AwakeBodies,   ///< dynamic bodies not sleeping
    StepMs,        ///< ms, the step's time
};

/// What a watch reads from.
enum class WatchTarget : uint8_t { Body, Joint, Contact, World };

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
    uint32_t other = 0;             ///< a contact's second body (ordinal)
    bool onePoint = false;          ///< a contact: the point with `feature`, else the pair's points together
    uint32_t feature = 0;           ///< that point's feature id (ContactPointInfo::featureId)
    std::string label;              ///< "box/3: height (m)"
    WatchSeries main;
    std::vector<WatchSeries> forks; ///< by fork index (App::forks)
    WatchSeries bullet;             ///< the Bullet fork's, for what its recording holds (bulletReads)
};

/// Whether the Bullet fork's recording (poses and energy per step) gives this quantity:
/// height and speed of a body (speed as the step's displacement over dt, which is the
/// velocity a semi-implicit Euler step ends with), and the world's total energy.
bool bulletReads(WatchWhat what);

/// The quantity in a world now (0 when the body is not there, or the contact is apart).
float watchValue(const World& world, const Watch& watch);

/// A body's or joint's place among the live ones (what a watch names it by).
uint32_t bodyOrdinal(const World& world, BodyId id);

/// A watch of `kind` on body or joint `ordinal` (or the world), labelled "<of>: name (unit)".
Watch makeWatch(const WatchKind& kind, uint32_t ordinal, const std::string& of);

/// How the Plots tab names joint `ordinal`: its name, else "joint <ordinal>".
std::string jointLabel(const World& world, JointId id, size_t ordinal);

/// A watch of a contact's `kind`: the manifold between bodies a and b, one point of it when
/// `point` >= 0 (by its feature id, so it is followed while those features keep touching).
Watch makeContactWatch(const World& world, const WatchKind& kind, const ContactManifoldInfo& manifold, int point,
                       const std::string& of);

/// After a step of the main world (and its forks, and the Bullet fork when given and active):
/// one sample each.
void sampleWatches(std::vector<Watch>& watches, const World& main, const Forks& forks,
                   const PeerFork* bullet = nullptr);

} // namespace tumble::app
