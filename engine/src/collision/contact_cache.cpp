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

// q v for each lane's v, every lane as glm rotates one vector (its cross products' terms and
// sums in glm's order), so the lanes are the bits of the scalar form.
LaneVectors rotateLanes(const glm::quat& q, const LaneVectors& v) {
    const LaneVectors uv{q.y * v.z - v.y * q.z, q.z * v.x - v.z * q.x, q.x * v.y - v.x * q.y};
    const LaneVectors uuv{q.y * uv.z - uv.y * q.z, q.z * uv.x - uv.z * q.x,
                          q.x * uv.y - uv.x * q.y};
    return {v.x + ((uv.x * q.w) + uuv.x) * 2.0f, v.y + ((uv.y * q.w) + uuv.y) * 2.0f,
            v.z + ((uv.z * q.w) + uuv.z) * 2.0f};
}

// x + q v for each lane's v: a point of a body's frame in the world.
LaneVectors toWorldLanes(const glm::vec3& x, const glm::quat& q, const LaneVectors& v) {
    const LaneVectors r = rotateLanes(q, v);
    return {x.x + r.x, x.y + r.y, x.z + r.z};
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
    // The four points side by side in lanes (those past the count are not looked at).
    const int4 present = presentLanes(m.pointCount);
    const LaneVectors pA =
        toWorldLanes(xa, qa, pointLanes(m.points, present, &ContactPointInfo::localAnchorA));
    const LaneVectors pB =
        toWorldLanes(xb, qb, pointLanes(m.points, present, &ContactPointInfo::localAnchorB));
    const LaneVectors d{pB.x - pA.x, pB.y - pA.y, pB.z - pA.z};
    const float4 separation = (d.x * n.x + d.y * n.y) + d.z * n.z;
    const LaneVectors across{d.x - separation * n.x, d.y - separation * n.y,
                             d.z - separation * n.z};
    const float4 zero{};
    const int4 apart =
        (separation >= zero + margin) |
        ((across.x * across.x + across.y * across.y) + across.z * across.z > zero + slide * slide);
    for (int i = 0; i < m.pointCount; ++i)
        if (apart[i]) return false;
    m.normal = n;
    m.sleeping = false;
    for (int i = 0; i < m.pointCount; ++i) {
        ContactPointInfo& p = m.points[i];
        p.position = 0.5f * (laneVector(pA, i) + laneVector(pB, i));
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
