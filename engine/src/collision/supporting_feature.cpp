// Supporting features of the convex shapes (supporting_feature.h).
#include "collision/supporting_feature.h"

#include "collision/gjk.h"

#include <cmath>
#include <glm/geometric.hpp>
#include <glm/gtc/quaternion.hpp>

namespace tumble {
namespace {

void boxFace(const glm::vec3& h, const glm::vec3& d, SupportingFeature& f, glm::vec3& normal) {
    int k = 0;
    for (int i = 1; i < 3; ++i)
        if (std::fabs(d[i]) > std::fabs(d[k])) k = i;
    const float sign = d[k] >= 0.0f ? 1.0f : -1.0f;
    const int u = (k + 1) % 3, v = (k + 2) % 3;
    const float corners[4][2] = {{1, 1}, {-1, 1}, {-1, -1}, {1, -1}};
    for (const auto& c : corners) {
        glm::vec3 p(0.0f);
        p[k] = sign * h[k];
        p[u] = c[0] * h[u];
        p[v] = c[1] * h[v];
        f.points[f.count++] = p;
    }
    normal = glm::vec3(0.0f);
    normal[k] = sign;
    f.index = uint32_t(2 * k + (sign > 0.0f ? 1 : 0));
}

bool hullFace(const ConvexHull& hull, const glm::vec3& d, SupportingFeature& f, glm::vec3& normal) {
    size_t best = 0;
    for (size_t i = 1; i < hull.faces.size(); ++i)
        if (glm::dot(hull.faces[i].normal, d) > glm::dot(hull.faces[best].normal, d)) best = i;
    const ConvexHull::Face& face = hull.faces[best];
    if (face.vertices.size() > size_t(SupportingFeature::kMaxPoints)) return false;
    for (uint16_t v : face.vertices) f.points[f.count++] = hull.vertices[v];
    normal = face.normal;
    f.index = uint32_t(best);
    return true;
}

// A cylinder (radius r, half height h about Y): its end disc, its side line or its rim point.
void cylinderFeature(float r, float h, const glm::vec3& d, SupportingFeature& f, glm::vec3& normal) {
    const float radial = std::sqrt(d.x * d.x + d.z * d.z);
    const float y = d.y >= 0.0f ? h : -h;
    if (std::fabs(d.y) >= kFeatureCos) {
        for (int i = 0; i < SupportingFeature::kCapPoints; ++i) {
            const float angle = 6.28318531f * float(i) / float(SupportingFeature::kCapPoints);
            f.points[f.count++] = {r * std::cos(angle), y, r * std::sin(angle)};
        }
        normal = {0.0f, d.y >= 0.0f ? 1.0f : -1.0f, 0.0f};
        f.index = d.y >= 0.0f ? 1u : 0u;
        return;
    }
    const glm::vec3 out(d.x / radial, 0.0f, d.z / radial); // radial > sin 10 degrees here
    if (std::fabs(d.y) <= kFeatureSin) {
        f.points[f.count++] = r * out + glm::vec3(0.0f, -h, 0.0f);
        f.points[f.count++] = r * out + glm::vec3(0.0f, h, 0.0f);
        normal = out;
        f.index = 2;
        return;
    }
    f.points[f.count++] = r * out + glm::vec3(0.0f, y, 0.0f);
    normal = d;
    f.index = 3;
}

// A capsule (radius r, core from -h to h on Y): its side line or one end's cap point.
void capsuleFeature(float r, float h, const glm::vec3& d, SupportingFeature& f, glm::vec3& normal) {
    normal = d;
    if (std::fabs(d.y) <= kFeatureSin && h > 0.0f) {
        const glm::vec3 out = glm::normalize(glm::vec3(d.x, 0.0f, d.z));
        f.points[f.count++] = r * out + glm::vec3(0.0f, -h, 0.0f);
        f.points[f.count++] = r * out + glm::vec3(0.0f, h, 0.0f);
        normal = out;
        f.index = 2;
        return;
    }
    f.points[f.count++] = r * d + glm::vec3(0.0f, d.y >= 0.0f ? h : -h, 0.0f);
    f.index = d.y >= 0.0f ? 1u : 0u;
}

} // namespace

SupportingFeature supportingFeature(const Shape& shape, const Transform& x, const glm::vec3& direction) {
    SupportingFeature f;
    const glm::vec3 d = glm::conjugate(x.q) * direction;
    glm::vec3 normal = d;
    switch (shape.type) {
    case ShapeType::Box: boxFace(shape.halfExtents, d, f, normal); break;
    case ShapeType::Hull: {
        if (!shape.hull || hullFace(*shape.hull, d, f, normal)) break;
        // A face too large to list: its vertex furthest along d serves as one point.
        int vertex = 0;
        f.points[f.count++] = makeConvexProxy(shape).support(d, vertex);
        f.index = 0xFFFu;
        break;
    }
    case ShapeType::Sphere: f.points[f.count++] = shape.radius * d; break;
    case ShapeType::Plane:
    case ShapeType::Mesh:
    case ShapeType::HeightField:
    case ShapeType::Compound: // collided child by child, never as a whole
    case ShapeType::Count: f.points[f.count++] = glm::vec3(0.0f); break;
    case ShapeType::Capsule: capsuleFeature(shape.radius, shape.halfHeight, d, f, normal); break;
    case ShapeType::Cylinder: cylinderFeature(shape.radius, shape.halfHeight, d, f, normal); break;
    }
    for (int i = 0; i < f.count; ++i) f.points[i] = transformPoint(x, f.points[i]);
    f.normal = x.q * normal;
    return f;
}

} // namespace tumble
