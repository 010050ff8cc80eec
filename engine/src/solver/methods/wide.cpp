// Wide Gauss-Seidel: block Gauss-Seidel's rows over a coloured constraint graph, W manifolds
// of one colour at a time in SIMD lanes (colouring.h, wide_contacts.h). Each step: the
// manifolds are coloured, packed W to a group (eight lanes with AVX2, else four), and every
// pass runs the joint rows, then the colours in order, then the overflow manifolds one by
// one. The rest (warm start, shock propagation, split impulse, storing impulses) is block
// Gauss-Seidel's, on the ordinary rows, which get the groups' impulses back after the passes.
#include "solver/colouring.h"
#include "solver/stages.h"
#include "solver/trace.h"
#include "solver/wide_contacts.h"

#include <algorithm>

namespace tumble {
namespace {

struct WideData final : MethodData {
    ConstraintColours colours;
    std::vector<uint64_t> usedBits;
    std::vector<WideGroup<4>> groups4;
    std::vector<WideGroup<8>> groups8;
    std::vector<WideLaneChange> changes;
    bool eight = false; ///< this step's groups are eight lanes wide
};

/// Eight lanes when solver.simdLanes asks for them (0: the widest) and the CPU has AVX2.
bool useEightLanes(const SolverSettings& solver) { return solver.simdLanes != 4 && wideAvx2Available(); }

/// Colour and pack the step's rows (warm starting reads the groups, so this comes first).
void pack(SolveContext& ctx) {
    WideData& d = ctx.dataAs<WideData>();
    colourConstraints(ctx.constraints, ctx.bodies, d.colours, d.usedBits);
    d.eight = useEightLanes(ctx.solver);
    if (d.eight)
        buildWideGroups<8>(ctx.constraints, d.colours.colours, d.groups8);
    else
        buildWideGroups<4>(ctx.constraints, d.colours.colours, d.groups4);
    ctx.stats.colours = static_cast<int>(d.colours.colours.size());
    ctx.stats.overflowManifolds = static_cast<int>(d.colours.overflow.size());
    ctx.stats.lanes = d.eight ? 8 : 4;
    // The colours for the debug draw's constraint graph (the figures are this step's, reset to -1).
    for (size_t k = 0; k < d.colours.colours.size(); ++k)
        for (uint32_t i : d.colours.colours[k]) ctx.figures[ctx.constraints[i].manifold].colour = static_cast<int>(k);
}

/// The warm start over the groups, then the overflow's one by one.
void warmStart(SolveContext& ctx) {
    pack(ctx);
    WideData& d = ctx.dataAs<WideData>();
    if (d.eight)
        warmStartWideGroups<8>(d.groups8, ctx.bodies);
    else
        warmStartWideGroups<4>(d.groups4, ctx.bodies);
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

void scatter(SolveContext& ctx) {
    WideData& d = ctx.dataAs<WideData>();
    if (d.eight)
        scatterWideImpulses<8>(d.groups8, ctx.constraints);
    else
        scatterWideImpulses<4>(d.groups4, ctx.constraints);
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
    float largest = d.eight ? solveWideGroups<8>(d.groups8, ctx.bodies, pass)
                            : solveWideGroups<4>(d.groups4, ctx.bodies, pass);
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
    for (int pass = 0; pass < passes; ++pass) {
        if (d.eight)
            solveWideSplitPass<8>(d.groups8, ctx.bodies);
        else
            solveWideSplitPass<4>(d.groups4, ctx.bodies);
        for (uint32_t k : d.colours.overflow) solveSplitImpulse(constraints.subspan(k, 1), ctx.bodies);
    }
    if (d.eight)
        scatterWideSplitImpulses<8>(d.groups8, constraints);
    else
        scatterWideSplitImpulses<4>(d.groups4, constraints);
}

} // namespace

void solveWideMethod(SolveContext& ctx) {
    RigidPasses passes;
    passes.warmStartContacts = warmStart;
    passes.iterate = iterate;
    passes.end = scatter;
    passes.traced = traced;
    passes.splitImpulse = splitImpulse;
    solveRigid(ctx, passes);
}

} // namespace tumble
