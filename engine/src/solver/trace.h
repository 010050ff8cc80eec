#pragma once
// The step debugger's recording inside the solve (tumble/step_trace.h). A traced pass solves
// its constraints one at a time through the same kernels the untraced pass runs over all of
// them (a Gauss-Seidel pass over n constraints is n passes over one, in order), recording
// each visit's impulse and its bodies' velocities before and after; the results are bit for
// bit those of the untraced pass. Jacobi is the exception in form, not in result: its kernel
// is one template with a recorder (solve_jacobi.cpp, tracedJacobiPass), which the untraced
// pass instantiates with one that does nothing, since its constraints all read the pass's
// start velocities and cannot be solved one pass over one constraint at a time. The
// sub-stepping methods' passes (substep_contacts.cpp) trace through tracedManifold and
// tracedJointPass; XPBD's (xpbd_trace.cpp) through TracePoseScope for its position pass and
// TraceVisitScope for its velocity rows and velocity pass. Nothing here runs when the trace
// is off.
#include "solver/solve_context.h"
#include "tumble/step_trace.h"

#include <span>
#include <vector>

namespace tumble {

struct ScalarRow;

/// Which pass visits belong to (the probe's sub-step and iteration).
struct TracePass {
    int substep = 0;
    int iteration = 0;
    bool relax = false; ///< a soft-step relax pass

    /// A visit of this pass, its constraint still to fill in.
    TraceVisit visit() const;
};

/// Mark the end of a stage inside the solve (kinetic energy of the solver's bodies); a Pass
/// mark says which pass.
void traceMark(SolveContext& ctx, TraceStage stage, int count, const TracePass& pass = {});

/// Keep a finished visit (or note that the trace is full).
void recordVisit(StepTrace& trace, const TraceVisit& visit);

/// A visit being recorded: the two bodies' velocities before, then after.
struct TraceVisitScope {
    TraceVisitScope(SolveContext& ctx, uint32_t a, uint32_t b);
    /// Record the visit with what the caller filled in (kind, source, deltas).
    void finish(TraceVisit visit);

private:
    SolveContext& ctx_;
    TraceVisit start_;
};

/// A positional visit being recorded (XPBD's position pass): the two bodies' poses before,
/// then after. A body past the poses (the world's static record of a joint to the world)
/// reads as at rest at the origin.
struct TracePoseScope {
    TracePoseScope(SolveContext& ctx, uint32_t a, uint32_t b);
    /// Record the visit with what the caller filled in (source, dlambda, C).
    void finish(TraceVisit visit);

private:
    SolveContext& ctx_;
    TraceVisit start_;
};

/// A whole manifold's impulse change into a visit: the normal rows' sum and the length of
/// the friction impulse (dlambda by row: normal, tangent 1, tangent 2; lane = point).
void addManifoldChange(const ContactConstraint& c, const float4 (&dlambda)[3], TraceVisit& visit);

/// Solve manifold c through `solve` (which returns its largest |dlambda|) and record it as
/// one visit of `pass`.
template <class Solve>
float tracedManifold(SolveContext& ctx, const ContactConstraint& c, const TracePass& pass, Solve&& solve) {
    TraceVisitScope scope(ctx, c.indexA, c.indexB);
    const float4 n0 = c.normalImpulse, t10 = c.tangentImpulse[0], t20 = c.tangentImpulse[1];
    const float maxDelta = solve();
    TraceVisit v = pass.visit();
    v.wholeManifold = true;
    v.source = c.manifold;
    const float4 dlambda[3] = {c.normalImpulse - n0, c.tangentImpulse[0] - t10, c.tangentImpulse[1] - t20};
    addManifoldChange(c, dlambda, v);
    scope.finish(v);
    return maxDelta;
}

/// One pass over the joint rows, row by row, recorded (solveJointRows' results with useBias).
void tracedJointPass(SolveContext& ctx, const TracePass& pass, bool useBias = true);

/// Block Gauss-Seidel's pass, manifold by manifold, recorded; returns the largest |dlambda|.
float tracedBlockPass(SolveContext& ctx, int iteration);

/// Jacobi's pass (joint rows and contacts), one visit per joint row and manifold, each from
/// the pass's start velocities (solve_jacobi.cpp, beside the kernel it shares).
float tracedJacobiPass(SolveContext& ctx, int iteration);

/// A row method's pass (solveRowsPass with omega), row by row, recorded.
float tracedRowsPass(SolveContext& ctx, std::vector<ScalarRow>& rows, const std::vector<uint32_t>& order,
                     float omega, int iteration);

} // namespace tumble
