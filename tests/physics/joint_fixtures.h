#pragma once
// Joints in tests: join with a checked result, measure how far a joint's anchors gape, a bar
// hinged to the world, a hanging chain of capsules, and the worst gap of a chain as it swings.
#include "physics/contact_fixtures.h"

#include <gtest/gtest.h>

#include <glm/gtc/quaternion.hpp>
#include <glm/gtx/quaternion.hpp>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace tumble::test {

/// |worldAnchorB - worldAnchorA| of a joint, from the bodies' poses now and the joint's
/// local anchors (bodyA null: localAnchorA is a world point).
inline float anchorSeparation(const World& w, JointId id) {
    const JointInfo& j = w.joint(id);
    glm::vec3 pA = j.localAnchorA;
    if (!j.def.bodyA.isNull()) {
        const Body& a = w.body(j.def.bodyA);
        pA = a.position + a.orientation * j.localAnchorA;
    }
    const Body& b = w.body(j.def.bodyB);
    const glm::vec3 pB = b.position + b.orientation * j.localAnchorB;
    return glm::length(pB - pA);
}

inline JointId join(World& w, JointDef def) {
    std::string error;
    JointId id = w.createJoint(def, &error);
    EXPECT_FALSE(id.isNull()) << error;
    return id;
}

/// Angle (rad) of a body's local +X about world +Z, measured from world +X.
inline float angleAboutZ(const Body& b) {
    const glm::vec3 x = b.orientation * glm::vec3(1, 0, 0);
    return std::atan2(x.y, x.x);
}

/// A 1 m bar (half extents 0.5, 0.05, 0.05) whose left end is hinged to the world at the
/// origin about +Z; it starts horizontal, pointing along +X.
struct HingedBar {
    World world;
    BodyId bar;
    JointId hinge;
};

inline HingedBar hingedBar(const Settings& settings, JointDef def) {
    HingedBar h{World(settings), {}, {}};
    h.bar = addBox(h.world, {0.5f, 0.0f, 0.0f}, {0.5f, 0.05f, 0.05f}, "Metal");
    def.type = JointType::Hinge;
    def.bodyB = h.bar;
    def.anchor = glm::vec3(0.0f);
    def.axis = glm::vec3(0, 0, 1);
    h.hinge = join(h.world, def);
    return h;
}

/// `links` capsule links of 0.3 m (radius 0.05, Wood, 0.63 kg each) joined end to end by
/// ball sockets, the first to the world at `top`, laid out along `down`.
inline std::vector<JointId> hangChain(World& w, int links, const glm::vec3& top, const glm::vec3& down) {
    const float radius = 0.05f, halfHeight = 0.1f, length = 2.0f * (radius + halfHeight);
    const glm::quat along = glm::rotation(glm::vec3(0, -1, 0), down);
    std::vector<JointId> joints;
    BodyId previous;
    for (int k = 0; k < links; ++k) {
        BodyDef d;
        d.shape.type = ShapeType::Capsule;
        d.shape.radius = radius;
        d.shape.halfHeight = halfHeight;
        d.position = top + (float(k) + 0.5f) * length * down;
        d.orientation = along;
        d.material = "Wood";
        const BodyId link = w.createBody(d);
        JointDef j;
        j.type = JointType::BallSocket;
        j.bodyA = previous;
        j.bodyB = link;
        j.anchor = top + float(k) * length * down;
        joints.push_back(join(w, j));
        previous = link;
    }
    return joints;
}

/// Contacts and joints side by side under `method`: a three-box stack and, beside it, a
/// four-link chain hanging from the world (the probe and trace tests run every method on it).
inline World pileAndChain(const std::string& method) {
    Settings s = noSleep();
    s.solver.method = method;
    World w(s);
    addGround(w);
    addStack(w, 3);
    hangChain(w, 4, {4.0f, 5.0f, 0.0f}, {1.0f, -0.2f, 0.0f});
    return w;
}

inline float worstSeparation(const World& w, const std::vector<JointId>& joints) {
    float worst = 0.0f;
    for (JointId j : joints) worst = std::max(worst, anchorSeparation(w, j));
    return worst;
}

/// A 30-link chain (hangChain) from 10 m, let go 30 degrees from the vertical: the worst gap
/// between a joint's two anchors over `seconds` of swinging.
inline float worstChainGap(const Settings& s, float seconds = 10.0f) {
    World w(s);
    const std::vector<JointId> joints =
        hangChain(w, 30, glm::vec3(0.0f, 10.0f, 0.0f), glm::vec3(0.5f, -0.5f * std::sqrt(3.0f), 0.0f));
    float worst = 0.0f;
    for (int i = 0; i < int(std::lround(seconds / s.timestep)); ++i) {
        w.step();
        worst = std::max(worst, worstSeparation(w, joints));
    }
    return worst;
}

} // namespace tumble::test
