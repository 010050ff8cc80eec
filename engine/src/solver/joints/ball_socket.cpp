// Ball-and-socket joint: the two anchors coincide; the bodies turn freely about it.
//
//   C = pB - pA = xB + rB - xA - rA                      (3 rows, one per world axis e_i)
//   Cdot = vB + wB x rB - vA - wA x rA
//   J_i = [-e_i, -(rA x e_i), e_i, rB x e_i]
//   K = (mA + mB) 1 - [rA]x IA [rA]x - [rB]x IB [rB]x     (each row uses its diagonal)
#include "solver/joints/joint_parts.h"

namespace tumble {

float buildBallSocketRows(const JointInfo& j, const JointFrame& f, const StepContext& ctx,
                          std::vector<JointRow>& rows) {
    joints::Anchors an = joints::anchors(j, f);
    joints::pointRows(f, an, ctx, rows);
    return glm::length(an.pB - an.pA);
}

} // namespace tumble
