// Projected Gauss-Seidel, row by row: the plain sequential-impulse loop of the seeds
// (box2d-lite; Catto, "Iterative Dynamics with Temporal Coherence", GDC 2005). Every row,
// joint and contact, is solved on its own in turn and sees the velocities the rows before it
// left:
//
//   lambda_i <- clamp(lambda_i - (Cdot_i - target_i + cfm lambda_i) / (K_ii + cfm), lo_i, hi_i)
//
// with friction bounds +-mu lambda_n from the point's normal row as it is now. The readable
// reference; block Gauss-Seidel (block_gauss_seidel.cpp) visits the same rows in the same
// order but settles a manifold's normal rows together.
#include "solver/scalar_rows.h"
#include "solver/stages.h"

namespace tumble {

void solvePgsMethod(SolveContext& ctx) {
    solveRigid(ctx, scalarRowPasses(false));
}

} // namespace tumble
