#pragma once
// Tumble's shapes as Bullet collision shapes, and each body's mass properties in the frame
// Bullet wants them in (principal axes).
#include "tumble/body.h"

#include <glm/gtc/quaternion.hpp>
#include <glm/vec3.hpp>

#include <memory>
#include <vector>

class btCollisionShape;
class btStridingMeshInterface;

namespace tumble::peer {

/// A body's shape for Bullet and the frame it lives in.
struct PeerShape {
    /// A mesh's or height field's triangles, which Bullet's mesh shape reads but does not own
    /// (declared first: destroyed after the shape).
    std::unique_ptr<btStridingMeshInterface> triangles;
    std::unique_ptr<btCollisionShape> shape;
    /// Bullet's body frame is Tumble's turned by this: q_bullet = q_tumble * principal. The
    /// identity except for a hull whose inertia tensor is not diagonal in Tumble's frame
    /// (Bullet keeps a diagonal inertia, so its frame follows the principal axes).
    glm::quat principal{1.0f, 0.0f, 0.0f, 0.0f};
    glm::vec3 inertia{0.0f}; ///< kg m^2, the diagonal of the inertia tensor in Bullet's frame
    float hullMargin = -1.0f;///< m, a hull's collision margin (its edges' rounding); -1 for the rest
    std::vector<std::unique_ptr<btCollisionShape>> children; ///< a compound's parts (Bullet does not own them)
};

/// The Bullet shape of `body`, with its mass properties in Bullet's body frame.
PeerShape makeShape(const Body& body);

} // namespace tumble::peer
