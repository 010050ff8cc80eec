// Joints in scene files: every key of every type is read into the joint definition with
// the documented defaults; names resolve to bodies, generated ones included; the chain and
// ragdoll generators emit their bodies and joints where documented; every shipped scene's
// joints are created in its world. (Malformed files are in test_scene_files.cpp's table.)
#include "tumble/scene.h"

#include <gtest/gtest.h>

#include <glm/gtc/constants.hpp>

#include <algorithm>
#include <filesystem>
#include <string>

using namespace tumble;

namespace {

constexpr float kPi = glm::pi<float>();

std::string dataFile(const std::string& name) { return std::string(TUMBLE_TEST_DATA_DIR) + "/" + name; }

/// A scene of the given bodies, joints and generators (JSON text of the arrays' elements).
SceneLoadResult scene(const std::string& bodies, const std::string& joints,
                      const std::string& generators = "") {
    return parseScene(R"({"format": "tumble-scene", "version": 1, "bodies": [)" + bodies +
                          R"(], "joints": [)" + joints + R"(], "generators": [)" + generators + "]}",
                      "j.json");
}

const SceneJointDef& jointNamed(const SceneDef& s, const std::string& name) {
    for (const SceneJointDef& j : s.joints)
        if (j.def.name == name) return j;
    ADD_FAILURE() << "no joint named " << name;
    static const SceneJointDef none;
    return none;
}

const BodyDef& bodyNamed(const SceneDef& s, const std::string& name) {
    for (const BodyDef& b : s.bodies)
        if (b.name == name) return b;
    ADD_FAILURE() << "no body named " << name;
    static const BodyDef none;
    return none;
}

void expectVec(const glm::vec3& got, const glm::vec3& want, float tolerance = 1e-5f) {
    for (int i = 0; i < 3; ++i) EXPECT_NEAR(got[i], want[i], tolerance) << "component " << i;
}

void expectErrors(const SceneLoadResult& r, std::initializer_list<const char*> expected) {
    std::string text = r.errorText();
    EXPECT_FALSE(r.ok());
    for (const char* e : expected)
        EXPECT_NE(text.find(e), std::string::npos) << "expected: " << e << "\ngot:\n" << text;
}

const char* kTwoBodies = R"({"name": "a"}, {"name": "b", "position": [2, 0, 0]})";

} // namespace

// --- keys -----------------------------------------------------------------------------------

TEST(JointKeys, EveryKeyOfEveryTypeIsReadInItsUnit) {
    SceneLoadResult r = loadSceneFile(dataFile("joints_all_keys.json"));
    ASSERT_TRUE(r.ok()) << r.errorText();
    ASSERT_EQ(r.scene.joints.size(), 10u);

    const SceneJointDef& rod = jointNamed(r.scene, "rod");
    EXPECT_EQ(rod.def.type, JointType::Distance);
    EXPECT_EQ(rod.bodyA, "post");
    EXPECT_EQ(rod.bodyB, "bob");
    expectVec(rod.def.anchor, {0, 3, 0});
    EXPECT_TRUE(rod.def.hasAnchorB);
    expectVec(rod.def.anchorB, {1, 3, 0});
    EXPECT_FLOAT_EQ(rod.def.length, 1.0f);
    EXPECT_TRUE(rod.def.collideConnected);
    EXPECT_FLOAT_EQ(rod.def.breakForce, 500.0f);

    const SceneJointDef& rope = jointNamed(r.scene, "rope");
    EXPECT_TRUE(rope.bodyA.empty()) << "null bodyA is the world";
    EXPECT_FLOAT_EQ(rope.def.minLength, 0.5f);
    EXPECT_FLOAT_EQ(rope.def.maxLength, 1.5f);
    expectVec(rope.def.anchorB, {-1, 3, 0}); // default: bodyB's centre

    const SceneJointDef& spring = jointNamed(r.scene, "spring");
    EXPECT_FLOAT_EQ(spring.def.frequencyHz, 2.0f);
    EXPECT_FLOAT_EQ(spring.def.dampingRatio, 0.3f);
    EXPECT_NEAR(spring.def.length, std::sqrt(2.0f), 1e-6f); // default: the anchors' distance

    const SceneJointDef& socket = jointNamed(r.scene, "socket");
    EXPECT_EQ(socket.def.type, JointType::BallSocket);
    EXPECT_TRUE(socket.bodyA.empty()) << "omitted bodyA is the world";
    EXPECT_FALSE(socket.def.collideConnected);
    EXPECT_EQ(socket.def.breakForce, 0.0f);

    const SceneJointDef& door = jointNamed(r.scene, "door");
    EXPECT_EQ(door.def.type, JointType::Hinge);
    expectVec(door.def.axis, {0, 1, 0}); // normalised
    EXPECT_TRUE(door.def.limitEnabled);
    EXPECT_FLOAT_EQ(door.def.lowerLimit, -0.5f * kPi);
    EXPECT_FLOAT_EQ(door.def.upperLimit, 0.5f * kPi);
    EXPECT_TRUE(door.def.motorEnabled);
    EXPECT_FLOAT_EQ(door.def.motorSpeed, 1.0f);
    EXPECT_FLOAT_EQ(door.def.maxMotorForce, 50.0f);

    const SceneJointDef& lid = jointNamed(r.scene, "lid");
    EXPECT_FLOAT_EQ(lid.def.lowerLimit, -1.5f);
    EXPECT_FLOAT_EQ(lid.def.upperLimit, 0.0f);
    EXPECT_FALSE(lid.def.motorEnabled);

    const SceneJointDef& rail = jointNamed(r.scene, "rail");
    EXPECT_EQ(rail.def.type, JointType::Slider);
    EXPECT_FLOAT_EQ(rail.def.lowerLimit, -2.0f);
    EXPECT_FLOAT_EQ(rail.def.maxMotorForce, 100.0f);
    EXPECT_FLOAT_EQ(rail.def.motorSpeed, 0.5f);

    const SceneJointDef& weld = jointNamed(r.scene, "weld");
    EXPECT_EQ(weld.def.type, JointType::Fixed);
    expectVec(weld.def.anchor, {0, 4.2f, 0}); // default: bodyB's centre

    const SceneJointDef& shoulder = jointNamed(r.scene, "shoulder");
    EXPECT_EQ(shoulder.def.type, JointType::ConeTwist);
    EXPECT_FLOAT_EQ(shoulder.def.swingLimit, kPi / 3.0f);
    EXPECT_FLOAT_EQ(shoulder.def.twistLower, -kPi / 6.0f);
    EXPECT_FLOAT_EQ(shoulder.def.twistUpper, kPi / 4.0f);
    const SceneJointDef& hip = jointNamed(r.scene, "hip");
    expectVec(hip.def.axis, {0, 1, 0}); // default axis
    EXPECT_FLOAT_EQ(hip.def.swingLimit, 1.0f);
    EXPECT_FLOAT_EQ(hip.def.twistLower, -0.25f);
}

TEST(JointKeys, OmittedAnchorsJoinTheCentresOrSitAtBodyB) {
    SceneLoadResult r = scene(kTwoBodies, R"({"type": "distance", "name": "d", "bodyA": "a", "bodyB": "b"},
        {"type": "ballSocket", "name": "s", "bodyA": "a", "bodyB": "b"},
        {"type": "distance", "name": "rope", "bodyA": "a", "bodyB": "b", "minLength": 0.5})");
    ASSERT_TRUE(r.ok()) << r.errorText();
    const SceneJointDef& d = jointNamed(r.scene, "d");
    expectVec(d.def.anchor, {0, 0, 0});
    expectVec(d.def.anchorB, {2, 0, 0});
    EXPECT_FLOAT_EQ(d.def.length, 2.0f);
    EXPECT_LT(d.def.maxLength, 0.0f) << "no min/max: rigid";
    expectVec(jointNamed(r.scene, "s").def.anchor, {2, 0, 0});
    const SceneJointDef& rope = jointNamed(r.scene, "rope");
    EXPECT_FLOAT_EQ(rope.def.minLength, 0.5f);
    EXPECT_FLOAT_EQ(rope.def.maxLength, 2.0f) << "maxLength defaults to the length";
}

TEST(JointKeys, EveryErrorOfEveryJointIsReportedWithItsPath) {
    SceneLoadResult r = scene(kTwoBodies, R"(
        {"type": "distance", "bodyA": "a", "bodyB": "b", "spring": {"frequencyHz": 2}, "maxLength": 3},
        {"type": "hinge", "bodyA": "a", "bodyB": "b", "limits": [-1, 1], "limitsDeg": [-10, 10]},
        {"type": "hinge", "bodyB": "b", "limits": [-1e5, 0], "motor": {"speed": 1}},
        {"type": "slider", "bodyB": "b", "motor": {"speed": 1, "maxTorque": 5}},
        {"type": "distance", "bodyA": "", "bodyB": "b"},
        {"type": "distance", "bodyB": "b"},
        {"type": "distance", "bodyA": "a", "bodyB": "b", "minLength": 3, "maxLength": 2.5},
        {"type": "distance", "bodyA": "a", "bodyB": "b", "anchor": [2, 0, 0]},
        {"type": "coneTwist", "bodyB": "b", "swingDeg": 200, "twist": [0.5, 0.25]},
        {"type": "fixed", "name": "w", "bodyA": "a", "bodyB": "b"},
        {"type": "fixed", "name": "w", "bodyA": "a", "bodyB": "b"},
        {"type": "hinge", "bodyB": "b", "spring": {"frequencyHz": 1}, "breakForce": -1},
        {"type": "distance", "bodyA": "a", "bodyB": "b", "spring": {"frequencyHz": 0, "damping": 1}},
        "hinge")");
    expectErrors(r, {
        "j.json: joints[0].spring: give either spring or minLength / maxLength (a rope), not both",
        "joints[1].limitsDeg: give either limits or limitsDeg, not both",
        "joints[2].limits[0]: must be in [-6283.19, 6283.19], got -100000.0",
        "joints[2].motor: missing required key 'maxTorque'",
        "joints[3].motor: unknown key 'maxTorque'",
        "joints[3].motor: missing required key 'maxForce'",
        "joints[4].bodyA: must name a body, or be null for the world, got \"\"",
        "joints[5]: a distance joint to the world needs 'anchor' (the world point)",
        "joints[6].minLength: must be <= maxLength (2.5), got 3",
        "joints[7].length: a rigid distance joint needs length > 0",
        "joints[8].swingDeg: must be in [0, 180], got 200",
        "joints[8].twist: lower must be <= upper, got [0.5,0.25]",
        "joints[10].name: duplicate joint name 'w' (first used at joints[9].name)",
        "joints[11].spring: does not apply to a hinge joint (only to distance, angle)",
        "joints[11].breakForce: must be >= 0, got -1",
        "joints[12].spring.frequencyHz: must be in (0, 1000], got 0",
        "joints[12].spring: unknown key 'damping' (known keys: frequencyHz, dampingRatio)",
        "joints[13]: must be an object such as",
    });
}

// The joints of issue 16: a hinge's limits beyond +-pi, the angle, universal, six-DOF and gear
// joints' keys read in their units, and each bad value named by its path.
TEST(JointKeys, NewJointTypesReadTheirKeys) {
    SceneLoadResult r = scene(R"({"name": "a", "type": "static"}, {"name": "b", "position": [2, 0, 0]},
                                 {"name": "c", "position": [4, 0, 0]})", R"(
        {"type": "hinge", "name": "winch", "bodyB": "b", "axis": [0, 0, 1], "limitsDeg": [-30, 720]},
        {"type": "hinge", "name": "other", "bodyA": "a", "bodyB": "c", "axis": [0, 0, 2], "limits": [-12.6, 12.6]},
        {"type": "angle", "name": "keep", "bodyA": "b", "bodyB": "c", "spring": {"frequencyHz": 3, "dampingRatio": 0.5}},
        {"type": "universal", "name": "cross", "bodyA": "b", "bodyB": "c", "anchor": [3, 0, 0], "axis": [0, 0, 1], "axisB": [0, 1, 0]},
        {"type": "sixDof", "name": "six", "bodyA": "b", "bodyB": "c", "axis": [1, 0, 0],
         "linear": [{"mode": "free", "motor": {"speed": 0.5, "maxForce": 20}},
                    {"mode": "limited", "limits": [-0.1, 0.2], "spring": {"frequencyHz": 2, "target": 0.05}},
                    {"mode": "locked"}],
         "angular": [{"mode": "free", "motor": {"speed": 3, "maxTorque": 5}}, {"mode": "limited", "limits": [-0.5, 0.5]},
                     {"mode": "locked"}]},
        {"type": "gear", "name": "g", "hingeA": "winch", "hingeB": "other", "ratio": -0.5})");
    ASSERT_TRUE(r.ok()) << r.errorText();
    EXPECT_NEAR(jointNamed(r.scene, "winch").def.upperLimit, 4.0f * kPi, 1e-5f);
    EXPECT_NEAR(jointNamed(r.scene, "other").def.lowerLimit, -12.6f, 1e-6f);
    const SceneJointDef& keep = jointNamed(r.scene, "keep");
    EXPECT_EQ(keep.def.type, JointType::Angle);
    EXPECT_FLOAT_EQ(keep.def.frequencyHz, 3.0f);
    EXPECT_FLOAT_EQ(keep.def.dampingRatio, 0.5f);
    expectVec(jointNamed(r.scene, "cross").def.axisB, {0, 1, 0});
    const JointDef& six = jointNamed(r.scene, "six").def;
    EXPECT_EQ(six.axes[0].mode, JointAxisMode::Free);
    EXPECT_TRUE(six.axes[0].motorEnabled);
    EXPECT_FLOAT_EQ(six.axes[0].maxMotorForce, 20.0f);
    EXPECT_EQ(six.axes[1].mode, JointAxisMode::Limited);
    EXPECT_FLOAT_EQ(six.axes[1].upper, 0.2f);
    EXPECT_FLOAT_EQ(six.axes[1].springTarget, 0.05f);
    EXPECT_FLOAT_EQ(six.axes[1].dampingRatio, 0.7f) << "the documented default";
    EXPECT_EQ(six.axes[2].mode, JointAxisMode::Locked);
    EXPECT_FLOAT_EQ(six.axes[3].motorSpeed, 3.0f);
    EXPECT_FLOAT_EQ(six.axes[4].lower, -0.5f);
    const SceneJointDef& g = jointNamed(r.scene, "g");
    EXPECT_EQ(g.hingeA, "winch");
    EXPECT_EQ(g.hingeB, "other");
    EXPECT_FLOAT_EQ(g.def.ratio, -0.5f);
    // The world joins what the file says: the gear's bodies are its hinges' wheels.
    World w = buildWorld(r.scene);
    const JointInfo& gear = w.joint(w.jointIds().back());
    EXPECT_EQ(gear.def.bodyA, w.findBody("b"));
    EXPECT_EQ(gear.def.bodyB, w.findBody("c"));
}

TEST(JointKeys, NewJointTypesReportEveryBadValueWithItsPath) {
    SceneLoadResult r = scene(R"({"name": "a"}, {"name": "b", "position": [2, 0, 0]}, {"name": "c"})", R"(
        {"type": "hinge", "name": "h1", "bodyB": "b", "axis": [0, 0, 1]},
        {"type": "hinge", "name": "h2", "bodyA": "a", "bodyB": "c", "axis": [0, 0, 1]},
        {"type": "ballSocket", "name": "ball", "bodyB": "c"},
        {"type": "sixDof", "bodyB": "b", "linear": [{"mode": "sliding"}, {"mode": "limited", "limits": [0.2, -0.1]},
                                                    {"mode": "locked", "motor": {"speed": 1, "maxForce": 2}}],
         "angular": [{"mode": "free", "limits": [-1, 1]}, {"mode": "limited"}]},
        {"type": "gear", "hingeA": "h1", "hingeB": "missing"},
        {"type": "gear", "hingeA": "h1", "hingeB": "ball", "ratio": 1},
        {"type": "gear", "hingeA": "h1", "hingeB": "h2", "ratio": 0},
        {"type": "gear", "hingeA": "h1", "hingeB": "later", "bodyB": "b"},
        {"type": "universal", "bodyA": "a", "bodyB": "b", "axis": [0, 1, 0], "axisB": [0, 1, 1]},
        {"type": "angle", "bodyA": "a", "bodyB": "b", "anchor": [0, 0, 0]},
        {"type": "hinge", "name": "later", "bodyB": "b"})");
    expectErrors(r, {
        "joints[3].linear[0].mode: must be one of",
        "joints[3].linear[1].limits: lower must be <= upper, got [0.2,-0.1]",
        "joints[3].linear[2].motor: a locked axis takes no motor or spring",
        "joints[3].angular: must be an array of 3 axes",
        "joints[4].hingeB: no joint named 'missing' listed before this gear",
        "joints[5].hingeB: 'ball' is a ballSocket joint; a gear couples two hinges",
        "joints[6].ratio: must not be 0",
        "joints[7].bodyB: does not apply to a gear joint",
        "joints[8].axisB: must be perpendicular to axis",
        "joints[9].anchor: does not apply to an angle joint (only to",
    });
    // A gear needs hinges to the world or a static body: h2's bodyA 'a' moves.
    SceneLoadResult moving = scene(R"({"name": "a"}, {"name": "b", "position": [2, 0, 0]}, {"name": "c"})", R"(
        {"type": "hinge", "name": "h1", "bodyB": "b", "axis": [0, 0, 1]},
        {"type": "hinge", "name": "h2", "bodyA": "a", "bodyB": "c", "axis": [0, 0, 1]},
        {"type": "gear", "hingeA": "h1", "hingeB": "h2"})");
    expectErrors(moving, {"joints[2].hingeB: hinge 'h2' must join its bodyB to the world or to a static body"});
    SceneLoadResult limited = scene(kTwoBodies, R"({"type": "sixDof", "bodyB": "b",
        "angular": [{"mode": "limited"}, {"mode": "free"}, {"mode": "free", "spring": {"dampingRatio": 1}}]})");
    expectErrors(limited, {"joints[0].angular[0]: a limited axis needs \"limits\": [lower, upper]",
                           "joints[0].angular[2].spring: missing required key 'frequencyHz'"});
}

TEST(JointKeys, AJointToABodyWithItsOwnErrorAddsNoSecondError) {
    SceneLoadResult r = scene(R"({"name": "a", "shape": {"radius": -1}}, {"name": "b"})",
                              R"({"bodyA": "a", "bodyB": "b"}, {"bodyA": "b", "bodyB": "g/0"})",
                              R"({"type": "chain", "name": "g", "links": -3})");
    ASSERT_EQ(r.errors.size(), 2u) << r.errorText();
    EXPECT_EQ(r.errors[0].format(), "j.json: bodies[0].shape.radius: must be in [0.001, 10000], got -1");
    EXPECT_EQ(r.errors[1].format(), "j.json: generators[0].links: must be an integer in [1, 100000], got -3");
}

TEST(JointKeys, JointsNameGeneratedBodiesAndBuildWorldJoinsThem) {
    SceneLoadResult r = scene(R"({"name": "weight", "position": [0, 3.7, 0]})",
                              R"({"type": "ballSocket", "name": "hook", "bodyA": "c/3", "bodyB": "weight",
                                  "anchor": [0, 3.8, 0]})",
                              R"({"type": "chain", "name": "c", "links": 4, "origin": [0, 5, 0]})");
    ASSERT_TRUE(r.ok()) << r.errorText();
    ASSERT_EQ(r.scene.joints.size(), 5u);
    EXPECT_EQ(r.scene.joints[0].def.name, "hook") << "listed joints come first";
    World w = buildWorld(r.scene);
    ASSERT_EQ(w.jointIds().size(), 5u);
    const JointInfo& hook = w.joint(w.jointIds()[0]);
    EXPECT_EQ(hook.def.bodyA, w.findBody("c/3"));
    EXPECT_EQ(hook.def.bodyB, w.findBody("weight"));
    EXPECT_EQ(w.jointsOf(w.findBody("c/3")).size(), 2u);
}

// --- chain ----------------------------------------------------------------------------------

TEST(ChainGenerator, LinksHangEndToEndJoinedAtTheGapsMiddles) {
    SceneLoadResult r = scene("", "", R"({"type": "chain", "name": "c", "links": 3, "radius": 0.1,
        "halfHeight": 0.2, "spacing": 0.1, "origin": [1, 5, 0], "direction": [2, 0, 0], "material": "Metal"})");
    ASSERT_TRUE(r.ok()) << r.errorText();
    ASSERT_EQ(r.scene.bodies.size(), 3u);
    // Link length 2 (0.2 + 0.1) = 0.6, step 0.7, along +X.
    for (int k = 0; k < 3; ++k) {
        const BodyDef& b = r.scene.bodies[size_t(k)];
        EXPECT_EQ(b.name, "c/" + std::to_string(k));
        EXPECT_EQ(b.shape.type, ShapeType::Capsule);
        EXPECT_FLOAT_EQ(b.shape.radius, 0.1f);
        EXPECT_FLOAT_EQ(b.shape.halfHeight, 0.2f);
        EXPECT_EQ(b.material, "Metal");
        expectVec(b.position, {1.0f + 0.7f * float(k) + 0.3f, 5.0f, 0.0f});
        // The capsule's axis (local Y) along the chain, either way round.
        EXPECT_NEAR(std::fabs((b.orientation * glm::vec3(0, 1, 0)).x), 1.0f, 1e-5f);
    }
    ASSERT_EQ(r.scene.joints.size(), 3u);
    const SceneJointDef& top = r.scene.joints[0];
    EXPECT_EQ(top.def.name, "c/joint/0");
    EXPECT_TRUE(top.bodyA.empty());
    EXPECT_EQ(top.bodyB, "c/0");
    EXPECT_EQ(top.def.type, JointType::BallSocket);
    expectVec(top.def.anchor, {1, 5, 0});
    const SceneJointDef& second = r.scene.joints[2];
    EXPECT_EQ(second.bodyA, "c/1");
    EXPECT_EQ(second.bodyB, "c/2");
    expectVec(second.def.anchor, {1.0f + 1.4f - 0.05f, 5.0f, 0.0f});
    EXPECT_FALSE(second.def.collideConnected);
}

TEST(ChainGenerator, UnanchoredChainHasOneJointFewerAndDefaultsHangDown) {
    SceneLoadResult r = scene("", "", R"({"type": "chain", "anchored": false, "collideConnected": true})");
    ASSERT_TRUE(r.ok()) << r.errorText();
    ASSERT_EQ(r.scene.bodies.size(), 10u);
    ASSERT_EQ(r.scene.joints.size(), 9u);
    EXPECT_EQ(r.scene.joints[0].bodyA, "chain/0");
    EXPECT_TRUE(r.scene.joints[0].def.collideConnected);
    expectVec(bodyNamed(r.scene, "chain/1").position, {0.0f, -0.45f, 0.0f}); // 0.3 m links
    expectVec(r.scene.joints[0].def.anchor, {0.0f, -0.3f, 0.0f});
}

TEST(ChainGenerator, BadValuesAreReportedWithTheirPaths) {
    SceneLoadResult r = loadSceneFile(dataFile("bad_chain.json"));
    expectErrors(r, {"generators[0].links: must be an integer in [1, 100000], got 0",
                     "generators[0].direction: must not be zero, got [0,0,0]",
                     "generators[0].anchored: must be true or false, got 1"});
}

// --- ragdoll --------------------------------------------------------------------------------

TEST(RagdollGenerator, ElevenBodiesTenJointsScaledAboutThePelvis) {
    SceneLoadResult r = scene("", "", R"({"type": "ragdoll", "name": "r", "origin": [0, 2, 0], "scale": 2})");
    ASSERT_TRUE(r.ok()) << r.errorText();
    ASSERT_EQ(r.scene.bodies.size(), 11u);
    ASSERT_EQ(r.scene.joints.size(), 10u);
    expectVec(bodyNamed(r.scene, "r/0").position, {0, 2, 0});                 // pelvis
    expectVec(bodyNamed(r.scene, "r/2").position, {0, 2 + 2 * 0.65f, 0});     // head
    EXPECT_FLOAT_EQ(bodyNamed(r.scene, "r/2").shape.radius, 0.22f);
    expectVec(bodyNamed(r.scene, "r/8").position, {0.18f, 2 - 1.6f, 0});      // left lower leg
    int hinges = 0, cones = 0;
    for (const SceneJointDef& j : r.scene.joints) {
        EXPECT_EQ(j.def.name.rfind("r/", 0), 0u) << j.def.name;
        hinges += j.def.type == JointType::Hinge;
        cones += j.def.type == JointType::ConeTwist;
        if (j.def.type == JointType::Hinge) {
            EXPECT_TRUE(j.def.limitEnabled);
            EXPECT_LE(j.def.lowerLimit, 0.0f);
            EXPECT_GT(j.def.upperLimit, 2.0f) << j.def.name;
        }
    }
    EXPECT_EQ(hinges, 4);
    EXPECT_EQ(cones, 6);
    const SceneJointDef& knee = jointNamed(r.scene, "r/leftKnee");
    EXPECT_EQ(knee.bodyA, "r/7");
    EXPECT_EQ(knee.bodyB, "r/8");
    expectVec(knee.def.anchor, {0.18f, 2 - 1.14f, 0});
}

TEST(RagdollGenerator, RotationDegTurnsTheWholeFigureAboutThePelvis) {
    SceneLoadResult r = scene("", "", R"({"type": "ragdoll", "name": "r", "origin": [1, 2, 3], "rotationDeg": [0, 0, 90]})");
    ASSERT_TRUE(r.ok()) << r.errorText();
    // 90 degrees about Z takes +Y to -X: the head ends up 0.65 m along -X, lying down.
    expectVec(bodyNamed(r.scene, "r/2").position, {1 - 0.65f, 2, 3});
    expectVec(bodyNamed(r.scene, "r/3").orientation * glm::vec3(0, 1, 0), {-1, 0, 0});
    const SceneJointDef& knee = jointNamed(r.scene, "r/leftKnee");
    expectVec(knee.def.anchor, {1 + 0.57f, 2 + 0.09f, 3});
    expectVec(knee.def.axis, {0, 1, 0}); // +X turned to +Y
}

TEST(RagdollGenerator, BodiesNotJoinedToEachOtherStartApart) {
    SceneLoadResult r = scene("", "", R"({"type": "ragdoll", "name": "r", "origin": [0, 2, 0]})");
    ASSERT_TRUE(r.ok()) << r.errorText();
    r.scene.settings.gravity = glm::vec3(0.0f);
    World w = buildWorld(r.scene);
    w.step();
    for (const ContactManifoldInfo& m : w.contacts()) {
        bool joined = false;
        for (JointId j : w.jointsOf(m.bodyA)) joined |= w.joint(j).def.bodyA == m.bodyB || w.joint(j).def.bodyB == m.bodyB;
        if (joined) continue;
        for (int i = 0; i < m.pointCount; ++i)
            EXPECT_GT(m.points[i].separation, 0.0f) << w.body(m.bodyA).name << " / " << w.body(m.bodyB).name;
    }
}

TEST(RagdollGenerator, BadValuesAreReportedWithTheirPaths) {
    expectErrors(loadSceneFile(dataFile("bad_ragdoll.json")),
                 {"generators[0].scale: must be > 0, got 0", "generators[0]: unknown key 'pose'"});
}

// --- shipped scenes ---------------------------------------------------------------------------

TEST(JointScenes, EveryShippedSceneCreatesEachOfItsJointsBetweenTheNamedBodies) {
    namespace fs = std::filesystem;
    for (const auto& entry : fs::directory_iterator(fs::path(TUMBLE_SOURCE_DIR) / "scenes")) {
        if (entry.path().extension() != ".json") continue;
        SceneLoadResult r = loadSceneFile(entry.path().string());
        ASSERT_TRUE(r.ok()) << r.errorText();
        World w = buildWorld(r.scene);
        std::vector<JointId> ids = w.jointIds();
        ASSERT_EQ(ids.size(), r.scene.joints.size()) << entry.path();
        for (size_t i = 0; i < ids.size(); ++i) {
            const JointInfo& info = w.joint(ids[i]);
            const SceneJointDef& def = r.scene.joints[i];
            if (def.def.type == JointType::Gear) {
                // A gear names hinges, and turns their wheels.
                EXPECT_EQ(info.def.bodyA, w.joint(info.def.hingeA).def.bodyB) << entry.path();
                EXPECT_EQ(info.def.bodyB, w.joint(info.def.hingeB).def.bodyB) << entry.path();
                EXPECT_EQ(w.joint(info.def.hingeA).def.name, def.hingeA) << entry.path();
                continue;
            }
            EXPECT_EQ(w.body(info.def.bodyB).name, def.bodyB) << entry.path();
            if (def.bodyA.empty()) EXPECT_TRUE(info.def.bodyA.isNull()) << entry.path();
            else EXPECT_EQ(w.body(info.def.bodyA).name, def.bodyA) << entry.path();
        }
    }
}
