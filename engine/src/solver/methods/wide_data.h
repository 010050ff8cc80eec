#pragma once
// The wide method's data kept from step to step, and what its files share of it: the method
// (wide.cpp) and its shock pass (wide_shock.cpp).
#include "solver/colouring.h"
#include "solver/islands.h"
#include "solver/solve_context.h"
#include "solver/wide_batches.h"
#include "solver/wide_contacts.h"

#include <cstdint>
#include <span>
#include <vector>

namespace tumble::wide_method {

/// The wide method's own data (SolveContext::dataAs), kept from step to step.
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
    std::vector<uint32_t> segmentStart;
    std::vector<float> blockLargest; ///< scratch: each block's largest change in a segment
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
    /// The passes' impulses of a batch's groups' points, kept while the shock pass runs on
    /// them (normal, t1, t2 of each point, W lanes each).
    std::vector<float> keptGroupImpulses;
    /// The frozen normal blocks of one level's visits, kept between the level's two rounds.
    std::vector<WideShockBlock<4>> shockBlocks4;
    std::vector<WideShockBlock<8>> shockBlocks8;
    /// What the colours, their bottom-up order, the batches and the shock visits above were
    /// built from: each row's bodies and whether each moves, then the step's lane count and
    /// shock switch. While it and the shock pass's graph stay as they were (a pile at rest),
    /// they are kept; the batches and visits are cut again when the batch size changes too.
    std::vector<uint64_t> graph, graphNow;
    uint32_t batchRows = 0; ///< the rows a batch reached when the batches were last cut
    /// When the islands were last looked for, one held most rows; steps since then.
    bool oneIsland = false;
    uint32_t stepsSinceIslands = 0;
};

// Groups per block when one colour's groups are spread over threads: a few microseconds of
// work per block.
constexpr uint32_t kGroupsPerBlock = 4;

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

/// Batch b's groups, in solve order (the batches take turns in the same groups: layoutWideGroups).
template <int W>
std::span<WideGroup<W>> groupsOf(WideData& d, std::vector<WideGroup<W>>& groups,
                                 const WideBatch& b) {
    return std::span<WideGroup<W>>(groups).first(d.segmentStart[b.segmentEnd] -
                                                 d.segmentStart[b.segmentBegin]);
}

/// The row of the overflow's i-th manifold: the step's row of that manifold, or, when the
/// rows are prepared into the groups, the step's i-th row (only the overflow's are kept then).
inline ContactConstraint& overflowRow(SolveContext& ctx, size_t i) {
    const WideData& d = ctx.dataAs<WideData>();
    return ctx.constraints[d.direct ? i : d.colours.overflow[i]];
}

/// The shock pass over batch `index` (wide_shock.cpp).
void shockBatch(SolveContext& ctx, uint32_t index);

} // namespace tumble::wide_method
