#pragma once
// What every contact pass does with a manifold's rows (Gauss-Seidel, Jacobi, split impulse,
// warm start): measure the relative velocity along all of them, and apply impulses on them.
// Lane k of every float4 is point k of the manifold.
#include "solver/contact_solver.h"

namespace tumble {

inline float maxf(float a, float b) { return a > b ? a : b; }

/// Sum of the four lanes.
inline float sumLanes(float4 v) { return (v[0] + v[2]) + (v[1] + v[3]); }

/// The three sums (x, y, z) of the lanes as one vector: a 4 x 4 transpose and two adds.
inline float4 sumLanes(float4 x, float4 y, float4 z) {
    const float4 zero{};
    const float4 xy = shuffle<0, 4, 1, 5>(x, y) + shuffle<2, 6, 3, 7>(x, y); // x0+x2 y0+y2 x1+x3 y1+y3
    const float4 zz = shuffle<0, 4, 1, 5>(z, zero) + shuffle<2, 6, 3, 7>(z, zero); // z0+z2 0 z1+z3 0
    return shuffle<0, 1, 4, 5>(xy, zz) + shuffle<2, 3, 6, 7>(xy, zz);
}

/// r x axis for every lane (each lane its own axis).
inline LaneVectors crossLanes(const LaneVectors& r, const LaneVectors& axis) {
    return {r.y * axis.z - r.z * axis.y, r.z * axis.x - r.x * axis.z, r.x * axis.y - r.y * axis.x};
}

/// The relative velocity vB + wB x rB - vA - wA x rA at every point.
inline LaneVectors relativeVelocity(const ContactConstraint& c, float4 vA, float4 wA, float4 vB,
                                    float4 wB) {
    const float4 v = vB - vA;
    const LaneVectors& rA = c.rA;
    const LaneVectors& rB = c.rB;
    return {v[0] + (wB[1] * rB.z - wB[2] * rB.y) - (wA[1] * rA.z - wA[2] * rA.y),
            v[1] + (wB[2] * rB.x - wB[0] * rB.z) - (wA[2] * rA.x - wA[0] * rA.z),
            v[2] + (wB[0] * rB.y - wB[1] * rB.x) - (wA[0] * rA.y - wA[1] * rA.x)};
}

/// The component of a velocity per lane along each lane's axis: Cdot of those rows.
inline float4 along(const LaneVectors& v, const LaneVectors& axis) {
    return axis.x * v.x + axis.y * v.y + axis.z * v.z;
}

/// Add impulse changes dlambda[axis] (lane k: point k) to the local velocities. mA, mB are
/// the inverse masses this pass sees; sA, sB scale the inertia (0 for a frozen side).
inline void applyImpulses(const ContactConstraint& c, const float4 dlambda[3], float mA, float mB,
                          float sA, float sB, float4& vA, float4& wA, float4& vB, float4& wB) {
    const LaneVectors* n = c.axis;
    const float4 P = sumLanes(dlambda[0] * n[0].x + dlambda[1] * n[1].x + dlambda[2] * n[2].x,
                              dlambda[0] * n[0].y + dlambda[1] * n[1].y + dlambda[2] * n[2].y,
                              dlambda[0] * n[0].z + dlambda[1] * n[1].z + dlambda[2] * n[2].z);
    vA -= mA * P;
    vB += mB * P;
    const LaneVectors* rA = c.responseA;
    const LaneVectors* rB = c.responseB;
    wA -= sA * sumLanes(dlambda[0] * rA[0].x + dlambda[1] * rA[1].x + dlambda[2] * rA[2].x,
                        dlambda[0] * rA[0].y + dlambda[1] * rA[1].y + dlambda[2] * rA[2].y,
                        dlambda[0] * rA[0].z + dlambda[1] * rA[1].z + dlambda[2] * rA[2].z);
    wB += sB * sumLanes(dlambda[0] * rB[0].x + dlambda[1] * rB[1].x + dlambda[2] * rB[2].x,
                        dlambda[0] * rB[0].y + dlambda[1] * rB[1].y + dlambda[2] * rB[2].y,
                        dlambda[0] * rB[0].z + dlambda[1] * rB[1].z + dlambda[2] * rB[2].z);
}

/// Calls f.template operator()<N>() with N = the manifold's point count, so per-point loops
/// over lanes unroll with constant lane indices.
template <class F> decltype(auto) withPointCount(int count, F&& f) {
    switch (count) {
    case 1: return f.template operator()<1>();
    case 2: return f.template operator()<2>();
    case 3: return f.template operator()<3>();
    default: return f.template operator()<4>();
    }
}

} // namespace tumble
