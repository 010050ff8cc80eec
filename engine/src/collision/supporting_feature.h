#pragma once
// The feature of a convex shape that faces a direction: the face (a polygon), the edge (a
// segment) or the single point the shape would touch a plane with, were the plane normal to
// that direction. The general convex narrow phase clips two of these against each other.
#include "core/transform.h"
#include "tumble/shape.h"

#include <cstdint>
#include <glm/vec3.hpp>

namespace tumble {

struct SupportingFeature {
    static constexpr int kMaxPoints = 64;
    static constexpr int kCapPoints = 16; ///< a cylinder's end disc as a polygon
    glm::vec3 points[kMaxPoints];         ///< m, world, on the shape's surface, in loop order
    int count = 0;                        ///< 1 point, 2 a segment, 3 or more a polygon
    glm::vec3 normal{0.0f, 1.0f, 0.0f};   ///< unit, world: a face's outward normal, else the direction
    uint32_t index = 0; ///< which feature: box face 2k+(sign>0), hull face, cylinder 0/1 cap, 2 side, 3 rim
};

/// Within this angle of a face (a cylinder's or capsule's side, a cylinder's end) the shape
/// presents that face; beyond it, one point. 10 degrees: sin and cos.
inline constexpr float kFeatureSin = 0.173648f, kFeatureCos = 0.984808f;

/// The feature of `shape` at `x` facing world direction `direction` (unit). Boxes and hulls
/// always present their face most aligned with the direction (it holds the support point).
SupportingFeature supportingFeature(const Shape& shape, const Transform& x, const glm::vec3& direction);

} // namespace tumble
