#pragma once
// The solver's per-body record: only what the hot loop touches. A static or sleeping body
// is a record with zero inverse mass and inertia, so the loop needs no branch.
#include <glm/mat3x3.hpp>
#include <glm/vec3.hpp>

namespace tumble {

struct SolverBody {
    glm::vec3 v{0.0f};       ///< m/s, linear velocity
    glm::vec3 w{0.0f};       ///< rad/s, angular velocity (world)
    glm::mat3 invI{0.0f};    ///< world inverse inertia
    float invMass = 0.0f;
    glm::vec3 vSplit{0.0f};  ///< pseudo-velocities of the split-impulse pass (never kept)
    glm::vec3 wSplit{0.0f};
};

/// What the stages derive from Settings once per step (Box2D's b2StepContext).
struct StepContext {
    float dt = 0.0f;
    float invDt = 0.0f;
    float warmStartFactor = 1.0f;   ///< 0 when warm starting is off
    float relaxation = 1.0f;
    float erp = 0.2f;
    float slop = 0.005f;
    float maxCorrectionVelocity = 3.0f;
    float restitutionThreshold = 0.5f;
    bool cone = false;              ///< friction model
    float frictionAnchorRate = 0.0f; ///< share of a sticking point's drift pulled back per step
    bool baumgarte = false;         ///< bias in the velocity rows
    bool splitImpulse = false;      ///< bias in a separate pseudo-velocity pass
    bool positionPass = false;      ///< joint rows built for a position iteration: bias = erp C (m or rad)
    /// Soft joint rows (sub-stepping methods): > 0 makes every rigid joint row a spring of this
    /// frequency (Hz) and damping ratio on its own error C, which removes drift inside the
    /// velocity solve (Catto, "Soft Constraints"; Box2D v3). 0: rigid rows without bias.
    float jointHertz = 0.0f;
    float jointDampingRatio = 0.0f;
};

} // namespace tumble
