// Record and rewind (tumble/recorder.h): a rewound step is the recorded one bit for bit,
// resuming from it reproduces the recorded future, a changed setting forks a new one, and
// the ring buffer stays inside its budget.
#include "tumble/recorder.h"
#include "tumble/scene.h"
#include "world/state_codec.h"

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

using namespace tumble;

namespace {

SceneDef loadScene(const std::string& name) {
    SceneLoadResult r = loadSceneFile(std::string(TUMBLE_SOURCE_DIR) + "/scenes/" + name);
    if (!r.ok()) ADD_FAILURE() << r.errorText();
    return r.scene;
}

/// Build the scene, record step 0 and then `steps` steps; returns each step's hash.
std::vector<uint64_t> recordRun(const SceneDef& scene, World& world, Recorder& recorder, int steps) {
    world = buildWorld(scene);
    recorder.record(world);
    std::vector<uint64_t> hashes{world.stateHash()};
    for (int i = 0; i < steps; ++i) {
        world.step();
        recorder.record(world);
        hashes.push_back(world.stateHash());
    }
    return hashes;
}

} // namespace

TEST(Recorder, PackedStateRestoresTheSameBits) {
    SceneDef scene = loadScene("ragdoll.json");
    World a = buildWorld(scene);
    for (int i = 0; i < 90; ++i) a.step();
    std::vector<std::byte> bytes;
    packState(a.captureState(), bytes);
    WorldState unpacked;
    ASSERT_TRUE(unpackState(bytes, unpacked));
    World b = buildWorld(scene);
    std::string error;
    ASSERT_TRUE(b.restoreState(unpacked, &error)) << error;
    EXPECT_EQ(b.stateHash(), a.stateHash());
    for (int i = 0; i < 60; ++i) {
        a.step();
        b.step();
    }
    EXPECT_EQ(b.stateHash(), a.stateHash());
    // A truncated record is refused, not read past its end.
    bytes.resize(bytes.size() - 3);
    EXPECT_FALSE(unpackState(bytes, unpacked));
}

TEST(Recorder, RewoundStepAndItsResumedFutureEqualTheRecordedOnesBitForBit) {
    SceneDef scene = loadScene("box-rain.json");
    World world;
    Recorder recorder;
    std::vector<uint64_t> recorded = recordRun(scene, world, recorder, 200);
    ASSERT_EQ(recorder.firstStep(), 0u);
    ASSERT_EQ(recorder.lastStep(), 200u);

    std::string error;
    ASSERT_TRUE(recorder.seek(world, 120, &error)) << error;
    EXPECT_TRUE(error.empty()) << error;
    EXPECT_EQ(world.stepCount(), 120u);
    EXPECT_EQ(world.stateHash(), recorded[120]);
    // Resuming records the new future over the old one; without a change it is the same.
    for (int k = 121; k <= 200; ++k) {
        world.step();
        recorder.record(world);
        ASSERT_EQ(world.stateHash(), recorded[static_cast<size_t>(k)]) << "step " << k;
    }
    EXPECT_EQ(recorder.lastStep(), 200u);
}

TEST(Recorder, RewoundStepShowsThatStepsContactsAndCountersExactlyAsTheyWere) {
    SceneDef scene = loadScene("pyramid.json");
    World world = buildWorld(scene);
    world.setContactFigures(true); // this test reads them
    Recorder recorder;
    recorder.record(world);
    std::vector<ContactManifoldInfo> atStep40;
    std::vector<ContactManifoldFigures> figuresAt40;
    Counters countersAt40;
    SolverStats solverAt40;
    for (int i = 1; i <= 80; ++i) {
        world.step();
        recorder.record(world);
        if (i == 40) {
            atStep40 = world.contacts();
            figuresAt40 = world.contactFigures();
            countersAt40 = world.counters();
            solverAt40 = world.solverStats();
        }
    }
    ASSERT_FALSE(atStep40.empty());
    ASSERT_TRUE(recorder.seek(world, 40));
    const std::vector<ContactManifoldInfo>& now = world.contacts();
    const std::vector<ContactManifoldFigures>& figuresNow = world.contactFigures();
    ASSERT_EQ(now.size(), atStep40.size());
    ASSERT_EQ(figuresNow.size(), now.size());
    ASSERT_EQ(figuresAt40.size(), atStep40.size());
    for (size_t i = 0; i < now.size(); ++i) {
        ASSERT_EQ(now[i].pointCount, atStep40[i].pointCount);
        for (int k = 0; k < now[i].pointCount; ++k) {
            const ContactPointInfo& p = now[i].points[k];
            const ContactPointInfo& q = atStep40[i].points[k];
            EXPECT_EQ(p.normalImpulse, q.normalImpulse);
            EXPECT_EQ(std::memcmp(&p.rA, &q.rA, sizeof p.rA), 0);
            // What the inspector shows: the solver's own figures, not just the cache, bit
            // for bit (all floats, no padding).
            const ContactPointFigures& f = figuresNow[i].points[k];
            const ContactPointFigures& g = figuresAt40[i].points[k];
            EXPECT_EQ(f.normalMass, g.normalMass);
            EXPECT_EQ(f.bias, g.bias);
            EXPECT_EQ(std::memcmp(&f, &g, sizeof f), 0);
        }
    }
    EXPECT_EQ(world.counters().contacts, countersAt40.contacts);
    EXPECT_EQ(world.counters().pairsTested, countersAt40.pairsTested);
    EXPECT_EQ(world.counters().maxPenetration, countersAt40.maxPenetration);
    EXPECT_EQ(world.solverStats().maxDelta, solverAt40.maxDelta);
}

TEST(Recorder, ASettingChangedAtARewoundStepForksANewFuture) {
    SceneDef scene = loadScene("box-rain.json");
    World world;
    Recorder recorder;
    std::vector<uint64_t> recorded = recordRun(scene, world, recorder, 150);
    ASSERT_TRUE(recorder.seek(world, 100));
    world.settings().solver.velocityIterations = 2;
    world.step();
    recorder.record(world);
    EXPECT_EQ(recorder.lastStep(), 101u);
    EXPECT_NE(world.stateHash(), recorded[101]);
    // The rewound step keeps the settings it ran with: seeking back restores them.
    ASSERT_TRUE(recorder.seek(world, 50));
    EXPECT_EQ(world.settings().solver.velocityIterations, scene.settings.solver.velocityIterations);
    EXPECT_EQ(world.stateHash(), recorded[50]);
    ASSERT_TRUE(recorder.seek(world, 101));
    EXPECT_EQ(world.settings().solver.velocityIterations, 2);
}

TEST(Recorder, TheRingBufferNeverExceedsItsBudgetAndDropsTheOldestSteps) {
    SceneDef scene = loadScene("box-rain.json");
    World world = buildWorld(scene);
    const size_t budget = size_t{2} << 20;
    Recorder recorder(budget);
    recorder.record(world);
    std::vector<uint64_t> hashes{world.stateHash()};
    for (int i = 1; i <= 400; ++i) {
        world.step();
        recorder.record(world);
        hashes.push_back(world.stateHash());
        ASSERT_LE(recorder.bytesUsed(), budget) << "step " << i;
    }
    EXPECT_EQ(recorder.lastStep(), 400u);
    EXPECT_GT(recorder.firstStep(), 0u) << "a 2 MiB budget cannot hold 400 steps of 1,000 boxes";
    EXPECT_EQ(recorder.size(), recorder.lastStep() - recorder.firstStep() + 1);
    // Shrinking the budget drops more of the oldest steps at once. (Half of it: a step of the
    // settled rain holds its 1,000 sleeping pairs too, about half a MiB.)
    uint64_t firstBefore = recorder.firstStep();
    recorder.setBudget(budget / 2);
    EXPECT_LE(recorder.bytesUsed(), budget / 2);
    EXPECT_GT(recorder.firstStep(), firstBefore);
    EXPECT_EQ(recorder.lastStep(), 400u);
    // The oldest recorded step has no predecessor: it is restored directly, exactly.
    uint64_t oldest = recorder.firstStep();
    ASSERT_TRUE(recorder.seek(world, oldest));
    EXPECT_EQ(world.stateHash(), hashes[oldest]);
    EXPECT_FALSE(recorder.seek(world, oldest - 1));
}

TEST(Recorder, WatchdogFlagsBecomeMarkersOfTheirSteps) {
    SceneDef scene = loadScene("box-rain.json");
    World world = buildWorld(scene);
    world.settings().watchdog.maxSpeed = 5.0f; // the rain falls faster than this within 1 s
    Recorder recorder;
    recorder.record(world);
    for (int i = 0; i < 120; ++i) {
        world.step();
        recorder.record(world);
    }
    std::vector<RecordedMarker> markers = recorder.markers();
    ASSERT_FALSE(markers.empty());
    // v = g t: 5 m/s is passed after 0.51 s, step 31 at 60 Hz.
    EXPECT_GE(markers.front().step, 30u);
    EXPECT_LE(markers.front().step, 33u);
    EXPECT_TRUE(markers.front().flags.tooFast);
    EXPECT_TRUE(recorder.flags(markers.front().step).tooFast);
    EXPECT_FALSE(recorder.flags(10).any());
}

TEST(Recorder, RewindingBeforeANonFiniteStepForgetsItsEvent) {
    SceneLoadResult r = loadSceneFile(std::string(TUMBLE_TEST_DATA_DIR) + "/nonfinite_attractor.json");
    ASSERT_TRUE(r.ok()) << r.errorText();
    World world = buildWorld(r.scene);
    Recorder recorder;
    recorder.record(world);
    for (int i = 0; i < 600 && !world.hasNonFinite(); ++i) {
        world.step();
        recorder.record(world);
    }
    ASSERT_TRUE(world.hasNonFinite());
    ASSERT_FALSE(world.events().empty());
    EXPECT_TRUE(world.events().back().nonFinite);
    const uint64_t bad = world.stepCount();
    EXPECT_TRUE(recorder.flags(bad).nonFinite);
    // Back before it: the event belongs to a future that has not happened yet.
    ASSERT_GE(bad, 1u);
    ASSERT_TRUE(recorder.seek(world, bad - 1));
    EXPECT_FALSE(world.hasNonFinite());
    for (const WorldEvent& e : world.events()) EXPECT_LT(e.step, bad);
}

TEST(Recorder, ARunOfStepsWithTheSameFlagsIsOneMarkerSpanningThem) {
    SceneDef scene = loadScene("box-rain.json");
    World world = buildWorld(scene);
    world.settings().watchdog.maxSpeed = 5.0f; // passed after some 31 steps, then every step
    world.settings().watchdog.maxPenetration = 1e3f;
    world.settings().watchdog.maxEnergyGain = 1e9f;
    Recorder recorder;
    recorder.record(world);
    for (int i = 0; i < 120; ++i) {
        world.step();
        recorder.record(world);
    }
    std::vector<RecordedMarker> markers = recorder.markers();
    ASSERT_FALSE(markers.empty());
    uint64_t flagged = 0;
    for (const RecordedMarker& m : markers) {
        ASSERT_GE(m.lastStep, m.step);
        for (uint64_t step = m.step; step <= m.lastStep; ++step) EXPECT_TRUE(recorder.flags(step).tooFast);
        flagged += m.lastStep - m.step + 1;
    }
    EXPECT_GT(flagged, 20u) << "the rain stays too fast for a run of steps";
    EXPECT_LT(markers.size(), 5u) << "one marker per run of flagged steps, not one per step";
}
