#pragma once
// The wide solver's passes (wide_contacts.h; packing and the entry points are in wide_pack.h,
// which includes this), included only by the files that compile them for one instruction set
// each, in a namespace of its own (TUMBLE_WIDE_ISA, defined before the include):
// wide_contacts.cpp (W = 4, SSE), wide_contacts_avx2.cpp (W = 8, AVX2) and
// wide_contacts_avx512.cpp (W = 8, AVX2 with AVX-512VL's 32 registers). The namespaces keep the
// sets' copies apart: a helper emitted out of line in one file is not the one another calls.
#if !defined(TUMBLE_WIDE_ISA)
#error "define TUMBLE_WIDE_ISA (the instruction set's namespace) before including wide_kernel.h"
#endif
#include "solver/contact_rows.h"
#include "solver/wide_contacts.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstring>
#include <type_traits>
#if defined(__AVX2__)
#include "solver/wide_transposes.h"
#endif

namespace tumble {
namespace TUMBLE_WIDE_ISA {
namespace wide {

template <int W> using F = typename WideLanes<W>::F;
template <int W> using I = typename WideLanes<W>::I;

template <int W> inline F<W> select(I<W> mask, F<W> a, F<W> b) { return mask ? a : b; }
template <int W> inline F<W> maxLanes(F<W> a, F<W> b) { return a > b ? a : b; }
template <int W> inline F<W> minLanes(F<W> a, F<W> b) { return a < b ? a : b; }
/// |a| and whether a's sign bit is set (-0 included), lane by lane.
template <int W> inline F<W> absLanes(F<W> a) { return (F<W>)((I<W>)a & 0x7fffffff); }
template <int W> inline I<W> signLanes(F<W> a) { return (I<W>)a < 0; }

template <int W> inline F<W> dot(const WideVector<W>& a, const WideVector<W>& b) {
    return a.x * b.x + a.y * b.y + a.z * b.z;
}

/// The velocities of a lane's bodies, gathered into lanes.
template <int W> struct Velocities {
    WideVector<W> vA, wA, vB, wB;

    /// vB + wB x rB - vA - wA x rA (contact_rows.h's relativeVelocity, lane by lane).
    WideVector<W> relative(const WideVector<W>& rA, const WideVector<W>& rB) const {
        return {(vB.x + (wB.y * rB.z - wB.z * rB.y)) - (vA.x + (wA.y * rA.z - wA.z * rA.y)),
                (vB.y + (wB.z * rB.x - wB.x * rB.z)) - (vA.y + (wA.z * rA.x - wA.x * rA.z)),
                (vB.z + (wB.x * rB.y - wB.y * rB.x)) - (vA.z + (wA.x * rA.y - wA.y * rA.x))};
    }

    /// An impulse P on B (and -P on A) with angular responses dwA (taken from A), dwB.
    void apply(const WideVector<W>& P, F<W> mA, F<W> mB, const WideVector<W>& dwA, const WideVector<W>& dwB) {
        vA.x -= mA * P.x, vA.y -= mA * P.y, vA.z -= mA * P.z;
        vB.x += mB * P.x, vB.y += mB * P.y, vB.z += mB * P.z;
        wA.x -= dwA.x, wA.y -= dwA.y, wA.z -= dwA.z;
        wB.x += dwB.x, wB.y += dwB.y, wB.z += dwB.z;
    }
};

/// a * s + b * t, component by component.
template <int W> inline WideVector<W> combine(const WideVector<W>& a, F<W> s, const WideVector<W>& b, F<W> t) {
    return {a.x * s + b.x * t, a.y * s + b.y * t, a.z * s + b.z * t};
}

template <int W> inline void setLane(WideVector<W>& out, int lane, const glm::vec3& v) {
    out.x[lane] = v.x, out.y[lane] = v.y, out.z[lane] = v.z;
}

template <int W> inline glm::vec3 lane(const WideVector<W>& v, int l) { return {v.x[l], v.y[l], v.z[l]}; }

/// The two bodies of each lane of a group, as records with velocities v and w: the real ones
/// (SolverBody) or split impulse's pseudo-velocities (SplitVelocity). Gathered into lanes,
/// and written back to the bodies that move (the group's inverse masses say which: a body
/// that does not move is shared by any number of lanes, and an empty lane reads one at rest).
template <int W, class Record> struct LaneBodies {
    Record* a[W];
    Record* b[W];
    bool live[W];

    /// `none`: the record an empty lane reads (at rest; never written, as an empty lane is not).
    /// `only`, when given: the lanes taken part (the others are read and written as empty).
    LaneBodies(const WideGroup<W>& g, std::span<Record> records, Record& none, const bool* only = nullptr) {
        for (int l = 0; l < W; ++l) {
            live[l] = g.constraint[l] != WideGroup<W>::kEmpty && (only == nullptr || only[l]);
            a[l] = live[l] ? &records[g.bodyA[l]] : &none;
            b[l] = live[l] ? &records[g.bodyB[l]] : &none;
        }
    }

#if defined(__AVX2__)
    /// Eight SolverBody records, each a 64-byte line whose first eight floats are v, w and two
    /// of the inertia's, are one 8 x 8 transpose from lanes: eight loads and 24 shuffles where
    /// building each lane vector from eight scalars took 48 inserts and 96 loads.
    static constexpr bool kTransposed = W == 8 && std::is_same_v<Record, SolverBody>;
    /// The records' first eight floats as loaded, rows 6 and 7 (inertia) kept for the way back.
    mutable __m256 restA[2], restB[2];

    static void gatherSide(Record* const (&side)[W], WideVector<W>& v, WideVector<W>& w, __m256 (&rest)[2]) {
        __m256 r[8];
        for (int l = 0; l < 8; ++l) r[l] = _mm256_loadu_ps(&side[l]->v.x);
        transpose8(r);
        v = {r[0], r[1], r[2]}, w = {r[3], r[4], r[5]};
        rest[0] = r[6], rest[1] = r[7];
    }

    static void scatterSide(Record* const (&side)[W], const bool (&write)[W], const WideVector<W>& v,
                            const WideVector<W>& w, const __m256 (&rest)[2]) {
        __m256 r[8] = {v.x, v.y, v.z, w.x, w.y, w.z, rest[0], rest[1]};
        transpose8(r);
        for (int l = 0; l < 8; ++l)
            if (write[l]) _mm256_storeu_ps(&side[l]->v.x, r[l]);
    }
#else
    static constexpr bool kTransposed = false;
#endif

    // Kept out of line (as gather and scatter of the same group are called once a group): in
    // the kernel's inner loop it held registers the rows need; inlined by the compiler's choice
    // when another caller was removed, the base-100 pyramid's velocity passes took 10-15 % longer.
    [[gnu::noinline]] Velocities<W> gather() const {
        Velocities<W> vel;
#if defined(__AVX2__)
        if constexpr (kTransposed) {
            static_assert(offsetof(SolverBody, w) == 12 && sizeof(SolverBody) >= 32);
            gatherSide(a, vel.vA, vel.wA, restA);
            gatherSide(b, vel.vB, vel.wB, restB);
            return vel;
        }
#endif
        for (int l = 0; l < W; ++l) {
            setLane(vel.vA, l, a[l]->v), setLane(vel.wA, l, a[l]->w);
            setLane(vel.vB, l, b[l]->v), setLane(vel.wB, l, b[l]->w);
        }
        return vel;
    }

    [[gnu::noinline]] void scatter(const WideGroup<W>& g, const Velocities<W>& vel) const {
#if defined(__AVX2__)
        if constexpr (kTransposed) {
            bool writeA[W], writeB[W];
            for (int l = 0; l < W; ++l) writeA[l] = live[l] && g.invMassA[l] > 0.0f, writeB[l] = live[l] && g.invMassB[l] > 0.0f;
            scatterSide(a, writeA, vel.vA, vel.wA, restA);
            scatterSide(b, writeB, vel.vB, vel.wB, restB);
            return;
        }
#endif
        for (int l = 0; l < W; ++l) {
            if (!live[l]) continue;
            if (g.invMassA[l] > 0.0f) a[l]->v = lane(vel.vA, l), a[l]->w = lane(vel.wA, l);
            if (g.invMassB[l] > 0.0f) b[l]->v = lane(vel.vB, l), b[l]->w = lane(vel.wB, l);
        }
    }
};

/// Normal impulse changes d_p of a group's N points applied to its bodies: the linear impulse
/// (sum d_p) n and the angular responses sum d_p I^-1 (r_p x n). Returns sum d_p.
/// sA, sB scale each side's inverse mass and inertia (the shock pass: 0 for a frozen side).
template <int W, int N>
inline F<W> applyNormalChanges(const WideGroup<W>& g, const F<W> (&d)[4], Velocities<W>& vel, F<W> sA = F<W>{} + 1.0f,
                               F<W> sB = F<W>{} + 1.0f) {
    F<W> total{};
    WideVector<W> dwA, dwB;
#pragma GCC unroll 4
    for (int p = 0; p < N; ++p) {
        const WidePoint<W>& q = g.points[p];
        total += d[p];
        dwA.x += d[p] * q.responseA[0].x, dwA.y += d[p] * q.responseA[0].y, dwA.z += d[p] * q.responseA[0].z;
        dwB.x += d[p] * q.responseB[0].x, dwB.y += d[p] * q.responseB[0].y, dwB.z += d[p] * q.responseB[0].z;
    }
    vel.apply({total * g.normal.x, total * g.normal.y, total * g.normal.z}, sA * g.invMassA, sB * g.invMassB,
              {sA * dwA.x, sA * dwA.y, sA * dwA.z}, {sB * dwB.x, sB * dwB.y, sB * dwB.z});
    return total;
}

/// A shock-pass visit's lanes (wide.cpp's ShockVisit): those at the level visited, and per lane the
/// scale of each side's inverse mass and inertia, 0 for the side frozen (nearer the ground).
template <int W> struct ShockLanes {
    bool live[W];
    I<W> liveMask; ///< -1 in the live lanes
    F<W> sA, sB;
    WideShockBlock<W>* block; ///< the frozen normal blocks: computed into, or read when `again`
    bool again;
};

/// The normal block of each lane with its frozen side infinitely heavy: the moving side's terms
/// alone, K_ij = m (n . n) + (r_j x n) . I^-1 (r_i x n) (solve_gauss_seidel.cpp's
/// computeCoupling with one side's scale zero, lane by lane); the group's own block in lanes with
/// no side frozen.
template <int W, int N>
inline void frozenBlock(const WideGroup<W>& g, const ShockLanes<W>& shock, F<W> (&K)[4][4], F<W> (&invDiagonal)[4]) {
    const F<W> zero{}, one = zero + 1.0f;
    const I<W> moveA = shock.sB == zero, frozen = moveA | (shock.sA == zero);
    const F<W> mass = select<W>(moveA, g.invMassA, g.invMassB);
    const F<W> nn = dot<W>(g.normal, g.normal);
    WideVector<W> j[4], response[4];
#pragma GCC unroll 4
    for (int p = 0; p < N; ++p) {
        const WidePoint<W>& q = g.points[p];
        const WideVector<W> r{select<W>(moveA, q.rA.x, q.rB.x), select<W>(moveA, q.rA.y, q.rB.y),
                              select<W>(moveA, q.rA.z, q.rB.z)};
        j[p] = {r.y * g.normal.z - r.z * g.normal.y, r.z * g.normal.x - r.x * g.normal.z,
                r.x * g.normal.y - r.y * g.normal.x};
        response[p] = {select<W>(moveA, q.responseA[0].x, q.responseB[0].x),
                       select<W>(moveA, q.responseA[0].y, q.responseB[0].y),
                       select<W>(moveA, q.responseA[0].z, q.responseB[0].z)};
    }
#pragma GCC unroll 4
    for (int i = 0; i < N; ++i)
#pragma GCC unroll 4
        for (int k = 0; k < N; ++k) K[i][k] = select<W>(frozen, mass * nn + dot<W>(j[k], response[i]), g.K[i][k]);
    // A lane's absent points keep zero: their effective mass, the group's, is zero.
#pragma GCC unroll 4
    for (int p = 0; p < N; ++p) {
        const I<W> present = g.invDiagonal[p] > zero;
        const F<W> inverse = one / select<W>(present, K[p][p], one);
        invDiagonal[p] = select<W>(frozen, select<W>(present, inverse, zero), g.invDiagonal[p]);
    }
}

/// `sweeps` sweeps over a normal block of N rows: row i's change, clamped so that its impulse
/// stays >= 0, carried to every row's gap through `response`. The passes sweep kInnerSweeps
/// times or half as many: as constants those unroll whole (about 3% off the base-40 pyramid's
/// velocity passes, measured interleaved in one process); any other count loops.
template <int W, int N>
[[gnu::always_inline]] inline void sweepNormalBlock(int sweeps, F<W> (&gap)[4], F<W> (&delta)[4],
                                                    const F<W> (&impulse)[4], const F<W> (&response)[4][4]) {
    auto sweep = [&]() __attribute__((always_inline)) {
#pragma GCC unroll 4
        for (int i = 0; i < N; ++i) {
            const F<W> change = maxLanes<W>(gap[i], -(impulse[i] + delta[i]));
            delta[i] += change;
#pragma GCC unroll 4
            for (int j = 0; j < N; ++j) gap[j] += response[i][j] * change;
        }
    };
    if (sweeps == kInnerSweeps) {
#pragma GCC unroll 4
        for (int k = 0; k < kInnerSweeps; ++k) sweep();
    } else if (sweeps == kInnerSweeps / 2) {
#pragma GCC unroll 2
        for (int k = 0; k < kInnerSweeps / 2; ++k) sweep();
    } else {
        for (int k = 0; k < sweeps; ++k) sweep();
    }
}

/// Asks for the lines of `g` a pass reads: what precedes its points, the points it holds, and
/// its bodies and point count after them. A pass streams the groups front to back, but within a
/// group it reads them out of order and skips the absent points, and on the base-100 pyramid
/// (11 MB of groups) the velocity passes waited on memory for a third of their time without
/// this (WidePassSettings::prefetch).
template <int W> [[gnu::always_inline]] inline void prefetchGroup(const WideGroup<W>& g) {
    constexpr size_t kLine = 64; // bytes
    const char* at = reinterpret_cast<const char*>(&g);
    const size_t points = offsetof(WideGroup<W>, points) + size_t(g.pointCount) * sizeof(WidePoint<W>);
    for (size_t line = 0; line < points; line += kLine) __builtin_prefetch(at + line);
    for (size_t line = offsetof(WideGroup<W>, constraint) / kLine * kLine; line < sizeof g; line += kLine)
        __builtin_prefetch(at + line);
}

/// One group of manifolds of at most N points: friction point by point, then the normal block.
/// N is a constant so that the loops over points unroll and their figures stay in registers.
/// With Shock, a shock-pass visit: only `shock`'s live lanes move and keep their impulses, each
/// with its frozen side's inverse mass and inertia scaled to zero.
template <int W, int N, bool Shock = false>
[[gnu::noinline]] void solveGroup(WideGroup<W>& g, std::span<SolverBody> bodies, const WidePassSettings& pass,
                                  F<W>& largest, WideLaneChange* changes, const ShockLanes<W>* shock = nullptr) {
    SolverBody none{};
    const LaneBodies<W, SolverBody> lanes(g, bodies, none, Shock ? shock->live : nullptr);
    Velocities<W> vel = lanes.gather();
    const F<W> zero{};
    F<W> mA = g.invMassA, mB = g.invMassB;
    if constexpr (Shock) mA *= shock->sA, mB *= shock->sB;
    constexpr int count = N;
    WideVector<W> frictionSum;

    // Friction, point by point, from the normal impulses the manifold comes in with.
#pragma GCC unroll 4
    for (int p = 0; p < count; ++p) {
        WidePoint<W>& q = g.points[p];
        const WideVector<W> dv = vel.relative(q.rA, q.rB);
        F<W> d1 = -pass.omega * q.tangentMass[0] * (dot(q.t1, dv) - q.tangentBias[0]);
        F<W> d2 = -pass.omega * q.tangentMass[1] * (dot(q.t2, dv) - q.tangentBias[1]);
        // The coefficient's sign bit says whether the point slides; its magnitude is mu.
        const I<W> sliding = signLanes<W>(q.friction);
        const F<W> limit = absLanes<W>(q.friction) * q.normalImpulse;
        const F<W> old1 = q.tangentImpulse[0], old2 = q.tangentImpulse[1];
        // friction.h's clampFrictionChange, lane by lane: the change clamped per axis (the
        // pyramid, and a sliding point's t1 in either model; its t2 carries nothing) ...
        const F<W> axis1 = minLanes<W>(maxLanes<W>(d1, -limit - old1), limit - old1);
        const F<W> axis2 = select<W>(sliding, -old2, minLanes<W>(maxLanes<W>(d2, -limit - old2), limit - old2));
        if (pass.cone) {
            // ... or, for a sticking point under the cone, the sum put back on the disc.
            F<W> t1 = old1 + d1, t2 = old2 + d2;
            const I<W> outside = (t1 * t1 + t2 * t2 > limit * limit) & ~sliding;
            for (int l = 0; l < W; ++l)
                if (outside[l]) {
                    const float s = limit[l] / std::sqrt(t1[l] * t1[l] + t2[l] * t2[l]);
                    t1[l] *= s;
                    t2[l] *= s;
                }
            d1 = select<W>(sliding, axis1, t1 - old1);
            d2 = select<W>(sliding, axis2, t2 - old2);
        } else {
            d1 = axis1;
            d2 = axis2;
        }
        // Apply exactly what the accumulated impulses gained, after their rounding.
        q.tangentImpulse[0] = old1 + d1;
        q.tangentImpulse[1] = old2 + d2;
        if constexpr (Shock) {
            q.tangentImpulse[0] = select<W>(shock->liveMask, q.tangentImpulse[0], old1);
            q.tangentImpulse[1] = select<W>(shock->liveMask, q.tangentImpulse[1], old2);
        }
        d1 = q.tangentImpulse[0] - old1;
        d2 = q.tangentImpulse[1] - old2;
        const WideVector<W> P = combine<W>(q.t1, d1, q.t2, d2);
        WideVector<W> dwA = combine<W>(q.responseA[1], d1, q.responseA[2], d2);
        WideVector<W> dwB = combine<W>(q.responseB[1], d1, q.responseB[2], d2);
        if constexpr (Shock) {
            dwA = {shock->sA * dwA.x, shock->sA * dwA.y, shock->sA * dwA.z};
            dwB = {shock->sB * dwB.x, shock->sB * dwB.y, shock->sB * dwB.z};
        }
        vel.apply(P, mA, mB, dwA, dwB);
        if (pass.measure) largest = maxLanes<W>(largest, d1 * d1 + d2 * d2);
        if (changes) {
            frictionSum.x += P.x, frictionSum.y += P.y, frictionSum.z += P.z;
        }
    }

    // The normal rows as one block: lambda_i = max(lambda_i - m_i (Cdot_i - bias_i), 0), m_i =
    // omega / K_ii, swept kInnerSweeps times; a change x on row i moves the step of row j by
    // -m_j K_ij x.
    F<W> gap[4], impulse[4], delta[4], m[4];
    if constexpr (Shock)
        if (!shock->again) frozenBlock<W, N>(g, *shock, shock->block->K, shock->block->invDiagonal);
    const F<W>(&K)[4][4] = Shock ? shock->block->K : g.K;
    const F<W>(&invDiagonal)[4] = Shock ? shock->block->invDiagonal : g.invDiagonal;
#pragma GCC unroll 4
    for (int p = 0; p < count; ++p) {
        const WidePoint<W>& q = g.points[p];
        m[p] = pass.omega * invDiagonal[p];
        gap[p] = -m[p] * (dot(g.normal, vel.relative(q.rA, q.rB)) - q.bias);
        impulse[p] = q.normalImpulse;
        delta[p] = zero;
    }
    F<W> response[4][4];
#pragma GCC unroll 4
    for (int i = 0; i < count; ++i)
#pragma GCC unroll 4
        for (int j = 0; j < count; ++j) response[i][j] = -m[j] * K[i][j];
    sweepNormalBlock<W, N>(pass.sweeps, gap, delta, impulse, response);
    F<W> d[4];
#pragma GCC unroll 4
    for (int p = 0; p < count; ++p) {
        WidePoint<W>& q = g.points[p];
        q.normalImpulse = impulse[p] + delta[p];
        if constexpr (Shock) q.normalImpulse = select<W>(shock->liveMask, q.normalImpulse, impulse[p]);
        d[p] = q.normalImpulse - impulse[p];
        if (pass.measure) largest = maxLanes<W>(largest, d[p] * d[p]);
    }
    const F<W> total = Shock ? applyNormalChanges<W, N>(g, d, vel, shock->sA, shock->sB) : applyNormalChanges<W, N>(g, d, vel);

    lanes.scatter(g, vel);
    if (changes)
        for (int l = 0; l < W; ++l) changes[l] = {total[l], lane(frictionSum, l)};
}

/// One split-impulse pass over a group of manifolds of at most N points (split_impulse.cpp,
/// lane by lane): the normal rows on the pseudo-velocities toward the correction velocity,
/// swept as one block; a point with nothing to correct and no pseudo impulse stays out.
template <int W, int N>
[[gnu::noinline]] void splitGroup(const WideGroup<W>& g, WideSplitGroup<W>& s, std::span<SplitVelocity> split) {
    // Most groups of a resting pile have nothing to correct: they are passed over whole.
    I<W> any{};
#pragma GCC unroll 4
    for (int p = 0; p < N; ++p) any |= (s.correctionVelocity[p] > F<W>{}) | (s.splitImpulse[p] != F<W>{});
    bool anyLane = false;
    for (int l = 0; l < W; ++l) anyLane |= any[l] != 0;
    if (!anyLane) return;
    SplitVelocity none{};
    const LaneBodies<W, SplitVelocity> lanes(g, split, none);
    Velocities<W> vel = lanes.gather();
    const F<W> zero{};
    F<W> gap[4], delta[4], response[4][4];
#pragma GCC unroll 4
    for (int p = 0; p < N; ++p) {
        const WidePoint<W>& q = g.points[p];
        gap[p] = -g.invDiagonal[p] * (dot(g.normal, vel.relative(q.rA, q.rB)) - s.correctionVelocity[p]);
        delta[p] = zero;
    }
#pragma GCC unroll 4
    for (int i = 0; i < N; ++i)
#pragma GCC unroll 4
        for (int j = 0; j < N; ++j) response[i][j] = -g.invDiagonal[j] * g.K[i][j];
    for (int sweep = 0; sweep < kInnerSweeps; ++sweep)
#pragma GCC unroll 4
        for (int i = 0; i < N; ++i) {
            const F<W> accumulated = s.splitImpulse[i] + delta[i];
            const I<W> active = (s.correctionVelocity[i] > zero) | (accumulated != zero);
            const F<W> change = select<W>(active, maxLanes<W>(gap[i], -accumulated), zero);
            delta[i] += change;
#pragma GCC unroll 4
            for (int j = 0; j < N; ++j) gap[j] += response[i][j] * change;
        }
#pragma GCC unroll 4
    for (int p = 0; p < N; ++p) s.splitImpulse[p] += delta[p];
    applyNormalChanges<W, N>(g, delta, vel);
    lanes.scatter(g, vel);
}

/// Last step's impulses of a group's points, as they stand, applied to its bodies
/// (contact_solver.h's warmStartContacts, lane by lane).
template <int W, int N> [[gnu::noinline]] void warmStartGroup(const WideGroup<W>& g, std::span<SolverBody> bodies) {
    SolverBody none{};
    const LaneBodies<W, SolverBody> lanes(g, bodies, none);
    Velocities<W> vel = lanes.gather();
    WideVector<W> P, dwA, dwB;
#pragma GCC unroll 4
    for (int p = 0; p < N; ++p) {
        const WidePoint<W>& q = g.points[p];
        const F<W> n = q.normalImpulse, t1 = q.tangentImpulse[0], t2 = q.tangentImpulse[1];
        P.x += n * g.normal.x + t1 * q.t1.x + t2 * q.t2.x;
        P.y += n * g.normal.y + t1 * q.t1.y + t2 * q.t2.y;
        P.z += n * g.normal.z + t1 * q.t1.z + t2 * q.t2.z;
        dwA.x += n * q.responseA[0].x + t1 * q.responseA[1].x + t2 * q.responseA[2].x;
        dwA.y += n * q.responseA[0].y + t1 * q.responseA[1].y + t2 * q.responseA[2].y;
        dwA.z += n * q.responseA[0].z + t1 * q.responseA[1].z + t2 * q.responseA[2].z;
        dwB.x += n * q.responseB[0].x + t1 * q.responseB[1].x + t2 * q.responseB[2].x;
        dwB.y += n * q.responseB[0].y + t1 * q.responseB[1].y + t2 * q.responseB[2].y;
        dwB.z += n * q.responseB[0].z + t1 * q.responseB[1].z + t2 * q.responseB[2].z;
    }
    vel.apply(P, g.invMassA, g.invMassB, dwA, dwB);
    lanes.scatter(g, vel);
}

} // namespace wide

template <int W>
void solveWideSplitPass(std::span<const WideGroup<W>> groups, std::span<WideSplitGroup<W>> splits,
                        std::span<SplitVelocity> split) {
    for (size_t k = 0; k < groups.size(); ++k)
        withPointCount(groups[k].pointCount, [&]<int N>() { wide::splitGroup<W, N>(groups[k], splits[k], split); });
}

template <int W>
float solveWideGroups(std::span<WideGroup<W>> groups, std::span<SolverBody> bodies, const WidePassSettings& pass,
                      WideLaneChange* changes) {
    typename WideLanes<W>::F largest{};
    for (size_t k = 0; k < groups.size(); ++k) {
        // The next group's lines are asked for while this one is solved, and the one after
        // that's point count, which says which of its lines the pass will read.
        if (pass.prefetch && k + 2 < groups.size()) __builtin_prefetch(&groups[k + 2].pointCount);
        if (pass.prefetch && k + 1 < groups.size()) wide::prefetchGroup(groups[k + 1]);
        withPointCount(groups[k].pointCount, [&]<int N>() {
            wide::solveGroup<W, N>(groups[k], bodies, pass, largest, changes ? changes + k * W : nullptr);
        });
    }
    float most = 0.0f;
    for (int l = 0; l < W; ++l) most = std::max(most, largest[l]);
    return std::sqrt(most);
}

template <int W>
void shockWideGroup(WideGroup<W>& g, uint32_t level, std::span<SolverBody> bodies, const WidePassSettings& pass,
                    std::span<const uint32_t> shockLevel, std::span<const uint8_t> frozenSide,
                    WideShockBlock<W>& block, bool again) {
    wide::ShockLanes<W> shock;
    shock.block = &block;
    shock.again = again;
    for (int l = 0; l < W; ++l) {
        const uint32_t ci = g.constraint[l];
        shock.live[l] = ci != WideGroup<W>::kEmpty && shockLevel[ci] == level;
        const uint8_t frozen = shock.live[l] ? frozenSide[ci] : 0;
        shock.liveMask[l] = shock.live[l] ? -1 : 0;
        shock.sA[l] = frozen == 1 ? 0.0f : 1.0f;
        shock.sB[l] = frozen == 2 ? 0.0f : 1.0f;
    }
    typename WideLanes<W>::F largest{};
    withPointCount(g.pointCount, [&]<int N>() { wide::solveGroup<W, N, true>(g, bodies, pass, largest, nullptr, &shock); });
}

} // namespace TUMBLE_WIDE_ISA
} // namespace tumble
