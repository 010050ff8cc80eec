#pragma once
// Feature ids: 32 bits naming the pair of features a contact point comes from, so that the
// contact cache can match a point with last step's point (and its accumulated impulse) while
// the same features keep touching, and start fresh when they change.
//
//   bits 31..30  kind
//   Face (reference face on A or on B; a point produced by clipping the incident face):
//     29..21 reference face   20..12 incident face   11..10 clip point kind   9..5 i1   4..0 i2
//       clip point kind: IncidentVertex (i1 = position in the incident loop)
//                        IncidentEdgeSide (incident edge i1 cut by reference side i2)
//                        ReferenceCorner (reference sides i1 and i2 meet)
//   EdgeEdge: 29..15 edge of A   14..0 edge of B
//   Round (a sphere, capsule or plane is involved):
//     29..28 polyhedron feature (face, edge, vertex, none)   27..16 a   15..4 b   3..0 code
//       a, b: the polyhedron's face (b: 0, or k + 1 when a capsule's core was cut by the
//             face's side plane k), an edge's two vertex indices, or a vertex index;
//       code: which part of the round shape (segment end 0, end 1, interior; the enter or exit
//             end of a clipped core; a capsule-capsule overlap end).
// Fields wider than their inputs wrap; this only matters for faces of more than 32 corners or
// hulls of more than 512 faces, where two points might share an id and lose warm starting.
#include <cstdint>

namespace tumble::feature {

enum Kind : uint32_t { FaceOfA = 0, FaceOfB = 1, EdgeEdge = 2, Round = 3 };
enum ClipKind : uint32_t { IncidentVertex = 0, IncidentEdgeSide = 1, ReferenceCorner = 2 };
enum PolyFeature : uint32_t { OnFace = 0, OnEdge = 1, OnVertex = 2, OnNothing = 3 };
/// Which part of a segment (capsule core) a point comes from.
enum SegmentPart : uint32_t { End0 = 0, End1 = 1, Interior = 2 };

/// The 12 low bits of a face contact: what a clip point is made of.
constexpr uint32_t clipPoint(uint32_t clipKind, uint32_t i1, uint32_t i2) {
    return (clipKind & 3u) << 10 | (i1 & 31u) << 5 | (i2 & 31u);
}

constexpr uint32_t face(Kind faceOwner, uint32_t referenceFace, uint32_t incidentFace,
                        uint32_t clip) {
    return uint32_t(faceOwner) << 30 | (referenceFace & 511u) << 21 | (incidentFace & 511u) << 12 |
           (clip & 0xFFFu);
}

constexpr uint32_t edgeEdge(uint32_t edgeA, uint32_t edgeB) {
    return uint32_t(EdgeEdge) << 30 | (edgeA & 0x7FFFu) << 15 | (edgeB & 0x7FFFu);
}

constexpr uint32_t round(uint32_t polyFeature, uint32_t a, uint32_t b, uint32_t code) {
    return uint32_t(Round) << 30 | (polyFeature & 3u) << 28 | (a & 0xFFFu) << 16 |
           (b & 0xFFFu) << 4 | (code & 15u);
}

constexpr Kind kindOf(uint32_t id) {
    return Kind(id >> 30);
}

} // namespace tumble::feature
