// Reducing contact candidates to a manifold.
#include "collision/contact_candidate.h"

#include <cmath>
#include <glm/geometric.hpp>

namespace tumble {

namespace {
glm::vec3 midpoint(const ContactCandidate& c) {
    return 0.5f * (c.pA + c.pB);
}
} // namespace

int reduceCandidates(const ContactCandidate* c, int count, const glm::vec3& normal, int keep[4]) {
    if (count <= 4) {
        for (int i = 0; i < count; ++i)
            keep[i] = i;
        return count;
    }
    // 1: the deepest point carries most of the load.
    int first = 0;
    for (int i = 1; i < count; ++i)
        if (c[i].separation < c[first].separation) first = i;
    glm::vec3 p0 = midpoint(c[first]);

    // 2: the farthest from it, measured in the contact plane.
    int second = -1;
    float best = -1.0f;
    for (int i = 0; i < count; ++i) {
        glm::vec3 d = midpoint(c[i]) - p0;
        d -= glm::dot(d, normal) * normal;
        float d2 = glm::dot(d, d);
        if (i != first && d2 > best) {
            best = d2;
            second = i;
        }
    }
    glm::vec3 p1 = midpoint(c[second]);

    // 3: the largest triangle; twice its signed area is n.((p1 - p0) x (q - p0)).
    int third = -1;
    float signedArea = 0.0f;
    best = -1.0f;
    for (int i = 0; i < count; ++i) {
        if (i == first || i == second) continue;
        float area = glm::dot(normal, glm::cross(p1 - p0, midpoint(c[i]) - p0));
        if (std::abs(area) > best) {
            best = std::abs(area);
            signedArea = area;
            third = i;
        }
    }
    glm::vec3 p2 = midpoint(c[third]);

    // 4: the point adding the largest triangle outside one of the edges of the first triangle.
    // With the triangle oriented by the sign s of its area, a point q lies outside edge (u, v)
    // when s n.((v - u) x (q - u)) < 0, and that negative amount is twice the added area.
    float s = signedArea < 0.0f ? -1.0f : 1.0f;
    const glm::vec3 corners[3] = {p0, p1, p2};
    int fourth = -1;
    best = 0.0f;
    for (int i = 0; i < count; ++i) {
        if (i == first || i == second || i == third) continue;
        glm::vec3 q = midpoint(c[i]);
        for (int k = 0; k < 3; ++k) {
            const glm::vec3& u = corners[k];
            const glm::vec3& v = corners[(k + 1) % 3];
            float added = -s * glm::dot(normal, glm::cross(v - u, q - u));
            if (added > best) {
                best = added;
                fourth = i;
            }
        }
    }
    keep[0] = first;
    keep[1] = second;
    keep[2] = third;
    if (fourth < 0) return 3;
    keep[3] = fourth;
    return 4;
}

void writeManifold(const ContactCandidate* candidates, int count, const glm::vec3& normal,
                   const Frame& working, const Transform& xa, const Transform& xb, Manifold& out) {
    int keep[4];
    int n = reduceCandidates(candidates, count, normal, keep);
    out.normal = working.R * normal;
    out.pointCount = n;
    for (int k = 0; k < n; ++k) {
        const ContactCandidate& c = candidates[keep[k]];
        glm::vec3 pA = working.apply(c.pA);
        glm::vec3 pB = working.apply(c.pB);
        ContactPoint& p = out.points[k];
        p.position = 0.5f * (pA + pB);
        p.separation = c.separation;
        p.featureId = c.id;
        p.localAnchorA = inverseTransformPoint(xa, pA);
        p.localAnchorB = inverseTransformPoint(xb, pB);
    }
}

} // namespace tumble
