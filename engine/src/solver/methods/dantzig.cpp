// Exact MLCP by Dantzig-style principal pivoting (lcp.h): each island's joint, normal and
// friction rows at once, as Bullet's btMLCPSolver does with ODE's dLCP,
//
//   w = A lambda + q,   lo <= lambda <= hi,   lambda_i at a bound => w_i pushes against it,
//   lambda_i inside => w_i = 0,   friction bounds +-mu lambda_n from the final normals,
//
// solved to round-off, so no iteration count and nothing left unconverged: the reference the
// iterative methods are measured against. Friction is the pyramid (one box per tangent axis);
// a sliding point keeps only the row along its slip, as in the other methods.
#include "solver/exact_islands.h"

namespace tumble {

void solveDantzigMethod(SolveContext& ctx) {
    solveExact(ctx, [](SolveContext& c, std::vector<ScalarRow>& rows, const IslandRows& island) {
        const Mlcp p = assembleIsland(rows, island, c.bodies, c.solver.cfm);
        std::vector<double> x;
        LcpReport report = solveDantzig(p, x, 20 * p.n + 100, 16);
        if (acceptExact(report, x)) applyIslandSolution(rows, island, x, c.bodies);
        return report;
    });
}

} // namespace tumble
