#pragma once
// The narrow phase of static triangle meshes and height fields against convex shapes (sphere,
// box, capsule, cylinder, hull): one manifold per triangle the convex shape touches.
#include "collision/manifold.h"
#include "core/transform.h"
#include "shapes/triangle_mesh.h"

#include <vector>

namespace tumble {

/// One triangle of a mesh in world space, with what its collision needs.
struct MeshTriangle {
    glm::vec3 v[3];           ///< m, world, counter-clockwise seen from the front
    glm::vec3 normal{0.0f};   ///< unit, world, the front side
    uint8_t activeEdges = 0;  ///< bit e: edge v[e] -> v[e + 1] may push sideways (TriangleMesh)
};

/// Triangle `index` of `mesh`, whose body is at `x`.
MeshTriangle meshTriangle(const TriangleMesh& mesh, uint32_t index, const Transform& x);

/// Convex shape A at xa against triangle t of a mesh whose body is at xm (B; B's anchors are
/// in xm's frame). The normal points from A to the triangle. Nothing when A's centre lies
/// behind a one-sided triangle; a two-sided one turns its front towards A. A contact on an
/// inactive edge or vertex takes the triangle's face normal.
void collideConvexTriangle(const Shape& a, const Transform& xa, const MeshTriangle& t, bool twoSided,
                           const Transform& xm, float margin, Manifold& out);

/// A manifold with one triangle of a mesh.
struct TriangleManifold {
    uint32_t triangle = 0;
    Manifold manifold;
};

/// Convex shape A at xa against every triangle of mesh shape `mesh` (at xm) whose box meets
/// A's box grown by margin; appends one TriangleManifold per touching triangle, by ascending
/// triangle index, and returns how many it appended.
int collideConvexMesh(const Shape& a, const Transform& xa, const Shape& mesh, const Transform& xm,
                      float margin, std::vector<TriangleManifold>& out);

} // namespace tumble
