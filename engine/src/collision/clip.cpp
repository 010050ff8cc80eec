// Sutherland-Hodgman clipping of the incident face, with feature tracking.
//
// The incident polygon is cut by one side plane of the reference face at a time: walking its
// edges P -> Q, P is kept when behind the plane, and a new point is made where the edge
// crosses the plane (at t = dP / (dP - dQ), d the signed distances). Each polygon vertex
// remembers what it is (an incident corner, an incident edge cut by a side plane, or a
// reference corner where two side planes meet) and what the polygon edge leaving it lies on
// (an incident edge or a side plane); a new point's feature follows from the edge it cuts and
// the plane cutting it, which is what the feature id records.
#include "collision/clip.h"

#include "collision/feature_id.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <glm/geometric.hpp>
#include <glm/gtc/type_ptr.hpp>

namespace tumble {

namespace {

struct ClipVertex {
    glm::vec3 p;
    uint16_t feature; // feature::clipPoint bits
    uint16_t edgeOut; // the polygon edge leaving this vertex: incident edge k, or kSide | side k
};
constexpr uint16_t kSide = 0x8000;
// m, how far outside a side plane an incident vertex may lie and still count as on it (at
// most 1% of the reference edge, for small shapes).
constexpr float kClipThickness = 2.5e-4f;

// Keeps the part of `in` behind a plane, `height(x)` = dot(s, x) - c for a unit vector s;
// returns the new vertex count. The plane is `thickness` thick: a vertex within it counts as on
// the plane and is kept as itself, and an edge is cut only when it runs from clearly inside to
// clearly outside. Equal faces stacked exactly on each other thus keep their corners as incident
// vertices (stable feature ids) instead of alternating between corners and cut points while
// the bodies jitter by microns. `count` > 0.
template <class Height>
int clipAgainstPlane(const ClipVertex* in, int count, Height height, float thickness, uint16_t side,
                     ClipVertex* out) {
    int n = 0;
    // Walk the edges P -> Q with each distance computed once: Q's is the next P's.
    const float dFirst = height(in[0].p);
    float dP = dFirst;
    for (int i = 0; i < count; ++i) {
        const ClipVertex& P = in[i];
        const bool last = i + 1 == count;
        const ClipVertex& Q = last ? in[0] : in[i + 1];
        const float dQ = last ? dFirst : height(Q.p);
        if (dP <= thickness) out[n++] = P;
        if ((dP < -thickness && dQ > thickness) || (dP > thickness && dQ < -thickness)) {
            ClipVertex& v = out[n++];
            v.p = P.p + (dP / (dP - dQ)) * (Q.p - P.p);
            if (P.edgeOut & kSide)
                v.feature = static_cast<uint16_t>(
                    feature::clipPoint(feature::ReferenceCorner, P.edgeOut & ~kSide, side));
            else
                v.feature = static_cast<uint16_t>(
                    feature::clipPoint(feature::IncidentEdgeSide, P.edgeOut, side));
            // Leaving the half-space, the polygon continues along the plane; entering it, along
            // the rest of the cut edge.
            v.edgeOut = dP < 0.0f ? static_cast<uint16_t>(kSide | side) : P.edgeOut;
        }
        dP = dQ;
    }
    return n;
}

} // namespace

int findIncidentFace(const Polyhedron& poly, const glm::vec3& direction) {
    int best = 0;
    float lowest = FLT_MAX;
    for (int f = 0; f < poly.faceCount; ++f) {
        float d = glm::dot(poly.normal(f), direction);
        if (d < lowest) {
            lowest = d;
            best = f;
        }
    }
    return best;
}

int clipFaces(const Polyhedron& ref, int refFace, const Polyhedron& inc, int incFace,
              const Frame& incInRef, float margin, bool referenceIsA, ContactCandidate* out,
              int capacity) {
    ClipVertex bufferA[kMaxClipPoints], bufferB[kMaxClipPoints];
    ClipVertex* polygon = bufferA;
    ClipVertex* next = bufferB;

    FaceLoop incLoop = inc.face(incFace);
    int count = std::min(incLoop.count, kMaxClipPoints / 2);
    for (int k = 0; k < count; ++k) {
        polygon[k].p = incInRef.apply(inc.vertices[incLoop.v[k]]);
        polygon[k].feature =
            static_cast<uint16_t>(feature::clipPoint(feature::IncidentVertex, k, 0));
        polygon[k].edgeOut = static_cast<uint16_t>(k);
    }

    // Side plane k contains the reference edge r_k -> r_k+1 and the normal; for a loop that is
    // counter-clockwise about n, (r_k+1 - r_k) x n points out of the face.
    glm::vec3 n = ref.normal(refFace);
    FaceLoop refLoop = ref.face(refFace);
    for (int k = 0; k < refLoop.count && count > 0; ++k) {
        const glm::vec3& r0 = ref.vertices[refLoop.v[k]];
        const glm::vec3& r1 = ref.vertices[refLoop.v[k + 1 == refLoop.count ? 0 : k + 1]];
        glm::vec3 edge = r1 - r0;
        if (!ref.hull) {
            // A box face's side planes are coordinate planes: the edge runs along one axis
            // (length 2 h), s = +-e_b on the third axis b, on the side of r0, and c = h[b]. The
            // general formulas give exactly these values (sqrt(x^2) = x in floats), and the
            // height is then one coordinate, as dot(s, x) - c is.
            const int axis = edge.x != 0.0f ? 0 : (edge.y != 0.0f ? 1 : 2);
            const int b = 3 - axis - refFace / 2;
            const float length = std::abs(glm::value_ptr(edge)[axis]);
            if (length <= 0.0f) continue;
            const float c = std::abs(glm::value_ptr(r0)[b]);
            const float sign = glm::value_ptr(r0)[b] > 0.0f ? 1.0f : -1.0f;
            const float thickness = std::min(kClipThickness, 0.01f * length);
            auto height = [b, sign, c](const glm::vec3& x) {
                return sign * glm::value_ptr(x)[b] - c;
            };
            count =
                clipAgainstPlane(polygon, count, height, thickness, static_cast<uint16_t>(k), next);
        } else {
            float length = glm::length(edge);
            if (length <= 0.0f) continue;
            glm::vec3 s = glm::cross(edge, n) / length;
            float c = glm::dot(s, r0);
            float thickness = std::min(kClipThickness, 0.01f * length);
            auto height = [&s, c](const glm::vec3& x) { return glm::dot(s, x) - c; };
            count =
                clipAgainstPlane(polygon, count, height, thickness, static_cast<uint16_t>(k), next);
        }
        std::swap(polygon, next);
        if (count >= kMaxClipPoints - 1) break; // cannot happen for faces of <= 256 corners
    }

    float offset = ref.offset(refFace);
    feature::Kind owner = referenceIsA ? feature::FaceOfA : feature::FaceOfB;
    int written = 0;
    for (int i = 0; i < count && written < capacity; ++i) {
        float separation = glm::dot(n, polygon[i].p) - offset;
        if (separation >= margin) continue;
        glm::vec3 onReference = polygon[i].p - separation * n;
        ContactCandidate& c = out[written++];
        c.pA = referenceIsA ? onReference : polygon[i].p;
        c.pB = referenceIsA ? polygon[i].p : onReference;
        c.separation = separation;
        c.id = feature::face(owner, static_cast<uint32_t>(refFace), static_cast<uint32_t>(incFace),
                             polygon[i].feature);
    }
    return written;
}

} // namespace tumble
