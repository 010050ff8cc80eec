// Lemke's complementary pivoting for the standard LCP (the math and the sources are in lcp.h).
//
// The system is  I w - M z - d z0 = q  with d = 1. Its 2n + 1 variables are numbered w_j = j,
// z_j = n + j, z0 = 2n; a basis holds one variable per row. With B the basis matrix (columns
// e_j for w_j, -M_j for z_j, -d for z0) the basic values are b = B^-1 q, and a variable entering
// with column c changes them along y = B^-1 c: b(t) = b - t y. The ratio test picks the first row
// whose value reaches 0; that row's variable leaves, and its complement enters next.
//
// B^-1 is stored column-major: the update on a pivot in row r (eta matrix)
//   B'^-1 = E B^-1,  row r divided by y_r, every other row k minus y_k times the new row r,
// is then one axpy with y per column, and B^-1 c = sum_k c_k (column k of B^-1) is a sum of
// axpys, both over contiguous memory.
#include "solver/lcp.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace tumble {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
/// Relative tolerance under which two ratios in the ratio test count as tied.
constexpr double kTie = 1e-12;
/// Iterative refinement passes on the final basis.
constexpr int kRefinements = 3;
/// Regularisation the pivoting sees, relative to each diagonal entry (M_jj -> (1 + it) M_jj):
/// redundant contacts make M singular, and the explicit basis inverse loses every digit on
/// nearly singular bases. polish takes its effect out of the answer.
constexpr double kLemkeRegularisation = 1e-6;

class Lemke {
public:
    Lemke(int n, const std::vector<double>& M, const std::vector<double>& q);

    /// Runs from the first pivot to termination. Fills the report's pivots and failure.
    void run(int maxPivots, LcpReport& report);
    /// z of the current basis, negative rounding clipped to 0.
    void solution(std::vector<double>& z) const;
    /// Polishes z (the solution, with lcpError err) against the true M; updates both.
    void polish(std::vector<double>& z, double& err);

private:
    int z0() const { return 2 * n_; }
    int complement(int v) const { return v < n_ ? v + n_ : v - n_; }
    double* column(int c) { return Binv_.data() + static_cast<size_t>(c) * n_; }
    double inverse(int r, int c) const { return Binv_[static_cast<size_t>(c) * n_ + r]; }

    void enteringColumn(int v);
    /// out += a (column c of B^-1).
    void addColumn(int c, double a, double* out);
    int ratioTest() const;
    void pivot(int r, int v);
    void refine(bool trueM);

    const int n_;
    const std::vector<double>& M_;
    const std::vector<double>& q_;
    // Nonzeros of M's columns (M need not be symmetric).
    std::vector<int> colStart_, colRow_;
    std::vector<double> colVal_;
    std::vector<double> Binv_, b_, y_;
    std::vector<double> reg_; // M' = M + diag(reg): what the pivoting sees
    // unit_[c]: column c of B^-1 is still e_c (w_c has never left the basis); such columns are
    // skipped by the updates and added as one entry, which makes a pivot O(n m), m the number
    // of rows ever pivoted on, instead of O(n^2).
    std::vector<char> unit_;
    std::vector<int> basis_, rowOf_;
};

Lemke::Lemke(int n, const std::vector<double>& M, const std::vector<double>& q)
    : n_(n), M_(M), q_(q), colStart_(n + 1, 0), Binv_(static_cast<size_t>(n) * n, 0.0), b_(q),
      y_(n), reg_(n, 0.0), unit_(n, 1), basis_(n), rowOf_(2 * n + 1, -1) {
    for (int c = 0; c < n; ++c) {
        for (int r = 0; r < n; ++r) {
            double v = M[static_cast<size_t>(r) * n + c];
            if (r == c && v > 0.0) {
                reg_[c] = kLemkeRegularisation * v;
                v += reg_[c];
            }
            if (v == 0.0) continue;
            colRow_.push_back(r);
            colVal_.push_back(v);
        }
        colStart_[c + 1] = static_cast<int>(colRow_.size());
    }
    for (int r = 0; r < n; ++r) {
        column(r)[r] = 1.0;
        basis_[r] = r;
        rowOf_[r] = r;
    }
}

// y = B^-1 c for the column c of variable v.
void Lemke::enteringColumn(int v) {
    if (v < n_) {
        std::copy_n(column(v), n_, y_.begin());
        return;
    }
    std::fill(y_.begin(), y_.end(), 0.0);
    if (v == z0()) {
        for (int k = 0; k < n_; ++k) addColumn(k, -1.0, y_.data());
        return;
    }
    const int j = v - n_;
    for (int e = colStart_[j]; e < colStart_[j + 1]; ++e)
        addColumn(colRow_[e], -colVal_[e], y_.data());
}

void Lemke::addColumn(int c, double a, double* out) {
    if (unit_[c])
        out[c] += a;
    else
        lcpAxpy(a, column(c), out, n_);
}

// Rows that block (y_k > 0) and reach 0 first. Ties: the row of z0 (it leaving ends the
// algorithm), then the lexicographically smallest row of B^-1 / y_k (no cycling), then the
// smallest row.
int Lemke::ratioTest() const {
    double yMax = 0.0;
    for (double v : y_) yMax = std::max(yMax, std::abs(v));
    const double yTol = kLcpPivot * yMax;
    double best = kInf;
    for (int k = 0; k < n_; ++k)
        if (y_[k] > yTol) best = std::min(best, std::max(0.0, b_[k]) / y_[k]);
    if (best == kInf) return -1;
    std::vector<int> tied;
    for (int k = 0; k < n_; ++k)
        if (y_[k] > yTol && std::max(0.0, b_[k]) / y_[k] <= best + kTie * (1.0 + best))
            tied.push_back(k);
    if (rowOf_[z0()] >= 0 &&
        std::find(tied.begin(), tied.end(), rowOf_[z0()]) != tied.end())
        return rowOf_[z0()];
    for (int c = 0; c < n_ && tied.size() > 1; ++c) {
        double least = kInf;
        for (int k : tied) least = std::min(least, inverse(k, c) / y_[k]);
        const double tol = kTie * (1.0 + std::abs(least));
        std::erase_if(tied, [&](int k) { return inverse(k, c) / y_[k] > least + tol; });
    }
    return tied.front();
}

// Variable v enters in row r: b(t) = b - t y with t = b_r / y_r, and B^-1 <- E B^-1.
void Lemke::pivot(int r, int v) {
    const double yr = y_[r];
    const double t = b_[r] / yr;
    lcpAxpy(-t, y_.data(), b_.data(), n_);
    b_[r] = t;
    for (int c = 0; c < n_; ++c) {
        if (unit_[c] && c != r) continue; // row r of e_c is 0
        unit_[c] = 0;
        double* col = column(c);
        const double alpha = col[r] / yr;
        if (alpha == 0.0) continue;
        lcpAxpy(-alpha, y_.data(), col, n_);
        col[r] = alpha;
    }
    rowOf_[basis_[r]] = -1;
    basis_[r] = v;
    rowOf_[v] = r;
}

// The basic values drift with every eta update; iterative refinement on B b = q:
// b += B^-1 (q - B b), with B b = sum over rows of (column of the basic variable) b_r, the
// columns from M' or (trueM) from M: B'^-1 then serves as the approximate inverse.
void Lemke::refine(bool trueM) {
    std::vector<double> residual(q_);
    for (int r = 0; r < n_; ++r) {
        const int v = basis_[r];
        if (v < n_) {
            residual[v] -= b_[r];
        } else if (v == z0()) {
            for (double& e : residual) e += b_[r];
        } else {
            const int j = v - n_;
            for (int e = colStart_[j]; e < colStart_[j + 1]; ++e)
                residual[colRow_[e]] += colVal_[e] * b_[r];
            if (trueM) residual[j] -= reg_[j] * b_[r];
        }
    }
    for (int c = 0; c < n_; ++c)
        if (residual[c] != 0.0) addColumn(c, residual[c], b_.data());
}

void Lemke::run(int maxPivots, LcpReport& report) {
    // z0 enters with column -d; it must lift the most negative q to 0, so it replaces that w.
    int r = static_cast<int>(std::min_element(q_.begin(), q_.end()) - q_.begin());
    int entering = z0();
    for (;;) {
        enteringColumn(entering);
        if (entering != z0()) r = ratioTest();
        if (r < 0) {
            report.failure = "ray termination";
            return;
        }
        const int leaving = basis_[r];
        pivot(r, entering);
        if (++report.pivots > maxPivots) {
            report.failure = "pivot limit";
            return;
        }
        if (leaving == z0()) break;
        entering = complement(leaving);
    }
    for (int k = 0; k < kRefinements; ++k) refine(false);
}

// Newton steps on the true M with the final basis, kept while the error falls: they remove
// the regularisation's share kLemkeRegularisation M_jj z_j of the error (on a well-conditioned
// basis each divides it by about lambda_min / (kLemkeRegularisation M_jj)).
void Lemke::polish(std::vector<double>& z, double& err) {
    std::vector<double> trial;
    for (int pass = 0; pass < kRefinements && err > 0.0; ++pass) {
        const std::vector<double> kept = b_;
        refine(true);
        solution(trial);
        const double trialErr = lcpError(n_, M_, q_, trial);
        if (!(trialErr < err)) {
            b_ = kept;
            return;
        }
        z.swap(trial);
        err = trialErr;
    }
}

void Lemke::solution(std::vector<double>& z) const {
    z.assign(n_, 0.0);
    for (int r = 0; r < n_; ++r)
        if (basis_[r] >= n_ && basis_[r] < z0()) z[basis_[r] - n_] = std::max(0.0, b_[r]);
}

} // namespace

double lcpError(int n, const std::vector<double>& M, const std::vector<double>& q,
                const std::vector<double>& z) {
    double err = 0.0;
    for (int i = 0; i < n; ++i) {
        const double w = lcpDot(M.data() + static_cast<size_t>(i) * n, z.data(), n) + q[i];
        err = std::max(err, std::abs(std::min(z[i], w)));
    }
    return err;
}

LcpReport solveLemke(int n, const std::vector<double>& M, const std::vector<double>& q,
                     std::vector<double>& z, int maxPivots) {
    LcpReport report;
    const size_t size = static_cast<size_t>(std::max(n, 0));
    if (n < 0 || M.size() != size * size || q.size() != size) {
        report.failure = "bad input";
        return report;
    }
    z.assign(size, 0.0);
    // q >= 0: z = 0 is the solution.
    if (n == 0 || *std::min_element(q.begin(), q.end()) >= 0.0) {
        report.solved = true;
        return report;
    }
    Lemke lemke(n, M, q);
    lemke.run(maxPivots, report);
    lemke.solution(z);
    report.complementarity = lcpError(n, M, q, z);
    if (report.failure.empty()) lemke.polish(z, report.complementarity);
    double qScale = 0.0;
    for (double v : q) qScale = std::max(qScale, std::abs(v));
    report.solved = report.failure.empty() && report.complementarity <= kLcpTolerance * qScale;
    if (report.failure.empty() && !report.solved) report.failure = "tolerance not reached";
    return report;
}

} // namespace tumble
