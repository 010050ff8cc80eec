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
    case TraceStage::Continuous: return "continuous";
    case TraceStage::Sleep: return "islands and sleep";
    }
    return "?";
}

TraceVisit TracePass::visit() const {
    TraceVisit v;
    v.substep = substep;
    v.iteration = iteration;
    v.relax = relax;
    return v;
}

void traceMark(SolveContext& ctx, TraceStage stage, int count, const TracePass& pass) {
    if (!ctx.trace) return;
    TraceMark m;
    m.stage = stage;
    m.substep = pass.substep;
    m.iteration = pass.iteration;
    m.relax = pass.relax;
    m.visitsBefore = ctx.trace->visits.size();
    m.kineticEnergy = solverKineticEnergy(ctx.bodies);
    m.count = count;
    ctx.trace->marks.push_back(m);
}

void recordVisit(StepTrace& trace, const TraceVisit& visit) {
    if (trace.visits.size() >= StepTrace::kMaxVisits) {
        trace.truncated = true;
        return;
    }
    trace.visits.push_back(visit);
}

TraceVisitScope::TraceVisitScope(SolveContext& ctx, uint32_t a, uint32_t b) : ctx_(ctx) {
    start_.bodyA = a;
    start_.bodyB = b;
    start_.vA0 = ctx.bodies[a].v, start_.wA0 = ctx.bodies[a].w;
    start_.vB0 = ctx.bodies[b].v, start_.wB0 = ctx.bodies[b].w;
}

void TraceVisitScope::finish(TraceVisit visit) {
    visit.bodyA = start_.bodyA, visit.bodyB = start_.bodyB;
    visit.vA0 = start_.vA0, visit.wA0 = start_.wA0, visit.vB0 = start_.vB0, visit.wB0 = start_.wB0;
    visit.vA1 = ctx_.bodies[visit.bodyA].v, visit.wA1 = ctx_.bodies[visit.bodyA].w;
    visit.vB1 = ctx_.bodies[visit.bodyB].v, visit.wB1 = ctx_.bodies[visit.bodyB].w;
    recordVisit(*ctx_.trace, visit);
}

namespace {
SolverPose poseOf(const SolveContext& ctx, uint32_t i) {
    return i < ctx.poses.size() ? ctx.poses[i] : SolverPose{};
}
} // namespace

TracePoseScope::TracePoseScope(SolveContext& ctx, uint32_t a, uint32_t b) : ctx_(ctx) {
    start_.bodyA = a;
    start_.bodyB = b;
    const SolverPose A = poseOf(ctx, a), B = poseOf(ctx, b);
    start_.xA0 = A.x, start_.qA0 = A.q;
    start_.xB0 = B.x, start_.qB0 = B.q;
}

void TracePoseScope::finish(TraceVisit visit) {
    visit.xpbd = XpbdVisit::Projection;
    visit.bodyA = start_.bodyA, visit.bodyB = start_.bodyB;
    visit.xA0 = start_.xA0, visit.qA0 = start_.qA0, visit.xB0 = start_.xB0, visit.qB0 = start_.qB0;
    const SolverPose A = poseOf(ctx_, visit.bodyA), B = poseOf(ctx_, visit.bodyB);
    visit.xA1 = A.x, visit.qA1 = A.q;
    visit.xB1 = B.x, visit.qB1 = B.q;
    recordVisit(*ctx_.trace, visit);
}

void addManifoldChange(const ContactConstraint& c, const float4 (&dlambda)[3], TraceVisit& visit) {
    glm::vec3 friction(0.0f);
    for (int i = 0; i < c.pointCount; ++i) {
        visit.deltaNormal += dlambda[kNormalRow][i];
        friction += dlambda[kTangent1Row][i] * laneVector(c.axis[kTangent1Row], i) +
                    dlambda[kTangent2Row][i] * laneVector(c.axis[kTangent2Row], i);
    }
    visit.deltaFriction = glm::length(friction);
}

void tracedJointPass(SolveContext& ctx, const TracePass& pass, bool useBias) {
    std::span<JointRow> rows(ctx.jointRows);
    for (size_t k = 0; k < rows.size(); ++k) {
        TraceVisitScope scope(ctx, rows[k].a, rows[k].b);
        const float before = rows[k].impulse;
        solveJointRows(rows.subspan(k, 1), ctx.bodies, useBias);
        TraceVisit v = pass.visit();
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
    for (size_t k = 0; k < constraints.size(); ++k)
        maxDelta = std::max(maxDelta, tracedManifold(ctx, constraints[k], TracePass{0, iteration}, [&] {
                                return solveContactsGaussSeidel(constraints.subspan(k, 1), ctx.bodies, ctx.step,
                                                                ctx.scratch);
                            }));
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
        TraceVisit v = TracePass{0, iteration}.visit();
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
