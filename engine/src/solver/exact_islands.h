#pragma once
// The exact methods' common part (dantzig.cpp, lemke.cpp): the step's scalar rows split into
// islands (rows connected through dynamic bodies), each island's system assembled densely,
//
//   w = A lambda + q,   A = J M^-1 J^T + diag(gamma + cfm),   q = J v - A lambda_0 - target
//
// where v are the velocities after the warm start (which applied lambda_0), so lambda is the
// total impulse of the step, not a change: friction bounds +-mu lambda_n need the total.
// An island over solver.exactMaxRows is solved by row-by-row PGS instead, and counted.
#include "solver/lcp.h"
#include "solver/scalar_rows.h"

#include <vector>

namespace tumble {

/// Largest complementarity error (m/s) with which a pivoting answer is taken. lcp.h's own test
/// is relative (1e-9 of max |q|) and strict; Lemke's explicit basis inverse ends near 1e-6 m/s
/// on a pyramid step, a hundred-thousandth of a walking pace, and is taken.
inline constexpr double kExactAccept = 1e-5;

/// Whether an island's answer x is taken (else the island falls back to PGS): solved, or
/// within kExactAccept, and finite throughout (a pivoting that overflowed can report a zero
/// error on non-finite impulses).
bool acceptExact(LcpReport& report, const std::vector<double>& x);

/// One island: indices into the step's rows, in gathered order.
using IslandRows = std::vector<uint32_t>;

/// Rows grouped by island, islands ordered by their first row (deterministic).
std::vector<IslandRows> splitIslands(const std::vector<ScalarRow>& rows, size_t bodyCount);

/// The box MLCP of one island (friction rows with findex). Rows of bodies that cannot move get
/// no coupling.
Mlcp assembleIsland(const std::vector<ScalarRow>& rows, const IslandRows& island,
                    const std::vector<SolverBody>& bodies, float cfm);

/// Set the island's rows to the impulses x and apply the changes to the bodies.
void applyIslandSolution(std::vector<ScalarRow>& rows, const IslandRows& island,
                         const std::vector<double>& x, std::vector<SolverBody>& bodies);

/// An exact method: `solveIsland` solves one island under the cap and returns its report. It
/// applies its answer only when the report says solved; otherwise the island falls back to PGS.
using IslandSolver = LcpReport (*)(SolveContext& ctx, std::vector<ScalarRow>& rows,
                                   const IslandRows& island);

/// Prepare, warm start, gather the rows, solve every island (exactly, or by PGS over the cap),
/// split impulse when enabled, store. No shock pass: it would move the exact answer.
void solveExact(SolveContext& ctx, IslandSolver solveIsland);

} // namespace tumble
