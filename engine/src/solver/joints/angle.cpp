// Angle joint: the relative rotation stays what it was at creation; the bodies translate
// freely (a pair of gyroscope-stabilised bodies, a camera rig that keeps its heading).
//
//   rotation: qE = qB conj(qA qRel) ~ (1, theta/2), C = theta, J_i = [0, -e_i, 0, e_i] (3 rows)
//   K_i = e_i . (IA + IB) e_i
// With frequencyHz > 0 the three rows are springs (joint_rows.h) toward the same rotation.
#include "solver/joints/joint_parts.h"

namespace tumble {

float buildAngleRows(const JointInfo& j, const JointFrame& f, const StepContext& ctx,
                     std::vector<JointRow>& rows) {
    joints::rotationLockRows(f, j.relativeRotation, ctx, rows, j.def.frequencyHz, j.def.dampingRatio);
    glm::quat qE = f.qB * glm::conjugate(f.qA * j.relativeRotation);
    // The rotation error angle, for display.
    return 2.0f * std::atan2(glm::length(glm::vec3(qE.x, qE.y, qE.z)), std::fabs(qE.w));
}

} // namespace tumble
