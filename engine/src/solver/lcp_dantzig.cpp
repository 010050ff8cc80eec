// Principal pivoting for the box-bounded MLCP: adding rows one at a time, the ratio test, the
// factor updates (the state is described in lcp_pivoting.h, the math in lcp.h), and the entry
// point that orders the rows and runs the friction loop of lcp_friction.cpp.
#include "solver/lcp_pivoting.h"

#include <algorithm>
#include <cmath>

namespace tumble {
namespace lcp_detail {

PrincipalPivoting::PrincipalPivoting(const Mlcp& p, int maxPivots)
    : x(p.n, 0.0), p_(p), rows_(p), n_(p.n), maxPivots_(maxPivots), tolW_(kZeroW * maxAbs(p.q)),
      w_(p.n), lo_(p.lo), hi_(p.hi), dlo_(p.n, 0.0), dhi_(p.n, 0.0), reg_(p.n, 0.0),
      anchor_(p.n, 0.0), target_(p.n, 0.0), state_(p.n, RowState::Unprocessed), slot_(p.n, -1),
      rhs_(p.n), l_(p.n), dxC_(p.n), dw_(p.n) {
    // Every row starts at rest: 0, or the bound nearest to it. Friction rows start at 0 with
    // bounds 0 until they are added.
    for (int r = 0; r < n_; ++r) {
        if (isFriction(r)) {
            lo_[r] = hi_[r] = 0.0;
            frictionRows_.push_back(r);
        } else {
            x[r] = std::clamp(0.0, lo_[r], hi_[r]);
        }
        reg_[r] = kLcpRegularisation * diagonal(r);
    }
    for (int r = 0; r < n_; ++r) w_[r] = exactW(r);
}

void PrincipalPivoting::direction() {
    const int m = size();
    std::fill_n(rhs_.begin(), m, 0.0);
    for (const Driver& d : drivers_) rows_.gather(d.row, d.rate, C_, slot_, rhs_.data());
    // dx_C = -A'_CC^-1 rhs = -U^-1 U^-T rhs.
    std::copy_n(rhs_.begin(), m, l_.begin());
    factor_.solveLower(l_.data());
    for (int k = 0; k < m; ++k) dxC_[k] = -l_[k];
    factor_.solveUpper(dxC_.data());
    // dw = A' dx: A's rows, then the diagonal R.
    std::fill(dw_.begin(), dw_.end(), 0.0);
    for (const Driver& d : drivers_) rows_.addRow(d.row, d.rate, dw_.data());
    for (int k = 0; k < m; ++k)
        if (dxC_[k] != 0.0) rows_.addRow(C_[k], dxC_[k], dw_.data());
    for (const Driver& d : drivers_) dw_[d.row] += reg_[d.row] * d.rate;
    for (int k = 0; k < m; ++k) dw_[C_[k]] += reg_[C_[k]] * dxC_[k];
}

// s is row j's Schur complement against C in A'. Below the floor kLcpPivot A_jj, R_jj grows by
// the difference, anchored at the current x_j (w_j does not jump). Returns the Schur complement
// in use.
double PrincipalPivoting::schurFloor(int j, double s) {
    const double floor = kLcpPivot * diagonal(j);
    if (s >= floor) return s;
    const double raise = floor - s;
    reg_[j] += raise;
    anchor_[j] += raise * x[j];
    return floor;
}

Step PrincipalPivoting::ratioTest(int driven, double dir, double tMax) const {
    Step best;
    if (driven >= 0) {
        const int i = driven;
        if (dir * dw_[i] > 0.0)
            best.offer(std::max(0.0, -w_[i] / dw_[i]), i, Event::DrivenZero, false);
        if (dir > 0.0 && hi_[i] < kInf)
            best.offer(std::max(0.0, hi_[i] - x[i]), i, Event::DrivenBound, true);
        if (dir < 0.0 && lo_[i] > -kInf)
            best.offer(std::max(0.0, x[i] - lo_[i]), i, Event::DrivenBound, false);
    }
    // A clamped x against a bound that may itself move: the gap closes at the difference of
    // the rates.
    for (int k = 0; k < size(); ++k) {
        const int j = C_[k];
        const double closeLo = dxC_[k] - dlo_[j];
        const double closeHi = dhi_[j] - dxC_[k];
        if (closeLo < 0.0 && lo_[j] > -kInf)
            best.offer(std::max(0.0, x[j] - lo_[j]) / -closeLo, j, Event::ClampedBound, false);
        if (closeHi < 0.0 && hi_[j] < kInf)
            best.offer(std::max(0.0, hi_[j] - x[j]) / -closeHi, j, Event::ClampedBound, true);
    }
    // A w at a bound crossing zero. A row pinned between equal bounds takes any w. A rate at
    // rounding level is no rate: a row that depends on C has dw_j = sum c_k dw_k = 0 exactly in
    // theory, and the rounding of that sum, taken for a rate, would pull it into C and out again
    // by steps of length zero, for ever.
    double dwScale = 0.0;
    for (int j = 0; j < n_; ++j) dwScale = std::max(dwScale, std::abs(dw_[j]));
    const double noise = kRateNoise * dwScale;
    for (int j = 0; j < n_; ++j) {
        if (!atBound(j) || (lo_[j] == hi_[j] && dlo_[j] == dhi_[j])) continue;
        if (state_[j] == RowState::AtLo && dw_[j] < -noise)
            best.offer(std::max(0.0, w_[j]) / -dw_[j], j, Event::BoundFree, false);
        if (state_[j] == RowState::AtHi && dw_[j] > noise)
            best.offer(std::max(0.0, -w_[j]) / dw_[j], j, Event::BoundFree, true);
    }
    if (tMax < kInf && best.t >= tMax) best = Step{tMax, -1, Event::End, false};
    return best;
}

void PrincipalPivoting::advance(double t) {
    if (t == 0.0) return;
    for (const Driver& d : drivers_) x[d.row] += t * d.rate;
    for (int k = 0; k < size(); ++k) x[C_[k]] += t * dxC_[k];
    lcpAxpy(t, dw_.data(), w_.data(), n_);
    for (int r : frictionRows_) {
        lo_[r] += t * dlo_[r];
        hi_[r] += t * dhi_[r];
    }
}

bool PrincipalPivoting::countPivot() {
    ++pivots;
    if (pivots % kRefreshPivots == 0) refresh();
    if (pivots <= maxPivots_) return true;
    failure = "pivot limit";
    return false;
}

void PrincipalPivoting::settleAtBound(const Step& st) {
    const int j = st.row;
    x[j] = st.upper ? hi_[j] : lo_[j];
    if (state_[j] == RowState::Clamped) removeClamped(j);
    state_[j] = st.upper ? RowState::AtHi : RowState::AtLo;
}

// C grows by row j: l_ holds U^-T A_Cj and s is the Schur complement A'_jj - l.l.
void PrincipalPivoting::addClamped(int j, double s) {
    factor_.append(l_.data(), s);
    slot_[j] = size();
    C_.push_back(j);
    state_[j] = RowState::Clamped;
}

void PrincipalPivoting::removeClamped(int j) {
    const int p = slot_[j];
    factor_.remove(p, rhs_.data());
    C_.erase(C_.begin() + p);
    for (int k = p; k < size(); ++k) slot_[C_[k]] = k;
    slot_[j] = -1;
}

// A w at a bound reached 0: the row joins C.
void PrincipalPivoting::joinClamped(int j) {
    w_[j] = 0.0;
    const int m = size();
    std::fill_n(l_.begin(), m, 0.0);
    rows_.gather(j, 1.0, C_, slot_, l_.data());
    factor_.solveLower(l_.data());
    addClamped(j, schurFloor(j, diagonal(j) + reg_[j] - lcpDot(l_.data(), l_.data(), m)));
}

double PrincipalPivoting::violationAtRest(int r) const {
    if (isFriction(r)) return p_.mu[r] * x[p_.findex[r]] == 0.0 ? 0.0 : std::abs(w_[r]);
    if (x[r] <= lo_[r] && w_[r] >= 0.0) return 0.0;
    if (x[r] >= hi_[r] && w_[r] <= 0.0) return 0.0;
    return std::abs(w_[r]);
}

bool PrincipalPivoting::addRow(int i) {
    if (isFriction(i)) {
        hi_[i] = p_.mu[i] * std::abs(x[p_.findex[i]]);
        lo_[i] = -hi_[i];
    }
    w_[i] = exactW(i);
    for (;;) {
        if (x[i] <= lo_[i] && w_[i] >= -tolW_) {
            state_[i] = RowState::AtLo;
            return true;
        }
        if (x[i] >= hi_[i] && w_[i] <= tolW_) {
            state_[i] = RowState::AtHi;
            return true;
        }
        if (std::abs(w_[i]) <= tolW_) {
            // Inside its bounds with w ~ 0: it belongs to C as it stands, unless it is zero.
            if (!(diagonal(i) > 0.0)) {
                state_[i] = RowState::Inert;
                return true;
            }
            joinClamped(i);
            return countPivot();
        }
        // Move x_i so that w_i heads for zero: dw_i = s dx_i with s > 0.
        const double dir = w_[i] > 0.0 ? -1.0 : 1.0;
        drivers_.assign(1, Driver{i, dir});
        direction();
        // l_ = dir U^-T A_Ci, so the Schur complement is A'_ii - l.l whatever the sign.
        const double s0 = diagonal(i) + reg_[i] - lcpDot(l_.data(), l_.data(), size());
        const double s = schurFloor(i, s0);
        dw_[i] += (s - s0) * dir;
        const Step st = ratioTest(i, dir, kInf);
        if (st.event == Event::None) {
            failure = "unbounded direction";
            return false;
        }
        advance(st.t);
        switch (st.event) {
        case Event::DrivenZero:
            w_[i] = 0.0;
            for (int k = 0; k < size(); ++k) l_[k] *= dir;
            addClamped(i, s);
            return countPivot();
        case Event::DrivenBound:
            settleAtBound(st);
            return countPivot();
        case Event::ClampedBound:
            settleAtBound(st);
            break;
        case Event::BoundFree:
            joinClamped(st.row);
            break;
        default:
            break;
        }
        if (!countPivot()) return false;
    }
}

void PrincipalPivoting::refresh() {
    for (int r = 0; r < n_; ++r) w_[r] = exactW(r);
    // Only a drift beyond rounding is corrected: A_CC^-1 magnifies rounding-level w_C into
    // x changes of cond(A_CC) eps along nearly redundant directions, which leave w alone but
    // move the friction bounds and the clamped x towards their bounds.
    const int m = size();
    double drift = 0.0;
    for (int k = 0; k < m; ++k) drift = std::max(drift, std::abs(w_[C_[k]]));
    if (drift <= tolW_) return;
    for (int k = 0; k < m; ++k) rhs_[k] = w_[C_[k]];
    factor_.solveLower(rhs_.data());
    factor_.solveUpper(rhs_.data());
    for (int k = 0; k < m; ++k) {
        x[C_[k]] -= rhs_[k];
        if (rhs_[k] != 0.0) rows_.addRow(C_[k], -rhs_[k], w_.data());
    }
}

} // namespace lcp_detail

namespace {

using lcp_detail::kBoundSettled;
using lcp_detail::kBoundStalled;
using lcp_detail::kInf;
using lcp_detail::maxAbs;
using lcp_detail::PrincipalPivoting;

/// Sizes, bounds and friction indices make sense.
bool validInput(const Mlcp& p) {
    const size_t n = static_cast<size_t>(p.n);
    if (p.n < 0 || p.A.size() != n * n || p.q.size() != n || p.lo.size() != n ||
        p.hi.size() != n || p.findex.size() != n)
        return false;
    for (int r = 0; r < p.n; ++r) {
        const int f = p.findex[r];
        if (f < 0) {
            if (!(p.lo[r] <= p.hi[r])) return false;
            continue;
        }
        if (f >= p.n || p.findex[f] >= 0 || p.mu.size() != n || !(p.mu[r] >= 0.0)) return false;
    }
    return true;
}

} // namespace

double mlcpError(const Mlcp& p, const std::vector<double>& x) {
    double err = 0.0;
    for (int i = 0; i < p.n; ++i) {
        const double w = lcpDot(p.A.data() + static_cast<size_t>(i) * p.n, x.data(), p.n) + p.q[i];
        double lo = p.lo[i], hi = p.hi[i];
        if (p.findex[i] >= 0) {
            hi = p.mu[i] * std::abs(x[p.findex[i]]);
            lo = -hi;
        }
        // mid(a, b, w) with a = x - lo >= b = x - hi is w clamped to [b, a].
        const double a = x[i] - lo, b = x[i] - hi;
        const double r = std::max(std::min(a, b), std::min(std::max(a, b), w));
        err = std::max(err, std::abs(r));
    }
    return err;
}

LcpReport solveDantzig(const Mlcp& p, std::vector<double>& x, int maxPivots, int maxOuter) {
    LcpReport report;
    if (!validInput(p)) {
        report.failure = "bad input";
        return report;
    }
    x.assign(p.n, 0.0);
    if (p.n == 0) {
        report.solved = true;
        return report;
    }
    PrincipalPivoting pp(p, maxPivots);
    // Rows without bounds first (they always end in C), then the other rows, then friction rows,
    // whose bounds need their normals. Within a group the row whose w is furthest from its
    // conditions goes next (as Lemke's first pivot does): rows placed early are then rarely
    // moved again (on random problems about half the pivots of index order).
    std::vector<int> groups[3];
    for (int r = 0; r < p.n; ++r) {
        const bool free = p.lo[r] == -kInf && p.hi[r] == kInf;
        groups[p.findex[r] >= 0 ? 2 : free ? 0 : 1].push_back(r);
    }
    bool settled = groups[2].empty();
    bool ok = true;
    for (std::vector<int>& pending : groups) {
        while (ok && !pending.empty()) {
            size_t next = 0;
            for (size_t k = 1; k < pending.size(); ++k) {
                const double a = pp.violationAtRest(pending[k]);
                const double b = pp.violationAtRest(pending[next]);
                if (a > b || (a == b && pending[k] < pending[next])) next = k;
            }
            ok = pp.addRow(pending[next]);
            pending[next] = pending.back();
            pending.pop_back();
        }
    }
    if (ok) pp.refresh();

    double previous = kInf;
    while (ok && !settled) {
        const double mismatch = pp.frictionMismatch();
        const double xScale = maxAbs(pp.x);
        settled = mismatch <= kBoundSettled * xScale ||
                  (mismatch > 0.5 * previous && mismatch <= kBoundStalled * xScale);
        if (settled || report.outerIterations >= maxOuter) break;
        previous = mismatch;
        ok = pp.updateFrictionBounds();
        ++report.outerIterations;
        if (ok) pp.refresh();
    }

    if (ok) pp.polish();
    x = pp.x;
    report.pivots = pp.pivots;
    report.complementarity = mlcpError(p, x);
    report.solved = ok && report.complementarity <= kLcpTolerance * maxAbs(p.q);
    if (!ok)
        report.failure = pp.failure;
    else if (!report.solved)
        report.failure = settled ? "tolerance not reached" : "friction bounds not converged";
    return report;
}

} // namespace tumble
