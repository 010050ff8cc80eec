#pragma once
/// \file camera.h
/// The orbit camera: it circles a target point at a distance, with yaw about +Y and pitch
/// above the horizon, like the scene file's `camera` section (tumble::CameraDef).
#include "tumble/scene.h"
#include "tumble/shape.h"

#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

namespace tumble::app {

class OrbitCamera {
public:
    glm::vec3 target{0.0f, 2.0f, 0.0f}; ///< m, the point orbited and looked at
    float distance = 15.0f;             ///< m from the target to the eye
    float yawDeg = 30.0f;               ///< degrees about +Y (0 looks along -Z)
    float pitchDeg = 20.0f;             ///< degrees above the horizon, -89..89
    float fovYDeg = 45.0f;              ///< vertical field of view, degrees

    /// Take the pose of a scene's CameraDef (Home key, scene load).
    void reset(const CameraDef& def);
    /// Rotate by a mouse drag of (dx, dy) pixels.
    void rotate(float dx, float dy);
    /// Slide the target in the view plane by a mouse drag of (dx, dy) pixels, so the point
    /// under the cursor follows it at the target's depth.
    void pan(float dx, float dy, float viewportHeight);
    /// Move toward the target by wheel notches (positive = closer), in constant ratios.
    void zoom(float notches);
    /// Aim at a bounding box and back off until the whole box fits the view.
    void frame(const Aabb& box, float aspect);
    /// From the current yaw and pitch, the nearest eye that sees the whole box: every corner
    /// `margin` (a fraction of the half-view, 0..0.5) inside the view's edges, and the target
    /// slid so the picture sits in the middle. The box fills the view at this aspect, where the
    /// bounding sphere of frame() leaves a wide, flat box small. (What the panels cover is left
    /// out by the projection itself: window_app.cpp, viewParams.)
    void fitBox(const Aabb& box, float aspect, float margin);

    glm::vec3 eye() const;
    glm::mat4 view() const;
    /// Perspective with near and far planes scaled to the distance, so depth precision
    /// follows the zoom.
    glm::mat4 projection(float aspect) const;
};

} // namespace tumble::app
