// Projected Gauss-Seidel: each row sees the velocities the rows before it produced.
//
// The normal rows of one manifold are solved together: their coupling K_ij = J_i M^-1 J_j^T
// is a 4 x 4 matrix, so a few inner sweeps over scalars settle how the load splits between
// the points before the bodies' velocities are touched. Visiting the points one by one would
// hand the first point more than its share every iteration; in a tall stack that bias tilts
// every box the same way and the stack walks off.
#include "solver/contact_solver.h"
#include "solver/friction.h"

#include <cmath>

namespace tumble {
namespace {

void computeCoupling(const ContactManifoldInfo& m, const SolverBody& a, const SolverBody& b,
                     std::array<float, 16>& K) {
    glm::vec3 rnA[4], rnB[4];
    for (int i = 0; i < m.pointCount; ++i) {
        rnA[i] = glm::cross(m.points[i].rA, m.normal);
        rnB[i] = glm::cross(m.points[i].rB, m.normal);
    }
    for (int i = 0; i < m.pointCount; ++i)
        for (int j = 0; j < m.pointCount; ++j)
            K[i * 4 + j] = a.invMass + b.invMass + glm::dot(rnA[i], a.invI * rnA[j]) +
                           glm::dot(rnB[i], b.invI * rnB[j]);
}

// The same for the friction rows: row 2i + k is point i along tangent k (8 x 8, row-major).
void computeFrictionCoupling(const ContactManifoldInfo& m, const SolverBody& a,
                             const SolverBody& b, std::array<float, 64>& F) {
    const glm::vec3 t[2] = {m.tangent1, m.tangent2};
    glm::vec3 rtA[8], rtB[8], dir[8];
    const int rows = 2 * m.pointCount;
    for (int r = 0; r < rows; ++r) {
        dir[r] = t[r & 1];
        rtA[r] = glm::cross(m.points[r / 2].rA, dir[r]);
        rtB[r] = glm::cross(m.points[r / 2].rB, dir[r]);
    }
    for (int i = 0; i < rows; ++i)
        for (int j = 0; j < rows; ++j)
            F[i * 8 + j] = (a.invMass + b.invMass) * glm::dot(dir[i], dir[j]) +
                           glm::dot(rtA[i], a.invI * rtA[j]) + glm::dot(rtB[i], b.invI * rtB[j]);
}

} // namespace

float solveContactsGaussSeidel(std::span<ContactManifoldInfo> manifolds,
                               std::span<SolverBody> bodies, const StepContext& ctx,
                               VelocityScratch& scratch) {
    const float omega = ctx.relaxation;
    if (scratch.iteration == 0) {
        scratch.normalCoupling.resize(manifolds.size());
        scratch.frictionCoupling.resize(manifolds.size());
    }
    float maxDelta = 0.0f;
    const size_t count = manifolds.size();
    for (size_t step = 0; step < count; ++step) {
        const size_t mi = step;
        ContactManifoldInfo& m = manifolds[mi];
        if (m.pointCount == 0) continue;
        SolverBody& a = bodies[m.bodyA.index];
        SolverBody& b = bodies[m.bodyB.index];
        glm::vec3 vA = a.v, wA = a.w, vB = b.v, wB = b.w;
        const float mA = a.invMass, mB = b.invMass;
        const glm::mat3 iA = a.invI, iB = b.invI;
        const glm::vec3 n = m.normal;
        const glm::vec3 t[2] = {m.tangent1, m.tangent2};

        // Friction first (see contact_solver.h for why), the manifold's 2 x 4 rows together.
        std::array<float, 64>& F = scratch.frictionCoupling[mi];
        if (scratch.iteration == 0) computeFrictionCoupling(m, a, b, F);
        {
            const int pointCount = m.pointCount;
            float Cdot0[8], delta[8] = {0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f};
            for (int i = 0; i < pointCount; ++i) {
                const ContactPointInfo& p = m.points[i];
                glm::vec3 dv = vB + glm::cross(wB, p.rB) - vA - glm::cross(wA, p.rA);
                Cdot0[2 * i] = glm::dot(dv, t[0]);
                Cdot0[2 * i + 1] = glm::dot(dv, t[1]);
            }
            const int rows = 2 * pointCount;
            for (int sweep = 0; sweep < kInnerSweeps; ++sweep) {
                for (int i = 0; i < pointCount; ++i) {
                    ContactPointInfo& p = m.points[i];
                    float lambda[2];
                    for (int k = 0; k < 2; ++k) {
                        int r = 2 * i + k;
                        float Cdot = Cdot0[r];
                        for (int j = 0; j < rows; ++j) Cdot += F[r * 8 + j] * delta[j];
                        lambda[k] = p.tangentImpulse[k] + delta[r] - omega * p.tangentMass[k] * Cdot;
                    }
                    float mu = p.sticking ? m.staticFriction : m.dynamicFriction;
                    clampFriction(lambda[0], lambda[1], mu * p.normalImpulse, ctx.cone, !p.sticking);
                    delta[2 * i] = lambda[0] - p.tangentImpulse[0];
                    delta[2 * i + 1] = lambda[1] - p.tangentImpulse[1];
                }
            }
            for (int i = 0; i < pointCount; ++i) {
                ContactPointInfo& p = m.points[i];
                p.tangentImpulse[0] += delta[2 * i];
                p.tangentImpulse[1] += delta[2 * i + 1];
                glm::vec3 P = delta[2 * i] * t[0] + delta[2 * i + 1] * t[1];
                maxDelta = std::fmax(maxDelta, glm::length(P));
                vA -= mA * P;
                wA -= iA * glm::cross(p.rA, P);
                vB += mB * P;
                wB += iB * glm::cross(p.rB, P);
            }
        }

        // Normal rows, the manifold's points together.
        std::array<float, 16>& K = scratch.normalCoupling[mi];
        if (scratch.iteration == 0) computeCoupling(m, a, b, K);
        const int pointCount = m.pointCount;
        float Cdot0[4], delta[4] = {0.0f, 0.0f, 0.0f, 0.0f};
        for (int i = 0; i < pointCount; ++i) {
            const ContactPointInfo& p = m.points[i];
            glm::vec3 dv = vB + glm::cross(wB, p.rB) - vA - glm::cross(wA, p.rA);
            Cdot0[i] = glm::dot(dv, n);
        }
        for (int sweep = 0; sweep < kInnerSweeps; ++sweep) {
            for (int i = 0; i < pointCount; ++i) {
                ContactPointInfo& p = m.points[i];
                float Cdot = Cdot0[i];
                for (int j = 0; j < pointCount; ++j) Cdot += K[i * 4 + j] * delta[j];
                float accumulated = p.normalImpulse + delta[i];
                float lambda = std::fmax(accumulated - omega * p.normalMass * (Cdot - p.bias), 0.0f);
                delta[i] += lambda - accumulated;
            }
        }
        glm::vec3 dvA(0.0f), dwA(0.0f), dvB(0.0f), dwB(0.0f);
        for (int i = 0; i < pointCount; ++i) {
            ContactPointInfo& p = m.points[i];
            p.normalImpulse += delta[i];
            maxDelta = std::fmax(maxDelta, std::fabs(delta[i]));
            glm::vec3 P = delta[i] * n;
            dvA -= mA * P;
            dwA -= iA * glm::cross(p.rA, P);
            dvB += mB * P;
            dwB += iB * glm::cross(p.rB, P);
        }
        a.v = vA + dvA, a.w = wA + dwA, b.v = vB + dvB, b.w = wB + dwB;
    }
    return maxDelta;
}

} // namespace tumble
