// Cone-twist joint (ragdoll shoulders and hips): a ball-and-socket whose twist axis in B
// stays inside a cone about the twist axis in A, and whose twist about that axis stays
// within limits.
//
//   point:  C = pB - pA                                   (3 rows, ball_socket.cpp)
//   swing:  aA = qA axisA, aB = qB axisB, phi = acos(aA . aB), n = (aA x aB) / |aA x aB|
//           dphi/dt = n . (wB - wA);  C = swingLimit - phi >= 0,  J = [0, n, 0, -n]
//   twist:  refA projected onto the plane normal to aB, refB; psi = angle from one to the
//           other about aB;  C = psi - lower >= 0 and upper - psi >= 0,  J = [0, -aB, 0, aB]
#include "solver/joints/joint_parts.h"

#include <algorithm>
#include <cmath>

namespace tumble {

float buildConeTwistRows(const JointInfo& j, const JointFrame& f, const StepContext& ctx,
                         std::vector<JointRow>& rows) {
    joints::Anchors an = joints::anchors(j, f);
    joints::pointRows(f, an, ctx, rows);

    const glm::vec3 aA = f.qA * j.localAxisA, aB = f.qB * j.localAxisB;
    const float phi = std::acos(std::clamp(glm::dot(aA, aB), -1.0f, 1.0f));
    const glm::vec3 cross = glm::cross(aA, aB);
    const float crossLength = glm::length(cross);
    const JointDef& def = j.def;
    if (crossLength > 1e-6f) {
        const glm::vec3 n = cross / crossLength;
        JointRow swing = joints::makeRow(f, glm::vec3(0.0f), n, glm::vec3(0.0f), -n, false);
        finishLimitRow(swing, f, def.swingLimit - phi, ctx);
        rows.push_back(swing);
    }

    const glm::vec3 refA = f.qA * j.localRefA, refB = f.qB * j.localRefB;
    glm::vec3 refAInPlane = refA - glm::dot(refA, aB) * aB;
    const float planeLength = glm::length(refAInPlane);
    if (planeLength > 1e-6f) {
        const float psi = joints::angleAbout(refAInPlane / planeLength, refB, aB);
        const JointRow twist = joints::makeRow(f, glm::vec3(0.0f), -aB, glm::vec3(0.0f), aB, false);
        joints::limitRows(twist, psi, def.twistLower, def.twistUpper, f, ctx, rows);
    }
    return phi;
}

} // namespace tumble
