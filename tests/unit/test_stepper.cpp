// FixedStepper: the accumulator takes whole steps, clamps slow frames and reports alpha.
#include "tumble/stepper.h"

#include <gtest/gtest.h>

using tumble::FixedStepper;

namespace {
constexpr float kDt = 1.0f / 60.0f;
constexpr float kMaxFrame = 0.25f;
} // namespace

TEST(FixedStepper, OneFrameOfOneStepTakesOneStep) {
    FixedStepper s;
    int total = 0;
    // The first frame may leave a tiny remainder from float rounding; 600 frames of dt take 600 steps +-1.
    for (int i = 0; i < 600; ++i) total += s.advance(kDt, kDt, kMaxFrame);
    EXPECT_NEAR(total, 600, 1);
}

TEST(FixedStepper, StepsTakenMatchElapsedTimeAndAlphaStaysInUnitInterval) {
    FixedStepper s;
    const float frame = 0.025f; // 40 Hz display, 60 Hz physics: 1.5 steps per frame
    long total = 0;
    for (int i = 0; i < 400; ++i) {
        total += s.advance(frame, kDt, kMaxFrame);
        EXPECT_GE(s.alpha(), 0.0f);
        EXPECT_LT(s.alpha(), 1.0f);
        EXPECT_NEAR(s.alpha(), s.accumulator() / kDt, 1e-5f);
    }
    // 400 frames x 25 ms = 10 s = 600 steps; what is left over sits in the accumulator.
    EXPECT_NEAR(static_cast<double>(total) * kDt + s.accumulator(), 10.0, 1e-3);
    EXPECT_NEAR(total, 600, 1);
}

TEST(FixedStepper, SlowFrameIsClampedAgainstTheSpiralOfDeath) {
    FixedStepper s;
    int steps = s.advance(1.0f, kDt, kMaxFrame);
    EXPECT_TRUE(s.clampedLastAdvance());
    EXPECT_EQ(steps, 15); // 0.25 s / (1/60 s), not 60
    EXPECT_EQ(s.stepsLastAdvance(), 15);
}

TEST(FixedStepper, PausedTakesNoStepsUntilASingleStepIsRequested) {
    FixedStepper s;
    s.paused = true;
    EXPECT_EQ(s.advance(0.1f, kDt, kMaxFrame), 0);
    EXPECT_EQ(s.alpha(), 0.0f); // paused: the current pose is drawn
    s.requestSingleStep();
    EXPECT_EQ(s.advance(0.1f, kDt, kMaxFrame), 1);
    EXPECT_EQ(s.advance(0.1f, kDt, kMaxFrame), 0);
}

TEST(FixedStepper, TimeScaleSlowsTimeButKeepsDt) {
    FixedStepper s;
    s.timeScale = 0.25f;
    long total = 0;
    for (int i = 0; i < 240; ++i) total += s.advance(kDt, kDt, kMaxFrame);
    EXPECT_NEAR(total, 60, 1); // 4 s of frames at quarter speed = 1 s of physics
    FixedStepper fast;
    fast.timeScale = 4.0f;
    EXPECT_EQ(fast.advance(kDt * 1.0001f, kDt, kMaxFrame), 4);
}

TEST(FixedStepper, NegativeOrNonFiniteFrameTimeAddsNothing) {
    FixedStepper s;
    EXPECT_EQ(s.advance(-1.0f, kDt, kMaxFrame), 0);
    EXPECT_EQ(s.advance(std::numeric_limits<float>::quiet_NaN(), kDt, kMaxFrame), 0);
    EXPECT_EQ(s.accumulator(), 0.0f);
}
