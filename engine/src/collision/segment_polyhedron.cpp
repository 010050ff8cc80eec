// Rounded segment against polyhedron: the core segment decides the method.
//
// Core outside the solid: the surfaces are |closest points| - r apart along the line joining
// the closest points of the segment and the polyhedron. Those closest points are either a
// segment end against the solid (closestPointOnPolyhedron: a face, edge or vertex), or an
// interior segment point against an edge; an interior segment point facing a face interior
// only happens when the segment is parallel to the face, and then an end is as close.
// Core inside the solid: separating axes of the segment and the polyhedron: the face normals,
// and the cross products of the segment with the edges whose Gauss arc the segment's great
// circle crosses. (A segment has no faces; its edge's normals form the whole great circle
// perpendicular to it.)
// When the contact normal is a face normal, the segment is clipped to that face's side planes
// and both clipped ends are kept if within the margin: a capsule lying on a face gets two
// points, a sphere or a steep capsule one.
#include "collision/segment_polyhedron.h"

#include "collision/clip.h"
#include "collision/feature_id.h"
#include "collision/sat.h"
#include "collision/segment.h"

#include <algorithm>
#include <cmath>
#include <glm/geometric.hpp>

namespace tumble {

namespace {

// A face normal and the contact normal closer than this (cosine, about 2.5 degrees) mean the
// polyhedron touches with that face.
constexpr float kFaceAlignment = 0.999f;

uint32_t segmentPart(float t) {
    return t <= 0.0f ? feature::End0 : (t >= 1.0f ? feature::End1 : feature::Interior);
}

// The segment clipped to the prism over face f, each clipped end within the margin kept.
int faceContact(const glm::vec3& p0, const glm::vec3& p1, float radius, const Polyhedron& poly,
                int f, float margin, ContactCandidate out[2]) {
    glm::vec3 n = poly.normal(f);
    glm::vec3 u = p1 - p0;
    float enter = 0.0f, exit = 1.0f;
    uint32_t enterSide = 0, exitSide = 0; // 0: the segment's own end, k + 1: side plane k
    FaceLoop loop = poly.face(f);
    for (int k = 0; k < loop.count; ++k) {
        const glm::vec3& r0 = poly.vertices[loop.v[k]];
        const glm::vec3& r1 = poly.vertices[loop.v[(k + 1) % loop.count]];
        glm::vec3 s = glm::cross(r1 - r0, n);
        float height = glm::dot(s, p0 - r0);
        float rate = glm::dot(s, u);
        if (rate == 0.0f) {
            if (height > 0.0f) return 0;
            continue;
        }
        float t = -height / rate;
        if (rate < 0.0f && t > enter) {
            enter = t;
            enterSide = static_cast<uint32_t>(k + 1);
        } else if (rate > 0.0f && t < exit) {
            exit = t;
            exitSide = static_cast<uint32_t>(k + 1);
        }
    }
    if (enter > exit) return 0;

    const float ends[2] = {enter, exit};
    const uint32_t sides[2] = {enterSide, exitSide};
    // A sphere, or a segment standing on the face, gives one point.
    int endCount = glm::dot(u, u) * (exit - enter) * (exit - enter) > 1e-10f ? 2 : 1;
    int count = 0;
    for (int e = 0; e < endCount; ++e) {
        glm::vec3 q = p0 + ends[e] * u;
        float height = glm::dot(n, q) - poly.offset(f);
        float separation = height - radius;
        if (separation >= margin) continue;
        ContactCandidate& c = out[count++];
        c.pA = q - radius * n;
        c.pB = q - height * n;
        c.separation = separation;
        c.id = feature::round(feature::OnFace, static_cast<uint32_t>(f), sides[e],
                              static_cast<uint32_t>(e));
    }
    return count;
}

// The single deepest point against face f when clipping leaves nothing.
int deepestEndOnFace(const glm::vec3& p0, const glm::vec3& p1, float radius, const Polyhedron& poly,
                     int f, ContactCandidate out[2]) {
    glm::vec3 n = poly.normal(f);
    bool first = glm::dot(n, p0) <= glm::dot(n, p1);
    glm::vec3 q = first ? p0 : p1;
    float height = glm::dot(n, q) - poly.offset(f);
    out[0] = {q - radius * n, q - height * n, height - radius,
              feature::round(feature::OnFace, static_cast<uint32_t>(f), 0,
                             first ? feature::End0 : feature::End1)};
    return 1;
}

} // namespace

int collideSegmentPolyhedron(const glm::vec3& p0, const glm::vec3& p1, float radius,
                             const Polyhedron& poly, float margin, ContactCandidate out[2],
                             glm::vec3& normal) {
    glm::vec3 u = p1 - p0;
    bool isPoint = glm::dot(u, u) <= 1e-12f;

    if (!segmentIntersectsPolyhedron(poly, p0, p1)) {
        SurfaceFeature feature, candidate;
        glm::vec3 onSegment = p0;
        glm::vec3 onPoly = closestPointOnPolyhedron(poly, p0, feature);
        float t = 0.0f;
        float best = glm::dot(onPoly - p0, onPoly - p0);
        if (!isPoint) {
            glm::vec3 q = closestPointOnPolyhedron(poly, p1, candidate);
            if (glm::dot(q - p1, q - p1) < best) {
                best = glm::dot(q - p1, q - p1);
                onSegment = p1;
                onPoly = q;
                feature = candidate;
                t = 1.0f;
            }
            for (int e = 0; e < poly.edgeCount; ++e) {
                PolyEdge edge = poly.edge(e);
                const glm::vec3& v0 = poly.vertices[edge.v0];
                const glm::vec3& v1 = poly.vertices[edge.v1];
                float s, w;
                closestParametersOfSegments(p0, p1, v0, v1, s, w);
                glm::vec3 a = p0 + s * u, b = v0 + w * (v1 - v0);
                float d2 = glm::dot(b - a, b - a);
                if (d2 >= best) continue;
                best = d2;
                onSegment = a;
                onPoly = b;
                t = s;
                if (w <= 0.0f)
                    feature = {feature::OnVertex, edge.v0, 0};
                else if (w >= 1.0f)
                    feature = {feature::OnVertex, edge.v1, 0};
                else
                    feature = {feature::OnEdge, std::min(edge.v0, edge.v1),
                               std::max(edge.v0, edge.v1)};
            }
        }
        float distance = std::sqrt(best);
        if (distance - radius >= margin) return 0;
        if (distance > 1e-6f) {
            normal = (onPoly - onSegment) / distance;
            int f = findIncidentFace(poly, normal); // the face looking back at the segment
            if (glm::dot(poly.normal(f), -normal) > kFaceAlignment) {
                int count = faceContact(p0, p1, radius, poly, f, margin, out);
                if (count > 0) {
                    normal = -poly.normal(f);
                    return count;
                }
            }
            out[0] = {onSegment + radius * normal, onPoly, distance - radius,
                      feature::round(feature.type, feature.a, feature.b, segmentPart(t))};
            return 1;
        }
        // The core touches the surface: no direction from the closest points; use the axes.
    }

    // The core overlaps the solid: the axis of least penetration.
    int bestFace = 0;
    float faceSeparation = -FLT_MAX;
    for (int f = 0; f < poly.faceCount; ++f) {
        glm::vec3 n = poly.normal(f);
        float s = std::min(glm::dot(n, p0), glm::dot(n, p1)) - poly.offset(f) - radius;
        if (s > faceSeparation) {
            faceSeparation = s;
            bestFace = f;
        }
    }
    int bestEdge = -1;
    float edgeSeparation = -FLT_MAX;
    glm::vec3 edgeAxis(0.0f);
    for (int e = 0; e < poly.edgeCount && !isPoint; ++e) {
        PolyEdge edge = poly.edge(e);
        if (glm::dot(poly.normal(edge.f0), u) * glm::dot(poly.normal(edge.f1), u) >= 0.0f) continue;
        const glm::vec3& v0 = poly.vertices[edge.v0];
        glm::vec3 direction = poly.vertices[edge.v1] - v0;
        glm::vec3 axis = glm::cross(u, direction);
        float axis2 = glm::dot(axis, axis);
        if (axis2 <= 1e-6f * glm::dot(u, u) * glm::dot(direction, direction)) continue;
        axis *= 1.0f / std::sqrt(axis2);
        if (glm::dot(axis, v0) < 0.0f) axis = -axis; // outward: the origin is inside
        float s = glm::dot(axis, p0 - v0) - radius;
        if (s > edgeSeparation) {
            edgeSeparation = s;
            bestEdge = e;
            edgeAxis = axis;
        }
    }
    if (std::max(faceSeparation, edgeSeparation) >= margin) return 0;

    if (bestEdge >= 0 && clearlyGreater(edgeSeparation, faceSeparation)) {
        PolyEdge edge = poly.edge(bestEdge);
        const glm::vec3& v0 = poly.vertices[edge.v0];
        const glm::vec3& v1 = poly.vertices[edge.v1];
        float s, w;
        closestParametersOfSegments(p0, p1, v0, v1, s, w);
        glm::vec3 onSegment = p0 + s * u;
        normal = -edgeAxis;
        out[0] = {onSegment - radius * edgeAxis, v0 + w * (v1 - v0), edgeSeparation,
                  feature::round(feature::OnEdge, std::min(edge.v0, edge.v1),
                                 std::max(edge.v0, edge.v1), segmentPart(s))};
        return 1;
    }
    normal = -poly.normal(bestFace);
    int count = faceContact(p0, p1, radius, poly, bestFace, margin, out);
    return count > 0 ? count : deepestEndOnFace(p0, p1, radius, poly, bestFace, out);
}

} // namespace tumble
