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
#include "solver/stages.h"
#include "solver/trace.h"
#include "solver/methods/wide_data.h"

#include <algorithm>
#include <atomic>
#include <cassert>
#include <cstddef>
#include <cstring>

namespace tumble {
namespace {

using namespace wide_method;

/// Whether a pass over `groups` of the step's groups reads more than kPrefetchGroupsPast
/// (wide_contacts.h) at this step's lane width, their points taken as their share of the
/// step's `rowPoints`.
bool groupsPastCaches(const WideData& d, size_t groups, uint32_t rowPoints) {
    const size_t all = d.segmentStart.back();
    const uint32_t points =
        all == 0 ? 0 : static_cast<uint32_t>(uint64_t(rowPoints) * groups / all);
    return d.eight ? wideGroupsPastCaches<8>(groups, points)
                   : wideGroupsPastCaches<4>(groups, points);
}

/// f(a run of groups) over batch b's segments in solve order, each segment's groups spread
/// over the step's threads: they share no moving body, so which thread takes which changes
/// nothing. Returns the largest of f's results (a largest change: the same in any order).
template <int W, class F>
float overSegments(SolveContext& ctx, std::vector<WideGroup<W>>& groups, const WideBatch& b,
                   F&& f) {
    WideData& d = ctx.dataAs<WideData>();
    float largest = 0.0f;
    for (uint32_t k = b.segmentBegin; k < b.segmentEnd; ++k) {
        const uint32_t first = d.segmentStart[k] - d.segmentStart[b.segmentBegin];
        const uint32_t count = d.segmentStart[k + 1] - d.segmentStart[k];
        d.blockLargest.assign((count + kGroupsPerBlock - 1) / kGroupsPerBlock, 0.0f);
        ctx.tasks.parallelFor(count, kGroupsPerBlock, [&](uint32_t begin, uint32_t end) {
            d.blockLargest[begin / kGroupsPerBlock] = f(std::span<WideGroup<W>>(groups.data() + first + begin, end - begin));
        });
        for (float x : d.blockLargest) largest = std::max(largest, x);
    }
    return largest;
}

/// Eight lanes when solver.simdLanes asks for them (0: the widest) and the CPU has AVX2.
bool useEightLanes(const SolverSettings& solver) { return solver.simdLanes != 4 && wideAvx2Available(); }

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
/// impulses). The groups are then filled with the warm start (fillBatch), each group's rows
/// prepared on the thread that packs it, into its cache: 16 MB of rows on the base-100
/// pyramid are neither written nor read back, and the step's rows are the overflow's alone.
/// Otherwise the rows are prepared whole, as every method's are, and packed from there. Both
/// give the same bits.
void prepare(SolveContext& ctx) {
    WideData& d = ctx.dataAs<WideData>();
    d.direct = !ctx.probe && !ctx.trace && ctx.solver.tolerance <= 0.0f && !ctx.rowsRollOrTwist;
    ctx.rowsWhole = !d.direct;
    if (d.direct)
        ctx.constraints.clear(); // the overflow's rows alone, once it is known (arrange)
    else
        ctx.landings = prepareContacts(ctx.manifolds, ctx.rowHeaders, ctx.figures, ctx.bodies, ctx.start, ctx.step, ctx.constraints,
                                       &ctx.tasks, RowCouplings::NormalBlock);
}

/// Row k of the step prepared where the groups are packed (fillWideSegments): from its manifold
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
    d.graphNow.push_back(uint64_t(lanes) << 1 | (d.shock ? 1 : 0));
    const bool sameColours = d.graphNow == d.graph;
    d.graph.swap(d.graphNow);
    if (!sameColours) colourConstraints(ctx.rowHeaders, ctx.bodies, d.colours, d.usedColours);
    const bool kept = d.shock && orderForShock(ctx, sameColours);
    // The colours' order changes when they are coloured again or ordered for the shock pass;
    // the batches change with it and with their size (the thread count: threads 0 tries both).
    const bool sameBatches = sameColours && (!d.shock || kept) && batchManifolds == d.batchRows;
    // Where one island held most rows when they were last looked for (a pile in one piece whose
    // contacts change every step, as the sphere pit's do), the rows go as one batch and the
    // islands are looked for again only every kIslandsEvery steps: finding them cost such a
    // step about 2 %, and the batches change no bits.
    constexpr uint32_t kIslandsEvery = 8;
    const bool due = d.oneIsland && ++d.stepsSinceIslands >= kIslandsEvery;
    const bool cut = !sameBatches || due;
    if (cut) {
        const bool look = batchManifolds > 0 && (!d.oneIsland || due);
        batchIslands(ctx.rowHeaders, ctx.bodies, d.colours, look ? batchManifolds : 0, d.islands,
                     d.segments);
        if (look) {
            d.oneIsland = d.segments.batches.size() == 1 && ctx.rowHeaders.size() > batchManifolds;
            d.stepsSinceIslands = 0;
        }
    }
    d.batchRows = batchManifolds;
    withGroups(d, [&]<int W>(std::vector<WideGroup<W>>& groups) {
        layoutWideGroups<W>(d.segments, groups, splitGroups<W>(d), d.segmentStart);
    });
    if (d.shock && cut)
        d.visits.plan(d.segments, d.segmentStart, lanes, d.shockLevel, d.colours.overflow);
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
            fillWideSegments<W>(ctx.constraints, d.segments, b.segmentBegin, b.segmentEnd, groups,
                                splitGroups<W>(d), d.segmentStart, ctx.bodies, &ctx.tasks,
                                kGroupsPerBlock, prepareRow);
        else
            fillWideSegments<W>(ctx.constraints, d.segments, b.segmentBegin, b.segmentEnd, groups,
                                splitGroups<W>(d), d.segmentStart, ctx.bodies, &ctx.tasks,
                                kGroupsPerBlock);
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
    const RowPreparer prepareRow{ctx, landings,
                                 groupsPastCaches(d, d.segmentStart.back(), ctx.rowPoints)};
    fillBatch(ctx, onlyBatch(d), prepareRow);
    if (d.direct) ctx.landings = landings.load(std::memory_order_relaxed);
}

WidePassSettings passSettings(SolveContext& ctx, const WideBatch& b) {
    WidePassSettings pass;
    pass.omega = ctx.step.relaxation;
    pass.cone = ctx.step.cone;
    pass.measure = ctx.scratch.measureEveryPass || ctx.scratch.iteration + 1 >= ctx.scratch.iterationCount;
    pass.sweeps = ctx.scratch.iteration == 0 ? kInnerSweeps : kInnerSweeps / 2;
    const WideData& d = ctx.dataAs<WideData>();
    pass.prefetch = groupsPastCaches(
        d, d.segmentStart[b.segmentEnd] - d.segmentStart[b.segmentBegin], ctx.rowPoints);
    return pass;
}

/// f(a run of groups) over `groups`, on the step's threads (each writes only what its own
/// manifolds own: their rows, or their records in the cache).
template <int W, class F>
void overGroups(SolveContext& ctx, std::span<WideGroup<W>> groups, F&& f) {
    ctx.tasks.parallelFor(static_cast<uint32_t>(groups.size()), kGroupsPerBlock, [&](uint32_t begin, uint32_t end) {
        f(std::span<const WideGroup<W>>(groups.data() + begin, end - begin));
    });
}

/// The groups' accumulated impulses back into the rows they came from (none when the rows were
/// prepared into the groups: the cache is then written from the groups, finish).
void scatter(SolveContext& ctx) {
    WideData& d = ctx.dataAs<WideData>();
    if (d.direct) return;
    withGroups(d, [&]<int W>(std::vector<WideGroup<W>>& groups) {
        overGroups<W>(ctx, groupsOf<W>(d, groups, onlyBatch(d)),
                      [&](std::span<const WideGroup<W>> run) {
                          scatterWideImpulses<W>(run, ctx.constraints);
                      });
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
    const float largest =
        withGroups(ctx.dataAs<WideData>(), [&]<int W>(std::vector<WideGroup<W>>& groups) {
            return overSegments(ctx, groups, b, [&](std::span<WideGroup<W>> run) {
                return solveWideGroups<W>(run, ctx.bodies, pass);
            });
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
    WidePassSettings pass = passSettings(ctx, onlyBatch(d));
    float largest = 0.0f;
    d.changes.resize(W);
    for (WideGroup<W>& g : groupsOf<W>(d, groups, onlyBatch(d))) {
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
    largest = std::max(largest, solveOverflow(ctx, onlyBatch(d), true, iteration));
    if (ctx.scratch.measureEveryPass) scatter(ctx);
    return largest;
}

/// Split impulse over batch b's groups (the shock pass in between changed velocities and
/// impulses, not what the split rows read), then its overflow one by one, `passes` times.
void splitBatch(SolveContext& ctx, const WideBatch& b, int passes) {
    WideData& d = ctx.dataAs<WideData>();
    withGroups(d, [&]<int W>(std::vector<WideGroup<W>>& groups) {
        for (int pass = 0; pass < passes; ++pass) {
            overSegments(ctx, groups, b, [&](std::span<WideGroup<W>> run) {
                solveWideSplitPass<W>(run, splitsOf<W>(d, groups, run), ctx.split);
                return 0.0f;
            });
            for (uint32_t o = b.overflowBegin; o < b.overflowEnd; ++o)
                solveSplitImpulse(
                    std::span<ContactConstraint>(&overflowRow(ctx, d.segments.overflow[o]), 1),
                    ctx.split);
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
            overGroups<W>(
                ctx, groupsOf<W>(d, groups, onlyBatch(d)), [&](std::span<const WideGroup<W>> run) {
                    scatterWideSplitImpulses<W>(run, splitsOf<W>(d, groups, run), ctx.constraints);
                });
        });
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
        finishContacts(
            ctx.manifolds, ctx.figures,
            std::span<const ContactConstraint>(&overflowRow(ctx, d.segments.overflow[o]), 1),
            ctx.bodies, ctx.split, ctx.step.dt);
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
        arrange(ctx,
                ctx.tasks.threads() == 1 ? static_cast<uint32_t>(ctx.solver.islandBatchRows) : 0);
        // The batches take turns in the groups (as many as the largest batch's), which stay in
        // cache unless one batch is large.
        prepareRow.prefetchGroups =
            groupsPastCaches(d, d.eight ? d.groups8.size() : d.groups4.size(), ctx.rowPoints);
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
