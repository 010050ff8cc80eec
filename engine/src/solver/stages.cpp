// Stages shared by the solver methods (stages.h).
#include "solver/stages.h"

#include "core/step_arrays.h"
#include "solver/probe.h"
#include "solver/scalar_rows.h"
#include "solver/trace.h"

#include <cassert>

namespace tumble {

void prepareStage(SolveContext& ctx, RowCouplings couplings, void (*contacts)(SolveContext&)) {
    ScopedTimer t(ctx.profile.prepare);
    if (contacts)
        contacts(ctx);
    else
        ctx.landings = prepareContacts(ctx.manifolds, ctx.rowHeaders, ctx.figures, ctx.bodies, ctx.start, ctx.step, ctx.constraints,
                                       &ctx.tasks, couplings);
    ctx.world.prepareJoints(ctx.step, false);
}

void warmStartStage(SolveContext& ctx, void (*contacts)(SolveContext&)) {
    ScopedTimer t(ctx.profile.warmStart);
    if (contacts)
        contacts(ctx);
    else
        warmStartContacts(ctx.constraints, ctx.bodies);
    warmStartJointRows(ctx.jointRows, ctx.bodies, ctx.step.warmStartFactor);
}

void storeStage(SolveContext& ctx, void (*contacts)(SolveContext&)) {
    ScopedTimer t(ctx.profile.storeImpulses);
    if (contacts)
        contacts(ctx);
    else
        finishContacts(ctx.manifolds, ctx.figures, ctx.constraints, ctx.bodies, ctx.split, ctx.step.dt, &ctx.tasks);
    ctx.world.finishJoints();
}

bool shockPassRuns(const SolverSettings& solver) { return solver.shockPropagation && solver.velocityIterations > 0; }

void shockPassGaussSeidel(SolveContext& ctx) {
    ctx.world.shockOrder();
    VelocityScratch& scratch = ctx.scratch;
    std::vector<ContactConstraint>& constraints = ctx.constraints;
    // The order is the row headers'; the rows are whole here, one per header.
    assert(scratch.frozenSide.size() == constraints.size());
    // The pass rebuilds the couplings of frozen pairs with one side infinitely heavy; the
    // split-impulse pass that follows needs their real normal blocks back (it reads nothing
    // else of the couplings), so those are kept aside.
    std::vector<NormalBlock>& kept = scratch.keptBlocks;
    clearForStep(kept, constraints.size());
    for (size_t i = 0; i < constraints.size(); ++i)
        if (scratch.frozenSide[i] != 0) kept.push_back(constraints[i].block);
    // The pass changes velocities only: its impulses, found with infinitely heavy bodies, are
    // not this step's and would warm start the next one wrong (KeptImpulses).
    std::vector<KeptImpulses>& impulses = scratch.keptImpulses;
    clearForStep(impulses, constraints.size());
    for (const ContactConstraint& c : constraints) impulses.push_back(KeptImpulses::of(c));
    const int iteration = scratch.iteration, iterationCount = scratch.iterationCount;
    scratch.iteration = 1;
    solveContactsGaussSeidel(constraints, ctx.bodies, ctx.step, scratch);
    for (size_t i = 0, k = 0; i < constraints.size(); ++i)
        if (scratch.frozenSide[i] != 0) constraints[i].block = kept[k++];
    for (size_t i = 0; i < constraints.size(); ++i) impulses[i].restore(constraints[i]);
    scratch.iteration = iteration;
    scratch.iterationCount = iterationCount;
}

void solveRigid(SolveContext& ctx, const RigidPasses& passes) {
    prepareStage(ctx, passes.couplings, passes.prepareContacts);
    solveRigidPrepared(ctx, passes);
}

void solveRigidPrepared(SolveContext& ctx, const RigidPasses& passes) {
    const SolverSettings& ss = ctx.solver;
    traceMark(ctx, TraceStage::Prepare, static_cast<int>(ctx.constraints.size() + ctx.jointRows.size()));
    warmStartStage(ctx, passes.warmStartContacts);
    traceMark(ctx, TraceStage::WarmStart, static_cast<int>(ctx.constraints.size() + ctx.jointRows.size()));
    const bool traced = ctx.trace && passes.traced;
    // The probe measures inside the passes where the kernel can, but not under a tolerance,
    // which needs each pass's figure before it decides on the next.
    SweepProbe sweep(ctx, passes.measuresInSweep && !traced && ss.tolerance <= 0.0f);
    float maxDelta = 0.0f;
    int used = 0;
    bool converged = false;
    {
        ScopedTimer t(ctx.profile.iterate);
        if (passes.begin) passes.begin(ctx);
        const std::vector<ScalarRow>* rows = passes.scalarRows ? &ctx.dataAs<ScalarRowData>().rows : nullptr;
        ctx.scratch.iterationCount = ss.velocityIterations;
        // The tolerance may end on any pass: every pass then reports its largest change.
        ctx.scratch.measureEveryPass = ctx.probe != nullptr || ss.tolerance > 0.0f;
        const bool measure = ss.tolerance > 0.0f;
        for (int it = 0; it < ss.velocityIterations && !converged; ++it) {
            ctx.scratch.iteration = it;
            sweep.beforePass(it);
            // Joints first, then contacts: contacts, solved last, are satisfied best.
            if (traced) {
                if (!passes.solvesJoints) tracedJointPass(ctx, TracePass{0, it});
                maxDelta = passes.traced(ctx, it);
            } else {
                if (!passes.solvesJoints) solveJointRows(ctx.jointRows, ctx.bodies);
                maxDelta = passes.iterate(ctx);
            }
            ++used;
            traceMark(ctx, TraceStage::Pass, used, TracePass{0, it});
            if (sweep.on())
                sweep.afterPass(it, maxDelta);
            else
                probePass(ctx, rows, maxDelta, 0, it);
            if (measure) {
                const float residual = ctx.probe ? ctx.probe->iterations.back().residual
                                       : rows    ? measureRows(*rows, ctx.bodies, ss.cfm, ctx.step.cone).residual
                                                 : measureLanes(ctx).residual;
                converged = residual <= ss.tolerance;
            }
        }
        probeRows(ctx, rows);
        ctx.scratch.measureEveryPass = false;
        if (passes.end) passes.end(ctx);
        // Where no manifold rolls or twists there are no angular rows (the rows need not be whole).
        if (ctx.rowsRollOrTwist) solveAngularFriction(ctx.constraints, ctx.bodies, std::max(ss.velocityIterations, 1));
    }
    if (ctx.probe) {
        ctx.probe->iterationsUsed = used;
        ctx.probe->converged = converged;
    }
    {
        ScopedTimer t(ctx.profile.relax);
        const bool shock = shockPassRuns(ss);
        sweep.beforeRelax(shock);
        if (shock) {
            (passes.shock ? passes.shock : shockPassGaussSeidel)(ctx);
            ctx.scratch.frozenSide.clear();
            ctx.scratch.order.clear();
        }
        sweep.afterRelax();
        if (ctx.step.splitImpulse && passes.splitImpulse)
            passes.splitImpulse(ctx, ss.positionIterations);
        else if (ctx.step.splitImpulse)
            for (int it = 0; it < ss.positionIterations; ++it) solveSplitImpulse(ctx.constraints, ctx.split);
    }
    traceMark(ctx, TraceStage::Relax, ss.shockPropagation ? 1 : 0);
    storeStage(ctx, passes.finishContacts);
    ctx.stats.velocityIterations = used;
    ctx.stats.positionIterations = ss.positionIterations;
    ctx.stats.maxDelta = maxDelta;
}

} // namespace tumble
