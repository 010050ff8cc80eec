// Snapshots (shared/SCENE_FORMAT.md): a scene file with a `state` section that, loaded and
// stepped, reproduces bit for bit the states of the run it was taken from.
#include "scene/scene_writer.h"
#include "tumble/scene.h"
#include "tumble/snapshot.h"
#include "tumble/solver_methods.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <filesystem>
#include <cmath>
#include <cstring>
#include <nlohmann/json.hpp>
#include <cstdint>
#include <limits>
#include <random>
#include <string>

using namespace tumble;

namespace {

std::string sceneFile(const std::string& name) {
    return std::string(TUMBLE_SOURCE_DIR) + "/scenes/" + name;
}

SceneDef loadScene(const std::string& name) {
    SceneLoadResult r = loadSceneFile(sceneFile(name));
    EXPECT_TRUE(r.ok()) << r.errorText();
    return r.scene;
}

void stepN(World& w, int n) {
    for (int i = 0; i < n; ++i) w.step();
}

class SnapshotReplay : public ::testing::TestWithParam<std::string> {};

} // namespace

// Every scene of the catalogue: 300 steps, snapshot to text, load, 300 more: the same state
// hash as 600 steps straight (and two straight runs in one process agree).
// Many scenes are asleep (and their contact cache empty) by step 300, so the split is also
// made at step 45, mid-fall and mid-impact, when the cache and the joints carry impulses.
TEST_P(SnapshotReplay, ResumedRunIsBitIdenticalToTheStraightRun) {
    SceneDef scene = loadScene(GetParam());
    World straight = buildWorld(scene);
    stepN(straight, 600);
    // Deterministic within one process: a second straight run ends in the same state.
    World again = buildWorld(scene);
    stepN(again, 600);
    ASSERT_EQ(again.stateHash(), straight.stateHash()) << GetParam();

    for (int split : {45, 300}) {
        World first = buildWorld(scene);
        stepN(first, split);
        std::string text = writeSnapshot(scene, first);
        SceneLoadResult loaded = parseScene(text, "snapshot.json");
        ASSERT_TRUE(loaded.ok()) << loaded.errorText();
        ASSERT_TRUE(loaded.scene.hasState);
        World resumed = buildWorld(loaded.scene);
        // Restored exactly: the same hash before stepping, too.
        EXPECT_EQ(resumed.stateHash(), first.stateHash()) << "split " << split;
        EXPECT_EQ(resumed.stepCount(), static_cast<uint64_t>(split));
        EXPECT_EQ(resumed.time(), first.time());
        stepN(resumed, 600 - split);
        EXPECT_EQ(resumed.stateHash(), straight.stateHash()) << GetParam() << ", split " << split;
        EXPECT_EQ(resumed.time(), straight.time());
    }
}

/// Every scene file of the catalogue.
std::vector<std::string> catalogueScenes() {
    std::vector<std::string> names;
    for (const auto& e : std::filesystem::directory_iterator(std::string(TUMBLE_SOURCE_DIR) + "/scenes"))
        if (e.path().extension() == ".json") names.push_back(e.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
}

TEST(SnapshotReplayCatalogue, CoversEverySceneFile) { EXPECT_GE(catalogueScenes().size(), 30u); }

INSTANTIATE_TEST_SUITE_P(Catalogue, SnapshotReplay, ::testing::ValuesIn(catalogueScenes()),
                         [](const ::testing::TestParamInfo<std::string>& p) {
                             std::string n = p.param;
                             n = n.substr(0, n.find('.'));
                             for (char& c : n)
                                 if (c == '-') c = '_';
                             return n;
                         });

// Every solver method keeps the promise: a snapshot of a scene with contacts and joints (the
// hinge door: a motor, limits and a box it shoves; dominoes falling), resumed, ends bit for
// bit where the straight run does. A method may keep nothing between steps that a snapshot
// does not hold.
class MethodSnapshotReplay : public ::testing::TestWithParam<std::string> {};

TEST_P(MethodSnapshotReplay, ResumedRunIsBitIdenticalToTheStraightRun) {
    for (const char* file : {"hinge-door.json", "dominoes.json"}) {
        SceneDef scene = loadScene(file);
        scene.settings.solver.method = GetParam();
        World straight = buildWorld(scene);
        stepN(straight, 200);
        for (int split : {45, 120}) {
            World first = buildWorld(scene);
            stepN(first, split);
            SceneLoadResult loaded = parseScene(writeSnapshot(scene, first), "snapshot.json");
            ASSERT_TRUE(loaded.ok()) << loaded.errorText();
            EXPECT_EQ(loaded.scene.settings.solver.method, GetParam());
            World resumed = buildWorld(loaded.scene);
            stepN(resumed, 200 - split);
            EXPECT_EQ(resumed.stateHash(), straight.stateHash()) << file << ", split " << split;
        }
    }
}

INSTANTIATE_TEST_SUITE_P(EveryMethod, MethodSnapshotReplay, ::testing::ValuesIn([] {
                             std::vector<std::string> names;
                             for (const SolverMethodInfo& m : solverMethods()) names.emplace_back(m.name);
                             return names;
                         }()),
                         [](const ::testing::TestParamInfo<std::string>& p) { return p.param; });

// "%.9g" identifies a float: every float written reads back as the same bits.
TEST(Snapshot, FloatsRoundTripExactlyThroughNineDigits) {
    std::mt19937 rng(7);
    std::uniform_int_distribution<uint32_t> bits;
    int checked = 0;
    for (int i = 0; i < 200000; ++i) {
        float f = std::bit_cast<float>(bits(rng));
        if (!std::isfinite(f)) continue;
        double d = scene::exactNumber(f);
        ASSERT_EQ(std::bit_cast<uint32_t>(static_cast<float>(d)), std::bit_cast<uint32_t>(f)) << f;
        ++checked;
    }
    for (float f : {0.1f, 1.0f / 60.0f, -0.0f, std::numeric_limits<float>::min(),
                    std::numeric_limits<float>::denorm_min(), std::numeric_limits<float>::max()})
        EXPECT_EQ(std::bit_cast<uint32_t>(static_cast<float>(scene::exactNumber(f))),
                  std::bit_cast<uint32_t>(f));
    EXPECT_GT(checked, 190000);
}

// Through the whole file: every body's state reads back with the same bits.
TEST(Snapshot, StateReadsBackWithTheSameBits) {
    SceneDef scene = loadScene("box-rain.json");
    World w = buildWorld(scene);
    stepN(w, 137);
    SceneLoadResult loaded = parseScene(writeSnapshot(scene, w), "snapshot.json");
    ASSERT_TRUE(loaded.ok()) << loaded.errorText();
    WorldState a = w.captureState();
    const WorldState& b = loaded.scene.state;
    ASSERT_EQ(a.bodies.size(), b.bodies.size());
    for (size_t i = 0; i < a.bodies.size(); ++i) {
        EXPECT_EQ(std::memcmp(&a.bodies[i].position, &b.bodies[i].position, sizeof(glm::vec3)), 0);
        EXPECT_EQ(std::memcmp(&a.bodies[i].orientation, &b.bodies[i].orientation, sizeof(glm::quat)), 0);
        EXPECT_EQ(std::memcmp(&a.bodies[i].angularVelocity, &b.bodies[i].angularVelocity, sizeof(glm::vec3)), 0);
        EXPECT_EQ(a.bodies[i].sleepTime, b.bodies[i].sleepTime);
    }
    ASSERT_EQ(a.contacts.size(), b.contacts.size());
    for (size_t i = 0; i < a.contacts.size(); ++i)
        for (int k = 0; k < a.contacts[i].pointCount; ++k) {
            EXPECT_EQ(a.contacts[i].points[k].normalImpulse, b.contacts[i].points[k].normalImpulse);
            EXPECT_EQ(a.contacts[i].points[k].tangentImpulse[1], b.contacts[i].points[k].tangentImpulse[1]);
        }
    EXPECT_EQ(a.time, b.time);
    EXPECT_EQ(a.step, b.step);
}

// A snapshot written before persistent contacts has no local normals in its contact cache:
// it loads, its pairs are measured afresh on the first step, and re-measured after that.
TEST(Snapshot, ContactsWithoutLocalNormalsAreMeasuredAfreshOnTheFirstStep) {
    SceneDef scene = loadScene("pyramid.json");
    scene.settings.sleep.enabled = false; // (asleep by step 30, its pairs would not be measured at all)
    World w = buildWorld(scene);
    stepN(w, 30);
    nlohmann::json j = nlohmann::json::parse(writeSnapshot(scene, w));
    size_t stripped = 0;
    for (nlohmann::json& m : j["state"]["contacts"])
        stripped += m.erase("localNormalA") + m.erase("localNormalB");
    ASSERT_GT(stripped, 100u);
    SceneLoadResult loaded = parseScene(j.dump(), "old-snapshot.json");
    ASSERT_TRUE(loaded.ok()) << loaded.errorText();
    World resumed = buildWorld(loaded.scene);
    resumed.step();
    EXPECT_EQ(resumed.counters().pairsRemeasured, 0);
    EXPECT_GT(resumed.counters().pairs, 300);
    resumed.step();
    EXPECT_GT(resumed.counters().pairsRemeasured, resumed.counters().pairs / 2);
    // The intact snapshot re-measures from its first step on.
    World intact = buildWorld(parseScene(writeSnapshot(scene, w), "snapshot.json").scene);
    intact.step();
    EXPECT_GT(intact.counters().pairsRemeasured, intact.counters().pairs / 2);
}

// A bad `state` is reported like every other key: file, JSON path and value.
TEST(Snapshot, BadStateKeysGivePathQualifiedErrors) {
    SceneDef scene = loadScene("chain.json");
    World w = buildWorld(scene);
    stepN(w, 10);
    nlohmann::json j = nlohmann::json::parse(writeSnapshot(scene, w));

    nlohmann::json bad = j;
    bad["state"]["bodies"][2]["sleepTime"] = "long";
    SceneLoadResult r = parseScene(bad.dump(), "snap.json");
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.errorText().find("snap.json: state.bodies[2].sleepTime: must be a number"),
              std::string::npos)
        << r.errorText();

    bad = j;
    bad["state"]["bodies"][0]["velocity"] = 1;
    r = parseScene(bad.dump(), "snap.json");
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.errorText().find("snap.json: state.bodies[0]: unknown key 'velocity'"),
              std::string::npos)
        << r.errorText();

    bad = j;
    bad["state"]["bodies"].erase(bad["state"]["bodies"].size() - 1);
    r = parseScene(bad.dump(), "snap.json");
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.errorText().find("snap.json: state.bodies: lists"), std::string::npos)
        << r.errorText();

    bad = j;
    bad["state"]["contacts"] = {{{"bodyA", 3}, {"bodyB", 1}}};
    r = parseScene(bad.dump(), "snap.json");
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.errorText().find("snap.json: state.contacts[0].bodyB: must be greater than bodyA"),
              std::string::npos)
        << r.errorText();
}

// A joint's axes and reference directions are unit vectors in the engine. A zero one used to
// load, step, and then vanish from the snapshot the world wrote (the hinge's definition needs
// an axis), so the rewritten file did not load: the fuzzer's input, now an error at its path.
TEST(Snapshot, AJointStateAxisMustBeAUnitVector) {
    SceneDef scene = loadScene("hinge-door.json");
    World w = buildWorld(scene);
    stepN(w, 5);
    nlohmann::json j = nlohmann::json::parse(writeSnapshot(scene, w));
    ASSERT_TRUE(parseScene(j.dump(), "snap.json").ok());

    for (const char* key : {"localAxisA", "localAxisB", "localRefA", "localRefB"}) {
        nlohmann::json bad = j;
        bad["state"]["joints"][0][key] = {0.0, 0.0, 0.0};
        SceneLoadResult r = parseScene(bad.dump(), "snap.json");
        ASSERT_FALSE(r.ok()) << key;
        EXPECT_NE(r.errorText().find(std::string("snap.json: state.joints[0].") + key +
                                     ": must be a unit vector (length 1), got [0.0,0.0,0.0]"),
                  std::string::npos)
            << r.errorText();
    }
    nlohmann::json scaled = j;
    scaled["state"]["joints"][0]["localAxisB"] = {0.0, 2.0, 0.0};
    EXPECT_FALSE(parseScene(scaled.dump(), "snap.json").ok());
}

