#pragma once
// The step debugger's recording inside the solve (tumble/step_trace.h). A traced pass solves
// its constraints one at a time through the same kernels the untraced pass runs over all of
// them (a Gauss-Seidel pass over n constraints is n passes over one, in order), recording
// each visit's impulse and its bodies' velocities before and after; the results are bit for
// bit those of the untraced pass. Nothing here runs when the trace is off.
#include "solver/solve_context.h"
#include "tumble/step_trace.h"

#include <span>
#include <vector>

namespace tumble {

struct ScalarRow;

/// Mark the end of a stage inside the solve (kinetic energy of the solver's bodies).
void traceMark(SolveContext& ctx, TraceStage stage, int count, int substep = 0, int iteration = 0);

/// A visit being recorded: the two bodies' velocities before, then after.
struct TraceVisitScope {
    TraceVisitScope(SolveContext& ctx, uint32_t a, uint32_t b);
    /// Record the visit with what the caller filled in (kind, source, deltas).
    void finish(TraceVisit visit);

private:
    SolveContext& ctx_;
    TraceVisit start_;
};

/// One pass over the joint rows, row by row, recorded (solveJointRows' results).
void tracedJointPass(SolveContext& ctx, int iteration);

/// Block Gauss-Seidel's pass, manifold by manifold, recorded; returns the largest |dlambda|.
float tracedBlockPass(SolveContext& ctx, int iteration);

/// A row method's pass (solveRowsPass with omega), row by row, recorded.
float tracedRowsPass(SolveContext& ctx, std::vector<ScalarRow>& rows, const std::vector<uint32_t>& order,
                     float omega, int iteration);

} // namespace tumble
