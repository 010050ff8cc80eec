#pragma once
// The thread count a world picks for itself with Settings::threads 0 ("auto"). A step gives
// the same bits at any count, so the count is a question of speed alone, and the answer
// depends on the machine: where a cache line takes a quarter of a microsecond to move from one
// core to the other (this project's two-core machine), the data each stage hands the next
// crosses between the cores and one thread is the faster; on a desktop whose cores share a
// cache, one per core should be. So the world measures: a trial steps kBlockSteps at one per
// core, then as many at one thread, kRounds times, and keeps the count whose median step was
// shorter (one per core only when at least kMargin faster); it holds that count kHoldSteps
// steps and tries again, sooner (after kMinHoldSteps) once the median of the last
// kBlockSteps steps has moved from the trial's by more than kDrift either way: a scene's cost
// changes while it runs (a rain lands, a pile falls asleep). The first kSettleSteps of each block
// are not counted: a step just after a switch finds much of its data in the other core's cache,
// which is what the switch costs once, not what the count costs each step (steps alternated one by
// one made one and two threads look alike on the base-40 pyramid, 1.93 against 2.00 ms, where 300
// steps of each took 1.30 and 1.53 s).
#include "tumble/world.h"

#include <vector>

namespace tumble {

class ThreadChooser {
  public:
    static constexpr int kBlockSteps = 8;  ///< steps at one count before switching to the other
    static constexpr int kSettleSteps = 2; ///< steps after a switch that are not counted
    static constexpr int kRounds = 2;      ///< blocks at each count per trial
    static constexpr int kHoldSteps = 600; ///< steps between trials (10 s at 60 Hz)
    /// One per core is kept when its median step is at most this share of one thread's.
    static constexpr float kMargin = 0.97f;
    /// Steps after a trial before a changed step time may start the next.
    static constexpr int kMinHoldSteps = 60;
    /// A step time this share away from the trial's at the same count is a changed scene.
    static constexpr float kDrift = 0.3f;

    /// Threads for the next step, with `cores` one per core (1: always one).
    int next(int cores);
    /// The step just taken at `threads` took `ms` (wall time).
    void record(int threads, float ms);
    /// Settings::threads is not 0 (any more): the next auto step starts with a trial.
    void off();
    const ThreadChoice& choice() const { return choice_; }

  private:
    void startTrial();
    ThreadChoice choice_;
    std::vector<float> one_, all_; ///< this trial's counted step times, ms
    int trialStep_ = 0;            ///< steps into this trial
    std::vector<float> recent_;    ///< the last kBlockSteps step times while holding, ms
    int hold_ = 0;                 ///< steps before the next trial
};

} // namespace tumble
