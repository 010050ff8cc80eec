// The `settings` section and `--set KEY=VALUE`: every field round-trips under its scene-file
// name, and a bad override names the key and leaves Settings untouched.
#include "tumble/scene.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <limits>

using namespace tumble;

namespace {

/// Every field of Settings, compared one by one (Settings has no operator==).
void expectSameSettings(const Settings& a, const Settings& b) {
    EXPECT_EQ(a.gravity, b.gravity);
    EXPECT_EQ(a.timestep, b.timestep);
    EXPECT_EQ(a.maxFrameTime, b.maxFrameTime);
    EXPECT_EQ(a.integrator, b.integrator);
    EXPECT_EQ(a.gyroscopic, b.gyroscopic);
    EXPECT_EQ(a.broadphase, b.broadphase);
    EXPECT_EQ(a.threads, b.threads);
    EXPECT_EQ(a.contactMargin, b.contactMargin);
    EXPECT_EQ(a.contactReuseSteps, b.contactReuseSteps);
    EXPECT_EQ(a.contactReuseSlide, b.contactReuseSlide);
    EXPECT_EQ(a.frictionCombine, b.frictionCombine);
    EXPECT_EQ(a.restitutionCombine, b.restitutionCombine);
    EXPECT_EQ(a.rollingCombine, b.rollingCombine);
    EXPECT_EQ(a.worldBounds.enabled, b.worldBounds.enabled);
    EXPECT_EQ(a.worldBounds.min, b.worldBounds.min);
    EXPECT_EQ(a.worldBounds.max, b.worldBounds.max);
    EXPECT_EQ(a.sleep.enabled, b.sleep.enabled);
    EXPECT_EQ(a.sleep.timeToSleep, b.sleep.timeToSleep);
    EXPECT_EQ(a.sleep.linearThreshold, b.sleep.linearThreshold);
    EXPECT_EQ(a.sleep.angularThreshold, b.sleep.angularThreshold);
    EXPECT_EQ(a.solver.method, b.solver.method);
    EXPECT_EQ(a.solver.velocityIterations, b.solver.velocityIterations);
    EXPECT_EQ(a.solver.tolerance, b.solver.tolerance);
    EXPECT_EQ(a.solver.positionIterations, b.solver.positionIterations);
    EXPECT_EQ(a.solver.warmStarting, b.solver.warmStarting);
    EXPECT_EQ(a.solver.warmStartFactor, b.solver.warmStartFactor);
    EXPECT_EQ(a.solver.positionCorrection, b.solver.positionCorrection);
    EXPECT_EQ(a.solver.erp, b.solver.erp);
    EXPECT_EQ(a.solver.slop, b.solver.slop);
    EXPECT_EQ(a.solver.maxCorrectionVelocity, b.solver.maxCorrectionVelocity);
    EXPECT_EQ(a.solver.restitutionThreshold, b.solver.restitutionThreshold);
    EXPECT_EQ(a.solver.relaxation, b.solver.relaxation);
    EXPECT_EQ(a.solver.frictionModel, b.solver.frictionModel);
    EXPECT_EQ(a.solver.shockPropagation, b.solver.shockPropagation);
    EXPECT_EQ(a.solver.frictionAnchorRate, b.solver.frictionAnchorRate);
    EXPECT_EQ(a.solver.cfm, b.solver.cfm);
    EXPECT_EQ(a.solver.overRelaxation, b.solver.overRelaxation);
    EXPECT_EQ(a.solver.seed, b.solver.seed);
    EXPECT_EQ(a.solver.exactMaxRows, b.solver.exactMaxRows);
    EXPECT_EQ(a.solver.substeps, b.solver.substeps);
    EXPECT_EQ(a.solver.relaxIterations, b.solver.relaxIterations);
    EXPECT_EQ(a.solver.contactHertz, b.solver.contactHertz);
    EXPECT_EQ(a.solver.contactDampingRatio, b.solver.contactDampingRatio);
    EXPECT_EQ(a.solver.jointHertz, b.solver.jointHertz);
    EXPECT_EQ(a.solver.jointDampingRatio, b.solver.jointDampingRatio);
    EXPECT_EQ(a.solver.compliance, b.solver.compliance);
    EXPECT_TRUE(a == b) << "a field is missing from this comparison";
    EXPECT_TRUE(a.watchdog == b.watchdog);
}

/// Every field different from its default.
Settings unusualSettings() {
    Settings s;
    s.gravity = {0.1f, -1.62f, 0.3f};
    s.timestep = 1.0f / 240.0f;
    s.maxFrameTime = 0.1f;
    s.integrator = Integrator::VelocityVerlet;
    s.gyroscopic = Gyroscopic::Implicit;
    s.broadphase = BroadphaseType::SortAndSweep;
    s.threads = 3;
    s.contactMargin = 0.011f;
    s.contactReuseSteps = 9;
    s.contactReuseSlide = 0.0035f;
    s.frictionCombine = CombineRule::Pythagorean;
    s.restitutionCombine = CombineRule::Multiply;
    s.rollingCombine = CombineRule::Average;
    s.worldBounds.enabled = false;
    s.worldBounds.min = {-120.5f, -30.25f, -80.0f};
    s.worldBounds.max = {95.0f, 250.75f, 60.5f};
    s.sleep = {false, 2.5f, 0.07f, 0.09f};
    s.solver.method = "jacobi";
    s.solver.velocityIterations = 37;
    s.solver.tolerance = 0.0025f;
    s.solver.positionIterations = 0;
    s.solver.warmStarting = false;
    s.solver.warmStartFactor = 0.3f;
    s.solver.positionCorrection = PositionCorrection::NonlinearGaussSeidel;
    s.solver.erp = 0.45f;
    s.solver.slop = 0.0125f;
    s.solver.maxCorrectionVelocity = 7.5f;
    s.solver.restitutionThreshold = 0.25f;
    s.solver.relaxation = 1.7f;
    s.solver.frictionModel = FrictionModel::Cone;
    s.solver.shockPropagation = false;
    s.solver.frictionAnchorRate = 0.35f;
    s.solver.cfm = 0.0125f;
    s.solver.overRelaxation = 1.45f;
    s.solver.seed = 77;
    s.solver.exactMaxRows = 321;
    s.solver.substeps = 7;
    s.solver.relaxIterations = 3;
    s.solver.simdLanes = 4;
    s.solver.islandBatchRows = 64;
    s.solver.contactHertz = 45.5f;
    s.solver.contactDampingRatio = 3.25f;
    s.solver.jointHertz = 90.0f;
    s.solver.jointDampingRatio = 1.5f;
    s.solver.compliance = 0.0001f;
    s.watchdog.enabled = false;
    s.watchdog.maxSpeed = 12.5f;
    s.watchdog.maxPenetration = 0.75f;
    s.watchdog.maxEnergyGain = 3.5f;
    return s;
}

size_t leafCount(const nlohmann::json& j) {
    if (!j.is_object()) return 1;
    size_t n = 0;
    for (const auto& item : j) n += leafCount(item);
    return n;
}

} // namespace

TEST(SettingsJson, EveryFieldRoundTripsExactly) {
    const Settings originals[] = {Settings{}, unusualSettings()};
    const Settings starts[] = {unusualSettings(), Settings{}};
    for (int i = 0; i < 2; ++i) {
        const Settings& original = originals[i];
        nlohmann::json j = settingsToJson(original);
        EXPECT_EQ(leafCount(j), 52u) << j.dump(2); // 13 top-level values + 3 world bounds + 4 sleep + 28 solver + 4 watchdog
        Settings back = starts[i];
        std::vector<SceneError> errors;
        settingsFromJson(j, back, "", "settings", errors);
        ASSERT_TRUE(errors.empty()) << errors[0].format();
        expectSameSettings(back, original);
    }
}

TEST(SettingsJson, WrittenValuesAreShortDecimals) {
    nlohmann::json j = settingsToJson(Settings{});
    EXPECT_EQ(j["solver"]["erp"].dump(), "0.2");
    EXPECT_EQ(j["gravity"].dump(), "[0.0,-9.81,0.0]");
    EXPECT_EQ(j["integrator"], "symplecticEuler");
}

TEST(SettingsJson, InvalidObjectLeavesSettingsUnchanged) {
    Settings s = unusualSettings();
    nlohmann::json j = {{"timestep", 0.01},
                        {"solver", {{"erp", std::numeric_limits<double>::quiet_NaN()}}}};
    std::vector<SceneError> errors;
    settingsFromJson(j, s, "panel", "settings", errors);
    ASSERT_EQ(errors.size(), 1u);
    EXPECT_EQ(errors[0].format(),
              "panel: settings.solver.erp: must be a finite number within float range "
              "(|x| <= 3.40282e+38), got nan");
    expectSameSettings(s, unusualSettings());
}

TEST(SettingOverride, SetsNestedKeysNumbersBooleansArraysAndBareNames) {
    Settings s;
    EXPECT_EQ(applySettingOverride(s, "solver.velocityIterations=4"), "");
    EXPECT_EQ(s.solver.velocityIterations, 4);
    EXPECT_EQ(applySettingOverride(s, "solver.warmStarting=false"), "");
    EXPECT_FALSE(s.solver.warmStarting);
    EXPECT_EQ(applySettingOverride(s, "gravity=[0,-1.62,0]"), "");
    EXPECT_EQ(s.gravity, glm::vec3(0.0f, -1.62f, 0.0f));
    EXPECT_EQ(applySettingOverride(s, "integrator=explicitEuler"), "");
    EXPECT_EQ(s.integrator, Integrator::ExplicitEuler);
    EXPECT_EQ(applySettingOverride(s, "integrator=\"velocityVerlet\""), "");
    EXPECT_EQ(s.integrator, Integrator::VelocityVerlet);
    EXPECT_EQ(applySettingOverride(s, "sleep.timeToSleep=2"), "");
    EXPECT_EQ(s.sleep.timeToSleep, 2.0f);
    EXPECT_EQ(applySettingOverride(s, "solver.positionCorrection=baumgarte"), "");
    EXPECT_EQ(s.solver.positionCorrection, PositionCorrection::Baumgarte);
    EXPECT_EQ(applySettingOverride(s, "timestep=0.01"), "");
    EXPECT_EQ(s.timestep, 0.01f);
}

TEST(SettingOverride, BadOverridesNameTheKeyAndChangeNothing) {
    struct Case {
        const char* assignment;
        const char* expected;
    };
    const Case cases[] = {
        {"solver.iters=4", "solver: unknown key 'iters'"},
        {"solver.velocityIteration=4", "(did you mean 'velocityIterations'?)"},
        {"gravty=[0,0,0]", "unknown key 'gravty' (did you mean 'gravity'?)"},
        {"solver.erp=7", "solver.erp: must be in [0, 1], got 7"},
        {"solver.velocityIterations=500", "solver.velocityIterations: must be an integer in [0, 200], got 500"},
        {"solver.velocityIterations=2.5", "solver.velocityIterations: must be an integer, got 2.5"},
        {"timestep=abc", "timestep: must be a number, got \"abc\""},
        {"timestep=0.5", "timestep: must be in [1e-05, 0.0666667], got 0.5"},
        {"gravity=[0,-1]", "gravity: must be an array of 3 numbers, got [0,-1]"},
        {"gravity=[0,1e39,0]", "gravity[1]: must be a finite number within float range"},
        {"integrator=rk4", "integrator: must be one of explicitEuler, symplecticEuler, velocityVerlet; got \"rk4\""},
        {"solver.warmStarting=yes", "solver.warmStarting: must be true or false, got \"yes\""},
        {"solver=3", "solver: must be an object, got 3"},
        {"timestep", "expected KEY=VALUE"},
        {"solver..erp=1", "is not a settings key path"},
    };
    for (const Case& c : cases) {
        Settings s = unusualSettings();
        std::string error = applySettingOverride(s, c.assignment);
        EXPECT_NE(error.find(c.expected), std::string::npos)
            << c.assignment << "\nexpected: " << c.expected << "\ngot: " << error;
        expectSameSettings(s, unusualSettings());
    }
}

TEST(SettingsJson, DebugDrawOptionsRoundTripThroughASceneFile) {
    DebugDrawOptions o;
    o.contacts = false;
    o.bodyAxes = true;
    o.aabbs = true;
    o.trajectories = false;
    nlohmann::json scene = {{"format", "tumble-scene"}, {"version", 1},
                            {"bodies", nlohmann::json::array()}, {"debugDraw", debugDrawToJson(o)}};
    SceneLoadResult r = parseScene(scene.dump(), "d.json");
    ASSERT_TRUE(r.ok()) << r.errorText();
    EXPECT_EQ(debugDrawToJson(r.scene.debugDraw), debugDrawToJson(o));
    EXPECT_EQ(debugDrawToJson(o).size(), debugDrawFlags().size() + 2)
        << "every flag, impulseScale and normalLength";
}

TEST(SettingsJson, SceneSettingsSectionUsesTheSameNames) {
    nlohmann::json scene = {{"format", "tumble-scene"}, {"version", 1},
                            {"bodies", nlohmann::json::array()},
                            {"settings", settingsToJson(unusualSettings())}};
    SceneLoadResult r = parseScene(scene.dump(), "s.json");
    ASSERT_TRUE(r.ok()) << r.errorText();
    expectSameSettings(r.scene.settings, unusualSettings());
}

// The panels clamp every setting after an edit (clampSettings); a timestep the reader
// accepts must come through that clamp unchanged, or touching any control would silently
// change a file's step (it once moved 1e-4 s to 1e-3 s).
TEST(SettingsJson, EveryTimestepTheReaderAcceptsSurvivesThePanelsClamp) {
    for (const char* value : {"1e-5", "1e-4", "0.0005", "0.001", "0.0166667", "0.0666667"}) {
        Settings s;
        ASSERT_EQ(applySettingOverride(s, std::string("timestep=") + value), "") << value;
        const float loaded = s.timestep;
        EXPECT_FALSE(clampSettings(s)) << value;
        EXPECT_EQ(s.timestep, loaded) << value;
    }
    // Below the reader's range the clamp lands on the reader's bound, not on another.
    Settings s;
    s.timestep = 1e-7f;
    EXPECT_TRUE(clampSettings(s));
    EXPECT_EQ(s.timestep, kMinTimestep);
    EXPECT_EQ(applySettingOverride(s, "timestep=1e-5"), "");
    EXPECT_EQ(s.timestep, kMinTimestep);
}
