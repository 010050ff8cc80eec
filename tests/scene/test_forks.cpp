// A/B forks (tumble/fork.h): a fork with the main world's settings stays bit for bit the main
// world, step after step, through a rewind and a new future; a fork with a changed setting
// drifts and says when; a bad change adds nothing; a promoted fork goes on as it would have.
#include "tumble/fork.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace tumble;

namespace {

SceneDef loadScene(const std::string& name) {
    SceneLoadResult r = loadSceneFile(std::string(TUMBLE_SOURCE_DIR) + "/scenes/" + name);
    if (!r.ok()) ADD_FAILURE() << r.errorText();
    return r.scene;
}

/// The main world and its recording, stepped `steps` times with the forks following.
void run(World& main, Recorder& recorder, Forks& forks, int steps) {
    for (int i = 0; i < steps; ++i) {
        main.step();
        recorder.record(main);
        forks.follow(main);
    }
}

} // namespace

TEST(Forks, AForkWithTheSameSettingsIsTheMainWorldBitForBit) {
    // The ragdoll has joints and contacts; a box dropped in after the load is not in the scene
    // file, and the fork has it too.
    const SceneDef scene = loadScene("ragdoll.json");
    World main = buildWorld(scene);
    BodyDef box;
    box.name = "dropped";
    box.shape.type = ShapeType::Box;
    box.shape.halfExtents = {0.2f, 0.2f, 0.2f};
    box.position = {0.3f, 3.0f, 0.1f};
    main.createBody(box);
    Recorder recorder;
    recorder.record(main);
    Forks forks;
    run(main, recorder, forks, 30);
    ASSERT_EQ(forks.add(scene, main, {}), "");
    ASSERT_EQ(forks[0].world.stateHash(), main.stateHash());
    EXPECT_EQ(forks[0].forkStep, 30u);
    for (int i = 0; i < 120; ++i) {
        run(main, recorder, forks, 1);
        ASSERT_TRUE(forks[0].inStep);
        ASSERT_EQ(forks[0].world.stateHash(), main.stateHash()) << "step " << main.stepCount();
    }
    EXPECT_EQ(forks[0].divergence.firstApart, -1);
    EXPECT_EQ(forks[0].divergence.samples.size(), 121u);
    EXPECT_EQ(forks[0].divergence.samples.back().largest, 0.0f);

    // Rewound to step 90, the fork is where it was at step 90; resumed, it follows again.
    ASSERT_TRUE(recorder.seek(main, 90));
    forks.seek(main);
    ASSERT_TRUE(forks[0].inStep);
    EXPECT_EQ(forks[0].world.stateHash(), main.stateHash());
    run(main, recorder, forks, 20);
    EXPECT_EQ(forks[0].world.stateHash(), main.stateHash());
    EXPECT_EQ(forks[0].divergence.samples.back().step, 110u);
    EXPECT_EQ(forks[0].divergence.samples.size(), 81u) << "the samples after step 90 were replaced";

    // Rewound to before the fork, it is hidden; back at a step it has, it shows again.
    ASSERT_TRUE(recorder.seek(main, 10));
    forks.seek(main);
    EXPECT_FALSE(forks[0].inStep);
    ASSERT_TRUE(recorder.seek(main, 100));
    forks.seek(main);
    EXPECT_TRUE(forks[0].inStep);
    EXPECT_EQ(forks[0].world.stateHash(), main.stateHash());
}

TEST(Forks, AForkWithoutWarmStartingDriftsFromTheMainPyramid) {
    const SceneDef scene = loadScene("pyramid.json");
    World main = buildWorld(scene);
    Recorder recorder;
    recorder.record(main);
    Forks forks;
    run(main, recorder, forks, 10);
    ASSERT_EQ(forks.add(scene, main, {"solver.warmStarting=false"}), "");
    ASSERT_EQ(forks.add(scene, main, {"solver.method=jacobi", "solver.velocityIterations=4"}), "");
    EXPECT_EQ(forks[1].label, "solver.method=jacobi, solver.velocityIterations=4");
    EXPECT_FALSE(forks[0].world.settings().solver.warmStarting);
    EXPECT_TRUE(main.settings().solver.warmStarting);
    run(main, recorder, forks, 300);
    for (size_t i = 0; i < forks.size(); ++i) {
        const Fork& f = forks[i];
        EXPECT_NE(f.world.stateHash(), main.stateHash());
        ASSERT_GE(f.divergence.firstApart, 11) << f.label;
        EXPECT_GT(f.divergence.samples.back().largest, kApartDistance) << f.label;
        EXPECT_EQ(f.divergence.samples.size(), 301u);
        // Before the first step apart no body was a millimetre off, and at it one was.
        for (const Divergence& d : f.divergence.samples) {
            if (int64_t(d.step) < f.divergence.firstApart) {
                EXPECT_LE(d.largest, kApartDistance);
            }
            if (int64_t(d.step) == f.divergence.firstApart) {
                EXPECT_GT(d.largest, kApartDistance);
            }
        }
    }
}

TEST(Forks, ABadChangeNamesItsValueAndAddsNothing) {
    const SceneDef scene = loadScene("pyramid.json");
    World main = buildWorld(scene);
    Forks forks;
    const std::string error = forks.add(scene, main, {"solver.velocityIterations=4", "solver.method=nosuch"});
    EXPECT_NE(error.find("nosuch"), std::string::npos) << error;
    EXPECT_TRUE(forks.empty());
    for (int i = 0; i < 4; ++i) ASSERT_EQ(forks.add(scene, main, {}), "");
    EXPECT_NE(forks.add(scene, main, {}), "");
    EXPECT_EQ(forks.size(), Forks::kMaxForks);
}

TEST(Forks, APromotedForkGoesOnAsItWould) {
    const SceneDef scene = loadScene("pyramid.json");
    World main = buildWorld(scene);
    Recorder recorder;
    recorder.record(main);
    Forks forks;
    ASSERT_EQ(forks.add(scene, main, {"solver.velocityIterations=3"}), "");
    ASSERT_EQ(forks.add(scene, main, {"solver.velocityIterations=3"}), "");
    run(main, recorder, forks, 60);
    Fork promoted = forks.take(0);
    ASSERT_EQ(forks.size(), 1u);
    for (int i = 0; i < 60; ++i) {
        promoted.world.step();
        forks[0].world.step();
    }
    EXPECT_EQ(promoted.world.stateHash(), forks[0].world.stateHash());
}

TEST(Forks, APromotedForksRecordingContinuesTheMainOne) {
    // The main recording keeps its steps up to the fork and takes the fork's after it, so the
    // timeline of the promoted world reaches back before the fork.
    const SceneDef scene = loadScene("pyramid.json");
    World main = buildWorld(scene);
    Recorder recorder;
    recorder.record(main);
    Forks forks;
    run(main, recorder, forks, 20);
    ASSERT_EQ(forks.add(scene, main, {"solver.velocityIterations=2"}), "");
    run(main, recorder, forks, 30);
    Fork promoted = forks.take(0);
    const uint64_t hash = promoted.world.stateHash();
    main = std::move(promoted.world);
    recorder.continueWith(std::move(promoted.recorder));
    EXPECT_EQ(recorder.firstStep(), 0u);
    EXPECT_EQ(recorder.lastStep(), 50u);
    ASSERT_TRUE(recorder.seek(main, 35));
    EXPECT_EQ(main.settings().solver.velocityIterations, 2);
    ASSERT_TRUE(recorder.seek(main, 50));
    EXPECT_EQ(main.stateHash(), hash);
    ASSERT_TRUE(recorder.seek(main, 10));
    EXPECT_NE(main.settings().solver.velocityIterations, 2);
}

namespace {

/// The scene with the forks its file lists, stepped `steps` times.
struct ForkedScene {
    SceneDef scene;
    World world;
    Forks forks;
};
ForkedScene runForkedScene(const std::string& name, int steps) {
    ForkedScene r{loadScene(name), World{}, Forks{}};
    r.world = buildWorld(r.scene);
    EXPECT_EQ(r.forks.addSceneForks(r.scene, r.world), "");
    for (int i = 0; i < steps; ++i) {
        r.world.step();
        r.forks.follow(r.world);
    }
    return r;
}

} // namespace

TEST(ForkLessons, WithoutWarmStartingTheGhostPyramidShearsAwayFromTheStillOne) {
    const ForkedScene r = runForkedScene("warm-start-jitter.json", 300);
    ASSERT_EQ(r.forks.size(), 1u);
    EXPECT_EQ(r.forks[0].label, "warm starting off");
    EXPECT_FALSE(r.forks[0].world.settings().solver.warmStarting);
    EXPECT_GE(r.forks[0].divergence.firstApart, 1);
    EXPECT_GT(r.forks[0].divergence.samples.back().largest, 0.5f)
        << "the lesson says it shears apart within five seconds";
}

TEST(ForkLessons, TheBaumgarteGhostCratesPopWhileTheSplitImpulseOnesEaseApart) {
    const ForkedScene r = runForkedScene("deep-overlap-pop.json", 30);
    ASSERT_EQ(r.forks.size(), 1u);
    // The fork turned the overlap into motion: some 1e5 J more than the main world.
    EXPECT_GT(r.forks[0].world.kineticEnergy(), 1e4);
    EXPECT_LT(r.world.kineticEnergy(), 1e3);
    EXPECT_GT(r.forks[0].divergence.samples.back().largest, 1.0f);
}

TEST(ForkLessons, TheJacobiGhostTowerFallsAwayFromTheStandingOne) {
    const ForkedScene r = runForkedScene("jacobi-vs-gauss-seidel.json", 600);
    ASSERT_EQ(r.forks.size(), 1u);
    EXPECT_GT(r.forks[0].divergence.samples.back().largest, 1.0f) << "a box of the tower fell";
}

TEST(Forks, AFileForkWithABadChangeNamesTheFileThePathAndTheValue) {
    const std::string text = R"({"format": "tumble-scene", "version": 1, "bodies": [],
        "forks": [{"name": "x", "set": ["solver.velocityIterations=4", "solver.method=nosuch"]}]})";
    const SceneLoadResult r = parseScene(text, "bad.json");
    ASSERT_FALSE(r.ok());
    const std::string e = r.errorText();
    EXPECT_NE(e.find("bad.json"), std::string::npos) << e;
    EXPECT_NE(e.find("forks[0].set[1]"), std::string::npos) << e;
    EXPECT_NE(e.find("nosuch"), std::string::npos) << e;
}

TEST(Forks, ASnapshotBringsItsForksBackWhereTheyWere) {
    ForkedScene r = runForkedScene("jacobi-vs-gauss-seidel.json", 90);
    const std::string text = writeSnapshot(r.scene, r.world, &r.forks);
    const SceneLoadResult read = parseScene(text, "snapshot.json");
    ASSERT_TRUE(read.ok()) << read.errorText();
    ASSERT_EQ(read.scene.forks.size(), 1u);
    World world = buildWorld(read.scene);
    Forks forks;
    ASSERT_EQ(forks.addSceneForks(read.scene, world), "");
    ASSERT_EQ(forks.size(), 1u);
    EXPECT_EQ(forks[0].label, "Jacobi");
    EXPECT_EQ(forks[0].world.stateHash(), r.forks[0].world.stateHash());
    for (int i = 0; i < 30; ++i) {
        world.step();
        forks.follow(world);
        r.world.step();
        r.forks.follow(r.world);
    }
    EXPECT_EQ(forks[0].world.stateHash(), r.forks[0].world.stateHash()) << "the fork goes on as it would have";
    EXPECT_EQ(world.stateHash(), r.world.stateHash());
}

TEST(Forks, ASnapshotWithFourForksAndTheBulletForkReadsBackWithAllFive) {
    // The Forks tab holds four Tumble forks and a Bullet fork at once; its snapshot must load.
    const SceneDef scene = loadScene("jacobi-vs-gauss-seidel.json");
    World main = buildWorld(scene);
    Forks forks;
    for (int i = 0; i < 4; ++i) ASSERT_EQ(forks.add(scene, main, {"solver.velocityIterations=" + std::to_string(4 + i)}), "");
    const SceneLoadResult read = parseScene(writeSnapshot(scene, main, &forks, true), "snapshot.json");
    ASSERT_TRUE(read.ok()) << read.errorText();
    ASSERT_EQ(read.scene.forks.size(), 5u);
    EXPECT_EQ(read.scene.forks[4].engine, "bullet");
    EXPECT_FALSE(read.scene.forks[4].hasState) << "Bullet's state cannot be saved: it is split off again";
    EXPECT_TRUE(read.scene.forks[4].changes.empty());
}

TEST(Forks, AFileWithTwoBulletForksIsRefused) {
    const std::string text = R"({"format": "tumble-scene", "version": 1, "bodies": [],
        "forks": [{"engine": "bullet"}, {"engine": "bullet"}]})";
    const SceneLoadResult r = parseScene(text, "two.json");
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.errorText().find("at most 1 Bullet fork, got 2"), std::string::npos) << r.errorText();
}
