#pragma once
// The pivoting state behind solveDantzig, shared by lcp_dantzig.cpp (the pivots) and
// lcp_friction.cpp (the friction bounds' outer loop and the final polish). The math and the
// sources are in lcp.h. The state:
//
//   x, w = A' x + q'   every row; w follows each step (w += t dw) and is recomputed exactly
//                      every kRefreshPivots pivots and after each pass
//   C, U^T U = A'_CC   the clamped rows, in the factor's order (lcp_factor.h)
//   N                  rows at a bound (AtLo, AtHi)
//   lo, hi             the bounds in use (friction rows: from their normals, and moving at rates
//                      dlo, dhi while the outer loop updates them)
//
// A' = A + R and q' = q - R x0: R is kLcpRegularisation diag(A), raised further for a row
// whose Schur complement rounding puts below kLcpPivot A_jj; such a raise is anchored at the
// row's x then (x0), so w does not jump.
//
// One routine serves every motion. Driving row i is "row i moves at rate +-1"; moving the
// friction bounds is "each row at a moving bound moves at that bound's rate". Either way the
// clamped rows follow, dx_C = -A'_CC^-1 (sum_j v_j A_Cj), and one ratio test finds the first
// event.
#include "solver/lcp.h"
#include "solver/lcp_factor.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

namespace tumble::lcp_detail {

inline constexpr double kInf = std::numeric_limits<double>::infinity();
/// Pivots between exact recomputations of w.
inline constexpr int kRefreshPivots = 64;
/// w within this fraction of max |q| of the right sign counts as satisfied when a row is placed,
/// and drift of w_C below it is left alone.
inline constexpr double kZeroW = 1e-13;
/// Rates of w below this fraction of the largest in a direction are rounding, not motion.
inline constexpr double kRateNoise = 1e-12;
/// The outer loop stops when no friction bound is off by more than kBoundSettled max |x|, or
/// below kBoundStalled max |x| when an update no longer halves the mismatch (it is down to the
/// rounding of nearly redundant rows).
inline constexpr double kBoundSettled = 1e-13;
inline constexpr double kBoundStalled = 1e-10;
/// A Newton step on the friction bounds may be at most kNewtonTrust times the plain one, or
/// kNewtonReach max |x|, whichever is larger.
inline constexpr double kNewtonTrust = 4.0;
inline constexpr double kNewtonReach = 0.25;
/// Newton steps on the true problem at the end (polish).
inline constexpr int kPolishPasses = 4;

inline double maxAbs(const std::vector<double>& v) {
    double m = 0.0;
    for (double e : v) m = std::max(m, std::abs(e));
    return m;
}

/// Unprocessed: not yet added (x at rest, w not constrained). Inert: a zero row (A_ii = 0, so
/// with A positive semi-definite the whole row is 0) whose w = q_i is already 0; x stays at rest.
enum class RowState : unsigned char { Unprocessed, Clamped, AtLo, AtHi, Inert };

/// What ends a step: the driven row's w reaches 0 or its x a bound, a clamped x reaches a bound,
/// a w at a bound reaches 0, or (bound motion) the motion is complete.
enum class Event : unsigned char { None, DrivenZero, DrivenBound, ClampedBound, BoundFree, End };

/// The first event along a direction.
struct Step {
    double t = kInf;
    int row = -1;
    Event event = Event::None;
    bool upper = false; // bound events: the upper bound

    /// Smallest t; ties to the smallest row (Bland); for the same row, reaching a bound before
    /// w reaching zero (joining N needs no factor update).
    void offer(double t2, int row2, Event event2, bool upper2) {
        const bool better =
            t2 < t ||
            (t2 == t && (row2 < row || (row2 == row && event2 == Event::DrivenBound)));
        if (!better) return;
        t = t2;
        row = row2;
        event = event2;
        upper = upper2;
    }
};

/// A row moving at a given rate (the driven row, or a row sitting on a moving bound).
struct Driver {
    int row;
    double rate;
};

/// A's rows, each swept either densely (a contiguous row) or as its nonzeros, whichever is
/// cheaper: contact and joint matrices are sparse (a row couples only rows sharing a body), the
/// random test matrices dense. A is symmetric, so a row is also a column.
class RowStore {
public:
    explicit RowStore(const Mlcp& p) : A_(p.A.data()), n_(p.n), start_(p.n + 1, 0) {
        for (int r = 0; r < n_; ++r) {
            const double* row = A_ + static_cast<size_t>(r) * n_;
            int count = 0;
            for (int c = 0; c < n_; ++c) count += row[c] != 0.0;
            const bool dense = 4 * count > n_;
            if (!dense)
                for (int c = 0; c < n_; ++c)
                    if (row[c] != 0.0) {
                        col_.push_back(c);
                        val_.push_back(row[c]);
                    }
            dense_.push_back(dense);
            start_[r + 1] = static_cast<int>(col_.size());
        }
    }

    const double* row(int r) const { return A_ + static_cast<size_t>(r) * n_; }

    /// out += a A_r (all n entries).
    void addRow(int r, double a, double* out) const {
        if (dense_[r]) return lcpAxpy(a, row(r), out, n_);
        for (int e = start_[r]; e < start_[r + 1]; ++e) out[col_[e]] += a * val_[e];
    }

    /// A_r . v
    double dot(int r, const double* v) const {
        if (dense_[r]) return lcpDot(row(r), v, n_);
        double s = 0.0;
        for (int e = start_[r]; e < start_[r + 1]; ++e) s += val_[e] * v[col_[e]];
        return s;
    }

    /// out_k += a A_(C_k) r for the clamped rows C (slot[c] = k, or -1 outside C).
    void gather(int r, double a, const std::vector<int>& C, const std::vector<int>& slot,
                double* out) const {
        const int m = static_cast<int>(C.size());
        if (dense_[r] || start_[r + 1] - start_[r] > m) {
            const double* Ar = row(r);
            for (int k = 0; k < m; ++k) out[k] += a * Ar[C[k]];
            return;
        }
        for (int e = start_[r]; e < start_[r + 1]; ++e)
            if (slot[col_[e]] >= 0) out[slot[col_[e]]] += a * val_[e];
    }

    /// The nonzeros A_(C_k) r as (k, value) pairs.
    void restrict(int r, const std::vector<int>& C, const std::vector<int>& slot,
                  std::vector<int>& idx, std::vector<double>& val) const {
        idx.clear();
        val.clear();
        if (dense_[r]) {
            const double* Ar = row(r);
            for (int k = 0; k < static_cast<int>(C.size()); ++k)
                if (Ar[C[k]] != 0.0) {
                    idx.push_back(k);
                    val.push_back(Ar[C[k]]);
                }
            return;
        }
        for (int e = start_[r]; e < start_[r + 1]; ++e)
            if (slot[col_[e]] >= 0) {
                idx.push_back(slot[col_[e]]);
                val.push_back(val_[e]);
            }
    }

private:
    const double* A_;
    int n_;
    std::vector<int> start_;
    std::vector<int> col_;
    std::vector<double> val_;
    std::vector<bool> dense_;
};

/// The pivoting state of one solve.
class PrincipalPivoting {
public:
    PrincipalPivoting(const Mlcp& p, int maxPivots);

    /// How far an unprocessed row's w is from its conditions with x at rest (a friction row's
    /// bounds taken from its normal now).
    double violationAtRest(int r) const;
    /// Adds row i and pivots until every processed row satisfies the conditions. False on
    /// failure (failure says why).
    bool addRow(int i);
    /// Largest difference between a friction bound in use and mu |x_f| from the current x.
    double frictionMismatch() const;
    /// Moves every friction bound to mu |x_f| of the normals it leads to, pivoting at every event.
    bool updateFrictionBounds();
    /// Exact w = A' x + q', then, if w_C has drifted, one Newton correction of x_C.
    void refresh();
    /// Removes the regularisation's share of the error: Newton steps on the true problem with
    /// the sets fixed, kept while mlcpError falls.
    void polish();

    /// The current iterate (N s in the contact use).
    std::vector<double> x;
    /// Basis changes so far, and why the solve stopped short ("" while it has not).
    int pivots = 0;
    std::string failure;

private:
    int size() const { return static_cast<int>(C_.size()); }
    double diagonal(int r) const { return rows_.row(r)[r]; }
    /// w_r = (A' x + q')_r from scratch.
    double exactW(int r) const {
        return rows_.dot(r, x.data()) + p_.q[r] + reg_[r] * x[r] - anchor_[r];
    }
    bool isFriction(int r) const { return p_.findex[r] >= 0; }
    bool atBound(int r) const { return state_[r] == RowState::AtLo || state_[r] == RowState::AtHi; }
    double sigma(int r) const { return state_[r] == RowState::AtHi ? 1.0 : -1.0; }
    static double sgn(double v) { return v < 0.0 ? -1.0 : 1.0; }
    /// d x_r / d x_f for a row at a friction bound: sigma mu sgn(x_f).
    double slope(int r) const { return sigma(r) * p_.mu[r] * sgn(x[p_.findex[r]]); }

    // The motion (lcp_dantzig.cpp). direction: dx_C and dw for the drivers' rates; ratioTest:
    // the first event within tMax (driven >= 0: that row moves at rate dir); advance: x, w and
    // the moving bounds by t; countPivot: false at the pivot limit.
    void direction();
    Step ratioTest(int driven, double dir, double tMax) const;
    void advance(double t);
    bool countPivot();
    // The sets. settleAtBound: the event's row goes to N at its bound; joinClamped: a row of N
    // whose w reached 0 joins C; addClamped: C grows by j with l_ = U^-T A_Cj and Schur
    // complement s; schurFloor: s, or the floor it is raised to.
    void settleAtBound(const Step& st);
    void joinClamped(int j);
    void addClamped(int j, double s);
    void removeClamped(int j);
    double schurFloor(int j, double s);
    // Friction (lcp_friction.cpp). relabelPinned: rows between equal bounds take the side their
    // w presses; frictionAtBound: the rows at a friction bound (P); frictionSystem: G = I + D H
    // for P; newtonTargets: where the rows of P head this round.
    void relabelPinned();
    std::vector<int> frictionAtBound() const;
    std::vector<double> frictionSystem(const std::vector<int>& P);
    void newtonTargets();

    const Mlcp& p_;
    const RowStore rows_;
    const int n_;
    const int maxPivots_;
    const double tolW_;
    std::vector<double> w_, lo_, hi_, dlo_, dhi_;
    std::vector<double> reg_, anchor_; // A' = A + diag(reg), q' = q - anchor
    std::vector<double> target_; // where a row at a friction bound is headed (outer loop)
    std::vector<RowState> state_;
    std::vector<int> C_, slot_, frictionRows_;
    CholeskyFactor factor_; // of A'_CC, rows in C's order
    std::vector<Driver> drivers_;
    // rhs_: sum_j v_j A_Cj over the drivers; l_: U^-T rhs_ (for one driver, its factor row).
    std::vector<double> rhs_, l_, dxC_, dw_;
};

} // namespace tumble::lcp_detail
