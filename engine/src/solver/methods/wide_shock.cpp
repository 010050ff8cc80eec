// The wide method's shock pass (wide.cpp's header comment), batch by batch.
#include "solver/methods/wide_data.h"

#include <cstddef>
#include <cstring>

namespace tumble::wide_method {

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

} // namespace tumble::wide_method
