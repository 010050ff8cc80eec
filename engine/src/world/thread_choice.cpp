// The world's own choice of thread count (thread_choice.h).
#include "world/thread_choice.h"

#include <algorithm>
#include <cmath>

namespace tumble {
namespace {

float median(std::vector<float> v) {
    std::nth_element(v.begin(), v.begin() + v.size() / 2, v.end());
    return v[v.size() / 2];
}

} // namespace

void ThreadChooser::startTrial() {
    choice_.trial = true;
    trialStep_ = 0;
    one_.clear();
    all_.clear();
}

int ThreadChooser::next(int cores) {
    const bool wasAutomatic = choice_.automatic;
    choice_.automatic = true;
    if (cores <= 1) {
        choice_ = ThreadChoice{};
        choice_.automatic = true;
        return 1;
    }
    if (!wasAutomatic || cores != choice_.cores || (!choice_.trial && hold_ <= 0)) {
        choice_.cores = cores;
        startTrial();
    }
    // In a trial, blocks in turn, one per core first, so both counts meet much the same
    // moments of the scene.
    if (choice_.trial) choice_.chosen = (trialStep_ / kBlockSteps) % 2 == 0 ? cores : 1;
    return choice_.chosen;
}

void ThreadChooser::record(int threads, float ms) {
    if (!choice_.trial) {
        --hold_;
        // A changed scene: the last steps' median far from what the trial measured at this count.
        recent_.push_back(ms);
        if (static_cast<int>(recent_.size()) > kBlockSteps) recent_.erase(recent_.begin());
        const float measured = choice_.chosen == 1 ? choice_.oneMs : choice_.allMs;
        if (static_cast<int>(recent_.size()) == kBlockSteps &&
            hold_ <= kHoldSteps - kMinHoldSteps &&
            std::abs(median(recent_) - measured) > kDrift * measured)
            hold_ = 0;
        return;
    }
    if (trialStep_++ % kBlockSteps >= kSettleSteps) (threads == 1 ? one_ : all_).push_back(ms);
    if (trialStep_ < 2 * kRounds * kBlockSteps) return;
    choice_.oneMs = median(one_);
    choice_.allMs = median(all_);
    choice_.chosen = choice_.allMs <= kMargin * choice_.oneMs ? choice_.cores : 1;
    choice_.trial = false;
    ++choice_.trials;
    hold_ = kHoldSteps;
    recent_.clear();
}

void ThreadChooser::off() {
    choice_.automatic = false;
    choice_.trial = false;
}

} // namespace tumble
