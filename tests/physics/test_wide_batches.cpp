// The wide method solves a step batch by batch where it can (wide_batches.h, wide.cpp's
// solveInBatches): whole islands a batch, every pass of a batch before the next. Islands share
// no moving body, so each body must get the bits of whole passes over every row: the same
// state hash and figures at every step, whatever the batches, with the shock pass, split
// impulse, landing bounces, sleeping and the overflow in play.
#include "physics/contact_fixtures.h"
#include "solver/colouring.h"
#include "solver/contact_solver.h"
#include "solver/islands.h"
#include "solver/solver_body.h"
#include "solver/wide_batches.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <set>
#include <vector>

using namespace tumble;
using namespace tumble::test;

namespace {

/// Many islands of several kinds: stacks of two and three boxes (levels for the shock pass),
/// boxes dropped onto them, bouncy balls (landing bounces), a box sliding on the ground, and two
/// planks under 40 cubes each (one body touching more moving bodies than there are colours: the
/// overflow, 9 manifolds a plank; each plank's island fills a batch of its own, so a batch past
/// the first has overflow manifolds).
World manyIslands(Settings s) {
    World w(s);
    addMaterial(w, "Rubber", 0.8f, 0.6f, 0.5f);
    addGround(w);
    for (int i = 0; i < 12; ++i) {
        const float x = -20.0f + 2.0f * float(i);
        for (int k = 0; k < 2 + i % 2; ++k)
            addBox(w, {x, 0.5f + 1.0f * float(k), -6.0f});
        addBox(w, {x + 0.2f, 4.0f + 0.3f * float(i), -3.0f}, glm::vec3(0.4f));
        addSphere(w, {x, 1.5f + 0.1f * float(i), 3.0f}, 0.3f, "Rubber");
    }
    const BodyId slider = addBox(w, {-20.0f, 0.5f, 8.0f});
    w.setVelocity(slider, {4.0f, 0.0f, 0.0f}, glm::vec3(0.0f));
    for (float z : {14.0f, 20.0f}) {
        addBox(w, {0.0f, 0.1f, z}, {3.2f, 0.1f, 1.4f});
        for (int i = 0; i < 10; ++i)
            for (int j = 0; j < 4; ++j)
                addBox(w, {-2.7f + 0.6f * float(i), 0.45f, z - 1.4f + 0.6f * float(j)},
                       glm::vec3(0.25f));
    }
    return w;
}

/// What compareBatches saw in the steps that ran in more than one batch.
struct Seen {
    int mostBatches = 0, overflow = 0, landingSteps = 0;
};

/// manyIslands stepped `steps` times twice, with `s` in batches of `rows` on one thread, and
/// with the probe on, which has the rows prepared whole and solved in whole passes over every
/// row (solveRigid): the same state hash and solver figures after every step, and the same
/// contact figures at the end.
Seen compareBatches(Settings s, int rows, int steps) {
    s.threads = 1; // on several a step runs as one batch (and threads 0 might choose two)
    s.solver.islandBatchRows = rows;
    World batched = manyIslands(s), whole = manyIslands(s);
    batched.setContactFigures(true);
    whole.setContactFigures(true);
    whole.setSolverProbe(true);
    Seen seen;
    for (int i = 0; i < steps; ++i) {
        batched.step();
        whole.step();
        const SolverStats &a = batched.solverStats(), &b = whole.solverStats();
        EXPECT_EQ(b.batches, 1) << "step " << i;
        EXPECT_FALSE(b.rowsInGroups) << "step " << i;
        EXPECT_EQ(batched.stateHash(), whole.stateHash()) << "step " << i;
        if (batched.stateHash() != whole.stateHash()) return seen;
        EXPECT_EQ(a.maxDelta, b.maxDelta) << "step " << i;
        EXPECT_EQ(a.colours, b.colours) << "step " << i;
        EXPECT_EQ(a.overflowManifolds, b.overflowManifolds) << "step " << i;
        if (a.batches < 2) continue;
        seen.mostBatches = std::max(seen.mostBatches, a.batches);
        seen.overflow = std::max(seen.overflow, a.overflowManifolds);
        bool lands = false;
        for (const ContactManifoldInfo& m : batched.contacts())
            for (int k = 0; k < m.pointCount; ++k)
                lands = lands || m.points[k].landing;
        seen.landingSteps += lands ? 1 : 0;
    }
    EXPECT_EQ(firstDifferentFigures(batched.contactFigures(), whole.contactFigures()), -1)
        << "the first manifold whose figures differ";
    return seen;
}

std::vector<ContactRowHeader> headers(const std::vector<std::pair<uint32_t, uint32_t>>& pairs) {
    std::vector<ContactRowHeader> rows;
    for (auto [a, b] : pairs)
        rows.push_back({static_cast<uint32_t>(rows.size()), a, b});
    return rows;
}

/// Rows between the given bodies, cut into batches of `batchRows`: bodies 1.. move, 0 does not.
struct Cut {
    std::vector<SolverBody> bodies;
    std::vector<ContactRowHeader> rows;
    ConstraintColours colours;
    WideSegments segments;

    Cut(uint32_t bodyCount, const std::vector<std::pair<uint32_t, uint32_t>>& pairs, uint32_t batchRows)
        : bodies(bodyCount), rows(headers(pairs)) {
        for (size_t i = 1; i < bodies.size(); ++i)
            bodies[i].invMass = 1.0f;
        std::vector<uint32_t> used;
        colourConstraints(rows, bodies, colours, used);
        IslandBuilder islands;
        batchIslands(rows, bodies, colours, batchRows, islands, segments);
    }
};

} // namespace

TEST(WideBatches, IslandsAreCutWholeAndEachColourKeepsItsOrder) {
    // Body 0 is static; islands: {1, 2, 3} (rows 0, 2, 5), {4} (row 1, on the static body),
    // {5, 6} (rows 3, 6) and {7, 8} (row 4).
    const Cut cut(9, {{1, 2}, {0, 4}, {2, 3}, {5, 6}, {7, 8}, {1, 3}, {6, 5}}, 3);
    const ConstraintColours& colours = cut.colours;
    const WideSegments& out = cut.segments;
    ASSERT_GE(colours.colours.size(), 2u);
    // Batch 0 closes with the first island's three rows, batch 1 with the next two islands'
    // three, and the last island is batch 2.
    ASSERT_EQ(out.batches.size(), 3u);
    const uint32_t colourCount = static_cast<uint32_t>(colours.colours.size());
    std::vector<int> batchOf(cut.rows.size(), -1);
    for (uint32_t b = 0; b < out.batches.size(); ++b) {
        EXPECT_EQ(out.batches[b].segmentEnd - out.batches[b].segmentBegin, colourCount);
        for (uint32_t s = out.batches[b].segmentBegin; s < out.batches[b].segmentEnd; ++s) {
            // Segment s of a batch is colour colourCount - 1 - (s - begin), in that colour's order.
            const std::vector<uint32_t>& colour =
                colours.colours[colourCount - 1 - (s - out.batches[b].segmentBegin)];
            std::vector<uint32_t> expected;
            for (uint32_t r : out.segment(s))
                batchOf[r] = static_cast<int>(b);
            for (uint32_t r : colour)
                if (std::find(out.segment(s).begin(), out.segment(s).end(), r) !=
                    out.segment(s).end())
                    expected.push_back(r);
            EXPECT_EQ(std::vector<uint32_t>(out.segment(s).begin(), out.segment(s).end()), expected)
                << "segment " << s;
        }
    }
    EXPECT_EQ(batchOf, (std::vector<int>{0, 1, 0, 1, 2, 0, 1}))
        << "every row once, each island whole";
    // One island holding half the rows or more: one batch, the colours last to first.
    EXPECT_EQ(Cut(9, {{1, 2}, {2, 3}, {3, 4}, {5, 6}}, 1).segments.batches.size(), 1u);
}

TEST(WideBatches, EachBatchsShockVisitsGoLevelByLevelOverItsOwnGroups) {
    // Islands {1, 2} (rows 0, 1), {3, 4} (rows 2, 3) and {5} (row 4) on static body 0; the rows
    // on the ground are level 0, those above level 1. Colour 0 holds rows 0, 2, 4 and colour 1
    // rows 1, 3, solved first; four lanes, so each segment is one group.
    const Cut cut(6, {{0, 1}, {1, 2}, {0, 3}, {3, 4}, {0, 5}}, 2);
    const WideSegments& segments = cut.segments;
    ASSERT_EQ(cut.colours.colours.size(), 2u);
    ASSERT_EQ(segments.batches.size(), 3u);
    std::vector<uint32_t> segmentStart = {0};
    for (uint32_t k = 0; k < segments.segmentCount(); ++k)
        segmentStart.push_back(segmentStart.back() +
                               (static_cast<uint32_t>(segments.segment(k).size()) + 3) / 4);
    const std::vector<uint32_t> level = {0, 1, 0, 1, 0};
    ShockVisits visits;
    visits.plan(segments, segmentStart, 4, level, cut.colours.overflow);
    auto as = [](std::span<const ShockVisit> v) {
        std::vector<std::pair<uint32_t, uint32_t>> out; // (level, group within the batch)
        for (const ShockVisit& x : v)
            out.emplace_back(x.level, x.index);
        return out;
    };
    // Batches 0 and 1: colour 1's group (level 1) is the batch's group 0, colour 0's (level 0)
    // its group 1; by level, colour 0's first. Batch 2 has colour 0's group alone.
    using Visits = std::vector<std::pair<uint32_t, uint32_t>>;
    EXPECT_EQ(as(visits.ofBatch(0)), (Visits{{0, 1}, {1, 0}}));
    EXPECT_EQ(as(visits.ofBatch(1)), (Visits{{0, 1}, {1, 0}}));
    EXPECT_EQ(as(visits.ofBatch(2)), (Visits{{0, 0}}));
}

TEST(WideBatches, BatchesGiveTheBitsOfWholePasses) {
    const Seen seen = compareBatches(wideNoSleep(), 8, 240);
    EXPECT_GE(seen.mostBatches, 4) << "the scene ran in batches";
    EXPECT_GE(seen.overflow, 10)
        << "both planks' cubes overflowed the colours, in batches of their own";
    EXPECT_GT(seen.landingSteps, 0) << "the balls landed";
}

TEST(WideBatches, FourLanesAndSleepingGiveTheBitsOfWholePasses) {
    Settings s = wideNoSleep();
    s.solver.simdLanes = 4;
    s.sleep.enabled = true;
    const Seen seen = compareBatches(s, 8, 240);
    // The stacks fall asleep and leave the solve; the planks' islands then hold most rows.
    EXPECT_GE(seen.mostBatches, 2);
}

TEST(WideBatches, WithoutTheShockPassOrSplitImpulseTheBitsAreWholePasses) {
    Settings s = wideNoSleep();
    s.solver.shockPropagation = false;
    s.solver.positionCorrection = PositionCorrection::Baumgarte;
    const Seen seen = compareBatches(s, 8, 120);
    EXPECT_GE(seen.mostBatches, 4);
}

TEST(WideBatches, ChangingTheBatchSizeOrThreadsBetweenStepsChangesNoBits) {
    // What the batches were cut from is kept while the contact graph is; a new size or thread
    // count must cut them again, and any mix of them gives the bits of whole passes.
    Settings s = wideNoSleep();
    s.threads = 1;
    s.solver.islandBatchRows = 0;
    World changed = manyIslands(s), whole = manyIslands(s);
    const int sizes[] = {8, 0, 3, 512, 8, 1};
    int batched = 0;
    for (int i = 0; i < 180; ++i) {
        const int rows = sizes[(i / 7) % 6];
        const bool twoThreads = (i / 11) % 3 == 2, probe = i % 13 == 12;
        changed.settings().solver.islandBatchRows = rows;
        changed.settings().threads = twoThreads ? 2 : 1;
        changed.setSolverProbe(probe); // whole rows, whole passes: one batch
        changed.step();
        whole.step();
        ASSERT_EQ(changed.stateHash(), whole.stateHash()) << "step " << i;
        const int batches = changed.solverStats().batches;
        if (rows == 0 || twoThreads || probe) {
            EXPECT_EQ(batches, 1) << "step " << i;
        } else if (rows == 8) {
            EXPECT_GT(batches, 1) << "step " << i;
        }
        batched += batches > 1 ? 1 : 0;
    }
    EXPECT_GT(batched, 60) << "steps that ran in batches";
}

TEST(WideBatches, APileInOnePieceIsOneBatchUntilItComesApart) {
    // A plank under 40 cubes holds most rows: one batch, its islands looked for only now and
    // then. Once the plank is gone the cubes rest on the ground one by one, and the islands,
    // looked for again, are cut into batches.
    Settings s = wideNoSleep();
    s.threads = 1;
    s.solver.islandBatchRows = 8;
    World w(s);
    addGround(w);
    for (int i = 0; i < 12; ++i) addBox(w, {-20.0f + 2.0f * float(i), 0.5f, -6.0f});
    const BodyId plank = addBox(w, {0.0f, 0.1f, 0.0f}, {3.2f, 0.1f, 1.4f});
    for (int i = 0; i < 10; ++i)
        for (int j = 0; j < 4; ++j)
            addBox(w, {-2.7f + 0.6f * float(i), 0.45f, -0.9f + 0.6f * float(j)}, glm::vec3(0.25f));
    for (int i = 0; i < 30; ++i) {
        w.step();
        EXPECT_EQ(w.solverStats().batches, 1) << "step " << i;
    }
    w.destroyBody(plank);
    int most = 0;
    for (int i = 0; i < 60; ++i) {
        w.step();
        most = std::max(most, w.solverStats().batches);
    }
    EXPECT_GT(most, 4) << "the cubes on the ground, each an island, in batches";
}
