// What a world holds, in bytes. This binary links the peer benchmark's counting allocator
// (bench/bench_memory.cpp replaces the global operator new), so the figures here are the ones
// tumble_bench_peer reports as B/body: the most a simulation held while stepping, less what was
// held before it was built, over its bodies.
#include "bench/bench_memory.h"
#include "bench/bench_scenes.h"

#include "core/step_arrays.h"
#include "solver/contact_solver.h"

#include <gtest/gtest.h>

#include <optional>

using namespace tumble;
using bench::Account;

namespace {

/// Bytes per body of box rain `count` (the peer benchmark's scene, its settings) with `method`,
/// stepped `steps` times: the peak while stepping, less what was held before building.
/// The account is the benchmark's for that method.
double boxRainBytesPerBody(int count, Account account, int steps) {
    SceneDef def = bench::boxRainScene(count);
    def.settings.solver.method = account == Account::Wide ? "wide" : "gaussSeidel";
    const int64_t before = bench::liveBytes(account);
    std::optional<World> world;
    {
        bench::ChargeTo charge(account);
        world.emplace(buildWorld(def));
        bench::resetPeakBytes(account);
        for (int i = 0; i < steps; ++i) world->step();
    }
    const double bodies = static_cast<double>(world->bodyIds().size());
    return static_cast<double>(bench::peakBytes(account) - before) / bodies;
}

} // namespace

// A touching manifold costs two cache records (this step's and last step's, matched by feature
// ids), one solver record and its figures; a box rain has about one manifold per body, so these
// sizes are most of its bytes per body. The bounds are the slimmed sizes: a field added to a
// record shows here first, with what it costs per contact.
TEST(Memory, ContactRecordsStayWithinTheirSlimmedSizes) {
    // Floats first, the four one-byte flags together at the end (108 bytes with them spread).
    EXPECT_LE(sizeof(ContactPointInfo), 100u);
    EXPECT_LE(sizeof(ContactManifoldInfo), 512u);
    // The friction couplings keep only what the passes read (1,248 bytes with a float4 per
    // point, axis and row).
    EXPECT_LE(sizeof(ContactConstraint), 1088u);
}

// Issue 18's target is at most 8 KB per body. Before the records were slimmed and the step's
// arrays sized for the step, box rain 1,000 held 4,554 bytes per body with block Gauss-Seidel
// and 8,404 with the wide method; then about 3,960 and 6,650. Since the Inspector's figures
// are kept only while shown (World::setContactFigures) the rest of the step holds 0.3 KB less
// per body, and the landing bounce's gathered rows (BounceScratch, kept at its largest from the
// first landing on) 0.3 KB more: about 4,010 and 6,660. 120 steps: the block lands and its last layers settle (the
// peak is at step 66 and 92). The wide method's groups are since one island batch's, which
// the batches take turns in (wide_batches.h; 1,000 boxes are two batches): about 3,300.
TEST(Memory, BoxRainOfAThousandHoldsUnder4100BytesPerBodyWithGaussSeidel) {
    EXPECT_LE(boxRainBytesPerBody(1000, Account::GaussSeidel, 120), 4100.0);
}

TEST(Memory, BoxRainOfAThousandHoldsUnder3600BytesPerBodyWithTheWideMethod) {
    EXPECT_LE(boxRainBytesPerBody(1000, Account::Wide, 120), 3600.0);
}

// A step array that must grow gives its old block back before it takes the new one: the peak
// while growing from 1,000 to 2,000 floats is the new block alone, not old and new together.
TEST(StepArrays, GrowingFreesTheOldBlockBeforeTakingTheNewOne) {
    std::vector<float> v;
    {
        bench::ChargeTo charge(Account::Other);
        v.resize(1000);
        const int64_t held = bench::liveBytes(Account::Other);
        bench::resetPeakBytes(Account::Other);
        clearForStep(v, 2000);
        const int64_t oldBlock = 1000 * static_cast<int64_t>(sizeof(float));
        const int64_t newBlock = static_cast<int64_t>(v.capacity() * sizeof(float));
        EXPECT_EQ(bench::peakBytes(Account::Other) - held, newBlock - oldBlock);
    }
    EXPECT_TRUE(v.empty());
    EXPECT_EQ(v.capacity(), 2000u + 2000u / 16);
}

// The block is kept while the count stays within it, and given back once it is more than a
// quarter too large (a burst that doubled it is not held for good).
TEST(StepArrays, BlockIsKeptWhileTheCountFitsAndGivenBackWhenFarTooLarge) {
    std::vector<int> v;
    clearForStep(v, 1000);
    const int* block = v.data();
    const size_t room = v.capacity();
    EXPECT_EQ(room, 1000u + 1000u / 16);
    clearForStep(v, 1050);
    EXPECT_EQ(v.data(), block);
    clearForStep(v, 900);
    EXPECT_EQ(v.data(), block);
    v.reserve(4096);
    clearForStep(v, 1000);
    EXPECT_EQ(v.capacity(), room);
}

TEST(StepArrays, ResetGivesValueInitialisedElements) {
    std::vector<ContactManifoldFigures> figures(3);
    figures[1].colour = 7;
    figures[1].points[2].bias = 1.0f;
    resetForStep(figures, 5);
    ASSERT_EQ(figures.size(), 5u);
    for (const ContactManifoldFigures& f : figures) {
        EXPECT_EQ(f.colour, -1);
        EXPECT_EQ(f.points[2].bias, 0.0f);
    }
}
