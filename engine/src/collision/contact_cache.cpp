#include "collision/contact_cache.h"

#include <glm/geometric.hpp>

namespace tumble {

namespace {

// What a point carries over from the point of last step it matched (`q`; the point itself when
// its manifold is kept and re-measured): last step's clamp decides whether it sticks now
// (contact_solver.cpp), the drift since it stuck goes on unless it slid, and the impulses warm
// start it. Its approach speed is this step's to measure.
void carryHistory(ContactPointInfo& p, const ContactPointInfo& q) {
    p.persisted = true;
    p.approachVelocity = 0.0f;
    p.clamp = q.clamp;
    p.drift = q.clamp != ClampState::FrictionLimit ? q.drift : glm::vec3(0.0f);
    p.normalImpulse = q.normalImpulse;
    p.tangentImpulse[0] = q.tangentImpulse[0];
    p.tangentImpulse[1] = q.tangentImpulse[1];
}

} // namespace

void inheritImpulses(const ContactManifoldInfo* old, ContactManifoldInfo& fresh) {
    bool used[4] = {false, false, false, false};
    // The friction impulses are coordinates in the old tangent basis; keep that basis so the
    // solver can re-project them onto this step's basis (solver/contact_solver.cpp).
    if (old) {
        fresh.tangent1 = old->tangent1;
        fresh.tangent2 = old->tangent2;
    }
    for (int i = 0; i < fresh.pointCount; ++i) {
        ContactPointInfo& p = fresh.points[i];
        p.persisted = false;
        p.approachVelocity = 0.0f;
        p.clamp = ClampState::None;
        p.drift = glm::vec3(0.0f);
        p.normalImpulse = 0.0f;
        p.tangentImpulse[0] = p.tangentImpulse[1] = 0.0f;
        if (!old) continue;
        int match = -1;
        for (int j = 0; j < old->pointCount; ++j) {
            if (!used[j] && old->points[j].featureId == p.featureId) {
                match = j;
                break;
            }
        }
        if (match < 0) {
            float best = kContactMatchDistance * kContactMatchDistance;
            for (int j = 0; j < old->pointCount; ++j) {
                glm::vec3 d = old->points[j].position - p.position;
                float d2 = glm::dot(d, d);
                if (!used[j] && d2 < best) {
                    best = d2;
                    match = j;
                }
            }
        }
        if (match < 0) continue;
        used[match] = true;
        carryHistory(p, old->points[match]);
    }
}

bool remeasureManifold(ContactManifoldInfo& m, const glm::vec3& xa, const glm::quat& qa, const glm::vec3& xb,
                       const glm::quat& qb, float margin, float slide) {
    const glm::vec3 n = qa * m.localNormalA;
    const glm::vec3 nB = qb * m.localNormalB;
    // 1 - cos of the turn between them, against (slide per metre)^2 / 2. Unknown normals
    // (zero) fail here too.
    if (1.0f - glm::dot(n, nB) > 0.5f * slide * slide) return false;
    glm::vec3 pA[4], pB[4];
    float separation[4];
    for (int i = 0; i < m.pointCount; ++i) {
        pA[i] = xa + qa * m.points[i].localAnchorA;
        pB[i] = xb + qb * m.points[i].localAnchorB;
        const glm::vec3 d = pB[i] - pA[i];
        separation[i] = glm::dot(d, n);
        const glm::vec3 across = d - separation[i] * n;
        if (separation[i] >= margin || glm::dot(across, across) > slide * slide) return false;
    }
    m.normal = n;
    m.sleeping = false;
    for (int i = 0; i < m.pointCount; ++i) {
        ContactPointInfo& p = m.points[i];
        p.position = 0.5f * (pA[i] + pB[i]);
        p.separation = separation[i];
        // Its own history (inheritImpulses' match of the point to itself); what a fresh record
        // starts with for the rest.
        carryHistory(p, p);
        p.landing = false;
        p.sticking = true;
    }
    m.remeasured = true;
    return true;
}

} // namespace tumble
