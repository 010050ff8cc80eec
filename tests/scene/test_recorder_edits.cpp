// A recording goes on through edits of the bodies (tumble/recorder.h, recordEdit): a body
// dropped or deleted mid-run is an edit on the timeline, a rewind before it brings the old
// bodies back and one after it the new, each step bit for bit as it ran, and resuming from
// either side reproduces the recorded future.
#include "tumble/recorder.h"
#include "tumble/scene.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

using namespace tumble;

namespace {

/// A ground, a stack of three boxes and a ball rolling into them: contacts, warm starts and
/// sleep counters are all part of the state a rebuilt world must carry.
const char* kScene = R"({
  "format": "tumble-scene", "version": 1, "name": "edits",
  "settings": {"sleep": {"enabled": false}},
  "bodies": [
    {"name": "ground", "type": "static", "shape": {"type": "box", "halfExtents": [10, 0.5, 10]}, "position": [0, -0.5, 0]},
    {"name": "a", "shape": {"type": "box", "halfExtents": [0.5, 0.5, 0.5]}, "position": [0, 0.5, 0]},
    {"name": "b", "shape": {"type": "box", "halfExtents": [0.5, 0.5, 0.5]}, "position": [0, 1.5, 0]},
    {"name": "c", "shape": {"type": "box", "halfExtents": [0.5, 0.5, 0.5]}, "position": [0, 2.5, 0]},
    {"name": "ball", "shape": {"type": "sphere", "radius": 0.3}, "position": [-4, 0.3, 0.2], "linearVelocity": [3, 0, 0]}
  ]
})";

SceneDef editScene() {
    SceneLoadResult r = parseScene(kScene, "edits.json");
    if (!r.ok()) ADD_FAILURE() << r.errorText();
    return r.scene;
}

std::shared_ptr<const SceneDef> definitionOf(const SceneDef& scene, const World& world) {
    SceneLoadResult r = sceneOfWorld(scene, world);
    if (!r.ok()) ADD_FAILURE() << r.errorText();
    return std::make_shared<const SceneDef>(r.scene);
}

BodyDef droppedBox() {
    BodyDef def;
    def.name = "dropped";
    def.shape.type = ShapeType::Box;
    def.shape.halfExtents = {0.4f, 0.4f, 0.4f};
    def.position = {0.1f, 5.0f, 0.0f};
    return def;
}

/// Step and record up to `last`, returning the hash after each step (by step number).
void runTo(World& world, Recorder& recorder, uint64_t last, std::vector<uint64_t>& hashes) {
    while (world.stepCount() < last) {
        world.step();
        recorder.record(world);
        hashes.resize(world.stepCount() + 1);
        hashes[world.stepCount()] = world.stateHash();
    }
}

struct EditedRun {
    SceneDef scene = editScene();
    World world = buildWorld(scene);
    Recorder recorder;
    std::vector<uint64_t> hashes;

    /// 60 steps, a box dropped after step 60, then on to step 120.
    EditedRun() {
        recorder.record(world);
        hashes.push_back(world.stateHash());
        runTo(world, recorder, 60, hashes);
        std::shared_ptr<const SceneDef> before = definitionOf(scene, world);
        EXPECT_TRUE(recorder.needsDefinitionBeforeEdit());
        world.createBody(droppedBox());
        recorder.recordEdit(world, "dropped 'dropped'", definitionOf(scene, world), before);
        hashes[60] = world.stateHash(); // step 60 now shows the edited world
        runTo(world, recorder, 120, hashes);
    }
};

} // namespace

TEST(RecorderEdits, ARewindAcrossADropShowsEachSidesBodiesBitForBit) {
    EditedRun run;
    ASSERT_EQ(run.recorder.size(), 121u); // one recording, not restarted at the drop
    ASSERT_EQ(run.recorder.edits().size(), 1u);
    EXPECT_EQ(run.recorder.edits()[0].step, 60u);
    EXPECT_EQ(run.recorder.edits()[0].label, "dropped 'dropped'");

    for (uint64_t step : {30u, 59u, 60u, 61u, 90u, 1u, 120u}) {
        EXPECT_EQ(run.recorder.seekRebuilds(step), (step < 60) != (run.world.bodyCount() == 5)) << step;
        std::string message;
        ASSERT_TRUE(run.recorder.seek(run.world, step, &message)) << message;
        EXPECT_EQ(message, "") << "step " << step << " re-ran differently";
        EXPECT_EQ(run.world.stepCount(), step);
        EXPECT_EQ(run.world.bodyCount(), step < 60 ? 5 : 6) << step;
        EXPECT_EQ(run.world.findBody("dropped").isNull(), step < 60) << step;
        EXPECT_EQ(run.world.stateHash(), run.hashes[step]) << step;
    }
}

TEST(RecorderEdits, ResumingAfterARewindAcrossTheEditReplaysTheRecordedFuture) {
    EditedRun run;
    // Back before the drop and forward again through the recording: the world is rebuilt
    // twice, and stepping on from the edited side gives the recorded hashes.
    ASSERT_TRUE(run.recorder.seek(run.world, 40));
    ASSERT_TRUE(run.recorder.seek(run.world, 75));
    for (uint64_t step = 76; step <= 120; ++step) {
        run.world.step();
        ASSERT_EQ(run.world.stateHash(), run.hashes[step]) << step;
    }
}

TEST(RecorderEdits, ResumingBeforeTheEditForksAFutureWithoutIt) {
    EditedRun run;
    ASSERT_TRUE(run.recorder.seek(run.world, 50));
    std::vector<uint64_t> hashes(run.hashes.begin(), run.hashes.begin() + 51);
    runTo(run.world, run.recorder, 80, hashes);
    EXPECT_TRUE(run.recorder.edits().empty());
    EXPECT_EQ(run.recorder.lastStep(), 80u);
    EXPECT_EQ(run.world.bodyCount(), 5);
    // The new future is an ordinary recording of the old bodies: steps in it rewind exactly.
    ASSERT_TRUE(run.recorder.seek(run.world, 70));
    EXPECT_EQ(run.world.stateHash(), hashes[70]);
    EXPECT_FALSE(run.recorder.seekRebuilds(10));
}

TEST(RecorderEdits, ADeletedBodyComesBackOnARewindAndPathsStopAtTheEdit) {
    EditedRun run;
    // Delete box "a" (ordinal 1) after step 120: the ordinals after it shift down by one.
    const BodyId a = run.world.findBody("a");
    ASSERT_FALSE(a.isNull());
    EXPECT_FALSE(run.recorder.needsDefinitionBeforeEdit()); // the first edit gave it one
    run.world.destroyBody(a);
    run.recorder.recordEdit(run.world, "deleted 'a'", definitionOf(run.scene, run.world), nullptr);
    std::vector<uint64_t> hashes = run.hashes;
    hashes[120] = run.world.stateHash();
    runTo(run.world, run.recorder, 150, hashes);
    ASSERT_EQ(run.recorder.edits().size(), 2u);
    EXPECT_EQ(run.recorder.edits()[1].step, 120u);

    ASSERT_TRUE(run.recorder.seek(run.world, 100));
    EXPECT_FALSE(run.world.findBody("a").isNull());
    EXPECT_EQ(run.world.stateHash(), hashes[100]);
    std::string message;
    ASSERT_TRUE(run.recorder.seek(run.world, 140, &message));
    EXPECT_EQ(message, "");
    EXPECT_TRUE(run.world.findBody("a").isNull());
    EXPECT_EQ(run.world.stateHash(), hashes[140]);
    ASSERT_TRUE(run.recorder.seek(run.world, 10));
    EXPECT_EQ(run.world.bodyCount(), 5);
    EXPECT_EQ(run.world.stateHash(), hashes[10]);

    // Ordinal 1 is box "a" before step 120 and box "b" from it on: a path up to step 150
    // starts at the edit instead of jumping from one box to the other.
    const std::vector<RecordedPose> path = recordedPath(run.recorder, 1, 0, 150);
    ASSERT_FALSE(path.empty());
    EXPECT_EQ(path.front().step, 120u);
    EXPECT_EQ(recordedPath(run.recorder, 1, 0, 100).front().step, 60u);
}

TEST(RecorderEdits, AnEditAtARewoundStepDropsTheFutureAfterIt) {
    EditedRun run;
    ASSERT_TRUE(run.recorder.seek(run.world, 90));
    BodyDef second = droppedBox();
    second.name = "dropped 2";
    run.world.createBody(second);
    run.recorder.recordEdit(run.world, "dropped again", definitionOf(run.scene, run.world), nullptr);
    EXPECT_EQ(run.recorder.lastStep(), 90u);
    ASSERT_EQ(run.recorder.edits().size(), 2u);
    EXPECT_EQ(run.recorder.edits()[1].step, 90u);
    const uint64_t edited = run.world.stateHash();
    ASSERT_TRUE(run.recorder.seek(run.world, 20));
    ASSERT_TRUE(run.recorder.seek(run.world, 90));
    EXPECT_EQ(run.world.bodyCount(), 7);
    EXPECT_EQ(run.world.stateHash(), edited);
}

TEST(RecorderEdits, WithoutADefinitionOfTheOldBodiesTheEditStartsTheRecording) {
    SceneDef scene = editScene();
    World world = buildWorld(scene);
    Recorder recorder;
    recorder.record(world);
    std::vector<uint64_t> hashes{world.stateHash()};
    runTo(world, recorder, 20, hashes);
    world.createBody(droppedBox());
    recorder.recordEdit(world, "dropped", definitionOf(scene, world), nullptr);
    EXPECT_EQ(recorder.firstStep(), 20u);
    EXPECT_EQ(recorder.size(), 1u);
    EXPECT_TRUE(recorder.edits().empty());
}
