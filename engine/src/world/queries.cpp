// Scene queries: ray casts (picking), box overlap and point containment. They scan the
// bodies in slot order, so results are deterministic; picking runs once per click.
#include "tumble/world.h"

#include "collision/broadphase_types.h"
#include "shapes/raycast.h"

#include <algorithm>
#include <cmath>

namespace tumble {
namespace {

// Whether a point p in the shape's own frame lies inside it.
bool containsPoint(const Shape& s, const glm::vec3& p) {
    switch (s.type) {
    case ShapeType::Plane: return glm::dot(s.normal, p) <= s.offset;
    case ShapeType::Sphere: return glm::dot(p, p) <= s.radius * s.radius;
    case ShapeType::Box:
        return std::fabs(p.x) <= s.halfExtents.x && std::fabs(p.y) <= s.halfExtents.y &&
               std::fabs(p.z) <= s.halfExtents.z;
    case ShapeType::Capsule: {
        glm::vec3 c(0.0f, std::clamp(p.y, -s.halfHeight, s.halfHeight), 0.0f);
        return glm::dot(p - c, p - c) <= s.radius * s.radius;
    }
    case ShapeType::Cylinder:
        return std::fabs(p.y) <= s.halfHeight && p.x * p.x + p.z * p.z <= s.radius * s.radius;
    case ShapeType::Hull:
        if (!s.hull) return false;
        for (const ConvexHull::Face& f : s.hull->faces)
            if (glm::dot(f.normal, p) > f.offset) return false;
        return true;
    case ShapeType::Compound:
        if (!s.compound) return false;
        for (const CompoundShape::Child& c : s.compound->children)
            if (containsPoint(c.shape, glm::conjugate(c.orientation) * (p - c.position))) return true;
        return false;
    case ShapeType::Mesh: // a surface, not a solid: nothing is inside it
    case ShapeType::HeightField:
    case ShapeType::Count: break;
    }
    return false;
}

bool containsPoint(const Body& b, const glm::vec3& point) {
    return containsPoint(b.shape, glm::conjugate(b.orientation) * (point - b.position));
}

} // namespace

Aabb World::bodyAabb(BodyId id) const {
    const Body& b = body(id);
    return computeAabb(b.shape, b.position, b.orientation);
}

bool World::rayCast(const glm::vec3& origin, const glm::vec3& direction, float maxDistance,
                    RayHit& hit) const {
    float len = glm::length(direction);
    if (!(len > 0.0f) || !(maxDistance >= 0.0f)) return false;
    glm::vec3 d = direction / len;
    bool found = false;
    float best = maxDistance;
    for (uint32_t i = 0; i < slots_.size(); ++i) {
        const Slot& s = slots_[i];
        if (!s.alive) continue;
        float t;
        glm::vec3 n;
        if (rayCastShape(s.body.shape, origin, d, s.body.position, s.body.orientation, best, t, n) &&
            t <= best) {
            best = t;
            hit.body = {i, s.generation};
            hit.point = origin + t * d;
            hit.normal = n;
            hit.distance = t;
            found = true;
        }
    }
    return found;
}

std::vector<BodyId> World::queryAabb(const Aabb& box) const {
    std::vector<BodyId> out;
    for (uint32_t i = 0; i < slots_.size(); ++i) {
        const Slot& s = slots_[i];
        if (s.alive && overlaps(computeAabb(s.body.shape, s.body.position, s.body.orientation), box))
            out.push_back({i, s.generation});
    }
    return out;
}

std::vector<BodyId> World::queryPoint(const glm::vec3& point) const {
    std::vector<BodyId> out;
    for (uint32_t i = 0; i < slots_.size(); ++i) {
        const Slot& s = slots_[i];
        if (s.alive && containsPoint(s.body, point)) out.push_back({i, s.generation});
    }
    return out;
}

} // namespace tumble
