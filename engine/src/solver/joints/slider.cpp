// Slider (prismatic) joint: body B slides along an axis fixed in A, without turning
// relative to A; optional limits on the travel and a motor.
//
//   d = pB - pA, a = qA axisA, b1, b2 perpendicular to a (turning with A)
//   off-axis:  C_k = b_k . d. With db_k/dt = wA x b_k,
//              Cdot_k = b_k . (vB + wB x rB - vA - wA x rA) + (wA x b_k) . d
//              J_k = [-b_k, -(rA + d) x b_k, b_k, rB x b_k]              (2 rows)
//   rotation:  locked as in fixed.cpp                                     (3 rows)
//   travel:    x = a . d,  J = [-a, -(rA + d) x a, a, rB x a]; limits on x, motor on xdot
#include "solver/joints/joint_parts.h"

namespace tumble {

float buildSliderRows(const JointInfo& j, const JointFrame& f, const StepContext& ctx,
                      std::vector<JointRow>& rows) {
    joints::Anchors an = joints::anchors(j, f);
    const glm::vec3 d = an.pB - an.pA;
    const glm::vec3 a = f.qA * j.localAxisA;
    glm::vec3 b[2];
    joints::perpendiculars(a, b[0], b[1]);
    for (const glm::vec3& bk : b) {
        JointRow r = joints::makeRow(f, -bk, -glm::cross(an.rA + d, bk), bk, glm::cross(an.rB, bk), true);
        finishRow(r, f, glm::dot(bk, d), ctx);
        rows.push_back(r);
    }
    joints::rotationLockRows(f, j.relativeRotation, ctx, rows);

    const float x = glm::dot(a, d);
    const JointRow along = joints::makeRow(f, -a, -glm::cross(an.rA + d, a), a, glm::cross(an.rB, a), true);
    const JointDef& def = j.def;
    if (def.limitEnabled) joints::limitRows(along, x, def.lowerLimit, def.upperLimit, f, ctx, rows);
    if (def.motorEnabled) joints::motorRow(along, def.motorSpeed, def.maxMotorForce, f, ctx, rows);
    return x;
}

} // namespace tumble
