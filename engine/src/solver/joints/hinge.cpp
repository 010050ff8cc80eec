// Hinge (revolute) joint: a ball-and-socket whose bodies may only turn about one axis,
// with optional angle limits and a motor.
//
//   point:  C = pB - pA                                         (3 rows, ball_socket.cpp)
//   axis:   aA = qA axisA, aB = qB axisB, b1, b2 perpendicular to aA.
//           A small relative rotation eps turns aB to aA + eps x aA, so
//           C_k = b_k . (aA x aB) = b_k . eps,  Cdot_k = b_k . (wB - wA),
//           J_k = [0, -b_k, 0, b_k],  K_k = b_k . (IA + IB) b_k      (2 rows)
//   angle:  theta = atan2((refA x refB) . aA, refA . refB),  Cdot = aA . (wB - wA),
//           J = [0, -aA, 0, aA]
//           unwrapped: theta + 2 pi k, k the whole turns nearest last step's angle, so the
//           angle counts turns (a winch's [-4 pi, 4 pi]) as long as a step turns < pi.
//   limits: C = theta - lower >= 0 and C = upper - theta >= 0   (one-sided rows)
//   motor:  Cdot -> speed with |lambda| <= maxTorque dt
#include "solver/joints/joint_parts.h"

namespace tumble {

float hingeAngle(const JointInfo& j, const glm::quat& qA, const glm::quat& qB) {
    const glm::vec3 aA = qA * j.localAxisA;
    const glm::vec3 refA = qA * j.localRefA, refB = qB * j.localRefB;
    // refB leaves the plane normal to aA only by the small tilt the axis rows remove.
    const glm::vec3 refBInPlane = refB - glm::dot(refB, aA) * aA;
    const float wrapped = joints::angleAbout(refA, glm::normalize(refBInPlane), aA);
    return joints::unwrapAngle(wrapped, j.angle);
}

float buildHingeRows(const JointInfo& j, const JointFrame& f, const StepContext& ctx,
                     std::vector<JointRow>& rows) {
    joints::Anchors an = joints::anchors(j, f);
    joints::pointRows(f, an, ctx, rows);

    const glm::vec3 aA = f.qA * j.localAxisA, aB = f.qB * j.localAxisB;
    glm::vec3 b[2];
    joints::perpendiculars(aA, b[0], b[1]);
    const glm::vec3 tilt = glm::cross(aA, aB);
    for (const glm::vec3& bk : b) {
        JointRow r = joints::makeRow(f, glm::vec3(0.0f), -bk, glm::vec3(0.0f), bk, false);
        finishRow(r, f, glm::dot(bk, tilt), ctx);
        rows.push_back(r);
    }

    const float theta = hingeAngle(j, f.qA, f.qB);
    const JointRow about = joints::makeRow(f, glm::vec3(0.0f), -aA, glm::vec3(0.0f), aA, false);
    const JointDef& def = j.def;
    if (def.limitEnabled) joints::limitRows(about, theta, def.lowerLimit, def.upperLimit, f, ctx, rows);
    if (def.motorEnabled) joints::motorRow(about, def.motorSpeed, def.maxMotorForce, f, ctx, rows);
    return theta;
}

} // namespace tumble
