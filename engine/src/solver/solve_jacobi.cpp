// Jacobi: every row sees the velocities of the start of the iteration; the impulses are
// summed and applied at the end. Plain Jacobi overshoots wherever several rows push the
// same body, so each row's step is divided by the number of points on its busier dynamic
// body (the accumulated impulse stays exactly what was applied, so warm starting stays
// consistent). It converges slower than Gauss-Seidel, which is what the Solver panel lets a
// user see; it is also the form that parallelises.
#include "solver/contact_solver.h"
#include "solver/friction.h"

#include <cmath>

namespace tumble {

float solveContactsJacobi(std::span<ContactManifoldInfo> manifolds, std::span<SolverBody> bodies,
                          const StepContext& ctx, VelocityScratch& s) {
    const size_t n = bodies.size();
    s.dv.assign(n, glm::vec3(0.0f));
    s.dw.assign(n, glm::vec3(0.0f));
    s.rows.assign(n, 0.0f);
    for (const ContactManifoldInfo& m : manifolds) {
        s.rows[m.bodyA.index] += m.pointCount;
        s.rows[m.bodyB.index] += m.pointCount;
    }
    float maxDelta = 0.0f;
    for (ContactManifoldInfo& m : manifolds) {
        const uint32_t ia = m.bodyA.index, ib = m.bodyB.index;
        const SolverBody& a = bodies[ia];
        const SolverBody& b = bodies[ib];
        float busiest = std::fmax(a.invMass > 0.0f ? s.rows[ia] : 1.0f, b.invMass > 0.0f ? s.rows[ib] : 1.0f);
        const float omega = ctx.relaxation / std::fmax(busiest, 1.0f);
        const glm::vec3 t[2] = {m.tangent1, m.tangent2};
        for (int i = 0; i < m.pointCount; ++i) {
            ContactPointInfo& p = m.points[i];
            glm::vec3 dv = b.v + glm::cross(b.w, p.rB) - a.v - glm::cross(a.w, p.rA);
            float normal = std::fmax(
                p.normalImpulse - omega * p.normalMass * (glm::dot(dv, m.normal) - p.bias), 0.0f);
            float lambda[2], old[2] = {p.tangentImpulse[0], p.tangentImpulse[1]};
            for (int k = 0; k < 2; ++k)
                lambda[k] = old[k] - omega * p.tangentMass[k] * glm::dot(dv, t[k]);
            float mu = p.sticking ? m.staticFriction : m.dynamicFriction;
            clampFriction(lambda[0], lambda[1], mu * normal, ctx.cone, !p.sticking);
            glm::vec3 P = (normal - p.normalImpulse) * m.normal + (lambda[0] - old[0]) * t[0] +
                          (lambda[1] - old[1]) * t[1];
            maxDelta = std::fmax(maxDelta, glm::length(P));
            p.normalImpulse = normal;
            p.tangentImpulse[0] = lambda[0];
            p.tangentImpulse[1] = lambda[1];
            s.dv[ia] -= a.invMass * P;
            s.dw[ia] -= a.invI * glm::cross(p.rA, P);
            s.dv[ib] += b.invMass * P;
            s.dw[ib] += b.invI * glm::cross(p.rB, P);
        }
    }
    for (size_t i = 0; i < n; ++i) {
        bodies[i].v += s.dv[i];
        bodies[i].w += s.dw[i];
    }
    return maxDelta;
}

} // namespace tumble
