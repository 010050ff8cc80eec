#pragma once
// The solver probe's measure (tumble/solver_probe.h has the definitions): after a pass, each
// row's projected residual r_i = K_ii (lambda_i - clamp(lambda_i - w_i / K_ii, lo_i, hi_i)),
// w_i = Cdot_i - b_i + g_i lambda_i, measured at the bodies' current velocities, summed into
// ||r||_2, the largest complementarity error, the rows at a bound and the kinetic energy.
//
// Two readers of the same rows: the contact lanes and joint rows the block methods iterate on
// (measured in place, without building scalar rows: the probe must stay cheap on a pyramid),
// and the scalar rows of the row-by-row and exact methods. The tolerance of solver.tolerance
// reads the same residual, so it stops every method at the same figure.
#include "solver/solve_context.h"
#include "tumble/solver_probe.h"

#include <vector>

namespace tumble {

struct ScalarRow;
enum class RowKind : uint8_t;

/// What one measurement found.
struct ProbeMeasure {
    float residual = 0.0f;        ///< m/s, ||r||_2
    float complementarity = 0.0f; ///< N m/s, largest row error
    int clampedRows = 0;
};

/// The lanes (every touching manifold's normal and friction rows) and the joint rows.
ProbeMeasure measureLanes(const SolveContext& ctx);

/// Scalar rows (scalar_rows.h); cfm is added to every row's softness; cone: the friction
/// model of the step.
ProbeMeasure measureRows(const std::vector<ScalarRow>& rows, const std::vector<SolverBody>& bodies, float cfm,
                         bool cone);

/// Kinetic energy (J) of the bodies the solve moves, at their solver velocities.
double solverKineticEnergy(const std::vector<SolverBody>& bodies);

/// The probe's name for a scalar row's kind.
ProbeRowKind probeRowKind(RowKind kind);

/// Record one pass into ctx.probe (when on): measured on `rows` when given, else on the lanes.
void probePass(SolveContext& ctx, const std::vector<ScalarRow>* rows, float maxDelta, int substep,
               int iteration, bool relax = false);

/// Record every row as the velocity solve left it (when the probe is on): `rows` when given,
/// else gathered from the lanes and joint rows.
void probeRows(SolveContext& ctx, const std::vector<ScalarRow>* rows);

} // namespace tumble
