// What the fuzz targets do with one input (tests/fuzz/fuzz_inputs.h).
#include "fuzz_inputs.h"

#include "headless/bug_report.h"
#include "tumble/scene.h"

#include <nlohmann/json.hpp>

namespace tumble::fuzz {
namespace {

/// Steps a loaded world takes: enough to run every stage (broad phase, narrow phase, solver,
/// sleep) over what the input built, few enough to keep thousands of inputs a second.
constexpr int kSteps = 4;

/// Caps below the program's own: a fuzzer hunts memory errors, and a generator asking for
/// the full 100,000 bodies only makes each input slow (the caps themselves are tested in
/// tests/scene and tests/cli).
SceneLimits fuzzLimits() {
    SceneLimits limits;
    limits.maxFileBytes = 1u << 20;
    limits.maxBodies = 500;
    limits.maxJoints = 500;
    return limits;
}

/// A small world with every kind of contact and a joint, for settings to act on.
constexpr const char* kSettingsScene = R"({
  "format": "tumble-scene", "version": 1, "name": "fuzz settings",
  "bodies": [
    { "name": "floor", "type": "static", "shape": { "type": "box", "halfExtents": [5, 0.5, 5] },
      "position": [0, -0.5, 0] },
    { "name": "box", "shape": { "type": "box", "halfExtents": [0.5, 0.5, 0.5] }, "position": [0, 0.49, 0] },
    { "name": "ball", "shape": { "type": "sphere", "radius": 0.5 }, "position": [0.2, 1.5, 0],
      "linearVelocity": [0, -3, 0] },
    { "name": "rod", "shape": { "type": "capsule", "radius": 0.2, "halfHeight": 0.5 },
      "position": [2, 0.7, 0], "angularVelocity": [0, 0, 4] },
    { "name": "pivot", "type": "static", "shape": { "type": "sphere", "radius": 0.05 }, "position": [-2, 3, 0] },
    { "name": "bob", "shape": { "type": "sphere", "radius": 0.1 }, "position": [-1.5, 2, 0] }
  ],
  "joints": [ { "type": "distance", "name": "string", "bodyA": "pivot", "bodyB": "bob" } ]
})";

} // namespace

std::string sceneLoader(std::string_view text) {
    SceneLoadResult loaded = parseScene(std::string(text), "fuzz.json", fuzzLimits());
    if (!loaded.ok()) {
        if (loaded.errors.front().message.empty()) return "a refused scene's error has no message";
        return "";
    }
    World world = buildWorld(loaded.scene);
    for (int i = 0; i < kSteps; ++i)
        world.step();
    return "";
}

std::string snapshotState(std::string_view text) {
    SceneLoadResult loaded = parseScene(std::string(text), "fuzz.json", fuzzLimits());
    if (!loaded.ok()) return "";
    World world = buildWorld(loaded.scene);
    // What the program writes from this world must read back and step bit for bit alike.
    std::string again = writeSnapshot(loaded.scene, world);
    SceneLoadResult reloaded = parseScene(again, "again.json", fuzzLimits());
    if (!reloaded.ok())
        return "the snapshot written from a loaded world does not load: " + reloaded.errorText();
    World copy = buildWorld(reloaded.scene);
    for (int i = 0; i < kSteps; ++i) {
        world.step();
        copy.step();
    }
    if (world.stateHash() != copy.stateHash())
        return "the rewritten snapshot steps to a different state hash";
    return "";
}

std::string bugReport(std::string_view text) {
    app::ReportFields fields;
    SceneError problem = app::parseBugReport(std::string(text), "report.json", fields);
    if (problem.message.empty() &&
        (fields.verifySteps < app::kMinVerifySteps || fields.verifySteps > app::kMaxVerifySteps))
        return "an accepted report's verifySteps is out of range";
    return "";
}

std::string settingOverride(std::string_view text) {
    SceneLoadResult loaded = parseScene(kSettingsScene, "settings.json");
    if (!loaded.ok()) return "the settings scene does not load: " + loaded.errorText();
    Settings before = loaded.scene.settings;
    std::string error = applySettingOverride(loaded.scene.settings, std::string(text));
    if (!error.empty()) {
        // Refused: the settings must be left as they were.
        if (settingsToJson(before) != settingsToJson(loaded.scene.settings))
            return "a refused override changed the settings";
        return "";
    }
    World world = buildWorld(loaded.scene);
    for (int i = 0; i < kSteps; ++i)
        world.step();
    return "";
}

} // namespace tumble::fuzz
