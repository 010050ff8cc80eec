#pragma once
// What the narrow phase reports for one pair of shapes.
#include <cstdint>
#include <glm/vec3.hpp>

namespace tumble {

/// One contact point of a manifold.
struct ContactPoint {
    glm::vec3 position{0.0f}; ///< m, world, midway between the two surfaces
    float separation =
        0.0f; ///< m, distance between the surfaces along the normal; negative = overlap
    uint32_t featureId =
        0; ///< which features touch (feature_id.h); stable while they keep touching
    glm::vec3 localAnchorA{0.0f}; ///< m, the point on A's surface in A's local frame
    glm::vec3 localAnchorB{0.0f}; ///< m, the point on B's surface in B's local frame
};

/// Up to four contact points sharing one normal.
struct Manifold {
    static constexpr int kMaxPoints = 4;
    glm::vec3 normal{0.0f, 1.0f, 0.0f}; ///< unit, world, pointing from shape A to shape B
    int pointCount = 0;
    ContactPoint points[kMaxPoints];
};

} // namespace tumble
