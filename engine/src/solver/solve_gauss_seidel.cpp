// Projected Gauss-Seidel: each row sees the velocities the rows before it produced.
//
// Within a manifold the rows see each other through the couplings of prepareContacts
// (contact_solver.h): friction point by point, then the normal rows together. Their
// coupling K_ij = J_i M^-1 J_j^T is a 4 x 4 matrix, so a few inner sweeps over scalars
// settle how the load splits between the points before the bodies' velocities are touched.
// Visiting the points one by one hands the first point more than its share every
// iteration; in a tall stack that bias tilts every box the same way and the stack walks off.
#include "solver/contact_rows.h"
#include "solver/friction.h"
#include "solver/probe_measure.h"

#include <cmath>

namespace tumble {
namespace {

struct PassSettings {
    float omega = 1.0f; ///< relaxation
    int sweeps = 1;     ///< inner sweeps of the normal block
    bool cone = false;
    bool measure = false; ///< track the largest impulse change
};

// One manifold of N points, in the house loop shape: the two bodies' velocities into
// locals, every row's impulse clamped and accumulated, the differences applied, one write
// back. sA, sB scale each side's inverse mass and inertia: 1, or 0 for a side the
// shock-propagation pass freezes. When measuring, raises each lane of `largest` to the point's
// squared impulse change (friction |dlambda_t|^2 or normal dlambda_n^2, whichever is larger).
// With Sweep, the rows are also measured into `measure` at the velocities the pass started
// from, with the impulses they held (probe.h's SweepProbe). The measure comes last: there its
// arithmetic, which nothing in the solve waits on, overlaps the solve's final stores (first,
// it delayed the solve's chain: the probe cost 12 % of a pyramid step instead of 8 %).
// Kept out of line, one function per point count, whether the pass measures or not: inlined
// into the pass loop, the measuring kernel came out slower by more than its measure costs.
template <int N, bool Sweep>
[[gnu::noinline]] void solvePoints(ContactConstraint& c, SolverBody& a, SolverBody& b, float sA, float sB,
                 const PassSettings& pass, float4& largest, LaneMeasure* measure) {
    float4 vA = toFloat4(a.v), wA = toFloat4(a.w), vB = toFloat4(b.v), wB = toFloat4(b.w);
    const LaneVectors vrel = relativeVelocity(c, vA, wA, vB, wB);
    float4 Cdot[3] = {along(vrel, c.axis[0]), along(vrel, c.axis[1]), along(vrel, c.axis[2])};
    float d1[4] = {0.0f, 0.0f, 0.0f, 0.0f}, d2[4] = {0.0f, 0.0f, 0.0f, 0.0f};

    // Friction first (see contact_solver.h for why), point by point; a point's impulse
    // reaches the rows after it through the coupling. Unrolled, so lanes are registers.
    // The friction rows' Cdot are kept as scalars, one per point, and only the points still to
    // come are updated: each point waits on the one before it, and a scalar multiply-add is a
    // shorter wait than a lane shuffle, a vector multiply-add and a shuffle back (the sums are
    // the same, in the same order, so the results are bit for bit those of the vector form).
    // The normal rows' Cdot, needed whole after the loop, stays a vector.
    const float4 old1 = c.tangentImpulse[0], old2 = c.tangentImpulse[1];
    const float4 m1 = -pass.omega * c.tangentMass[0], m2 = -pass.omega * c.tangentMass[1];
    const float4 limit = c.friction * c.normalImpulse;
    float t1[N], t2[N];
    for (int i = 0; i < N; ++i) t1[i] = Cdot[kTangent1Row][i], t2[i] = Cdot[kTangent2Row][i];
#pragma GCC unroll 4
    for (int i = 0; i < N; ++i) {
        d1[i] = m1[i] * (t1[i] - c.tangentBias[0][i]);
        d2[i] = m2[i] * (t2[i] - c.tangentBias[1][i]);
        clampFrictionChange(old1[i], old2[i], d1[i], d2[i], limit[i], pass.cone, c.sliding[i]);
        const float4(&toNormal)[2] = c.frictionToNormal[i];
        Cdot[kNormalRow] += toNormal[0] * d1[i] + toNormal[1] * d2[i];
#pragma GCC unroll 4
        for (int j = i + 1; j < N; ++j) {
            const float(&f)[2][2] = c.frictionToFriction[frictionPair(i, j)];
            t1[j] += f[0][0] * d1[i] + f[1][0] * d2[i];
            t2[j] += f[0][1] * d1[i] + f[1][1] * d2[i];
        }
    }

    // Normal rows, the manifold's points together. With m_i = omega / K_ii the step of row i
    // is lambda_i = max(lambda_i - m_i (Cdot_i - bias_i), 0), a change of max(G_i, -lambda_i)
    // for G = -m (Cdot - bias); an impulse change x on row i moves G by -m K_i x.
    const float4 m = pass.omega * c.block.invDiagonal;
    float4 G = -m * (Cdot[kNormalRow] - c.bias);
    const float4 response[4] = {-m * c.block.K[0], -m * c.block.K[1], -m * c.block.K[2], -m * c.block.K[3]};
    const float4 impulse = c.normalImpulse;
    float delta[4] = {0.0f, 0.0f, 0.0f, 0.0f};
    // G as scalars too, for the same reason: the sweep is one chain through all the points.
    float g[N];
    for (int i = 0; i < N; ++i) g[i] = G[i];
    for (int sweep = 0; sweep < pass.sweeps; ++sweep) {
#pragma GCC unroll 4
        for (int i = 0; i < N; ++i) {
            const float change = maxf(g[i], -(impulse[i] + delta[i]));
            delta[i] += change;
#pragma GCC unroll 4
            for (int j = 0; j < N; ++j) g[j] += response[i][j] * change;
        }
    }
    // Apply exactly what the accumulated impulses gained (after their rounding), so the
    // velocities and the impulses warm starting reads never drift apart.
    c.normalImpulse = impulse + float4{delta[0], delta[1], delta[2], delta[3]};
    c.tangentImpulse[0] = old1 + float4{d1[0], d1[1], d1[2], d1[3]};
    c.tangentImpulse[1] = old2 + float4{d2[0], d2[1], d2[2], d2[3]};
    const float4 dlambda[3] = {c.normalImpulse - impulse, c.tangentImpulse[0] - old1,
                               c.tangentImpulse[1] - old2};

    if (pass.measure) {
        // Four lanes at once, off the chain the passes wait on (absent lanes change nothing).
        const float4 normal = dlambda[0] * dlambda[0];
        const float4 friction = dlambda[1] * dlambda[1] + dlambda[2] * dlambda[2];
        const float4 larger = normal > friction ? normal : friction;
        largest = larger > largest ? larger : largest;
    }

    applyImpulses(c, dlambda, sA * c.invMassA, sB * c.invMassB, sA, sB, vA, wA, vB, wB);
    a.v = toVec3(vA), a.w = toVec3(wA);
    b.v = toVec3(vB), b.w = toVec3(wB);
    // The rows as the pass before left them, with the impulses they held: the probe's measure.
    if constexpr (Sweep) measure->manifoldAtStart(c, impulse, old1, old2, pass.cone);
}

template <bool Sweep = false>
void solveManifold(ContactConstraint& c, std::span<SolverBody> bodies, float sA, float sB,
                   const PassSettings& pass, float4& largest, LaneMeasure* measure = nullptr) {
    // Rows prepared for the wide kernel (the overflow it hands over, or the shock pass) have
    // the normal block alone; the real masses' friction columns are computed once, here.
    if (sA == 1.0f && sB == 1.0f && !c.frictionCoupled) computeCoupling(c, 1.0f, 1.0f);
    withPointCount(c.pointCount, [&]<int N>() {
        solvePoints<N, Sweep>(c, bodies[c.indexA], bodies[c.indexB], sA, sB, pass, largest, measure);
    });
}

/// |dlambda| of the largest lane.
float largestChange(float4 squared) {
    return std::sqrt(maxf(maxf(squared[0], squared[1]), maxf(squared[2], squared[3])));
}

} // namespace

float solveContactsGaussSeidel(std::span<ContactConstraint> constraints,
                               std::span<SolverBody> bodies, const StepContext& ctx,
                               VelocityScratch& scratch) {
    const bool shock = !scratch.frozenSide.empty();
    PassSettings pass;
    pass.omega = ctx.relaxation;
    pass.cone = ctx.cone;
    // The largest impulse change is a figure for the Solver panel: only the last iteration's counts.
    pass.measure = scratch.measureEveryPass || scratch.iteration + 1 >= scratch.iterationCount;
    // More inner sweeps where the load split is least settled: the first iteration and the
    // shock-propagation pass.
    pass.sweeps = (scratch.iteration == 0 || shock) ? kInnerSweeps : kInnerSweeps / 2;
    float4 largest{};
    if (!shock && scratch.sweep) {
        for (ContactConstraint& c : constraints) solveManifold<true>(c, bodies, 1.0f, 1.0f, pass, largest, scratch.sweep);
        return largestChange(largest);
    }
    if (!shock) {
        for (ContactConstraint& c : constraints) solveManifold(c, bodies, 1.0f, 1.0f, pass, largest);
        return largestChange(largest);
    }
    // Shock propagation, bottom-up: the body nearer the ground acts as if it had infinite
    // mass. The couplings of frozen pairs are rebuilt with those masses (shockPassGaussSeidel
    // puts their normal blocks back for the split-impulse pass that follows). Each level's
    // manifolds are visited kShockVisitsPerLevel times before the level above (see there);
    // without levels (none computed) all are one run.
    const auto constraintAt = [&](size_t visit) {
        return scratch.order.empty() ? visit : size_t(scratch.order[visit]);
    };
    const auto levelAt = [&](size_t visit) {
        return scratch.shockLevel.empty() ? 0u : scratch.shockLevel[constraintAt(visit)];
    };
    forEachShockVisit(constraints.size(), levelAt, [&](size_t visit, size_t, int round) {
        ContactConstraint& c = constraints[constraintAt(visit)];
        const uint8_t frozen = scratch.frozenSide[constraintAt(visit)];
        const float sA = frozen == 1 ? 0.0f : 1.0f, sB = frozen == 2 ? 0.0f : 1.0f;
        if (frozen != 0 && round == 0) computeCoupling(c, sA, sB);
        // The probe measures each row once, as the pass first reaches it.
        if (scratch.sweep && round == 0)
            solveManifold<true>(c, bodies, sA, sB, pass, largest, scratch.sweep);
        else
            solveManifold(c, bodies, sA, sB, pass, largest);
    });
    return largestChange(largest);
}

void shockManifoldGaussSeidel(ContactConstraint& c, std::span<SolverBody> bodies, const StepContext& ctx,
                              uint8_t frozen) {
    PassSettings pass;
    pass.omega = ctx.relaxation;
    pass.cone = ctx.cone;
    pass.sweeps = kInnerSweeps;
    const float sA = frozen == 1 ? 0.0f : 1.0f, sB = frozen == 2 ? 0.0f : 1.0f;
    // As the shock pass above: a frozen pair's couplings rebuilt for the visit, then its real
    // normal block put back for the split-impulse pass.
    const NormalBlock kept = c.block;
    if (frozen != 0) computeCoupling(c, sA, sB);
    float4 largest{};
    solveManifold(c, bodies, sA, sB, pass, largest);
    c.block = kept;
}

} // namespace tumble
