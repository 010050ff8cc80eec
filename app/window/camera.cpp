// Orbit camera arithmetic.
#include "window/camera.h"

#include <glm/gtc/matrix_transform.hpp>
#include <algorithm>
#include <cmath>

namespace tumble::app {
namespace {

constexpr float kDegreesPerPixel = 0.3f;
constexpr float kMinDistance = 0.05f;
constexpr float kMaxDistance = 5000.0f;

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
