// The Bullet fork and its recording (tumble/peer_fork.h).
#include "tumble/peer_fork.h"

#include "tumble/fork.h" // copyWorld, totalEnergy

#include <utility>

namespace tumble {

bool PeerFork::start(const SceneDef& scene, const World& main, std::string& error) {
    clear();
    if (!copyWorld(scene, main, start_, error)) return false;
    startHash_ = start_.stateHash();
    forkStep_ = main.stepCount();
    onTimeline_ = true;
    restartBullet();
    restarts_ = 0; // the first run is not a re-run
    compare(main);
    inStep_ = true;
    return true;
}

void PeerFork::clear() {
    const size_t budget = budget_;
    *this = PeerFork{};
    budget_ = budget;
}

void PeerFork::setBudget(size_t bytes) {
    budget_ = bytes;
    dropOldestToFit();
}

const std::vector<std::string>& PeerFork::unmapped() const {
    static const std::vector<std::string> none;
    return bullet_ ? bullet_->unmapped() : none;
}

const std::vector<PeerPose>* PeerFork::posesAt(uint64_t step) const {
    if (frames_.empty() || step < firstStep() || step > lastStep()) return nullptr;
    return &frames_[static_cast<size_t>(step - firstStep())].poses;
}

double PeerFork::energyAt(uint64_t step) const {
    if (!contains(step)) return 0.0;
    return frames_[static_cast<size_t>(step - firstStep())].energy;
}

void PeerFork::restartBullet() {
    // Built from the kept copy, never from the main world as it is now: every run of this
    // fork starts from the same bits, which is what makes a re-run repeat the first one.
    bullet_ = std::make_unique<BulletWorld>(start_);
    frames_.clear();
    used_ = 0;
    ++restarts_;
    recordLive();
}

void PeerFork::recordLive() {
    Frame f;
    f.step = liveStep();
    f.energy = bullet_->kineticEnergy() + bullet_->potentialEnergy();
    const int n = bullet_->bodyCount();
    f.poses.resize(static_cast<size_t>(n));
    for (int k = 0; k < n; ++k) f.poses[static_cast<size_t>(k)] = {bullet_->position(k), bullet_->orientation(k)};
    used_ += frameBytes(f);
    frames_.push_back(std::move(f));
    dropOldestToFit();
}

void PeerFork::dropOldestToFit() {
    // The newest step stays whatever the budget: it is the live world's, what the next
    // follow() compares when the main world steps on.
    while (frames_.size() > 1 && used_ > budget_) {
        used_ -= frameBytes(frames_.front());
        frames_.pop_front();
    }
}

void PeerFork::ensureRecorded(uint64_t step) {
    if (!bullet_ || step < forkStep_ || contains(step)) return;
    if (liveStep() > step) restartBullet(); // Bullet cannot go back: run it again from the start
    while (liveStep() < step) {
        bullet_->step();
        recordLive();
    }
}

void PeerFork::compare(const World& main) {
    const uint64_t step = main.stepCount();
    const std::vector<PeerPose>* poses = posesAt(step);
    if (poses == nullptr) return;
    std::vector<glm::vec3> positions(poses->size());
    for (size_t k = 0; k < poses->size(); ++k) positions[k] = (*poses)[k].position;
    Divergence d = comparePositions(bodyPositions(main), positions, step);
    d.energyDifference = energyAt(step) - totalEnergy(main);
    divergence_.add(d); // drops the samples of a future the main world left
}

void PeerFork::follow(const World& main) {
    if (!bullet_) return;
    const uint64_t now = main.stepCount();
    if (now <= forkStep_) {
        // The main world stepped from before the split. Its future may differ (a setting
        // changed on the way): the fork is its fork again only if it arrives at the very
        // state the fork was split from.
        onTimeline_ = now == forkStep_ && main.stateHash() == startHash_;
    }
    inStep_ = false;
    if (!onTimeline_ || now < forkStep_) return;
    ensureRecorded(now);
    compare(main);
    inStep_ = contains(now);
}

void PeerFork::seek(const World& main) {
    const uint64_t now = main.stepCount();
    inStep_ = bullet_ && onTimeline_ && contains(now);
}

} // namespace tumble
