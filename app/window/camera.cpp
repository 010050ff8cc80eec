// Orbit camera arithmetic.
#include "window/camera.h"

#include <glm/gtc/matrix_transform.hpp>
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

namespace tumble::app {
namespace {

constexpr float kDegreesPerPixel = 0.3f;
constexpr float kMinDistance = 0.05f;
constexpr float kMaxDistance = 5000.0f;

using Corners = std::array<float, 8>;

/// The slides s of the target, along one axis of the view, that keep every corner of a box
/// within [low, high] in NDC, seen from `distance`: the corner offset `offset[i]` along the
/// axis and `toward[i]` toward the eye from the box's centre projects at
/// (offset - s) / (tanHalf (distance - toward)). As {first, last}; empty (first > last) when
/// the distance is too short for any slide to fit.
glm::vec2 slideRange(const Corners& offset, const Corners& toward, float distance, float tanHalf, float low,
                     float high) {
    glm::vec2 range(-std::numeric_limits<float>::max(), std::numeric_limits<float>::max());
    for (size_t i = 0; i < offset.size(); ++i) {
        const float reach = tanHalf * (distance - toward[i]);
        range.x = std::max(range.x, offset[i] - high * reach);
        range.y = std::min(range.y, offset[i] - low * reach);
    }
    return range;
}

} // namespace

void OrbitCamera::reset(const CameraDef& def) {
    target = def.target;
    distance = std::clamp(def.distance, kMinDistance, kMaxDistance);
    yawDeg = def.yawDeg;
    pitchDeg = std::clamp(def.pitchDeg, -89.0f, 89.0f);
}

void OrbitCamera::rotate(float dx, float dy) {
    yawDeg = std::fmod(yawDeg - dx * kDegreesPerPixel, 360.0f);
    pitchDeg = std::clamp(pitchDeg + dy * kDegreesPerPixel, -89.0f, 89.0f);
}

void OrbitCamera::pan(float dx, float dy, float viewportHeight) {
    // World size of one pixel at the target's depth.
    float metresPerPixel =
        2.0f * distance * std::tan(glm::radians(fovYDeg) * 0.5f) / std::max(viewportHeight, 1.0f);
    glm::mat4 v = view();
    glm::vec3 right{v[0][0], v[1][0], v[2][0]};
    glm::vec3 up{v[0][1], v[1][1], v[2][1]};
    target += (-dx * right + dy * up) * metresPerPixel;
}

void OrbitCamera::zoom(float notches) {
    distance = std::clamp(distance * std::pow(0.88f, notches), kMinDistance, kMaxDistance);
}

void OrbitCamera::frame(const Aabb& box, float aspect) {
    target = 0.5f * (box.min + box.max);
    float radius = std::max(0.5f * glm::length(box.max - box.min), 0.25f);
    // The bounding sphere must fit the narrower of the two fields of view.
    float halfFovY = glm::radians(fovYDeg) * 0.5f;
    float halfFovX = std::atan(std::tan(halfFovY) * std::max(aspect, 0.1f));
    float halfFov = std::min(halfFovY, halfFovX);
    distance = std::clamp(1.1f * radius / std::sin(halfFov), kMinDistance, kMaxDistance);
}

void OrbitCamera::fitBox(const Aabb& box, float aspect, float margin) {
    const glm::vec3 centre = 0.5f * (box.min + box.max);
    target = centre;
    const glm::vec3 toEye = glm::normalize(eye() - target);
    const glm::vec3 right = glm::normalize(glm::cross(-toEye, glm::vec3(0.0f, 1.0f, 0.0f)));
    const glm::vec3 up = glm::cross(right, -toEye);
    const float keep = 1.0f - std::clamp(margin, 0.0f, 0.5f);
    const float tanY = std::tan(glm::radians(fovYDeg) * 0.5f);
    const float tanX = tanY * std::max(aspect, 0.1f);
    // The window the corners must stay in, in NDC: [-keep, keep] on both axes.
    const float yMiddle = 0.0f, yHalf = keep;
    Corners across{}, upward{}, toward{};
    for (int i = 0; i < 8; ++i) {
        const glm::vec3 p = glm::vec3{(i & 1) ? box.max.x : box.min.x, (i & 2) ? box.max.y : box.min.y,
                                      (i & 4) ? box.max.z : box.min.z} - centre;
        across[i] = glm::dot(p, right);
        upward[i] = glm::dot(p, up);
        toward[i] = glm::dot(p, toEye);
    }
    auto fits = [&](float d) {
        const glm::vec2 x = slideRange(across, toward, d, tanX, -keep, keep);
        const glm::vec2 y = slideRange(upward, toward, d, tanY, yMiddle - yHalf, yMiddle + yHalf);
        return x.x <= x.y && y.x <= y.y;
    };
    // The shortest distance that fits, by bisection: a longer one always fits too, since the
    // window's edges lie on both sides of its middle and each picture shrinks with distance.
    float nearest = *std::max_element(toward.begin(), toward.end()) + kMinDistance, farthest = nearest + 1.0f;
    while (!fits(farthest) && farthest < kMaxDistance) farthest *= 2.0f;
    for (int i = 0; i < 48; ++i) {
        const float middle = 0.5f * (nearest + farthest);
        (fits(middle) ? farthest : nearest) = middle;
    }
    distance = std::min(farthest, kMaxDistance);
    const glm::vec2 x = slideRange(across, toward, distance, tanX, -keep, keep);
    const glm::vec2 y = slideRange(upward, toward, distance, tanY, yMiddle - yHalf, yMiddle + yHalf);
    target = centre + 0.5f * (x.x + x.y) * right + 0.5f * (y.x + y.y) * up;
}

glm::vec3 OrbitCamera::eye() const {
    float yaw = glm::radians(yawDeg), pitch = glm::radians(pitchDeg);
    glm::vec3 offset{std::cos(pitch) * std::sin(yaw), std::sin(pitch), std::cos(pitch) * std::cos(yaw)};
    return target + distance * offset;
}

glm::mat4 OrbitCamera::view() const {
    return glm::lookAt(eye(), target, glm::vec3(0.0f, 1.0f, 0.0f));
}

glm::mat4 OrbitCamera::projection(float aspect) const {
    float nearPlane = std::max(distance * 0.01f, 0.01f);
    float farPlane = std::max(distance * 100.0f, 500.0f);
    return glm::perspective(glm::radians(fovYDeg), std::max(aspect, 0.01f), nearPlane, farPlane);
}

} // namespace tumble::app
