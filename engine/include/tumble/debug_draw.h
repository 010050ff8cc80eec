#pragma once
/// \file debug_draw.h
/// The engine never draws: it reports lines, points, arrows and labels through this
/// interface. The app implements it with GL; tests implement it by recording.
#include <glm/vec3.hpp>
#include <string>

namespace tumble {

class World;

/// Colours are linear RGB 0..1.
class DebugDraw {
public:
    virtual ~DebugDraw() = default;
    virtual void line(const glm::vec3& a, const glm::vec3& b, const glm::vec3& color) = 0;
    virtual void point(const glm::vec3& p, float sizePixels, const glm::vec3& color) = 0;
    virtual void arrow(const glm::vec3& from, const glm::vec3& to, const glm::vec3& color) = 0;
    virtual void label(const glm::vec3& p, const std::string& text, const glm::vec3& color) = 0;
};

/// What to emit. Scene files may set these (`debugDraw` section, same names).
struct DebugDrawOptions {
    bool contacts = true;          ///< contact points
    bool normals = true;           ///< contact normals
    bool bodyAxes = false;         ///< each body's local X (red), Y (green), Z (blue)
    bool centerOfMass = false;     ///< a point at each centre of mass
    bool aabbs = false;            ///< bounding boxes
    bool velocities = false;       ///< linear velocity arrows (0.1 s of travel)
    bool forceFields = true;       ///< attractor centres and radii
    bool trajectories = true;      ///< analytic free-flight parabola from each body's launch state
};

/// Walk the world's state and report it through `draw`.
void emitDebugDraw(const World& world, const DebugDrawOptions& options, DebugDraw& draw);

} // namespace tumble
