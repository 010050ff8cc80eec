#pragma once
// Tumble's joints as Bullet constraints.
#include "tumble/joint.h"

#include <glm/gtc/quaternion.hpp>

#include <memory>
#include <string>
#include <vector>

class btRigidBody;
class btTypedConstraint;

namespace tumble::peer {

/// One end of a joint: the Bullet body and how its frame sits in Tumble's
/// (q_bullet = q_tumble * principal). A joint to the world has a static body at the origin.
struct JointEnd {
    btRigidBody* body = nullptr;
    glm::quat principal{1.0f, 0.0f, 0.0f, 0.0f};
};

/// The Bullet constraint for a Tumble joint, or null with a sentence in `unmapped` when
/// Bullet has no such joint. Approximations (a one-sided twist range, breaking) are noted too.
/// `label` names the joint in messages; `dt` (s) turns forces into the impulses Bullet takes.
std::unique_ptr<btTypedConstraint> makeJoint(const JointInfo& joint, const std::string& label,
                                             const JointEnd& a, const JointEnd& b, float dt,
                                             std::vector<std::string>& unmapped);

} // namespace tumble::peer
