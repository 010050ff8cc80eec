#pragma once
// The wide solver's data movement between the step's rows and its groups (wide_contacts.h):
// packing the rows into groups, the accumulated impulses back into the rows or straight into
// the contact cache, and the table of one instruction set's entry points. Included, like
// wide_kernel.h, only by the files that build the kernel for one instruction set each
// (TUMBLE_WIDE_ISA, defined before the include).
#include "solver/wide_kernel.h"

namespace tumble {
namespace TUMBLE_WIDE_ISA {
namespace wide {

/// f(index of the group in `groups`, lane, its constraint, point p) for every point of every
/// live lane: how what the groups accumulated goes back to the rows it came from.
template <int W, class F>
void forEachLane(std::span<const WideGroup<W>> groups, std::span<ContactConstraint> constraints, F&& f) {
    for (size_t k = 0; k < groups.size(); ++k)
        for (int l = 0; l < W; ++l) {
            if (groups[k].constraint[l] == WideGroup<W>::kEmpty) continue;
            ContactConstraint& c = constraints[groups[k].constraint[l]];
            for (int i = 0; i < c.pointCount; ++i) f(k, l, c, i);
        }
}

} // namespace wide

template <int W>
void scatterWideSplitImpulses(std::span<const WideGroup<W>> groups, std::span<const WideSplitGroup<W>> splits,
                              std::span<ContactConstraint> constraints) {
    wide::forEachLane<W>(groups, constraints, [&](size_t k, int l, ContactConstraint& c, int i) {
        c.splitImpulse[i] = splits[k].splitImpulse[i][l];
    });
}

template <int W>
void fillWideGroups(std::span<const ContactConstraint> constraints,
                    std::span<const uint32_t> manifolds, std::span<WideGroup<W>> groups,
                    std::span<WideSplitGroup<W>> splits, std::span<SolverBody> warmStartBodies) {
    // Groups are kept from step to step and refilled: only the points a group uses are cleared
    // (a sphere's manifold has one of the four, and clearing all cost more than filling them).
    for (size_t gi = 0; gi < groups.size(); ++gi) {
        const std::span<const uint32_t> lanes =
            manifolds.subspan(gi * W, std::min<size_t>(W, manifolds.size() - gi * W));
        WideSplitGroup<W>& s = splits[gi];
        WideGroup<W>& g = groups[gi];
        const int live = static_cast<int>(lanes.size());
        g.pointCount = 0;
        for (int l = 0; l < live; ++l)
            g.pointCount = std::max(g.pointCount, constraints[lanes[l]].pointCount);
        std::memset(static_cast<void*>(g.K), 0, sizeof g.K);
        std::memset(static_cast<void*>(g.invDiagonal), 0, sizeof g.invDiagonal);
        g.normal = {};
        g.invMassA = g.invMassB = typename WideLanes<W>::F{};
        bool filled = false;
#if defined(__AVX2__)
        if constexpr (W == 8)
            if (g.pointCount >= 2) {
                static const ContactConstraint kNone{}; // an empty lane's row: all zero
                const ContactConstraint* rows[8];
                for (int l = 0; l < 8; ++l) {
                    rows[l] = l < live ? &constraints[lanes[l]] : &kNone;
                    g.constraint[l] = l < live ? lanes[l] : WideGroup<W>::kEmpty;
                    g.manifold[l] = rows[l]->manifold;
                    g.bodyA[l] = rows[l]->indexA, g.bodyB[l] = rows[l]->indexB;
                    g.invMassA[l] = rows[l]->invMassA, g.invMassB[l] = rows[l]->invMassB;
                    wide::setLane(g.normal, l, laneVector(rows[l]->axis[kNormalRow], 0));
                }
                withPointCount(g.pointCount,
                               [&]<int N>() { wide::fillGroupTransposed<N>(g, s, rows); });
                filled = true;
            }
#endif
        if (!filled) {
            std::memset(static_cast<void*>(g.points), 0, sizeof(WidePoint<W>) * g.pointCount);
            s = WideSplitGroup<W>{};
            for (int l = 0; l < W; ++l) {
                g.constraint[l] = l < live ? lanes[l] : WideGroup<W>::kEmpty;
                g.manifold[l] = g.bodyA[l] = g.bodyB[l] = 0;
                if (l >= live) continue;
                const ContactConstraint& c = constraints[lanes[l]];
                g.manifold[l] = c.manifold;
                g.bodyA[l] = c.indexA, g.bodyB[l] = c.indexB;
                g.invMassA[l] = c.invMassA, g.invMassB[l] = c.invMassB;
                wide::setLane(g.normal, l, laneVector(c.axis[kNormalRow], 0));
                for (int i = 0; i < c.pointCount; ++i) {
                    for (int j = 0; j < c.pointCount; ++j) g.K[i][j][l] = c.block.K[i][j];
                    g.invDiagonal[i][l] = c.block.invDiagonal[i];
                    WidePoint<W>& q = g.points[i];
                    wide::setLane(q.t1, l, laneVector(c.axis[kTangent1Row], i));
                    wide::setLane(q.t2, l, laneVector(c.axis[kTangent2Row], i));
                    wide::setLane(q.rA, l, laneVector(c.rA, i));
                    wide::setLane(q.rB, l, laneVector(c.rB, i));
                    for (int k = 0; k < 3; ++k) {
                        wide::setLane(q.responseA[k], l, laneVector(c.responseA[k], i));
                        wide::setLane(q.responseB[k], l, laneVector(c.responseB[k], i));
                    }
                    q.tangentMass[0][l] = c.tangentMass[0][i], q.tangentMass[1][l] = c.tangentMass[1][i];
                    q.bias[l] = c.bias[i];
                    q.tangentBias[0][l] = c.tangentBias[0][i], q.tangentBias[1][l] = c.tangentBias[1][i];
                    q.friction[l] = c.sliding[i] ? -c.friction[i] : c.friction[i];
                    q.normalImpulse[l] = c.normalImpulse[i];
                    q.tangentImpulse[0][l] = c.tangentImpulse[0][i], q.tangentImpulse[1][l] = c.tangentImpulse[1][i];
                    s.correctionVelocity[i][l] = c.correctionVelocity[i];
                    s.splitImpulse[i][l] = c.splitImpulse[i];
                }
            }
        }
        // Its warm start while it is in cache.
        if (!warmStartBodies.empty())
            withPointCount(g.pointCount,
                           [&]<int N>() { wide::warmStartGroup<W, N>(g, warmStartBodies); });
    }
}

template <int W>
void scatterWideImpulses(std::span<const WideGroup<W>> groups, std::span<ContactConstraint> constraints) {
    wide::forEachLane<W>(groups, constraints, [&](size_t k, int l, ContactConstraint& c, int i) {
        const WidePoint<W>& q = groups[k].points[i];
        c.normalImpulse[i] = q.normalImpulse[l];
        c.tangentImpulse[0][i] = q.tangentImpulse[0][l];
        c.tangentImpulse[1][i] = q.tangentImpulse[1][l];
    });
}

template <int W>
void finishWideContacts(std::span<const WideGroup<W>> groups, std::span<const WideSplitGroup<W>> splits,
                        const WideFinish& f) {
    for (size_t k = 0; k < groups.size(); ++k)
        for (int l = 0; l < W; ++l) {
            const WideGroup<W>& g = groups[k];
            // The next group's manifolds are asked for while this one's are written.
            if (k + 1 < groups.size() && groups[k + 1].constraint[l] != WideGroup<W>::kEmpty)
                prefetchManifold(f.manifolds[groups[k + 1].manifold[l]]);
            if (g.constraint[l] == WideGroup<W>::kEmpty) continue;
            ContactManifoldInfo& m = f.manifolds[g.manifold[l]];
            // The lane's rows as the rows would hold them; its friction's sign is the kernel's
            // sliding flag, not part of the coefficient.
            SolvedRows rows{};
            for (int i = 0; i < m.pointCount; ++i) {
                const WidePoint<W>& q = g.points[i];
                rows.normalImpulse[i] = q.normalImpulse[l];
                rows.tangentImpulse[0][i] = q.tangentImpulse[0][l];
                rows.tangentImpulse[1][i] = q.tangentImpulse[1][l];
                rows.friction[i] = std::fabs(q.friction[l]);
                rows.splitImpulse[i] = splits[k].splitImpulse[i][l];
                rows.t1.x[i] = q.t1.x[l], rows.t1.y[i] = q.t1.y[l], rows.t1.z[i] = q.t1.z[l];
                rows.t2.x[i] = q.t2.x[l], rows.t2.y[i] = q.t2.y[l], rows.t2.z[i] = q.t2.z[l];
            }
            const uint32_t a = g.bodyA[l], b = g.bodyB[l];
            finishManifold(m, f.figures.empty() ? nullptr : &f.figures[g.manifold[l]], f.bodies[a], f.bodies[b],
                           f.split[a], f.split[b], rows, f.dt);
        }
}

/// This set's entry points (wide_contacts.h's wideKernels).
template <int W> WideKernels<W> kernelTable() {
    return {&fillWideGroups<W>,           &solveWideGroups<W>, &solveWideSplitPass<W>,
            &scatterWideSplitImpulses<W>, &shockWideGroup<W>,  &scatterWideImpulses<W>,
            &finishWideContacts<W>};
}

} // namespace TUMBLE_WIDE_ISA
} // namespace tumble
