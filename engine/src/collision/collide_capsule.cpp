// Capsule against capsule, box and hull.
//
// A capsule is the set of points within r of its core segment, so two capsules are
// |closest points of the cores| - rA - rB apart. Parallel cores have a whole range of closest
// points: the overlap of the cores (B's core projected on A's) is clipped and both ends become
// points, so a capsule lying on a capsule rests on two points instead of rocking on one.
#include "collision/collide_functions.h"
#include "collision/contact_candidate.h"
#include "collision/feature_id.h"
#include "collision/segment.h"
#include "collision/segment_polyhedron.h"

#include <algorithm>
#include <glm/geometric.hpp>

namespace tumble {

namespace {

void coreSegment(const Shape& s, const Transform& x, glm::vec3& p0, glm::vec3& p1) {
    glm::vec3 axis = x.q * glm::vec3(0.0f, s.halfHeight, 0.0f);
    p0 = x.p - axis;
    p1 = x.p + axis;
}

uint32_t segmentPart(float t) {
    return t <= 0.0f ? feature::End0 : (t >= 1.0f ? feature::End1 : feature::Interior);
}

// A unit vector perpendicular to d (any one; chosen from the axis least aligned with d).
glm::vec3 anyPerpendicular(const glm::vec3& d) {
    glm::vec3 a = std::abs(d.x) < 0.57f
                      ? glm::vec3(1, 0, 0)
                      : (std::abs(d.y) < 0.57f ? glm::vec3(0, 1, 0) : glm::vec3(0, 0, 1));
    return glm::normalize(glm::cross(d, a));
}

// Parallel cores overlapping along A's axis: two points at the ends of the overlap.
// Returns false when the overlap is too short to give two distinct points.
bool parallelCapsules(const glm::vec3& a0, const glm::vec3& a1, float rA, const glm::vec3& b0,
                      const glm::vec3& b1, float rB, float margin, const Transform& xa,
                      const Transform& xb, Manifold& out) {
    glm::vec3 dA = a1 - a0;
    float lengthA2 = glm::dot(dA, dA);
    float t0 = glm::dot(b0 - a0, dA) / lengthA2;
    float t1 = glm::dot(b1 - a0, dA) / lengthA2;
    // Where each end of the overlap comes from: A's end 0 / 1 or B's end 0 / 1.
    float lo = std::min(t0, t1), hi = std::max(t0, t1);
    uint32_t loSource = t0 <= t1 ? 2u : 3u, hiSource = t0 <= t1 ? 3u : 2u;
    if (lo <= 0.0f) {
        lo = 0.0f;
        loSource = 0u;
    }
    if (hi >= 1.0f) {
        hi = 1.0f;
        hiSource = 1u;
    }
    if ((hi - lo) * std::sqrt(lengthA2) < 1e-4f) return false;

    // The normal: B's core seen perpendicularly from A's.
    glm::vec3 w = (b0 - a0) - (glm::dot(b0 - a0, dA) / lengthA2) * dA;
    float gap = glm::length(w);
    glm::vec3 normal = gap > 1e-6f ? w / gap : anyPerpendicular(dA / std::sqrt(lengthA2));
    if (gap - rA - rB >= margin) return true; // apart: nothing to write

    ContactCandidate candidates[2];
    int count = 0;
    const float ends[2] = {lo, hi};
    const uint32_t sources[2] = {loSource, hiSource};
    for (int e = 0; e < 2; ++e) {
        glm::vec3 qA = a0 + ends[e] * dA;
        float s = closestParameterOnSegment(qA, b0, b1);
        glm::vec3 qB = b0 + s * (b1 - b0);
        float separation = glm::dot(normal, qB - qA) - rA - rB;
        if (separation >= margin) continue;
        candidates[count++] = {qA + rA * normal, qB - rB * normal, separation,
                               feature::round(feature::OnNothing, 4u + sources[e], 0, 0)};
    }
    writeManifold(candidates, count, normal, Frame(), xa, xb, out);
    return true;
}

void capsulePolyhedron(const Shape& a, const Transform& xa, const Polyhedron& poly,
                       const Transform& xb, float margin, Manifold& out) {
    Frame fb(xb);
    glm::vec3 p0, p1;
    coreSegment(a, xa, p0, p1);
    ContactCandidate candidates[2];
    glm::vec3 normal;
    int count = collideSegmentPolyhedron(fb.applyInverse(p0), fb.applyInverse(p1), a.radius, poly,
                                         margin, candidates, normal);
    if (count > 0) writeManifold(candidates, count, normal, fb, xa, xb, out);
}

} // namespace

void collideCapsules(const Shape& a, const Transform& xa, const Shape& b, const Transform& xb,
                     float margin, Manifold& out) {
    glm::vec3 a0, a1, b0, b1;
    coreSegment(a, xa, a0, a1);
    coreSegment(b, xb, b0, b1);
    glm::vec3 dA = a1 - a0, dB = b1 - b0;
    float lengthA2 = glm::dot(dA, dA), lengthB2 = glm::dot(dB, dB);
    glm::vec3 crossAB = glm::cross(dA, dB);
    // Parallel within about 0.06 degrees.
    if (lengthA2 > 1e-12f && lengthB2 > 1e-12f &&
        glm::dot(crossAB, crossAB) <= 1e-6f * lengthA2 * lengthB2 &&
        parallelCapsules(a0, a1, a.radius, b0, b1, b.radius, margin, xa, xb, out))
        return;

    float s, t;
    closestParametersOfSegments(a0, a1, b0, b1, s, t);
    glm::vec3 qA = a0 + s * dA, qB = b0 + t * dB;
    glm::vec3 d = qB - qA;
    float distance = glm::length(d);
    float separation = distance - a.radius - b.radius;
    if (separation >= margin) return;
    glm::vec3 normal;
    if (distance > 1e-6f) {
        normal = d / distance;
    } else {
        // Crossing cores: the normal of both cores, turned from A's centre towards B's.
        float length = glm::length(crossAB);
        normal = length > 1e-9f ? crossAB / length : glm::vec3(0.0f, 1.0f, 0.0f);
        if (glm::dot(normal, xb.p - xa.p) < 0.0f) normal = -normal;
    }
    ContactCandidate c{qA + a.radius * normal, qB - b.radius * normal, separation,
                       feature::round(feature::OnNothing, segmentPart(s), segmentPart(t), 0)};
    writeManifold(&c, 1, normal, Frame(), xa, xb, out);
}

void collideCapsuleBox(const Shape& a, const Transform& xa, const Shape& b, const Transform& xb,
                       float margin, Manifold& out) {
    BoxCorners corners;
    capsulePolyhedron(a, xa, makeBoxPolyhedron(b.halfExtents, corners), xb, margin, out);
}

void collideCapsuleHull(const Shape& a, const Transform& xa, const Shape& b, const Transform& xb,
                        float margin, Manifold& out) {
    if (!b.hull) return;
    capsulePolyhedron(a, xa, makeHullPolyhedron(*b.hull), xb, margin, out);
}

} // namespace tumble
