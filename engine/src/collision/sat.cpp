// Separating-axis queries between convex polyhedra (see sat.h).
#include "collision/sat.h"

#include <algorithm>
#include <cmath>
#include <glm/geometric.hpp>

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

// The box edge running along `axis` whose two faces lie on the sides s1 of axis (axis + 1) % 3
// and s2 of axis (axis + 2) % 3 (index 1: the + side), read off box_topology::kEdges.
struct BoxEdgeTable {
    int e[3][2][2];
};
constexpr BoxEdgeTable makeBoxEdgeTable() {
    BoxEdgeTable t{};
    for (int e = 0; e < 12; ++e) {
        const PolyEdge& edge = box_topology::kEdges[e];
        int bit = edge.v0 ^ edge.v1;
        int axis = bit == 1 ? 0 : (bit == 2 ? 1 : 2);
        int side[3] = {0, 0, 0};
        side[edge.f0 >> 1] = edge.f0 & 1;
        side[edge.f1 >> 1] = edge.f1 & 1;
        t.e[axis][side[(axis + 1) % 3]][side[(axis + 2) % 3]] = e;
    }
    return t;
}
constexpr BoxEdgeTable kBoxEdge = makeBoxEdgeTable();

// Edge-edge axes of two boxes: the same answer as the general loop below, bit for bit, without
// its 144 Gauss-map tests.
//
// Which pairs: take an edge of A along axis ka with faces s1 e_k1, s2 e_k2 (k1 = ka + 1,
// k2 = ka + 2 mod 3) and an edge of B along kb with faces t1 R_j1, t2 R_j2 (R_j: column j of
// B's rotation in A's frame). In arcsCross a = s1 e_k1, b = s2 e_k2, c = -t1 R_j1,
// d = -t2 R_j2, so with X = R_j2 x R_j1:
//   b x a = -s1 s2 e_ka,  d x c = t1 t2 X,
//   (c.bxa)(d.bxa) = t1 t2 q1,  q1 = R_j1[ka] R_j2[ka]     condition (1): < 0
//   (a.dxc)(b.dxc) = s1 s2 q2,  q2 = X[k1] X[k2]           condition (2): < 0
//   (c.bxa)(b.dxc) = s1 t2 q3,  q3 = R_j1[ka] X[k2]        condition (3): > 0
// Every factor there is an entry of R or X up to an exact sign flip, so these are the loop's
// products. The conditions fix t1 t2, s1 s2 and s1 t2 and leave s1 free: two edge pairs per
// pair of directions, spanning the two opposite faces of A - B with that normal.
//
// Their separations: every box edge runs from its lower-numbered corner up one axis, so the
// loop's edge directions are dA = 2 hA[ka] e_ka and dB = 2 hB[kb] R_kb whatever the edge, and
// its axis dA x dB is zero along ka: (axis[k1], axis[k2]) = 2 hA[ka] (-dB[k2], dB[k1]). A dot
// product with it is then the sum of its two other terms, which is what is computed here, in
// the loop's rounding. All 18 candidates are evaluated and the best picked without branching
// on the data: for a resting stack the signs above are noise. Ties go to the pair the loop
// meets first (B's edge, then A's).
EdgeQuery queryBoxEdgeAxes(const Polyhedron& a, const Polyhedron& b, const Frame& bInA) {
    const glm::mat3& R = bInA.R;
    const glm::vec3& hA = a.halfExtents;
    const glm::vec3& hB = b.halfExtents;
    // Columns of R scaled by B's half extents: a corner of B in A's frame is
    // ((+-C0 +- C1) +- C2) + p, summed as bInA.apply sums R * x + p.
    const glm::vec3 C[3] = {R[0] * hB.x, R[1] * hB.y, R[2] * hB.z};
    glm::vec3 dirB[3], X[3];
    float lengthA2[3], lengthB2[3];
    for (int k = 0; k < 3; ++k) {
        const float lengthA = hA[k] - -hA[k];
        lengthA2[k] = lengthA * lengthA;
        dirB[k] = R[k] * (hB[k] - -hB[k]);
        lengthB2[k] = glm::dot(dirB[k], dirB[k]);
        X[k] = glm::cross(R[(k + 2) % 3], R[(k + 1) % 3]); // for B's edges along k
    }

    float axisU[9], axisV[9]; // the unit axis's components k1 and k2 per pair of directions
    float separation[18];
    int edgeA[18], edgeB[18];
    bool flip[18];
    for (int kb = 0; kb < 3; ++kb) {
        const int j1 = (kb + 1) % 3, j2 = (kb + 2) % 3;
        for (int ka = 0; ka < 3; ++ka) {
            const int k1 = (ka + 1) % 3, k2 = (ka + 2) % 3;
            const int pair = 3 * kb + ka;
            const float q1 = R[j1][ka] * R[j2][ka];
            const float q2 = X[kb][k1] * X[kb][k2];
            const float q3 = R[j1][ka] * X[kb][k2];
            const float lengthA = hA[ka] - -hA[ka];
            float u = -(lengthA * dirB[kb][k2]), v = lengthA * dirB[kb][k1];
            const float axis2 = u * u + v * v;
            // A Minkowski face (the arcs cross, not merely touch) of edges not parallel.
            const bool valid = (q1 < 0.0f || q1 > 0.0f) & (q2 < 0.0f || q2 > 0.0f) &
                               (q3 < 0.0f || q3 > 0.0f) &
                               (axis2 > kParallel2 * lengthA2[ka] * lengthB2[kb]);
            const float inverseLength = 1.0f / std::sqrt(axis2);
            u *= inverseLength;
            v *= inverseLength;
            axisU[pair] = u;
            axisV[pair] = v;
            const int s1s2 = q2 < 0.0f, s1t2 = q3 > 0.0f, t1t2 = q1 < 0.0f; // 1: equal signs
            for (int s1 = 0; s1 < 2; ++s1) {
                const int s2 = s1s2 ? s1 : 1 - s1, t2 = s1t2 ? s1 : 1 - s1;
                const int t1 = t1t2 ? t2 : 1 - t2;
                const int c = 2 * pair + s1;
                edgeA[c] = kBoxEdge.e[ka][s1][s2];
                edgeB[c] = kBoxEdge.e[kb][t1][t2];
                const int cornerA = box_topology::kEdges[edgeA[c]].v0;
                const int cornerB = box_topology::kEdges[edgeB[c]].v0;
                auto corner = [&](int k) { // component k of B's corner in A's frame
                    return ((cornerB & 1 ? C[0][k] : -C[0][k]) +
                            (cornerB & 2 ? C[1][k] : -C[1][k]) +
                            (cornerB & 4 ? C[2][k] : -C[2][k])) +
                           bInA.p[k];
                };
                const float pA1 = cornerA & (1 << k1) ? hA[k1] : -hA[k1];
                const float pA2 = cornerA & (1 << k2) ? hA[k2] : -hA[k2];
                // Outward from A: A's centre of mass (the origin) lies behind its own edge.
                flip[c] = u * pA1 + v * pA2 < 0.0f;
                const float d = u * (corner(k1) - pA1) + v * (corner(k2) - pA2);
                separation[c] = valid ? (flip[c] ? -d : d) : -INFINITY;
            }
        }
    }
    int best = -1, bestKey = 0;
    float bestSeparation = -FLT_MAX;
    for (int c = 0; c < 18; ++c) {
        const int key = edgeB[c] * 12 + edgeA[c];
        const bool better = (separation[c] > bestSeparation) |
                            ((separation[c] == bestSeparation) & (key < bestKey));
        best = better ? c : best;
        bestKey = better ? key : bestKey;
        bestSeparation = better ? separation[c] : bestSeparation;
    }
    if (best < 0) return {};
    // The winner's unit axis as the loop builds it (its zero component included).
    const int ka = (best / 2) % 3, kb = best / 6;
    glm::vec3 dirA(0.0f);
    dirA[ka] = hA[ka] - -hA[ka];
    glm::vec3 axis = glm::cross(dirA, dirB[kb]);
    axis *= 1.0f / std::sqrt(glm::dot(axis, axis));
    return {edgeA[best], edgeB[best], bestSeparation, flip[best] ? -axis : axis};
}

} // namespace

FaceQuery queryFaceAxes(const Polyhedron& a, const Polyhedron& b, const Frame& bInA,
                        float stopAbove) {
    FaceQuery best;
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
    EdgeQuery best;
    for (int j = 0; j < b.edgeCount; ++j) {
        PolyEdge eb = b.edge(j);
        // The Minkowski difference A - B uses B's normals negated.
        glm::vec3 c = -(bInA.R * b.normal(eb.f0));
        glm::vec3 d = -(bInA.R * b.normal(eb.f1));
        glm::vec3 dxc = glm::cross(d, c);
        glm::vec3 qB = bInA.apply(b.vertices[eb.v0]);
        glm::vec3 dirB = bInA.R * (b.vertices[eb.v1] - b.vertices[eb.v0]);
        float lengthB2 = glm::dot(dirB, dirB);
        for (int i = 0; i < a.edgeCount; ++i) {
            PolyEdge ea = a.edge(i);
            glm::vec3 na = a.normal(ea.f0), nb = a.normal(ea.f1);
            if (!arcsCross(na, nb, glm::cross(nb, na), c, d, dxc)) continue;
            const glm::vec3& pA = a.vertices[ea.v0];
            glm::vec3 dirA = a.vertices[ea.v1] - pA;
            glm::vec3 axis = glm::cross(dirA, dirB);
            float axis2 = glm::dot(axis, axis);
            if (axis2 <= kParallel2 * glm::dot(dirA, dirA) * lengthB2) continue;
            axis *= 1.0f / std::sqrt(axis2);
            // Outward from A: A's centre of mass (the origin) lies behind its own edge.
            if (glm::dot(axis, pA) < 0.0f) axis = -axis;
            float separation = glm::dot(axis, qB - pA);
            if (separation > best.separation) {
                best = {i, j, separation, axis};
                if (separation > stopAbove) return best;
            }
        }
    }
    return best;
}

} // namespace tumble
