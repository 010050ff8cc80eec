#pragma once
// Small math helpers on GLM used across the engine.
#include <glm/gtc/quaternion.hpp>
#include <glm/mat3x3.hpp>
#include <glm/vec3.hpp>
#include <cmath>

namespace tumble {

/// Matrix of the cross product: skew(a) * b == cross(a, b).
inline glm::mat3 skew(const glm::vec3& a) {
    // GLM is column-major: mat3(col0, col1, col2).
    return glm::mat3(glm::vec3(0.0f, a.z, -a.y), glm::vec3(-a.z, 0.0f, a.x),
                     glm::vec3(a.y, -a.x, 0.0f));
}

/// True for a tensor with the same value about every axis (a sphere's or a cube's inertia):
/// a multiple of the identity, the same in every frame.
inline bool isotropic(const glm::mat3& m) {
    return m[0][0] == m[1][1] && m[1][1] == m[2][2] && m[0][1] == 0.0f && m[0][2] == 0.0f && m[1][0] == 0.0f &&
           m[1][2] == 0.0f && m[2][0] == 0.0f && m[2][1] == 0.0f;
}

/// R * M * R^T: a body-frame tensor expressed in the world frame (M itself when isotropic:
/// R (s I) R^T = s I, without the rounding of the two products).
inline glm::mat3 rotateTensor(const glm::quat& q, const glm::mat3& local) {
    if (isotropic(local)) return local;
    glm::mat3 r = glm::mat3_cast(q);
    return r * local * glm::transpose(r);
}

/// Advance an orientation by a constant world angular velocity w over dt with the
/// exponential map q' = exp(w dt / 2) q, then renormalise (round-off only).
inline glm::quat integrateOrientation(const glm::quat& q, const glm::vec3& w, float dt) {
    float angle = glm::length(w) * dt;
    glm::quat dq;
    if (angle < 1e-6f) {
        // exp(v) ~ (1, v) for tiny rotations; avoids dividing by |w|.
        glm::vec3 h = 0.5f * dt * w;
        dq = glm::quat(1.0f, h.x, h.y, h.z);
    } else {
        glm::vec3 axis = w / glm::length(w);
        float s = std::sin(0.5f * angle);
        dq = glm::quat(std::cos(0.5f * angle), axis.x * s, axis.y * s, axis.z * s);
    }
    return glm::normalize(dq * q);
}

inline bool isFinite(const glm::vec3& v) {
    return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}
inline bool isFinite(const glm::quat& q) {
    return std::isfinite(q.w) && std::isfinite(q.x) && std::isfinite(q.y) && std::isfinite(q.z);
}

} // namespace tumble
