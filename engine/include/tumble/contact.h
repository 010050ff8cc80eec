#pragma once
/// \file contact.h
/// Read-only views of the contact record, which has two owners. The persistent contact cache
/// (ContactManifoldInfo, World::contacts()): every touching pair's manifold and its points
/// with what the next step and snapshots need (feature ids, anchors, impulses, stick
/// history). The per-step solver figures (ContactManifoldFigures, World::contactFigures()):
/// what the solver derived for each point in the last step (effective masses, targets,
/// warm-start impulses), rebuilt by every step that runs with them on
/// (World::setContactFigures) and never saved. The app's debug draw and the contact inspector
/// read these.
#include "tumble/ids.h"
#include <glm/vec3.hpp>
#include <cstdint>

namespace tumble {

/// Which bound limited a point's accumulated impulse at the end of the last step.
enum class ClampState : uint8_t {
    None,          ///< interior: the point pushes and friction holds (sticking)
    Separating,    ///< normal impulse clamped at 0: the bodies are pulling apart
    FrictionLimit, ///< friction at mu * lambda_n: the point slides
};

/// One contact point in the persistent cache. The four flags sit together at the end, after
/// every float: placed among the floats each took four bytes with its padding (108 bytes a
/// point, 100 now), and the cache holds this record twice per point (this step's and last
/// step's), so the bytes show in every body's cost.
struct ContactPointInfo {
    glm::vec3 position{0.0f};     ///< m, world, midway between the surfaces
    float separation = 0.0f;      ///< m, negative when overlapping
    uint32_t featureId = 0;       ///< which features touch; stable while they keep touching
    glm::vec3 localAnchorA{0.0f}; ///< m, the point on A's surface in A's frame
    glm::vec3 localAnchorB{0.0f}; ///< m, the point on B's surface in B's frame
    glm::vec3 rA{0.0f}, rB{0.0f}; ///< m, from each centre of mass to the point (narrow phase)

    // What the solver measured and accumulated in the last step, for the next one.
    float approachVelocity = 0.0f; ///< m/s, relative normal velocity before the step (< 0 closing)
    float normalImpulse = 0.0f;   ///< N s, accumulated lambda_n
    /// N s, the accumulated friction impulse in the manifold's basis (tangent1, tangent2), the
    /// basis it is carried over in; a sliding point's rows use its own (ContactPointFigures).
    float tangentImpulse[2] = {0.0f, 0.0f};
    /// m, world, in the tangent plane: how far B's surface has crept over A's at this point
    /// since the point last stuck (summed from the relative velocity at the point, so a
    /// rolling ball does not drift). Friction anchors pull it back; reset when the point slides.
    glm::vec3 drift{0.0f};
    bool persisted = false;       ///< matched a point of last step (warm started from it)
    bool landing = false;         ///< speculative point reached this step: it lands on the surface and,
                                  ///< once positions are integrated, bounces in the same step at
                                  ///< e times this step's approach speed
    bool sticking = true;         ///< uses static friction (mu_s) this step, else dynamic
    ClampState clamp = ClampState::None; ///< after the solve; kept, it decides the next step's stick/slip
};

struct ContactManifoldInfo {
    BodyId bodyA, bodyB;          ///< bodyA's slot index < bodyB's
    /// Which part of A and of B the manifold is between: a compound's child index, 0 for a
    /// plain shape. A body pair has one manifold per touching pair of parts, in the order
    /// (bodyA, bodyB, childA, childB).
    uint32_t childA = 0, childB = 0;
    glm::vec3 normal{0.0f, 1.0f, 0.0f}; ///< unit, from A to B
    /// The normal when the manifold was last built by the narrow phase, in A's and in B's
    /// frame: a re-measured manifold turns with A, and the angle between the two tells how
    /// far the bodies have turned against each other since (remeasureManifold). Zero when
    /// unknown (a snapshot without them): the pair is then measured afresh.
    glm::vec3 localNormalA{0.0f}, localNormalB{0.0f};
    bool remeasured = false;      ///< this step's points came from re-measuring last step's
    /// Asleep: no body of the pair moves (each sleeps or is static). The manifold is kept as
    /// it was when the last of them fell asleep: not re-collided, not solved, still counted
    /// and drawn (greyed). Dropped for a freshly measured one once a body wakes.
    bool sleeping = false;
    /// Unit friction basis of the sticking points, in which the points' friction impulses are
    /// kept: along the mean slip while the manifold slides, else from the normal alone.
    glm::vec3 tangent1{1.0f, 0.0f, 0.0f}, tangent2{0.0f, 0.0f, 1.0f};
    float staticFriction = 0.0f;  ///< pair values from the material table
    float dynamicFriction = 0.0f;
    float restitution = 0.0f;
    float rollingResistance = 0.0f; ///< m, the pair's (rebuilt every step, not saved)
    float torsionalFriction = 0.0f; ///< m, the pair's (rebuilt every step, not saved)
    int pointCount = 0;
    ContactPointInfo points[4];
};

/// What the solver derived for one contact point in the last step: the figures the contact
/// inspector and the debug draw show. Rebuilt by the prepare stage of every step that runs with
/// the figures on (zero for a point the method did not prepare); not part of snapshots or the
/// state hash.
struct ContactPointFigures {
    float normalMass = 0.0f;              ///< kg, 1 / (J M^-1 J^T) of the normal row
    /// Unit, the point's friction directions this step: the manifold's tangent1, tangent2 while
    /// it sticks; while it slides, its own slip direction before the step and n x that.
    glm::vec3 tangent1{0.0f}, tangent2{0.0f};
    float tangentMass[2] = {0.0f, 0.0f};  ///< kg, the same for the friction rows along t1, t2
    /// m/s, target of the normal row: the larger of the restitution target and the Baumgarte
    /// push-out when touching, -separation / dt for a speculative point
    float bias = 0.0f;
    float restitutionTarget = 0.0f;       ///< m/s, e * approach speed (0 below the threshold)
    float warmStartImpulse[3] = {0.0f, 0.0f, 0.0f}; ///< N s applied before iterating (n, and the point's t1, t2)
    float splitImpulse = 0.0f;            ///< N s, split-impulse pass's pseudo impulse (discarded)
    float correctionVelocity = 0.0f;      ///< m/s, push-out speed the position correction applied
    float tangentBias[2] = {0.0f, 0.0f};  ///< m/s, friction rows' target: -frictionAnchorRate/dt (drift . t), capped at maxCorrectionVelocity
    /// m, nonlinear Gauss-Seidel position correction: how far its passes pushed the surfaces
    /// apart along the normal at this point, the sum over the passes of
    /// -C = min(erp max(depth - slop, 0), maxCorrectionVelocity dt) with the depth re-measured
    /// at that pass's poses (linearised: the pass's impulse -C/K n moves the point by -C).
    /// 0 with the other position corrections.
    float positionCorrection = 0.0f;
};

/// One manifold's figures: points[i] belongs to ContactManifoldInfo::points[i] of the
/// manifold at the same index in World::contacts().
struct ContactManifoldFigures {
    ContactPointFigures points[4]; ///< in the order of the manifold's points (pointCount of them)
    /// The wide method's colour of this manifold in the constraint graph this step (no two
    /// manifolds of a colour share a moving body); -1 when not coloured (another method, or
    /// one of the overflow solved one by one).
    int colour = -1;
};

} // namespace tumble
