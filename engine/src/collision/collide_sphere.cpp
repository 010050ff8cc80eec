// Sphere against sphere, capsule, box and hull: closest points, one contact point.
#include "collision/collide_functions.h"
#include "collision/contact_candidate.h"
#include "collision/feature_id.h"
#include "collision/segment.h"
#include "collision/segment_polyhedron.h"

#include <glm/geometric.hpp>

namespace tumble {

namespace {

// Two spheres (cA, rA) and (cB, rB): the surfaces are |cB - cA| - rA - rB apart along the line
// of centres. Concentric spheres have no such line; any unit normal is as good (+Y).
void sphereContact(const glm::vec3& cA, float rA, const glm::vec3& cB, float rB, float margin,
                   uint32_t id, const Transform& xa, const Transform& xb, Manifold& out) {
    glm::vec3 d = cB - cA;
    float distance = glm::length(d);
    float separation = distance - rA - rB;
    if (separation >= margin) return;
    glm::vec3 normal = distance > 1e-6f ? d / distance : glm::vec3(0.0f, 1.0f, 0.0f);
    ContactCandidate c{cA + rA * normal, cB - rB * normal, separation, id};
    writeManifold(&c, 1, normal, Frame(), xa, xb, out);
}

void spherePolyhedron(const Shape& a, const Transform& xa, const Polyhedron& poly,
                      const Transform& xb, float margin, Manifold& out) {
    Frame fb(xb);
    glm::vec3 centre = fb.applyInverse(xa.p);
    ContactCandidate candidates[2];
    glm::vec3 normal;
    int count =
        collideSegmentPolyhedron(centre, centre, a.radius, poly, margin, candidates, normal);
    if (count > 0) writeManifold(candidates, count, normal, fb, xa, xb, out);
}

} // namespace

void collideSpheres(const Shape& a, const Transform& xa, const Shape& b, const Transform& xb,
                    float margin, Manifold& out) {
    sphereContact(xa.p, a.radius, xb.p, b.radius, margin,
                  feature::round(feature::OnNothing, 0, 0, 0), xa, xb, out);
}

void collideSphereCapsule(const Shape& a, const Transform& xa, const Shape& b, const Transform& xb,
                          float margin, Manifold& out) {
    // The capsule's core is the segment +-halfHeight along its local Y.
    glm::vec3 axis = xb.q * glm::vec3(0.0f, b.halfHeight, 0.0f);
    glm::vec3 b0 = xb.p - axis, b1 = xb.p + axis;
    float t = closestParameterOnSegment(xa.p, b0, b1);
    uint32_t part = t <= 0.0f ? feature::End0 : (t >= 1.0f ? feature::End1 : feature::Interior);
    sphereContact(xa.p, a.radius, b0 + t * (b1 - b0), b.radius, margin,
                  feature::round(feature::OnNothing, 0, 0, part), xa, xb, out);
}

void collideSphereBox(const Shape& a, const Transform& xa, const Shape& b, const Transform& xb,
                      float margin, Manifold& out) {
    BoxCorners corners;
    spherePolyhedron(a, xa, makeBoxPolyhedron(b.halfExtents, corners), xb, margin, out);
}

void collideSphereHull(const Shape& a, const Transform& xa, const Shape& b, const Transform& xb,
                       float margin, Manifold& out) {
    if (!b.hull) return;
    spherePolyhedron(a, xa, makeHullPolyhedron(*b.hull), xb, margin, out);
}

} // namespace tumble
