#pragma once
// How the probe measures rows (tumble/solver_probe.h has the definitions): a row's projected
// residual, its complementarity error and whether it sits at a bound, summed over rows.
// Inline, because two kinds of caller share it: the measure pass of probe.cpp, and the
// Gauss-Seidel and Jacobi kernels, which measure each manifold's rows at the velocities the
// pass finds them at, from figures they hold in registers anyway (probe.h says why).
#include "solver/contact_rows.h"
#include "solver/friction.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>

namespace tumble {

/// What one measurement found.
struct ProbeMeasure {
    float residual = 0.0f;        ///< m/s, ||r||_2
    float complementarity = 0.0f; ///< N m/s, largest row error
    int clampedRows = 0;
};

/// The running sums of one measurement, one row at a time.
struct RowMeasure {
    static constexpr float kUnbounded = 1e29f; // bounds beyond this are infinite (scalar_rows: 1e30)
    double sumSquares = 0.0;
    ProbeMeasure m;

    /// A row with fixed bounds (normal and joint rows, pyramid friction); mass = 1 / (K + softness),
    /// the effective mass the solver keeps. r = w unless the step clamps, so the division by the mass
    /// is taken only at a bound.
    void row(float lambda, float lo, float hi, float mass, float w) {
        if (!(mass > 0.0f) || lo == hi) return; // a row that cannot act (sliding t2, frozen)
        const float step = lambda - mass * w;
        const float clamped = std::clamp(step, lo, hi);
        const float r = clamped == step ? w : (lambda - clamped) / mass;
        sumSquares += double(r) * r;
        float error = 0.0f;
        if (lo > -kUnbounded) error += (lambda - lo) * std::max(w, 0.0f);
        if (hi < kUnbounded) error += (hi - lambda) * std::max(-w, 0.0f);
        m.complementarity = std::max(m.complementarity, std::fabs(error));
        const float eps = 1e-6f * (std::fabs(lambda) + 1e-6f);
        if (lambda <= lo + eps || (hi < kUnbounded && lambda >= hi - eps)) ++m.clampedRows;
    }

    /// A point's two friction rows under the limit mu lambda_n: per axis for the pyramid and
    /// for a sliding point (t1 along its slip, t2 carries nothing), on the disc for a sticking
    /// point under the cone (r is then the step to the disc's projection, and a row at the
    /// rim errs when its impulse does not oppose the slip).
    void friction(float l1, float l2, float w1, float w2, float m1, float m2, float limit, bool cone,
                  bool sliding) {
        if (!cone || sliding) {
            row(l1, -limit, limit, m1, w1);
            row(l2, sliding ? 0.0f : -limit, sliding ? 0.0f : limit, m2, w2);
            return;
        }
        if (!(m1 > 0.0f) || !(m2 > 0.0f) || !(limit > 0.0f)) return;
        float t1 = l1 - m1 * w1, t2 = l2 - m2 * w2;
        clampFriction(t1, t2, limit, true, sliding);
        const float r1 = (l1 - t1) / m1, r2 = (l2 - t2) / m2;
        sumSquares += double(r1) * r1 + double(r2) * r2;
        const float length = std::sqrt(l1 * l1 + l2 * l2);
        const float slip = std::sqrt(w1 * w1 + w2 * w2);
        const float error = std::max(limit - length, 0.0f) * slip + std::max(l1 * w1 + l2 * w2, 0.0f);
        m.complementarity = std::max(m.complementarity, error);
        if (length >= limit * (1.0f - 1e-6f)) m.clampedRows += 2;
    }

    /// Fold another measurement's sums into this one.
    void add(const RowMeasure& o) {
        sumSquares += o.sumSquares;
        m.complementarity = std::max(m.complementarity, o.m.complementarity);
        m.clampedRows += o.m.clampedRows;
    }

    ProbeMeasure finish() const {
        ProbeMeasure out = m;
        out.residual = static_cast<float>(std::sqrt(sumSquares));
        return out;
    }
};

/// A body's velocities as a pass found them.
struct PassStartVelocity {
    float4 v, w;
};

/// The same sums over the points of manifolds, four lanes at a time (lane k: point k).
struct LaneMeasure {
    float4 squares{}, worst{};
    int4 clamped{};
    RowMeasure scalar; ///< the cone's friction, point by point
    /// By body slot: the velocities the rows are measured at (a kernel measuring inside its pass
    /// reads the pass's start here, not the bodies' current velocities).
    const PassStartVelocity* start = nullptr;

    /// Lanes where `mask` is set, else 0.
    static float4 where(int4 mask, float4 x) { return (float4)((int4)x & mask); }
    static float4 maxLanes(float4 a, float4 b) { return a > b ? a : b; }
    static float4 absLanes(float4 x) { return (float4)((int4)x & 0x7fffffff); }

    /// The residual of rows whose projected step (the clamped change) is `step`: r = step / mass.
    /// A lane without a row has zero mass and a zero step (prepareContacts), so it adds nothing.
    void addStep(float4 step, float4 mass) {
        const float4 r = step / maxLanes(mass, float4{1e-30f, 1e-30f, 1e-30f, 1e-30f});
        squares += r * r;
    }

    /// Normal rows, lambda in [0, inf), with velocity error w (RowMeasure::row's figures, written
    /// for these bounds: the kernels call this for every manifold of a pass, so every operation
    /// counts). Lanes not in `live` hold no point.
    void normalRows(int4 live, float4 lambda, float4 mass, float4 w) {
        const float4 zero{};
        addStep(maxLanes(-mass * w, -lambda), mass);
        worst = maxLanes(worst, lambda * maxLanes(w, zero)); // lambda (w)+, 0 at a solution
        clamped -= live & (lambda <= zero);
    }

    /// Friction rows, |lambda| <= limit (0 for a row that carries nothing: a sliding point's t2,
    /// a point without normal impulse, and lanes without a point).
    void frictionRows(float4 lambda, float4 limit, float4 mass, float4 w) {
        const float4 t = lambda - mass * w;
        const float4 bounded = t < -limit ? -limit : (t > limit ? limit : t);
        addStep(bounded - lambda, mass);
        // (lambda + limit)(w)+ + (limit - lambda)(-w)+ = limit |w| + lambda w.
        worst = maxLanes(worst, absLanes(limit * absLanes(w) + lambda * w));
        clamped -= (limit > 0.0f) & (absLanes(lambda) >= limit * (1.0f - 1e-6f));
    }

    /// A manifold's rows at the velocities along them cn, c1, c2 (m/s; lane k: point k) and the
    /// impulses it holds: normal rows in [0, inf), friction within mu lambda_n (a sliding point's
    /// t2 row carries nothing under the pyramid).
    [[gnu::always_inline]] void manifold(const ContactConstraint& c, float4 cn, float4 c1, float4 c2, bool cone) {
        manifold(c, c.normalImpulse, c.tangentImpulse[0], c.tangentImpulse[1], cn, c1, c2, cone);
    }

    /// The same with the impulses given (a kernel measuring after it has solved the rows hands
    /// in the impulses they held before).
    [[gnu::always_inline]] void manifold(const ContactConstraint& c, float4 lambdaN, float4 lambda1, float4 lambda2,
                                         float4 cn, float4 c1, float4 c2, bool cone) {
        if (cone) {
            coneManifold(c, lambdaN, lambda1, lambda2, cn, c1, c2);
            return;
        }
        const int4 live = int4{0, 1, 2, 3} < c.pointCount;
        // The four flags as one word, one byte per lane, spread into the lanes.
        uint32_t flags;
        std::memcpy(&flags, c.sliding, sizeof flags);
        const int4 sliding = ((int4{} + int(flags)) >> int4{0, 8, 16, 24} & 0xff) != 0;
        const float4 limit = where(live, c.friction * lambdaN);
        normalRows(live, lambdaN, c.normalMass, cn - c.bias);
        frictionRows(lambda1, limit, c.tangentMass[0], c1 - c.tangentBias[0]);
        frictionRows(lambda2, where(~sliding, limit), c.tangentMass[1], c2 - c.tangentBias[1]);
    }

    /// The cone's rows, point by point (off the kernels' hot path).
    void coneManifold(const ContactConstraint& c, float4 normal, float4 lambda1, float4 lambda2, float4 cn, float4 c1,
                      float4 c2) {
        for (int i = 0; i < c.pointCount; ++i) {
            const float lambdaN = normal[i];
            scalar.row(lambdaN, 0.0f, 1e30f, c.normalMass[i], cn[i] - c.bias[i]);
            scalar.friction(lambda1[i], lambda2[i], c1[i] - c.tangentBias[0][i],
                            c2[i] - c.tangentBias[1][i], c.tangentMass[0][i], c.tangentMass[1][i],
                            c.friction[i] * lambdaN, true, c.sliding[i]);
        }
    }

    /// A manifold at the velocities in `start`, with the impulses it holds (before the pass
    /// changes them): what a measure pass at the start of the pass would find.
    [[gnu::always_inline]] void manifoldAtStart(const ContactConstraint& c, float4 lambdaN, float4 lambda1,
                                                float4 lambda2, bool cone) {
        const PassStartVelocity& a = start[c.indexA];
        const PassStartVelocity& b = start[c.indexB];
        const LaneVectors vrel = relativeVelocity(c, a.v, a.w, b.v, b.w);
        manifold(c, lambdaN, lambda1, lambda2, along(vrel, c.axis[kNormalRow]), along(vrel, c.axis[kTangent1Row]),
                 along(vrel, c.axis[kTangent2Row]), cone);
    }

    /// Everything so far as one row measure.
    RowMeasure total() const {
        RowMeasure out = scalar;
        out.sumSquares += double(squares[0]) + double(squares[1]) + double(squares[2]) + double(squares[3]);
        out.m.complementarity = std::max({out.m.complementarity, worst[0], worst[1], worst[2], worst[3]});
        out.m.clampedRows += clamped[0] + clamped[1] + clamped[2] + clamped[3];
        return out;
    }
};

} // namespace tumble
