#include "solver/position_solver.h"

#include "core/math.h"
#include "solver/solver_body.h"

#include <algorithm>
#include <cmath>

namespace tumble {
namespace {

glm::quat rotateBy(const glm::quat& q, const glm::vec3& dtheta) {
    glm::quat dq(0.0f, dtheta.x, dtheta.y, dtheta.z);
    return glm::normalize(q + 0.5f * (dq * q));
}

} // namespace

float solvePositionsNGS(std::span<ContactManifoldInfo> manifolds,
                        std::span<ContactManifoldFigures> figures, std::span<SolverPose> poses,
                        const StepContext& ctx) {
    float deepest = 0.0f;
    const float maxCorrection = ctx.maxCorrectionVelocity * ctx.dt;
    for (size_t mi = 0; mi < manifolds.size(); ++mi) {
        ContactManifoldInfo& m = manifolds[mi];
        SolverPose& a = poses[m.bodyA.index];
        SolverPose& b = poses[m.bodyB.index];
        if (a.invMass == 0.0f && b.invMass == 0.0f) continue;
        const glm::vec3 n = m.normal;
        for (int i = 0; i < m.pointCount; ++i) {
            ContactPointInfo& p = m.points[i];
            glm::vec3 pA = a.x + a.q * p.localAnchorA;
            glm::vec3 pB = b.x + b.q * p.localAnchorB;
            float separation = glm::dot(pB - pA, n);
            deepest = std::min(deepest, separation);
            float C = std::clamp(ctx.erp * (separation + ctx.slop), -maxCorrection, 0.0f);
            if (C == 0.0f) continue;
            if (!figures.empty()) figures[mi].points[i].positionCorrection -= C;
            glm::vec3 rA = pA - a.x, rB = pB - b.x;
            glm::mat3 iA = rotateTensor(a.q, a.localInvI), iB = rotateTensor(b.q, b.localInvI);
            glm::vec3 rnA = glm::cross(rA, n), rnB = glm::cross(rB, n);
            float K = a.invMass + b.invMass + glm::dot(iA * rnA, rnA) + glm::dot(iB * rnB, rnB);
            if (K <= 0.0f) continue;
            glm::vec3 P = (-C / K) * n;
            a.x -= a.invMass * P;
            a.q = rotateBy(a.q, -(iA * glm::cross(rA, P)));
            b.x += b.invMass * P;
            b.q = rotateBy(b.q, iB * glm::cross(rB, P));
        }
    }
    return deepest;
}

} // namespace tumble
