// Distance joint: keeps two anchors at a distance L (rigid), near it (spring), or within
// [minLength, maxLength] (rope).
//
//   d = pB - pA,  u = d / |d|,  C = |d| - L
//   Cdot = u . (vB + wB x rB - vA - wA x rA)
//   J = [-u, -(rA x u), u, rB x u]
//   K = mA + mB + (IA (rA x u)) . (rA x u) + (IB (rB x u)) . (rB x u),  m = 1 / K
// Spring: the same row softened with frequency f and damping ratio zeta (joint_rows.h).
// Rope: two one-sided rows, C = |d| - minLength >= 0 and C = maxLength - |d| >= 0.
#include "solver/joints/joint_parts.h"

namespace tumble {

float buildDistanceRows(const JointInfo& j, const JointFrame& f, const StepContext& ctx,
                        std::vector<JointRow>& rows) {
    joints::Anchors an = joints::anchors(j, f);
    glm::vec3 d = an.pB - an.pA;
    float len = glm::length(d);
    glm::vec3 u = len > 1e-6f ? d / len : glm::vec3(0.0f, 1.0f, 0.0f);
    JointRow r = joints::makeRow(f, -u, -glm::cross(an.rA, u), u, glm::cross(an.rB, u), true);
    const JointDef& def = j.def;
    if (def.maxLength > 0.0f) {
        joints::limitRows(r, len, def.minLength, def.maxLength, f, ctx, rows);
    } else if (def.frequencyHz > 0.0f) {
        finishSpringRow(r, f, len - j.length, def.frequencyHz, def.dampingRatio, ctx);
        rows.push_back(r);
    } else {
        finishRow(r, f, len - j.length, ctx);
        rows.push_back(r);
    }
    return len;
}

} // namespace tumble
