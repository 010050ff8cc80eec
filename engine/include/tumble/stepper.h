#pragma once
/// \file stepper.h
/// The fixed time step with an accumulator (Fiedler, "Fix your timestep!"). Pure logic:
/// the app feeds it frame times, it says how many physics steps to take and how far the
/// drawn pose sits between the previous and the current physics pose.

namespace tumble {

class FixedStepper {
public:
    /// Add a frame's wall time (s), scaled by timeScale and clamped at maxFrameTime, and
    /// return how many whole steps of dt to take now. Paused: adds nothing, returns 0
    /// unless a single step was requested.
    int advance(float frameTime, float dt, float maxFrameTime);

    /// alpha = accumulator / dt in [0, 1): the drawn pose is lerp(previous, current, alpha).
    float alpha() const { return alpha_; }
    float accumulator() const { return accumulator_; }   ///< s of unsimulated time
    int stepsLastAdvance() const { return stepsLast_; }  ///< steps the last advance() took
    bool clampedLastAdvance() const { return clamped_; } ///< the frame time hit maxFrameTime

    float timeScale = 1.0f;  ///< 0.05..4: slow motion or fast forward, dt unchanged
    bool paused = false;

    void requestSingleStep() { singleStep_ = true; }
    void reset() { accumulator_ = 0.0f; alpha_ = 0.0f; stepsLast_ = 0; singleStep_ = false; }

private:
    float accumulator_ = 0.0f;
    float alpha_ = 0.0f;
    int stepsLast_ = 0;
    bool clamped_ = false;
    bool singleStep_ = false;
};

} // namespace tumble
