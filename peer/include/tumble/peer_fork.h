#pragma once
/// \file peer_fork.h
/// The app's Bullet fork without the window: the main world split off into Bullet at one
/// step, with a recording of Bullet's poses so it can be drawn at any step the main world is
/// rewound to, and its drift from the main world step by step.
///
/// Bullet's internal state (contact caches, warm-start impulses, broad-phase pairs) cannot be
/// captured and restored, so the fork keeps what it started from instead: a copy of the main
/// world at the split (copyWorld, exact to the bit). Bullet's run depends on nothing but that
/// start (the BulletWorld reads the Tumble world's settings once), so a recorded step stays
/// true whatever the main world does afterwards, and a step that is no longer recorded is
/// found again by running a fresh BulletWorld from the start (Bullet is deterministic across
/// fresh worlds built the same way: tests/peer/test_peer_fork.cpp checks it bit for bit).
#include "tumble/bullet_world.h"
#include "tumble/divergence.h"
#include "tumble/scene.h"
#include "tumble/world.h"

#include <glm/gtc/quaternion.hpp>
#include <glm/vec3.hpp>

#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <vector>

namespace tumble {

/// One body's pose in a recorded Bullet step.
struct PeerPose {
    glm::vec3 position{0.0f};                      ///< m, centre of mass
    glm::quat orientation{1.0f, 0.0f, 0.0f, 0.0f}; ///< Tumble's body frame
};

/// The scene run by Bullet beside the main world, split off at one of its steps.
class PeerFork {
public:
    /// The recording's budget (bytes), as a Tumble fork's (Forks::kForkBudget): the oldest
    /// steps go first. A step costs 28 bytes per body plus a 40-byte record, so 64 MiB hold
    /// about 74,000 steps of the Vertical stacks lesson (31 bodies: 20 minutes at 60 Hz) and
    /// 2,900 of the base-40 pyramid (821 bodies: 48 s). A dropped step is not lost for good:
    /// stepping on from it runs Bullet again from the start (see ensureRecorded), at about
    /// 0.2 ms per step for the lesson's 31 bodies.
    static constexpr size_t kDefaultBudget = size_t{64} << 20;

    /// Split off `main` as it is now. `scene` is what copyWorld needs to copy it (the loaded
    /// scene). False with `error` when the copy fails (a bug worth reporting); the fork is
    /// then empty.
    bool start(const SceneDef& scene, const World& main, std::string& error);
    /// Forget everything: no fork.
    void clear();
    /// True while there is a fork.
    bool active() const { return bullet_ != nullptr; }

    /// Bytes the recording may hold; lowering it drops the oldest steps at once.
    void setBudget(size_t bytes);
    size_t bytesUsed() const { return used_; }

    /// After the main world took a step (it is now at main.stepCount()): Bullet's pose at that
    /// step is recorded (stepping Bullet, or running it again from the start when the step was
    /// dropped or Bullet is past it) and compared with the main world's. A main world that
    /// stepped from before the split has left the fork's start behind: the fork hides until the
    /// main world is again at the split with the same state hash.
    void follow(const World& main);
    /// The main world was put at its step (rewind, seek): the fork shows its recorded pose of
    /// that step, or hides when it has none. Bullet itself is not stepped.
    void seek(const World& main);

    /// True while the fork has a pose for the main world's step (it is drawn).
    bool inStep() const { return inStep_; }
    /// False after the main world stepped from before the split (another future).
    bool onTimeline() const { return onTimeline_; }
    /// The main world's step the fork was split off at.
    uint64_t forkStep() const { return forkStep_; }
    /// The main world's step Bullet's live world is at (the newest step it has run).
    uint64_t liveStep() const { return forkStep_ + (bullet_ ? bullet_->stepCount() : 0); }
    /// Times Bullet was run again from the start (a step asked for was no longer recorded).
    int restarts() const { return restarts_; }

    /// Every body's pose after main-world step `step`, by ordinal; null when not recorded.
    const std::vector<PeerPose>* posesAt(uint64_t step) const;
    /// J, Bullet's kinetic plus potential energy after `step` (0 when not recorded).
    double energyAt(uint64_t step) const;
    bool contains(uint64_t step) const { return posesAt(step) != nullptr; }
    uint64_t firstStep() const { return frames_.empty() ? 0 : frames_.front().step; }
    uint64_t lastStep() const { return frames_.empty() ? 0 : frames_.back().step; }

    /// Against the main world, one sample per main-world step it followed.
    const DivergenceTrack& divergence() const { return divergence_; }
    /// What Bullet does not have or does differently (BulletWorld::unmapped); empty with no fork.
    const std::vector<std::string>& unmapped() const;

    /// Record every step up to `step` (a main-world step at or after the split): from the
    /// recording if it has it, by stepping Bullet on, or by running a fresh Bullet from the
    /// start to it when Bullet is already past it and the step was dropped (the recorded steps
    /// after it go with the old run; the new run records them again identically).
    void ensureRecorded(uint64_t step);

private:
    struct Frame {
        uint64_t step = 0;
        double energy = 0.0;          ///< J, Bullet's kinetic plus potential
        std::vector<PeerPose> poses;  ///< by ordinal
    };
    static size_t frameBytes(const Frame& f) { return sizeof(Frame) + f.poses.capacity() * sizeof(PeerPose); }
    void restartBullet();
    void recordLive();
    void dropOldestToFit();
    void compare(const World& main);

    World start_;                          ///< the main world at the split, bit for bit
    uint64_t startHash_ = 0;               ///< its state hash: how a returning main world is recognised
    std::unique_ptr<BulletWorld> bullet_;  ///< the live run, at liveStep()
    uint64_t forkStep_ = 0;
    std::deque<Frame> frames_;             ///< contiguous steps, oldest first
    size_t budget_ = kDefaultBudget;
    size_t used_ = 0;
    DivergenceTrack divergence_;
    bool inStep_ = false;
    bool onTimeline_ = false;
    int restarts_ = 0;
};

} // namespace tumble
