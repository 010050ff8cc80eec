#pragma once
// Dense factorisations for the Dantzig solver (lcp_dantzig.cpp): an updatable Cholesky factor of
// the clamped block A_CC, and a one-shot LU solve for the small friction system.
//
// Why a factor and not the explicit inverse: redundant contacts make A_CC nearly singular
// (condition 1e8 and worse with light regularisation). Bordering and deflating an explicit
// inverse accumulates errors of order cond x eps per update, and after a few hundred updates
// the Schur complements it yields (1e-7 and smaller for a nearly redundant row) have the wrong
// sign. Cholesky is backward stable: a row's Schur complement s = A_jj - |U^-T a|^2 comes out
// with an error of order eps |A| however ill-conditioned A_CC is, and triangular solves leave
// residuals of that order too, so w_C stays 0 to rounding.
#include "solver/lcp.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <vector>

namespace tumble {

/// A_CC = U^T U with U upper triangular, row-major (row k holds columns k..m-1), grown on demand.
/// Costs: each solve m^2 / 2, append O(m) given U^-T a, remove O((m - p) m).
class CholeskyFactor {
public:
    int size() const { return m_; }

    /// Solves U^T y = b in place (forward substitution; y = U^-T b).
    void solveLower(double* b) const {
        for (int k = 0; k < m_; ++k) {
            const double* Uk = row(k);
            b[k] /= Uk[k];
            if (b[k] != 0.0) lcpAxpy(-b[k], Uk + k + 1, b + k + 1, m_ - k - 1);
        }
    }

    /// Solves U x = y in place (back substitution).
    void solveUpper(double* y) const {
        for (int k = m_ - 1; k >= 0; --k) {
            const double* Uk = row(k);
            y[k] = (y[k] - lcpDot(Uk + k + 1, y + k + 1, m_ - k - 1)) / Uk[k];
        }
    }

    /// Borders the factor with a row: l = U^-T a, s = A_jj - l.l > 0 (the Schur complement).
    void append(const double* l, double s) {
        reserve(m_ + 1);
        for (int k = 0; k < m_; ++k) row(k)[m_] = l[k];
        row(m_)[m_] = std::sqrt(s);
        ++m_;
    }

    /// Removes row and column p. Rows below p had U_33^T U_33 + u u^T with u = U_p,(p+1..) in
    /// their block; a rank-one update (one rotation per row; Golub & Van Loan, "Matrix
    /// Computations") folds u into U_33. Then the block moves up and left by one. scratch: m
    /// doubles.
    void remove(int p, double* scratch) {
        const int r = m_ - p - 1;
        double* u = scratch;
        std::copy_n(row(p) + p + 1, r, u);
        for (int k = 0; k < r; ++k) {
            double* Uk = row(p + 1 + k) + p + 1; // row k of U_33; Uk[k] is its diagonal
            const double rho = std::hypot(Uk[k], u[k]);
            const double c = rho / Uk[k], s = u[k] / Uk[k];
            Uk[k] = rho;
            for (int i = k + 1; i < r; ++i) {
                Uk[i] = (Uk[i] + s * u[i]) / c;
                u[i] = c * u[i] - s * Uk[i];
            }
        }
        for (int k = 0; k < p; ++k) std::copy(row(k) + p + 1, row(k) + m_, row(k) + p);
        for (int k = p + 1; k < m_; ++k) std::copy(row(k) + k, row(k) + m_, row(k - 1) + k - 1);
        --m_;
    }

private:
    double* row(int k) { return U_.get() + static_cast<size_t>(k) * ld_; }
    const double* row(int k) const { return U_.get() + static_cast<size_t>(k) * ld_; }

    // Doubling growth. The storage is left uninitialised (only the upper triangle of the
    // leading m x m block is ever read, and every entry of it is written first): zeroing tens of
    // megabytes on each growth cost a sixth of a large solve.
    void reserve(int m) {
        if (m <= ld_) return;
        const int ld = std::max({2 * ld_, 32, m});
        std::unique_ptr<double[]> grown(new double[static_cast<size_t>(ld) * ld]);
        for (int k = 0; k < m_; ++k)
            std::copy(row(k) + k, row(k) + m_, grown.get() + size_t(k) * ld + k);
        U_ = std::move(grown);
        ld_ = ld;
    }

    std::unique_ptr<double[]> U_;
    int ld_ = 0;
    int m_ = 0;
};

/// Solves G y = b in place (G k x k row-major, overwritten) by Gaussian elimination with partial
/// pivoting, ties to the upper row. False when a pivot is below 1e-12 (G is about I plus
/// coupling terms; smaller means singular for the purpose).
inline bool solveDenseInPlace(std::vector<double>& G, std::vector<double>& b, int k) {
    for (int c = 0; c < k; ++c) {
        int best = c;
        for (int r = c + 1; r < k; ++r)
            if (std::abs(G[size_t(r) * k + c]) > std::abs(G[size_t(best) * k + c])) best = r;
        if (!(std::abs(G[size_t(best) * k + c]) > 1e-12)) return false;
        if (best != c) {
            std::swap_ranges(&G[size_t(c) * k], &G[size_t(c) * k] + k, &G[size_t(best) * k]);
            std::swap(b[c], b[best]);
        }
        const double* pivotRow = &G[size_t(c) * k];
        for (int r = c + 1; r < k; ++r) {
            const double f = G[size_t(r) * k + c] / pivotRow[c];
            if (f == 0.0) continue;
            lcpAxpy(-f, pivotRow + c, &G[size_t(r) * k + c], k - c);
            b[r] -= f * b[c];
        }
    }
    for (int c = k - 1; c >= 0; --c) {
        const double* row = &G[size_t(c) * k];
        b[c] = (b[c] - lcpDot(row + c + 1, &b[c + 1], k - c - 1)) / row[c];
    }
    return true;
}

} // namespace tumble
