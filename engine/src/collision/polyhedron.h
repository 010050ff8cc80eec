#pragma once
// A convex polyhedron as the narrow phase reads it: a box or a hull behind one view, so one
// separating-axis routine, one clipper and one closest-point query serve both. A box needs no
// heap memory: its 8 corners live in a small struct the caller keeps on the stack, and its
// faces and edges come from constant tables.
#include "collision/feature_id.h"
#include "tumble/shape.h"

#include <cstdint>
#include <glm/vec3.hpp>

namespace tumble {

/// An edge and the two faces meeting at it.
struct PolyEdge {
    uint16_t v0, v1; ///< vertex indices
    uint16_t f0, f1; ///< face indices
};

/// A face's vertex loop, counter-clockwise seen from outside.
struct FaceLoop {
    const uint16_t* v;
    int count;
};

/// Storage for a box's corners (corner i has +x when bit 0 is set, +y bit 1, +z bit 2).
struct BoxCorners {
    glm::vec3 v[8];
};

/// The box's topology. Faces in the order -x, +x, -y, +y, -z, +z: face f lies on axis f / 2,
/// on the + side when f is odd; loops counter-clockwise from outside.
namespace box_topology {
inline constexpr uint16_t kFaces[6][4] = {{4, 6, 2, 0}, {1, 3, 7, 5}, {1, 5, 4, 0},
                                          {2, 6, 7, 3}, {2, 3, 1, 0}, {4, 5, 7, 6}};
inline constexpr float kNormals[6][3] = {{-1, 0, 0}, {1, 0, 0},  {0, -1, 0},
                                         {0, 1, 0},  {0, 0, -1}, {0, 0, 1}};
inline constexpr PolyEdge kEdges[12] = {{4, 6, 0, 5}, {0, 4, 0, 2}, {1, 3, 1, 4}, {3, 7, 1, 3},
                                        {1, 5, 2, 1}, {0, 1, 2, 4}, {2, 6, 3, 0}, {6, 7, 3, 5},
                                        {2, 3, 4, 3}, {0, 2, 4, 0}, {4, 5, 5, 2}, {5, 7, 5, 1}};
} // namespace box_topology

/// A box or a hull in its local frame; the centre of mass is the origin and lies inside.
/// The accessors are inline: the separating-axis loops call them hundreds of times per pair.
struct Polyhedron {
    const glm::vec3* vertices = nullptr; ///< m, local frame
    int vertexCount = 0;
    int faceCount = 0;
    int edgeCount = 0;
    const ConvexHull* hull = nullptr; ///< null for a box
    glm::vec3 halfExtents{0.0f};      ///< m, box only

    /// Outward unit normal of face f.
    glm::vec3 normal(int f) const {
        if (hull) return hull->faces[f].normal;
        const float* n = box_topology::kNormals[f];
        return {n[0], n[1], n[2]};
    }
    /// m, the plane of face f: dot(normal, x) = offset.
    float offset(int f) const { return hull ? hull->faces[f].offset : halfExtents[f >> 1]; }
    FaceLoop face(int f) const {
        if (!hull) return {box_topology::kFaces[f], 4};
        const std::vector<uint16_t>& loop = hull->faces[f].vertices;
        return {loop.data(), static_cast<int>(loop.size())};
    }
    PolyEdge edge(int e) const {
        if (!hull) return box_topology::kEdges[e];
        return {hull->edges[e].first, hull->edges[e].second, hull->edgeFaces[e].first,
                hull->edgeFaces[e].second};
    }
};

/// A box's polyhedron; `corners` must outlive it.
Polyhedron makeBoxPolyhedron(const glm::vec3& halfExtents, BoxCorners& corners);
/// A hull's polyhedron; the hull must outlive it.
Polyhedron makeHullPolyhedron(const ConvexHull& hull);
/// The polyhedron of a box or hull shape.
Polyhedron makePolyhedron(const Shape& shape, BoxCorners& corners);

/// Where on a polyhedron's surface a closest point lies (feature_id.h PolyFeature).
struct SurfaceFeature {
    uint32_t type = 0; ///< feature::OnFace, OnEdge or OnVertex
    uint32_t a = 0;    ///< face index, edge's first vertex, or vertex index
    uint32_t b = 0;    ///< edge's second vertex (0 otherwise)
};

/// The point of the polyhedron closest to `point`, for a point outside it (a point inside
/// returns a point on the surface of some face in front of it, or the point itself when no face
/// is in front). Faces in front of the point are the only candidates: the closest point of a
/// convex solid lies on a face that sees the query point.
glm::vec3 closestPointOnPolyhedron(const Polyhedron& poly, const glm::vec3& point,
                                   SurfaceFeature& feature);

/// Whether the segment p0 p1 touches the solid polyhedron (Cyrus-Beck clipping against every
/// face plane: the segment meets the solid iff a parameter range survives all half-spaces).
bool segmentIntersectsPolyhedron(const Polyhedron& poly, const glm::vec3& p0, const glm::vec3& p1);

} // namespace tumble
