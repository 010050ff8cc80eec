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

/// R * M * R^T: a body-frame tensor expressed in the world frame.
inline glm::mat3 rotateTensor(const glm::quat& q, const glm::mat3& local) {
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
