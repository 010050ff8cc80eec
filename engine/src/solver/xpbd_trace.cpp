// XPBD's constraints as the step debugger's visits (xpbd_parts.h, tumble/step_trace.h). Each
// traced form runs the kernel the untraced pass runs, unchanged, between reading what the
// visit records: the poses (position pass) or the velocities (springs, velocity pass) of its
// two bodies before and after, and what the kernel returns. So a traced step computes bit for
// bit what an untraced one does.
//
// Iterations within a sub-step: 0 is the position pass (with the springs' velocity rows
// before the drift), 1 the velocity pass (motors, restitution, dynamic friction).
#include "solver/trace.h"
#include "solver/xpbd_parts.h"

#include <cmath>

namespace tumble::xpbd {
namespace {

constexpr int kPositionPass = 0;
constexpr int kVelocityPass = 1;

TraceVisit visitOf(const Pass& pass, int iteration, XpbdVisit part) {
    TraceVisit v = TracePass{pass.substep, iteration}.visit();
    v.xpbd = part;
    return v;
}

} // namespace

void tracedPositionBlock(Pass& pass, std::span<Point> pts) {
    TracePoseScope scope(pass.ctx, pts[0].a, pts[0].b);
    const ManifoldChange change = positionBlock(pass, pts);
    TraceVisit v = visitOf(pass, kPositionPass, XpbdVisit::Projection);
    v.wholeManifold = true;
    v.source = pass.ctx.constraints[pts[0].constraint].manifold;
    v.deltaLambda = change.normal;
    v.deltaLambdaFriction = change.friction;
    v.deltaLambdaAngular = change.twist;
    v.errorBefore = change.C;
    v.complianceTilde = change.complianceTilde;
    // The same as velocity impulses over the sub-step (N s), as the other sub-stepping
    // methods' visits give them.
    v.deltaNormal = change.normal / pass.h;
    v.deltaFriction = change.friction / pass.h;
    scope.finish(v);
}

void tracedProjectJoint(Pass& pass, std::span<const JointRow> rows, std::span<const float> error,
                        std::span<float> lambda) {
    // C before: each row's at the poses the projection starts from (linear rows in m,
    // angular rows in rad; a limit only where crossed).
    float linearC = 0.0f, angularC = 0.0f;
    for (size_t k = 0; k < rows.size(); ++k) {
        const float C = rowViolation(pass, rows[k], error[k]);
        (rows[k].linear ? linearC : angularC) += C * C;
    }
    TracePoseScope scope(pass.ctx, rows[0].a, rows[0].b);
    projectJoint(pass, rows, error, lambda);
    TraceVisit v = visitOf(pass, kPositionPass, XpbdVisit::Projection);
    v.joint = true;
    v.kind = ProbeRowKind::Joint;
    v.source = rows[0].joint;
    float linear = 0.0f, angular = 0.0f;
    for (size_t k = 0; k < rows.size(); ++k)
        (rows[k].linear ? linear : angular) += lambda[k] * lambda[k];
    v.deltaLambda = std::sqrt(linear);
    v.deltaLambdaAngular = std::sqrt(angular);
    v.errorBefore = std::sqrt(linearC);
    v.angularErrorBefore = std::sqrt(angularC);
    scope.finish(v);
}

void tracedRestitutionBlock(Pass& pass, std::span<Point> pts, float restitutionThreshold) {
    TraceVisitScope scope(pass.ctx, pts[0].a, pts[0].b);
    const float added = restitutionBlock(pass, pts, restitutionThreshold);
    TraceVisit v = visitOf(pass, kVelocityPass, XpbdVisit::Restitution);
    v.wholeManifold = true;
    v.source = pass.ctx.constraints[pts[0].constraint].manifold;
    v.deltaNormal = added;
    scope.finish(v);
}

void tracedDynamicFriction(Pass& pass, Point& pt) {
    TraceVisitScope scope(pass.ctx, pt.a, pt.b);
    const float added = dynamicFriction(pass, pt);
    TraceVisit v = visitOf(pass, kVelocityPass, XpbdVisit::DynamicFriction);
    v.kind = ProbeRowKind::Friction1; // along the slip, not the manifold's first tangent
    v.source = pass.ctx.constraints[pt.constraint].manifold;
    v.point = pt.lane;
    v.deltaFriction = added;
    scope.finish(v);
}

float tracedVelocityRow(Pass& pass, const JointRow& r, uint32_t k, VelocityRows which) {
    TraceVisitScope scope(pass.ctx, r.a, r.b);
    const float lambda = solveVelocityRow(pass, r);
    const bool spring = which == VelocityRows::Springs;
    TraceVisit v = visitOf(pass, spring ? kPositionPass : kVelocityPass,
                           spring ? XpbdVisit::Spring : XpbdVisit::Motor);
    v.joint = true;
    v.kind = ProbeRowKind::Joint;
    v.source = k;
    v.deltaJoint = lambda;
    scope.finish(v);
    return lambda;
}

} // namespace tumble::xpbd
