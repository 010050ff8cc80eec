// Ray casts against each shape in its local frame. Each returns the entry distance t >= 0
// along a unit direction and the outward normal there; a ray starting inside a solid
// reports t = 0 with the normal opposite to the ray (it is already in contact).
#include "shapes/raycast.h"

#include "shapes/triangle_mesh.h"

#include <algorithm>
#include <cmath>

namespace tumble {
namespace {

bool raySphere(const glm::vec3& o, const glm::vec3& d, const glm::vec3& c, float r, float maxT,
               float& t, glm::vec3& n) {
    glm::vec3 m = o - c;
    float b = glm::dot(m, d);
    float cc = glm::dot(m, m) - r * r;
    if (cc <= 0.0f) {
        t = 0.0f;
        n = -d;
        return true;
    }
    if (b > 0.0f) return false;
    float disc = b * b - cc;
    if (disc < 0.0f) return false;
    t = -b - std::sqrt(disc);
    if (t > maxT) return false;
    n = glm::normalize(o + t * d - c);
    return true;
}

bool rayBox(const glm::vec3& o, const glm::vec3& d, const glm::vec3& h, float maxT, float& t,
            glm::vec3& n) {
    float tEnter = 0.0f, tExit = maxT;
    int axis = -1;
    float sign = 0.0f;
    for (int i = 0; i < 3; ++i) {
        if (std::fabs(d[i]) < 1e-12f) {
            if (o[i] < -h[i] || o[i] > h[i]) return false; // parallel and outside the slab
            continue;
        }
        float inv = 1.0f / d[i];
        float t0 = (-h[i] - o[i]) * inv, t1 = (h[i] - o[i]) * inv;
        float s = -1.0f;
        if (t0 > t1) {
            std::swap(t0, t1);
            s = 1.0f;
        }
        if (t0 > tEnter) {
            tEnter = t0;
            axis = i;
            sign = s;
        }
        tExit = std::min(tExit, t1);
        if (tEnter > tExit) return false;
    }
    t = tEnter;
    n = glm::vec3(0.0f);
    if (axis < 0) n = -d; // started inside
    else n[axis] = sign;
    return true;
}

bool rayCapsule(const glm::vec3& o, const glm::vec3& d, float r, float hh, float maxT, float& t,
                glm::vec3& n) {
    // Inside: distance to the core segment below r.
    glm::vec3 closest(0.0f, std::clamp(o.y, -hh, hh), 0.0f);
    if (glm::dot(o - closest, o - closest) <= r * r) {
        t = 0.0f;
        n = -d;
        return true;
    }
    bool hit = false;
    float best = maxT;
    // The side: an infinite cylinder about Y, kept where |y| <= hh.
    float a = d.x * d.x + d.z * d.z;
    if (a > 1e-12f) {
        float b = o.x * d.x + o.z * d.z;
        float c = o.x * o.x + o.z * o.z - r * r;
        float disc = b * b - a * c;
        if (disc >= 0.0f) {
            float tc = (-b - std::sqrt(disc)) / a;
            float y = o.y + tc * d.y;
            if (tc >= 0.0f && tc <= best && std::fabs(y) <= hh) {
                best = tc;
                glm::vec3 p = o + tc * d;
                n = glm::normalize(glm::vec3(p.x, 0.0f, p.z));
                hit = true;
            }
        }
    }
    // The caps.
    for (float cy : {-hh, hh}) {
        float tc;
        glm::vec3 nc;
        if (raySphere(o, d, {0.0f, cy, 0.0f}, r, best, tc, nc) && tc <= best) {
            best = tc;
            n = nc;
            hit = true;
        }
    }
    t = best;
    return hit;
}

// A solid cylinder about Y: the side (an infinite cylinder kept where |y| <= hh) and the two
// end discs (the planes y = +-hh kept where x^2 + z^2 <= r^2).
bool rayCylinder(const glm::vec3& o, const glm::vec3& d, float r, float hh, float maxT, float& t,
                 glm::vec3& n) {
    if (std::fabs(o.y) <= hh && o.x * o.x + o.z * o.z <= r * r) {
        t = 0.0f;
        n = -d;
        return true;
    }
    bool hit = false;
    float best = maxT;
    const float a = d.x * d.x + d.z * d.z;
    if (a > 1e-12f) {
        const float b = o.x * d.x + o.z * d.z;
        const float disc = b * b - a * (o.x * o.x + o.z * o.z - r * r);
        if (disc >= 0.0f) {
            const float tc = (-b - std::sqrt(disc)) / a;
            const glm::vec3 p = o + tc * d;
            if (tc >= 0.0f && tc <= best && std::fabs(p.y) <= hh) {
                best = tc;
                n = glm::normalize(glm::vec3(p.x, 0.0f, p.z));
                hit = true;
            }
        }
    }
    if (std::fabs(d.y) > 1e-12f) {
        for (float cy : {-hh, hh}) {
            const float tc = (cy - o.y) / d.y;
            const glm::vec3 p = o + tc * d;
            // Only the disc facing the ray's origin can be entered through.
            if (tc >= 0.0f && tc <= best && cy * d.y < 0.0f && p.x * p.x + p.z * p.z <= r * r) {
                best = tc;
                n = glm::vec3(0.0f, cy > 0.0f ? 1.0f : -1.0f, 0.0f);
                hit = true;
            }
        }
    }
    t = best;
    return hit;
}

bool rayHull(const glm::vec3& o, const glm::vec3& d, const ConvexHull& hull, float maxT, float& t,
             glm::vec3& n) {
    float tEnter = 0.0f, tExit = maxT;
    int enterFace = -1;
    for (size_t i = 0; i < hull.faces.size(); ++i) {
        const ConvexHull::Face& f = hull.faces[i];
        float dist = glm::dot(f.normal, o) - f.offset; // > 0 outside this face's plane
        float denom = glm::dot(f.normal, d);
        if (std::fabs(denom) < 1e-12f) {
            if (dist > 0.0f) return false;
            continue;
        }
        float tf = -dist / denom;
        if (denom < 0.0f) {
            if (tf > tEnter) {
                tEnter = tf;
                enterFace = static_cast<int>(i);
            }
        } else {
            tExit = std::min(tExit, tf);
        }
        if (tEnter > tExit) return false;
    }
    t = tEnter;
    n = enterFace < 0 ? -d : hull.faces[enterFace].normal;
    return true;
}

} // namespace

bool rayCastShape(const Shape& s, const glm::vec3& origin, const glm::vec3& direction,
                  const glm::vec3& position, const glm::quat& orientation, float maxDistance,
                  float& t, glm::vec3& normal) {
    if (s.type == ShapeType::Plane) {
        // The plane lives in its body's frame like every shape: dot(n, x) = offset locally.
        glm::vec3 n = orientation * s.normal;
        float offset = s.offset + glm::dot(n, position);
        float denom = glm::dot(n, direction);
        float dist = glm::dot(n, origin) - offset;
        if (dist <= 0.0f) {
            t = 0.0f;
            normal = -direction;
            return true;
        }
        if (denom >= 0.0f) return false;
        t = -dist / denom;
        normal = n;
        return t <= maxDistance;
    }
    glm::quat inv = glm::conjugate(orientation);
    glm::vec3 o = inv * (origin - position), d = inv * direction;
    glm::vec3 n(0.0f);
    bool hit = false;
    switch (s.type) {
    case ShapeType::Sphere: hit = raySphere(o, d, glm::vec3(0.0f), s.radius, maxDistance, t, n); break;
    case ShapeType::Box: hit = rayBox(o, d, s.halfExtents, maxDistance, t, n); break;
    case ShapeType::Capsule: hit = rayCapsule(o, d, s.radius, s.halfHeight, maxDistance, t, n); break;
    case ShapeType::Hull: hit = s.hull && rayHull(o, d, *s.hull, maxDistance, t, n); break;
    case ShapeType::Cylinder: hit = rayCylinder(o, d, s.radius, s.halfHeight, maxDistance, t, n); break;
    case ShapeType::Mesh:
    case ShapeType::HeightField:
        if (const int tri = s.mesh ? s.mesh->rayCast(o, d, maxDistance, t) : -1; tri >= 0) {
            n = s.mesh->normals[size_t(tri)];
            if (glm::dot(n, d) > 0.0f) n = -n; // a two-sided mesh hit from behind
            hit = true;
        }
        break;
    case ShapeType::Compound:
        // The nearest hit of any child, each in its place in the body's frame.
        for (const CompoundShape::Child& c : s.compound ? s.compound->children : std::vector<CompoundShape::Child>{}) {
            float tc = 0.0f;
            glm::vec3 nc(0.0f);
            if (!rayCastShape(c.shape, o, d, c.position, c.orientation, hit ? t : maxDistance, tc, nc)) continue;
            hit = true;
            t = tc;
            n = nc;
        }
        break;
    default: break;
    }
    if (hit) normal = orientation * n;
    return hit;
}

} // namespace tumble
