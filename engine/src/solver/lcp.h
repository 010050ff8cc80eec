#pragma once
// Exact dense solvers for the complementarity problems of one island. Pure math: no bodies, no
// contacts, doubles throughout, nothing shared between calls.
//
// The box-bounded mixed LCP (MLCP). Given A (n x n, symmetric positive semi-definite), q and
// bounds lo <= hi (lo may be -inf, hi +inf), find x such that with w = A x + q, for every row i,
//
//   lo_i <= x_i <= hi_i,
//   x_i = lo_i          =>  w_i >= 0       (pressed against the lower bound)
//   x_i = hi_i          =>  w_i <= 0       (pressed against the upper bound)
//   lo_i < x_i < hi_i   =>  w_i  = 0       (strictly inside: the row's target is met exactly)
//
// In the contact use x is an impulse (N s), w a relative velocity (m/s) and A = J M^-1 J^T plus
// regularisation (1/kg). A contact normal is lo = 0, hi = +inf (the standard LCP x >= 0, w >= 0,
// x w = 0), a joint row lo = -inf, hi = +inf (w = 0: a linear equation), and a friction row has
// bounds from its normal f = findex[i]: -mu_i |x_f| <= x_i <= mu_i |x_f| (box friction, one
// tangent axis per row, as in ODE).
//
// solveDantzig: principal pivoting (Cottle & Dantzig 1968; Baraff 1994, "Fast contact force
// computation for nonpenetrating rigid bodies"), extended to box bounds as in ODE's dLCP, which
// Bullet's MLCP solver drives. Rows are added one at a time; the processed rows are split into
// C (clamped: x inside its bounds, w = 0) and N (x at a bound, w of the right sign). To add row
// i, x_i moves in the direction that takes w_i to 0 and x_C moves with it so that w_C stays 0:
//
//   dx_i = +-1,   A_CC dx_C = -A_Ci dx_i,   dw = A dx,   dw_i = s dx_i,
//   s = A_ii - A_iC A_CC^-1 A_Ci  (the Schur complement of row i against C)
//
// The step is the largest that keeps all of it true; it ends at the first event: w_i reaches 0
// (i joins C), x_i reaches a bound (i joins N), a clamped x_j reaches a bound (C -> N), or a w_j
// of N reaches 0 (N -> C); the last two continue the same row. For positive definite A, s > 0
// and w_i moves monotonically to 0 (Cottle, Pang & Stone, "The Linear Complementarity Problem",
// 1992, ch. 4). A_CC = U^T U is kept as a Cholesky factor updated as C changes (append a row:
// O(m), given the U^-T A_Ci the direction needed anyway; remove one: a rank-one update of the
// rows below it), so a pivot costs two triangular solves and a sweep of A: O(n^2), less on
// sparse A. Rows go in the order joints, bounded rows, friction rows, and within a group the
// most violated first (the greedy choice Lemke makes too), which halves the pivots on random
// problems.
//
// Friction rows come last, with bounds from their normals at that moment. The normals still
// move afterwards, so an outer loop re-derives the bounds from x and moves to them continuously
// (a parametric step: x of each row at a bound follows its bound, x_C follows to keep w_C = 0,
// and the same events move rows between C and N), until the bounds stop changing. Bullet runs
// this fixed point plainly; here each round takes a Newton step on it (the rows at a friction
// bound and their normals' coupling, a k x k system), so a round or two usually suffices even
// where friction moves the normals strongly; a Newton step that overshoots falls back to the
// plain one.
//
// Positive semi-definite A (redundant contacts: the four corners of a box on the ground give
// rank 3; a pyramid of 15 boxes has rank 90 in 300 rows). Dependent rows make A_CC singular and
// the pivoting chase rounding, so solveDantzig adds kLcpRegularisation A_ii to each diagonal
// entry (a relative CFM), and, once done, takes it back out: Newton steps on the true problem
// with the final sets (polish), kept only while the true error falls. Rates of w below
// rounding are not events (a dependent row's w moves only with C's). solveLemke does the same
// with its own, larger regularisation (its explicit basis inverse is less forgiving).
//
// solveLemke: Lemke's complementary pivoting (Lemke 1965; Cottle, Pang & Stone ch. 4.4) for the
// standard LCP w = M z + q >= 0, z >= 0, z^T w = 0 (M need not be symmetric). An artificial
// variable z0 with the covering vector d = 1 makes w = M z + q + d z0 feasible at z = 0,
// z0 = -min q. Then the variable that enters the basis is always the complement of the one that
// just left, until z0 leaves (a solution) or the entering column blocks nowhere (ray
// termination: for positive semi-definite M the LCP has no solution). The basis inverse is kept
// explicitly with a rank-one (eta) update per pivot, O(n m) with m the rows pivoted on.
// Ratio-test ties: z0 first, then lexicographic on the rows of B^-1 (prevents cycling), then
// the smallest row.
//
// Both are deterministic: fixed processing order, ties broken on the smallest index.
#include <string>
#include <vector>

namespace tumble {

/// Complementarity error at which a solve counts as converged, relative to max |q_i|.
inline constexpr double kLcpTolerance = 1e-9;
/// Regularisation solveDantzig pivots with, relative to each diagonal entry (A_ii -> (1 +
/// kLcpRegularisation) A_ii): it keeps redundant contacts from making A_CC singular. It would
/// change w by kLcpRegularisation A_ii x_i; the final polish removes that where A allows.
inline constexpr double kLcpRegularisation = 1e-10;
/// Smallest Schur complement, relative to the diagonal entry, that a row may bring into the
/// basis; rounding below it raises that row's regularisation to it (anchored at its x then).
inline constexpr double kLcpPivot = 1e-12;

/// Box-bounded mixed LCP:  w = A x + q,  lo_i <= x_i <= hi_i, and for every i
///   x_i = lo_i  => w_i >= 0,   x_i = hi_i => w_i <= 0,   lo_i < x_i < hi_i => w_i = 0.
/// A row with findex[i] >= 0 is a friction row: its bounds are -mu_i |x_f| <= x_i <= mu_i |x_f|
/// with f = findex[i] (the normal row it belongs to), using the final x_f; its lo and hi are not
/// read. lo may be -inf (bilateral rows, e.g. joints: lo=-inf, hi=+inf), hi may be +inf.
struct Mlcp {
    /// Number of rows.
    int n = 0;
    /// n*n, row-major, symmetric positive semi-definite (J M^-1 J^T + regularisation; 1/kg).
    std::vector<double> A;
    /// Free term (m/s), bounds (N s, lo <= hi) and friction coefficients (only read where
    /// findex >= 0; dimensionless).
    std::vector<double> q, lo, hi, mu;
    /// -1, or the index of the normal row a friction row belongs to (not itself a friction row).
    std::vector<int> findex;
};

/// What a solve did and how well it ended.
struct LcpReport {
    /// The complementarity error is within kLcpTolerance max |q_i|.
    bool solved = false;
    /// Basis changes performed.
    int pivots = 0;
    /// Friction-bound updates after the first pass (Dantzig).
    int outerIterations = 0;
    /// Largest violation, as mlcpError or lcpError measure it.
    double complementarity = 0.0;
    /// Why not solved: "pivot limit", "ray termination" (Lemke: no solution), "unbounded
    /// direction" (Dantzig: no solution), "friction bounds not converged" (maxOuter rounds were
    /// not enough), "tolerance not reached", "bad input"; empty when solved.
    std::string failure;
};

/// Largest violation of the conditions above, with the friction bounds from x itself. Per row it
/// is |mid(x_i - lo_i, x_i - hi_i, w_i)| (the natural residual): the bound violation when x_i is
/// outside, |w_i| of the wrong sign at a bound, and for a row inside, min(|w_i|, distance to the
/// bound that w_i's sign asks for), so a row a rounding error off its bound is not read as inside.
/// It is zero exactly at a solution. Units of w where x is in bounds, of x where it is not.
double mlcpError(const Mlcp& p, const std::vector<double>& x);

/// Dantzig-style principal pivoting for the box-bounded problem. Friction bounds: first set from
/// the normals when each friction row is added, then re-derived from x and moved to until they
/// stop changing, at most maxOuter times. x in: ignored (every solve starts from x = 0 clamped to
/// the bounds), out: the solution, or the last iterate on failure. maxPivots bounds the basis
/// changes over the whole solve (a few times n is ample). Working memory: up to about 8 n^2
/// bytes for the factor of A_CC, plus 8 k^2 for k rows at a friction bound.
LcpReport solveDantzig(const Mlcp& p, std::vector<double>& x, int maxPivots, int maxOuter = 8);

/// Lemke's algorithm for the standard LCP  w = M z + q >= 0, z >= 0, z.w = 0 (contact normals).
/// M: n*n row-major (any matrix; termination with a solution is guaranteed for positive
/// semi-definite M when one exists). z out: the solution; on failure the z of the last basis
/// (which solves the problem with q + z0). Working memory: 8 n^2 bytes.
LcpReport solveLemke(int n, const std::vector<double>& M, const std::vector<double>& q,
                     std::vector<double>& z, int maxPivots);

/// Largest |min(z_i, w_i)| with w = M z + q: zero exactly at a solution of the standard LCP.
double lcpError(int n, const std::vector<double>& M, const std::vector<double>& q,
                const std::vector<double>& z);

/// Dense kernels the two solvers share. y += a x over n entries (vectorises as written).
inline void lcpAxpy(double a, const double* x, double* y, int n) {
    for (int k = 0; k < n; ++k) y[k] += a * x[k];
}

/// x . y over n entries, in four partial sums: independent chains the compiler keeps in flight
/// (it may not reorder one floating-point sum by itself).
inline double lcpDot(const double* x, const double* y, int n) {
    double s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0;
    int k = 0;
    for (; k + 4 <= n; k += 4) {
        s0 += x[k] * y[k];
        s1 += x[k + 1] * y[k + 1];
        s2 += x[k + 2] * y[k + 2];
        s3 += x[k + 3] * y[k + 3];
    }
    for (; k < n; ++k) s0 += x[k] * y[k];
    return (s0 + s2) + (s1 + s3);
}

} // namespace tumble
