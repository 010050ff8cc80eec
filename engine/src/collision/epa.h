#pragma once
// The signed distance between two convex cores: GJK when they are apart, EPA (the expanding
// polytope algorithm, van den Bergen 2001) when they overlap. The general convex narrow phase
// (collide_convex.cpp) takes its contact normal from here.
#include "collision/gjk.h"

namespace tumble {

struct SignedDistance {
    float separation = 0.0f;            ///< m, between the surfaces (radii included); < 0 overlap
    glm::vec3 normal{0.0f, 1.0f, 0.0f}; ///< unit, world, from A towards B
    glm::vec3 pointA{0.0f};             ///< m, world, the closest (or deepest) point of A's surface
    glm::vec3 pointB{0.0f};             ///< m, world, the same of B's surface
    /// false when the overlapping cores gave EPA no polytope to grow (flat cores exactly
    /// touching); the normal is then the line between the centres and the depth the radii.
    bool valid = true;
};

/// The signed distance of proxies a and b at their poses.
SignedDistance signedDistance(const ConvexProxy& a, const Transform& xa, const ConvexProxy& b,
                              const Transform& xb);

} // namespace tumble
