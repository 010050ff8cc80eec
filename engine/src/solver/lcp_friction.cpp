// The friction rows' bounds (-mu |x_f| <= x <= mu |x_f|, x_f the final normal): the outer loop
// that moves them to the normals the pivoting found, Newton on that fixed point, and the final
// polish that takes the regularisation back out. The state is described in lcp_pivoting.h.
#include "solver/lcp_pivoting.h"

#include <algorithm>
#include <cmath>

namespace tumble::lcp_detail {

double PrincipalPivoting::frictionMismatch() const {
    double most = 0.0;
    for (int r : frictionRows_)
        most = std::max(most, std::abs(hi_[r] - p_.mu[r] * std::abs(x[p_.findex[r]])));
    return most;
}

void PrincipalPivoting::relabelPinned() {
    // A row pinned between equal bounds takes any w; once they part, it follows the bound that
    // its w presses against.
    for (int r : frictionRows_)
        if (atBound(r) && lo_[r] == hi_[r])
            state_[r] = w_[r] >= 0.0 ? RowState::AtLo : RowState::AtHi;
}

std::vector<int> PrincipalPivoting::frictionAtBound() const {
    std::vector<int> P;
    for (int r : frictionRows_)
        if (atBound(r)) P.push_back(r);
    return P;
}

// G = I + D H for the rows P at a friction bound: G_jc = delta_jc + sigma_j mu_j sgn(x_f)
// (A'_CC^-1 A_C,P_c)_f, f the normal of P_j (the row is zero when f is not in C).
std::vector<double> PrincipalPivoting::frictionSystem(const std::vector<int>& P) {
    const int k = static_cast<int>(P.size());
    const int m = size();
    // Rows of A'_CC^-1 for the normals of P (A'_CC^-1 e_f: it is symmetric), one per normal;
    // a normal's friction rows are neighbours in P.
    std::vector<int> zOf(k, -1);
    std::vector<double> Z;
    for (int j = 0; j < k; ++j) {
        const int f = p_.findex[P[j]];
        if (slot_[f] < 0) continue;
        if (j > 0 && p_.findex[P[j - 1]] == f) {
            zOf[j] = zOf[j - 1];
            continue;
        }
        zOf[j] = static_cast<int>(Z.size());
        Z.resize(Z.size() + m, 0.0);
        double* z = &Z[static_cast<size_t>(zOf[j])];
        z[slot_[f]] = 1.0;
        factor_.solveLower(z);
        factor_.solveUpper(z);
    }
    std::vector<double> G(size_t(k) * k, 0.0);
    std::vector<int> idx;
    std::vector<double> val;
    for (int c = 0; c < k; ++c) {
        rows_.restrict(P[c], C_, slot_, idx, val);
        for (int j = 0; j < k; ++j) {
            if (zOf[j] < 0) continue;
            const double* z = &Z[static_cast<size_t>(zOf[j])];
            double d = 0.0;
            for (size_t e = 0; e < idx.size(); ++e) d += z[idx[e]] * val[e];
            G[size_t(j) * k + c] += slope(P[j]) * d;
        }
        G[size_t(c) * k + c] += 1.0;
    }
    return G;
}

// Rows at a friction bound (P) sit at x_j = beta_j, which should be sigma_j mu_j |x_f| (sigma
// = +1 at hi, -1 at lo). While the sets stay, the mismatch r_j = beta_j - sigma_j mu_j |x_f| is
// affine in beta:
//
//   dx_C = -A'_CC^-1 A_CP dbeta,   dr_j = dbeta_j + sigma_j mu_j sgn(x_f) (A'_CC^-1 A_CP dbeta)_f,
//
// so dbeta = -(I + D H)^-1 r, H the normals' rows of A'_CC^-1 A_CP, removes it in one step
// (Newton on the fixed point; the plain update dbeta = -r converges only geometrically, slowly
// when friction moves the normals strongly). Sets target_ = beta + dbeta for the rows of P.
void PrincipalPivoting::newtonTargets() {
    const std::vector<int> P = frictionAtBound();
    const int k = static_cast<int>(P.size());
    std::vector<double> G = frictionSystem(P), dbeta(k);
    for (int j = 0; j < k; ++j)
        dbeta[j] = sigma(P[j]) * p_.mu[P[j]] * std::abs(x[p_.findex[P[j]]]) - x[P[j]];
    // The plain step when G is (nearly) singular, or when Newton would go both far beyond the
    // plain step and far relative to the impulses: friction feeding back on the normals by a
    // factor near 1 (a tall stack sliding) makes the linear model useless beyond a short step.
    const std::vector<double> plain = dbeta;
    const double reach = std::max(kNewtonTrust * maxAbs(plain), kNewtonReach * maxAbs(x));
    if (!solveDenseInPlace(G, dbeta, k) || !(maxAbs(dbeta) <= reach)) dbeta = plain;
    for (int j = 0; j < k; ++j) target_[P[j]] = x[P[j]] + dbeta[j];
}

// The rows of P move to their targets, x_C follows, and the bounds of the other friction rows
// move to mu |x_f| along with x_f, as one parametric motion from t = 0 to 1 with the usual
// events (after one, the rest of the motion starts again from t = 0). A row that reaches its
// friction bound on the way keeps the rate its bound had; the next round of the outer loop
// corrects what the changed sets left over.
bool PrincipalPivoting::updateFrictionBounds() {
    relabelPinned();
    newtonTargets();
    for (;;) {
        relabelPinned();
        drivers_.clear();
        for (int r : frictionRows_) {
            if (!atBound(r)) continue;
            // A normal that has left C stays put: its friction bound is known exactly.
            const int f = p_.findex[r];
            if (slot_[f] < 0) target_[r] = sigma(r) * p_.mu[r] * std::abs(x[f]);
            const double rate = target_[r] - x[r];
            dhi_[r] = sigma(r) * rate;
            dlo_[r] = -dhi_[r];
            if (rate != 0.0) drivers_.push_back({r, rate});
        }
        direction();
        for (int r : frictionRows_) {
            if (atBound(r)) continue;
            const int f = p_.findex[r];
            const double dxf = slot_[f] >= 0 ? dxC_[slot_[f]] : 0.0;
            dhi_[r] = p_.mu[r] * (std::abs(x[f]) + sgn(x[f]) * dxf) - hi_[r];
            dlo_[r] = -dhi_[r];
        }
        const Step st = ratioTest(-1, 0.0, 1.0);
        advance(st.t);
        if (st.event == Event::End) break;
        if (st.event == Event::ClampedBound) {
            settleAtBound(st);
            // It keeps heading where its bound was heading: the same rate in both sets.
            const int r = st.row;
            if (isFriction(r)) target_[r] = sigma(r) * (hi_[r] + (1.0 - st.t) * dhi_[r]);
        }
        if (st.event == Event::BoundFree) joinClamped(st.row);
        if (!countPivot()) return false;
    }
    // The rows at a bound carried x and the bound together, so x stays where the motion put it
    // (setting it to mu |x_f| here would move w_C by the rounding of the motion, and A'_CC^-1
    // would magnify that along nearly redundant directions). The other bounds take the normals'
    // values.
    for (int r : frictionRows_) {
        dlo_[r] = dhi_[r] = 0.0;
        if (atBound(r)) continue;
        hi_[r] = p_.mu[r] * std::abs(x[p_.findex[r]]);
        lo_[r] = -hi_[r];
    }
    return true;
}

// With the sets fixed, the true problem is linear in x_C once the rows at a friction bound
// follow their normals (x_P = S x_C, S_jf = sigma_j mu_j sgn(x_f)): (A_CC + A_CP S) dx_C = -w_C.
// A'_CC stands in for A_CC (a Newton step with a Jacobian off by the regularisation), and the
// friction columns come in by Woodbury with the G of newtonTargets:
//
//   u = A'_CC^-1 w_C,   dx_C = -(u - A'_CC^-1 A_CP G^-1 S u).
//
// On a well-conditioned problem each step divides the regularisation's error kLcpRegularisation
// A_jj x_j by about lambda_min(A_CC) / (kLcpRegularisation A_jj); along nearly redundant
// directions it could amplify rounding instead, which the error test refuses.
void PrincipalPivoting::polish() {
    const int m = size();
    const std::vector<int> P = frictionAtBound();
    const int k = static_cast<int>(P.size());
    double err = mlcpError(p_, x);
    std::vector<double> trial, u(m), y(k);
    for (int pass = 0; pass < kPolishPasses && m > 0 && err > 0.0; ++pass) {
        for (int c = 0; c < m; ++c) u[c] = rows_.dot(C_[c], x.data()) + p_.q[C_[c]];
        factor_.solveLower(u.data());
        factor_.solveUpper(u.data());
        if (k > 0) {
            std::vector<double> G = frictionSystem(P);
            for (int j = 0; j < k; ++j) {
                const int f = p_.findex[P[j]];
                y[j] = slot_[f] >= 0 ? slope(P[j]) * u[slot_[f]] : 0.0;
            }
            if (solveDenseInPlace(G, y, k)) {
                std::fill_n(rhs_.begin(), m, 0.0);
                for (int j = 0; j < k; ++j) rows_.gather(P[j], y[j], C_, slot_, rhs_.data());
                factor_.solveLower(rhs_.data());
                factor_.solveUpper(rhs_.data());
                for (int c = 0; c < m; ++c) u[c] -= rhs_[c];
            }
        }
        trial = x;
        for (int c = 0; c < m; ++c) trial[C_[c]] -= u[c];
        for (int r : P) trial[r] = sigma(r) * p_.mu[r] * std::abs(trial[p_.findex[r]]);
        const double trialErr = mlcpError(p_, trial);
        if (!(trialErr < err)) break;
        x.swap(trial);
        err = trialErr;
    }
}

} // namespace tumble::lcp_detail
