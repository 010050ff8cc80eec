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

// One manifold, in the house loop shape: the two bodies' velocities into locals, friction
// rows point by point, the normal rows as a block, one write back. mA iA mB iB are the
// inverse masses this pass sees (zero on a frozen side). Returns the largest squared
// impulse change when `measure` is set.
float solveManifold(ContactConstraint& c, SolverBody& a, SolverBody& b, float mA,
                    const glm::mat3& iA, float mB, const glm::mat3& iB, float omega, int sweeps,
                    bool cone, bool measure) {
    glm::vec3 vA = a.v, wA = a.w, vB = b.v, wB = b.w;
    const glm::vec3 n = c.normal, t1 = c.tangent1, t2 = c.tangent2;
    const int count = c.pointCount;
    float maxDelta = 0.0f;

    // Friction first (see contact_solver.h for why).
    for (int i = 0; i < count; ++i) {
        ContactConstraintPoint& p = c.points[i];
        const glm::vec3 rA = p.rA, rB = p.rB;
        const glm::vec3 dv = vB + glm::cross(wB, rB) - vA - glm::cross(wA, rA);
        const float old1 = p.tangentImpulse[0], old2 = p.tangentImpulse[1];
        float lambda1 = old1 - omega * p.tangentMass[0] * glm::dot(dv, t1);
        float lambda2 = old2 - omega * p.tangentMass[1] * glm::dot(dv, t2);
        clampFriction(lambda1, lambda2, p.friction * p.normalImpulse, cone, !p.sticking);
        p.tangentImpulse[0] = lambda1;
        p.tangentImpulse[1] = lambda2;
        const glm::vec3 P = (lambda1 - old1) * t1 + (lambda2 - old2) * t2;
        if (measure) maxDelta = maxf(maxDelta, glm::dot(P, P));
        vA -= mA * P;
        wA -= iA * glm::cross(rA, P);
        vB += mB * P;
        wB += iB * glm::cross(rB, P);
    }

    // Normal rows, the manifold's points together. K has zero rows and columns past the
    // point count, so the inner products run over all four.
    const float* K = c.block.K;
    float Cdot0[4] = {0.0f, 0.0f, 0.0f, 0.0f}, delta[4] = {0.0f, 0.0f, 0.0f, 0.0f};
    for (int i = 0; i < count; ++i) {
        const ContactConstraintPoint& p = c.points[i];
        Cdot0[i] = glm::dot(vB + glm::cross(wB, p.rB) - vA - glm::cross(wA, p.rA), n);
    }
    for (int sweep = 0; sweep < sweeps; ++sweep) {
        for (int i = 0; i < count; ++i) {
            const ContactConstraintPoint& p = c.points[i];
            float Cdot = Cdot0[i];
            for (int j = 0; j < 4; ++j) Cdot += K[i * 4 + j] * delta[j];
            const float accumulated = p.normalImpulse + delta[i];
            const float lambda =
                maxf(accumulated - omega * c.block.invDiagonal[i] * (Cdot - p.bias), 0.0f);
            delta[i] += lambda - accumulated;
        }
    }
    glm::vec3 P(0.0f), LA(0.0f), LB(0.0f);
    for (int i = 0; i < count; ++i) {
        ContactConstraintPoint& p = c.points[i];
        p.normalImpulse += delta[i];
        if (measure) maxDelta = maxf(maxDelta, delta[i] * delta[i]);
        P += delta[i] * n;
        LA += glm::cross(p.rA, delta[i] * n);
        LB += glm::cross(p.rB, delta[i] * n);
    }
    a.v = vA - mA * P, a.w = wA - iA * LA;
    b.v = vB + mB * P, b.w = wB + iB * LB;
    return maxDelta;
}

} // namespace

float solveContactsGaussSeidel(std::span<ContactConstraint> constraints,
                               std::span<SolverBody> bodies, const StepContext& ctx,
                               VelocityScratch& scratch) {
    const float omega = ctx.relaxation;
    const bool shock = !scratch.frozenSide.empty();
    // The largest impulse change is a figure for the Solver panel: only the last iteration's counts.
    const bool measure = scratch.iteration + 1 >= scratch.iterationCount;
    // More inner sweeps where the load split is least settled: the first iteration and the
    // shock-propagation pass.
    const int sweeps = (scratch.iteration == 0 || shock) ? kInnerSweeps : kInnerSweeps / 2;
    float maxDelta = 0.0f;
    if (!shock) {
        for (ContactConstraint& c : constraints) {
            SolverBody& a = bodies[c.indexA];
            SolverBody& b = bodies[c.indexB];
            const glm::mat3 iA = a.invI, iB = b.invI;
            maxDelta = maxf(maxDelta, solveManifold(c, a, b, a.invMass, iA, b.invMass, iB, omega,
                                                    sweeps, ctx.cone, measure));
        }
        return std::sqrt(maxDelta);
    }
    // Shock propagation pass, bottom-up: the body nearer the ground acts as if it had
    // infinite mass. The block is rebuilt with those masses (and the split-impulse pass that
    // follows reads it so).
    const glm::mat3 frozenI(0.0f);
    for (size_t visit = 0; visit < constraints.size(); ++visit) {
        const size_t ci = scratch.order.empty() ? visit : scratch.order[visit];
        ContactConstraint& c = constraints[ci];
        SolverBody& a = bodies[c.indexA];
        SolverBody& b = bodies[c.indexB];
        const uint8_t frozen = scratch.frozenSide[ci];
        const float mA = frozen == 1 ? 0.0f : a.invMass, mB = frozen == 2 ? 0.0f : b.invMass;
        const glm::mat3 iA = frozen == 1 ? frozenI : a.invI;
        const glm::mat3 iB = frozen == 2 ? frozenI : b.invI;
        computeNormalBlock(c, mA, iA, mB, iB, c.block);
        maxDelta = maxf(maxDelta, solveManifold(c, a, b, mA, iA, mB, iB, omega, sweeps, ctx.cone,
                                                measure));
    }
    return std::sqrt(maxDelta);
}

} // namespace tumble
