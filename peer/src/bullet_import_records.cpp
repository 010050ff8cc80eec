// What btBulletWorldImporter (Bullet 3.24) reads from a file but does not set on the objects
// it makes: each rigid body's velocities, damping and kinematic flag, and a six-DOF (spring2)
// joint's motors. The file's own records are read here and set on the imported objects, so
// the mapping reads one complete Bullet world.
#include "bullet_import_parts.h"

#include <BulletDynamics/ConstraintSolver/btGeneric6DofSpring2Constraint.h>
#include <BulletDynamics/Dynamics/btRigidBody.h>
#include <BulletFileLoader/btBulletFile.h>
#include <BulletWorldImporter/btBulletWorldImporter.h>

#include <type_traits>

namespace tumble::peer {

namespace {

btVector3 vector(const btVector3FloatData& d) {
    btVector3 v;
    v.deSerializeFloat(d);
    return v;
}
btVector3 vector(const btVector3DoubleData& d) {
    btVector3 v;
    v.deSerializeDouble(d);
    return v;
}

/// False (and nothing set) when the record is not this body's: it was made somewhere else.
template <class BodyData> bool completeBody(btRigidBody& rb, const BodyData& d) {
    btTransform recorded;
    if constexpr (std::is_same_v<BodyData, btRigidBodyDoubleData>)
        recorded.deSerializeDouble(d.m_collisionObjectData.m_worldTransform);
    else recorded.deSerializeFloat(d.m_collisionObjectData.m_worldTransform);
    if ((recorded.getOrigin() - rb.getWorldTransform().getOrigin()).length() > 1e-4f) return false;
    rb.setLinearVelocity(vector(d.m_linearVelocity));
    rb.setAngularVelocity(vector(d.m_angularVelocity));
    rb.setDamping(static_cast<btScalar>(d.m_linearDamping), static_cast<btScalar>(d.m_angularDamping));
    if (d.m_collisionObjectData.m_collisionFlags & btCollisionObject::CF_KINEMATIC_OBJECT)
        rb.setCollisionFlags((rb.getCollisionFlags() & ~btCollisionObject::CF_STATIC_OBJECT) |
                             btCollisionObject::CF_KINEMATIC_OBJECT);
    return true;
}

template <class SixDofData> void completeSixDof(btGeneric6DofSpring2Constraint& c, const SixDofData& d) {
    for (int k = 0; k < 3; ++k) {
        c.enableMotor(k, d.m_linearEnableMotor[k] != 0);
        c.setTargetVelocity(k, static_cast<btScalar>(d.m_linearTargetVelocity.m_floats[k]));
        c.setMaxMotorForce(k, static_cast<btScalar>(d.m_linearMaxMotorForce.m_floats[k]));
        c.enableMotor(3 + k, d.m_angularEnableMotor[k] != 0);
        c.setTargetVelocity(3 + k, static_cast<btScalar>(d.m_angularTargetVelocity.m_floats[k]));
        c.setMaxMotorForce(3 + k, static_cast<btScalar>(d.m_angularMaxMotorForce.m_floats[k]));
    }
}

} // namespace

void completeImport(bParse::btBulletFile& file, btBulletWorldImporter& importer, std::vector<std::string>& unmapped) {
    const bool doubles = (file.getFlags() & bParse::FD_DOUBLE_PRECISION) != 0;
    // The importer makes the file's rigid bodies first, one per record, in file order.
    if (importer.getNumRigidBodies() < file.m_rigidBodies.size()) {
        unmapped.push_back("the importer made fewer bodies than the file holds: velocities, damping and "
                           "kinematic flags not read");
    } else {
        for (int i = 0; i < file.m_rigidBodies.size(); ++i) {
            btRigidBody* rb = btRigidBody::upcast(importer.getRigidBodyByIndex(i));
            const bool matched =
                rb && (doubles ? completeBody(*rb, *reinterpret_cast<const btRigidBodyDoubleData*>(file.m_rigidBodies[i]))
                               : completeBody(*rb, *reinterpret_cast<const btRigidBodyFloatData*>(file.m_rigidBodies[i])));
            if (!matched) {
                unmapped.push_back("rigid body record " + std::to_string(i) + " does not match the importer's body: "
                                   "its velocities, damping and kinematic flag not read");
            }
        }
    }
    if (importer.getNumConstraints() != file.m_constraints.size()) {
        unmapped.push_back("the importer made a different number of constraints than the file holds: six-DOF "
                           "motors not read");
        return;
    }
    for (int i = 0; i < importer.getNumConstraints(); ++i) {
        btTypedConstraint* c = importer.getConstraintByIndex(i);
        if (c->getConstraintType() != D6_SPRING_2_CONSTRAINT_TYPE) continue;
        auto& sixDof = static_cast<btGeneric6DofSpring2Constraint&>(*c);
        if (doubles)
            completeSixDof(sixDof, *reinterpret_cast<const btGeneric6DofSpring2ConstraintDoubleData2*>(file.m_constraints[i]));
        else completeSixDof(sixDof, *reinterpret_cast<const btGeneric6DofSpring2ConstraintData*>(file.m_constraints[i]));
    }
}

} // namespace tumble::peer
