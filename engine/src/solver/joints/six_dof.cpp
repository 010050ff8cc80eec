// Six-degree-of-freedom joint: a frame on A and one on B (the anchor; x = axis, y = the
// reference direction normal to it, z = x cross y), equal at creation. Each of the three
// translations along and three rotations about A's frame axes is locked, free or limited,
// and may carry a motor and a spring (joint_parts.h axisRows; the motors come last).
//
//   linear:  d = pB - pA, E_i = qA e_i,  x_i = E_i . d
//            Cdot_i = E_i . (vB + wB x rB - vA - wA x rA) + (wA x E_i) . d
//            J_i = [-E_i, -(rA + d) x E_i, E_i, rB x E_i]                (as the slider)
//   angular: qR = conj(qA) qB conj(qRel), B's rotation from its creation pose, in A's frame,
//            written in the joint frame's axes; split into twist about x and swing:
//            qR = qSwing qTwist,  qTwist = normalize(w, v_x, 0, 0),
//            twist = 2 atan2(v_x, w),  swing_y = 2 atan2(qSwing.y, qSwing.w), swing_z likewise
//            J_i = [0, -E_i, 0, E_i], K_i = E_i . (IA + IB) E_i
// The twist is exact at any swing; a swing angle is exact when the other swing is zero and
// its rate is E_i . (wB - wA) only for small swings (the small-angle caveat of every
// Cardan-like decomposition). Angles wrap at +-pi: angular limits lie within it.
#include "solver/joints/joint_parts.h"

#include <cmath>

namespace tumble {
namespace {

/// The twist about x and the two swing angles of a rotation given in the joint frame.
glm::vec3 twistSwing(glm::quat q) {
    if (q.w < 0.0f) q = -q; // the short way round
    const float twist = 2.0f * std::atan2(q.x, q.w);
    const glm::quat qTwist(std::cos(0.5f * twist), std::sin(0.5f * twist), 0.0f, 0.0f);
    const glm::quat qSwing = q * glm::conjugate(qTwist);
    return {twist, 2.0f * std::atan2(qSwing.y, qSwing.w), 2.0f * std::atan2(qSwing.z, qSwing.w)};
}

} // namespace

float buildSixDofRows(const JointInfo& j, const JointFrame& f, const StepContext& ctx,
                      std::vector<JointRow>& rows) {
    joints::Anchors an = joints::anchors(j, f);
    const glm::vec3 d = an.pB - an.pA;
    const glm::vec3 e[3] = {j.localAxisA, j.localRefA, glm::cross(j.localAxisA, j.localRefA)};

    const glm::quat qR = glm::conjugate(f.qA) * f.qB * glm::conjugate(j.relativeRotation);
    const glm::vec3 v(qR.x, qR.y, qR.z);
    const glm::vec3 angles = twistSwing(glm::quat(qR.w, glm::dot(v, e[0]), glm::dot(v, e[1]), glm::dot(v, e[2])));

    std::array<float, 6> x{};
    std::array<JointRow, 6> axisRow;
    for (int i = 0; i < 3; ++i) {
        const glm::vec3 E = f.qA * e[i];
        x[i] = glm::dot(E, d);
        axisRow[i] = joints::makeRow(f, -E, -glm::cross(an.rA + d, E), E, glm::cross(an.rB, E), true);
        x[3 + i] = angles[i];
        axisRow[3 + i] = joints::makeRow(f, glm::vec3(0.0f), -E, glm::vec3(0.0f), E, false);
    }
    for (int i = 0; i < 6; ++i) joints::axisRows(axisRow[i], x[i], j.def.axes[i], f, ctx, rows);
    // Motors last: a position pass builds none, and XPBD pairs a joint's rows by rank.
    for (int i = 0; i < 6; ++i) {
        const JointAxisDef& axis = j.def.axes[i];
        if (axis.mode != JointAxisMode::Locked && axis.motorEnabled)
            joints::motorRow(axisRow[i], axis.motorSpeed, axis.maxMotorForce, f, ctx, rows);
    }
    if (f.coordinates) *f.coordinates = x;
    return x[3];
}

} // namespace tumble
