#pragma once
// Every constraint of the step as plain scalar rows of the Jacobian, the form of the seeds'
// sequential impulses and of the textbooks: the row-by-row methods (PGS, SOR, random order)
// iterate over them and the exact solvers assemble A = J M^-1 J^T from them.
//
//   Cdot   = jvA . vA + jwA . wA + jvB . vB + jwB . wB
//   update lambda <- clamp(lambda - omega (Cdot - target + g lambda) / (K + g), lo, hi)
//   K      = J M^-1 J^T,  g = the row's softness gamma + cfm (constraint force mixing)
//
// A friction row's bounds follow its point's normal impulse: |lambda_t| <= mu lambda_n. A
// contact row's target is its bias (restitution, speculative gap, Baumgarte push); a joint
// row's is -bias (joint_rows.h drives Cdot + bias to 0).
//
// gatherRows reads the contact lanes (ContactConstraint) and joint rows after the warm start,
// with their accumulated impulses; scatterRows writes the impulses back, so shock
// propagation, split impulse and storing run on them as for the block methods.
#include "solver/solve_context.h"

#include <cstdint>
#include <vector>

namespace tumble {

enum class RowKind : uint8_t { Normal, Friction1, Friction2, Joint };

struct ScalarRow {
    uint32_t a = 0, b = 0;           ///< solver body indices
    glm::vec3 jvA{0.0f}, jwA{0.0f}, jvB{0.0f}, jwB{0.0f};
    glm::vec3 iwA{0.0f}, iwB{0.0f};  ///< IA jwA, IB jwB: the angular response to a unit impulse
    float mA = 0.0f, mB = 0.0f;      ///< inverse masses
    float K = 0.0f;                  ///< J M^-1 J^T
    float gamma = 0.0f;              ///< the row's own softness (soft joint rows), 1/kg
    float target = 0.0f;             ///< m/s: the row aims for Cdot = target
    float lower = 0.0f, upper = 0.0f;///< N s, fixed bounds (friction rows: from their normal)
    float lambda = 0.0f;             ///< N s, accumulated impulse
    float mu = 0.0f;                 ///< friction rows: coefficient of this step
    int32_t normal = -1;             ///< friction rows: index of their point's normal row
    int32_t partner = -1;            ///< friction rows: the other friction row of the point
    bool sliding = false;            ///< friction rows: dynamic friction (pyramid: no t2 row)
    RowKind kind = RowKind::Joint;
    uint32_t source = 0;             ///< contact: constraint index; joint: joint row index
    uint8_t lane = 0;                ///< contact: the point's lane
};

/// Contact rows manifold by manifold (friction of every point, then the normals: the order of
/// the block methods) after the joint rows.
void gatherRows(const SolveContext& ctx, std::vector<ScalarRow>& rows);

/// The accumulated impulses back into the contact lanes and joint rows.
void scatterRows(SolveContext& ctx, const std::vector<ScalarRow>& rows);

/// Cdot of a row at the bodies' current velocities.
float rowVelocity(const ScalarRow& r, const std::vector<SolverBody>& bodies);

/// Apply an impulse change on a row to its two bodies.
void applyRow(const ScalarRow& r, float delta, std::vector<SolverBody>& bodies);

/// The bounds of a row now: fixed, or +-mu lambda_n for friction (the pyramid, per axis).
void rowBounds(const ScalarRow& r, const std::vector<ScalarRow>& rows, float& lo, float& hi);

/// One Gauss-Seidel step on row i: solve, clamp, apply. With the cone, a friction pair is
/// solved together when its second row comes up (the disc cannot be clamped one axis at a
/// time). Returns |dlambda| (N s).
float solveRow(std::vector<ScalarRow>& rows, size_t i, std::vector<SolverBody>& bodies,
               float omega, float cfm, bool cone);

/// One pass in the given order (empty: stored order); returns the largest |dlambda|.
float solveRowsPass(std::vector<ScalarRow>& rows, const std::vector<uint32_t>& order,
                    std::vector<SolverBody>& bodies, float omega, float cfm, bool cone);

/// The rows of the step, kept by the row methods between their begin, passes and end.
struct ScalarRowData : MethodData {
    std::vector<ScalarRow> rows;
    std::vector<uint32_t> order; ///< visiting order of a pass; empty = as gathered
};

/// RigidPasses::begin / end of the row methods: gather into the method's ScalarRowData, and
/// scatter back.
void beginScalarRows(SolveContext& ctx);
void endScalarRows(SolveContext& ctx);

/// The passes of a row method: gather, `velocityIterations` passes over the rows in the
/// data's order (omega = overRelaxation when `relaxed`, else 1; cfm and the friction model from
/// the settings), scatter. A method changes what it needs (random order: its begin).
struct RigidPasses;
RigidPasses scalarRowPasses(bool relaxed);

} // namespace tumble
