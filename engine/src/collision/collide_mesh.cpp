// Convex shapes against static triangle meshes (collide_mesh.h).
//
// Each triangle is a flat convex shape of its own, so the general convex path serves it:
// GJK/EPA between the shape's rounded core and the triangle gives the normal and the closest
// features; the features facing each other along the normal are clipped (convex_contact.h).
// GJK/EPA rather than SAT because the path already handles every convex type, cylinders and
// hulls included, with one set of feature ids; SAT on a triangle would need its own case per
// shape.
//
// Internal edges. A shape sliding over two coplanar triangles meets the seam between them:
// near it, the closest features are the seam's edge or one of its corners, and the normal GJK
// reports there tilts towards the seam, which pushes the shape up or back: the "ghost bump".
// Each edge of the mesh knows whether it is active (triangle_mesh.h: a convex fold, or the
// border). A contact whose closest point on the triangle lies on an inactive edge, or on a
// corner both of whose edges are inactive, takes the triangle's face normal instead, as Jolt
// does with its active edges; the neighbour triangle's own face contact covers the rest.
#include "collision/collide_mesh.h"

#include "collision/convex_contact.h"

#include <algorithm>
#include <cmath>
#include <glm/geometric.hpp>

namespace tumble {
namespace {

/// Barycentric coordinates below this count as zero: the point lies on that edge.
constexpr float kOnEdge = 1e-3f;

// The triangle's feature facing world direction d (unit): its face within 10 degrees of its
// normal, else the edge or corner furthest along d. Index: 0 face, 1 + e edge e, 4 + i corner.
SupportingFeature triangleFeature(const MeshTriangle& t, const glm::vec3& d) {
    SupportingFeature f;
    if (glm::dot(t.normal, d) >= kFeatureCos) {
        for (const glm::vec3& v : t.v) f.points[f.count++] = v;
        f.normal = t.normal;
        f.index = 0;
        return f;
    }
    f.normal = d;
    int top = 0;
    for (int i = 1; i < 3; ++i)
        if (glm::dot(t.v[i], d) > glm::dot(t.v[top], d)) top = i;
    // Of the corner's two edges, the one whose other end reaches further along d, if it lies
    // within 10 degrees of square to d.
    const int next = (top + 1) % 3, prev = (top + 2) % 3;
    const int other = glm::dot(t.v[next], d) >= glm::dot(t.v[prev], d) ? next : prev;
    const glm::vec3 along = glm::normalize(t.v[other] - t.v[top]);
    if (std::fabs(glm::dot(along, d)) <= kFeatureSin) {
        const int e = other == next ? top : prev; // edge e runs from corner e to corner e + 1
        f.points[f.count++] = t.v[e];
        f.points[f.count++] = t.v[(e + 1) % 3];
        f.index = uint32_t(1 + e);
        return f;
    }
    f.points[f.count++] = t.v[top];
    f.index = uint32_t(4 + top);
    return f;
}

// Whether the point p of the triangle's plane lies on an inactive edge or on a corner whose
// two edges are both inactive (then the face normal must serve).
bool onInactiveFeature(const MeshTriangle& t, const glm::vec3& p) {
    const glm::vec3 e0 = t.v[1] - t.v[0], e1 = t.v[2] - t.v[0], w = p - t.v[0];
    const float d00 = glm::dot(e0, e0), d01 = glm::dot(e0, e1), d11 = glm::dot(e1, e1);
    const float d20 = glm::dot(w, e0), d21 = glm::dot(w, e1);
    const float det = d00 * d11 - d01 * d01;
    const float b1 = (d11 * d20 - d01 * d21) / det, b2 = (d00 * d21 - d01 * d20) / det;
    const float bary[3] = {1.0f - b1 - b2, b1, b2};
    // Edge e (corner e to e + 1) is where the opposite corner's weight is zero.
    bool onEdge[3];
    int edges = 0;
    for (int e = 0; e < 3; ++e) edges += (onEdge[e] = bary[(e + 2) % 3] <= kOnEdge);
    if (edges == 0) return false; // inside the face: its normal is already the face's
    for (int e = 0; e < 3; ++e)
        if (onEdge[e] && (t.activeEdges & (1u << e))) return false;
    return true;
}

} // namespace

MeshTriangle meshTriangle(const TriangleMesh& mesh, uint32_t index, const Transform& x) {
    MeshTriangle t;
    for (int i = 0; i < 3; ++i) t.v[i] = transformPoint(x, mesh.vertices[mesh.triangles[index][size_t(i)]]);
    t.normal = x.q * mesh.normals[index];
    t.activeEdges = mesh.activeEdges[index];
    return t;
}

void collideConvexTriangle(const Shape& a, const Transform& xa, const MeshTriangle& triangle, bool twoSided,
                           const Transform& xm, float margin, Manifold& out) {
    MeshTriangle t = triangle;
    if (glm::dot(t.normal, xa.p - t.v[0]) < 0.0f) {
        if (!twoSided) return; // behind a one-sided triangle: let it pass
        // Seen from behind: the same triangle wound the other way. Edge e of the turned
        // triangle (v0, v2, v1) is the old edge 2 - e.
        std::swap(t.v[1], t.v[2]);
        t.normal = -t.normal;
        const uint8_t old = triangle.activeEdges;
        t.activeEdges = uint8_t(((old >> 2) & 1u) | (old & 2u) | ((old & 1u) << 2));
    }
    ConvexProxy corners;
    for (int i = 0; i < 3; ++i) corners.local[i] = t.v[i];
    corners.count = 3;
    const SignedDistance q = signedDistance(roundedProxy(a), xa, corners, Transform{});
    if (q.separation - 0.75f * convexSkin(a) >= margin) return;
    glm::vec3 n = q.normal;
    const bool faceOnly = !q.valid || onInactiveFeature(t, q.pointB);
    if (faceOnly) n = -t.normal;
    SupportingFeature fa = supportingFeature(a, xa, n);
    SupportingFeature fb = triangleFeature(t, -n);
    if (snapNormal(fa, fb, n)) {
        fa = supportingFeature(a, xa, n);
        fb = triangleFeature(t, -n);
    }
    // With the normal replaced, the query's closest points belong to another direction and
    // cannot stand in for missing clip points.
    featureManifold(fa, fb, n, margin, faceOnly ? nullptr : &q, xa, xm, out);
}

int collideConvexMesh(const Shape& a, const Transform& xa, const Shape& mesh, const Transform& xm,
                      float margin, std::vector<TriangleManifold>& out) {
    if (!mesh.mesh) return 0;
    // A's box in the mesh's frame, grown by the margin so speculative contacts are found.
    const glm::quat toMesh = glm::conjugate(xm.q);
    Aabb box = computeAabb(a, toMesh * (xa.p - xm.p), toMesh * xa.q);
    box.min -= glm::vec3(margin);
    box.max += glm::vec3(margin);
    std::vector<uint32_t> triangles;
    mesh.mesh->query(box, triangles);
    const size_t before = out.size();
    for (uint32_t index : triangles) {
        TriangleManifold tm;
        tm.triangle = index;
        collideConvexTriangle(a, xa, meshTriangle(*mesh.mesh, index, xm), mesh.mesh->twoSided, xm, margin,
                              tm.manifold);
        if (tm.manifold.pointCount > 0) out.push_back(tm);
    }
    return int(out.size() - before);
}

} // namespace tumble
