// Split impulse (Catto; Bullet's "split impulse"): penetration is removed by pseudo-
// velocities that move positions this step and are then discarded, so pushing bodies apart
// adds no kinetic energy, unlike a Baumgarte bias in the velocity rows.
//
//   target  b = min(erp/dt * max(depth - slop, 0), maxCorrectionVelocity)
//   row     dlambda_s = -m_n (n . (vB' + wB' x rB - vA' - wA' x rA) - b),  lambda_s >= 0
// where v', w' are the pseudo-velocities. The rows are the velocity rows' normal rows; the
// accumulated pseudo impulse starts at zero every step (never warm started).
#include "solver/contact_solver.h"

namespace tumble {
namespace {

inline float maxf(float a, float b) { return a > b ? a : b; }

} // namespace

void solveSplitImpulse(std::span<ContactConstraint> constraints, std::span<SolverBody> bodies) {
    for (ContactConstraint& c : constraints) {
        SolverBody& a = bodies[c.indexA];
        SolverBody& b = bodies[c.indexB];
        glm::vec3 vA = a.vSplit, wA = a.wSplit, vB = b.vSplit, wB = b.wSplit;
        const glm::vec3 n = c.normal;
        const int count = c.pointCount;
        const float* K = c.block.K;
        // The points of a manifold together, as in the velocity pass (solve_gauss_seidel.cpp):
        // one at a time, the first would take more than its share and tilt the body.
        float Cdot0[4] = {0.0f, 0.0f, 0.0f, 0.0f}, delta[4] = {0.0f, 0.0f, 0.0f, 0.0f};
        for (int i = 0; i < count; ++i) {
            const ContactConstraintPoint& p = c.points[i];
            Cdot0[i] = glm::dot(vB + glm::cross(wB, p.rB) - vA - glm::cross(wA, p.rA), n);
        }
        for (int sweep = 0; sweep < kInnerSweeps; ++sweep) {
            for (int i = 0; i < count; ++i) {
                const ContactConstraintPoint& p = c.points[i];
                if (p.correctionVelocity <= 0.0f && p.splitImpulse + delta[i] == 0.0f) continue;
                float Cdot = Cdot0[i];
                for (int j = 0; j < 4; ++j) Cdot += K[i * 4 + j] * delta[j];
                const float accumulated = p.splitImpulse + delta[i];
                const float lambda =
                    maxf(accumulated - p.normalMass * (Cdot - p.correctionVelocity), 0.0f);
                delta[i] += lambda - accumulated;
            }
        }
        for (int i = 0; i < count; ++i) {
            ContactConstraintPoint& p = c.points[i];
            p.splitImpulse += delta[i];
            const glm::vec3 P = delta[i] * n;
            vA -= a.invMass * P;
            wA -= a.invI * glm::cross(p.rA, P);
            vB += b.invMass * P;
            wB += b.invI * glm::cross(p.rB, P);
        }
        a.vSplit = vA, a.wSplit = wA, b.vSplit = vB, b.wSplit = wB;
    }
}

} // namespace tumble
