#pragma once
/// \file debug_draw.h
/// The engine never draws: it reports lines, points, arrows and labels through this
/// interface. The app implements it with GL; tests implement it by recording.
#include <glm/vec3.hpp>
#include <string>
#include <vector>

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

/// What to emit. Scene files may set these (`debugDraw` section, same names); the Debug
/// draw panel shows one checkbox per flag of debugDrawFlags().
struct DebugDrawOptions {
    bool contacts = true;          ///< contact points: new (yellow) and persisting (orange)
    bool normals = true;           ///< contact normals, from A to B
    bool penetration = false;      ///< a red bar as long as each point's overlap
    bool featureIds = false;       ///< each point's feature id as a label
    bool impulses = false;         ///< normal (green) and friction (red) impulse arrows
    /// the warm-start normal impulse (grey) beside the final one (green), on impulseScale
    bool warmStart = false;
    bool stickSlip = false;        ///< points coloured sticking (blue) or sliding (red)
    /// the Coulomb bound of the last step in the tangent plane (while sticking, square for
    /// the pyramid, circle for the cone; while sliding, the segment along the point's slip;
    /// half-width mu lambda_n on impulseScale) with the friction impulse inside it (blue
    /// holding, red at the bound)
    bool frictionBound = false;
    /// position-correction arrows (magenta): the push-out velocity (Baumgarte, split
    /// impulse) or the nonlinear Gauss-Seidel push-out distance x 10
    bool correction = false;
    bool aabbs = false;            ///< tight bounding boxes
    bool fatAabbs = false;         ///< the broad phase's boxes (tree nodes coloured by depth)
    bool broadphasePairs = false;  ///< a line between the centres of each candidate pair
    bool islands = false;          ///< each awake body's box in its island's colour, sleeping grey
    bool graphColours = false;     ///< wide method: each manifold's edge and points in its graph colour
    bool bodyAxes = false;         ///< each body's local X (red), Y (green), Z (blue)
    bool centerOfMass = false;     ///< a point at each centre of mass
    bool velocities = false;       ///< linear velocity arrows (0.1 s of travel)
    bool joints = true;            ///< joint anchors, axes, limits, reaction forces; the drag spring
    bool forceFields = true;       ///< attractor centres and radii
    bool trajectories = true;      ///< analytic free-flight parabola from each body's launch state
    float impulseScale = 0.05f;    ///< m of arrow per N s of impulse
    /// m, length of the contact normal arrows (longer where the camera is far, as in the
    /// collision gallery, so they read as arrows rather than dots)
    float normalLength = 0.3f;
};

/// One boolean of DebugDrawOptions with its scene-file name and what it shows: the single
/// list the scene reader, the writer and the Debug draw panel all walk.
struct DebugDrawFlag {
    const char* name;
    bool DebugDrawOptions::*member;
    const char* help;
    /// Drawn from the solver's figures (World::contactFigures), which a world computes only
    /// while they are on (World::setContactFigures).
    bool readsFigures = false;
};
/// Every flag, in panel order.
const std::vector<DebugDrawFlag>& debugDrawFlags();
/// True when a layer that reads the solver's figures is on.
bool needsContactFigures(const DebugDrawOptions& options);

/// Walk the world's state and report it through `draw`.
void emitDebugDraw(const World& world, const DebugDrawOptions& options, DebugDraw& draw);

} // namespace tumble
