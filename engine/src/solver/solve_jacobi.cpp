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
namespace {

inline float maxf(float a, float b) { return a > b ? a : b; }

} // namespace

float solveContactsJacobi(std::span<ContactConstraint> constraints, std::span<SolverBody> bodies,
                          const StepContext& ctx, VelocityScratch& s) {
    const size_t n = bodies.size();
    s.dv.assign(n, glm::vec3(0.0f));
    s.dw.assign(n, glm::vec3(0.0f));
    s.rows.assign(n, 0.0f);
    for (const ContactConstraint& c : constraints) {
        s.rows[c.indexA] += c.pointCount;
        s.rows[c.indexB] += c.pointCount;
    }
    float maxDelta = 0.0f;
    for (ContactConstraint& c : constraints) {
        const uint32_t ia = c.indexA, ib = c.indexB;
        const SolverBody& a = bodies[ia];
        const SolverBody& b = bodies[ib];
        const glm::vec3 vA = a.v, wA = a.w, vB = b.v, wB = b.w;
        const float busiest = maxf(a.invMass > 0.0f ? s.rows[ia] : 1.0f, b.invMass > 0.0f ? s.rows[ib] : 1.0f);
        const float omega = ctx.relaxation / maxf(busiest, 1.0f);
        const glm::vec3 t1 = c.tangent1, t2 = c.tangent2;
        glm::vec3 &dvA = s.dv[ia], &dwA = s.dw[ia], &dvB = s.dv[ib], &dwB = s.dw[ib];
        for (int i = 0; i < c.pointCount; ++i) {
            ContactConstraintPoint& p = c.points[i];
            const glm::vec3 dv = vB + glm::cross(wB, p.rB) - vA - glm::cross(wA, p.rA);
            const float normal =
                maxf(p.normalImpulse - omega * p.normalMass * (glm::dot(dv, c.normal) - p.bias), 0.0f);
            const float old1 = p.tangentImpulse[0], old2 = p.tangentImpulse[1];
            float lambda1 = old1 - omega * p.tangentMass[0] * glm::dot(dv, t1);
            float lambda2 = old2 - omega * p.tangentMass[1] * glm::dot(dv, t2);
            clampFriction(lambda1, lambda2, p.friction * normal, ctx.cone, !p.sticking);
            const glm::vec3 P = (normal - p.normalImpulse) * c.normal + (lambda1 - old1) * t1 +
                                (lambda2 - old2) * t2;
            maxDelta = maxf(maxDelta, glm::dot(P, P));
            p.normalImpulse = normal;
            p.tangentImpulse[0] = lambda1;
            p.tangentImpulse[1] = lambda2;
            dvA -= a.invMass * P;
            dwA -= a.invI * glm::cross(p.rA, P);
            dvB += b.invMass * P;
            dwB += b.invI * glm::cross(p.rB, P);
        }
    }
    for (size_t i = 0; i < n; ++i) {
        bodies[i].v += s.dv[i];
        bodies[i].w += s.dw[i];
    }
    return std::sqrt(maxDelta);
}

} // namespace tumble
