#pragma once
#include "tumble/shape.h"

#include <glm/gtc/quaternion.hpp>

namespace tumble {

/// Ray origin + t * direction (direction unit length, world) against a shape at a pose.
/// On a hit within maxDistance returns true with t (m) and the world surface normal.
bool rayCastShape(const Shape& shape, const glm::vec3& origin, const glm::vec3& direction,
                  const glm::vec3& position, const glm::quat& orientation, float maxDistance,
                  float& t, glm::vec3& normal);

} // namespace tumble
