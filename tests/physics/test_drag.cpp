// The mouse drag: a soft spring given as frequency and damping ratio feels the same at any
// physics rate.
#include "physics/contact_fixtures.h"

#include <gtest/gtest.h>

#include <cstdio>

using namespace tumble;
using namespace tumble::test;

namespace {
/// Seconds until a dragged box settles within 2 cm of a target 2 m away, in zero gravity.
double settlingTime(float hz) {
    Settings s = noSleep();
    s.gravity = glm::vec3(0.0f);
    s.timestep = 1.0f / hz;
    World w(s);
    BodyId box = addBox(w, {0, 0, 0});
    w.startDrag(box, w.body(box).position, 3.0f, 0.7f, 1000.0f);
    const glm::vec3 target(2.0f, 0.0f, 0.0f);
    w.moveDrag(target);
    double settled = -1.0;
    for (int i = 1; i <= static_cast<int>(5.0f * hz); ++i) {
        w.step();
        float error = glm::length(w.dragPoint() - target);
        if (error > 0.02f) settled = -1.0;
        else if (settled < 0.0) settled = i / double(hz);
    }
    return settled;
}
} // namespace

TEST(Drag, SpringSettlesInTheSameTimeAt60And240Hz) {
    double at60 = settlingTime(60.0f), at240 = settlingTime(240.0f);
    std::printf("drag settling: %.3f s at 60 Hz, %.3f s at 240 Hz\n", at60, at240);
    ASSERT_GT(at60, 0.0);
    ASSERT_GT(at240, 0.0);
    EXPECT_NEAR(at60, at240, 0.10 * at240) << "60 Hz: " << at60 << " s, 240 Hz: " << at240 << " s";
    // A 3 Hz spring with damping ratio 0.7 settles in about 4 / (zeta omega) ~ 0.3 s.
    EXPECT_LT(at240, 1.0);
}

TEST(Drag, ForceIsCappedRelativeToTheBodysWeight) {
    // Capped at 1 x weight, the drag cannot lift a box off the ground; at 30 x it can.
    auto lift = [](float maxOverWeight) {
        World w(noSleep());
        addGround(w);
        BodyId box = addBox(w, {0, 0.5f, 0});
        w.startDrag(box, w.body(box).position, 5.0f, 0.7f, maxOverWeight);
        w.moveDrag({0, 3.0f, 0});
        for (int i = 0; i < 120; ++i) w.step();
        return w.body(box).position.y - 0.5f;
    };
    EXPECT_LT(lift(0.5f), 0.01f);
    EXPECT_GT(lift(30.0f), 2.0f);
}
