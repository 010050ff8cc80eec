// Split impulse (Catto; Bullet's "split impulse"): penetration is removed by pseudo-
// velocities that move positions this step and are then discarded, so pushing bodies apart
// adds no kinetic energy, unlike a Baumgarte bias in the velocity rows.
//
//   target  b = min(erp/dt * max(depth - slop, 0), maxCorrectionVelocity)
//   row     dlambda_s = -m_n (n . (vB' + wB' x rB - vA' - wA' x rA) - b),  lambda_s >= 0
// where v', w' are the pseudo-velocities. The rows are the velocity rows' normal rows; the
// accumulated pseudo impulse starts at zero every step (never warm started).
#include "solver/contact_solver.h"

#include <cmath>

namespace tumble {

void solveSplitImpulse(std::span<ContactManifoldInfo> manifolds, std::span<SolverBody> bodies,
                       const StepContext&, VelocityScratch& scratch) {
    const bool haveCoupling = scratch.normalCoupling.size() == manifolds.size();
    for (size_t mi = 0; mi < manifolds.size(); ++mi) {
        ContactManifoldInfo& m = manifolds[mi];
        if (m.pointCount == 0) continue;
        SolverBody& a = bodies[m.bodyA.index];
        SolverBody& b = bodies[m.bodyB.index];
        glm::vec3 vA = a.vSplit, wA = a.wSplit, vB = b.vSplit, wB = b.wSplit;
        const glm::vec3 n = m.normal;
        const int count = m.pointCount;
        // The points of a manifold together, as in the velocity pass (solve_gauss_seidel.cpp):
        // one at a time, the first would take more than its share and tilt the body.
        float Cdot0[4], delta[4] = {0.0f, 0.0f, 0.0f, 0.0f};
        for (int i = 0; i < count; ++i) {
            const ContactPointInfo& p = m.points[i];
            Cdot0[i] = glm::dot(vB + glm::cross(wB, p.rB) - vA - glm::cross(wA, p.rA), n);
        }
        const int sweeps = haveCoupling ? kInnerSweeps : 1;
        for (int sweep = 0; sweep < sweeps; ++sweep) {
            for (int i = 0; i < count; ++i) {
                ContactPointInfo& p = m.points[i];
                if (p.correctionVelocity <= 0.0f && p.splitImpulse + delta[i] == 0.0f) continue;
                float Cdot = Cdot0[i];
                if (haveCoupling)
                    for (int j = 0; j < count; ++j) Cdot += scratch.normalCoupling[mi].K[i * 4 + j] * delta[j];
                float accumulated = p.splitImpulse + delta[i];
                float lambda = std::fmax(accumulated - p.normalMass * (Cdot - p.correctionVelocity), 0.0f);
                delta[i] += lambda - accumulated;
            }
        }
        for (int i = 0; i < count; ++i) {
            ContactPointInfo& p = m.points[i];
            p.splitImpulse += delta[i];
            glm::vec3 P = delta[i] * n;
            vA -= a.invMass * P;
            wA -= a.invI * glm::cross(p.rA, P);
            vB += b.invMass * P;
            wB += b.invI * glm::cross(p.rB, P);
        }
        a.vSplit = vA, a.wSplit = wA, b.vSplit = vB, b.wSplit = wB;
    }
}

} // namespace tumble
