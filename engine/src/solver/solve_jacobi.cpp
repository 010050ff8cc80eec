// Jacobi: every row, joint or contact, sees the velocities of the start of the iteration;
// the impulses are summed and applied at the end. Plain Jacobi overshoots wherever several rows push the
// same body, so each row's step is divided by the number of points on its busier dynamic
// body (the accumulated impulse stays exactly what was applied, so warm starting stays
// consistent). It converges slower than Gauss-Seidel, which is what the Solver panel lets a
// user see; it is also the form that parallelises.
#include "solver/contact_rows.h"
#include "solver/friction.h"
#include "solver/joint_rows.h"
#include "solver/probe_measure.h"

#include <algorithm>

#include <cmath>

namespace tumble {

float solveContactsJacobi(std::span<ContactConstraint> constraints, std::span<JointRow> joints,
                          std::span<SolverBody> bodies, const StepContext& ctx, VelocityScratch& s) {
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
    for (JointRow& r : joints) {
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
        s.dv[r.a] += a.invMass * delta * r.jvA;
        s.dw[r.a] += a.invI * (delta * r.jwA);
        s.dv[r.b] += b.invMass * delta * r.jvB;
        s.dw[r.b] += b.invI * (delta * r.jwB);
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
    }
    for (size_t i = 0; i < n; ++i) {
        bodies[i].v += s.dv[i];
        bodies[i].w += s.dw[i];
    }
    return std::sqrt(maxDelta);
}

} // namespace tumble
