#pragma once
// The parts of the XPBD method (methods/xpbd.cpp has the sub-step loop and the math): where
// each body started its sub-step and how far the position solve has moved it, one record per
// contact point, and the passes over contacts and joint rows, each of them a loop over one
// kernel per constraint (a manifold, a joint, a point, a velocity row); while the step
// debugger records, the loop calls the kernel through its traced form (xpbd_trace.cpp), which
// records the constraint as one visit and computes exactly what the kernel alone does.
// Private to the method.
#include "solver/solve_context.h"

#include <span>
#include <vector>

namespace tumble::xpbd {

/// A body's sub-step: the pose it started from and the sum of the corrections applied since
/// integratePositions. The sums linearise the joint rows (C = C0 + J (dx, dtheta)) and give
/// the velocity the corrections add, dx / h.
struct BodyState {
    glm::vec3 x0{0.0f};
    glm::quat q0{1.0f, 0.0f, 0.0f, 0.0f};
    glm::vec3 dx{0.0f};     ///< m
    glm::vec3 dtheta{0.0f}; ///< rad, world, small rotations added up
    bool moved = false;     ///< corrected this sub-step: its velocity is derived from its poses
};

/// One contact point: its anchors on both surfaces (fixed for the step), the pair's material,
/// what the current sub-step did and what the whole step did.
struct Point {
    uint32_t a = 0, b = 0;   ///< solver body indices
    uint32_t constraint = 0; ///< ctx.constraints index; lane = point index in it
    int lane = 0;
    glm::vec3 n{0.0f, 1.0f, 0.0f};                        ///< unit, from A to B, fixed for the step
    glm::vec3 t1{1.0f, 0.0f, 0.0f}, t2{0.0f, 0.0f, 1.0f}; ///< tangent basis (the manifold's)
    glm::vec3 localA{0.0f}, localB{0.0f};                 ///< m, anchors in each body's frame
    float muS = 0.0f, muD = 0.0f, restitution = 0.0f;
    float compliance = 0.0f; ///< m/N of this point: the pair's compliance times its point count
    // This sub-step.
    bool active = false;  ///< the position pass pushed (lambda_n > 0): the velocity pass acts
    float lambdaN = 0.0f; ///< kg m, position impulse of the normal constraint
    float vnPre = 0.0f;   ///< m/s, normal velocity before the position solve (< 0 closing)
    // The whole step, on B (A gets the opposite).
    float normalImpulse = 0.0f;      ///< N s
    glm::vec3 frictionImpulse{0.0f}; ///< N s, world
};

/// What the passes of one sub-step share.
struct Pass {
    SolveContext& ctx;
    std::vector<BodyState>& states;
    float h = 0.0f;        ///< s, the sub-step
    int substep = 0;       ///< 0-based, for the step debugger's visits
    float maxDelta = 0.0f; ///< N s, largest impulse one constraint applied (|dlambda| / h)
    float deepest = 0.0f;  ///< m, deepest overlap measured before correcting

    /// w = 1/m + (r x d) . I^-1 (r x d): the generalized inverse mass of body i at lever
    /// arm r along unit d (0 for a static, kinematic or sleeping body).
    float inverseMass(uint32_t i, const glm::vec3& r, const glm::vec3& d) const;
    /// Move body i by dx and turn it by dtheta (world hook) and add them to its sums; a body
    /// that cannot move is left alone.
    void displaceBody(uint32_t i, const glm::vec3& dx, const glm::vec3& dtheta);
    /// Apply a row's position impulse lambda along its Jacobian (jv, jw).
    void displaceRow(uint32_t i, float lambda, const glm::vec3& jv, const glm::vec3& jw);
    /// Apply the velocity impulse p (N s) at lever arm r.
    void pushAt(uint32_t i, const glm::vec3& r, const glm::vec3& p);
};

/// One record per point of ctx.constraints (prepareContacts' order), from the cache.
void gatherPoints(const SolveContext& ctx, float compliance, std::vector<Point>& points);

/// Remember each body's pose before the sub-step; clear the sums.
void beginSubstep(Pass& pass);

/// What one manifold's projection did this sub-step (its lambdas start at 0).
struct ManifoldChange {
    float normal = 0.0f;          ///< kg m, the normal rows' lambda summed over the points
    float friction = 0.0f;        ///< kg m, length of static friction's (t1, t2) lambda
    float twist = 0.0f;           ///< kg m^2, |lambda| of static friction's twist row about n
    float C = 0.0f;               ///< m, -overlap of its deepest point before (< 0 penetrating)
    float complianceTilde = 0.0f; ///< 1/kg, alpha~ = alpha / h^2 of each point
};

/// The position pass over the contacts, manifold after manifold: each point's overlap and
/// the manifold's static friction, swept together within the manifold (xpbd_parts.cpp).
void solveContactPositions(Pass& pass, std::span<Point> points);

/// The position pass over joint rows built with positionPass (bias = C): rigid XPBD updates,
/// each row's C followed to first order through the corrections before it. An open limit's
/// C comes from velocityRows (the build at the sub-step's start). lambda receives each row's
/// position impulse (kg m); error is scratch.
void solveJointPositions(Pass& pass, std::span<const JointRow> rows,
                         std::span<const JointRow> velocityRows, std::vector<float>& error,
                         std::vector<float>& lambda);

/// One manifold's position constraints (normals and static friction) swept together.
ManifoldChange positionBlock(Pass& pass, std::span<Point> pts);

/// C (m or rad) of a position-built joint row now: `error` (its C at the drifted poses) plus
/// its Jacobian times the corrections applied since.
float rowError(const Pass& pass, const JointRow& r, float error);
/// The same as a violation: 0 for a spring or an open limit whose C is not known, and a
/// limit's C only where it is crossed (C < 0).
float rowViolation(const Pass& pass, const JointRow& r, float error);
/// One joint's rows swept together (rigid XPBD updates, kSweeps times); lambda (kg m or
/// kg m^2, starting at 0) receives their position impulses.
void projectJoint(Pass& pass, std::span<const JointRow> rows, std::span<const float> error,
                  std::span<float> lambda);

/// v = (x - x0) / h, w = 2 log(q q0^-1) / h for every body the position pass moved.
void deriveVelocities(Pass& pass);

/// The velocity pass over the active contacts: dynamic friction, then restitution.
void solveContactVelocities(Pass& pass, std::span<Point> points, float restitutionThreshold);

/// Restitution of one manifold's active points (eq. 34); returns the normal impulse added (N s).
float restitutionBlock(Pass& pass, std::span<Point> pts, float restitutionThreshold);
/// Dynamic friction of one active point (eq. 30); returns the length of its impulse (N s).
float dynamicFriction(Pass& pass, Point& pt);

/// Which velocity rows a pass takes: springs (soft rows) or motors (rigid rows with a force bound).
enum class VelocityRows { Springs, Motors };

/// One pass over the springs or the motors of velocity-built rows, each with a fresh impulse
/// (no warm start), added into totals (N s, one per row).
void solveVelocityRows(Pass& pass, std::span<const JointRow> rows, VelocityRows which,
                       std::vector<float>& totals);

/// One spring or motor row with a fresh impulse; returns it (N s).
float solveVelocityRow(Pass& pass, const JointRow& r);

// The kernels above recorded as one visit each of the step debugger's trace (xpbd_trace.cpp):
// the same arithmetic, with the bodies' poses or velocities before and after.
void tracedPositionBlock(Pass& pass, std::span<Point> pts);
void tracedProjectJoint(Pass& pass, std::span<const JointRow> rows, std::span<const float> error,
                        std::span<float> lambda);
void tracedRestitutionBlock(Pass& pass, std::span<Point> pts, float restitutionThreshold);
void tracedDynamicFriction(Pass& pass, Point& pt);
/// Returns the row's impulse; k is its index in its build (the visit's source).
float tracedVelocityRow(Pass& pass, const JointRow& r, uint32_t k, VelocityRows which);

/// into[k] += values of the row of `from` with the same joint and the same rank within its
/// joint as to[k] (a position build lacks the motor rows, which come last in their joint).
void addByJointRank(std::span<const JointRow> from, std::span<const float> values,
                    std::span<const JointRow> to, std::vector<float>& into);

} // namespace tumble::xpbd
