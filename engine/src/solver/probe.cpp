// The solver probe's measure (probe.h, tumble/solver_probe.h).
#include "solver/probe.h"

#include "solver/contact_rows.h"
#include "solver/friction.h"
#include "solver/scalar_rows.h"

#include <algorithm>
#include <cmath>

namespace tumble {
namespace {

float inverseOr0(float x) { return x > 0.0f ? 1.0f / x : 0.0f; }

/// Half the sum of m v.v + w . I w over the bodies that move, m and I the inverses of each
/// body's inverse mass and world inverse inertia (kept in `masses`, refreshed when `refresh`:
/// the poses turned since). Four lanes per body, summed in float over a run of bodies and in
/// double across runs: the probe takes it after every pass, so it must cost little. With
/// `start`, every body's velocities are also copied there (the sweep probe's snapshot: one
/// walk over the bodies for both).
double kineticEnergy(const std::vector<SolverBody>& bodies, std::vector<VelocityScratch::EnergyMass>& masses,
                     bool refresh, PassStartVelocity* start = nullptr) {
    if (refresh || masses.size() != bodies.size()) {
        masses.assign(bodies.size(), {});
        for (size_t i = 0; i < bodies.size(); ++i) {
            const SolverBody& b = bodies[i];
            if (!(b.invMass > 0.0f)) continue;
            masses[i].mass = 1.0f / b.invMass;
            // A body that cannot turn has a singular invI: no rotational term.
            if (glm::determinant(b.invI) > 0.0f) {
                const glm::mat3 inertia = glm::inverse(b.invI);
                for (int c = 0; c < 3; ++c) masses[i].column[c] = toFloat4(inertia[c]);
            }
        }
    }
    double e = 0.0;
    float4 run{};
    for (size_t i = 0; i < bodies.size(); ++i) {
        const float4 v = toFloat4(bodies[i].v), w = toFloat4(bodies[i].w);
        if (start) start[i] = {v, w};
        const VelocityScratch::EnergyMass& m = masses[i];
        if (m.mass == 0.0f) continue;
        const float4 Iw = m.column[0] * w[0] + m.column[1] * w[1] + m.column[2] * w[2];
        run += m.mass * (v * v) + w * Iw;
        if ((i & 63) == 63) {
            e += double(run[0]) + double(run[1]) + double(run[2]);
            run = float4{};
        }
    }
    e += double(run[0]) + double(run[1]) + double(run[2]);
    return 0.5 * e;
}

} // namespace

ProbeMeasure measureLanes(const SolveContext& ctx) {
    LaneMeasure lanes;
    for (const ContactConstraint& c : ctx.constraints) {
        const SolverBody& a = ctx.bodies[c.indexA];
        const SolverBody& b = ctx.bodies[c.indexB];
        const LaneVectors vrel = relativeVelocity(c, toFloat4(a.v), toFloat4(a.w), toFloat4(b.v), toFloat4(b.w));
        lanes.manifold(c, along(vrel, c.axis[kNormalRow]), along(vrel, c.axis[kTangent1Row]),
                       along(vrel, c.axis[kTangent2Row]), ctx.step.cone);
    }
    RowMeasure out = lanes.total();
    out.add(measureJointRows(ctx));
    return out.finish();
}

RowMeasure measureJointRows(const SolveContext& ctx) {
    RowMeasure out;
    for (const JointRow& j : ctx.jointRows) {
        const SolverBody& a = ctx.bodies[j.a];
        const SolverBody& b = ctx.bodies[j.b];
        const float Cdot = glm::dot(j.jvA, a.v) + glm::dot(j.jwA, a.w) + glm::dot(j.jvB, b.v) + glm::dot(j.jwB, b.w);
        out.row(j.impulse, j.lower, j.upper, j.mass, Cdot + j.bias + j.gamma * j.impulse);
    }
    return out;
}

ProbeMeasure measureRows(const std::vector<ScalarRow>& rows, const std::vector<SolverBody>& bodies, float cfm,
                         bool cone) {
    RowMeasure acc;
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
    std::vector<VelocityScratch::EnergyMass> masses;
    return kineticEnergy(bodies, masses, true);
}

namespace {

/// A new record of one pass (its figures still to come), with the kinetic energy now unless
/// the sweep probe measures it later.
ProbeIteration& newRecord(SolveContext& ctx, float maxDelta, int substep, int iteration, bool relax,
                          bool energyNow = true) {
    ProbeIteration it;
    it.substep = substep;
    it.iteration = iteration;
    it.relax = relax;
    it.maxDelta = maxDelta;
    // The first pass of a sub-step refreshes the inertia: the poses moved since the last one.
    if (energyNow) it.kineticEnergy = kineticEnergy(ctx.bodies, ctx.scratch.energyMasses, iteration == 0);
    return ctx.probe->iterations.emplace_back(it);
}

void setFigures(ProbeIteration& it, const ProbeMeasure& m) {
    it.residual = m.residual;
    it.complementarity = m.complementarity;
    it.clampedRows = m.clampedRows;
}

} // namespace

void probePass(SolveContext& ctx, const std::vector<ScalarRow>* rows, float maxDelta, int substep,
               int iteration, bool relax) {
    if (!ctx.probe) return;
    const ProbeMeasure m = rows ? measureRows(*rows, ctx.bodies, ctx.solver.cfm, ctx.step.cone) : measureLanes(ctx);
    setFigures(newRecord(ctx, maxDelta, substep, iteration, relax), m);
}

SweepProbe::SweepProbe(SolveContext& ctx, bool canSweep)
    : ctx_(ctx), on_(ctx.probe && canSweep) {
    if (on_) ctx.probe->inSweep = true;
}

void SweepProbe::beforePass(int iteration) {
    if (on_ && iteration > 0) measureNextPass();
}

void SweepProbe::measureNextPass() {
    start_.resize(ctx_.bodies.size());
    // The energy the pass before left, in the same walk over the bodies.
    ctx_.probe->iterations.back().kineticEnergy = kineticEnergy(ctx_.bodies, ctx_.scratch.energyMasses, false, start_.data());
    lanes_ = {};
    lanes_.start = start_.data();
    ctx_.scratch.sweep = &lanes_;
}

void SweepProbe::afterPass(int iteration, float maxDelta) {
    if (!on_) return;
    ctx_.scratch.sweep = nullptr;
    if (iteration > 0) {
        RowMeasure before = lanes_.total();
        before.add(joints_);
        setFigures(ctx_.probe->iterations.back(), before.finish());
    }
    joints_ = measureJointRows(ctx_);
    // The first pass's record refreshes the masses the energy is measured with.
    if (iteration == 0) kineticEnergy(ctx_.bodies, ctx_.scratch.energyMasses, true);
    newRecord(ctx_, maxDelta, 0, iteration, false, false);
}

void SweepProbe::beforeRelax(bool shockPass) {
    if (!on_ || ctx_.probe->iterations.empty()) return;
    if (shockPass) {
        measureNextPass();
        return;
    }
    ProbeIteration& last = ctx_.probe->iterations.back();
    setFigures(last, measureLanes(ctx_));
    last.kineticEnergy = kineticEnergy(ctx_.bodies, ctx_.scratch.energyMasses, false);
}

void SweepProbe::afterRelax() {
    if (!on_ || ctx_.scratch.sweep == nullptr) return;
    ctx_.scratch.sweep = nullptr;
    RowMeasure last = lanes_.total();
    last.add(joints_);
    setFigures(ctx_.probe->iterations.back(), last.finish());
}

void probeRows(SolveContext& ctx, const std::vector<ScalarRow>* rows) {
    if (!ctx.probe || !ctx.probe->options.withRows) return;
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
