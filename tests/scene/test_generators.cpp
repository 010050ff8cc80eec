// Generators: pyramid, stack and wall make the documented number of bodies, named
// "<name>/<index>", at the documented positions; bad values are reported with their JSON
// paths; the debug-draw section walks the one list of flags.
#include "tumble/scene.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <string>

using namespace tumble;

namespace {

/// A scene with no listed bodies and the given generators (JSON text of the array's elements).
SceneLoadResult withGenerators(const std::string& generators) {
    return parseScene(R"({"format": "tumble-scene", "version": 1, "bodies": [], "generators": [)" +
                          generators + "]}",
                      "g.json");
}

const BodyDef& bodyNamed(const SceneDef& scene, const std::string& name) {
    for (const BodyDef& b : scene.bodies)
        if (b.name == name) return b;
    ADD_FAILURE() << "no body named " << name;
    static const BodyDef none;
    return none;
}

void expectVec(const glm::vec3& got, const glm::vec3& want, float tolerance = 1e-5f) {
    for (int i = 0; i < 3; ++i) EXPECT_NEAR(got[i], want[i], tolerance) << "component " << i;
}

/// Every expected text appears in the errors.
void expectErrors(const SceneLoadResult& r, std::initializer_list<const char*> expected) {
    std::string text = r.errorText();
    EXPECT_FALSE(r.ok());
    for (const char* e : expected) EXPECT_NE(text.find(e), std::string::npos) << "expected: " << e << "\ngot:\n" << text;
}

} // namespace

// --- pyramid ---------------------------------------------------------------------------------

TEST(PyramidGenerator, BaseNMakesNTimesNPlusOneOverTwoCubesRowByRow) {
    SceneLoadResult r = withGenerators(R"({"type": "pyramid", "name": "p", "base": 4, "material": "Metal"})");
    ASSERT_TRUE(r.ok()) << r.errorText();
    ASSERT_EQ(r.scene.bodies.size(), 10u);
    for (size_t i = 0; i < 10; ++i) {
        const BodyDef& b = r.scene.bodies[i];
        EXPECT_EQ(b.name, "p/" + std::to_string(i));
        EXPECT_EQ(b.type, BodyType::Dynamic);
        EXPECT_EQ(b.shape.type, ShapeType::Box);
        expectVec(b.shape.halfExtents, glm::vec3(0.5f));
        EXPECT_EQ(b.material, "Metal");
    }
    // Bottom row of 4 centred on x = 0, resting on y = 0; the top box above the middle.
    expectVec(bodyNamed(r.scene, "p/0").position, {-1.5f, 0.5f, 0.0f});
    expectVec(bodyNamed(r.scene, "p/3").position, {1.5f, 0.5f, 0.0f});
    expectVec(bodyNamed(r.scene, "p/4").position, {-1.0f, 1.5f, 0.0f});
    expectVec(bodyNamed(r.scene, "p/7").position, {-0.5f, 2.5f, 0.0f});
    expectVec(bodyNamed(r.scene, "p/9").position, {0.0f, 3.5f, 0.0f});
}

TEST(PyramidGenerator, HalfExtentSpacingOriginAndAxisPlaceTheBoxes) {
    SceneLoadResult r = withGenerators(R"({"type": "pyramid", "name": "p", "base": 3, "halfExtent": 0.25,
        "spacing": 0.5, "origin": [10, 2, -4], "axis": "z"})");
    ASSERT_TRUE(r.ok()) << r.errorText();
    ASSERT_EQ(r.scene.bodies.size(), 6u);
    // Step along z = 2 * 0.25 + 0.5 = 1; row r at y = 2 + 0.25 + r * 0.5.
    expectVec(bodyNamed(r.scene, "p/0").position, {10.0f, 2.25f, -5.0f});
    expectVec(bodyNamed(r.scene, "p/2").position, {10.0f, 2.25f, -3.0f});
    expectVec(bodyNamed(r.scene, "p/3").position, {10.0f, 2.75f, -4.5f});
    expectVec(bodyNamed(r.scene, "p/5").position, {10.0f, 3.25f, -4.0f});
    expectVec(bodyNamed(r.scene, "p/5").shape.halfExtents, glm::vec3(0.25f));
}

TEST(PyramidGenerator, DefaultsAreBase10HalfExtentHalfAMetreAtTheOrigin) {
    SceneLoadResult r = withGenerators(R"({"type": "pyramid"})");
    ASSERT_TRUE(r.ok()) << r.errorText();
    ASSERT_EQ(r.scene.bodies.size(), 55u);
    expectVec(bodyNamed(r.scene, "pyramid/0").position, {-4.5f, 0.5f, 0.0f});
    expectVec(bodyNamed(r.scene, "pyramid/54").position, {0.0f, 9.5f, 0.0f});
}

TEST(PyramidGenerator, BadValuesAreReportedWithTheirPaths) {
    expectErrors(withGenerators(R"({"type": "pyramid", "base": 0, "halfExtent": -1, "axis": "y",
                                    "spacing": -0.1, "material": "cheese", "baes": 3, "name": ""})"),
                 {"g.json: generators[0].base: must be an integer in [1, 100000], got 0",
                  "generators[0].halfExtent: must be in [0.001, 10000], got -1",
                  "generators[0].axis: must be one of x, z",
                  "generators[0].spacing: must be >= 0, got -0.1",
                  "generators[0].material: unknown material 'cheese'",
                  "generators[0]: unknown key 'baes' (did you mean 'base'?)",
                  "generators[0].name: must not be empty"});
    expectErrors(withGenerators(R"({"type": "pyramid", "base": 2, "shape": {"type": "sphere"}})"),
                 {"generators[0]: unknown key 'shape'"});
}

TEST(PyramidGenerator, TheBodyCapIsCheckedOnTheCountBeforeExpanding) {
    // base 1000 would make 500 500 bodies.
    expectErrors(withGenerators(R"({"type": "pyramid", "base": 1000})"),
                 {"generators: the scene would have 500500 bodies, more than the limit of 100000"});
}

// --- stack -----------------------------------------------------------------------------------

TEST(StackGenerator, CountBoxesRestOnEachOtherFromTheOriginUp) {
    SceneLoadResult r = withGenerators(R"({"type": "stack", "name": "s", "count": 5, "halfExtent": 0.5,
        "origin": [4, 0, 1], "material": "Rock"})");
    ASSERT_TRUE(r.ok()) << r.errorText();
    ASSERT_EQ(r.scene.bodies.size(), 5u);
    for (int k = 0; k < 5; ++k) {
        const BodyDef& b = r.scene.bodies[k];
        EXPECT_EQ(b.name, "s/" + std::to_string(k));
        EXPECT_EQ(b.material, "Rock");
        expectVec(b.position, {4.0f, 0.5f + float(k), 1.0f});
    }
}

TEST(StackGenerator, HalfExtentsGapAndOffsetMakeALeaningStack) {
    SceneLoadResult r = withGenerators(R"({"type": "stack", "name": "lean", "count": 4,
        "halfExtents": [1, 0.25, 0.5], "gap": 0.1, "offset": [0.2, -0.1]})");
    ASSERT_TRUE(r.ok()) << r.errorText();
    ASSERT_EQ(r.scene.bodies.size(), 4u);
    expectVec(bodyNamed(r.scene, "lean/0").position, {0.0f, 0.25f, 0.0f});
    // Level k: y = 0.25 + k (0.5 + 0.1), shifted k * [0.2, -0.1] in x and z.
    expectVec(bodyNamed(r.scene, "lean/1").position, {0.2f, 0.85f, -0.1f});
    expectVec(bodyNamed(r.scene, "lean/3").position, {0.6f, 2.05f, -0.3f});
    expectVec(bodyNamed(r.scene, "lean/3").shape.halfExtents, {1.0f, 0.25f, 0.5f});
}

TEST(StackGenerator, BadValuesAreReportedWithTheirPaths) {
    expectErrors(withGenerators(R"({"type": "stack", "count": 0, "halfExtent": 0.5, "halfExtents": [1, -1, 1],
                                    "gap": -1, "offset": [1, 2, 3]})"),
                 {"generators[0].count: must be an integer in [1, 100000], got 0",
                  "generators[0].halfExtents[1]: must be in [0.001, 10000], got -1",
                  "generators[0].gap: must be >= 0, got -1",
                  "generators[0].offset: must be an array of 2 numbers [x, z], got [1,2,3]",
                  "generators[0].halfExtents: give either halfExtent or halfExtents, not both"});
    expectErrors(withGenerators(R"({"type": "stack", "halfExtent": -0.5})"),
                 {"generators[0].halfExtent: must be in [0.001, 10000], got -0.5"});
}

// --- wall ------------------------------------------------------------------------------------

TEST(WallGenerator, StaggeredRowsAreHalfABrickApartAndCentredOnTheOrigin) {
    SceneLoadResult r = withGenerators(R"({"type": "wall", "name": "w", "rows": 3, "columns": 4,
        "halfExtents": [0.5, 0.25, 0.2], "origin": [0, 0, 2]})");
    ASSERT_TRUE(r.ok()) << r.errorText();
    ASSERT_EQ(r.scene.bodies.size(), 12u);
    for (int i = 0; i < 12; ++i) EXPECT_EQ(r.scene.bodies[i].name, "w/" + std::to_string(i));
    // Even rows shifted -hx/2 = -0.25, odd rows +0.25; index = column + columns * row.
    expectVec(bodyNamed(r.scene, "w/0").position, {-1.75f, 0.25f, 2.0f});
    expectVec(bodyNamed(r.scene, "w/3").position, {1.25f, 0.25f, 2.0f});
    expectVec(bodyNamed(r.scene, "w/4").position, {-1.25f, 0.75f, 2.0f});
    expectVec(bodyNamed(r.scene, "w/11").position, {1.25f, 1.25f, 2.0f});
    expectVec(bodyNamed(r.scene, "w/11").shape.halfExtents, {0.5f, 0.25f, 0.2f});
}

TEST(WallGenerator, UnstaggeredRowsLineUp) {
    SceneLoadResult r = withGenerators(R"({"type": "wall", "name": "w", "rows": 2, "columns": 2,
        "staggered": false})");
    ASSERT_TRUE(r.ok()) << r.errorText();
    ASSERT_EQ(r.scene.bodies.size(), 4u);
    // Default bricks: half extents [0.5, 0.25, 0.25].
    expectVec(bodyNamed(r.scene, "w/0").position, {-0.5f, 0.25f, 0.0f});
    expectVec(bodyNamed(r.scene, "w/2").position, {-0.5f, 0.75f, 0.0f});
    expectVec(bodyNamed(r.scene, "w/3").position, {0.5f, 0.75f, 0.0f});
}

TEST(WallGenerator, BadValuesAreReportedWithTheirPaths) {
    expectErrors(withGenerators(R"({"type": "wall", "rows": 0, "columns": 2.5, "halfExtents": [0.5, 0, 0.2],
                                    "staggered": "yes", "colour": 1})"),
                 {"generators[0].rows: must be an integer in [1, 100000], got 0",
                  "generators[0].columns: must be an integer, got 2.5",
                  "generators[0].halfExtents[1]: must be in [0.001, 10000], got 0",
                  "generators[0].staggered: must be true or false, got \"yes\"",
                  "generators[0]: unknown key 'colour'"});
}

// --- together --------------------------------------------------------------------------------

TEST(Generators, NamesClashAcrossGeneratorsAreReported) {
    expectErrors(withGenerators(R"({"type": "stack", "name": "a", "count": 3},
                                   {"type": "wall", "name": "a", "rows": 1, "columns": 2})"),
                 {"generators[1].name: duplicate body name 'a/0' (first used at generators[0].name)"});
}

// --- debugDraw walks debugDrawFlags() -------------------------------------------------------------

TEST(DebugDrawKeys, EveryFlagImpulseScaleAndNormalLengthRoundTrip) {
    DebugDrawOptions o;
    for (size_t i = 0; i < debugDrawFlags().size(); ++i) {
        const DebugDrawFlag& flag = debugDrawFlags()[i];
        o.*flag.member = i % 2 == 0; // a pattern unlike the defaults
    }
    o.impulseScale = 0.125f;
    o.normalLength = 0.75f;
    nlohmann::json written = debugDrawToJson(o);
    EXPECT_EQ(written.size(), debugDrawFlags().size() + 2);
    for (const DebugDrawFlag& flag : debugDrawFlags())
        EXPECT_TRUE(written.contains(flag.name)) << flag.name;

    nlohmann::json scene = {{"format", "tumble-scene"}, {"version", 1},
                            {"bodies", nlohmann::json::array()}, {"debugDraw", written}};
    SceneLoadResult r = parseScene(scene.dump(), "d.json");
    ASSERT_TRUE(r.ok()) << r.errorText();
    for (const DebugDrawFlag& flag : debugDrawFlags())
        EXPECT_EQ(r.scene.debugDraw.*flag.member, o.*flag.member) << flag.name;
    EXPECT_EQ(r.scene.debugDraw.impulseScale, 0.125f);
    EXPECT_EQ(r.scene.debugDraw.normalLength, 0.75f);
}

TEST(DebugDrawKeys, ImpulseScaleAndNormalLengthMustBePositiveAndFlagsBoolean) {
    SceneLoadResult r = parseScene(R"({"format": "tumble-scene", "version": 1, "bodies": [],
        "debugDraw": {"impulseScale": 0, "normalLength": -1, "featureIds": 1, "impulse": true}})", "d.json");
    expectErrors(r, {"debugDraw.impulseScale: must be > 0, got 0",
                     "debugDraw.normalLength: must be > 0, got -1",
                     "debugDraw.featureIds: must be true or false, got 1",
                     "debugDraw: unknown key 'impulse' (did you mean 'impulses'?)"});
}
