// Scene files: every shipped scene loads; malformed files are rejected with the file, the JSON
// path and the offending value; errors are collected, not just the first; caps hold.
#include "tumble/scene.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>

using namespace tumble;

namespace {

std::string dataFile(const std::string& name) { return std::string(TUMBLE_TEST_DATA_DIR) + "/" + name; }

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

} // namespace

TEST(SceneFiles, EveryShippedSceneLoadsAndBuildsAWorld) {
    namespace fs = std::filesystem;
    int count = 0;
    for (const auto& entry : fs::directory_iterator(fs::path(TUMBLE_SOURCE_DIR) / "scenes")) {
        if (entry.path().extension() != ".json") continue;
        ++count;
        SceneLoadResult r = loadSceneFile(entry.path().string());
        ASSERT_TRUE(r.ok()) << r.errorText();
        EXPECT_FALSE(r.scene.name.empty()) << entry.path();
        // The lesson itself is checked in test_lessons.cpp; the description sums it up.
        EXPECT_GT(r.scene.description.size(), 40u) << entry.path() << ": sum up the scene";
        World world = buildWorld(r.scene);
        EXPECT_EQ(world.bodyCount(), static_cast<int>(r.scene.bodies.size()));
    }
    EXPECT_GE(count, 4);
}

/// One malformed file and a part of the formatted error it must produce.
struct BadFile {
    const char* file;
    const char* expected;
};

class MalformedScene : public ::testing::TestWithParam<BadFile> {};

TEST_P(MalformedScene, IsRejectedWithFilePathAndValue) {
    const BadFile& bad = GetParam();
    std::string path = dataFile(bad.file);
    SceneLoadResult r = loadSceneFile(path);
    ASSERT_FALSE(r.ok()) << bad.file << " loaded";
    EXPECT_TRUE(r.scene.bodies.empty()) << "a rejected file must not yield a partial scene";
    std::string text = r.errorText();
    EXPECT_TRUE(contains(text, bad.expected)) << "expected: " << bad.expected << "\ngot:\n" << text;
    for (const SceneError& e : r.errors) EXPECT_EQ(e.format().rfind(path, 0), 0u) << e.format();
}

// Expected texts hold the JSON path and the value, as the user sees them.
const BadFile kBadFiles[] = {
    {"bad_syntax.json", "bad_syntax.json:4:31: syntax error while parsing object - unexpected string literal"},
    {"bad_unknown_key.json", "bodies[0].shape: unknown key 'radiu' (did you mean 'radius'?)"},
    {"bad_wrong_type.json", "bodies[0].position[1]: must be a number, got \"abc\""},
    {"bad_sensor.json", "bad_sensor.json: bodies[1].sensor: must be true or false, got \"yes\""},
    {"bad_float_range.json", "settings.gravity[1]: must be a finite number within float range"},
    {"bad_infinity.json", "bodies[0].shape.radius: must be a finite number within float range (|x| <= 3.40282e+38), got 1e400"},
    {"bad_zero_quaternion.json", "bodies[0].orientation: must not be a zero quaternion, got [0,0,0,0]"},
    {"bad_duplicate_name.json", "bodies[1].name: duplicate body name 'ball' (first used at bodies[0].name)"},
    {"bad_coplanar_hull.json", "bodies[0].shape.points: cannot build a convex hull: fewer than 4 non-coplanar points (the points are coplanar)"},
    {"bad_negative_radius.json", "bodies[0].shape.radius: must be in [0.001, 10000], got -1"},
    {"bad_restitution.json", "materials[0].restitution: must be in [0, 1], got 1.5"},
    {"bad_rolling_resistance.json", "materials[0].rollingResistance: must be in [0, 1], got -0.01"},
    {"bad_timestep.json", "settings.timestep: must be in [1e-05, 0.0666667], got 0.5"},
    {"bad_world_bounds.json", "settings.worldBounds.max: must be above min on every axis (m), got y 5 <= 5"},
    {"bad_world_bounds_range.json", "settings.worldBounds.min[1]: must be in [-1e+06, 1e+06], got -2000000.0"},
    {"bad_iterations.json", "settings.solver.velocityIterations: must be an integer in [0, 200], got 500"},
    {"bad_enum.json", "settings.integrator: must be one of explicitEuler, symplecticEuler, velocityVerlet; got \"rk4\""},
    {"bad_unknown_material.json", "bodies[0].material: unknown material 'rubber' (known: Rock, Wood, Metal"},
    {"bad_missing_bodies.json", "bad_missing_bodies.json: missing required key 'bodies'"},
    {"bad_format.json", "bad_format.json: format: must be \"tumble-scene\", got \"tumble\""},
    {"bad_version.json", "version: unsupported version 2: this build reads version 1"},
    {"bad_deep.json", "bad_deep.json:1:96: nesting deeper than 32 levels"},
    {"bad_plane_dynamic.json", "bodies[0].shape.type: a plane must be on a static body, but this body is dynamic"},
    {"bad_both_orientations.json", "bodies[0].rotationDeg: give either orientation or rotationDeg, not both"},
    {"bad_duplicate_material.json", "materials[1].name: duplicate material name 'ice' (first defined at materials[0])"},
    {"bad_duplicate_key.json", "bodies[0]: duplicate key 'position'"},
    {"bad_joints.json", "joints: must be an array, got {\"type\":\"distance\""},
    {"bad_joint_missing_body.json", "bad_joint_missing_body.json: joints[0]: missing required key 'bodyB'"},
    {"bad_joint_unknown_body.json", "joints[2].bodyB: no body named 'x'"},
    {"bad_joint_self.json", "joints[0].bodyB: joins body 'a' to itself (bodyA and bodyB must differ)"},
    {"bad_joint_zero_axis.json", "joints[0].axis: must not be zero, got [0,0,0]"},
    {"bad_joint_limits.json", "joints[0].limits: lower must be <= upper, got [1,-1]"},
    {"bad_joint_negative_length.json", "joints[0].length: must be >= 0, got -1"},
    {"bad_joint_unknown_key.json", "joints[0]: unknown key 'axsi' (did you mean 'axis'?)"},
    {"bad_joint_wrong_type.json", "joints[0].collideConnected: must be true or false, got \"no\""},
    {"bad_joint_type.json", "joints[0].type: must be one of distance, ballSocket, hinge, slider, fixed, coneTwist, angle, universal, sixDof, gear; got \"weld\""},
    {"bad_joint_key_for_type.json", "joints[0].axis: does not apply to a ballSocket joint (only to hinge, slider, coneTwist, universal, sixDof)"},
    {"bad_joint_generated_name.json", "joints[0].bodyA: no body named 'chain/4'"},
    {"bad_chain.json", "generators[0].links: must be an integer in [1, 100000], got 0"},
    {"bad_ragdoll.json", "generators[0].scale: must be > 0, got 0"},
    {"bad_box.json", "bodies[0].shape.halfExtents[1]: must be in [0.001, 10000], got 0"},
    {"bad_capsule.json", "bodies[0].shape.halfHeight: must be in [0, 10000], got -0.1"},
    {"bad_plane_normal.json", "bodies[0].shape.normal: must not be zero, got [0,0,0]"},
    {"bad_color.json", "materials[0].color[0]: must be in [0, 1], got 1.2"},
    {"bad_body_type.json", "bodies[0].type: must be one of static, dynamic, kinematic; got \"floating\""},
    {"bad_not_object.json", "bad_not_object.json: a scene file must hold a JSON object"},
    {"bad_generator_count.json", "generators: the scene would have 1000000000 bodies, more than the limit of 100000"},
    {"bad_generator_clash.json", "generators[0].name: duplicate body name 'g/2' (first used at bodies[0].name)"},
    {"cli_bad_radius.json", "cli_bad_radius.json: bodies[0].shape.radius: must be in [0.001, 10000], got -1"},
    {"bad_topic.json", "bad_topic.json: topic: must be one of integration, collision, contacts, methods, friction, joints, stress, bugs, other; got \"physics\""},
    {"bad_lesson_body.json", "bad_lesson_body.json: breakIt.bullet.ghost: no body named 'ghost'"},
};

INSTANTIATE_TEST_SUITE_P(Table, MalformedScene, ::testing::ValuesIn(kBadFiles),
                         [](const ::testing::TestParamInfo<BadFile>& param) {
                             std::string name = std::filesystem::path(param.param.file).stem().string();
                             std::replace(name.begin(), name.end(), '-', '_');
                             return name;
                         });

TEST(SceneFiles, EveryErrorOfAFileIsCollectedInFileOrder) {
    SceneLoadResult r = loadSceneFile(dataFile("bad_many_errors.json"));
    const char* expected[] = {
        "settings.timestep: must be in [1e-05, 0.0666667], got 0",
        "settings.solver.erp: must be in [0, 1], got -1",
        "bodies[0].shape.radius: must be in [0.001, 10000], got 0",
        "bodies[1].linearVelocity: must be an array of 3 numbers, got [0,0]",
        "bodies[1]: unknown key 'bulet' (did you mean 'bullet'?)",
        "bodies[2].material: unknown material 'unobtainium'",
        "camera.distance: must be > 0, got -3",
    };
    ASSERT_EQ(r.errors.size(), std::size(expected)) << r.errorText();
    for (size_t i = 0; i < std::size(expected); ++i)
        EXPECT_TRUE(contains(r.errors[i].format(), expected[i]))
            << "error " << i << ": " << r.errors[i].format() << "\nexpected: " << expected[i];
}

TEST(SceneFiles, SyntaxErrorsGiveLineAndColumn) {
    SceneLoadResult r = parseScene("{\n  \"format\": \"tumble-scene\",\n  \"version\": 1,,\n}", "x.json");
    ASSERT_EQ(r.errors.size(), 1u);
    EXPECT_EQ(r.errors[0].line, 3);
    EXPECT_EQ(r.errors[0].column, 16);
    EXPECT_EQ(r.errors[0].format().rfind("x.json:3:16: syntax error", 0), 0u) << r.errors[0].format();

    SceneLoadResult unterminated = parseScene("{\"bodies\": [", "y.json");
    ASSERT_EQ(unterminated.errors.size(), 1u);
    EXPECT_EQ(unterminated.errors[0].line, 1) << unterminated.errorText();
}

TEST(SceneFiles, MissingFileIsAnErrorNotACrash) {
    SceneLoadResult r = loadSceneFile("/nonexistent/scene.json");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.errors[0].format(), "/nonexistent/scene.json: no such file");
}

TEST(SceneLimits, FileSizeIsCheckedBeforeReading) {
    SceneLimits limits;
    limits.maxFileBytes = 64;
    SceneLoadResult r = loadSceneFile(dataFile("all_keys.json"), limits);
    ASSERT_FALSE(r.ok());
    EXPECT_TRUE(contains(r.errorText(), "more than the limit of 64")) << r.errorText();
}

TEST(SceneLimits, NestingDepthIsCheckedOnTheRawText) {
    SceneLimits limits;
    limits.maxDepth = 3;
    const std::string ok = R"({"format": "tumble-scene", "version": 1, "bodies": [{"position": [0, 0, 0]}]})";
    EXPECT_FALSE(parseScene(ok, "s.json", limits).ok());
    limits.maxDepth = 4;
    EXPECT_TRUE(parseScene(ok, "s.json", limits).ok()) << parseScene(ok, "s.json", limits).errorText();
    // Brackets inside strings and comments do not count.
    const std::string quoted = R"({"format": "tumble-scene", "version": 1, "name": "[[[[[[", "bodies": []} // [[[[)";
    EXPECT_TRUE(parseScene(quoted, "s.json", limits).ok()) << parseScene(quoted, "s.json", limits).errorText();
}

TEST(SceneLimits, BodyCountIsCheckedBeforeGeneratorsExpand) {
    SceneLimits limits;
    limits.maxBodies = 10;
    const std::string text = R"({"format": "tumble-scene", "version": 1, "bodies": [{"name": "a"}],
        "generators": [{"type": "grid", "name": "g", "count": [3, 3, 1]}]})";
    EXPECT_TRUE(parseScene(text, "s.json", limits).ok());
    limits.maxBodies = 9;
    SceneLoadResult r = parseScene(text, "s.json", limits);
    ASSERT_FALSE(r.ok());
    EXPECT_TRUE(contains(r.errorText(), "would have 10 bodies, more than the limit of 9")) << r.errorText();
}

TEST(SceneLimits, HullPointsAreCapped) {
    SceneLimits limits;
    limits.maxHullPoints = 4;
    const std::string text = R"({"format": "tumble-scene", "version": 1, "bodies": [{"shape": {"type": "hull",
        "points": [[0,0,0], [1,0,0], [0,1,0], [0,0,1], [1,1,1]]}}]})";
    SceneLoadResult r = parseScene(text, "s.json", limits);
    ASSERT_FALSE(r.ok());
    EXPECT_TRUE(contains(r.errorText(), "s.json: bodies[0].shape.points: has 5 points, more than the limit of 4"))
        << r.errorText();
    EXPECT_TRUE(parseScene(text, "s.json").ok());
}

TEST(SceneFiles, ErrorFloodIsSummarised) {
    std::string text = R"({"format": "tumble-scene", "version": 1, "bodies": [)";
    for (int i = 0; i < 150; ++i) text += std::string(i ? "," : "") + R"({"shape": {"radius": -1}})";
    text += "]}";
    SceneLoadResult r = parseScene(text, "s.json");
    ASSERT_EQ(r.errors.size(), 101u);
    EXPECT_EQ(r.errors.back().format(), "s.json: ... and 50 more errors");
}

TEST(SceneLimits, IterationCountsFollowTheLimit) {
    SceneLimits limits;
    limits.maxIterations = 50;
    const std::string text = R"({"format": "tumble-scene", "version": 1, "bodies": [],
        "settings": {"solver": {"velocityIterations": 60}}})";
    SceneLoadResult r = parseScene(text, "s.json", limits);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.errors[0].format(),
              "s.json: settings.solver.velocityIterations: must be an integer in [0, 50], got 60");
    EXPECT_TRUE(parseScene(text, "s.json").ok());
}
