// Successive over-relaxation: row-by-row projected Gauss-Seidel (pgs.cpp) whose every step is
// scaled by omega before the clamp,
//
//   lambda_i <- clamp(lambda_i - omega (Cdot_i - target_i + cfm lambda_i) / (K_ii + cfm), lo_i, hi_i)
//
// omega = solver.overRelaxation (1.3 by default). omega > 1 reaches the answer in fewer passes on a well-behaved system (a stack), until it
// overshoots and rings; omega < 1 damps (Young 1950; Erleben, "Numerical methods for linear
// complementarity problems in physics-based animation", 2013).
#include "solver/scalar_rows.h"
#include "solver/stages.h"

namespace tumble {

void solveSorMethod(SolveContext& ctx) {
    solveRigid(ctx, scalarRowPasses(true));
}

} // namespace tumble
