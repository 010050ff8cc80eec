#pragma once
// Separating-axis queries between convex polyhedra, on support points.
//
// Two convex polyhedra are disjoint iff some axis separates them, and the candidates are the
// face normals of either and the cross products of an edge of each. Along an axis n, the
// separation is  min over B of n.x  -  max over A of n.x  (positive when apart, negative the
// overlap depth). The axis of largest separation is the contact normal.
#include "collision/polyhedron.h"
#include "core/transform.h"

#include <cfloat>

namespace tumble {

/// The face of A whose plane B lies furthest in front of.
struct FaceQuery {
    int face = -1;
    float separation = -FLT_MAX; ///< m
};

/// The pair of edges (one of A, one of B) spanning the axis of largest separation.
struct EdgeQuery {
    int edgeA = -1;
    int edgeB = -1;
    float separation = -FLT_MAX; ///< m
    glm::vec3 normal{0.0f};      ///< unit, in A's frame, pointing from A towards B
};

/// Face axes of A against B; `bInA` maps B's frame into A's. Stops early, returning the first
/// face found farther than `stopAbove` (no contact is possible then). A box's faces and a box's
/// support points are read off its half extents (sign patterns, no loop over corners), with
/// the same values, bit for bit, as the general loop.
FaceQuery queryFaceAxes(const Polyhedron& a, const Polyhedron& b, const Frame& bInA,
                        float stopAbove);

/// Edge-edge axes. Only pairs whose edges build a face of the Minkowski difference A - B are
/// tested (their Gauss-map arcs cross); for those the two edges are the support features and
/// the separation is simply n.(pB - pA). Nearly parallel edges are skipped: the face axes
/// cover them. May stop early once an axis separates by more than `stopAbove` (no contact is
/// possible then), returning that axis. Two boxes take a closed form (sat.cpp) that reaches the
/// same pair and values as the general loop, bit for bit.
EdgeQuery queryEdgeAxes(const Polyhedron& a, const Polyhedron& b, const Frame& bInA,
                        float stopAbove);

/// Whether the arc a-b and the arc c-d of the unit sphere (each shorter than a half circle)
/// cross. `bxa` = b x a and `dxc` = d x c are passed in because callers reuse them.
bool arcsCross(const glm::vec3& a, const glm::vec3& b, const glm::vec3& bxa, const glm::vec3& c,
               const glm::vec3& d, const glm::vec3& dxc);

/// Separation tolerances: an axis replaces the current best only when clearly larger, so the
/// choice does not flip-flop between nearly equal axes from one step to the next.
constexpr float kAxisRelativeTolerance = 0.05f;   ///< fraction of the current best's depth
constexpr float kAxisAbsoluteTolerance = 0.0005f; ///< m

/// candidate > best by more than the tolerances.
inline bool clearlyGreater(float candidate, float best) {
    return candidate >
           best + kAxisRelativeTolerance * (best < 0.0f ? -best : best) + kAxisAbsoluteTolerance;
}

} // namespace tumble
