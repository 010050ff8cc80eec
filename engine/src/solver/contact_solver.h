#pragma once
// Sequential impulses on contact manifolds (Catto, "Iterative Dynamics with Temporal
// Coherence", GDC 2005; box2d-lite). Per point: one normal row and two friction rows.
//
//   relative velocity  vrel = vB + wB x rB - vA - wA x rA
//   normal row         Cdot = n . vrel,  J = [-n, -(rA x n), n, (rB x n)]
//   effective mass     m_n = 1 / (mA + mB + (IA (rA x n)) . (rA x n) + (IB (rB x n)) . (rB x n))
//   impulse            dlambda = -m_n (Cdot - target), lambda_n = max(lambda_n + dlambda, 0)
//   friction rows      the same with t1, t2; |lambda_t| <= mu lambda_n per axis (pyramid)
//                      or on the length of (lambda_t1, lambda_t2) (cone)
//   target             max(restitution target, Baumgarte bias) when touching,
//                      -separation / dt for speculative points (may approach, not cross)
//
// Order within a manifold: friction first, then normal. The last row solved is satisfied
// best, and not sinking matters more than not sliding, so the normal row goes last.
#include "solver/solver_body.h"
#include "tumble/contact.h"

#include <array>
#include <span>
#include <vector>

namespace tumble {

/// Velocities at the start of the step, before gravity and before warm starting: the
/// restitution target and the stick/slip choice are taken from these.
struct StartVelocity {
    glm::vec3 v{0.0f};
    glm::vec3 w{0.0f};
};

/// Relative tangential speed (m/s) below which a point uses static friction.
inline constexpr float kStickSpeed = 0.01f;

/// Rows, effective masses, restitution targets and biases for every point.
void prepareContacts(std::span<ContactManifoldInfo> manifolds, std::span<const SolverBody> bodies,
                     std::span<const StartVelocity> start, const StepContext& ctx);

/// Apply last step's accumulated impulses (scaled by the warm-start factor).
void warmStartContacts(std::span<ContactManifoldInfo> manifolds, std::span<SolverBody> bodies,
                       const StepContext& ctx);

/// The coupling K_ij = J_i M^-1 J_j^T of one manifold's normal rows (row-major 4 x 4) and
/// the inverses of its diagonal.
struct NormalBlock {
    float K[16];
    float invDiagonal[4];
};

/// Scratch a velocity method may keep between iterations (Jacobi's accumulated deltas).
struct VelocityScratch {
    std::vector<glm::vec3> dv, dw;
    std::vector<float> rows;   ///< rows touching each body (Jacobi averages by it)
    /// Gauss-Seidel: per manifold, the coupling K_ij = J_i M^-1 J_j^T of its normal rows
    /// (row-major 4 x 4), computed on the first iteration of a step.
    std::vector<NormalBlock> normalCoupling;
    /// Shock-propagation pass: per manifold, 1 when A is nearer the ground (treated as
    /// infinitely heavy), 2 when B is, 0 otherwise; empty in ordinary iterations.
    std::vector<uint8_t> frozenSide;
    std::vector<uint32_t> order; ///< manifold visiting order for that pass; empty = as stored
    int iteration = 0;         ///< index of the velocity iteration being run
    int iterationCount = 0;    ///< velocity iterations this step
};

/// One velocity iteration; returns the largest |dlambda| (N s) of the iteration. Both
/// methods share this signature (solve_gauss_seidel.cpp, solve_jacobi.cpp).
float solveContactsGaussSeidel(std::span<ContactManifoldInfo> manifolds,
                               std::span<SolverBody> bodies, const StepContext& ctx,
                               VelocityScratch& scratch);
float solveContactsJacobi(std::span<ContactManifoldInfo> manifolds, std::span<SolverBody> bodies,
                          const StepContext& ctx, VelocityScratch& scratch);

/// After the iterations: record which clamp is active for each point.
void finishContacts(std::span<ContactManifoldInfo> manifolds, std::span<const SolverBody> bodies);

/// One pass of the split-impulse pseudo-velocity solve (normal rows only, never warm started).
void solveSplitImpulse(std::span<ContactManifoldInfo> manifolds, std::span<SolverBody> bodies,
                       const StepContext& ctx, VelocityScratch& scratch);

/// Inner sweeps over one manifold's rows in the block passes (solve_gauss_seidel.cpp).
inline constexpr int kInnerSweeps = 4;

} // namespace tumble
