// Divergence between two runs (tumble/divergence.h): distances by ordinal, the first step
// apart, and a rewound track that takes another future.
#include "tumble/divergence.h"

#include <gtest/gtest.h>

#include <vector>

using namespace tumble;

TEST(Divergence, LargestAndMeanDistanceByOrdinal) {
    const std::vector<glm::vec3> a{{0, 0, 0}, {1, 0, 0}, {0, 2, 0}};
    const std::vector<glm::vec3> b{{0, 0, 0}, {1, 0.003f, 0}, {0, 2, 0.004f}};
    const Divergence d = comparePositions(a, b, 7);
    EXPECT_EQ(d.step, 7u);
    EXPECT_FLOAT_EQ(d.largest, 0.004f);
    EXPECT_EQ(d.worstBody, 2u);
    EXPECT_NEAR(d.mean, (0.003f + 0.004f) / 3.0f, 1e-7f);
}

TEST(Divergence, TrackFindsTheFirstStepApartAndForgetsARewoundFuture) {
    DivergenceTrack t;
    const std::vector<glm::vec3> a{{0, 0, 0}};
    for (uint64_t step = 1; step <= 5; ++step) {
        const std::vector<glm::vec3> b{{0, 0.0004f * float(step), 0}}; // 1 mm passed at step 3
        t.add(comparePositions(a, b, step));
    }
    EXPECT_EQ(t.firstApart, 3);
    ASSERT_EQ(t.samples.size(), 5u);
    // Rewound to step 2, the runs take another future where nothing moves apart.
    t.add(comparePositions(a, a, 3));
    ASSERT_EQ(t.samples.size(), 3u);
    EXPECT_EQ(t.samples.back().step, 3u);
    EXPECT_EQ(t.firstApart, -1);
    t.truncateAfter(1);
    EXPECT_EQ(t.samples.size(), 1u);
}
