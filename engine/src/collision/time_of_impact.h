#pragma once
// Time of impact of two moving convex shapes by conservative advancement (Mirtich 1996; the
// idea behind Box2D's and Bullet's continuous collision, written for Tumble's shapes).
//
// Each body sweeps from its pose before this step to its pose after: the centre of mass along
// a straight line, the orientation at a constant angular velocity. At a time t the
// distance query gives the gap d and the unit normal n from A to B. Along the fixed direction
// n, no point of A's surface can approach B's faster than
//     closing = dot(dxA - dxB, n) + angleA reachA + angleB reachB       (per unit of t)
// (dx the sweep's translation, angle its rotation in radians, reach the largest distance from
// the centre of mass to the surface), so the gap cannot fall below `target` before
// t + (d - target) / closing. Stepping there and measuring again converges to the first time
// the gap is `target` and never passes it: every time visited has the shapes apart.
#include "core/transform.h"
#include "tumble/shape.h"

#include <glm/gtc/quaternion.hpp>
#include <glm/vec3.hpp>

namespace tumble {

/// A body's motion over one step, t from 0 (start) to 1 (end): the centre of mass along a
/// straight line, the orientation turning at a constant rate about a fixed axis.
struct Sweep {
    glm::vec3 x0{0.0f}, x1{0.0f};                                    ///< m, centre of mass
    glm::quat q0{1.0f, 0.0f, 0.0f, 0.0f}, q1{1.0f, 0.0f, 0.0f, 0.0f}; ///< orientations
    /// rad, world: the rotation vector turned over the sweep, q(t) = exp(t rotation / 2) q0.
    /// Longer than pi when the body spins more than half a turn in a step.
    glm::vec3 rotation{0.0f};
};

/// The sweep from pose 0 to pose 1 turning the shorter way round.
Sweep makeSweep(const glm::vec3& x0, const glm::vec3& x1, const glm::quat& q0, const glm::quat& q1);

/// The sweep of a body that moved from (x0, q0) to (x1, q1) in a step of dt with angular
/// velocity w: the rotation is w dt, however many turns that is, corrected by the short way
/// from exp(w dt / 2) q0 to q1 (position correction's share).
Sweep makeBodySweep(const glm::vec3& x0, const glm::vec3& x1, const glm::quat& q0, const glm::quat& q1,
                    const glm::vec3& w, float dt);

/// The pose at t in [0, 1]: the centre of mass interpolated linearly, the orientation turned
/// by t rotation; exactly (x1, q1) at t = 1.
Transform sweepPose(const Sweep& sweep, float t);

/// Radians turned over the sweep.
float sweepAngle(const Sweep& sweep);

/// How a time-of-impact query ended.
enum class ToiState {
    Separated, ///< the gap stays above target over the whole sweep
    Hit,       ///< the gap reaches target (within tolerance) at t in (0, 1]
    Touching,  ///< the gap is already within target + tolerance at t = 0
};

/// What the query found.
struct ToiResult {
    ToiState state = ToiState::Separated;
    float t = 1.0f;                     ///< fraction of the sweep: of the hit, 0 when touching
    glm::vec3 normal{0.0f, 1.0f, 0.0f}; ///< unit, from A to B at t
    float distance = 0.0f;              ///< m, the gap at t
    int iterations = 0;                 ///< distance queries made
};

/// The first time in [0, 1] at which shapes a and b, moving along their sweeps, come within
/// `target` (m) of each other, to within `tolerance` (m, > 0). With `insetA` (m), A is shrunk
/// by that much (gjk.h makeConvexProxy): the time at which A sinks about insetA - target into B.
/// A plane must not move.
ToiResult timeOfImpact(const Shape& a, const Sweep& sa, const Shape& b, const Sweep& sb, float target,
                       float tolerance, float insetA = 0.0f);

} // namespace tumble
