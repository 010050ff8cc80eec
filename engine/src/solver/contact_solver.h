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
//
// Hot and cold data apart: prepareContacts reads the contact cache (ContactManifoldInfo, the
// public view with positions, feature ids, anchors and inspector figures) once and builds a
// dense array of ContactConstraint, only what the iterations touch. Every velocity method and
// the split-impulse pass run on that array; finishContacts writes the impulses and the
// inspector figures back into the cache.
#include "solver/solver_body.h"
#include "tumble/contact.h"

#include <cstdint>
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

/// The coupling K_ij = J_i M^-1 J_j^T of one manifold's normal rows (row-major 4 x 4) and
/// the inverses of its diagonal. Rows and columns past the point count are zero.
struct NormalBlock {
    float K[16];
    float invDiagonal[4];
};

/// One contact point's rows as the iterations see them.
struct ContactConstraintPoint {
    glm::vec3 rA{0.0f}, rB{0.0f}; ///< m, from each centre of mass to the point
    float normalMass = 0.0f;      ///< kg, 1 / (J M^-1 J^T) of the normal row
    float tangentMass[2] = {0.0f, 0.0f};
    float bias = 0.0f;            ///< m/s, target of the normal row
    float normalImpulse = 0.0f;   ///< N s, accumulated lambda_n
    float tangentImpulse[2] = {0.0f, 0.0f}; ///< N s, accumulated lambda_t1, lambda_t2
    float friction = 0.0f;        ///< mu of this step: static when sticking, else dynamic
    float correctionVelocity = 0.0f; ///< m/s, target of the split-impulse row
    float splitImpulse = 0.0f;    ///< N s, accumulated pseudo impulse
    bool sticking = true;         ///< static friction; sliding points hold no t2 (pyramid)
};

/// One touching manifold's rows: bodies by solver index, the shared axes, the normal block.
struct ContactConstraint {
    uint32_t indexA = 0, indexB = 0; ///< into the SolverBody array
    uint32_t manifold = 0;           ///< into the contact cache, for writing back
    int pointCount = 0;              ///< 1..4
    glm::vec3 normal{0.0f}, tangent1{0.0f}, tangent2{0.0f};
    NormalBlock block;               ///< with the bodies' masses (prepareContacts)
    ContactConstraintPoint points[4];
};

/// Rows, effective masses, normal blocks, restitution targets and biases of every manifold
/// with points, into `constraints`; also fills the cache's per-step inspector figures.
void prepareContacts(std::span<ContactManifoldInfo> manifolds, std::span<const SolverBody> bodies,
                     std::span<const StartVelocity> start, const StepContext& ctx,
                     std::vector<ContactConstraint>& constraints);

/// The normal block of `c` for the given inverse masses (zero on a frozen side).
void computeNormalBlock(const ContactConstraint& c, float mA, const glm::mat3& iA, float mB,
                        const glm::mat3& iB, NormalBlock& block);

/// Apply last step's accumulated impulses (scaled in prepareContacts by the warm-start factor).
void warmStartContacts(std::span<const ContactConstraint> constraints, std::span<SolverBody> bodies);

/// Scratch a velocity method may keep between iterations (Jacobi's accumulated deltas).
struct VelocityScratch {
    std::vector<glm::vec3> dv, dw;
    std::vector<float> rows;   ///< rows touching each body (Jacobi averages by it)
    /// Shock-propagation pass: per constraint, 1 when A is nearer the ground (treated as
    /// infinitely heavy), 2 when B is, 0 otherwise; empty in ordinary iterations.
    std::vector<uint8_t> frozenSide;
    std::vector<uint32_t> order; ///< constraint visiting order for that pass; empty = as stored
    int iteration = 0;         ///< index of the velocity iteration being run
    int iterationCount = 0;    ///< velocity iterations this step
};

/// One velocity iteration; returns the largest |dlambda| (N s) of the iteration. Both
/// methods share this signature (solve_gauss_seidel.cpp, solve_jacobi.cpp).
float solveContactsGaussSeidel(std::span<ContactConstraint> constraints,
                               std::span<SolverBody> bodies, const StepContext& ctx,
                               VelocityScratch& scratch);
float solveContactsJacobi(std::span<ContactConstraint> constraints, std::span<SolverBody> bodies,
                          const StepContext& ctx, VelocityScratch& scratch);

/// One pass of the split-impulse pseudo-velocity solve (normal rows only, never warm started).
void solveSplitImpulse(std::span<ContactConstraint> constraints, std::span<SolverBody> bodies);

/// After all passes: write the accumulated and pseudo impulses back into the cache and
/// record which clamp is active for each point.
void finishContacts(std::span<ContactManifoldInfo> manifolds,
                    std::span<const ContactConstraint> constraints);

/// Inner sweeps over one manifold's rows in the block passes (solve_gauss_seidel.cpp).
inline constexpr int kInnerSweeps = 4;

} // namespace tumble
