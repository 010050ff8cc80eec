// Wide Gauss-Seidel: block Gauss-Seidel's rows over a coloured constraint graph, W manifolds
// of one colour at a time in SIMD lanes (colouring.h, wide_contacts.h). Each step: the
// manifolds are coloured, packed W to a group (eight lanes with AVX2, else four), and every
// pass runs the joint rows, then the colours in order, then the overflow manifolds one by
// one. Warm start and split impulse run over the same groups; storing impulses is block
// Gauss-Seidel's, on the ordinary rows, which get the groups' impulses back after the passes.
// The rows are prepared with their normal blocks' couplings alone (RowCouplings::NormalBlock):
// the kernel carries a point's friction to the rows after it through the velocities. The
// shock pass does the same, one manifold at a time bottom-up (shockPassThroughVelocities):
// on the base-40 pyramid it cost what block Gauss-Seidel's shock pass cost with the friction
// couplings it needs, and the worst box moved 3.2 cm instead of 4.0. Groups for the shock pass
// (each level's rows coloured, W at a time) were tried and cost as much again: packing ~450
// groups by level cost more than the scalar pass saved.
#include "solver/colouring.h"
#include "solver/stages.h"
#include "solver/trace.h"
#include "solver/wide_contacts.h"

#include <algorithm>

namespace tumble {
namespace {

struct WideData final : MethodData {
    ConstraintColours colours;
    std::vector<uint32_t> usedColours; ///< scratch for colourConstraints
    std::vector<WideGroup<4>> groups4;
    std::vector<WideGroup<8>> groups8;
    /// Where each colour's groups begin in the groups' (solve) order, then their end.
    std::vector<uint32_t> colourStart;
    std::vector<float> blockLargest; ///< scratch: each block's largest change in a colour
    std::vector<WideLaneChange> changes;
    bool eight = false; ///< this step's groups are eight lanes wide
};

// Groups per block when one colour's groups are spread over threads: a few microseconds of
// work per block.
constexpr uint32_t kGroupsPerBlock = 4;

/// f(groups) with this step's groups, eight lanes wide or four.
template <class F> decltype(auto) withGroups(WideData& d, F&& f) { return d.eight ? f(d.groups8) : f(d.groups4); }

/// f(a run of groups) over the colours in solve order, each colour's groups spread over the
/// step's threads: they share no moving body, so which thread takes which changes nothing.
/// Returns the largest of f's results (a largest change: the same in any order).
template <int W, class F> float overColours(SolveContext& ctx, std::vector<WideGroup<W>>& groups, F&& f) {
    WideData& d = ctx.dataAs<WideData>();
    float largest = 0.0f;
    for (size_t k = 0; k + 1 < d.colourStart.size(); ++k) {
        const uint32_t first = d.colourStart[k], count = d.colourStart[k + 1] - first;
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

/// Colour and pack the step's rows (warm starting reads the groups, so this comes first).
void pack(SolveContext& ctx) {
    WideData& d = ctx.dataAs<WideData>();
    colourConstraints(ctx.constraints, ctx.bodies, d.colours, d.usedColours);
    d.eight = useEightLanes(ctx.solver);
    const int lanes = d.eight ? 8 : 4;
    withGroups(d, [&]<int W>(std::vector<WideGroup<W>>& groups) { buildWideGroups<W>(ctx.constraints, d.colours.colours, groups); });
    // buildWideGroups packs the colours last to first.
    d.colourStart.assign(1, 0);
    for (auto colour = d.colours.colours.rbegin(); colour != d.colours.colours.rend(); ++colour)
        d.colourStart.push_back(d.colourStart.back() + static_cast<uint32_t>((colour->size() + lanes - 1) / lanes));
    ctx.stats.colours = static_cast<int>(d.colours.colours.size());
    ctx.stats.overflowManifolds = static_cast<int>(d.colours.overflow.size());
    ctx.stats.lanes = lanes;
    // The colours for the debug draw's constraint graph (the figures are this step's, reset to -1).
    for (size_t k = 0; k < d.colours.colours.size(); ++k)
        for (uint32_t i : d.colours.colours[k]) ctx.figures[ctx.constraints[i].manifold].colour = static_cast<int>(k);
}

/// The warm start over the groups, then the overflow's one by one.
void warmStart(SolveContext& ctx) {
    pack(ctx);
    WideData& d = ctx.dataAs<WideData>();
    withGroups(d, [&]<int W>(std::vector<WideGroup<W>>& groups) {
        overColours(ctx, groups, [&](std::span<WideGroup<W>> run) {
            warmStartWideGroups<W>(run, ctx.bodies);
            return 0.0f;
        });
    });
    std::span<const ContactConstraint> constraints(ctx.constraints);
    for (uint32_t k : d.colours.overflow) warmStartContacts(constraints.subspan(k, 1), ctx.bodies);
}

WidePassSettings passSettings(const SolveContext& ctx) {
    WidePassSettings pass;
    pass.omega = ctx.step.relaxation;
    pass.cone = ctx.step.cone;
    pass.measure = ctx.scratch.measureEveryPass || ctx.scratch.iteration + 1 >= ctx.scratch.iterationCount;
    pass.sweeps = ctx.scratch.iteration == 0 ? kInnerSweeps : kInnerSweeps / 2;
    return pass;
}

/// f(a run of groups) over all groups, on the step's threads (each writes its own rows).
template <int W, class F> void overGroups(SolveContext& ctx, std::vector<WideGroup<W>>& groups, F&& f) {
    ctx.tasks.parallelFor(static_cast<uint32_t>(groups.size()), kGroupsPerBlock, [&](uint32_t begin, uint32_t end) {
        f(std::span<const WideGroup<W>>(groups.data() + begin, end - begin));
    });
}

void scatter(SolveContext& ctx) {
    withGroups(ctx.dataAs<WideData>(), [&]<int W>(std::vector<WideGroup<W>>& groups) {
        overGroups(ctx, groups, [&](std::span<const WideGroup<W>> run) { scatterWideImpulses<W>(run, ctx.constraints); });
    });
}

/// The manifolds no colour took, one by one with block Gauss-Seidel's kernel.
float solveOverflow(SolveContext& ctx, bool traced, int iteration) {
    float largest = 0.0f;
    std::span<ContactConstraint> constraints(ctx.constraints);
    for (uint32_t k : ctx.dataAs<WideData>().colours.overflow) {
        auto solve = [&] { return solveContactsGaussSeidel(constraints.subspan(k, 1), ctx.bodies, ctx.step, ctx.scratch); };
        largest = std::max(largest, traced ? tracedManifold(ctx, constraints[k], TracePass{0, iteration}, solve) : solve());
    }
    return largest;
}

float iterate(SolveContext& ctx) {
    WideData& d = ctx.dataAs<WideData>();
    const WidePassSettings pass = passSettings(ctx);
    float largest = withGroups(d, [&]<int W>(std::vector<WideGroup<W>>& groups) {
        return overColours(ctx, groups, [&](std::span<WideGroup<W>> run) { return solveWideGroups<W>(run, ctx.bodies, pass); });
    });
    largest = std::max(largest, solveOverflow(ctx, false, ctx.scratch.iteration));
    // The probe and the tolerance measure the ordinary rows after every pass.
    if (ctx.scratch.measureEveryPass) scatter(ctx);
    return largest;
}

/// A traced pass: the same groups through the same kernel, each live lane recorded as one
/// visit. Lanes of a group share no moving body, so each visit's velocities before and after
/// are those of solving its manifold alone at that point of the pass.
template <int W> float tracedGroups(SolveContext& ctx, std::vector<WideGroup<W>>& groups, int iteration) {
    WideData& d = ctx.dataAs<WideData>();
    WidePassSettings pass = passSettings(ctx);
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
            v.source = ctx.constraints[g.constraint[l]].manifold;
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
    largest = std::max(largest, solveOverflow(ctx, true, iteration));
    if (ctx.scratch.measureEveryPass) scatter(ctx);
    return largest;
}

/// Split impulse over the same groups (the shock pass in between changed velocities and
/// impulses, not what the split rows read), then the overflow one by one.
void splitImpulse(SolveContext& ctx, int passes) {
    WideData& d = ctx.dataAs<WideData>();
    std::span<ContactConstraint> constraints(ctx.constraints);
    withGroups(d, [&]<int W>(std::vector<WideGroup<W>>& groups) {
        for (int pass = 0; pass < passes; ++pass) {
            overColours(ctx, groups, [&](std::span<WideGroup<W>> run) {
                solveWideSplitPass<W>(run, ctx.split);
                return 0.0f;
            });
            for (uint32_t k : d.colours.overflow) solveSplitImpulse(constraints.subspan(k, 1), ctx.split);
        }
        overGroups(ctx, groups, [&](std::span<const WideGroup<W>> run) { scatterWideSplitImpulses<W>(run, constraints); });
    });
}

} // namespace

void solveWideMethod(SolveContext& ctx) {
    RigidPasses passes;
    passes.warmStartContacts = warmStart;
    passes.iterate = iterate;
    passes.end = scatter;
    passes.traced = traced;
    passes.splitImpulse = splitImpulse;
    passes.couplings = RowCouplings::NormalBlock;
    // Bottom-up, one manifold at a time, with the wide kernel's rows: no friction couplings.
    passes.shock = [](SolveContext& c) { shockPassThroughVelocities(c.constraints, c.bodies, c.step, c.scratch); };
    solveRigid(ctx, passes);
}

} // namespace tumble
