// The box/hull polyhedron view and its closest-point and intersection queries.
#include "collision/polyhedron.h"

#include "collision/segment.h"

#include <algorithm>
#include <cfloat>
#include <glm/geometric.hpp>

namespace tumble {
Polyhedron makeBoxPolyhedron(const glm::vec3& h, BoxCorners& corners) {
    for (int i = 0; i < 8; ++i)
        corners.v[i] = glm::vec3((i & 1) ? h.x : -h.x, (i & 2) ? h.y : -h.y, (i & 4) ? h.z : -h.z);
    Polyhedron p;
    p.vertices = corners.v;
    p.vertexCount = 8;
    p.faceCount = 6;
    p.edgeCount = 12;
    p.halfExtents = h;
    return p;
}

Polyhedron makeHullPolyhedron(const ConvexHull& hull) {
    Polyhedron p;
    p.vertices = hull.vertices.data();
    p.vertexCount = static_cast<int>(hull.vertices.size());
    p.faceCount = static_cast<int>(hull.faces.size());
    p.edgeCount = static_cast<int>(hull.edges.size());
    p.hull = &hull;
    return p;
}

Polyhedron makePolyhedron(const Shape& shape, BoxCorners& corners) {
    if (shape.type == ShapeType::Hull && shape.hull) return makeHullPolyhedron(*shape.hull);
    return makeBoxPolyhedron(shape.halfExtents, corners);
}

glm::vec3 closestPointOnPolyhedron(const Polyhedron& poly, const glm::vec3& point,
                                   SurfaceFeature& feature) {
    glm::vec3 best = point;
    float bestDistance2 = FLT_MAX;
    for (int f = 0; f < poly.faceCount; ++f) {
        glm::vec3 n = poly.normal(f);
        float height = glm::dot(n, point) - poly.offset(f);
        if (height <= 0.0f) continue;
        // Inside the face's polygon (behind every side plane) the plane projection is closest;
        // otherwise the closest point of the face is on its boundary.
        FaceLoop loop = poly.face(f);
        bool inside = true;
        for (int k = 0; k < loop.count && inside; ++k) {
            const glm::vec3& a = poly.vertices[loop.v[k]];
            const glm::vec3& b = poly.vertices[loop.v[(k + 1) % loop.count]];
            inside = glm::dot(glm::cross(b - a, n), point - a) <= 0.0f;
        }
        if (inside) {
            if (height * height < bestDistance2) {
                bestDistance2 = height * height;
                best = point - height * n;
                feature = {feature::OnFace, static_cast<uint32_t>(f), 0};
            }
            continue;
        }
        for (int k = 0; k < loop.count; ++k) {
            uint16_t ia = loop.v[k], ib = loop.v[(k + 1) % loop.count];
            const glm::vec3& a = poly.vertices[ia];
            const glm::vec3& b = poly.vertices[ib];
            float t = closestParameterOnSegment(point, a, b);
            glm::vec3 q = a + t * (b - a);
            float d2 = glm::dot(point - q, point - q);
            if (d2 >= bestDistance2) continue;
            bestDistance2 = d2;
            best = q;
            if (t <= 0.0f)
                feature = {feature::OnVertex, ia, 0};
            else if (t >= 1.0f)
                feature = {feature::OnVertex, ib, 0};
            else
                feature = {feature::OnEdge, std::min(ia, ib), std::max(ia, ib)};
        }
    }
    return best;
}

bool segmentIntersectsPolyhedron(const Polyhedron& poly, const glm::vec3& p0, const glm::vec3& p1) {
    float enter = 0.0f, exit = 1.0f;
    glm::vec3 d = p1 - p0;
    for (int f = 0; f < poly.faceCount; ++f) {
        glm::vec3 n = poly.normal(f);
        float height = glm::dot(n, p0) - poly.offset(f); // > 0: p0 in front of the face
        float rate = glm::dot(n, d);
        if (rate == 0.0f) {
            if (height > 0.0f) return false;
            continue;
        }
        float t = -height / rate;
        if (rate < 0.0f)
            enter = std::max(enter, t);
        else
            exit = std::min(exit, t);
        if (enter > exit) return false;
    }
    return true;
}

} // namespace tumble
