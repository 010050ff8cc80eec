// Gear joint: couples two hinges so that their angles keep thetaA + ratio thetaB constant
// (ratio 2: B turns at minus half A's speed; a negative ratio turns both the same way).
// Each hinge must join its wheel (bodyB) to the world or to a static body, so the hinge
// angles' rates are the wheels' own angular velocities about the fixed hinge axes, and the
// row spans just the two wheels (a row carries two bodies).
//
//   C = thetaA + ratio thetaB - c0,  c0 = JointInfo::angle (the value at creation)
//   Cdot = aA . wA + ratio aB . wB,  aA, aB the hinges' world axes
//   J = [0, aA, 0, ratio aB],  K = aA . IA aA + ratio^2 aB . IB aB
// The hinge angles are the accumulated ones (hinge.cpp), so the invariant survives turns.
#include "solver/joints/joint_parts.h"

namespace tumble {

float buildGearRows(const JointInfo& j, const JointFrame& f, const StepContext& ctx,
                    std::vector<JointRow>& rows) {
    const JointInfo* hA = f.hinges[0];
    const JointInfo* hB = f.hinges[1];
    if (!hA || !hB) return j.angle; // a hinge is gone or broken: the gear idles
    const glm::vec3 aA = f.hingeQA[0] * hA->localAxisA, aB = f.hingeQA[1] * hB->localAxisA;
    const float thetaA = hingeAngle(*hA, f.hingeQA[0], f.qA);
    const float thetaB = hingeAngle(*hB, f.hingeQA[1], f.qB);
    const float ratio = j.def.ratio;
    JointRow r = joints::makeRow(f, glm::vec3(0.0f), aA, glm::vec3(0.0f), ratio * aB, false);
    finishRow(r, f, thetaA + ratio * thetaB - j.angle, ctx);
    rows.push_back(r);
    return j.angle;
}

} // namespace tumble
