#pragma once
/// \file interaction.h
/// Hands-on interaction with the world: pulling a body with the mouse (the world's drag
/// spring), dropping and throwing new bodies, deleting one. Everything goes through World's
/// public API; nothing here knows about SDL, ImGui or GL, so the tests drive it with rays.
#include "tumble/world.h"

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>
#include <string>

namespace tumble::app {

/// A ray in world space: `direction` is unit length.
struct Ray {
    glm::vec3 origin{0.0f}; ///< m
    glm::vec3 direction{0.0f, 0.0f, -1.0f};
};

/// How a left drag pulls (World::startDrag's spring): the Spawn panel edits these.
struct DragSettings {
    float frequencyHz = 5.0f;         ///< Hz, natural frequency of the spring on the body's mass
    float dampingRatio = 0.7f;        ///< 1 = critical, 0 = undamped
    float maxForceOverWeight = 30.0f; ///< force cap as a multiple of the body's weight m |g|
    /// Ctrl+drag: force per metre of pull, as a multiple of the body's weight (F = k m |g| d).
    float pushPerMetre = 5.0f;
    /// Ctrl+Shift+drag: angular acceleration per metre of pull, rad/s^2 (tau = m r^2 a).
    float twistPerMetre = 20.0f;
};

/// What a left drag on a body does: pull it with the world's spring (plain), push it with a
/// force at the grabbed point (Ctrl), or twist it with a torque (Ctrl+Shift), as MuJoCo's
/// viewer perturbs a body.
enum class DragMode { Spring, Force, Torque };

/// What B drops and T throws (the Spawn panel edits these).
struct SpawnSettings {
    ShapeType shape = ShapeType::Box; ///< sphere, box, capsule, cylinder, or compound (a dumbbell)
    float size = 0.25f;               ///< m: sphere and capsule radius, box half extent (a cube);
                                      ///< a capsule's core half height equals its radius
    std::string material = kDefaultMaterialName; ///< by name, so the choice survives a reload
    float throwSpeed = 20.0f;                    ///< m/s, 1..100, along the view ray
    bool throwBullet = true; ///< thrown bodies use continuous collision (no tunnelling)
    DragSettings drag;
};

/// Farthest a pick, a press or a drop reaches along the cursor's ray, m.
inline constexpr float kPickDistance = 1000.0f;
/// Cursor travel, display units, that turns a press on a body into a drag; less is a click.
inline constexpr float kDragThreshold = 3.0f;
/// Where B drops a body when its ray hits nothing, m along the ray.
inline constexpr float kSpawnFallbackDistance = 10.0f;
/// Gap left between a dropped body and the surface under the cursor, m.
inline constexpr float kSpawnGap = 0.01f;
/// Room between the camera's near plane and a thrown body's surface, m.
inline constexpr float kThrowClearance = 0.2f;
/// Bounds of SpawnSettings fields (the panel's sliders and clampSpawnSettings).
inline constexpr float kMinSpawnSize = 0.02f, kMaxSpawnSize = 5.0f;    ///< m
inline constexpr float kMinThrowSpeed = 1.0f, kMaxThrowSpeed = 100.0f; ///< m/s

/// A left press in the 3D view: it selects at once and becomes a drag once the cursor has
/// moved kDragThreshold. The world holds the spring; this is the mouse's side of it.
struct MouseDrag {
    bool pressed = false;        ///< left button held since a press over the 3D view
    BodyId body;                 ///< dynamic body under the press; null: nothing to pull
    glm::vec3 localGrab{0.0f};   ///< m, the pressed point in the body's frame
    glm::vec2 pressCursor{0.0f}; ///< display units, where the press happened
    bool active = false;         ///< the drag started (World::startDrag for the spring)
    glm::vec3 planePoint{0.0f};  ///< m, the grab point when the drag started
    DragMode mode = DragMode::Spring; ///< chosen by the modifiers held at the press
    glm::vec3 target{0.0f};      ///< m, where the cursor's ray meets the drag plane (push modes)
    glm::vec3 viewDirection{0.0f, 0.0f, -1.0f}; ///< the camera's, for the twist axis
};

/// What a push drag applies this step, for the pull d = target - grabbed point (m): in Force
/// mode F = pushPerMetre m |g| d at the grabbed point; in Torque mode tau = I a, the torque
/// giving the angular acceleration a = twistPerMetre (-viewDirection x d) (rad/s^2). Both are
/// capped like the spring: |F| <= maxForceOverWeight m |g|, |tau| <= that times the radius of
/// gyration. Zero when no push drag is active.
struct Push {
    glm::vec3 force{0.0f};      ///< N
    glm::vec3 torque{0.0f};     ///< N m
    glm::vec3 point{0.0f};      ///< m, the grabbed point now
};
Push pushOf(const MouseDrag& drag, const World& world, const DragSettings& settings);

/// Before each step: apply the push of an active Ctrl / Ctrl+Shift drag (forces last one step).
void applyPush(const MouseDrag& drag, World& world, const DragSettings& settings);

/// Clamp every SpawnSettings field to its documented range (after a panel edit).
void clampSpawnSettings(SpawnSettings& s);

/// The ShapeDef the settings describe (identity orientation: capsule axis along +Y).
ShapeDef spawnShape(const SpawnSettings& s);

/// Mass, kg, of the body the settings describe in `world` (density of its material times the
/// shape's volume; 0 for a massless material).
float spawnMass(const World& world, const SpawnSettings& s);

/// Distance, m, from a spawn shape's centre to its surface along unit `n` (support
/// distance; sphere r, cube h (|nx| + |ny| + |nz|), capsule r + hh |ny|).
float supportDistance(const ShapeDef& shape, const glm::vec3& n);

/// What B creates: the chosen shape resting kSpawnGap above the surface the ray hits (lifted
/// along that surface's normal by its support distance), or kSpawnFallbackDistance along the
/// ray when it hits nothing. At rest.
BodyDef dropDefinition(const World& world, const SpawnSettings& s, const Ray& ray);

/// What T creates: the chosen shape just in front of the ray's origin, moving along the ray
/// at s.throwSpeed.
BodyDef throwDefinition(const World& world, const SpawnSettings& s, const Ray& ray);

/// Create `def` named "<prefix> <n>" with the first n not taken in the world (names are
/// unique within a world). `counter` remembers the last n between calls.
BodyId createNamed(World& world, BodyDef def, const char* prefix, int& counter,
                   std::string* error = nullptr);

/// Left press along `ray` at `cursor`: returns the body it hits (the caller selects it, or
/// clears the selection for null). A dynamic body becomes the candidate for a drag of `mode`.
BodyId pressDrag(MouseDrag& drag, const World& world, const Ray& ray, glm::vec2 cursor,
                 DragMode mode = DragMode::Spring);

/// Every frame: while the press is held, start the world's drag once the cursor is
/// kDragThreshold away from the press, then move its target to where the cursor's ray meets
/// the plane through the grab point facing the camera (normal `viewDirection`). A body that
/// was destroyed, or is no longer dynamic, ends the drag.
void updateDrag(MouseDrag& drag, World& world, const DragSettings& settings, const Ray& ray,
                glm::vec2 cursor, const glm::vec3& viewDirection);

/// Left release (or a new world): stop the world's drag if this press started one.
void releaseDrag(MouseDrag& drag, World& world);

/// Destroy `id` (Delete key), ending a drag of it first. False for a stale handle.
bool deleteBody(MouseDrag& drag, World& world, BodyId id);

} // namespace tumble::app
