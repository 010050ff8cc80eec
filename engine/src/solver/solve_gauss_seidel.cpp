// Projected Gauss-Seidel: each row sees the velocities the rows before it produced.
//
// The normal rows of one manifold are solved together: their coupling K_ij = J_i M^-1 J_j^T
// is a 4 x 4 matrix, so a few inner sweeps over scalars settle how the load splits between
// the points before the bodies' velocities are touched. Visiting the points one by one
// hands the first point more than its share every iteration; in a tall stack that bias
// tilts every box the same way and the stack walks off.
#include "solver/contact_solver.h"
#include "solver/friction.h"

#include <cmath>

namespace tumble {
namespace {

inline float maxf(float a, float b) { return a > b ? a : b; }

void computeCoupling(const ContactManifoldInfo& m, float mA, const glm::mat3& iA, float mB,
                     const glm::mat3& iB, NormalBlock& block) {
    float* K = block.K;
    glm::vec3 rnA[4], rnB[4];
    for (int i = 0; i < m.pointCount; ++i) {
        rnA[i] = glm::cross(m.points[i].rA, m.normal);
        rnB[i] = glm::cross(m.points[i].rB, m.normal);
    }
    for (int i = 0; i < m.pointCount; ++i)
        for (int j = i; j < m.pointCount; ++j)
            K[i * 4 + j] = K[j * 4 + i] =
                mA + mB + glm::dot(rnA[i], iA * rnA[j]) + glm::dot(rnB[i], iB * rnB[j]);
    for (int i = 0; i < m.pointCount; ++i)
        block.invDiagonal[i] = K[i * 4 + i] > 0.0f ? 1.0f / K[i * 4 + i] : 0.0f;
}

} // namespace

float solveContactsGaussSeidel(std::span<ContactManifoldInfo> manifolds,
                               std::span<SolverBody> bodies, const StepContext& ctx,
                               VelocityScratch& scratch) {
    const float omega = ctx.relaxation;
    const bool shock = !scratch.frozenSide.empty();
    // The largest impulse change is a figure for the Solver panel: only the last iteration's counts.
    const bool measure = scratch.iteration + 1 >= scratch.iterationCount;
    // More inner sweeps where the load split is least settled: the first iteration and the
    // shock-propagation pass.
    const int sweeps = (scratch.iteration == 0 || shock) ? kInnerSweeps : kInnerSweeps / 2;
    if (scratch.iteration == 0 || shock) scratch.normalCoupling.resize(manifolds.size());
    float maxDelta = 0.0f;
    const bool ordered = !scratch.order.empty();
    for (size_t visit = 0; visit < manifolds.size(); ++visit) {
        const size_t mi = ordered ? scratch.order[visit] : visit;
        ContactManifoldInfo& m = manifolds[mi];
        if (m.pointCount == 0) continue;
        SolverBody& a = bodies[m.bodyA.index];
        SolverBody& b = bodies[m.bodyB.index];
        glm::vec3 vA = a.v, wA = a.w, vB = b.v, wB = b.w;
        // Shock propagation pass: the body nearer the ground acts as if it had infinite mass.
        const uint8_t frozen = shock ? scratch.frozenSide[mi] : 0;
        const float mA = frozen == 1 ? 0.0f : a.invMass, mB = frozen == 2 ? 0.0f : b.invMass;
        const glm::mat3 iA = frozen == 1 ? glm::mat3(0.0f) : a.invI;
        const glm::mat3 iB = frozen == 2 ? glm::mat3(0.0f) : b.invI;
        const glm::vec3 n = m.normal;
        const glm::vec3 t[2] = {m.tangent1, m.tangent2};

        // Friction first (see contact_solver.h for why).
        for (int i = 0; i < m.pointCount; ++i) {
            ContactPointInfo& p = m.points[i];
            const glm::vec3 rA = p.rA, rB = p.rB;
            glm::vec3 dv = vB + glm::cross(wB, rB) - vA - glm::cross(wA, rA);
            float lambda[2], old[2] = {p.tangentImpulse[0], p.tangentImpulse[1]};
            for (int k = 0; k < 2; ++k) lambda[k] = old[k] - omega * p.tangentMass[k] * glm::dot(dv, t[k]);
            float mu = p.sticking ? m.staticFriction : m.dynamicFriction;
            clampFriction(lambda[0], lambda[1], mu * p.normalImpulse, ctx.cone, !p.sticking);
            p.tangentImpulse[0] = lambda[0];
            p.tangentImpulse[1] = lambda[1];
            glm::vec3 P = (lambda[0] - old[0]) * t[0] + (lambda[1] - old[1]) * t[1];
            if (measure) maxDelta = maxf(maxDelta, glm::dot(P, P));
            vA -= mA * P;
            wA -= iA * glm::cross(rA, P);
            vB += mB * P;
            wB += iB * glm::cross(rB, P);
        }

        // Normal rows, the manifold's points together.
        NormalBlock& block = scratch.normalCoupling[mi];
        if (scratch.iteration == 0 || shock) computeCoupling(m, mA, iA, mB, iB, block);
        const float* K = block.K;
        const int count = m.pointCount;
        float Cdot0[4], delta[4] = {0.0f, 0.0f, 0.0f, 0.0f};
        for (int i = 0; i < count; ++i) {
            const ContactPointInfo& p = m.points[i];
            Cdot0[i] = glm::dot(vB + glm::cross(wB, p.rB) - vA - glm::cross(wA, p.rA), n);
        }
        for (int sweep = 0; sweep < sweeps; ++sweep) {
            for (int i = 0; i < count; ++i) {
                const ContactPointInfo& p = m.points[i];
                float Cdot = Cdot0[i];
                for (int j = 0; j < count; ++j) Cdot += K[i * 4 + j] * delta[j];
                float accumulated = p.normalImpulse + delta[i];
                float lambda = maxf(accumulated - omega * block.invDiagonal[i] * (Cdot - p.bias), 0.0f);
                delta[i] += lambda - accumulated;
            }
        }
        glm::vec3 P(0.0f), LA(0.0f), LB(0.0f);
        for (int i = 0; i < count; ++i) {
            ContactPointInfo& p = m.points[i];
            p.normalImpulse += delta[i];
            if (measure) maxDelta = maxf(maxDelta, delta[i] * delta[i]);
            P += delta[i] * n;
            LA += glm::cross(p.rA, delta[i] * n);
            LB += glm::cross(p.rB, delta[i] * n);
        }
        a.v = vA - mA * P, a.w = wA - iA * LA;
        b.v = vB + mB * P, b.w = wB + iB * LB;
    }
    return std::sqrt(maxDelta);
}

} // namespace tumble
