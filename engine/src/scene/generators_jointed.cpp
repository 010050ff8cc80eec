// The generators that also make joints: chain (capsule links on ball sockets) and ragdoll
// (11 bodies on cone-twist and hinge joints). Both emit their bodies and the joints between
// them, by the bodies' generated names.
#include "scene/generator_parts.h"

#include <glm/gtc/constants.hpp>

#include <cmath>

namespace tumble::scene {

namespace {

/// The rotation taking local +Y (a capsule's axis) to the line along `direction`. A capsule
/// is the same end for end, so the line's nearer sense is used and the turn is at most 90
/// degrees (never the ill-defined half turn).
glm::quat alongLine(const glm::vec3& direction) {
    const glm::vec3 y(0.0f, 1.0f, 0.0f);
    const glm::vec3 d = glm::dot(direction, y) < 0.0f ? -direction : direction;
    const glm::vec3 axis = glm::cross(y, d);
    const float s = glm::length(axis);
    if (s < 1e-6f) return glm::quat(1.0f, 0.0f, 0.0f, 0.0f);
    return glm::angleAxis(std::atan2(s, glm::dot(y, d)), axis / s);
}

/// A joint between two generated bodies (bodyA "" = the world), every key given.
SceneJointDef jointBetween(JointType type, std::string name, std::string bodyA,
                             std::string bodyB, const glm::vec3& anchor) {
    SceneJointDef j;
    j.def.type = type;
    j.def.name = std::move(name);
    j.def.anchor = anchor;
    j.bodyA = std::move(bodyA);
    j.bodyB = std::move(bodyB);
    return j;
}

} // namespace

/// chain: `links` capsules end to end along `direction` from `origin`, each joined to the
/// next by a ball-and-socket joint, the first one (with `anchored`) to the world at `origin`.
/// With link length L = 2 (halfHeight + radius) and step = L + spacing, link k (0 at the
/// origin) has its centre at origin + (k step + L / 2) direction and its axis along the
/// direction; joint k >= 1, "<name>/joint/<k>", joins link k - 1 to link k at
/// origin + (k step - spacing / 2) direction (the middle of the gap); joint 0 joins the
/// world to link 0 at the origin.
/// Keys (default, unit):
///   name              "chain"       prefix of the bodies' names
///   links             10            links, integer >= 1
///   radius            0.05 m        capsule radius, > 0
///   halfHeight        0.1 m         half length of the capsule's straight part, >= 0
///   spacing           0 m           gap between neighbouring links, >= 0
///   origin            [0, 0, 0] m   the top end of the first link (the anchor)
///   direction         [0, -1, 0]    from the first link to the last, not zero
///   anchored          true          join the first link to the world at the origin
///   collideConnected  false         whether neighbouring links collide with each other
///   material          "Wood"        a preset or a scene material
bool readChain(const Json& v, const std::string& path, const BodyContext& ctx,
               GeneratorPlan& plan) {
    Checker& check = ctx.check;
    BodyDef link;
    link.shape.type = ShapeType::Capsule;
    BodyKeys keys{path, false, false, true, check.count()};
    std::string name = "chain";
    int links = 10;
    float radius = 0.05f, halfHeight = 0.1f, spacing = 0.0f;
    glm::vec3 origin(0.0f), direction(0.0f, -1.0f, 0.0f);
    bool anchored = true, collideConnected = false;

    std::vector<Field> fields{
        {"type", [](const Json&, const std::string&) {}},
        nameField(check, name),
        countField("links", ctx, links),
        {"radius",
         [&](const Json& j, const std::string& p) { readFloat(j, p, check, radius, kSizeRange); }},
        {"halfHeight",
         [&](const Json& j, const std::string& p) {
             readFloat(j, p, check, halfHeight, kHalfHeightRange);
         }},
        {"spacing",
         [&](const Json& j, const std::string& p) {
             readFloat(j, p, check, spacing, Range::atLeast(0.0));
         }},
        {"origin", [&](const Json& j, const std::string& p) { readVec3(j, p, check, origin); }},
        {"direction",
         [&](const Json& j, const std::string& p) {
             glm::vec3 d(0.0f);
             if (!readVec3(j, p, check, d)) return;
             if (!(glm::length(glm::dvec3(d)) > 1e-6)) {
                 check.error(p, "must not be zero, got " + describe(j));
                 return;
             }
             direction = glm::vec3(glm::normalize(glm::dvec3(d)));
         }},
        {"anchored", [&](const Json& j, const std::string& p) { readBool(j, p, check, anchored); }},
        {"collideConnected",
         [&](const Json& j, const std::string& p) { readBool(j, p, check, collideConnected); }},
    };
    addSomeBodyFields(fields, link, keys, ctx, {"material"});
    if (!readObject(v, path, check, fields)) return false;
    if (!finishGenerator(keys, ctx, name)) return false;

    link.shape.radius = radius;
    link.shape.halfHeight = halfHeight;
    link.orientation = alongLine(direction);
    const float length = 2.0f * (halfHeight + radius);
    const float step = length + spacing;
    plan.name = name;
    plan.count = links;
    plan.emit = [link, name, links, origin, direction, length, step](std::vector<BodyDef>& out) {
        for (int k = 0; k < links; ++k) {
            BodyDef b = link;
            b.name = bodyName(name, k);
            b.position = origin + (float(k) * step + 0.5f * length) * direction;
            out.push_back(std::move(b));
        }
    };
    plan.emitJoints = [name, links, origin, direction, step, spacing, anchored,
                       collideConnected](std::vector<SceneJointDef>& out) {
        for (int k = anchored ? 0 : 1; k < links; ++k) {
            const glm::vec3 anchor =
                k == 0 ? origin : origin + (float(k) * step - 0.5f * spacing) * direction;
            SceneJointDef j = jointBetween(JointType::BallSocket, name + "/joint/" + std::to_string(k),
                                             k == 0 ? "" : bodyName(name, k - 1), bodyName(name, k),
                                             anchor);
            j.def.collideConnected = collideConnected;
            out.push_back(std::move(j));
        }
    };
    return true;
}

namespace {

/// One body of the ragdoll at scale 1: its shape and its centre relative to the pelvis.
struct RagdollPart {
    ShapeType shape;
    glm::vec3 size;     ///< box: half extents; sphere: x = radius; capsule: x = radius, y = halfHeight
    glm::vec3 centre;   ///< m
};

/// One joint of the ragdoll at scale 1. Limbs hang along -Y and the ragdoll faces +Z, so its
/// left is +X. Hinge axes make positive angles the natural bend: elbows forward, knees back.
struct RagdollJoint {
    const char* name;
    JointType type;
    int a, b;           ///< part indices
    glm::vec3 anchor;   ///< m, relative to the pelvis
    glm::vec3 axis;     ///< hinge axis, or cone-twist twist axis (from A's side into B)
    float lower, upper; ///< rad: hinge limits, or cone-twist twist limits
    float swing;        ///< rad, cone-twist swing half angle
};

// Index: 0 pelvis, 1 torso, 2 head, 3 left upper arm, 4 left lower arm, 5 right upper arm,
// 6 right lower arm, 7 left upper leg, 8 left lower leg, 9 right upper leg, 10 right lower leg.
// A standing person about 1.78 m tall: head top 0.76 m above the pelvis centre, soles 1.02 m
// below it. Neighbours not joined to each other are at least 2 cm apart.
constexpr RagdollPart kRagdollParts[] = {
    {ShapeType::Box, {0.15f, 0.10f, 0.10f}, {0.0f, 0.0f, 0.0f}},
    {ShapeType::Box, {0.17f, 0.20f, 0.10f}, {0.0f, 0.32f, 0.0f}},
    {ShapeType::Sphere, {0.11f, 0.0f, 0.0f}, {0.0f, 0.65f, 0.0f}},
    {ShapeType::Capsule, {0.05f, 0.10f, 0.0f}, {0.24f, 0.35f, 0.0f}},
    {ShapeType::Capsule, {0.045f, 0.10f, 0.0f}, {0.24f, 0.035f, 0.0f}},
    {ShapeType::Capsule, {0.05f, 0.10f, 0.0f}, {-0.24f, 0.35f, 0.0f}},
    {ShapeType::Capsule, {0.045f, 0.10f, 0.0f}, {-0.24f, 0.035f, 0.0f}},
    {ShapeType::Capsule, {0.07f, 0.15f, 0.0f}, {0.09f, -0.34f, 0.0f}},
    {ShapeType::Capsule, {0.06f, 0.16f, 0.0f}, {0.09f, -0.80f, 0.0f}},
    {ShapeType::Capsule, {0.07f, 0.15f, 0.0f}, {-0.09f, -0.34f, 0.0f}},
    {ShapeType::Capsule, {0.06f, 0.16f, 0.0f}, {-0.09f, -0.80f, 0.0f}},
};

constexpr RagdollJoint kRagdollJoints[] = {
    {"spine", JointType::ConeTwist, 0, 1, {0.0f, 0.11f, 0.0f}, {0.0f, 1.0f, 0.0f}, -0.35f, 0.35f, 0.35f},
    {"neck", JointType::ConeTwist, 1, 2, {0.0f, 0.53f, 0.0f}, {0.0f, 1.0f, 0.0f}, -0.7f, 0.7f, 0.5f},
    {"leftShoulder", JointType::ConeTwist, 1, 3, {0.24f, 0.47f, 0.0f}, {0.0f, -1.0f, 0.0f}, -0.8f, 0.8f, 1.4f},
    {"leftElbow", JointType::Hinge, 3, 4, {0.24f, 0.19f, 0.0f}, {-1.0f, 0.0f, 0.0f}, 0.0f, 2.6f, 0.0f},
    {"rightShoulder", JointType::ConeTwist, 1, 5, {-0.24f, 0.47f, 0.0f}, {0.0f, -1.0f, 0.0f}, -0.8f, 0.8f, 1.4f},
    {"rightElbow", JointType::Hinge, 5, 6, {-0.24f, 0.19f, 0.0f}, {-1.0f, 0.0f, 0.0f}, 0.0f, 2.6f, 0.0f},
    {"leftHip", JointType::ConeTwist, 0, 7, {0.09f, -0.15f, 0.0f}, {0.0f, -1.0f, 0.0f}, -0.4f, 0.4f, 1.2f},
    {"leftKnee", JointType::Hinge, 7, 8, {0.09f, -0.57f, 0.0f}, {1.0f, 0.0f, 0.0f}, 0.0f, 2.6f, 0.0f},
    {"rightHip", JointType::ConeTwist, 0, 9, {-0.09f, -0.15f, 0.0f}, {0.0f, -1.0f, 0.0f}, -0.4f, 0.4f, 1.2f},
    {"rightKnee", JointType::Hinge, 9, 10, {-0.09f, -0.57f, 0.0f}, {1.0f, 0.0f, 0.0f}, 0.0f, 2.6f, 0.0f},
};

} // namespace

/// ragdoll: a standing figure of 11 bodies (boxes for pelvis and torso, a sphere head,
/// capsule limbs hanging down), index as in kRagdollParts, joined by cone-twist joints at
/// the spine, neck, shoulders and hips and by hinges at the elbows and knees, named
/// "<name>/<joint>" (kRagdollJoints). Every length is multiplied by `scale`; the masses
/// follow from the material's density. The whole figure is turned by `rotationDeg` about
/// the origin.
/// Keys (default, unit):
///   name         "ragdoll"     prefix of the bodies' names
///   origin       [0, 0, 0] m   the pelvis centre (soles 1.02 scale below, head top 0.76 scale above)
///   scale        1             > 0, size relative to a 1.78 m figure
///   rotationDeg  [0, 0, 0]     Euler degrees applied X, then Y, then Z (world axes), as for bodies
///   material     "Wood"        a preset or a scene material
bool readRagdoll(const Json& v, const std::string& path, const BodyContext& ctx,
                 GeneratorPlan& plan) {
    Checker& check = ctx.check;
    BodyDef part;
    BodyKeys keys{path, false, false, true, check.count()};
    std::string name = "ragdoll";
    glm::vec3 origin(0.0f);
    float scale = 1.0f;
    glm::quat turn(1.0f, 0.0f, 0.0f, 0.0f);

    std::vector<Field> fields{
        {"type", [](const Json&, const std::string&) {}},
        nameField(check, name),
        {"origin", [&](const Json& j, const std::string& p) { readVec3(j, p, check, origin); }},
        {"scale",
         [&](const Json& j, const std::string& p) { readFloat(j, p, check, scale, Range::above(0.0)); }},
        {"rotationDeg",
         [&](const Json& j, const std::string& p) {
             glm::vec3 degrees(0.0f);
             if (readVec3(j, p, check, degrees)) turn = quatFromEulerDeg(degrees);
         }},
    };
    addSomeBodyFields(fields, part, keys, ctx, {"material"});
    if (!readObject(v, path, check, fields)) return false;
    if (!finishGenerator(keys, ctx, name)) return false;

    plan.name = name;
    plan.count = int64_t(std::size(kRagdollParts));
    plan.emit = [part, name, origin, scale, turn](std::vector<BodyDef>& out) {
        for (size_t i = 0; i < std::size(kRagdollParts); ++i) {
            const RagdollPart& p = kRagdollParts[i];
            BodyDef b = part;
            b.name = bodyName(name, int64_t(i));
            b.shape.type = p.shape;
            if (p.shape == ShapeType::Box) {
                b.shape.halfExtents = scale * p.size;
            } else {
                b.shape.radius = scale * p.size.x;
                if (p.shape == ShapeType::Capsule) b.shape.halfHeight = scale * p.size.y;
            }
            b.position = origin + turn * (scale * p.centre);
            b.orientation = turn;
            out.push_back(std::move(b));
        }
    };
    plan.emitJoints = [name, origin, scale, turn](std::vector<SceneJointDef>& out) {
        for (const RagdollJoint& rj : kRagdollJoints) {
            SceneJointDef j = jointBetween(rj.type, name + "/" + rj.name, bodyName(name, rj.a),
                                             bodyName(name, rj.b), origin + turn * (scale * rj.anchor));
            j.def.axis = turn * rj.axis;
            if (rj.type == JointType::Hinge) {
                j.def.limitEnabled = true;
                j.def.lowerLimit = rj.lower;
                j.def.upperLimit = rj.upper;
            } else {
                j.def.swingLimit = rj.swing;
                j.def.twistLower = rj.lower;
                j.def.twistUpper = rj.upper;
            }
            out.push_back(std::move(j));
        }
    };
    return true;
}


} // namespace tumble::scene
