// Split impulse (Catto; Bullet's "split impulse"): penetration is removed by pseudo-
// velocities that move positions this step and are then discarded, so pushing bodies apart
// adds no kinetic energy, unlike a Baumgarte bias in the velocity rows.
//
//   target  b = min(erp/dt * max(depth - slop, 0), maxCorrectionVelocity)
//   row     dlambda_s = -m_n (n . (vB' + wB' x rB - vA' - wA' x rA) - b),  lambda_s >= 0
// where v', w' are the pseudo-velocities. The rows are the velocity rows' normal rows; the
// accumulated pseudo impulse starts at zero every step (never warm started).
#include "solver/contact_rows.h"

namespace tumble {
namespace {

// The points of a manifold together, as in the velocity pass (solve_gauss_seidel.cpp): one
// at a time, the first would take more than its share and tilt the body.
template <int N> void solveSplitManifold(ContactConstraint& c, SplitVelocity& a, SplitVelocity& b) {
    float4 vA = toFloat4(a.v), wA = toFloat4(a.w);
    float4 vB = toFloat4(b.v), wB = toFloat4(b.w);
    // As in the velocity pass (solve_gauss_seidel.cpp): G = -m (Cdot - target), and an
    // impulse change x on row i moves G by -m K_i x.
    const float4 m = c.normalMass;
    float4 G = -m * (along(relativeVelocity(c, vA, wA, vB, wB), c.axis[kNormalRow]) - c.correctionVelocity);
    const float4 response[4] = {-m * c.block.K[0], -m * c.block.K[1], -m * c.block.K[2], -m * c.block.K[3]};
    float delta[4] = {0.0f, 0.0f, 0.0f, 0.0f};
    for (int sweep = 0; sweep < kInnerSweeps; ++sweep) {
        for (int i = 0; i < N; ++i) {
            // A point with nothing to correct and no pseudo impulse yet stays out.
            const float accumulated = c.splitImpulse[i] + delta[i];
            if (c.correctionVelocity[i] <= 0.0f && accumulated == 0.0f) continue;
            const float change = maxf(G[i], -accumulated);
            delta[i] += change;
            G += response[i] * change;
        }
    }
    const float4 dlambda[3] = {float4{delta[0], delta[1], delta[2], delta[3]}, float4{}, float4{}};
    c.splitImpulse += dlambda[kNormalRow];
    applyImpulses(c, dlambda, c.invMassA, c.invMassB, 1.0f, 1.0f, vA, wA, vB, wB);
    a.v = toVec3(vA), a.w = toVec3(wA);
    b.v = toVec3(vB), b.w = toVec3(wB);
}

} // namespace

void solveSplitImpulse(std::span<ContactConstraint> constraints, std::span<SplitVelocity> split) {
    for (ContactConstraint& c : constraints) {
        withPointCount(c.pointCount, [&]<int N>() {
            solveSplitManifold<N>(c, split[c.indexA], split[c.indexB]);
        });
    }
}

} // namespace tumble
