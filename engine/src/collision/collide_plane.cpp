// Everything against a static plane (shape B).
//
// The plane's normal and offset are stored in the plane body's frame (the identity for a plane
// at the origin, the usual case): in the world, n = q n_local and the offset grows by n.p.
// A point x is dot(n, x) - offset above the plane. Shapes touch with their lowest features:
// the sphere's lowest point, the capsule's two rounded ends, a polyhedron's vertices.
#include "collision/collide_functions.h"
#include "collision/contact_candidate.h"
#include "collision/feature_id.h"
#include "collision/polyhedron.h"

#include <glm/geometric.hpp>

namespace tumble {

namespace {

struct WorldPlane {
    glm::vec3 n;
    float offset;
};

WorldPlane worldPlane(const Shape& plane, const Transform& x) {
    glm::vec3 n = x.q * plane.normal;
    return {n, plane.offset + glm::dot(n, x.p)};
}

// Rounded points (sphere centre or capsule ends) of radius r against the plane.
void roundedPointsPlane(const glm::vec3* centres, int count, float radius, const Shape& b,
                        const Transform& xa, const Transform& xb, float margin, Manifold& out) {
    WorldPlane plane = worldPlane(b, xb);
    ContactCandidate candidates[2];
    int n = 0;
    for (int i = 0; i < count; ++i) {
        float height = glm::dot(plane.n, centres[i]) - plane.offset;
        float separation = height - radius;
        if (separation >= margin) continue;
        candidates[n++] = {centres[i] - radius * plane.n, centres[i] - height * plane.n, separation,
                           feature::round(feature::OnFace, 0, 0, static_cast<uint32_t>(i))};
    }
    if (n > 0) writeManifold(candidates, n, -plane.n, Frame(), xa, xb, out);
}

// The polyhedron's vertices within the margin, worked out in the polyhedron's frame.
void polyhedronPlane(const Polyhedron& poly, const Transform& xa, const Shape& b,
                     const Transform& xb, float margin, Manifold& out) {
    WorldPlane plane = worldPlane(b, xb);
    Frame fa(xa);
    glm::vec3 n = plane.n * fa.R; // R^T n: the plane normal in A's frame
    float offset = plane.offset - glm::dot(plane.n, fa.p);
    ContactCandidate candidates[256];
    int count = 0;
    for (int i = 0; i < poly.vertexCount && count < 256; ++i) {
        const glm::vec3& v = poly.vertices[i];
        float height = glm::dot(n, v) - offset;
        if (height >= margin) continue;
        candidates[count++] = {v, v - height * n, height,
                               feature::round(feature::OnVertex, static_cast<uint32_t>(i), 0, 0)};
    }
    if (count > 0) writeManifold(candidates, count, -n, fa, xa, xb, out);
}

} // namespace

void collideSpherePlane(const Shape& a, const Transform& xa, const Shape& b, const Transform& xb,
                        float margin, Manifold& out) {
    roundedPointsPlane(&xa.p, 1, a.radius, b, xa, xb, margin, out);
}

void collideCapsulePlane(const Shape& a, const Transform& xa, const Shape& b, const Transform& xb,
                         float margin, Manifold& out) {
    glm::vec3 axis = xa.q * glm::vec3(0.0f, a.halfHeight, 0.0f);
    const glm::vec3 ends[2] = {xa.p - axis, xa.p + axis};
    // A capsule of zero length is a sphere: one point, not two on top of each other.
    roundedPointsPlane(ends, a.halfHeight > 0.0f ? 2 : 1, a.radius, b, xa, xb, margin, out);
}

void collideBoxPlane(const Shape& a, const Transform& xa, const Shape& b, const Transform& xb,
                     float margin, Manifold& out) {
    BoxCorners corners;
    polyhedronPlane(makeBoxPolyhedron(a.halfExtents, corners), xa, b, xb, margin, out);
}

void collideHullPlane(const Shape& a, const Transform& xa, const Shape& b, const Transform& xb,
                      float margin, Manifold& out) {
    if (!a.hull) return;
    polyhedronPlane(makeHullPolyhedron(*a.hull), xa, b, xb, margin, out);
}

} // namespace tumble
