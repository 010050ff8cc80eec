// The wide method solves a step batch by batch where it can (wide_batches.h, wide.cpp's
// solveInBatches): whole islands a batch, every pass of a batch before the next. Islands share
// no moving body, so each body must get the bits of whole passes over every row: the same
// state hash and figures at every step, whatever the batches, with the shock pass, split
// impulse, landing bounces, sleeping and the overflow in play.
#include "physics/contact_fixtures.h"
#include "solver/colouring.h"
#include "solver/contact_solver.h"
#include "solver/solver_body.h"
#include "solver/islands.h"
#include "solver/wide_batches.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <set>
#include <vector>

using namespace tumble;
using namespace tumble::test;

namespace {

/// Sets the rows a batch holds for one scope, then puts back what it was.
class BatchRows {
public:
    explicit BatchRows(uint32_t rows) : before_(wideBatchManifolds()) { setWideBatchManifolds(rows); }
    ~BatchRows() { setWideBatchManifolds(before_); }
    BatchRows(const BatchRows&) = delete;
    BatchRows& operator=(const BatchRows&) = delete;

private:
    uint32_t before_;
};

/// Many islands of several kinds: stacks of two and three boxes (levels for the shock pass),
/// boxes dropped onto them, bouncy balls (landing bounces), a box sliding on the ground, and a
/// plank under 40 cubes (one body touching more moving bodies than there are colours: the
/// overflow).
World manyIslands(Settings s) {
    World w(s);
    addMaterial(w, "Rubber", 0.8f, 0.6f, 0.5f);
    addGround(w);
    for (int i = 0; i < 12; ++i) {
        const float x = -20.0f + 2.0f * float(i);
        for (int k = 0; k < 2 + i % 2; ++k) addBox(w, {x, 0.5f + 1.0f * float(k), -6.0f});
        addBox(w, {x + 0.2f, 4.0f + 0.3f * float(i), -3.0f}, glm::vec3(0.4f));
        addSphere(w, {x, 1.5f + 0.1f * float(i), 3.0f}, 0.3f, "Rubber");
    }
    const BodyId slider = addBox(w, {-20.0f, 0.5f, 8.0f});
    w.setVelocity(slider, {4.0f, 0.0f, 0.0f}, glm::vec3(0.0f));
    addBox(w, {0.0f, 0.1f, 14.0f}, {3.2f, 0.1f, 1.4f});
    for (int i = 0; i < 10; ++i)
        for (int j = 0; j < 4; ++j) addBox(w, {-2.7f + 0.6f * i, 0.45f, 12.6f + 0.6f * j}, glm::vec3(0.25f));
    return w;
}

struct Seen {
    int mostBatches = 0, overflow = 0, landingSteps = 0;
};

/// manyIslands stepped `steps` times in batches of `rows` and as one batch: the same state hash
/// after every step and the same figures at the end.
Seen compareBatches(Settings s, uint32_t rows, int steps) {
    // One thread: on several a step runs as one batch (and `threads` 0 might choose two).
    s.threads = 1;
    World batched = manyIslands(s), whole = manyIslands(s);
    batched.setContactFigures(true);
    whole.setContactFigures(true);
    Seen seen;
    for (int i = 0; i < steps; ++i) {
        {
            const BatchRows scope(rows);
            batched.step();
        }
        {
            const BatchRows scope(0);
            whole.step();
        }
        EXPECT_EQ(whole.solverStats().batches, 1) << "step " << i;
        EXPECT_EQ(batched.stateHash(), whole.stateHash()) << "step " << i;
        if (batched.stateHash() != whole.stateHash()) return seen;
        seen.mostBatches = std::max(seen.mostBatches, batched.solverStats().batches);
        seen.overflow = std::max(seen.overflow, batched.solverStats().overflowManifolds);
        bool lands = false;
        for (const ContactManifoldInfo& m : batched.contacts())
            for (int k = 0; k < m.pointCount; ++k) lands = lands || m.points[k].landing;
        seen.landingSteps += lands ? 1 : 0;
    }
    EXPECT_EQ(firstDifferentFigures(batched.contactFigures(), whole.contactFigures()), -1)
        << "the first manifold whose figures differ";
    return seen;
}

std::vector<ContactRowHeader> headers(const std::vector<std::pair<uint32_t, uint32_t>>& pairs) {
    std::vector<ContactRowHeader> rows;
    for (auto [a, b] : pairs) rows.push_back({static_cast<uint32_t>(rows.size()), a, b});
    return rows;
}

} // namespace

TEST(WideBatches, IslandsAreCutWholeAndEachColourKeepsItsOrder) {
    // Body 0 is static; islands: {1, 2, 3} (rows 0, 2, 5), {4} (row 1, on the static body),
    // {5, 6} (rows 3, 6) and {7, 8} (row 4).
    std::vector<SolverBody> bodies(9);
    for (size_t i = 1; i < bodies.size(); ++i) bodies[i].invMass = 1.0f;
    const std::vector<ContactRowHeader> rows = headers({{1, 2}, {0, 4}, {2, 3}, {5, 6}, {7, 8}, {1, 3}, {6, 5}});
    ConstraintColours colours;
    std::vector<uint32_t> used;
    colourConstraints(rows, bodies, colours, used);
    ASSERT_GE(colours.colours.size(), 2u);
    IslandBuilder islands;
    WideSegments out;
    batchIslands(rows, bodies, colours, 3, islands, out);
    // Batch 0 closes with the first island's three rows, batch 1 with the next two islands'
    // three, and the last island is batch 2.
    ASSERT_EQ(out.batches.size(), 3u);
    const uint32_t colourCount = static_cast<uint32_t>(colours.colours.size());
    std::vector<int> batchOf(rows.size(), -1);
    for (uint32_t b = 0; b < out.batches.size(); ++b) {
        EXPECT_EQ(out.batches[b].segmentEnd - out.batches[b].segmentBegin, colourCount);
        for (uint32_t s = out.batches[b].segmentBegin; s < out.batches[b].segmentEnd; ++s) {
            // Segment s of a batch is colour colourCount - 1 - (s - begin), in that colour's order.
            const std::vector<uint32_t>& colour = colours.colours[colourCount - 1 - (s - out.batches[b].segmentBegin)];
            std::vector<uint32_t> expected;
            for (uint32_t r : out.segment(s)) batchOf[r] = static_cast<int>(b);
            for (uint32_t r : colour)
                if (std::find(out.segment(s).begin(), out.segment(s).end(), r) != out.segment(s).end())
                    expected.push_back(r);
            EXPECT_EQ(std::vector<uint32_t>(out.segment(s).begin(), out.segment(s).end()), expected) << "segment " << s;
        }
    }
    EXPECT_EQ(batchOf, (std::vector<int>{0, 1, 0, 1, 2, 0, 1})) << "every row once, each island whole";
    // One island holding half the rows or more: one batch, the colours last to first.
    const std::vector<ContactRowHeader> chain = headers({{1, 2}, {2, 3}, {3, 4}, {5, 6}});
    colourConstraints(chain, bodies, colours, used);
    batchIslands(chain, bodies, colours, 1, islands, out);
    EXPECT_EQ(out.batches.size(), 1u);
}

TEST(WideBatches, BatchesGiveTheBitsOfWholePasses) {
    const Seen seen = compareBatches(wideNoSleep(), 8, 240);
    EXPECT_GE(seen.mostBatches, 4) << "the scene ran in batches";
    EXPECT_GT(seen.overflow, 0) << "the plank's cubes overflowed the colours";
    EXPECT_GT(seen.landingSteps, 0) << "the balls landed";
}

TEST(WideBatches, FourLanesAndSleepingGiveTheBitsOfWholePasses) {
    Settings s = wideNoSleep();
    s.solver.simdLanes = 4;
    s.sleep.enabled = true;
    const Seen seen = compareBatches(s, 8, 240);
    // The stacks fall asleep and leave the solve; then the plank's island holds most rows and
    // the step runs as one batch.
    EXPECT_GE(seen.mostBatches, 2);
}

TEST(WideBatches, WithoutTheShockPassOrSplitImpulseTheBitsAreWholePasses) {
    Settings s = wideNoSleep();
    s.solver.shockPropagation = false;
    s.solver.positionCorrection = PositionCorrection::Baumgarte;
    const Seen seen = compareBatches(s, 8, 120);
    EXPECT_GE(seen.mostBatches, 4);
}
