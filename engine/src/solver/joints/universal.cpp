// Universal (Cardan) joint: a ball-and-socket whose axis on A (aA) stays perpendicular to
// its axis on B (aB), so a shaft on A drives a shaft on B through the cross.
//
//   point:  C = pB - pA                                          (3 rows, ball_socket.cpp)
//   cross:  C = aA . aB,  aA = qA axisA, aB = qB axisB
//           Cdot = (wA x aA) . aB + aA . (wB x aB) = n . wA - n . wB,  n = aA x aB
//           J = [0, n, 0, -n],  K = n . (IA + IB) n
// aA and aB are the arms of the cross; each shaft turns about a direction normal to its arm
// (usually a hinge to the world), which this joint leaves to the shaft's own joint.
#include "solver/joints/joint_parts.h"

#include <algorithm>
#include <cmath>

namespace tumble {

float buildUniversalRows(const JointInfo& j, const JointFrame& f, const StepContext& ctx,
                         std::vector<JointRow>& rows) {
    joints::Anchors an = joints::anchors(j, f);
    joints::pointRows(f, an, ctx, rows);
    const glm::vec3 aA = f.qA * j.localAxisA, aB = f.qB * j.localAxisB;
    const glm::vec3 n = glm::cross(aA, aB);
    const float C = glm::dot(aA, aB);
    JointRow cross = joints::makeRow(f, glm::vec3(0.0f), n, glm::vec3(0.0f), -n, false);
    finishRow(cross, f, C, ctx);
    rows.push_back(cross);
    // The angle between the two cross axes (pi/2 when the joint holds), for display.
    return std::acos(std::clamp(C, -1.0f, 1.0f));
}

} // namespace tumble
