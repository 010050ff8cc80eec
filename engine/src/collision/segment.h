#pragma once
// Closest points on segments.
#include <algorithm>
#include <glm/geometric.hpp>
#include <glm/vec3.hpp>

namespace tumble {

/// Parameter t in [0, 1] of the point of segment a b closest to p.
inline float closestParameterOnSegment(const glm::vec3& p, const glm::vec3& a, const glm::vec3& b) {
    glm::vec3 d = b - a;
    float dd = glm::dot(d, d);
    if (dd <= 0.0f) return 0.0f;
    return std::clamp(glm::dot(p - a, d) / dd, 0.0f, 1.0f);
}

/// Parameters s, t in [0, 1] of the closest points p1 + s (q1 - p1) and p2 + t (q2 - p2) of two
/// segments. Minimising |p1 + s d1 - p2 - t d2|^2 gives the 2x2 system
///   [a  -b] [s]   [-c]      a = d1.d1, b = d1.d2, e = d2.d2,
///   [b  -e] [t] = [-f],     c = d1.r,  f = d2.r,  r = p1 - p2,
/// with determinant a e - b^2 >= 0 (zero for parallel segments). Solve for s, clamp it, take the
/// best t for that s, clamp t and re-solve s for that t: the clamped optimum of a convex
/// quadratic over the unit square lies on the boundary reached this way.
inline void closestParametersOfSegments(const glm::vec3& p1, const glm::vec3& q1,
                                        const glm::vec3& p2, const glm::vec3& q2, float& s,
                                        float& t) {
    glm::vec3 d1 = q1 - p1, d2 = q2 - p2, r = p1 - p2;
    float a = glm::dot(d1, d1), e = glm::dot(d2, d2), f = glm::dot(d2, r);
    const float tiny = 1e-12f;
    if (a <= tiny && e <= tiny) {
        s = t = 0.0f;
        return;
    }
    if (a <= tiny) {
        s = 0.0f;
        t = std::clamp(f / e, 0.0f, 1.0f);
        return;
    }
    float c = glm::dot(d1, r);
    if (e <= tiny) {
        t = 0.0f;
        s = std::clamp(-c / a, 0.0f, 1.0f);
        return;
    }
    float b = glm::dot(d1, d2);
    float denominator = a * e - b * b;
    // Parallel segments: any s works; s = 0 then t from it keeps the answer well defined.
    s = denominator > tiny * a * e ? std::clamp((b * f - c * e) / denominator, 0.0f, 1.0f) : 0.0f;
    t = (b * s + f) / e;
    if (t < 0.0f) {
        t = 0.0f;
        s = std::clamp(-c / a, 0.0f, 1.0f);
    } else if (t > 1.0f) {
        t = 1.0f;
        s = std::clamp((b - c) / a, 0.0f, 1.0f);
    }
}

} // namespace tumble
