#pragma once
/// \file joint.h
/// Joints: constraints between two bodies, solved in the same loop as contacts (same
/// iterations, warm starting and position-correction mode). Every joint is a set of rows of
/// the Jacobian; each joint type's file in engine/src/solver/joints/ opens with its math.
#include "tumble/ids.h"
#include <glm/gtc/quaternion.hpp>
#include <glm/vec3.hpp>
#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace tumble {

enum class JointType : uint8_t {
    Distance, BallSocket, Hinge, Slider, Fixed, ConeTwist,
    Angle,     ///< the relative rotation locked (or sprung), translation free
    Universal, ///< a point joint whose axis on A stays perpendicular to its axis on B (Cardan)
    SixDof,    ///< per axis of a frame (3 linear, 3 angular): locked, free or limited, motor, spring
    Gear,      ///< couples two hinges joined to the world: thetaA + ratio thetaB stays constant
    Count
};
std::string_view toString(JointType t);

/// A handle to a joint (index + generation, like BodyId).
struct JointId {
    uint32_t index = UINT32_MAX;
    uint32_t generation = 0;
    bool isNull() const { return index == UINT32_MAX; }
    friend bool operator==(JointId a, JointId b) = default;
};

/// How a six-DOF joint treats one of its six axes.
enum class JointAxisMode : uint8_t { Locked, Free, Limited };

/// One axis of a six-DOF joint. Linear axes are in m, m/s, N; angular in rad, rad/s, N m.
struct JointAxisDef {
    JointAxisMode mode = JointAxisMode::Locked;
    float lower = 0.0f, upper = 0.0f;    ///< m or rad, Limited only
    bool motorEnabled = false;
    float motorSpeed = 0.0f;             ///< m/s or rad/s
    float maxMotorForce = 0.0f;          ///< N or N m
    float frequencyHz = 0.0f;            ///< Hz; > 0: a spring toward springTarget
    float dampingRatio = 0.7f;           ///< spring damping, 1 = critical
    float springTarget = 0.0f;           ///< m or rad: the coordinate the spring pulls to
};


/// Everything needed to create a joint. Anchors and axes are given in world space at
/// creation and stored in each body's frame.
struct JointDef {
    JointType type = JointType::BallSocket;
    std::string name;
    BodyId bodyA, bodyB;                 ///< bodyA may be null: joined to the world
    glm::vec3 anchor{0.0f};              ///< m, world: the joined point (on A; on B too unless anchorB given)
    glm::vec3 anchorB{0.0f};             ///< m, world: distance joint's point on B
    bool hasAnchorB = false;             ///< distance joint: anchorB given (else = anchor)
    glm::vec3 axis{0.0f, 1.0f, 0.0f};    ///< world: hinge / slider axis, cone-twist twist axis,
                                         ///< universal axis on A, six-DOF frame's first (x) axis
    glm::vec3 axisB{1.0f, 0.0f, 0.0f};   ///< world: universal joint's axis on B (perpendicular to axis)
    // distance joint
    float length = -1.0f;                ///< m; < 0: the anchors' distance at creation
    float minLength = 0.0f;              ///< m, rope: may shorten down to this
    float maxLength = -1.0f;             ///< m, rope: may stretch up to this; < 0: rigid (= length)
    float frequencyHz = 0.0f;            ///< Hz; > 0 makes the distance (angle joint: rotation) a spring
    float dampingRatio = 0.7f;           ///< spring damping, 1 = critical
    // limits and motor (hinge: rad, accumulated over turns, so beyond +-pi; slider: m)
    bool limitEnabled = false;
    float lowerLimit = 0.0f;
    float upperLimit = 0.0f;
    bool motorEnabled = false;
    float motorSpeed = 0.0f;             ///< rad/s (hinge) or m/s (slider)
    float maxMotorForce = 0.0f;          ///< N m (hinge) or N (slider)
    // cone-twist
    float swingLimit = 0.5f;             ///< rad, half angle of the cone the twist axis stays in
    float twistLower = -0.5f;            ///< rad
    float twistUpper = 0.5f;             ///< rad
    // six-DOF: axes 0-2 translate along, 3-5 turn about the frame's x (axis), y, z
    std::array<JointAxisDef, 6> axes{};
    // gear: the two hinges it couples; its bodies are their bodyB (set by createJoint)
    JointId hingeA, hingeB;
    float ratio = 1.0f;                  ///< gear: thetaA + ratio thetaB is held constant
    bool collideConnected = false;       ///< false: the two bodies never collide
    float breakForce = 0.0f;             ///< N; > 0: the joint breaks above this reaction force
};

/// A joint as the world holds it, for drawing and the Inspector.
struct JointInfo {
    JointDef def;
    glm::vec3 localAnchorA{0.0f}, localAnchorB{0.0f};
    glm::vec3 localAxisA{0.0f, 1.0f, 0.0f}, localAxisB{0.0f, 1.0f, 0.0f};
    glm::vec3 localRefA{1.0f, 0.0f, 0.0f}, localRefB{1.0f, 0.0f, 0.0f}; ///< zero-angle directions
    glm::quat relativeRotation{1.0f, 0.0f, 0.0f, 0.0f}; ///< conj(qA) qB at creation (fixed, slider)
    float length = 0.0f;                 ///< m, distance joint rest length
    glm::vec3 worldAnchorA{0.0f}, worldAnchorB{0.0f};   ///< last step
    glm::vec3 reactionForce{0.0f};       ///< N, on B, last step
    float reactionTorque = 0.0f;         ///< N m, magnitude, last step
    /// The joint's coordinate last step: slider m, distance m; hinge rad, accumulated over
    /// turns (each step adds the wrapped change), which is state: the next step unwraps its
    /// angle from it. Gear: the invariant thetaA + ratio thetaB it holds (rad), fixed at creation.
    float angle = 0.0f;
    /// Six-DOF: the six coordinates last step (m along x, y, z; rad about x, y, z).
    std::array<float, 6> coordinates{};
    bool broken = false;
};

} // namespace tumble
