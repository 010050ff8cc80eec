// Bullet's constraints as Tumble's joints (tumble/bullet_import.h lists the map).
//
// Frames: Bullet keeps a frame on each body (frameInA, frameInB); Tumble takes a world
// anchor and axis at creation. A constraint built on one body has Bullet's fixed body as its
// other end; Tumble joins to the world only on its bodyA, so a Bullet joint whose rbB is the
// world is turned round (Tumble's bodyA = the world, bodyB = Bullet's rbA), which reverses
// the relative motion: the axis is negated so that limits and motors keep their values.
//
// Hinge angle: Bullet measures atan2(yB . xA, yB . yA) times its reference sign, which is
// minus B's turn about A's z axis; Tumble measures B's turn about its axis. So Tumble's axis
// is -z (times the reference sign) and Bullet's limits and motor speed carry over as they are.
#include "bullet_convert.h"
#include "bullet_import_parts.h"

#include <BulletDynamics/ConstraintSolver/btGearConstraint.h>
#include <BulletDynamics/ConstraintSolver/btGeneric6DofSpring2Constraint.h>
#include <BulletDynamics/ConstraintSolver/btHingeConstraint.h>
#include <BulletDynamics/ConstraintSolver/btPoint2PointConstraint.h>
#include <BulletDynamics/ConstraintSolver/btSliderConstraint.h>
#include <BulletDynamics/Dynamics/btRigidBody.h>

#include <cmath>

namespace tumble::peer {

namespace {

std::string constraintClassName(const btTypedConstraint& c) {
    switch (c.getConstraintType()) {
    case POINT2POINT_CONSTRAINT_TYPE: return "btPoint2PointConstraint";
    case HINGE_CONSTRAINT_TYPE: return "btHingeConstraint";
    case CONETWIST_CONSTRAINT_TYPE: return "btConeTwistConstraint";
    case D6_CONSTRAINT_TYPE: return "btGeneric6DofConstraint";
    case SLIDER_CONSTRAINT_TYPE: return "btSliderConstraint";
    case CONTACT_CONSTRAINT_TYPE: return "btContactConstraint";
    case D6_SPRING_CONSTRAINT_TYPE: return "btGeneric6DofSpringConstraint";
    case GEAR_CONSTRAINT_TYPE: return "btGearConstraint";
    case FIXED_CONSTRAINT_TYPE: return "btFixedConstraint";
    case D6_SPRING_2_CONSTRAINT_TYPE: return "btGeneric6DofSpring2Constraint";
    default: return "Bullet constraint";
    }
}

/// A hinge that turns its bodyB against the world or a static body: what a gear can couple.
struct GearableHinge {
    std::string name;
    glm::vec3 axis{0.0f}; ///< Tumble's world axis
};

class JointMapper {
public:
    JointMapper(const ImportedBodies& bodies, float timeStep, std::vector<std::string>& unmapped)
        : bodies_(bodies), timeStep_(timeStep), unmapped_(unmapped) {}

    /// Map one constraint into `out` (appended), or list it.
    void add(btTypedConstraint& c, const std::string& name, Json& out) {
        label_ = constraintClassName(c) + " '" + name + "'";
        btRigidBody* a = &c.getRigidBodyA(); // not const: its constraint references are read below
        const btRigidBody* b = &c.getRigidBodyB();
        if (bodies_.leftOut.count(a) || bodies_.leftOut.count(b)) {
            unmapped_.push_back(label_ + ": joins a body that was left out (not imported)");
            return;
        }
        const bool aIsWorld = !bodies_.names.count(a), bIsWorld = !bodies_.names.count(b);
        if (aIsWorld && bIsWorld) {
            unmapped_.push_back(label_ + ": joins no imported body (not imported)");
            return;
        }
        swapped_ = bIsWorld;
        joint_ = {{"name", name}};
        joint_["bodyA"] = swapped_ || aIsWorld ? Json(nullptr) : Json(bodies_.names.at(a));
        joint_["bodyB"] = bodies_.names.at(swapped_ ? a : b);
        transformA_ = a->getWorldTransform();
        bool mapped = false;
        switch (c.getConstraintType()) {
        case POINT2POINT_CONSTRAINT_TYPE: mapped = ballSocket(static_cast<btPoint2PointConstraint&>(c)); break;
        case HINGE_CONSTRAINT_TYPE: mapped = hinge(static_cast<btHingeConstraint&>(c), name); break;
        case SLIDER_CONSTRAINT_TYPE: mapped = slider(static_cast<btSliderConstraint&>(c)); break;
        case FIXED_CONSTRAINT_TYPE:
        case D6_SPRING_2_CONSTRAINT_TYPE: mapped = sixDof(static_cast<btGeneric6DofSpring2Constraint&>(c)); break;
        case CONETWIST_CONSTRAINT_TYPE:
            unmapped_.push_back(label_ + ": not imported (its two swing spans and twist span have no mapping "
                                         "onto Tumble's coneTwist yet)");
            break;
        case D6_CONSTRAINT_TYPE:
        case D6_SPRING_CONSTRAINT_TYPE:
            unmapped_.push_back(label_ + ": not imported (only btGeneric6DofSpring2Constraint maps onto Tumble's "
                                         "sixDof)");
            break;
        default: unmapped_.push_back(label_ + ": no Tumble joint (not imported)"); break;
        }
        if (!mapped) return;
        // Bullet keeps collision between the two bodies off by a constraint reference on them.
        bool collisionOff = false;
        for (int i = 0; i < a->getNumConstraintRefs(); ++i)
            collisionOff = collisionOff || a->getConstraintRef(i) == &c;
        if (!collisionOff && !aIsWorld && !bIsWorld) joint_["collideConnected"] = true;
        if (c.getBreakingImpulseThreshold() < 0.5f * SIMD_INFINITY)
            joint_["breakForce"] = number(c.getBreakingImpulseThreshold() / timeStep_);
        out.push_back(joint_);
    }

    /// Map a gear once the hinges are known.
    void addGear(btGearConstraint& g, const std::string& name, Json& out) {
        label_ = "btGearConstraint '" + name + "'";
        const btRigidBody* wheels[2] = {&g.getRigidBodyA(), &g.getRigidBodyB()};
        const btVector3 axes[2] = {g.getAxisA(), g.getAxisB()};
        const GearableHinge* hinges[2] = {nullptr, nullptr};
        float ratio = g.getRatio();
        for (int k = 0; k < 2; ++k) {
            auto found = gearable_.find(wheels[k]);
            if (found == gearable_.end()) {
                const auto named = bodies_.names.find(wheels[k]);
                unmapped_.push_back(label_ + ": Tumble gears couple two hinges that join their bodies to the "
                                    "world, and no such hinge turns body '" +
                                    (named == bodies_.names.end() ? std::string("?") : named->second) +
                                    "' (not imported)");
                return;
            }
            hinges[k] = &found->second;
            // Bullet holds axisA . wA + ratio axisB . wB = 0 about the gear's own axes; Tumble
            // the same about the hinges' axes: a hinge axis opposite the gear's flips a sign.
            const glm::vec3 gearAxis = toGlm(wheels[k]->getWorldTransform().getBasis() * axes[k]);
            if (glm::dot(gearAxis, hinges[k]->axis) < 0.0f) ratio = -ratio;
        }
        out.push_back({{"type", "gear"}, {"name", name}, {"hingeA", hinges[0]->name},
                       {"hingeB", hinges[1]->name}, {"ratio", number(ratio)}});
    }

private:
    glm::vec3 worldPoint(const btTransform& frameInA) const { return toGlm(transformA_ * frameInA.getOrigin()); }
    glm::vec3 worldAxis(const btTransform& frameInA, int column) const {
        return toGlm(transformA_.getBasis() * frameInA.getBasis().getColumn(column));
    }
    float sign() const { return swapped_ ? -1.0f : 1.0f; }

    bool ballSocket(btPoint2PointConstraint& c) {
        joint_["type"] = "ballSocket";
        joint_["anchor"] = vec3Json(toGlm(transformA_ * c.getPivotInA()));
        return true;
    }

    bool hinge(btHingeConstraint& c, const std::string& name) {
        const float referenceSign = c.getUseReferenceFrameA() ? -1.0f : 1.0f;
        const glm::vec3 axis = -sign() * referenceSign * worldAxis(c.getAFrame(), 2);
        joint_["type"] = "hinge";
        joint_["anchor"] = vec3Json(worldPoint(c.getAFrame()));
        joint_["axis"] = vec3Json(axis);
        if (c.hasLimit()) joint_["limits"] = {number(c.getLowerLimit()), number(c.getUpperLimit())};
        // Bullet's motor limit is an impulse per step.
        if (c.getEnableAngularMotor())
            joint_["motor"] = {{"speed", number(c.getMotorTargetVelocity())},
                               {"maxTorque", number(c.getMaxMotorImpulse() / timeStep_)}};
        const btRigidBody* wheel = swapped_ ? &c.getRigidBodyA() : &c.getRigidBodyB();
        if (joint_["bodyA"].is_null() || bodies_.staticBodies.count(swapped_ ? &c.getRigidBodyB() : &c.getRigidBodyA()))
            gearable_[wheel] = {name, axis};
        return true;
    }

    bool slider(btSliderConstraint& c) {
        joint_["type"] = "slider";
        joint_["anchor"] = vec3Json(worldPoint(c.getFrameOffsetA()));
        joint_["axis"] = vec3Json(sign() * worldAxis(c.getFrameOffsetA(), 0));
        if (c.getLowerLinLimit() <= c.getUpperLinLimit())
            joint_["limits"] = {number(c.getLowerLinLimit()), number(c.getUpperLinLimit())};
        if (c.getLowerAngLimit() < c.getUpperAngLimit())
            unmapped_.push_back(label_ + ": turns about its axis in Bullet; Tumble's slider does not (approximated)");
        return true;
    }

    /// One axis of a six-DOF joint: locked (lower = upper), free (lower > upper) or limited.
    Json axisJson(float lower, float upper, bool motor, float speed, float force, bool angular, int index) {
        Json axis;
        axis["mode"] = lower == upper ? "locked" : lower > upper ? "free" : "limited";
        if (lower < upper) axis["limits"] = {number(lower), number(upper)};
        if (motor && lower != upper)
            axis["motor"] = {{"speed", number(speed)}, {angular ? "maxTorque" : "maxForce", number(force)}};
        else if (motor)
            unmapped_.push_back(label_ + ": motor on locked axis " + std::to_string(index) + " (not imported)");
        return axis;
    }

    bool sixDof(btGeneric6DofSpring2Constraint& c) {
        if (swapped_) {
            unmapped_.push_back(label_ + ": joined to the world on its second body (not imported)");
            return false;
        }
        const btTransform& frame = c.getFrameOffsetA();
        const glm::vec3 x = worldAxis(frame, 0);
        joint_["anchor"] = vec3Json(worldPoint(frame));
        const btTranslationalLimitMotor2& linear = *c.getTranslationalLimitMotor();
        bool allLocked = true;
        for (int i = 0; i < 3; ++i) {
            const btRotationalLimitMotor2& r = *c.getRotationalLimitMotor(i);
            allLocked = allLocked && linear.m_lowerLimit[i] == linear.m_upperLimit[i] && !linear.m_enableMotor[i] &&
                        r.m_loLimit == r.m_hiLimit && !r.m_enableMotor;
        }
        if (allLocked) { // btFixedConstraint is a six-DOF joint with every axis locked
            joint_["type"] = "fixed";
            return true;
        }
        joint_["type"] = "sixDof";
        joint_["axis"] = vec3Json(x);
        // Tumble's frame has y = normalize(x cross helper) (world_joints.cpp); Bullet's y and
        // z map onto it when they line up with it, with a sign or swapped.
        const glm::vec3 helper = std::fabs(x.x) < 0.57f ? glm::vec3(1, 0, 0) : glm::vec3(0, 1, 0);
        const glm::vec3 tumbleY = glm::normalize(glm::cross(x, helper));
        const glm::vec3 tumbleAxes[3] = {x, tumbleY, glm::cross(x, tumbleY)};
        int source[3] = {0, 1, 2};
        float flip[3] = {1.0f, 1.0f, 1.0f};
        for (int k = 1; k < 3; ++k) {
            bool found = false;
            for (int j = 1; j < 3 && !found; ++j) {
                const float d = glm::dot(tumbleAxes[k], worldAxis(frame, j));
                if (std::fabs(d) > 0.999f) source[k] = j, flip[k] = d > 0.0f ? 1.0f : -1.0f, found = true;
            }
            if (!found) {
                unmapped_.push_back(label_ + ": its frame's y and z axes are not Tumble's (settings of y and z "
                                    "kept on Tumble's axes, approximated)");
                source[1] = 1, source[2] = 2, flip[1] = flip[2] = 1.0f;
                break;
            }
        }
        if (c.getRotationOrder() != RO_XYZ)
            unmapped_.push_back(label_ + ": rotation order other than XYZ (approximated)");
        Json linearAxes = Json::array(), angularAxes = Json::array();
        for (int k = 0; k < 3; ++k) {
            const int j = source[k];
            const float s = flip[k];
            // A flipped axis measures minus Bullet's coordinate: [lo, hi] becomes [-hi, -lo].
            auto range = [s](float lo, float hi) { return s > 0.0f || lo > hi ? std::pair(lo, hi) : std::pair(-hi, -lo); };
            const auto [linLo, linHi] = range(linear.m_lowerLimit[j], linear.m_upperLimit[j]);
            linearAxes.push_back(axisJson(linLo, linHi, linear.m_enableMotor[j], s * linear.m_targetVelocity[j],
                                          linear.m_maxMotorForce[j], false, j));
            const btRotationalLimitMotor2& r = *c.getRotationalLimitMotor(j);
            const auto [angLo, angHi] = range(r.m_loLimit, r.m_hiLimit);
            angularAxes.push_back(axisJson(angLo, angHi, r.m_enableMotor, s * r.m_targetVelocity, r.m_maxMotorForce,
                                           true, 3 + j));
            if (linear.m_enableSpring[j] || r.m_enableSpring || linear.m_servoMotor[j] || r.m_servoMotor)
                unmapped_.push_back(label_ + ": spring or servo on axis " + std::to_string(j) + " (not imported)");
        }
        joint_["linear"] = linearAxes;
        joint_["angular"] = angularAxes;
        return true;
    }

    const ImportedBodies& bodies_;
    float timeStep_;
    std::vector<std::string>& unmapped_;
    std::map<const btRigidBody*, GearableHinge> gearable_;
    std::string label_;
    Json joint_;
    btTransform transformA_;
    bool swapped_ = false;
};

} // namespace

Json importJoints(const std::vector<btTypedConstraint*>& constraints,
                  const std::map<const btTypedConstraint*, std::string>& names, const ImportedBodies& bodies,
                  float timeStep, std::vector<std::string>& unmapped) {
    JointMapper mapper(bodies, timeStep, unmapped);
    Json joints = Json::array();
    for (btTypedConstraint* c : constraints)
        if (c->getConstraintType() != GEAR_CONSTRAINT_TYPE) mapper.add(*c, names.at(c), joints);
    for (btTypedConstraint* c : constraints)
        if (c->getConstraintType() == GEAR_CONSTRAINT_TYPE)
            mapper.addGear(static_cast<btGearConstraint&>(*c), names.at(c), joints);
    return joints;
}

} // namespace tumble::peer
