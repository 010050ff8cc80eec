// The step debugger's recording inside the solve (trace.h).
#include "solver/trace.h"

#include "solver/probe.h"
#include "solver/scalar_rows.h"

#include <algorithm>
#include <cmath>

namespace tumble {
const char* traceStageName(TraceStage stage) {
    switch (stage) {
    case TraceStage::BroadPhase: return "broad phase";
    case TraceStage::NarrowPhase: return "narrow phase";
    case TraceStage::Prepare: return "prepare";
    case TraceStage::WarmStart: return "warm start";
    case TraceStage::Pass: return "pass";
    case TraceStage::Relax: return "relax / restitution";
    case TraceStage::IntegratePositions: return "integrate positions";
    case TraceStage::CorrectPositions: return "correct positions";
    case TraceStage::Sleep: return "islands and sleep";
    }
    return "?";
}

void traceMark(SolveContext& ctx, TraceStage stage, int count, int substep, int iteration) {
    if (!ctx.trace) return;
    TraceMark m;
    m.stage = stage;
    m.substep = substep;
    m.iteration = iteration;
    m.visitsBefore = ctx.trace->visits.size();
    m.kineticEnergy = solverKineticEnergy(ctx.bodies);
    m.count = count;
    ctx.trace->marks.push_back(m);
}

TraceVisitScope::TraceVisitScope(SolveContext& ctx, uint32_t a, uint32_t b) : ctx_(ctx) {
    start_.bodyA = a;
    start_.bodyB = b;
    start_.vA0 = ctx.bodies[a].v, start_.wA0 = ctx.bodies[a].w;
    start_.vB0 = ctx.bodies[b].v, start_.wB0 = ctx.bodies[b].w;
}

void TraceVisitScope::finish(TraceVisit visit) {
    StepTrace& t = *ctx_.trace;
    if (t.visits.size() >= StepTrace::kMaxVisits) {
        t.truncated = true;
        return;
    }
    visit.bodyA = start_.bodyA, visit.bodyB = start_.bodyB;
    visit.vA0 = start_.vA0, visit.wA0 = start_.wA0, visit.vB0 = start_.vB0, visit.wB0 = start_.wB0;
    visit.vA1 = ctx_.bodies[visit.bodyA].v, visit.wA1 = ctx_.bodies[visit.bodyA].w;
    visit.vB1 = ctx_.bodies[visit.bodyB].v, visit.wB1 = ctx_.bodies[visit.bodyB].w;
    t.visits.push_back(visit);
}

void tracedJointPass(SolveContext& ctx, int iteration) {
    std::span<JointRow> rows(ctx.jointRows);
    for (size_t k = 0; k < rows.size(); ++k) {
        TraceVisitScope scope(ctx, rows[k].a, rows[k].b);
        const float before = rows[k].impulse;
        solveJointRows(rows.subspan(k, 1), ctx.bodies);
        TraceVisit v;
        v.iteration = iteration;
        v.joint = true;
        v.kind = ProbeRowKind::Joint;
        v.source = static_cast<uint32_t>(k);
        v.deltaJoint = rows[k].impulse - before;
        scope.finish(v);
    }
}

float tracedBlockPass(SolveContext& ctx, int iteration) {
    std::span<ContactConstraint> constraints(ctx.constraints);
    float maxDelta = 0.0f;
    for (size_t k = 0; k < constraints.size(); ++k) {
        ContactConstraint& c = constraints[k];
        TraceVisitScope scope(ctx, c.indexA, c.indexB);
        const float4 n0 = c.normalImpulse, t10 = c.tangentImpulse[0], t20 = c.tangentImpulse[1];
        maxDelta = std::max(maxDelta, solveContactsGaussSeidel(constraints.subspan(k, 1), ctx.bodies, ctx.step, ctx.scratch));
        TraceVisit v;
        v.iteration = iteration;
        v.wholeManifold = true;
        v.source = c.manifold;
        glm::vec3 friction(0.0f);
        for (int i = 0; i < c.pointCount; ++i) {
            v.deltaNormal += c.normalImpulse[i] - n0[i];
            friction += (c.tangentImpulse[0][i] - t10[i]) * toVec3(c.axis[1]) +
                        (c.tangentImpulse[1][i] - t20[i]) * toVec3(c.axis[2]);
        }
        v.deltaFriction = glm::length(friction);
        scope.finish(v);
    }
    return maxDelta;
}

float tracedRowsPass(SolveContext& ctx, std::vector<ScalarRow>& rows, const std::vector<uint32_t>& order,
                     float omega, int iteration) {
    float maxDelta = 0.0f;
    const size_t n = order.empty() ? rows.size() : order.size();
    for (size_t k = 0; k < n; ++k) {
        const size_t i = order.empty() ? k : order[k];
        const ScalarRow& r = rows[i];
        TraceVisitScope scope(ctx, r.a, r.b);
        const float before = r.lambda;
        const float partnerBefore = r.partner >= 0 ? rows[r.partner].lambda : 0.0f;
        maxDelta = std::max(maxDelta, solveRow(rows, i, ctx.bodies, omega, ctx.solver.cfm, ctx.step.cone));
        TraceVisit v;
        v.iteration = iteration;
        v.joint = r.kind == RowKind::Joint;
        v.kind = probeRowKind(r.kind);
        v.source = v.joint ? r.source : ctx.constraints[r.source].manifold;
        v.point = r.lane;
        const float delta = r.lambda - before;
        if (v.joint) v.deltaJoint = delta;
        else if (r.kind == RowKind::Normal) v.deltaNormal = delta;
        else {
            // A cone pair is solved together when its second row comes up.
            const float partnerDelta = r.partner >= 0 ? rows[r.partner].lambda - partnerBefore : 0.0f;
            v.deltaFriction = std::sqrt(delta * delta + partnerDelta * partnerDelta);
        }
        scope.finish(v);
    }
    return maxDelta;
}

} // namespace tumble
