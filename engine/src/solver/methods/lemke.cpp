// Lemke's complementary pivoting on each island's contact normals (lcp.h), the classic exact
// method for the frictionless contact LCP (Lemke 1965; Baraff 1989):
//
//   w_n = A_nn lambda_n + q_n >= 0,   lambda_n >= 0,   lambda_n . w_n = 0
//
// with the joint and friction rows held at their current impulses inside q_n. Friction and
// joints are not an LCP of this form, so each of velocityIterations rounds runs one
// row-by-row PGS pass over the joint and friction rows and then solves the normals exactly:
// the normals end every step exact for the friction they see, and the friction converges like
// PGS's.
#include "solver/exact_islands.h"

namespace tumble {

void solveLemkeMethod(SolveContext& ctx) {
    solveExact(ctx, [](SolveContext& c, std::vector<ScalarRow>& rows, const IslandRows& island) {
        std::vector<uint32_t> others, normals;
        for (uint32_t i : island) (rows[i].kind == RowKind::Normal ? normals : others).push_back(i);
        LcpReport total;
        const int rounds = std::max(1, c.solver.velocityIterations);
        for (int round = 0; round < rounds; ++round) {
            for (uint32_t i : others) solveRow(rows, i, c.bodies, 1.0f, c.solver.cfm, c.step.cone);
            if (normals.empty()) break;
            // The normals' LCP with everything else as it is now.
            const Mlcp p = assembleIsland(rows, normals, c.bodies, c.solver.cfm);
            std::vector<double> z;
            LcpReport report = solveLemke(p.n, p.A, p.q, z, 20 * p.n + 100);
            acceptExact(report, z);
            total.pivots += report.pivots;
            total.solved = report.solved;
            total.failure = report.failure;
            total.complementarity = report.complementarity;
            if (!report.solved) break; // nothing applied: the island falls back to PGS
            applyIslandSolution(rows, normals, z, c.bodies);
        }
        return total;
    });
}

} // namespace tumble
