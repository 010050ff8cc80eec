#pragma once
// The solver's per-body records. SolverBody is the hot one, only what the velocity passes
// touch, one 64-byte cache line per body (Box2D keeps a 32-byte hot body in 2D); the world's
// Body is the cold record the passes never read. A static or sleeping body is a record with
// zero inverse mass and inertia, so the loop needs no branch.
#include <glm/mat3x3.hpp>
#include <glm/vec3.hpp>

namespace tumble {

struct alignas(64) SolverBody {
    glm::vec3 v{0.0f};       ///< m/s, linear velocity
    glm::vec3 w{0.0f};       ///< rad/s, angular velocity (world)
    glm::mat3 invI{0.0f};    ///< world inverse inertia
    float invMass = 0.0f;
};
static_assert(sizeof(SolverBody) == 64, "one cache line per body");

/// The split-impulse pass's pseudo-velocities of a body (never kept past the step's
/// integration): apart from SolverBody, which the velocity passes read.
struct SplitVelocity {
    glm::vec3 v{0.0f}; ///< m/s
    glm::vec3 w{0.0f}; ///< rad/s
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
