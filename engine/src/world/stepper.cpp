// The accumulator: frame time in, whole physics steps out, the remainder kept as alpha.
#include "tumble/stepper.h"

#include <algorithm>
#include <cmath>

namespace tumble {

int FixedStepper::advance(float frameTime, float dt, float maxFrameTime) {
    stepsLast_ = 0;
    clamped_ = false;
    if (!(dt > 0.0f)) return 0;
    if (paused) {
        // Paused, the drawn pose is the current one; a single-step request runs exactly one.
        accumulator_ = 0.0f;
        alpha_ = 0.0f;
        if (singleStep_) {
            singleStep_ = false;
            stepsLast_ = 1;
        }
        return stepsLast_;
    }
    singleStep_ = false;
    float scaled = std::isfinite(frameTime) ? std::max(frameTime, 0.0f) * timeScale : 0.0f;
    // Spiral of death: a slow frame must not demand more steps than the next frame can take.
    if (scaled > maxFrameTime) {
        scaled = maxFrameTime;
        clamped_ = true;
    }
    accumulator_ += scaled;
    while (accumulator_ >= dt) {
        accumulator_ -= dt;
        ++stepsLast_;
    }
    alpha_ = std::clamp(accumulator_ / dt, 0.0f, 0.99999994f);
    return stepsLast_;
}

} // namespace tumble
