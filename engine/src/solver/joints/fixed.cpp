// Fixed (weld) joint: the anchors coincide and the relative rotation stays what it was at
// creation.
//
//   point:     C = pB - pA, J_i = [-e_i, -(rA x e_i), e_i, rB x e_i]           (3 rows)
//   rotation:  qE = qB conj(qA qRel) ~ (1, theta/2), C = theta, J_i = [0, -e_i, 0, e_i] (3 rows)
//   K of a rotation row = e_i . (IA + IB) e_i
#include "solver/joints/joint_parts.h"

namespace tumble {

float buildFixedRows(const JointInfo& j, const JointFrame& f, const StepContext& ctx,
                     std::vector<JointRow>& rows) {
    joints::Anchors an = joints::anchors(j, f);
    joints::pointRows(f, an, ctx, rows);
    joints::rotationLockRows(f, j.relativeRotation, ctx, rows);
    return 0.0f;
}

} // namespace tumble
