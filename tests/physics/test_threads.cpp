// Settings::threads: the step's parallel loops (the broad phase's queries, the narrow phase,
// contact rows, the wide method's colours, the bodies' boxes and integration) give the same
// bits at any thread count, so the setting changes speed and never the simulation.
#include "tumble/scene.h"
#include "tumble/world.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <string>
#include <thread>

using namespace tumble;

namespace {

World loadScene(const std::string& name) {
    const SceneLoadResult r = loadSceneFile(std::string(TUMBLE_SOURCE_DIR) + "/scenes/" + name + ".json");
    EXPECT_TRUE(r.ok()) << r.errorText();
    return buildWorld(r.scene);
}

struct Outcome {
    uint64_t hash = 0;
    int contacts = 0;
    int pairsTested = 0; ///< the broad phase's box tests: its queries run on the threads too
};

/// `steps` steps of a catalogue scene with `method`, sleeping off, at `threads` threads.
Outcome stepScene(const std::string& scene, const std::string& method, int threads, int steps) {
    World w = loadScene(scene);
    w.settings().solver.method = method;
    w.settings().sleep.enabled = false;
    w.settings().threads = threads;
    for (int i = 0; i < steps; ++i) w.step();
    EXPECT_EQ(w.profile().threads, threads);
    return {w.stateHash(), w.counters().contacts, w.counters().pairsTested};
}

} // namespace

TEST(Threads, EveryThreadCountStepsTheSameBits) {
    // Boxes (persistent contacts), spheres, compounds (several manifolds per pair), a mesh,
    // sensors and joints; block Gauss-Seidel and the wide method (its colours on threads).
    const char* scenes[] = {"pyramid-large", "sphere-pit", "compound-crate-stack", "tiled-floor", "sensor-gate", "ragdoll"};
    for (const char* scene : scenes)
        for (const char* method : {"gaussSeidel", "wide"}) {
            const Outcome one = stepScene(scene, method, 1, 60);
            ASSERT_GT(one.contacts, 0) << scene;
            for (int threads : {2, 4}) {
                const Outcome many = stepScene(scene, method, threads, 60);
                EXPECT_EQ(many.hash, one.hash) << scene << " with " << method << " at " << threads << " threads";
                EXPECT_EQ(many.contacts, one.contacts) << scene;
                EXPECT_EQ(many.pairsTested, one.pairsTested) << scene;
            }
        }
}

TEST(Threads, ChangingTheCountWhileRunningWakesNothingAndChangesNothing) {
    // Any other setting changed wakes every body (so its effect is seen); the thread count
    // must not, or a pile that fell asleep would wake and the runs would part.
    World steady = loadScene("sleeping-pile");
    World changing = loadScene("sleeping-pile");
    steady.settings().threads = 1;
    int asleepSeen = 0;
    for (int i = 0; i < 600; ++i) {
        changing.settings().threads = 1 + (i / 50) % 3;
        steady.step();
        changing.step();
        asleepSeen = std::max(asleepSeen, changing.counters().bodies - changing.counters().awakeBodies);
    }
    EXPECT_GT(asleepSeen, 0) << "the pile falls asleep while the count changes";
    EXPECT_EQ(changing.stateHash(), steady.stateHash());
    EXPECT_EQ(changing.counters().awakeBodies, steady.counters().awakeBodies);
}

TEST(Threads, TheSettingLoadsWritesAndRefusesOutOfRange) {
    auto parse = [](const std::string& threads) {
        return parseScene(R"({"format": "tumble-scene", "version": 1, "settings": {"threads": )" + threads +
                              "}, \"bodies\": []}",
                          "threads.json");
    };
    const SceneLoadResult two = parse("2");
    ASSERT_TRUE(two.ok()) << two.errorText();
    EXPECT_EQ(two.scene.settings.threads, 2);
    EXPECT_EQ(settingsToJson(two.scene.settings)["threads"], 2) << "snapshots keep it";
    const SceneLoadResult many = parse("65");
    ASSERT_FALSE(many.ok());
    EXPECT_NE(many.errorText().find("threads.json"), std::string::npos) << many.errorText();
    EXPECT_NE(many.errorText().find("settings.threads"), std::string::npos) << many.errorText();
    EXPECT_NE(many.errorText().find("65"), std::string::npos) << many.errorText();
    Settings s;
    EXPECT_EQ(applySettingOverride(s, "threads=3"), "");
    EXPECT_EQ(s.threads, 3);
}

TEST(Threads, ZeroLetsTheWorldTimeOneThreadAgainstOnePerCoreWithTheSameBits) {
    Settings s;
    EXPECT_EQ(s.threads, 0) << "the default: auto";
    const int cores = static_cast<int>(std::thread::hardware_concurrency());
    EXPECT_EQ(stepThreads(s), std::max(1, std::min(cores, 64))) << "the most it tries";
    // While it times the two counts it switches between them step by step; the pyramid moves
    // exactly as at one thread.
    World chooses = loadScene("pyramid-large");
    World one = loadScene("pyramid-large");
    chooses.settings().solver.method = one.settings().solver.method = "wide";
    chooses.settings().threads = 0;
    one.settings().threads = 1;
    bool sawOne = false, sawAll = false;
    for (int i = 0; i < 48; ++i) {
        chooses.step();
        one.step();
        sawOne |= chooses.profile().threads == 1;
        sawAll |= chooses.profile().threads == stepThreads(s);
    }
    EXPECT_EQ(chooses.stateHash(), one.stateHash());
    const ThreadChoice& c = chooses.threadChoice();
    EXPECT_TRUE(c.automatic);
    EXPECT_FALSE(one.threadChoice().automatic);
    if (stepThreads(s) > 1) {
        EXPECT_TRUE(sawOne && sawAll) << "a trial steps at both counts";
        EXPECT_EQ(c.trials, 1);
        EXPECT_GT(c.oneMs, 0.0f);
        EXPECT_GT(c.allMs, 0.0f);
        EXPECT_TRUE(c.chosen == 1 || c.chosen == stepThreads(s));
    }
    s.threads = 3;
    EXPECT_EQ(stepThreads(s), 3);
    World w(s);
    w.step();
    EXPECT_EQ(w.profile().threads, 3);
}

TEST(Threads, TheLessonStepThatSetsTwoThreadsChangesOnlyTheSpeed) {
    // Pyramid, large: "Set threads to 2 in Stats: the pyramid moves exactly as before", from
    // the default, auto, which switches between one thread and every core as it times them.
    const SceneLoadResult r = loadSceneFile(std::string(TUMBLE_SOURCE_DIR) + "/scenes/pyramid-large.json");
    ASSERT_TRUE(r.ok()) << r.errorText();
    const LessonStep* threadStep = nullptr;
    for (const LessonStep& step : r.scene.lesson.steps)
        for (const std::string& s : step.change.settings)
            if (s == "threads=2") threadStep = &step;
    ASSERT_NE(threadStep, nullptr) << "the lesson has a step that sets two threads";
    World plain = buildWorld(r.scene);
    World changed = buildWorld(r.scene);
    EXPECT_EQ(plain.settings().threads, 0) << "the scene runs on auto";
    for (int i = 0; i < 240; ++i) {
        plain.step();
        changed.step();
    }
    ASSERT_EQ(applyLessonAction(threadStep->change, changed), "");
    EXPECT_EQ(changed.settings().threads, 2);
    for (int i = 0; i < 120; ++i) {
        plain.step();
        changed.step();
    }
    EXPECT_EQ(changed.profile().threads, 2);
    EXPECT_EQ(changed.stateHash(), plain.stateHash());
    EXPECT_EQ(changed.counters().awakeBodies, plain.counters().awakeBodies) << "the step woke nothing";
}
