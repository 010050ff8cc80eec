// Wide Gauss-Seidel: block Gauss-Seidel's rows over a coloured constraint graph, W manifolds
// of one colour at a time in SIMD lanes (colouring.h, wide_contacts.h). Each step: the
// manifolds are coloured, packed W to a group (eight lanes with AVX2, else four), and every
// pass runs the joint rows, then the colours in order, then the overflow manifolds one by
// one. Warm start and split impulse run over the same groups, and the cache is written from
// them. Each group's rows are prepared where it is packed, never written out whole, unless the
// probe, the trace or a tolerance reads the rows between passes (prepare). The rows are
// prepared with their normal blocks' couplings alone (RowCouplings::NormalBlock): the kernel
// carries a point's friction to the rows after it through the velocities.
//
// The shock pass runs on the same groups. Its levels depend on the contact graph alone, so
// they are found when the groups are packed, and each colour's manifolds are packed bottom-up
// (orderColours: the iterations' results do not change, as a colour's manifolds share no
// moving body). The pass then visits level by level, and within a level colour by colour, each
// group holding manifolds of that level, with the other lanes masked off (shockWideGroup): W
// manifolds per visit without packing anything again. A level's manifolds of one colour are
// independent, so the result does not depend on W. Packing separate groups for the shock pass
// was tried first and cost as much as it saved.
//
// Where nothing reads the rows between passes and there are no joint rows, one thread solves
// the step batch by batch (solveInBatches, wide_batches.h): a few hundred manifolds of whole
// islands at a time, each through every pass while its groups are in cache, with the bits of
// whole passes over every row.
#include "core/step_arrays.h"
#include "solver/colouring.h"
#include "solver/islands.h"
#include "solver/stages.h"
#include "solver/trace.h"
#include "solver/wide_contacts.h"

#include <algorithm>
#include <atomic>
#include <cassert>
#include <cstddef>
#include <cstring>

namespace tumble {
namespace {

struct WideData final : MethodData {
    ConstraintColours colours;
    std::vector<uint32_t> usedColours; ///< scratch for colourConstraints
    std::vector<WideGroup<4>> groups4;
    std::vector<WideGroup<8>> groups8;
    std::vector<WideSplitGroup<4>> splits4; ///< each group's split-impulse figures, same index
    std::vector<WideSplitGroup<8>> splits8;
    /// The rows in solve order, batch by batch (wide_batches.h), and the scratch that cuts them.
    WideSegments segments;
    IslandBuilder islands;
    /// Where each segment's groups begin in the groups' (solve) order, then their end.
    std::vector<uint32_t> colourStart;
    std::vector<float> blockLargest; ///< scratch: each block's largest change in a colour
    std::vector<WideLaneChange> changes;
    bool eight = false; ///< this step's groups are eight lanes wide
    /// This step's rows are prepared straight into the groups (prepare): the step's rows are
    /// then the overflow's alone, in its order (overflowRow).
    bool direct = false;
    // The shock pass, when this step runs it: SolveWorld::shockOrder's figures, moved here (the
    // iterations' scratch must hold none: block Gauss-Seidel's kernel, which solves the
    // overflow, reads a frozen side there as a shock pass), and the pass's visits in order.
    bool shock = false;
    std::vector<uint8_t> frozenSide, colourOf;
    std::vector<uint32_t> shockLevel, shockOrder;
    ShockVisits visits;
    /// The passes' impulses of every group's points, kept while the shock pass runs on the
    /// groups (normal, t1, t2 of each point, W lanes each).
    std::vector<float> keptGroupImpulses;
    /// The frozen normal blocks of one level's visits, kept between the level's two rounds.
    std::vector<WideShockBlock<4>> shockBlocks4;
    std::vector<WideShockBlock<8>> shockBlocks8;
    /// What the colours, their bottom-up order, the batches and the shock visits above were
    /// built from: each row's bodies and whether each moves, then the step's lane count, shock
    /// switch and batch size. While it and the shock pass's graph stay as they were (a pile at
    /// rest), they are kept.
    std::vector<uint64_t> graph, graphNow;
};

// Groups per block when one colour's groups are spread over threads: a few microseconds of
// work per block.
constexpr uint32_t kGroupsPerBlock = 4;

// Bytes a velocity pass reads of the groups (about: what precedes and follows each group's
// points, and the points, W to a group) past which it asks for each next group's lines
// (WidePassSettings::prefetch). Measured on this machine (1 MB of L2; the iterate stage, one
// world, fastest of five alternating runs, asking always): the base-100 pyramid (11 MB read a
// pass) 5.6 -> 3.7 ms, the 8,000-box rain (5.9 MB) 2.2 -> 1.9 ms; but the 4,000-box rain (3.0
// MB) 0.91 -> 0.96 ms, the sphere pit (1.4 MB, one point a group) 0.49 -> 0.54 ms and the
// base-40 pyramid (1.8 MB) 0.49 -> 0.53 ms, whose groups the caches mostly hold and where the
// asking costs more than it saves. Past it too, the warm start asks for each next group's lines
// before filling it (prefetchForWriting): the warm start stage on the 8,000-box rain 1.42 -> 1.35
// ms (fastest of twelve), but asked always, the 1,000-box rain's 0.137 -> 0.143 ms, the
// 4,000-box rain's 0.61 -> 0.63 and the base-40 pyramid's 0.33 -> 0.35.
constexpr size_t kPrefetchGroupsPast = size_t(4) << 20;

/// Whether a velocity pass reads more than kPrefetchGroupsPast of `groups` groups holding
/// `points` points, W lanes wide (about: what precedes and follows each group's points, and
/// the points).
template <int W> bool groupsPastCaches(size_t groups, uint32_t points) {
    const size_t around = sizeof(WideGroup<W>) - 4 * sizeof(WidePoint<W>);
    return groups * around + size_t(points) / W * sizeof(WidePoint<W>) > kPrefetchGroupsPast;
}
/// The same for this step's lane width.
bool groupsPastCaches(const WideData& d, size_t groups, uint32_t points) {
    return d.eight ? groupsPastCaches<8>(groups, points) : groupsPastCaches<4>(groups, points);
}

/// f(groups) with this step's groups, eight lanes wide or four.
template <class F> decltype(auto) withGroups(WideData& d, F&& f) { return d.eight ? f(d.groups8) : f(d.groups4); }

template <int W> std::vector<WideShockBlock<W>>& shockBlocks(WideData& d) {
    if constexpr (W == 8) return d.shockBlocks8;
    else return d.shockBlocks4;
}

template <int W> std::vector<WideSplitGroup<W>>& splitGroups(WideData& d) {
    if constexpr (W == 8) return d.splits8;
    else return d.splits4;
}

/// The split figures of a run of this step's groups `groups` (the same indices).
template <int W>
std::span<WideSplitGroup<W>> splitsOf(WideData& d, const std::vector<WideGroup<W>>& groups,
                                      std::span<const WideGroup<W>> run) {
    return std::span<WideSplitGroup<W>>(splitGroups<W>(d).data() + (run.data() - groups.data()), run.size());
}

/// f(a run of groups) over batch b's segments in solve order, each segment's groups spread
/// over the step's threads: they share no moving body, so which thread takes which changes
/// nothing. Returns the largest of f's results (a largest change: the same in any order).
template <int W, class F>
float overColours(SolveContext& ctx, std::vector<WideGroup<W>>& groups, const WideBatch& b, F&& f) {
    WideData& d = ctx.dataAs<WideData>();
    float largest = 0.0f;
    for (uint32_t k = b.segmentBegin; k < b.segmentEnd; ++k) {
        const uint32_t first = d.colourStart[k] - d.colourStart[b.segmentBegin];
        const uint32_t count = d.colourStart[k + 1] - d.colourStart[k];
        d.blockLargest.assign((count + kGroupsPerBlock - 1) / kGroupsPerBlock, 0.0f);
        ctx.tasks.parallelFor(count, kGroupsPerBlock, [&](uint32_t begin, uint32_t end) {
            d.blockLargest[begin / kGroupsPerBlock] = f(std::span<WideGroup<W>>(groups.data() + first + begin, end - begin));
        });
        for (float x : d.blockLargest) largest = std::max(largest, x);
    }
    return largest;
}

/// Batch b's groups, in solve order (the batches take turns in the same groups: layoutWideGroups).
template <int W> std::span<WideGroup<W>> groupsOf(WideData& d, std::vector<WideGroup<W>>& groups, const WideBatch& b) {
    return std::span<WideGroup<W>>(groups).first(d.colourStart[b.segmentEnd] - d.colourStart[b.segmentBegin]);
}

/// Eight lanes when solver.simdLanes asks for them (0: the widest) and the CPU has AVX2.
bool useEightLanes(const SolverSettings& solver) { return solver.simdLanes != 4 && wideAvx2Available(); }

/// The row of the overflow's i-th manifold: the step's row of that manifold, or, when the
/// rows are prepared into the groups, the step's i-th row (only the overflow's are kept then).
ContactConstraint& overflowRow(SolveContext& ctx, size_t i) {
    const WideData& d = ctx.dataAs<WideData>();
    return ctx.constraints[d.direct ? i : d.colours.overflow[i]];
}

/// The shock pass's levels and frozen sides, and each colour's manifolds bottom-up (kept when
/// the colours and the shock pass's graph are last step's). True when they were kept.
bool orderForShock(SolveContext& ctx, bool sameColours) {
    WideData& d = ctx.dataAs<WideData>();
    const bool sameGraph = ctx.world.shockOrder();
    VelocityScratch& scratch = ctx.scratch;
    d.frozenSide.swap(scratch.frozenSide);
    d.shockLevel.swap(scratch.shockLevel);
    d.shockOrder.swap(scratch.order);
    scratch.frozenSide.clear(), scratch.shockLevel.clear(), scratch.order.clear();
    if (sameColours && sameGraph) return true;
    orderColours(d.colours, d.shockOrder, d.colourOf);
    return false;
}

/// The rows, prepared straight into the groups where nothing reads the ordinary rows after
/// the passes but what the groups hold: no probe, step trace or tolerance (they measure the
/// rows between passes) and no pair that rolls or twists (its angular friction reads its row's
/// impulses). The groups are then filled with the warm start (warmStart), each group's rows
/// prepared on the thread that packs it, into its cache: 16 MB of rows on the base-100
/// pyramid are neither written nor read back, and the step's rows are the overflow's alone.
/// Otherwise the rows are prepared whole, as every method's are, and packed from there. Both
/// give the same bits.
void prepare(SolveContext& ctx) {
    WideData& d = ctx.dataAs<WideData>();
    d.direct = !ctx.probe && !ctx.trace && ctx.solver.tolerance <= 0.0f && !ctx.rowsRollOrTwist;
    ctx.rowsWhole = !d.direct;
    if (d.direct)
        ctx.constraints.clear(); // the overflow's rows alone, once it is known (warmStart)
    else
        ctx.landings = prepareContacts(ctx.manifolds, ctx.rowHeaders, ctx.figures, ctx.bodies, ctx.start, ctx.step, ctx.constraints,
                                       &ctx.tasks, RowCouplings::NormalBlock);
}

/// Row k of the step prepared where the groups are packed (buildWideGroups): from its manifold
/// alone, on any thread (each writes its own manifold and figures); whether a point lands is
/// only ever set.
struct RowPreparer {
    SolveContext& ctx;
    std::atomic<bool>& landings;
    bool prefetchGroups = false; ///< the groups are far past the caches (groupsPastCaches)
    void row(uint32_t k, ContactConstraint& row) const {
        const uint32_t m = row.manifold = ctx.rowHeaders[k].manifold;
        if (prepareContactRow(ctx.manifolds[m], ctx.figures.empty() ? nullptr : &ctx.figures[m], ctx.bodies,
                              ctx.start, ctx.step, row, RowCouplings::NormalBlock))
            landings.store(true, std::memory_order_relaxed);
    }
    /// Asks for row k's manifold ahead (the groups' order is not the cache's).
    void ahead(uint32_t k) const { prefetchManifold(ctx.manifolds[ctx.rowHeaders[k].manifold]); }
};

/// The step's groups laid out: the rows coloured (last step's colours while the graph is
/// last step's), ordered bottom-up for the shock pass, cut into batches of whole islands of
/// about `batchManifolds` rows (0: one batch; wide_batches.h) and the shock pass's visits
/// planned; with the rows prepared into the groups, the step's rows sized for the overflow's.
void arrange(SolveContext& ctx, uint32_t batchManifolds) {
    WideData& d = ctx.dataAs<WideData>();
    d.shock = shockPassRuns(ctx.solver);
    d.eight = useEightLanes(ctx.solver);
    const uint32_t lanes = d.eight ? 8 : 4;
    // The colouring is a function of this graph: unchanged, last step's colours are this step's.
    d.graphNow.clear();
    for (const ContactRowHeader& c : ctx.rowHeaders)
        d.graphNow.push_back(graphRowKey(c.indexA, c.indexB, ctx.bodies[c.indexA].invMass > 0.0f,
                                         ctx.bodies[c.indexB].invMass > 0.0f));
    d.graphNow.push_back(uint64_t(batchManifolds) << 8 | uint64_t(lanes) << 1 | (d.shock ? 1 : 0));
    const bool sameColours = d.graphNow == d.graph;
    d.graph.swap(d.graphNow);
    if (!sameColours) colourConstraints(ctx.rowHeaders, ctx.bodies, d.colours, d.usedColours);
    const bool kept = d.shock && orderForShock(ctx, sameColours);
    // The colours' order changes when they are coloured again or ordered for the shock pass.
    if (!sameColours || (d.shock && !kept))
        batchIslands(ctx.rowHeaders, ctx.bodies, d.colours, batchManifolds, d.islands, d.segments);
    withGroups(d, [&]<int W>(std::vector<WideGroup<W>>& groups) {
        layoutWideGroups<W>(d.segments, groups, splitGroups<W>(d), d.colourStart);
    });
    if (d.shock && !kept) d.visits.plan(d.segments, d.colourStart, lanes, d.shockLevel, d.colours.overflow);
    if (d.direct) resetForStep(ctx.constraints, d.colours.overflow.size());
    const std::vector<std::vector<uint32_t>>& colours = d.colours.colours;
    ctx.stats.colours = static_cast<int>(colours.size());
    ctx.stats.overflowManifolds = static_cast<int>(d.colours.overflow.size());
    ctx.stats.lanes = static_cast<int>(lanes);
    ctx.stats.rowsInGroups = d.direct;
    ctx.stats.batches = static_cast<int>(d.segments.batches.size());
    ctx.stats.simdBuild = !d.eight ? "SSE2" : wideAvx512Used() ? "AVX-512VL" : "AVX2";
    // The colours for the debug draw's constraint graph (the figures are this step's, reset to -1).
    if (!ctx.figures.empty())
        for (size_t k = 0; k < colours.size(); ++k)
            for (uint32_t i : colours[k])
                ctx.figures[ctx.rowHeaders[i].manifold].colour = static_cast<int>(k);
}

/// The groups of the step's batches, how many there are.
size_t groupCount(const WideData& d) { return d.colourStart.back(); }

/// The one batch of the whole-pass path (solveRigid), which lays the groups out as one.
const WideBatch& onlyBatch(const WideData& d) {
    assert(d.segments.batches.size() == 1);
    return d.segments.batches.front();
}

/// Batch b's groups packed and each warm started as it is packed (segment by segment in solve
/// order, each segment's groups spread over the step's threads: they share no moving body, so
/// the bodies get what a warm start after packing would give them), then its overflow's rows
/// warm started one by one. With the rows prepared straight into the groups (`prepareRow`),
/// each group's rows are prepared as it is packed, and the overflow's whole rows before their
/// warm start.
void fillBatch(SolveContext& ctx, const WideBatch& b, const RowPreparer& prepareRow) {
    WideData& d = ctx.dataAs<WideData>();
    withGroups(d, [&]<int W>(std::vector<WideGroup<W>>& groups) {
        if (d.direct)
            fillWideSegments<W>(ctx.constraints, d.segments, b.segmentBegin, b.segmentEnd, groups, splitGroups<W>(d),
                                d.colourStart, ctx.bodies, &ctx.tasks, kGroupsPerBlock, prepareRow);
        else
            fillWideSegments<W>(ctx.constraints, d.segments, b.segmentBegin, b.segmentEnd, groups, splitGroups<W>(d),
                                d.colourStart, ctx.bodies, &ctx.tasks, kGroupsPerBlock);
    });
    for (uint32_t o = b.overflowBegin; o < b.overflowEnd; ++o) {
        const uint32_t i = d.segments.overflow[o];
        if (d.direct) prepareRow.row(d.colours.overflow[i], ctx.constraints[i]);
        warmStartContacts(std::span<const ContactConstraint>(&overflowRow(ctx, i), 1), ctx.bodies);
    }
}

/// The warm start stage of the whole-pass path (solveRigid): the groups laid out as one batch
/// and filled.
void warmStart(SolveContext& ctx) {
    WideData& d = ctx.dataAs<WideData>();
    arrange(ctx, 0);
    std::atomic<bool> landings{false};
    const RowPreparer prepareRow{ctx, landings, groupsPastCaches(d, groupCount(d), ctx.rowPoints)};
    fillBatch(ctx, onlyBatch(d), prepareRow);
    if (d.direct) ctx.landings = landings.load(std::memory_order_relaxed);
}

/// Batch b's groups, how many, and about how many points they hold (the step's, shared out).
std::pair<size_t, uint32_t> batchSize(const WideData& d, const WideBatch& b, uint32_t rowPoints) {
    const size_t groups = d.colourStart[b.segmentEnd] - d.colourStart[b.segmentBegin], all = groupCount(d);
    return {groups, all == 0 ? 0 : static_cast<uint32_t>(uint64_t(rowPoints) * groups / all)};
}

/// The largest batch's groups (all the groups there are: layoutWideGroups), and about how many
/// points they hold.
std::pair<size_t, uint32_t> largestBatch(const WideData& d, uint32_t rowPoints) {
    const size_t groups = d.eight ? d.groups8.size() : d.groups4.size(), all = groupCount(d);
    return {groups, all == 0 ? 0 : static_cast<uint32_t>(uint64_t(rowPoints) * groups / all)};
}

WidePassSettings passSettings(SolveContext& ctx, const WideBatch& b) {
    WidePassSettings pass;
    pass.omega = ctx.step.relaxation;
    pass.cone = ctx.step.cone;
    pass.measure = ctx.scratch.measureEveryPass || ctx.scratch.iteration + 1 >= ctx.scratch.iterationCount;
    pass.sweeps = ctx.scratch.iteration == 0 ? kInnerSweeps : kInnerSweeps / 2;
    const WideData& d = ctx.dataAs<WideData>();
    const auto [groups, points] = batchSize(d, b, ctx.rowPoints);
    pass.prefetch = groupsPastCaches(d, groups, points);
    return pass;
}

/// f(a run of groups) over `groups`, on the step's threads (each writes only what its own
/// manifolds own: their rows, or their records in the cache).
template <int W, class F> void overGroups(SolveContext& ctx, std::span<WideGroup<W>> groups, F&& f) {
    ctx.tasks.parallelFor(static_cast<uint32_t>(groups.size()), kGroupsPerBlock, [&](uint32_t begin, uint32_t end) {
        f(std::span<const WideGroup<W>>(groups.data() + begin, end - begin));
    });
}

/// The groups' accumulated impulses back into the rows they came from (none when the rows were
/// prepared into the groups: the cache is then written from the groups, finish).
void scatter(SolveContext& ctx) {
    if (ctx.dataAs<WideData>().direct) return;
    withGroups(ctx.dataAs<WideData>(), [&]<int W>(std::vector<WideGroup<W>>& groups) {
        overGroups<W>(ctx, groups, [&](std::span<const WideGroup<W>> run) { scatterWideImpulses<W>(run, ctx.constraints); });
    });
}

/// Batch b's manifolds no colour took, one by one with block Gauss-Seidel's kernel.
float solveOverflow(SolveContext& ctx, const WideBatch& b, bool traced, int iteration) {
    const WideData& d = ctx.dataAs<WideData>();
    float largest = 0.0f;
    for (uint32_t o = b.overflowBegin; o < b.overflowEnd; ++o) {
        ContactConstraint& c = overflowRow(ctx, d.segments.overflow[o]);
        auto solve = [&] {
            return solveContactsGaussSeidel(std::span<ContactConstraint>(&c, 1), ctx.bodies, ctx.step, ctx.scratch);
        };
        largest = std::max(largest, traced ? tracedManifold(ctx, c, TracePass{0, iteration}, solve) : solve());
    }
    return largest;
}

/// One velocity pass over batch b: its segments in order, then its overflow.
float iterateBatch(SolveContext& ctx, const WideBatch& b) {
    const WidePassSettings pass = passSettings(ctx, b);
    const float largest = withGroups(ctx.dataAs<WideData>(), [&]<int W>(std::vector<WideGroup<W>>& groups) {
        return overColours(ctx, groups, b, [&](std::span<WideGroup<W>> run) { return solveWideGroups<W>(run, ctx.bodies, pass); });
    });
    return std::max(largest, solveOverflow(ctx, b, false, ctx.scratch.iteration));
}

float iterate(SolveContext& ctx) {
    const float largest = iterateBatch(ctx, onlyBatch(ctx.dataAs<WideData>()));
    // The probe and the tolerance measure the ordinary rows after every pass.
    if (ctx.scratch.measureEveryPass) scatter(ctx);
    return largest;
}

/// A traced pass: the same groups through the same kernel, each live lane recorded as one
/// visit. Lanes of a group share no moving body, so each visit's velocities before and after
/// are those of solving its manifold alone at that point of the pass.
template <int W> float tracedGroups(SolveContext& ctx, std::vector<WideGroup<W>>& groups, int iteration) {
    WideData& d = ctx.dataAs<WideData>();
    // The whole-pass path (solveRigid) lays the groups out as one batch.
    WidePassSettings pass = passSettings(ctx, d.segments.batches.front());
    float largest = 0.0f;
    d.changes.resize(W);
    for (WideGroup<W>& g : groups) {
        std::vector<TraceVisitScope> scopes;
        for (int l = 0; l < W; ++l)
            if (g.constraint[l] != WideGroup<W>::kEmpty) scopes.emplace_back(ctx, g.bodyA[l], g.bodyB[l]);
        largest = std::max(largest, solveWideGroups<W>(std::span<WideGroup<W>>(&g, 1), ctx.bodies, pass, d.changes.data()));
        for (int l = 0; l < static_cast<int>(scopes.size()); ++l) {
            TraceVisit v = TracePass{0, iteration}.visit();
            v.wholeManifold = true;
            v.source = g.manifold[l];
            v.deltaNormal = d.changes[l].normal;
            v.deltaFriction = glm::length(d.changes[l].friction);
            scopes[l].finish(v);
        }
    }
    return largest;
}

float traced(SolveContext& ctx, int iteration) {
    WideData& d = ctx.dataAs<WideData>();
    float largest = d.eight ? tracedGroups<8>(ctx, d.groups8, iteration) : tracedGroups<4>(ctx, d.groups4, iteration);
    largest = std::max(largest, solveOverflow(ctx, d.segments.batches.front(), true, iteration));
    if (ctx.scratch.measureEveryPass) scatter(ctx);
    return largest;
}

/// Split impulse over batch b's groups (the shock pass in between changed velocities and
/// impulses, not what the split rows read), then its overflow one by one, `passes` times.
void splitBatch(SolveContext& ctx, const WideBatch& b, int passes) {
    WideData& d = ctx.dataAs<WideData>();
    withGroups(d, [&]<int W>(std::vector<WideGroup<W>>& groups) {
        for (int pass = 0; pass < passes; ++pass) {
            overColours(ctx, groups, b, [&](std::span<WideGroup<W>> run) {
                solveWideSplitPass<W>(run, splitsOf<W>(d, groups, run), ctx.split);
                return 0.0f;
            });
            for (uint32_t o = b.overflowBegin; o < b.overflowEnd; ++o)
                solveSplitImpulse(std::span<ContactConstraint>(&overflowRow(ctx, d.segments.overflow[o]), 1), ctx.split);
        }
    });
}

void splitImpulse(SolveContext& ctx, int passes) {
    WideData& d = ctx.dataAs<WideData>();
    splitBatch(ctx, onlyBatch(d), passes);
    // The pseudo impulses are read back only for the figures (finishContacts; from the groups
    // themselves when the rows were prepared into them).
    if (!ctx.figures.empty() && !d.direct)
        withGroups(d, [&]<int W>(std::vector<WideGroup<W>>& groups) {
            overGroups<W>(ctx, groups, [&](std::span<const WideGroup<W>> run) {
                scatterWideSplitImpulses<W>(run, splitsOf<W>(d, groups, run), ctx.constraints);
            });
        });
}

/// The shock pass over batch `index`: bottom-up, level by level, each level's manifolds colour
/// by colour on the groups (the overflow's one by one, with block Gauss-Seidel's kernel as in
/// the passes), kShockVisitsPerLevel times before the level above. It changes velocities only:
/// the impulses it accumulates in the groups and the overflow's rows are put back to the
/// passes' after it (the rows, when whole, got those as the passes ended).
void shockBatch(SolveContext& ctx, uint32_t index) {
    WideData& d = ctx.dataAs<WideData>();
    const WideBatch& b = d.segments.batches[index];
    WidePassSettings pass;
    pass.omega = ctx.step.relaxation;
    pass.cone = ctx.step.cone;
    pass.sweeps = kInnerSweeps;
    std::vector<KeptImpulses>& kept = ctx.scratch.keptImpulses;
    kept.clear();
    for (uint32_t o = b.overflowBegin; o < b.overflowEnd; ++o)
        kept.push_back(KeptImpulses::of(overflowRow(ctx, d.segments.overflow[o])));
    const std::span<const ShockVisit> visits = d.visits.ofBatch(index);
    withGroups(d, [&]<int W>(std::vector<WideGroup<W>>& all) {
        // Each visit of a level's first round computes its frozen normal blocks; the second
        // round reads them (a visit holds the same lanes both times). The overflow's manifolds,
        // solved one by one, rebuild their coupling at each visit: they are few.
        // They are kept for one level at a time (a visit's index within its level).
        std::vector<WideShockBlock<W>>& blocks = shockBlocks<W>(d);
        // The groups' impulses, which the cache gets from them when the rows were prepared
        // into them, are the passes': kept aside and put back after (a point's three are side
        // by side).
        constexpr size_t kPoint = 3 * W * sizeof(float);
        static_assert(offsetof(WidePoint<W>, tangentImpulse) ==
                      offsetof(WidePoint<W>, normalImpulse) + W * sizeof(float));
        const std::span<WideGroup<W>> groups = groupsOf<W>(d, all, b);
        std::vector<float>& keptGroups = d.keptGroupImpulses;
        keptGroups.resize(groups.size() * 4 * 3 * W);
        auto keepGroups = [&](bool back) {
            float* at = keptGroups.data();
            for (WideGroup<W>& g : groups)
                for (int p = 0; p < g.pointCount; ++p, at += 3 * W)
                    back ? std::memcpy(&g.points[p].normalImpulse, at, kPoint)
                         : std::memcpy(at, &g.points[p].normalImpulse, kPoint);
        };
        keepGroups(false);
        const auto levelOf = [&](size_t k) { return visits[k].level; };
        forEachShockVisit(visits.size(), levelOf, [&](size_t k, size_t first, int round) {
            const ShockVisit& v = visits[k];
            if (blocks.size() <= k - first) blocks.resize(k - first + 1);
            if (v.overflow)
                shockManifoldGaussSeidel(overflowRow(ctx, v.index), ctx.bodies, ctx.step,
                                         d.frozenSide[d.colours.overflow[v.index]]);
            else
                shockWideGroup<W>(groups[v.index], v.level, ctx.bodies, pass, d.shockLevel, d.frozenSide,
                                  blocks[k - first], round > 0);
        });
        keepGroups(true);
    });
    for (uint32_t o = b.overflowBegin; o < b.overflowEnd; ++o)
        kept[o - b.overflowBegin].restore(overflowRow(ctx, d.segments.overflow[o]));
}

void shock(SolveContext& ctx) {
    assert(ctx.dataAs<WideData>().segments.batches.size() == 1); // onlyBatch's
    shockBatch(ctx, 0);
}

/// Batch b's impulses, clamps and drift into the cache, from its groups (the rows were prepared
/// into them) and its overflow's rows.
void finishBatch(SolveContext& ctx, const WideBatch& b) {
    WideData& d = ctx.dataAs<WideData>();
    const WideFinish target{ctx.manifolds, ctx.figures, ctx.bodies, ctx.split, ctx.step.dt};
    withGroups(d, [&]<int W>(std::vector<WideGroup<W>>& groups) {
        overGroups<W>(ctx, groupsOf<W>(d, groups, b), [&](std::span<const WideGroup<W>> run) {
            finishWideContacts<W>(run, splitsOf<W>(d, groups, run), target);
        });
    });
    for (uint32_t o = b.overflowBegin; o < b.overflowEnd; ++o)
        finishContacts(ctx.manifolds, ctx.figures,
                       std::span<const ContactConstraint>(&overflowRow(ctx, d.segments.overflow[o]), 1), ctx.bodies,
                       ctx.split, ctx.step.dt);
}

/// The step's impulses, clamps and drift into the cache: from the groups when the rows were
/// prepared into them (the overflow's from their rows), else from the rows.
void finish(SolveContext& ctx) {
    WideData& d = ctx.dataAs<WideData>();
    if (!d.direct) {
        finishContacts(ctx.manifolds, ctx.figures, ctx.constraints, ctx.bodies, ctx.split, ctx.step.dt, &ctx.tasks);
        return;
    }
    finishBatch(ctx, onlyBatch(d));
}

/// The whole solve batch by batch (wide_batches.h): for each, its groups filled and warm
/// started, every velocity pass, the shock pass and split impulse, then its store, each timed
/// as its stage. Each body gets the bits of the whole-pass path. Taken where the rows are
/// prepared into the groups (nothing measures them between passes), there are no joint rows
/// (joints are solved over all bodies before each pass) and the step runs on one thread (on
/// several, each segment's groups are shared out, and a batch's are too few); else one batch.
void solveInBatches(SolveContext& ctx) {
    WideData& d = ctx.dataAs<WideData>();
    const SolverSettings& ss = ctx.solver;
    std::atomic<bool> landings{false};
    RowPreparer prepareRow{ctx, landings};
    {
        ScopedTimer t(ctx.profile.warmStart);
        arrange(ctx, ctx.tasks.threads() == 1 ? wideBatchManifolds() : 0);
        // The batches take turns in the groups, which stay in cache unless one batch is large.
        const auto [groups, points] = largestBatch(d, ctx.rowPoints);
        prepareRow.prefetchGroups = groupsPastCaches(d, groups, points);
    }
    const bool shock = shockPassRuns(ss);
    ctx.scratch.iterationCount = ss.velocityIterations;
    ctx.scratch.measureEveryPass = false;
    float maxDelta = 0.0f;
    for (uint32_t index = 0; index < d.segments.batches.size(); ++index) {
        const WideBatch& b = d.segments.batches[index];
        {
            ScopedTimer t(ctx.profile.warmStart);
            fillBatch(ctx, b, prepareRow);
        }
        {
            ScopedTimer t(ctx.profile.iterate);
            float largest = 0.0f;
            for (int it = 0; it < ss.velocityIterations; ++it) {
                ctx.scratch.iteration = it;
                largest = iterateBatch(ctx, b);
            }
            maxDelta = std::max(maxDelta, largest);
        }
        {
            ScopedTimer t(ctx.profile.relax);
            if (shock) shockBatch(ctx, index);
            if (ctx.step.splitImpulse) splitBatch(ctx, b, ss.positionIterations);
        }
        ScopedTimer t(ctx.profile.storeImpulses);
        finishBatch(ctx, b);
    }
    if (shock) ctx.scratch.frozenSide.clear(), ctx.scratch.order.clear();
    ctx.landings = landings.load(std::memory_order_relaxed);
    {
        ScopedTimer t(ctx.profile.storeImpulses);
        ctx.world.finishJoints();
    }
    ctx.stats.velocityIterations = ss.velocityIterations;
    ctx.stats.positionIterations = ss.positionIterations;
    ctx.stats.maxDelta = maxDelta;
}

} // namespace

void solveWideMethod(SolveContext& ctx) {
    RigidPasses passes;
    passes.prepareContacts = prepare;
    passes.finishContacts = finish;
    passes.warmStartContacts = warmStart;
    passes.iterate = iterate;
    // After the velocity passes, the impulses back into the rows when they are whole (the
    // probe, the trace): the shock pass that may follow changes velocities only, so these are
    // the step's impulses.
    passes.end = scatter;
    passes.traced = traced;
    passes.splitImpulse = splitImpulse;
    passes.couplings = RowCouplings::NormalBlock;
    passes.shock = shock;
    prepareStage(ctx, passes.couplings, passes.prepareContacts);
    if (ctx.dataAs<WideData>().direct && ctx.jointRows.empty())
        solveInBatches(ctx);
    else
        solveRigidPrepared(ctx, passes);
}

} // namespace tumble
