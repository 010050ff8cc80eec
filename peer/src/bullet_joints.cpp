// Joints for the peer. Tumble stores each joint's anchors, axes and zero-angle directions in
// its bodies' frames (JointInfo); Bullet's constraints take a frame in each body, and the
// two frames coincide in the world when the joint is satisfied:
//   ballSocket  btPoint2PointConstraint   the anchors
//   hinge       btHingeConstraint         frame z = axis, x = zero-angle direction; Bullet's
//                                         angle, referred to A's frame, is Tumble's
//                                         theta = atan2((refA x refB) . a, refA . refB)
//   slider      btSliderConstraint        frame x = axis; travel (pB - pA) . a, rotation locked
//   fixed       btFixedConstraint         frame B turned by the relative rotation at creation
//   coneTwist   btConeTwistConstraint     frame x = twist axis; the swing cone's half angle
// Bullet's limits and motors take the same units (rad, m; hinge motor as an impulse per step).
#include "bullet_joints.h"

#include "bullet_convert.h"
#include "bullet_settings.h"

#include <BulletDynamics/ConstraintSolver/btConeTwistConstraint.h>
#include <BulletDynamics/ConstraintSolver/btFixedConstraint.h>
#include <BulletDynamics/ConstraintSolver/btHingeConstraint.h>
#include <BulletDynamics/ConstraintSolver/btPoint2PointConstraint.h>
#include <BulletDynamics/ConstraintSolver/btSliderConstraint.h>

#include <glm/mat3x3.hpp>

#include <algorithm>
#include <cmath>

namespace tumble::peer {
namespace {

constexpr float kPi = 3.14159265f;

/// A frame given in a Tumble body's coordinates, in the Bullet body's.
btTransform inBullet(const JointEnd& end, const glm::quat& rotation, const glm::vec3& origin) {
    const glm::quat toBullet = glm::conjugate(end.principal);
    return frame(toBullet * rotation, toBullet * origin);
}

/// The rotation whose columns are x, y = z cross x and z.
glm::quat basisXZ(const glm::vec3& x, const glm::vec3& z) {
    return glm::quat_cast(glm::mat3(x, glm::cross(z, x), z));
}

} // namespace

std::unique_ptr<btTypedConstraint> makeJoint(const JointInfo& j, const std::string& label,
                                             const JointEnd& a, const JointEnd& b, float dt,
                                             std::vector<std::string>& unmapped) {
    const JointDef& def = j.def;
    btRigidBody& rbA = *a.body;
    btRigidBody& rbB = *b.body;
    const glm::quat identity(1.0f, 0.0f, 0.0f, 0.0f);
    std::unique_ptr<btTypedConstraint> out;
    switch (def.type) {
    case JointType::BallSocket: {
        const glm::vec3 pA = glm::conjugate(a.principal) * j.localAnchorA;
        const glm::vec3 pB = glm::conjugate(b.principal) * j.localAnchorB;
        out = std::make_unique<btPoint2PointConstraint>(rbA, rbB, toBt(pA), toBt(pB));
        break;
    }
    case JointType::Hinge: {
        const btTransform fA = inBullet(a, basisXZ(j.localRefA, j.localAxisA), j.localAnchorA);
        const btTransform fB = inBullet(b, basisXZ(j.localRefB, j.localAxisB), j.localAnchorB);
        // Measured from A's frame (Bullet's reference sign +1), Bullet's angle is Tumble's.
        auto hinge = std::make_unique<btHingeConstraint>(rbA, rbB, fA, fB, true);
        if (def.limitEnabled) {
            // Bullet's hinge angle wraps at +-pi; Tumble's counts turns.
            if (def.lowerLimit < -kPi || def.upperLimit > kPi)
                note(unmapped, "joint '%s': Bullet's hinge limits lie within +-pi: [%.3g, %.3g] rad clamped",
                     label.c_str(), static_cast<double>(def.lowerLimit), static_cast<double>(def.upperLimit));
            hinge->setLimit(std::max(def.lowerLimit, -kPi), std::min(def.upperLimit, kPi));
        }
        if (def.motorEnabled) hinge->enableAngularMotor(true, def.motorSpeed, def.maxMotorForce * dt);
        out = std::move(hinge);
        break;
    }
    case JointType::Slider: {
        const glm::quat rA = basisXZ(j.localAxisA, j.localRefA);
        // B's frame is A's, carried by the relative rotation the joint holds.
        const glm::quat rB = glm::conjugate(j.relativeRotation) * rA;
        auto slider = std::make_unique<btSliderConstraint>(rbA, rbB, inBullet(a, rA, j.localAnchorA),
                                                           inBullet(b, rB, j.localAnchorB), true);
        if (def.limitEnabled) {
            slider->setLowerLinLimit(def.lowerLimit);
            slider->setUpperLinLimit(def.upperLimit);
        } else {
            // Lower above upper: free travel.
            slider->setLowerLinLimit(1.0f);
            slider->setUpperLinLimit(-1.0f);
        }
        slider->setLowerAngLimit(0.0f);
        slider->setUpperAngLimit(0.0f);
        if (def.motorEnabled) {
            slider->setPoweredLinMotor(true);
            slider->setTargetLinMotorVelocity(def.motorSpeed);
            slider->setMaxLinMotorForce(def.maxMotorForce);
        }
        out = std::move(slider);
        break;
    }
    case JointType::Fixed:
        out = std::make_unique<btFixedConstraint>(
            rbA, rbB, inBullet(a, identity, j.localAnchorA),
            inBullet(b, glm::conjugate(j.relativeRotation), j.localAnchorB));
        break;
    case JointType::ConeTwist: {
        const btTransform fA = inBullet(a, basisXZ(j.localAxisA, j.localRefA), j.localAnchorA);
        const btTransform fB = inBullet(b, basisXZ(j.localAxisB, j.localRefB), j.localAnchorB);
        auto cone = std::make_unique<btConeTwistConstraint>(rbA, rbB, fA, fB);
        // Bullet's twist range is symmetric about the joint's zero twist.
        const float twist = std::max(std::fabs(def.twistLower), std::fabs(def.twistUpper));
        if (def.twistLower != -def.twistUpper)
            note(unmapped, "joint '%s': Bullet's twist range is symmetric: [%.3g, %.3g] rad "
                           "widened to +-%.3g",
                 label.c_str(), static_cast<double>(def.twistLower),
                 static_cast<double>(def.twistUpper), static_cast<double>(twist));
        cone->setLimit(def.swingLimit, def.swingLimit, twist);
        out = std::move(cone);
        break;
    }
    case JointType::Distance:
        note(unmapped, "joint '%s' (distance): Bullet has no distance joint; left out", label.c_str());
        return nullptr;
    case JointType::Angle:
    case JointType::Universal:
    case JointType::SixDof:
    case JointType::Gear:
        // Bullet has counterparts (btUniversalConstraint, btGeneric6DofSpring2Constraint,
        // btGearConstraint), with other frame and sign conventions: not mapped yet.
        note(unmapped, "joint '%s' (%s): not mapped to a Bullet constraint; left out", label.c_str(),
             std::string(toString(def.type)).c_str());
        return nullptr;
    case JointType::Count: return nullptr;
    }
    if (def.breakForce > 0.0f) {
        out->setBreakingImpulseThreshold(def.breakForce * dt);
        note(unmapped, "joint '%s': Bullet breaks it when one row's impulse passes breakForce x dt, "
                       "Tumble when the whole reaction force passes breakForce",
             label.c_str());
    }
    return out;
}

} // namespace tumble::peer
