#pragma once
// A static triangle mesh: the triangles of a `mesh` or `heightfield` shape in its body's frame,
// with what the narrow phase needs to collide against them quickly and smoothly: each
// triangle's unit normal, which of its edges are "active" (may push a shape sideways) and a
// static bounding-volume tree over the triangles for box and ray queries.
#include "tumble/shape.h"

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace tumble {

/// The most triangles a mesh or height field may have: enough for a game level's collision
/// mesh or a 300 x 300 terrain, few enough that building the tree stays well under a second.
inline constexpr size_t kMaxMeshTriangles = 200000;

/// cos 5 degrees: an edge whose two triangles' normals differ by less is flat (inactive).
inline constexpr float kActiveEdgeCos = 0.996195f;

struct TriangleMesh {
    /// One node of the tree: a box, and either two children or a run of triangles.
    struct Node {
        Aabb box;
        uint32_t first = 0; ///< leaf: first entry of `order`; inner: the right child's index
        uint32_t count = 0; ///< leaf: how many triangles (> 0); inner: 0 (left child = this + 1)
    };
    std::vector<glm::vec3> vertices;                ///< m, the body's frame
    std::vector<std::array<uint32_t, 3>> triangles; ///< counter-clockwise seen from the front
    std::vector<glm::vec3> normals;                 ///< unit, front side, one per triangle
    /// Bit e set: edge e (corner e to corner e + 1) is active: on the mesh's border, shared by
    /// more than two triangles, or a convex fold sharper than kActiveEdgeCos. Contacts on an
    /// inactive edge (a flat or concave seam) take the triangle's normal instead.
    std::vector<uint8_t> activeEdges;
    bool twoSided = false;      ///< collides on both faces; one-sided meshes ignore shapes behind
    std::vector<Node> nodes;    ///< the tree, root first (depth-first order)
    std::vector<uint32_t> order;///< triangle indices as the leaves list them
    /// A height field's grid (rows = 0 for a mesh): vertex r * columns + c is row r, column c,
    /// its y the height, so the grid can be written back without keeping a second copy.
    int rows = 0, columns = 0;
    glm::vec2 cellSize{0.0f};   ///< m

    /// The indices of every triangle whose box overlaps `box` (the body's frame), ascending.
    void query(const Aabb& box, std::vector<uint32_t>& out) const;
    /// The nearest triangle hit by origin + t direction (the body's frame), t in [0, maxT]:
    /// its index, or -1. One-sided meshes are hit from the front only.
    int rayCast(const glm::vec3& origin, const glm::vec3& direction, float maxT, float& t) const;
    /// The box of all vertices (the body's frame).
    Aabb bounds() const { return nodes.empty() ? Aabb{} : nodes[0].box; }
};

/// Builds a mesh from vertices and triangles. On failure returns null and sets error: no
/// triangles, more than kMaxMeshTriangles, a non-finite vertex, an index out of range or a
/// triangle of zero area; `badItem` then receives the offending vertex or triangle index.
std::shared_ptr<const TriangleMesh> buildTriangleMesh(std::vector<glm::vec3> vertices,
                                                      std::vector<std::array<uint32_t, 3>> triangles,
                                                      bool twoSided, std::string& error,
                                                      size_t* badItem = nullptr);

/// A height field's grid as a mesh: rows along +Z, columns along +X, centred on the origin
/// in X and Z, two triangles per cell facing +Y. Same failures as buildTriangleMesh, plus
/// fewer than 2 rows or columns and a heights count other than rows x columns.
std::shared_ptr<const TriangleMesh> buildHeightFieldMesh(int rows, int columns, glm::vec2 cellSize,
                                                         const std::vector<float>& heights,
                                                         std::string& error, size_t* badItem = nullptr);

} // namespace tumble
