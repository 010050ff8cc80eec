// Preparing contact rows, warm starting, and writing the results back into the cache.
#include "solver/contact_solver.h"

#include <algorithm>
#include <cmath>
#include <cstring>

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

// Friction directions. Sliding: t1 along the sliding velocity, so even the pyramid bound is
// exact for a straight slide. Sticking: a basis from the normal alone, where the pyramid can
// hold up to sqrt(2) mu lambda_n along its diagonals (the artifact the cone removes).
void frictionBasis(ContactManifoldInfo& m, const StartVelocity& a0, const StartVelocity& b0) {
    glm::vec3 slide(0.0f);
    for (int i = 0; i < m.pointCount; ++i) {
        const ContactPointInfo& p = m.points[i];
        slide += relativeVelocity(a0.v, a0.w, b0.v, b0.w, p.rA, p.rB);
    }
    slide /= static_cast<float>(m.pointCount);
    slide -= glm::dot(slide, m.normal) * m.normal;
    float slideSpeed = glm::length(slide);
    if (slideSpeed > kStickSpeed) {
        m.tangent1 = slide / slideSpeed;
        m.tangent2 = glm::cross(m.normal, m.tangent1);
    } else {
        tangentBasis(m.normal, m.tangent1, m.tangent2);
    }
}

} // namespace

void computeNormalBlock(const ContactConstraint& c, float mA, const glm::mat3& iA, float mB,
                        const glm::mat3& iB, NormalBlock& block) {
    std::memset(&block, 0, sizeof(block));
    float* K = block.K;
    glm::vec3 rnA[4], rnB[4];
    for (int i = 0; i < c.pointCount; ++i) {
        rnA[i] = glm::cross(c.points[i].rA, c.normal);
        rnB[i] = glm::cross(c.points[i].rB, c.normal);
    }
    for (int i = 0; i < c.pointCount; ++i)
        for (int j = i; j < c.pointCount; ++j)
            K[i * 4 + j] = K[j * 4 + i] =
                mA + mB + glm::dot(rnA[i], iA * rnA[j]) + glm::dot(rnB[i], iB * rnB[j]);
    for (int i = 0; i < c.pointCount; ++i)
        block.invDiagonal[i] = K[i * 4 + i] > 0.0f ? 1.0f / K[i * 4 + i] : 0.0f;
}

void prepareContacts(std::span<ContactManifoldInfo> manifolds, std::span<const SolverBody> bodies,
                     std::span<const StartVelocity> start, const StepContext& ctx,
                     std::vector<ContactConstraint>& constraints) {
    constraints.clear();
    for (size_t mi = 0; mi < manifolds.size(); ++mi) {
        ContactManifoldInfo& m = manifolds[mi];
        if (m.pointCount == 0) continue;
        const uint32_t ia = m.bodyA.index, ib = m.bodyB.index;
        const SolverBody& a = bodies[ia];
        const SolverBody& b = bodies[ib];
        const StartVelocity& a0 = start[ia];
        const StartVelocity& b0 = start[ib];
        // Cached friction impulses are re-projected from last step's basis.
        const glm::vec3 oldT1 = m.tangent1, oldT2 = m.tangent2;
        frictionBasis(m, a0, b0);

        ContactConstraint& c = constraints.emplace_back();
        c.indexA = ia;
        c.indexB = ib;
        c.manifold = static_cast<uint32_t>(mi);
        c.pointCount = m.pointCount;
        c.normal = m.normal;
        c.tangent1 = m.tangent1;
        c.tangent2 = m.tangent2;
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
            glm::vec3 vt0 = vrel0 - vn0 * m.normal;
            p.sticking = glm::dot(vt0, vt0) < kStickSpeed * kStickSpeed;
            // A point that landed last step bounces now with the approach speed it had then
            // (contact_cache.cpp carries it over; for every other point it is 0 here).
            const bool landed = p.approachVelocity < 0.0f;
            if (landed) vn0 = std::min(vn0, p.approachVelocity);
            p.approachVelocity = vn0;

            bool bounce = vn0 < -ctx.restitutionThreshold && m.restitution > 0.0f;
            p.restitutionTarget = bounce ? -m.restitution * vn0 : 0.0f;
            p.correctionVelocity = 0.0f;
            p.landing = false;
            if (p.separation > 0.0f && !landed) {
                // Speculative: the gap may close this step but not be crossed. A point reached
                // within the step lands exactly on the surface; it bounces next step, from
                // the surface rather than from up to a margin above it.
                p.bias = -p.separation * ctx.invDt;
                p.landing = bounce && -vn0 * ctx.dt > p.separation;
            } else {
                float push = std::min(ctx.erp * ctx.invDt * std::max(-p.separation - ctx.slop, 0.0f),
                                      ctx.maxCorrectionVelocity);
                if (ctx.baumgarte) p.correctionVelocity = push;
                p.bias = std::max(p.restitutionTarget, ctx.baumgarte ? push : 0.0f);
                if (ctx.splitImpulse) p.correctionVelocity = push;
            }
            p.warmStartImpulse[0] = p.normalImpulse * ctx.warmStartFactor;
            p.warmStartImpulse[1] = p.tangentImpulse[0] * ctx.warmStartFactor;
            p.warmStartImpulse[2] = p.tangentImpulse[1] * ctx.warmStartFactor;

            ContactConstraintPoint& q = c.points[i];
            q.rA = p.rA;
            q.rB = p.rB;
            q.normalMass = p.normalMass;
            q.tangentMass[0] = p.tangentMass[0];
            q.tangentMass[1] = p.tangentMass[1];
            q.bias = p.bias;
            q.normalImpulse = p.warmStartImpulse[0];
            q.tangentImpulse[0] = p.warmStartImpulse[1];
            q.tangentImpulse[1] = p.warmStartImpulse[2];
            q.friction = p.sticking ? m.staticFriction : m.dynamicFriction;
            q.correctionVelocity = p.correctionVelocity;
            q.splitImpulse = 0.0f;
            q.sticking = p.sticking;
        }
        computeNormalBlock(c, a.invMass, a.invI, b.invMass, b.invI, c.block);
    }
}

void warmStartContacts(std::span<const ContactConstraint> constraints, std::span<SolverBody> bodies) {
    for (const ContactConstraint& c : constraints) {
        SolverBody& a = bodies[c.indexA];
        SolverBody& b = bodies[c.indexB];
        glm::vec3 vA = a.v, wA = a.w, vB = b.v, wB = b.w;
        for (int i = 0; i < c.pointCount; ++i) {
            const ContactConstraintPoint& p = c.points[i];
            glm::vec3 P = p.normalImpulse * c.normal + p.tangentImpulse[0] * c.tangent1 +
                          p.tangentImpulse[1] * c.tangent2;
            vA -= a.invMass * P;
            wA -= a.invI * glm::cross(p.rA, P);
            vB += b.invMass * P;
            wB += b.invI * glm::cross(p.rB, P);
        }
        a.v = vA, a.w = wA, b.v = vB, b.w = wB;
    }
}

void finishContacts(std::span<ContactManifoldInfo> manifolds,
                    std::span<const ContactConstraint> constraints) {
    for (const ContactConstraint& c : constraints) {
        ContactManifoldInfo& m = manifolds[c.manifold];
        for (int i = 0; i < c.pointCount; ++i) {
            const ContactConstraintPoint& q = c.points[i];
            ContactPointInfo& p = m.points[i];
            p.normalImpulse = q.normalImpulse;
            p.tangentImpulse[0] = q.tangentImpulse[0];
            p.tangentImpulse[1] = q.tangentImpulse[1];
            p.splitImpulse = q.splitImpulse;
            // Friction at its bound (within 0.1%) slides; compared squared, without a root.
            float limit = 0.999f * q.friction * q.normalImpulse;
            float t2 = q.tangentImpulse[0] * q.tangentImpulse[0] +
                       q.tangentImpulse[1] * q.tangentImpulse[1];
            if (q.normalImpulse <= 0.0f)
                p.clamp = ClampState::Separating;
            else if (limit > 0.0f && t2 >= limit * limit)
                p.clamp = ClampState::FrictionLimit;
            else
                p.clamp = ClampState::None;
        }
    }
}

} // namespace tumble
