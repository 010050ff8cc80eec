#pragma once
// A rigid transform (position + orientation) and the few operations the collision code needs.
#include <glm/gtc/quaternion.hpp>
#include <glm/mat3x3.hpp>
#include <glm/vec3.hpp>

namespace tumble {

/// Maps a point x of a body's local frame to the world: p + q * x.
struct Transform {
    glm::vec3 p{0.0f};                   ///< m, world position of the local origin (centre of mass)
    glm::quat q{1.0f, 0.0f, 0.0f, 0.0f}; ///< unit quaternion, local-to-world rotation
};

/// The world point of a local point.
inline glm::vec3 transformPoint(const Transform& x, const glm::vec3& local) {
    return x.p + x.q * local;
}

/// The local point of a world point.
inline glm::vec3 inverseTransformPoint(const Transform& x, const glm::vec3& world) {
    return glm::conjugate(x.q) * (world - x.p);
}

/// The same transform with its rotation as a matrix: cheaper when many points are mapped.
struct Frame {
    glm::mat3 R{1.0f}; ///< local-to-world rotation
    glm::vec3 p{0.0f}; ///< m, world position of the local origin

    Frame() = default;
    Frame(const glm::mat3& rotation, const glm::vec3& position) : R(rotation), p(position) {}
    explicit Frame(const Transform& x) : R(glm::mat3_cast(x.q)), p(x.p) {}

    glm::vec3 apply(const glm::vec3& local) const { return R * local + p; }
    /// R^T (world - p): glm's v * M multiplies by the transpose.
    glm::vec3 applyInverse(const glm::vec3& world) const { return (world - p) * R; }
};

/// The frame of b expressed in a's frame: x_a = R x_b + p with R = Ra^T Rb, p = Ra^T (pb - pa).
inline Frame relativeFrame(const Frame& a, const Frame& b) {
    return Frame(glm::transpose(a.R) * b.R, a.applyInverse(b.p));
}

/// The inverse of a frame: maps the frame's outside coordinates back into it.
inline Frame inverseFrame(const Frame& f) {
    glm::mat3 rt = glm::transpose(f.R);
    return Frame(rt, -(rt * f.p));
}

} // namespace tumble
