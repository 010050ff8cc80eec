// Stages shared by the solver methods (stages.h).
#include "solver/stages.h"

namespace tumble {

void prepareStage(SolveContext& ctx) {
    ScopedTimer t(ctx.profile.prepare);
    prepareContacts(ctx.manifolds, ctx.figures, ctx.bodies, ctx.start, ctx.step, ctx.constraints);
    ctx.world.prepareJoints(ctx.step, false);
}

void warmStartStage(SolveContext& ctx) {
    ScopedTimer t(ctx.profile.warmStart);
    warmStartContacts(ctx.constraints, ctx.bodies);
    warmStartJointRows(ctx.jointRows, ctx.bodies, ctx.step.warmStartFactor);
}

void storeStage(SolveContext& ctx) {
    ScopedTimer t(ctx.profile.storeImpulses);
    finishContacts(ctx.manifolds, ctx.figures, ctx.constraints, ctx.bodies, ctx.step.dt);
    ctx.world.finishJoints();
}

void solveRigid(SolveContext& ctx, const RigidPasses& passes) {
    const SolverSettings& ss = ctx.solver;
    prepareStage(ctx);
    warmStartStage(ctx);
    float maxDelta = 0.0f;
    {
        ScopedTimer t(ctx.profile.iterate);
        if (passes.begin) passes.begin(ctx);
        ctx.scratch.iterationCount = ss.velocityIterations;
        for (int it = 0; it < ss.velocityIterations; ++it) {
            ctx.scratch.iteration = it;
            // Joints first, then contacts: contacts, solved last, are satisfied best.
            if (!passes.solvesJoints) solveJointRows(ctx.jointRows, ctx.bodies);
            maxDelta = passes.iterate(ctx);
        }
        if (passes.end) passes.end(ctx);
    }
    {
        ScopedTimer t(ctx.profile.relax);
        if (ss.shockPropagation && ss.velocityIterations > 0) ctx.world.shockPropagation(ctx.step);
        if (ctx.step.splitImpulse)
            for (int it = 0; it < ss.positionIterations; ++it) solveSplitImpulse(ctx.constraints, ctx.bodies);
    }
    storeStage(ctx);
    ctx.stats.velocityIterations = ss.velocityIterations;
    ctx.stats.positionIterations = ss.positionIterations;
    ctx.stats.maxDelta = maxDelta;
}

} // namespace tumble
