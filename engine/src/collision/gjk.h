#pragma once
// The distance between two convex shapes (GJK), the query that continuous collision is built on.
//
// Each shape is read as a core and a radius: a sphere is a point with its radius, a capsule a
// segment with its radius, a box its 8 corners and a hull its vertices with radius 0. GJK finds
// the point of the Minkowski difference of the cores, B - A, closest to the origin; its length is
// the distance between the cores, and the radii are taken off afterwards, so round shapes need
// no faceting. A cylinder's core is the cylinder itself, its support point computed rather
// than picked from a list. Planes have no finite core; shapeDistance measures them directly.
#include "core/transform.h"
#include "tumble/shape.h"

#include <glm/vec3.hpp>

namespace tumble {

/// A shape's core points (local frame) and radius, as the distance query reads them.
struct ConvexProxy {
    glm::vec3 local[8];                     ///< m, the points of a sphere, capsule or box
    const glm::vec3* hullPoints = nullptr;  ///< m, a hull's vertices (its shape must outlive this)
    int count = 0;
    float radius = 0.0f;                    ///< m, sphere and capsule
    float scale = 1.0f;                     ///< a hull's points are scale * hullPoints
    bool cylinder = false;                  ///< a solid cylinder about local Y (count 0)
    float cylinderRadius = 0.0f;            ///< m
    float cylinderHalfHeight = 0.0f;        ///< m

    const glm::vec3* points() const { return hullPoints ? hullPoints : local; }
    /// m, local frame: core point i.
    glm::vec3 point(int i) const { return hullPoints ? scale * hullPoints[i] : local[i]; }
    /// m, local frame: the core's point furthest along `direction`. `index` names it (the
    /// listed point's index), or is -1 for a cylinder, whose support is computed: the rim point
    /// of the end disc facing `direction` (the disc's centre when `direction` is along the axis).
    glm::vec3 support(const glm::vec3& direction, int& index) const;
    /// m: the largest distance of a core point from the local origin.
    float extent() const;
};

/// The proxy of a sphere, box, capsule or hull (not a plane). With `inset` (m) the shape is
/// shrunk: a sphere's or capsule's radius and a box's half extents by inset (to no less than
/// half), a hull scaled about its centre of mass so its nearest face comes inset closer
/// (further faces move more).
ConvexProxy makeConvexProxy(const Shape& shape, float inset = 0.0f);

/// The point of `proxy`'s core furthest along `direction` (both in the proxy's local frame):
/// the first of equally far points, so ties break the same way every run.
int supportIndex(const ConvexProxy& proxy, const glm::vec3& direction);

/// Largest distance (m) from the centre of mass to any point of the shape (0 for a plane):
/// the lever arm that bounds how fast a turning shape's surface can move.
float shapeReach(const Shape& shape);

/// Smallest distance (m) from the centre of mass to the shape's surface: the radius of the
/// largest ball about the centre of mass that fits inside (0 for a plane).
float shapeInnerRadius(const Shape& shape);

/// What the distance query found.
struct DistanceResult {
    float distance = 0.0f;       ///< m, between the surfaces; 0 when the shapes overlap
    bool overlap = false;        ///< the shapes touch or overlap (distance 0)
    glm::vec3 pointA{0.0f};      ///< m, world, closest point on A (meaningless when overlapping)
    glm::vec3 pointB{0.0f};      ///< m, world, closest point on B
    glm::vec3 normal{0.0f, 1.0f, 0.0f}; ///< unit, world, from A towards B (when not overlapping)
    int iterations = 0;          ///< GJK iterations (support points added)
};

/// The distance between two convex proxies at their poses (GJK).
DistanceResult gjkDistance(const ConvexProxy& a, const Transform& xa, const ConvexProxy& b,
                           const Transform& xb);

/// The distance between two shapes at their poses: GJK for sphere, box, capsule and hull, the
/// support point against the plane when one of them is a plane. Two planes never meet.
/// With `insetA` (m), A is shrunk as makeConvexProxy does.
DistanceResult shapeDistance(const Shape& a, const Transform& xa, const Shape& b, const Transform& xb,
                             float insetA = 0.0f);

} // namespace tumble
