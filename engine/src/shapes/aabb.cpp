// Bounding boxes of shapes in world space.
#include "tumble/shape.h"

#include "shapes/triangle_mesh.h"

#include <glm/gtc/quaternion.hpp>
#include <cmath>

namespace tumble {

Aabb computeAabb(const Shape& s, const glm::vec3& position, const glm::quat& orientation) {
    glm::mat3 r = glm::mat3_cast(orientation);
    glm::vec3 e(0.0f);
    switch (s.type) {
    case ShapeType::Sphere: e = glm::vec3(s.radius); break;
    case ShapeType::Box:
        for (int i = 0; i < 3; ++i)
            e[i] = std::abs(r[0][i]) * s.halfExtents.x + std::abs(r[1][i]) * s.halfExtents.y +
                   std::abs(r[2][i]) * s.halfExtents.z;
        break;
    case ShapeType::Capsule:
        e = glm::abs(r[1]) * s.halfHeight + glm::vec3(s.radius);
        break;
    case ShapeType::Cylinder:
        // The axis a contributes h |a_i|; the end discs, of radius r in the plane normal to a,
        // reach r sqrt(1 - a_i^2) along world axis i, which is r |(u_i, w_i)| for the other
        // two columns u, w of the rotation (no cancellation when a_i is near 1).
        for (int i = 0; i < 3; ++i)
            e[i] = std::abs(r[1][i]) * s.halfHeight + s.radius * std::sqrt(r[0][i] * r[0][i] + r[2][i] * r[2][i]);
        break;
    case ShapeType::Hull:
        if (s.hull) {
            glm::vec3 lo(1e30f), hi(-1e30f);
            for (const glm::vec3& v : s.hull->vertices) {
                glm::vec3 w = r * v;
                lo = glm::min(lo, w);
                hi = glm::max(hi, w);
            }
            return {position + lo, position + hi};
        }
        break;
    case ShapeType::Mesh:
    case ShapeType::HeightField:
        if (s.mesh) { // the box of the mesh's own box, turned
            const Aabb local = s.mesh->bounds();
            const glm::vec3 c = 0.5f * (local.min + local.max), h = 0.5f * (local.max - local.min);
            for (int i = 0; i < 3; ++i)
                e[i] = std::abs(r[0][i]) * h.x + std::abs(r[1][i]) * h.y + std::abs(r[2][i]) * h.z;
            return {position + r * c - e, position + r * c + e};
        }
        break;
    case ShapeType::Compound:
        if (s.compound) {
            Aabb box{glm::vec3(1e30f), glm::vec3(-1e30f)};
            for (const CompoundShape::Child& c : s.compound->children) {
                Aabb part = computeAabb(c.shape, position + orientation * c.position, orientation * c.orientation);
                box.min = glm::min(box.min, part.min);
                box.max = glm::max(box.max, part.max);
            }
            return box;
        }
        break;
    case ShapeType::Plane:
    case ShapeType::Count: {
        // An infinite plane: a huge box, so the broad phase pairs it with every body.
        const float big = 1e6f;
        return {glm::vec3(-big), glm::vec3(big)};
    }
    }
    return {position - e, position + e};
}

} // namespace tumble
