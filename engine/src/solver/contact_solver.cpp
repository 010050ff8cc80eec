// Preparing contact rows, warm starting, and reading back clamp states.
#include "solver/contact_solver.h"

#include <cmath>

namespace tumble {
namespace {

float rowMass(const SolverBody& a, const SolverBody& b, const glm::vec3& rA, const glm::vec3& rB,
              const glm::vec3& axis) {
    glm::vec3 rnA = glm::cross(rA, axis), rnB = glm::cross(rB, axis);
    float k = a.invMass + b.invMass + glm::dot(a.invI * rnA, rnA) + glm::dot(b.invI * rnB, rnB);
    return k > 0.0f ? 1.0f / k : 0.0f;
}

glm::vec3 relativeVelocity(const glm::vec3& vA, const glm::vec3& wA, const glm::vec3& vB,
                           const glm::vec3& wB, const glm::vec3& rA, const glm::vec3& rB) {
    return vB + glm::cross(wB, rB) - vA - glm::cross(wA, rA);
}

// A tangent basis that depends on the normal only, so accumulated friction impulses keep
// their meaning from step to step (Duff et al. 2017, "Building an orthonormal basis, revisited").
void tangentBasis(const glm::vec3& n, glm::vec3& t1, glm::vec3& t2) {
    float sign = std::copysign(1.0f, n.z);
    float a = -1.0f / (sign + n.z);
    float b = n.x * n.y * a;
    t1 = glm::vec3(1.0f + sign * n.x * n.x * a, sign * b, -sign * n.x);
    t2 = glm::vec3(b, sign + n.y * n.y * a, -n.y);
}

} // namespace

void prepareContacts(std::span<ContactManifoldInfo> manifolds, std::span<const SolverBody> bodies,
                     std::span<const StartVelocity> start, const StepContext& ctx) {
    for (ContactManifoldInfo& m : manifolds) {
        const uint32_t ia = m.bodyA.index, ib = m.bodyB.index;
        const SolverBody& a = bodies[ia];
        const SolverBody& b = bodies[ib];
        const StartVelocity& a0 = start[ia];
        const StartVelocity& b0 = start[ib];
        // Friction directions. Sliding: t1 along the sliding velocity, so even the pyramid
        // bound is exact for a straight slide. Sticking: a basis from the normal alone, where
        // the pyramid can hold up to sqrt(2) mu lambda_n along its diagonals (the artifact the
        // cone removes). Cached friction impulses are re-projected from last step's basis.
        const glm::vec3 oldT1 = m.tangent1, oldT2 = m.tangent2;
        glm::vec3 slide(0.0f);
        for (int i = 0; i < m.pointCount; ++i) {
            const ContactPointInfo& p = m.points[i];
            slide += relativeVelocity(a0.v, a0.w, b0.v, b0.w, p.rA, p.rB);
        }
        if (m.pointCount > 0) slide /= static_cast<float>(m.pointCount);
        slide -= glm::dot(slide, m.normal) * m.normal;
        float slideSpeed = glm::length(slide);
        if (slideSpeed > kStickSpeed) {
            m.tangent1 = slide / slideSpeed;
            m.tangent2 = glm::cross(m.normal, m.tangent1);
        } else {
            tangentBasis(m.normal, m.tangent1, m.tangent2);
        }
        for (int i = 0; i < m.pointCount; ++i) {
            ContactPointInfo& p = m.points[i];
            glm::vec3 friction = p.tangentImpulse[0] * oldT1 + p.tangentImpulse[1] * oldT2;
            p.tangentImpulse[0] = glm::dot(friction, m.tangent1);
            p.tangentImpulse[1] = glm::dot(friction, m.tangent2);
            p.normalMass = rowMass(a, b, p.rA, p.rB, m.normal);
            p.tangentMass[0] = rowMass(a, b, p.rA, p.rB, m.tangent1);
            p.tangentMass[1] = rowMass(a, b, p.rA, p.rB, m.tangent2);

            // Before gravity and warm starting: the true approach speed and sliding speed.
            glm::vec3 vrel0 = relativeVelocity(a0.v, a0.w, b0.v, b0.w, p.rA, p.rB);
            float vn0 = glm::dot(m.normal, vrel0);
            float vt0 = glm::length(vrel0 - vn0 * m.normal);
            p.sticking = vt0 < kStickSpeed;
            // A point that landed last step bounces now with the approach speed it had then
            // (contact_cache.cpp carries it over; for every other point it is 0 here).
            const bool landed = p.approachVelocity < 0.0f;
            if (landed) vn0 = std::fmin(vn0, p.approachVelocity);
            p.approachVelocity = vn0;

            bool bounce = vn0 < -ctx.restitutionThreshold && m.restitution > 0.0f;
            p.restitutionTarget = bounce ? -m.restitution * vn0 : 0.0f;
            p.correctionVelocity = 0.0f;
            p.splitImpulse = 0.0f;
            p.landing = false;
            if (p.separation > 0.0f && !landed) {
                // Speculative: the gap may close this step but not be crossed. A point reached
                // within the step lands exactly on the surface; it bounces next step, from
                // the surface rather than from up to a margin above it.
                p.bias = -p.separation * ctx.invDt;
                p.landing = bounce && -vn0 * ctx.dt > p.separation;
            } else {
                float push = std::fmin(ctx.erp * ctx.invDt * std::fmax(-p.separation - ctx.slop, 0.0f),
                                       ctx.maxCorrectionVelocity);
                if (ctx.baumgarte) p.correctionVelocity = push;
                p.bias = std::fmax(p.restitutionTarget, ctx.baumgarte ? push : 0.0f);
                if (ctx.splitImpulse) p.correctionVelocity = push;
            }
        }
    }
}

void warmStartContacts(std::span<ContactManifoldInfo> manifolds, std::span<SolverBody> bodies,
                       const StepContext& ctx) {
    for (ContactManifoldInfo& m : manifolds) {
        SolverBody& a = bodies[m.bodyA.index];
        SolverBody& b = bodies[m.bodyB.index];
        glm::vec3 vA = a.v, wA = a.w, vB = b.v, wB = b.w;
        for (int i = 0; i < m.pointCount; ++i) {
            ContactPointInfo& p = m.points[i];
            p.normalImpulse *= ctx.warmStartFactor;
            p.tangentImpulse[0] *= ctx.warmStartFactor;
            p.tangentImpulse[1] *= ctx.warmStartFactor;
            p.warmStartImpulse[0] = p.normalImpulse;
            p.warmStartImpulse[1] = p.tangentImpulse[0];
            p.warmStartImpulse[2] = p.tangentImpulse[1];
            glm::vec3 P = p.normalImpulse * m.normal + p.tangentImpulse[0] * m.tangent1 +
                          p.tangentImpulse[1] * m.tangent2;
            vA -= a.invMass * P;
            wA -= a.invI * glm::cross(p.rA, P);
            vB += b.invMass * P;
            wB += b.invI * glm::cross(p.rB, P);
        }
        a.v = vA, a.w = wA, b.v = vB, b.w = wB;
    }
}

void finishContacts(std::span<ContactManifoldInfo> manifolds, std::span<const SolverBody>) {
    for (ContactManifoldInfo& m : manifolds) {
        for (int i = 0; i < m.pointCount; ++i) {
            ContactPointInfo& p = m.points[i];
            float mu = p.sticking ? m.staticFriction : m.dynamicFriction;
            float limit = mu * p.normalImpulse;
            float t = std::hypot(p.tangentImpulse[0], p.tangentImpulse[1]);
            if (p.normalImpulse <= 0.0f)
                p.clamp = ClampState::Separating;
            else if (limit > 0.0f && t >= 0.999f * limit)
                p.clamp = ClampState::FrictionLimit;
            else
                p.clamp = ClampState::None;
        }
    }
}

} // namespace tumble
