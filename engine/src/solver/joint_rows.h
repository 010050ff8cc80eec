#pragma once
// Joints as rows of the Jacobian. Every joint, whatever its type, becomes a handful of
// one-dimensional rows
//
//   Cdot = J v = jvA . vA + jwA . wA + jvB . vB + jwB . wB
//   dlambda = -m (Cdot + bias + gamma lambda),   lambda clamped to [lower, upper]
//   m = 1 / (J M^-1 J^T + gamma)
//
// built once per step by the joint's own file (joints/*.cpp) and solved in the contact
// solver's loop. gamma softens a row into a spring (Catto, "Soft Constraints", GDC 2011):
// for stiffness k and damping c over dt,  gamma = 1 / (dt (c + dt k)),  beta = dt k / (c + dt k),
// and bias = beta C / dt.
#include "solver/solver_body.h"
#include "tumble/joint.h"

#include <glm/gtc/quaternion.hpp>
#include <array>
#include <span>
#include <vector>

namespace tumble {

struct JointRow {
    uint32_t a = 0, b = 0;           ///< solver body indices (a world-anchored joint uses the static record)
    glm::vec3 jvA{0.0f}, jwA{0.0f}, jvB{0.0f}, jwB{0.0f};
    float mass = 0.0f;               ///< kg (or kg m^2): 1 / (J M^-1 J^T + gamma)
    float bias = 0.0f;               ///< m/s: the row drives Cdot toward -bias
    float gamma = 0.0f;              ///< softness; 0 for a rigid row
    float lower = -1e30f, upper = 1e30f; ///< N s bounds of the accumulated impulse
    float impulse = 0.0f;            ///< N s, accumulated (warm started)
    uint32_t joint = 0;              ///< index into the world's joint slots
    uint8_t linear = 0;              ///< 1: a force row (reaction force), 0: a torque row
    /// 1: a rigid row made soft only to remove drift (StepContext::jointHertz); a relax pass
    /// solves it rigid and without bias. Real springs (drag, spring joints) stay 0.
    uint8_t softened = 0;
    float rigidMass = 0.0f;          ///< 1 / (J M^-1 J^T): the mass without softness
};

/// Where a joint's two bodies are this step.
struct JointFrame {
    glm::vec3 xA{0.0f}, xB{0.0f};
    glm::quat qA{1, 0, 0, 0}, qB{1, 0, 0, 0};
    const SolverBody* bodyA = nullptr;
    const SolverBody* bodyB = nullptr;
    uint32_t a = 0, b = 0;
    uint32_t joint = 0;
    /// Gear: the two hinges it couples and the orientations of their (static) bodyA.
    const JointInfo* hinges[2] = {nullptr, nullptr};
    glm::quat hingeQA[2] = {{1, 0, 0, 0}, {1, 0, 0, 0}};
    /// Six-DOF: where its six coordinates go for display (null in position passes).
    std::array<float, 6>* coordinates = nullptr;
};

/// Build the rows of one joint this step (dispatches on the joint's type). Returns the
/// joint's coordinate for display: hinge angle (rad), slider translation (m), distance (m).
float buildJointRows(const JointInfo& joint, const JointFrame& frame, const StepContext& ctx,
                     std::vector<JointRow>& rows);

// One per joint type, each in solver/joints/<type>.cpp with its math at the top.
float buildDistanceRows(const JointInfo&, const JointFrame&, const StepContext&, std::vector<JointRow>&);
float buildBallSocketRows(const JointInfo&, const JointFrame&, const StepContext&, std::vector<JointRow>&);
float buildHingeRows(const JointInfo&, const JointFrame&, const StepContext&, std::vector<JointRow>&);
float buildSliderRows(const JointInfo&, const JointFrame&, const StepContext&, std::vector<JointRow>&);
float buildFixedRows(const JointInfo&, const JointFrame&, const StepContext&, std::vector<JointRow>&);
float buildConeTwistRows(const JointInfo&, const JointFrame&, const StepContext&, std::vector<JointRow>&);
float buildAngleRows(const JointInfo&, const JointFrame&, const StepContext&, std::vector<JointRow>&);
float buildUniversalRows(const JointInfo&, const JointFrame&, const StepContext&, std::vector<JointRow>&);
float buildSixDofRows(const JointInfo&, const JointFrame&, const StepContext&, std::vector<JointRow>&);
float buildGearRows(const JointInfo&, const JointFrame&, const StepContext&, std::vector<JointRow>&);

/// A hinge's angle (rad) at orientations qA and qB, unwrapped against its last angle
/// (JointInfo::angle): the wrapped angle plus the whole turns that bring it nearest.
float hingeAngle(const JointInfo& hinge, const glm::quat& qA, const glm::quat& qB);

/// Finish a row: its effective mass from the two bodies; in a position pass its bias is the
/// share of the error C (m or rad) to remove, erp C.
void finishRow(JointRow& row, const JointFrame& frame, float C, const StepContext& ctx);

/// A one-sided row (a limit): inactive, it lets the error close but not cross.
void finishLimitRow(JointRow& row, const JointFrame& frame, float C, const StepContext& ctx);

/// Soft row of given frequency (Hz) and damping ratio.
void finishSpringRow(JointRow& row, const JointFrame& frame, float C, float frequencyHz,
                     float dampingRatio, const StepContext& ctx);

void warmStartJointRows(std::span<JointRow> rows, std::span<SolverBody> bodies, float factor);
/// One Gauss-Seidel pass over the rows. useBias false is a relax pass: softened rows are
/// solved rigid and toward Cdot = 0 (soft step's relax iterations).
void solveJointRows(std::span<JointRow> rows, std::span<SolverBody> bodies, bool useBias = true);

} // namespace tumble
