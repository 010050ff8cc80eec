#pragma once
// The stages of the sub-stepping methods (soft step, TGS), which run them in their own order,
// and what those stages add to the contact rows.
//
// Rows. prepareContacts (contact_solver.h) builds each manifold's rows once, at the step's
// start: friction basis, static or dynamic friction, friction-anchor targets, and, from the
// step-start lever arms rA, rB and inertia, the angular responses, effective masses and the
// couplings between the rows (as in Box2D v3, anchors, normal and masses stay fixed for the
// step). The passes run on those lane rows (ContactConstraint: lane k is point k), each
// accumulated impulse there being one sub-step's; SubstepRows adds what they lack for
// sub-stepping. Nothing is rebuilt from the cache between sub-steps.
//
// Current separation. The bodies move between sub-steps while the rows stay where they were
// built, so each pass measures a point's separation at the moved poses from the bodies'
// motion since the step began (dp a translation, dR a rotation):
//
//   s = n . ((dpB + dRB rB) - (dpA + dRA rA)) + s0 - n . (rB - rA)
//
// which is the collision's s0 at the start. dRA^T n and dRB^T n are taken once a manifold,
// so the points cost two dot products each, lane by lane.
//
// Normal rows in one pass (Catto, "Solver2D", 2024; Box2D v3 contact_solver.c):
//
//   s > 0, speculative:  bias = s / h, rigid: the gap may close within the sub-step, not be crossed
//   s <= 0, biased pass: bias = max(rate min(s + slop, 0), -maxCorrectionVelocity)
//   relax pass:          bias = 0, rigid
//   dlambda = -massScale m_n (vn + bias) - impulseScale lambda,   lambda = max(lambda + dlambda, 0)
//
// (rigid: massScale 1, impulseScale 0). A manifold's normal rows are solved together, a few
// sweeps over their couplings (as block Gauss-Seidel); then its friction rows, point by point,
// whose bound mu lambda_n sees this pass's normal impulses (Box2D's order): dlambda_t =
// -m_t (vt - anchorTarget), the anchor target in biased passes only, then clampFriction
// (pyramid or cone). The bodies' velocities change once per manifold, at its end.
//
// Restitution, after the last sub-step (Box2D v3): the points whose normal velocity at the
// step's start vn0 was below -restitutionThreshold, whose pair has restitution e > 0 and which
// pushed during the step are driven toward vn = -e vn0 once, rigid, their manifold's rows
// together: dlambda = -m_n (vn + e vn0), lambda >= 0.
//
// Impulse convention. Each row keeps one accumulated impulse, warm started at every sub-step
// (Box2D v3 keeps one and applies it before each sub-step's solve): it is the impulse over one
// sub-step h. The contact cache and the joint rows between steps hold every method's impulses
// over the whole step (N s per dt; warm starting, the Inspector and snapshots read them), so
// store() multiplies by the sub-step count n and the next step's prepare divides by it: a
// force F is F h here and F dt there, and finishJoints' reaction force, impulse / dt =
// lambda_h / h, comes out in newtons. This also survives a change of n or dt between steps.
#include "solver/solve_context.h"

#include <glm/gtc/quaternion.hpp>
#include <glm/mat3x3.hpp>
#include <span>
#include <vector>

namespace tumble {

/// How a pass biases the normal rows of touching points (s <= 0).
struct ContactBias {
    float rate = 0.0f;         ///< 1/s: push-out speed per metre of overlap beyond the slop
    float slop = 0.0f;         ///< m of overlap left alone
    float maxPush = 0.0f;      ///< m/s cap on the push-out speed (maxCorrectionVelocity)
    float massScale = 1.0f;    ///< soft rows: share of the rigid effective mass; 1 rigid
    float impulseScale = 0.0f; ///< soft rows: share of the accumulated impulse given back; 0 rigid
};

/// The biases of one pass: for contacts between two bodies that move, and for contacts with a
/// body that does not respond (static, kinematic or asleep; Box2D v3 makes these stiffer, so a
/// pile's weight does not push its lowest bodies into the ground).
struct PassBias {
    ContactBias moving;
    ContactBias anchored;
};

/// A soft contact of frequency `hertz` and damping ratio `zeta` over a sub-step h (Box2D v3's
/// b2MakeSoft): with omega = 2 pi hertz, a = 2 zeta + h omega, b = h omega a:
/// rate = omega / a, massScale = b / (1 + b), impulseScale = 1 / (1 + b). No slop.
/// hertz <= 0 gives rigid rows without push-out.
ContactBias softContactBias(float hertz, float zeta, float h, float maxPush);

/// Rigid rows with a Baumgarte bias on the current separation: rate = erp / h.
ContactBias baumgarteContactBias(float erp, float slop, float h, float maxPush);

/// What a manifold's lane rows lack for sub-stepping (lane k: point k; absent lanes zero).
struct SubstepRows {
    float4 baseSeparation{};  ///< m, s0 - n . (rB - rA)
    float4 approach{};        ///< m/s, normal velocity at the step's start (< 0 closing)
    float4 peakImpulse{};     ///< N s, largest normal impulse after a pass this step (0: never pushed)
    float4 pushOut{};         ///< m/s, the last biased pass's push-out speed (Inspector)
    float restitution = 0.0f;
    bool anchored = false;    ///< one body does not respond (zero inverse mass)
};

/// A body's motion since the step began.
struct BodyMotion {
    glm::vec3 dp{0.0f};      ///< m
    glm::mat3 dR{1.0f};      ///< rotation (world)
};

/// Scratch the sub-stepping methods keep from step to step, so no step allocates.
struct SubstepData final : MethodData {
    std::vector<SubstepRows> rows;          ///< one per ContactConstraint, in its order
    std::vector<BodyMotion> motion;         ///< by slot
    std::vector<glm::vec3> startX;          ///< by slot: position at the step's start
    std::vector<glm::quat> startQ;          ///< by slot: orientation at the step's start
};

/// The sub-step loop's stages, each timed into its Profile field. A method builds one per step
/// (which prepares contacts and joints), runs count() sub-steps of the stages it uses, then
/// restitution() and store(). While the step debugger traces, every pass records a visit per
/// joint row and per manifold, with its sub-step and pass (trace.h).
class SubstepSolver {
public:
    explicit SubstepSolver(SolveContext& ctx);

    int count() const { return count_; }     ///< sub-steps this step
    float h() const { return sub_.dt; }      ///< s, one sub-step

    /// Joint rows again at the current poses, keeping their impulses (every sub-step but the first).
    void rebuildJoints();
    /// Forces and gravity over h (the world's hook).
    void integrateVelocities();
    /// Apply the accumulated contact and joint impulses (scaled by the warm-start factor).
    void warmStart();
    /// One pass with bias: the joint rows, then the contacts with `bias`.
    void solve(const PassBias& bias);
    /// Move the bodies over h (the world's hook) and measure their motion since the step began.
    void integratePositions();
    /// One pass without bias: rigid joint and contact rows toward Cdot = 0.
    void relax();
    /// Rolling resistance and torsional friction, once per sub-step: each sub-step's contact
    /// impulses are its own, and so are the angular rows' bounds (solveAngularFriction).
    void angularFriction();
    /// The restitution stage after the sub-steps.
    void restitution();
    /// Impulses back into the cache (whole-step convention), clamps, joints' reactions, stats.
    void store();

private:
    /// One pass: the joint rows, then the contacts (with `bias` when useBias, else rigid and
    /// unbiased: a relax pass); traced visit by visit while the step debugger records.
    void runPass(const PassBias& bias, bool useBias);
    template <bool Traced> float contactPass(const PassBias& bias, bool useBias);

    SolveContext& ctx_;
    SubstepData& data_;
    StepContext sub_;   ///< the step's context with dt = h and soft joint rows
    int count_ = 1;
    int passes_ = 0;
    int substep_ = -1;  ///< the sub-step running (the probe's figures)
    int pass_ = 0;      ///< passes in it so far
    float maxDelta_ = 0.0f;
};

} // namespace tumble
