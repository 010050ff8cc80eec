// Jacobi: every row, joint or contact, sees the velocities of the start of the iteration;
// the impulses are summed and applied at the end. Plain Jacobi overshoots wherever several rows push the
// same body, so each row's step is divided by the number of points on its busier dynamic
// body (the accumulated impulse stays exactly what was applied, so warm starting stays
// consistent). It converges slower than Gauss-Seidel, which is what the Solver panel lets a
// user see; it is also the form that parallelises. The pass is one template over a recorder:
// the step debugger's traced pass records each constraint's share through the same arithmetic
// in the same order, and the untraced pass's recorder does nothing (trace.h).
#include "solver/contact_rows.h"
#include "solver/friction.h"
#include "solver/joint_rows.h"
#include "solver/probe_measure.h"
#include "solver/trace.h"

#include <algorithm>

#include <cmath>

namespace tumble {

namespace {

/// The untraced pass's recorder: nothing to record, so the kernel compiles to the plain pass.
struct NoRecord {
    void joint(size_t, const JointRow&, float, const glm::vec3&, const glm::vec3&, const glm::vec3&,
               const glm::vec3&) {}
    void manifold(const ContactConstraint&, const float4 (&)[3], const float4&, const float4&, const float4&,
                  const float4&) {}
};

// One Jacobi pass. `record` sees each constraint's impulse change and the velocity changes it
// adds to its two bodies (dvA, dwA, dvB, dwB), which the pass sums per body in this order and
// applies at its end; the recorder must not touch the bodies.
template <class Record>
float jacobiPass(std::span<ContactConstraint> constraints, std::span<JointRow> joints,
                 std::span<SolverBody> bodies, const StepContext& ctx, VelocityScratch& s, Record& record) {
    const size_t n = bodies.size();
    s.dv.assign(n, glm::vec3(0.0f));
    s.dw.assign(n, glm::vec3(0.0f));
    s.rows.assign(n, 0.0f);
    for (const ContactConstraint& c : constraints) {
        s.rows[c.indexA] += c.pointCount;
        s.rows[c.indexB] += c.pointCount;
    }
    for (const JointRow& r : joints) {
        s.rows[r.a] += 1.0f;
        s.rows[r.b] += 1.0f;
    }
    float maxDelta = 0.0f;
    // Joint rows: lambda += omega / n (-(Cdot + bias + gamma lambda) m), from the start velocities.
    for (size_t k = 0; k < joints.size(); ++k) {
        JointRow& r = joints[k];
        const SolverBody& a = bodies[r.a];
        const SolverBody& b = bodies[r.b];
        const float busiest = maxf(a.invMass > 0.0f ? s.rows[r.a] : 1.0f, b.invMass > 0.0f ? s.rows[r.b] : 1.0f);
        const float omega = ctx.relaxation / maxf(busiest, 1.0f);
        const float Cdot = glm::dot(r.jvA, a.v) + glm::dot(r.jwA, a.w) + glm::dot(r.jvB, b.v) +
                           glm::dot(r.jwB, b.w);
        const float lambda = std::clamp(r.impulse - omega * r.mass * (Cdot + r.bias + r.gamma * r.impulse),
                                        r.lower, r.upper);
        const float delta = lambda - r.impulse;
        r.impulse = lambda;
        maxDelta = maxf(maxDelta, delta * delta);
        const glm::vec3 dvA = a.invMass * delta * r.jvA, dwA = a.invI * (delta * r.jwA);
        const glm::vec3 dvB = b.invMass * delta * r.jvB, dwB = b.invI * (delta * r.jwB);
        s.dv[r.a] += dvA;
        s.dw[r.a] += dwA;
        s.dv[r.b] += dvB;
        s.dw[r.b] += dwB;
        record.joint(k, r, delta, dvA, dwA, dvB, dwB);
    }
    for (ContactConstraint& c : constraints) {
        const uint32_t ia = c.indexA, ib = c.indexB;
        const SolverBody& a = bodies[ia];
        const SolverBody& b = bodies[ib];
        const float busiest = maxf(a.invMass > 0.0f ? s.rows[ia] : 1.0f, b.invMass > 0.0f ? s.rows[ib] : 1.0f);
        const float omega = ctx.relaxation / maxf(busiest, 1.0f);
        const LaneVectors vrel =
            relativeVelocity(c, toFloat4(a.v), toFloat4(a.w), toFloat4(b.v), toFloat4(b.w));
        const float4 Cdot[3] = {along(vrel, c.axis[0]), along(vrel, c.axis[1]), along(vrel, c.axis[2])};
        // Every row reads the pass's start velocities: the figures of a measure pass.
        if (s.sweep) s.sweep->manifold(c, Cdot[kNormalRow], Cdot[kTangent1Row], Cdot[kTangent2Row], ctx.cone);
        float4 dlambda[3] = {};
        for (int i = 0; i < c.pointCount; ++i) {
            const float normal = maxf(
                c.normalImpulse[i] - omega * c.normalMass[i] * (Cdot[kNormalRow][i] - c.bias[i]), 0.0f);
            const float old1 = c.tangentImpulse[0][i], old2 = c.tangentImpulse[1][i];
            float lambda1 = old1 - omega * c.tangentMass[0][i] * (Cdot[kTangent1Row][i] - c.tangentBias[0][i]);
            float lambda2 = old2 - omega * c.tangentMass[1][i] * (Cdot[kTangent2Row][i] - c.tangentBias[1][i]);
            clampFriction(lambda1, lambda2, c.friction[i] * normal, ctx.cone, c.sliding[i]);
            const float dn = normal - c.normalImpulse[i], d1 = lambda1 - old1, d2 = lambda2 - old2;
            maxDelta = maxf(maxDelta, dn * dn + d1 * d1 + d2 * d2);
            dlambda[kNormalRow][i] = dn;
            dlambda[kTangent1Row][i] = d1;
            dlambda[kTangent2Row][i] = d2;
            c.normalImpulse[i] = normal;
            c.tangentImpulse[0][i] = lambda1;
            c.tangentImpulse[1][i] = lambda2;
        }
        float4 dvA{}, dwA{}, dvB{}, dwB{};
        applyImpulses(c, dlambda, c.invMassA, c.invMassB, 1.0f, 1.0f, dvA, dwA, dvB, dwB);
        s.dv[ia] += toVec3(dvA), s.dw[ia] += toVec3(dwA);
        s.dv[ib] += toVec3(dvB), s.dw[ib] += toVec3(dwB);
        record.manifold(c, dlambda, dvA, dwA, dvB, dwB);
    }
    for (size_t i = 0; i < n; ++i) {
        bodies[i].v += s.dv[i];
        bodies[i].w += s.dw[i];
    }
    return std::sqrt(maxDelta);
}

// The step debugger's visits of a Jacobi pass: each constraint against the pass's start
// velocities (the bodies do not change until the pass ends), "after" being the start plus
// this constraint's own share.
struct TraceRecord {
    SolveContext& ctx;
    TracePass pass;

    TraceVisit visitOf(uint32_t a, uint32_t b, const glm::vec3& dvA, const glm::vec3& dwA, const glm::vec3& dvB,
                       const glm::vec3& dwB) const {
        TraceVisit v = pass.visit();
        v.simultaneous = true;
        v.bodyA = a, v.bodyB = b;
        v.vA0 = ctx.bodies[a].v, v.wA0 = ctx.bodies[a].w, v.vB0 = ctx.bodies[b].v, v.wB0 = ctx.bodies[b].w;
        v.vA1 = v.vA0 + dvA, v.wA1 = v.wA0 + dwA, v.vB1 = v.vB0 + dvB, v.wB1 = v.wB0 + dwB;
        return v;
    }
    void joint(size_t k, const JointRow& r, float delta, const glm::vec3& dvA, const glm::vec3& dwA,
               const glm::vec3& dvB, const glm::vec3& dwB) {
        TraceVisit v = visitOf(r.a, r.b, dvA, dwA, dvB, dwB);
        v.joint = true;
        v.kind = ProbeRowKind::Joint;
        v.source = static_cast<uint32_t>(k);
        v.deltaJoint = delta;
        recordVisit(*ctx.trace, v);
    }
    void manifold(const ContactConstraint& c, const float4 (&dlambda)[3], const float4& dvA, const float4& dwA,
                  const float4& dvB, const float4& dwB) {
        TraceVisit v = visitOf(c.indexA, c.indexB, toVec3(dvA), toVec3(dwA), toVec3(dvB), toVec3(dwB));
        v.wholeManifold = true;
        v.source = c.manifold;
        addManifoldChange(c, dlambda, v);
        recordVisit(*ctx.trace, v);
    }
};

} // namespace

float solveContactsJacobi(std::span<ContactConstraint> constraints, std::span<JointRow> joints,
                          std::span<SolverBody> bodies, const StepContext& ctx, VelocityScratch& s) {
    NoRecord none;
    return jacobiPass(constraints, joints, bodies, ctx, s, none);
}

float tracedJacobiPass(SolveContext& ctx, int iteration) {
    TraceRecord record{ctx, TracePass{0, iteration}};
    return jacobiPass(ctx.constraints, ctx.jointRows, ctx.bodies, ctx.step, ctx.scratch, record);
}

} // namespace tumble
