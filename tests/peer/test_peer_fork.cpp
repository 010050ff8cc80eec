// The Bullet fork's recording (tumble/peer_fork.h): a rewound main world is shown Bullet's pose
// of that step exactly; Bullet run again from the fork's start repeats its first run bit for
// bit (so a dropped step can be found again); a changed setting is not repeated; a main world
// that left the fork's start behind hides it until it is back there.
#include "tumble/peer_fork.h"
#include "tumble/recorder.h"

#include <gtest/gtest.h>

#include <glm/geometric.hpp>

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

using namespace tumble;

namespace {

/// Four boxes dropped tumbling onto the ground and onto each other: contacts, friction and
/// rotation in Bullet's run, so its contact caches and warm starting are part of what repeats.
const char* kFallingBoxes = R"({
  "format": "tumble-scene", "version": 1, "name": "falling boxes",
  "bodies": [
    { "name": "ground", "type": "static", "material": "Static",
      "shape": { "type": "box", "halfExtents": [10, 0.5, 10] }, "position": [0, -0.5, 0] },
    { "name": "a", "shape": { "type": "box", "halfExtents": [0.5, 0.5, 0.5] }, "material": "Wood",
      "position": [0, 1.0, 0], "rotationDeg": [0, 20, 10], "angularVelocity": [1.5, 4, 0.5] },
    { "name": "b", "shape": { "type": "box", "halfExtents": [0.4, 0.3, 0.5] }, "material": "Wood",
      "position": [0.3, 2.5, 0.1], "rotationDeg": [30, 0, 15] },
    { "name": "c", "shape": { "type": "box", "halfExtents": [0.5, 0.5, 0.5] }, "material": "Metal",
      "position": [-0.2, 4.0, -0.3], "linearVelocity": [0.5, 0, 0] },
    { "name": "d", "shape": { "type": "box", "halfExtents": [0.25, 0.6, 0.25] }, "material": "Rock",
      "position": [0.1, 6.0, 0.2], "rotationDeg": [45, 45, 0], "angularVelocity": [0, 0, 3] }
  ]
})";

SceneDef fallingBoxes() {
    SceneLoadResult r = parseScene(kFallingBoxes, "falling-boxes.json");
    if (!r.ok()) ADD_FAILURE() << r.errorText();
    return r.scene;
}

/// The main world, its recording and the Bullet fork, as the app steps them.
struct ForkedRun {
    SceneDef scene = fallingBoxes();
    World main = buildWorld(scene);
    Recorder recorder;
    PeerFork bullet;

    ForkedRun() { recorder.record(main); }
    void startFork() {
        std::string error;
        ASSERT_TRUE(bullet.start(scene, main, error)) << error;
    }
    void step(int steps) {
        for (int i = 0; i < steps; ++i) {
            main.step();
            recorder.record(main);
            bullet.follow(main);
        }
    }
    void rewindTo(uint64_t step) {
        ASSERT_TRUE(recorder.seek(main, step));
        bullet.seek(main);
    }
};

bool samePose(const PeerPose& a, const PeerPose& b) {
    return std::memcmp(&a.position, &b.position, sizeof a.position) == 0 &&
           std::memcmp(&a.orientation, &b.orientation, sizeof a.orientation) == 0;
}

/// Bit for bit: every body's position and orientation.
bool samePoses(const std::vector<PeerPose>& a, const std::vector<PeerPose>& b) {
    if (a.size() != b.size()) return false;
    for (size_t k = 0; k < a.size(); ++k)
        if (!samePose(a[k], b[k])) return false;
    return true;
}

/// The largest distance (m) between a body's two recorded positions.
float largestDistance(const std::vector<PeerPose>& a, const std::vector<PeerPose>& b) {
    float largest = 0.0f;
    for (size_t k = 0; k < a.size() && k < b.size(); ++k)
        largest = std::max(largest, glm::length(a[k].position - b[k].position));
    return largest;
}

constexpr uint64_t kForkAt = 30;   // the boxes are in the air
constexpr uint64_t kEnd = 240;     // 4 s at 60 Hz: they have landed, tumbled and settled

} // namespace

TEST(PeerFork, ARewoundMainWorldIsShownBulletsPoseOfThatStepExactly) {
    ForkedRun r;
    r.step(static_cast<int>(kForkAt));
    r.startFork();
    r.step(static_cast<int>(kEnd - kForkAt));
    const uint64_t k = 120;
    const std::vector<PeerPose> atK = *r.bullet.posesAt(k); // as recorded while running
    const float dropAtK = r.bullet.divergence().samples[k - kForkAt].largest;

    r.rewindTo(k);
    ASSERT_TRUE(r.bullet.inStep());
    EXPECT_TRUE(samePoses(*r.bullet.posesAt(r.main.stepCount()), atK));
    EXPECT_EQ(r.bullet.liveStep(), kEnd) << "a rewind does not step Bullet";
    EXPECT_EQ(r.bullet.divergence().samples[k - kForkAt].largest, dropAtK);

    r.rewindTo(kForkAt - 10);
    EXPECT_FALSE(r.bullet.inStep()) << "before the split the fork has nothing to show";
    r.rewindTo(kForkAt);
    EXPECT_TRUE(r.bullet.inStep());
}

TEST(PeerFork, SteppingOnFromARewoundStepFollowsTheRecordedRunBitForBit) {
    ForkedRun r;
    r.step(static_cast<int>(kForkAt));
    r.startFork();
    r.step(static_cast<int>(kEnd - kForkAt));
    std::vector<std::vector<PeerPose>> first;
    for (uint64_t s = kForkAt; s <= kEnd; ++s) first.push_back(*r.bullet.posesAt(s));

    r.rewindTo(100);
    r.step(static_cast<int>(kEnd - 100));
    ASSERT_TRUE(r.bullet.inStep());
    EXPECT_EQ(r.bullet.restarts(), 0) << "the recorded steps are used, Bullet is not run again";
    for (uint64_t s = kForkAt; s <= kEnd; ++s)
        ASSERT_TRUE(samePoses(*r.bullet.posesAt(s), first[s - kForkAt])) << "step " << s;
    EXPECT_EQ(r.bullet.divergence().samples.back().step, kEnd);
}

TEST(PeerFork, BulletRunAgainFromTheForksStartRepeatsItsFirstRunBitForBit) {
    // A recording too small to hold the run: rewinding to a dropped step k and stepping on
    // runs a fresh Bullet from the start to k, then on to the end.
    ForkedRun r;
    r.step(static_cast<int>(kForkAt));
    r.startFork();
    r.step(static_cast<int>(kEnd - kForkAt));
    std::vector<std::vector<PeerPose>> first;
    for (uint64_t s = kForkAt; s <= kEnd; ++s) first.push_back(*r.bullet.posesAt(s));
    // Rocking, sliding, resting: the later steps are not all alike, so repeating them is not luck.
    EXPECT_GT(largestDistance(first[60], first[120]), 1e-3f);

    r.bullet.setBudget(40 * r.bullet.bytesUsed() / (kEnd - kForkAt + 1)); // about 40 steps
    ASSERT_FALSE(r.bullet.contains(100));
    const int restartsBefore = r.bullet.restarts();
    r.rewindTo(100);
    EXPECT_FALSE(r.bullet.inStep()) << "a dropped step hides while rewound (no re-run while scrubbing)";
    r.step(static_cast<int>(kEnd - 100));
    EXPECT_EQ(r.bullet.restarts(), restartsBefore + 1);
    ASSERT_TRUE(r.bullet.inStep());
    for (uint64_t s = r.bullet.firstStep(); s <= kEnd; ++s)
        ASSERT_TRUE(samePoses(*r.bullet.posesAt(s), first[s - kForkAt])) << "step " << s;
}

TEST(PeerFork, BulletRunFromAStartWithOtherGravityDivergesFromTheRecordedRun) {
    // The bit-for-bit comparison above can fail: the same start with a tenth less gravity
    // takes Bullet elsewhere.
    ForkedRun r;
    r.step(static_cast<int>(kForkAt));
    r.startFork();
    r.step(static_cast<int>(kEnd - kForkAt));

    ForkedRun lighter;
    lighter.step(static_cast<int>(kForkAt));
    lighter.main.settings().gravity *= 0.9f;
    lighter.startFork();
    lighter.step(static_cast<int>(kEnd - kForkAt));
    EXPECT_TRUE(samePoses(*r.bullet.posesAt(kForkAt), *lighter.bullet.posesAt(kForkAt)))
        << "the same state at the split";
    EXPECT_GT(largestDistance(*r.bullet.posesAt(kForkAt + 30), *lighter.bullet.posesAt(kForkAt + 30)), 1e-3f);
}

TEST(PeerFork, AMainWorldSteppingFromBeforeTheSplitHidesItUntilItIsBackThere) {
    ForkedRun r;
    r.step(static_cast<int>(kForkAt));
    r.startFork();
    r.step(60);

    // Same settings: the main world comes back to the split's state, and the fork with it.
    r.rewindTo(10);
    r.step(5);
    EXPECT_FALSE(r.bullet.onTimeline());
    EXPECT_FALSE(r.bullet.inStep());
    r.step(static_cast<int>(kForkAt - 15));
    EXPECT_TRUE(r.bullet.onTimeline());
    EXPECT_TRUE(r.bullet.inStep());
    r.step(10);
    EXPECT_TRUE(r.bullet.inStep());

    // A setting changed before the split: another future, the fork stays hidden.
    r.rewindTo(10);
    r.main.settings().gravity *= 0.9f;
    r.step(static_cast<int>(kForkAt));
    EXPECT_FALSE(r.bullet.onTimeline());
    EXPECT_FALSE(r.bullet.inStep());
}

TEST(PeerFork, ARecordedStepCostsTwentyEightBytesPerBodyAndTheBudgetHolds) {
    ForkedRun r;
    r.startFork();
    r.step(100);
    const size_t perStep = r.bullet.bytesUsed() / 101;
    const size_t bodies = r.main.bodyIds().size();
    EXPECT_GE(perStep, bodies * 28);
    EXPECT_LE(perStep, bodies * 28 + 64);
    r.bullet.setBudget(10 * perStep);
    EXPECT_LE(r.bullet.bytesUsed(), 10 * perStep);
    EXPECT_EQ(r.bullet.lastStep(), 100u);
    EXPECT_GE(r.bullet.firstStep(), 91u);
}

TEST(PeerFork, ASnapshotListsTheBulletForkAndLoadingItSplitsItOffAtTheSnapshotsStep) {
    // The Vertical stacks lesson starts with a Bullet fork; after 90 steps it is saved.
    SceneLoadResult file = loadSceneFile(std::string(TUMBLE_SOURCE_DIR) + "/scenes/vertical-stack.json");
    ASSERT_TRUE(file.ok()) << file.errorText();
    World main = buildWorld(file.scene);
    PeerFork bullet;
    std::string error;
    ASSERT_TRUE(bullet.start(file.scene, main, error)) << error;
    for (int i = 0; i < 90; ++i) {
        main.step();
        bullet.follow(main);
    }
    const std::string text = writeSnapshot(file.scene, main, nullptr, bullet.active());
    const SceneLoadResult read = parseScene(text, "snapshot.json");
    ASSERT_TRUE(read.ok()) << read.errorText();
    ASSERT_EQ(read.scene.forks.size(), 1u);
    EXPECT_EQ(read.scene.forks[0].engine, "bullet");
    EXPECT_FALSE(read.scene.forks[0].hasState);

    // Loaded as the app loads it: the fork starts again from the snapshot's own state.
    World loaded = buildWorld(read.scene);
    PeerFork again;
    ASSERT_TRUE(again.start(read.scene, loaded, error)) << error;
    EXPECT_EQ(again.forkStep(), 90u);
    const std::vector<PeerPose>& poses = *again.posesAt(90);
    const std::vector<glm::vec3> tumble = bodyPositions(main);
    ASSERT_EQ(poses.size(), tumble.size());
    for (size_t k = 0; k < poses.size(); ++k) EXPECT_EQ(poses[k].position, tumble[k]) << "body " << k;
    EXPECT_EQ(writeSnapshot(file.scene, main).find("\"forks\""), std::string::npos) << "no fork, no key";
}

TEST(PeerFork, TheTwentyBoxTowerRunAgainFromItsStartRepeatsBitForBit) {
    // The lesson's own scene over 10 s, while Bullet's tall tower sways and falls: many
    // contacts, warm starting, split impulse; re-run from the start after the recording
    // dropped all but its last 50 steps.
    SceneLoadResult file = loadSceneFile(std::string(TUMBLE_SOURCE_DIR) + "/scenes/vertical-stack.json");
    ASSERT_TRUE(file.ok()) << file.errorText();
    World main = buildWorld(file.scene);
    PeerFork bullet;
    std::string error;
    ASSERT_TRUE(bullet.start(file.scene, main, error)) << error;
    constexpr uint64_t kSteps = 600;
    bullet.ensureRecorded(kSteps);
    std::vector<std::vector<PeerPose>> first;
    for (uint64_t s = 0; s <= kSteps; ++s) first.push_back(*bullet.posesAt(s));
    EXPECT_GT(largestDistance(first[0], first[kSteps]), 0.5f) << "the tower moved";
    bullet.setBudget(50 * bullet.bytesUsed() / (kSteps + 1));
    ASSERT_FALSE(bullet.contains(300));
    bullet.ensureRecorded(300); // Bullet is at 600: it runs again from step 0
    EXPECT_EQ(bullet.restarts(), 1);
    EXPECT_EQ(bullet.liveStep(), 300u);
    bullet.ensureRecorded(kSteps);
    for (uint64_t s = bullet.firstStep(); s <= kSteps; ++s)
        ASSERT_TRUE(samePoses(*bullet.posesAt(s), first[s])) << "step " << s;
    EXPECT_EQ(bullet.firstStep(), kSteps - 49);
}
