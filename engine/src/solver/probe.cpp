// The solver probe's measure (probe.h, tumble/solver_probe.h).
#include "solver/probe.h"

#include "solver/contact_rows.h"
#include "solver/friction.h"
#include "solver/scalar_rows.h"

#include <algorithm>
#include <cmath>

namespace tumble {
namespace {

constexpr float kUnbounded = 1e29f; // bounds beyond this are infinite (scalar_rows: 1e30)

/// The running sums of one measurement.
struct Accumulator {
    double sumSquares = 0.0;
    ProbeMeasure m;

    /// A row with fixed bounds (normal and joint rows, pyramid friction); mass = 1 / (K + softness),
    /// the effective mass the solver keeps. r = w unless the step clamps, so the division by the mass
    /// is taken only at a bound (the probe runs after every pass: it must stay cheap).
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

    /// A point's two friction rows under the limit mu lambda_n: per axis for the pyramid, on
    /// the disc for the cone (r is then the step to the disc's projection, and a row at the
    /// rim errs when its impulse does not oppose the slip).
    void friction(float l1, float l2, float w1, float w2, float m1, float m2, float limit, bool cone,
                  bool sliding) {
        if (!cone) {
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

    ProbeMeasure finish() {
        m.residual = static_cast<float>(std::sqrt(sumSquares));
        return m;
    }
};

float inverseOr0(float x) { return x > 0.0f ? 1.0f / x : 0.0f; }

/// w . I w over the bodies that move, with I the inverse of each body's world inverse inertia
/// (kept in `inertia`, refreshed when `refresh`: the poses turned since).
double kineticEnergy(const std::vector<SolverBody>& bodies, std::vector<glm::mat3>& inertia, bool refresh) {
    if (refresh || inertia.size() != bodies.size()) {
        inertia.resize(bodies.size());
        for (size_t i = 0; i < bodies.size(); ++i) {
            const glm::mat3& invI = bodies[i].invI;
            // A body that cannot turn has a singular invI: no rotational term.
            inertia[i] = bodies[i].invMass > 0.0f && glm::determinant(invI) > 0.0f ? glm::inverse(invI) : glm::mat3(0.0f);
        }
    }
    double e = 0.0;
    for (size_t i = 0; i < bodies.size(); ++i) {
        const SolverBody& b = bodies[i];
        if (b.invMass <= 0.0f) continue;
        e += 0.5 * (double(glm::dot(b.v, b.v)) / b.invMass + double(glm::dot(b.w, inertia[i] * b.w)));
    }
    return e;
}


} // namespace

namespace {

using int4 = int __attribute__((vector_size(16)));

/// Lanes where `mask` is set (all bits), else 0.
float4 where(int4 mask, float4 x) { return (float4)((int4)x & mask); }

/// A manifold's rows with fixed bounds [lo, hi] on every lane, as Accumulator::row does one
/// by one (lanes not in `live` skipped): the same r, error and clamp, four points at once.
void laneRows(float4& squares, float4& worst, int4& clamped, int4 live, float4 lambda,
              float4 lo, float4 hi, float4 mass, float4 w) {
    live &= (mass > 0.0f) & (lo != hi);
    const float4 step = lambda - mass * w;
    const float4 bounded = step < lo ? lo : (step > hi ? hi : step);
    const float4 safeMass = mass > 0.0f ? mass : float4{1.0f, 1.0f, 1.0f, 1.0f};
    const float4 r = bounded == step ? w : (lambda - bounded) / safeMass;
    squares += where(live, r * r);
    const float4 zero{};
    const float4 above = w > zero ? w : zero, below = w < zero ? -w : zero;
    float4 error = (lambda - lo) * above + where(hi < kUnbounded, (hi - lambda) * below);
    error = error < zero ? -error : error;
    worst = where(live, error) > worst ? where(live, error) : worst;
    const float4 eps = 1e-6f * ((lambda < zero ? -lambda : lambda) + 1e-6f);
    clamped -= live & ((lambda <= lo + eps) | ((hi < kUnbounded) & (lambda >= hi - eps)));
}

} // namespace

ProbeMeasure measureLanes(const SolveContext& ctx) {
    Accumulator acc;
    float4 squares{}, worst{};
    int4 clamped{};
    const float4 unbounded{1e30f, 1e30f, 1e30f, 1e30f};
    for (const ContactConstraint& c : ctx.constraints) {
        const SolverBody& a = ctx.bodies[c.indexA];
        const SolverBody& b = ctx.bodies[c.indexB];
        const LaneVectors vrel = relativeVelocity(c, toFloat4(a.v), toFloat4(a.w), toFloat4(b.v), toFloat4(b.w));
        const float4 cn = along(vrel, c.axis[kNormalRow]);
        const float4 c1 = along(vrel, c.axis[kTangent1Row]);
        const float4 c2 = along(vrel, c.axis[kTangent2Row]);
        if (!ctx.step.cone) {
            // The pyramid, lane by lane: normal rows in [0, inf), friction in +-mu lambda_n
            // (a sliding point's t2 row carries nothing).
            const int4 live = int4{0, 1, 2, 3} < c.pointCount;
            const int4 sliding{c.sliding[0] ? -1 : 0, c.sliding[1] ? -1 : 0, c.sliding[2] ? -1 : 0, c.sliding[3] ? -1 : 0};
            const float4 zero{}, limit = c.friction * c.normalImpulse;
            laneRows(squares, worst, clamped, live, c.normalImpulse, zero, unbounded, c.normalMass, cn - c.bias);
            laneRows(squares, worst, clamped, live, c.tangentImpulse[0], -limit, limit, c.tangentMass[0],
                     c1 - c.tangentBias[0]);
            laneRows(squares, worst, clamped, live & ~sliding, c.tangentImpulse[1], -limit, limit,
                     c.tangentMass[1], c2 - c.tangentBias[1]);
            continue;
        }
        for (int i = 0; i < c.pointCount; ++i) {
            const float lambdaN = c.normalImpulse[i];
            acc.row(lambdaN, 0.0f, 1e30f, c.normalMass[i], cn[i] - c.bias[i]);
            acc.friction(c.tangentImpulse[0][i], c.tangentImpulse[1][i], c1[i] - c.tangentBias[0][i],
                         c2[i] - c.tangentBias[1][i], c.tangentMass[0][i], c.tangentMass[1][i],
                         c.friction[i] * lambdaN, ctx.step.cone, c.sliding[i]);
        }
    }
    for (const JointRow& j : ctx.jointRows) {
        const SolverBody& a = ctx.bodies[j.a];
        const SolverBody& b = ctx.bodies[j.b];
        const float Cdot = glm::dot(j.jvA, a.v) + glm::dot(j.jwA, a.w) + glm::dot(j.jvB, b.v) + glm::dot(j.jwB, b.w);
        acc.row(j.impulse, j.lower, j.upper, j.mass, Cdot + j.bias + j.gamma * j.impulse);
    }
    acc.sumSquares += double(squares[0]) + double(squares[1]) + double(squares[2]) + double(squares[3]);
    acc.m.complementarity = std::max({acc.m.complementarity, worst[0], worst[1], worst[2], worst[3]});
    acc.m.clampedRows += clamped[0] + clamped[1] + clamped[2] + clamped[3];
    return acc.finish();
}

ProbeMeasure measureRows(const std::vector<ScalarRow>& rows, const std::vector<SolverBody>& bodies, float cfm,
                         bool cone) {
    Accumulator acc;
    auto w = [&](const ScalarRow& r) { return rowVelocity(r, bodies) - r.target + (r.gamma + cfm) * r.lambda; };
    for (size_t i = 0; i < rows.size(); ++i) {
        const ScalarRow& r = rows[i];
        const float k = r.K + r.gamma + cfm;
        if (r.kind == RowKind::Friction2 && r.partner >= 0) continue; // measured with its partner
        if (r.kind == RowKind::Friction1 && r.partner >= 0) {
            const ScalarRow& r2 = rows[r.partner];
            acc.friction(r.lambda, r2.lambda, w(r), w(r2), inverseOr0(k), inverseOr0(r2.K + r2.gamma + cfm),
                         r.mu * rows[r.normal].lambda, cone, r2.sliding);
            continue;
        }
        float lo, hi;
        rowBounds(r, rows, lo, hi);
        acc.row(r.lambda, lo, hi, inverseOr0(k), w(r));
    }
    return acc.finish();
}

ProbeRowKind probeRowKind(RowKind kind) {
    switch (kind) {
    case RowKind::Normal: return ProbeRowKind::Normal;
    case RowKind::Friction1: return ProbeRowKind::Friction1;
    case RowKind::Friction2: return ProbeRowKind::Friction2;
    default: return ProbeRowKind::Joint;
    }
}

double solverKineticEnergy(const std::vector<SolverBody>& bodies) {
    std::vector<glm::mat3> inertia;
    return kineticEnergy(bodies, inertia, true);
}

void probePass(SolveContext& ctx, const std::vector<ScalarRow>* rows, float maxDelta, int substep,
               int iteration, bool relax) {
    if (!ctx.probe) return;
    const ProbeMeasure m = rows ? measureRows(*rows, ctx.bodies, ctx.solver.cfm, ctx.step.cone) : measureLanes(ctx);
    ProbeIteration it;
    it.substep = substep;
    it.iteration = iteration;
    it.relax = relax;
    it.maxDelta = maxDelta;
    it.residual = m.residual;
    it.complementarity = m.complementarity;
    it.clampedRows = m.clampedRows;
    // The first pass of a sub-step refreshes the inertia: the poses moved since the last one.
    it.kineticEnergy = kineticEnergy(ctx.bodies, ctx.probe->inertia, iteration == 0);
    ctx.probe->iterations.push_back(it);
}

void probeRows(SolveContext& ctx, const std::vector<ScalarRow>* rows) {
    if (!ctx.probe || !ctx.probe->withRows) return;
    // CFM is read by the row methods and the exact ones, which hand in their own rows; the
    // lane methods ignore it, and so does their export.
    const float cfm = rows ? ctx.solver.cfm : 0.0f;
    std::vector<ScalarRow> gathered;
    if (!rows) {
        gatherRows(ctx, gathered);
        rows = &gathered;
    }
    std::vector<ProbeRow>& out = ctx.probe->rows;
    out.clear();
    out.reserve(rows->size());
    for (const ScalarRow& r : *rows) {
        ProbeRow p;
        p.kind = probeRowKind(r.kind);
        p.bodyA = r.a;
        p.bodyB = r.b;
        p.point = r.lane;
        p.source = r.kind == RowKind::Joint ? r.source : ctx.constraints[r.source].manifold;
        p.lambda = r.lambda;
        rowBounds(r, *rows, p.lower, p.upper);
        p.K = r.K;
        p.target = r.target;
        const float k = r.K + r.gamma + cfm;
        p.w = rowVelocity(r, ctx.bodies) - r.target + (r.gamma + cfm) * r.lambda;
        p.softness = r.gamma + cfm;
        p.jvA = r.jvA, p.jwA = r.jwA, p.jvB = r.jvB, p.jwB = r.jwB;
        p.residual = k > 0.0f && p.lower != p.upper ? k * (r.lambda - std::clamp(r.lambda - p.w / k, p.lower, p.upper)) : 0.0f;
        out.push_back(p);
    }
    std::vector<ProbeBody>& bodies = ctx.probe->bodies;
    bodies.resize(ctx.bodies.size());
    for (size_t i = 0; i < bodies.size(); ++i) bodies[i] = {ctx.bodies[i].invMass, ctx.bodies[i].invI};
}

} // namespace tumble
