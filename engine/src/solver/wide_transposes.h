#pragma once
// The eight-lane wide kernel's data movement (wide_kernel.h, built only into the file compiled
// for AVX2, wide_contacts_avx2.cpp): records turned into lane vectors and back by transposes
// rather than one scalar at a time. Each moves bits, nothing is computed, so 8 lanes and 4
// still give the same results.
#if !defined(__AVX2__)
#error "wide_transposes.h is for the AVX2 file alone"
#endif
#include "solver/contact_solver.h"
#include "solver/wide_contacts.h"

#include <immintrin.h>

namespace tumble {
namespace TUMBLE_WIDE_ISA {
namespace wide {

/// Rows r[l] as columns: out[k] lane l = r[l] lane k (an 8 x 8 transpose, in place).
inline void transpose8(__m256 (&r)[8]) {
    __m256 t[8], u[8];
    for (int k = 0; k < 8; k += 2) t[k] = _mm256_unpacklo_ps(r[k], r[k + 1]), t[k + 1] = _mm256_unpackhi_ps(r[k], r[k + 1]);
    for (int k = 0; k < 8; k += 4) {
        u[k] = _mm256_shuffle_ps(t[k], t[k + 2], _MM_SHUFFLE(1, 0, 1, 0));
        u[k + 1] = _mm256_shuffle_ps(t[k], t[k + 2], _MM_SHUFFLE(3, 2, 3, 2));
        u[k + 2] = _mm256_shuffle_ps(t[k + 1], t[k + 3], _MM_SHUFFLE(1, 0, 1, 0));
        u[k + 3] = _mm256_shuffle_ps(t[k + 1], t[k + 3], _MM_SHUFFLE(3, 2, 3, 2));
    }
    for (int k = 0; k < 4; ++k) {
        r[k] = _mm256_permute2f128_ps(u[k], u[k + 4], 0x20);
        r[k + 4] = _mm256_permute2f128_ps(u[k], u[k + 4], 0x31);
    }
}

/// Eight lanes' float4s (a row's value at points 0..3) as four eight-lane vectors, one per
/// point: out[p] lane l = (*rows[l])[p]. Two 4 x 4 transposes side by side.
inline void pointsFromRows(const float4* const (&rows)[8], __m256 (&out)[4]) {
    __m256 r[4];
    for (int k = 0; k < 4; ++k)
        r[k] = _mm256_insertf128_ps(_mm256_castps128_ps256(_mm_loadu_ps(reinterpret_cast<const float*>(rows[k]))),
                                    _mm_loadu_ps(reinterpret_cast<const float*>(rows[k + 4])), 1);
    const __m256 t0 = _mm256_unpacklo_ps(r[0], r[1]), t1 = _mm256_unpackhi_ps(r[0], r[1]);
    const __m256 t2 = _mm256_unpacklo_ps(r[2], r[3]), t3 = _mm256_unpackhi_ps(r[2], r[3]);
    out[0] = _mm256_shuffle_ps(t0, t2, _MM_SHUFFLE(1, 0, 1, 0));
    out[1] = _mm256_shuffle_ps(t0, t2, _MM_SHUFFLE(3, 2, 3, 2));
    out[2] = _mm256_shuffle_ps(t1, t3, _MM_SHUFFLE(1, 0, 1, 0));
    out[3] = _mm256_shuffle_ps(t1, t3, _MM_SHUFFLE(3, 2, 3, 2));
}

/// An eight-lane group of manifolds with N (2 to 4) points filled from its rows by transposes:
/// each row value of the eight lanes (a float4 over the points) becomes N lane vectors. What
/// lane by lane took 32 scalar loads and stores takes four loads, four inserts, eight shuffles
/// and N stores. The rows' lanes past their point counts are zero, as the group's must be; an
/// empty lane reads a zero row.
template <int N>
void fillGroupTransposed(WideGroup<8>& g, WideSplitGroup<8>& s, const ContactConstraint* const (&c)[8]) {
    auto field = [&](auto member, auto&& write) {
        const float4* rows[8];
        for (int l = 0; l < 8; ++l) rows[l] = &member(*c[l]);
        __m256 out[4];
        pointsFromRows(rows, out);
        for (int p = 0; p < N; ++p) write(p, out[p]);
    };
    // A row value (where it is in a row) into its place in the group's points.
    auto scalar = [&](auto row, auto point) { field(row, [&](int p, __m256 v) { point(g.points[p]) = v; }); };
    auto vector = [&](auto row, auto point) {
        scalar([&](const ContactConstraint& k) -> const float4& { return row(k).x; },
               [&](WidePoint<8>& q) -> WideLanes<8>::F& { return point(q).x; });
        scalar([&](const ContactConstraint& k) -> const float4& { return row(k).y; },
               [&](WidePoint<8>& q) -> WideLanes<8>::F& { return point(q).y; });
        scalar([&](const ContactConstraint& k) -> const float4& { return row(k).z; },
               [&](WidePoint<8>& q) -> WideLanes<8>::F& { return point(q).z; });
    };
    vector([](const ContactConstraint& k) -> const LaneVectors& { return k.axis[kTangent1Row]; },
           [](WidePoint<8>& q) -> WideVector<8>& { return q.t1; });
    vector([](const ContactConstraint& k) -> const LaneVectors& { return k.axis[kTangent2Row]; },
           [](WidePoint<8>& q) -> WideVector<8>& { return q.t2; });
    vector([](const ContactConstraint& k) -> const LaneVectors& { return k.rA; },
           [](WidePoint<8>& q) -> WideVector<8>& { return q.rA; });
    vector([](const ContactConstraint& k) -> const LaneVectors& { return k.rB; },
           [](WidePoint<8>& q) -> WideVector<8>& { return q.rB; });
    for (int a = 0; a < 3; ++a) {
        vector([a](const ContactConstraint& k) -> const LaneVectors& { return k.responseA[a]; },
               [a](WidePoint<8>& q) -> WideVector<8>& { return q.responseA[a]; });
        vector([a](const ContactConstraint& k) -> const LaneVectors& { return k.responseB[a]; },
               [a](WidePoint<8>& q) -> WideVector<8>& { return q.responseB[a]; });
    }
    scalar([](const ContactConstraint& k) -> const float4& { return k.tangentMass[0]; },
           [](WidePoint<8>& q) -> WideLanes<8>::F& { return q.tangentMass[0]; });
    scalar([](const ContactConstraint& k) -> const float4& { return k.tangentMass[1]; },
           [](WidePoint<8>& q) -> WideLanes<8>::F& { return q.tangentMass[1]; });
    scalar([](const ContactConstraint& k) -> const float4& { return k.bias; },
           [](WidePoint<8>& q) -> WideLanes<8>::F& { return q.bias; });
    scalar([](const ContactConstraint& k) -> const float4& { return k.tangentBias[0]; },
           [](WidePoint<8>& q) -> WideLanes<8>::F& { return q.tangentBias[0]; });
    scalar([](const ContactConstraint& k) -> const float4& { return k.tangentBias[1]; },
           [](WidePoint<8>& q) -> WideLanes<8>::F& { return q.tangentBias[1]; });
    scalar([](const ContactConstraint& k) -> const float4& { return k.friction; },
           [](WidePoint<8>& q) -> WideLanes<8>::F& { return q.friction; });
    scalar([](const ContactConstraint& k) -> const float4& { return k.normalImpulse; },
           [](WidePoint<8>& q) -> WideLanes<8>::F& { return q.normalImpulse; });
    scalar([](const ContactConstraint& k) -> const float4& { return k.tangentImpulse[0]; },
           [](WidePoint<8>& q) -> WideLanes<8>::F& { return q.tangentImpulse[0]; });
    scalar([](const ContactConstraint& k) -> const float4& { return k.tangentImpulse[1]; },
           [](WidePoint<8>& q) -> WideLanes<8>::F& { return q.tangentImpulse[1]; });
    field([](const ContactConstraint& k) -> const float4& { return k.correctionVelocity; },
          [&](int p, __m256 v) { s.correctionVelocity[p] = v; });
    field([](const ContactConstraint& k) -> const float4& { return k.splitImpulse; },
          [&](int p, __m256 v) { s.splitImpulse[p] = v; });
    for (int i = 0; i < 4; ++i)
        field([i](const ContactConstraint& k) -> const float4& { return k.block.K[i]; },
              [&](int p, __m256 v) { g.K[i][p] = v; });
    // K's rows and columns past N stay as the clearing left them (zero); so do invDiagonal's.
    field([](const ContactConstraint& k) -> const float4& { return k.block.invDiagonal; },
          [&](int p, __m256 v) { g.invDiagonal[p] = v; });
    // A sliding point's friction coefficient is stored negative (WidePoint::friction).
    for (int p = 0; p < N; ++p)
        for (int l = 0; l < 8; ++l)
            if (c[l]->sliding[p]) g.points[p].friction[l] = -g.points[p].friction[l];
}


} // namespace wide
} // namespace TUMBLE_WIDE_ISA
} // namespace tumble
