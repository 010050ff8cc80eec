// Separating-axis queries between convex polyhedra (see sat.h).
#include "collision/sat.h"

#include <algorithm>
#include <cmath>
#include <glm/geometric.hpp>
#include <glm/gtc/type_ptr.hpp>
#include <utility>

namespace tumble {

namespace {

// Below this |eA x eB|^2 / (|eA|^2 |eB|^2) (about 0.06 degrees) two edges count as parallel.
constexpr float kParallel2 = 1e-6f;

// min over B's vertices of d.x. A box's lowest corner is the sign pattern opposite to d, so
// the minimum is -(|dx| hx + |dy| hy + |dz| hz) with no loop. Summed in the order a vertex loop
// would sum d.corner: each product there is +-|d_i| h_i and rounded addition is monotone, so
// this is, bit for bit, the smallest of the eight values the loop compares.
float lowestAlong(const Polyhedron& b, const glm::vec3& d) {
    if (!b.hull) {
        const glm::vec3& h = b.halfExtents;
        return -(std::abs(d.x) * h.x) - std::abs(d.y) * h.y - std::abs(d.z) * h.z;
    }
    float lowest = FLT_MAX;
    for (int i = 0; i < b.vertexCount; ++i)
        lowest = std::min(lowest, glm::dot(d, b.vertices[i]));
    return lowest;
}

// Box edges by direction and first corner: the edge running along `axis` from `corner` (bit i
// of a corner set on the + side of axis i; every box edge runs from its corner with its own
// axis's bit clear to the one with it set), read off box_topology::kEdges.
struct BoxEdgeTable {
    int edge[3][8];
};
constexpr BoxEdgeTable makeBoxEdgeTable() {
    BoxEdgeTable t{};
    for (int e = 0; e < 12; ++e) {
        const PolyEdge& edge = box_topology::kEdges[e];
        const int bit = edge.v0 ^ edge.v1;
        t.edge[bit == 1 ? 0 : (bit == 2 ? 1 : 2)][edge.v0] = e;
    }
    return t;
}
constexpr BoxEdgeTable kBoxEdges = makeBoxEdgeTable();

// Edge-edge axes of two boxes in closed form: the general loop's answer, bit for bit, without
// its 144 Gauss-map tests.
//
// Which pairs. Take an edge of A along axis ka with faces s1 e_k1, s2 e_k2 (k1 = ka + 1,
// k2 = ka + 2 mod 3; s = +-1) and an edge of B along kb with faces t1 R_j1, t2 R_j2 (R_j:
// column j of B's rotation in A's frame). In arcsCross a = s1 e_k1, b = s2 e_k2, c = -t1 R_j1,
// d = -t2 R_j2, so with X = R_j2 x R_j1:
//   b x a = -s1 s2 e_ka,  d x c = t1 t2 X,
//   (c.bxa)(d.bxa) = t1 t2 q1,  q1 = R_j1[ka] R_j2[ka]     condition (1): < 0
//   (a.dxc)(b.dxc) = s1 s2 q2,  q2 = X[k1] X[k2]           condition (2): < 0
//   (c.bxa)(b.dxc) = s1 t2 q3,  q3 = R_j1[ka] X[k2]        condition (3): > 0
// Every factor is an entry of R or X up to an exact sign flip, so these are the loop's products
// and the loop's verdicts. The conditions fix s1 s2, s1 t2 and t1 t2 and leave s1 free: two
// pairs of edges per pair of directions, spanning the two opposite faces of A - B with that
// normal. The faces' sides are also the sides of the edges' first corners.
//
// Their separations. The loop's edge directions are dA = 2 hA[ka] e_ka and dB = 2 hB[kb] R_kb
// whatever the edges, and its axis dA x dB is zero along ka: (axis[k1], axis[k2]) =
// 2 hA[ka] (-dB[k2], dB[k1]). A dot product with it is then the sum of its two other terms; B's
// corner is summed column by column as R x + p sums it. So each separation is the loop's, in
// the loop's rounding.

// What boxEdgePair reads, in plain arrays (glm's vec3::operator[] is a switch on the index).
struct BoxEdgeInput {
    float R[3][3];     // R[j][r]: row r of column j of B's rotation in A's frame
    float C[3][3];     // C[j] = hB[j] R_j: B's corner is ((+-C0 +- C1) +- C2) + p
    float X[3][3];     // X[j] = R_j2 x R_j1, for B's edges along j
    float dirB[3][3];  // dB for B's edges along each axis, 2 hB[j] R_j
    float p[3];        // m, B's centre in A's frame
    float hA[3];       // m, A's half extents
    float lengthA2[3]; // |dA|^2 per axis
    float lengthB2[3]; // |dB|^2 per axis
};

// The two candidates of A's edges along ka and B's along kb, written to slots 2 (3 kb + ka) and
// the next: the separation (-infinity when there is no Minkowski face) and `corners`, the first
// corners of A's and B's edges (bits 0-2 and 3-5) and whether the normal is -(dA x dB) (bit 6).
// The directions are template parameters so that every array index is a constant; the signs
// that pick the edges are noise in a resting stack, so nothing branches on them.
template <int ka, int kb>
inline void boxEdgePair(const BoxEdgeInput& in, float* separation, uint8_t* corners) {
    constexpr int k1 = (ka + 1) % 3, k2 = (ka + 2) % 3, j1 = (kb + 1) % 3, j2 = (kb + 2) % 3;
    const int slot = 2 * (3 * kb + ka);
    separation[slot] = separation[slot + 1] = -INFINITY;
    const float lengthA = in.hA[ka] - -in.hA[ka];
    float u = -(lengthA * in.dirB[kb][k2]), v = lengthA * in.dirB[kb][k1];
    const float axis2 = u * u + v * v;
    // Parallel edges (in a resting stack the same pairs every time: a well predicted branch).
    if (!(axis2 > kParallel2 * in.lengthA2[ka] * in.lengthB2[kb])) return;
    const float q1 = in.R[j1][ka] * in.R[j2][ka];
    const float q2 = in.X[kb][k1] * in.X[kb][k2];
    const float q3 = in.R[j1][ka] * in.X[kb][k2];
    // The arcs only touch: no Minkowski face.
    if (!(q1 < 0.0f || q1 > 0.0f) || !(q2 < 0.0f || q2 > 0.0f) || !(q3 < 0.0f || q3 > 0.0f)) return;
    const float inverseLength = 1.0f / std::sqrt(axis2);
    u *= inverseLength;
    v *= inverseLength;
    // The sides for s1 = -1; s1 = +1 flips all four.
    const float s1 = -1.0f, s2 = q2 < 0.0f ? s1 : -s1, t2 = q3 > 0.0f ? s1 : -s1;
    const float t1 = q1 < 0.0f ? t2 : -t2;
    float sideB[3]; // B's corner's sides along B's axes; -1 along kb, the edges' direction
    sideB[kb] = -1.0f, sideB[j1] = t1, sideB[j2] = t2;
    const int cornerA = (s2 > 0.0f) << k2, cornerB = (t1 > 0.0f) << j1 | (t2 > 0.0f) << j2;
    for (int k = 0; k < 2; ++k) {
        const float flipped = k ? -1.0f : 1.0f;
        const float b0 = kb == 0 ? sideB[0] : flipped * sideB[0];
        const float b1 = kb == 1 ? sideB[1] : flipped * sideB[1];
        const float b2 = kb == 2 ? sideB[2] : flipped * sideB[2];
        const float qB1 = ((b0 * in.C[0][k1] + b1 * in.C[1][k1]) + b2 * in.C[2][k1]) + in.p[k1];
        const float qB2 = ((b0 * in.C[0][k2] + b1 * in.C[1][k2]) + b2 * in.C[2][k2]) + in.p[k2];
        const float pA1 = flipped * s1 * in.hA[k1], pA2 = flipped * s2 * in.hA[k2];
        const float d = u * (qB1 - pA1) + v * (qB2 - pA2);
        // Outward from A: A's centre of mass (the origin) lies behind its own edge.
        const bool flip = u * pA1 + v * pA2 < 0.0f;
        separation[slot + k] = flip ? -d : d;
        const int flipA = k ? (1 << k1 | 1 << k2) : 0, flipB = k ? (1 << j1 | 1 << j2) : 0;
        corners[slot + k] =
            static_cast<uint8_t>((cornerA ^ flipA) | (cornerB ^ flipB) << 3 | flip << 6);
    }
}

// All nine pairs of directions, unrolled: pair = 3 kb + ka.
template <int... pair>
void allBoxEdgePairs(const BoxEdgeInput& in, float* separation, uint8_t* corners,
                     std::integer_sequence<int, pair...>) {
    (boxEdgePair<pair % 3, pair / 3>(in, separation, corners), ...);
}

EdgeQuery queryBoxEdgeAxes(const Polyhedron& a, const Polyhedron& b, const Frame& bInA) {
    BoxEdgeInput in;
    const float hB[3] = {b.halfExtents.x, b.halfExtents.y, b.halfExtents.z};
    for (int j = 0; j < 3; ++j) {
        const glm::vec3& column = bInA.R[j];
        in.R[j][0] = column.x, in.R[j][1] = column.y, in.R[j][2] = column.z;
    }
    in.p[0] = bInA.p.x, in.p[1] = bInA.p.y, in.p[2] = bInA.p.z;
    in.hA[0] = a.halfExtents.x, in.hA[1] = a.halfExtents.y, in.hA[2] = a.halfExtents.z;
    for (int j = 0; j < 3; ++j) {
        const float lengthA = in.hA[j] - -in.hA[j];
        const float lengthB = hB[j] - -hB[j];
        in.lengthA2[j] = lengthA * lengthA;
        for (int r = 0; r < 3; ++r) {
            in.C[j][r] = in.R[j][r] * hB[j];
            in.dirB[j][r] = in.R[j][r] * lengthB;
        }
        const float* d = in.dirB[j];
        in.lengthB2[j] = (d[0] * d[0] + d[1] * d[1]) + d[2] * d[2];
        const float* r2 = in.R[(j + 2) % 3];
        const float* r1 = in.R[(j + 1) % 3];
        in.X[j][0] = r2[1] * r1[2] - r1[1] * r2[2];
        in.X[j][1] = r2[2] * r1[0] - r1[2] * r2[0];
        in.X[j][2] = r2[0] * r1[1] - r1[0] * r2[1];
    }

    float separation[18];
    uint8_t corners[18];
    allBoxEdgePairs(in, separation, corners, std::make_integer_sequence<int, 9>{});

    // Candidate c pairs A's edge along c / 2 % 3 with B's along c / 6.
    auto edgeA = [&](int c) { return kBoxEdges.edge[c / 2 % 3][corners[c] & 7]; };
    auto edgeB = [&](int c) { return kBoxEdges.edge[c / 6][corners[c] >> 3 & 7]; };
    int best = -1;
    float bestSeparation = -FLT_MAX;
    for (int c = 0; c < 18; ++c) {
        if (separation[c] > bestSeparation) {
            best = c;
            bestSeparation = separation[c];
        } else if (separation[c] == bestSeparation && best >= 0 &&
                   edgeB(c) * 12 + edgeA(c) < edgeB(best) * 12 + edgeA(best)) {
            best = c; // an exact tie: the loop keeps the pair it meets first
        }
    }
    if (best < 0) return {};
    // The winner's unit axis as the loop builds it, its zero component included.
    const int ka = best / 2 % 3, kb = best / 6;
    glm::vec3 dirA(0.0f), dirB(in.dirB[kb][0], in.dirB[kb][1], in.dirB[kb][2]);
    glm::value_ptr(dirA)[ka] = in.hA[ka] - -in.hA[ka];
    glm::vec3 axis = glm::cross(dirA, dirB);
    axis *= 1.0f / std::sqrt(glm::dot(axis, axis));
    return {edgeA(best), edgeB(best), bestSeparation, corners[best] >> 6 ? -axis : axis};
}

} // namespace

FaceQuery queryFaceAxes(const Polyhedron& a, const Polyhedron& b, const Frame& bInA,
                        float stopAbove) {
    FaceQuery best;
    if (!a.hull) {
        // A box: face f has normal +-e_k (k = f / 2), so R^T n is +-row k of R and n.p is
        // +-p[k], both exact.
        const glm::mat3& R = bInA.R;
        const float p[3] = {bInA.p.x, bInA.p.y, bInA.p.z};
        const float h[3] = {a.halfExtents.x, a.halfExtents.y, a.halfExtents.z};
        for (int k = 0; k < 3; ++k) {
            const glm::vec3 row(R[0][k], R[1][k], R[2][k]);
            for (int side = 0; side < 2; ++side) {
                float lowest = lowestAlong(b, side ? row : -row);
                float separation = lowest + (side ? p[k] : -p[k]) - h[k];
                if (separation > best.separation) {
                    best.separation = separation;
                    best.face = 2 * k + side;
                    if (separation > stopAbove) return best;
                }
            }
        }
        return best;
    }
    for (int f = 0; f < a.faceCount; ++f) {
        // B's deepest point below A's face plane: min over B of n.(R xB + p) - offset, with the
        // direction taken into B's frame once (R^T n) instead of moving every vertex of B.
        glm::vec3 n = a.normal(f);
        float separation = lowestAlong(b, n * bInA.R) + glm::dot(n, bInA.p) - a.offset(f);
        if (separation > best.separation) {
            best.separation = separation;
            best.face = f;
            if (separation > stopAbove) break;
        }
    }
    return best;
}

// Arcs a-b and c-d (unit vectors) cross iff
//  (1) c and d lie on opposite sides of the plane through a and b:  (c.bxa)(d.bxa) < 0,
//  (2) a and b lie on opposite sides of the plane through c and d:  (a.dxc)(b.dxc) < 0,
//  (3) both arcs meet the planes' common line on the same side of the origin. Write the
//      crossing points as x = g c + h d and y = k a + l b (g, h, k, l > 0 by (1) and (2)); both
//      lie on the common line, so x = lambda y. Dotting with w = b x c gives
//      x.w = h d.(b x c) = -h (b.dxc) and y.w = k a.(b x c) = -k (c.bxa), so lambda > 0 iff
//      (c.bxa)(b.dxc) > 0.
bool arcsCross(const glm::vec3& a, const glm::vec3& b, const glm::vec3& bxa, const glm::vec3& c,
               const glm::vec3& d, const glm::vec3& dxc) {
    float cba = glm::dot(c, bxa), dba = glm::dot(d, bxa);
    if (cba * dba >= 0.0f) return false;
    float adc = glm::dot(a, dxc), bdc = glm::dot(b, dxc);
    return adc * bdc < 0.0f && cba * bdc > 0.0f;
}

EdgeQuery queryEdgeAxes(const Polyhedron& a, const Polyhedron& b, const Frame& bInA,
                        float stopAbove) {
    if (!a.hull && !b.hull) return queryBoxEdgeAxes(a, b, bInA);
    // What the test needs of A's edges, gathered once per call instead of once per edge of B,
    // a chunk of edges at a time on the stack. With one chunk (hulls of up to kEdgeChunk edges)
    // the pairs are met in the order j, i; with more, ties go to the lower (j, i) all the same.
    struct EdgeOfA {
        glm::vec3 na, nb, bxa; // the normals of the faces at the edge, and nb x na
        glm::vec3 pA, dirA;    // the edge's first vertex and its direction
        float lengthA2;        // |dirA|^2
    };
    constexpr int kEdgeChunk = 128;
    EdgeOfA edgesA[kEdgeChunk];
    EdgeQuery best;
    for (int first = 0; first < a.edgeCount; first += kEdgeChunk) {
        const int count = std::min(kEdgeChunk, a.edgeCount - first);
        for (int i = 0; i < count; ++i) {
            PolyEdge ea = a.edge(first + i);
            EdgeOfA& e = edgesA[i];
            e.na = a.normal(ea.f0);
            e.nb = a.normal(ea.f1);
            e.bxa = glm::cross(e.nb, e.na);
            e.pA = a.vertices[ea.v0];
            e.dirA = a.vertices[ea.v1] - e.pA;
            e.lengthA2 = glm::dot(e.dirA, e.dirA);
        }
        for (int j = 0; j < b.edgeCount; ++j) {
            PolyEdge eb = b.edge(j);
            // The Minkowski difference A - B uses B's normals negated.
            glm::vec3 c = -(bInA.R * b.normal(eb.f0));
            glm::vec3 d = -(bInA.R * b.normal(eb.f1));
            glm::vec3 dxc = glm::cross(d, c);
            glm::vec3 qB = bInA.apply(b.vertices[eb.v0]);
            glm::vec3 dirB = bInA.R * (b.vertices[eb.v1] - b.vertices[eb.v0]);
            float lengthB2 = glm::dot(dirB, dirB);
            for (int i = 0; i < count; ++i) {
                const EdgeOfA& e = edgesA[i];
                if (!arcsCross(e.na, e.nb, e.bxa, c, d, dxc)) continue;
                glm::vec3 axis = glm::cross(e.dirA, dirB);
                float axis2 = glm::dot(axis, axis);
                if (axis2 <= kParallel2 * e.lengthA2 * lengthB2) continue;
                axis *= 1.0f / std::sqrt(axis2);
                // Outward from A: A's centre of mass (the origin) lies behind its own edge.
                if (glm::dot(axis, e.pA) < 0.0f) axis = -axis;
                float separation = glm::dot(axis, qB - e.pA);
                if (separation > best.separation ||
                    (separation == best.separation && best.edgeA >= 0 &&
                     (j < best.edgeB || (j == best.edgeB && first + i < best.edgeA)))) {
                    best = {first + i, j, separation, axis};
                    if (separation > stopAbove) return best;
                }
            }
        }
    }
    return best;
}

} // namespace tumble
