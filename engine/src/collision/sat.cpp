// Separating-axis queries between convex polyhedra (see sat.h).
#include "collision/sat.h"

#include <algorithm>
#include <cmath>
#include <glm/geometric.hpp>

namespace tumble {

FaceQuery queryFaceAxes(const Polyhedron& a, const Polyhedron& b, const Frame& bInA,
                        float stopAbove) {
    FaceQuery best;
    for (int f = 0; f < a.faceCount; ++f) {
        // B's deepest point below A's face plane: min over B of n.(R xB + p) - offset, with the
        // direction taken into B's frame once (R^T n) instead of moving every vertex of B.
        glm::vec3 n = a.normal(f);
        glm::vec3 nInB = n * bInA.R;
        float lowest = FLT_MAX;
        for (int i = 0; i < b.vertexCount; ++i)
            lowest = std::min(lowest, glm::dot(nInB, b.vertices[i]));
        float separation = lowest + glm::dot(n, bInA.p) - a.offset(f);
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
    EdgeQuery best;
    // Below this |eA x eB|^2 / (|eA|^2 |eB|^2) (about 0.06 degrees) the edges count as parallel.
    const float parallel2 = 1e-6f;
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
            if (axis2 <= parallel2 * glm::dot(dirA, dirA) * lengthB2) continue;
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
