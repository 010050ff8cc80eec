#pragma once
// The stages solver methods share, each timed into its own Profile field: prepare rows,
// warm start, the velocity iterations of the rigid methods, relax (shock propagation and
// split impulse), store impulses. A rigid method (one that leaves integration to the world)
// is solveRigid with its own contact iteration; sub-stepping methods call the stages they
// need between their own.
#include "solver/solve_context.h"

namespace tumble {

/// Contact rows (restitution targets from the start velocities, biases, couplings) and joint
/// rows with last step's impulses.
void prepareStage(SolveContext& ctx);

/// Apply the accumulated contact and joint impulses, scaled by the warm-start factor.
void warmStartStage(SolveContext& ctx);

/// Write the impulses back into the contact cache, record the clamps, finish the joints.
void storeStage(SolveContext& ctx);

/// One pass of a rigid method over the contact rows; returns the largest |dlambda| (N s).
/// ctx.scratch.iteration and iterationCount say which pass this is.
using ContactIteration = float (*)(SolveContext& ctx);

/// The whole solve of a velocity-level method: prepare, warm start, velocityIterations passes
/// (joint rows first, then `iterate` on the contacts), shock propagation and split impulse
/// when enabled, store. Fills the solver stats' iteration figures.
void solveRigid(SolveContext& ctx, ContactIteration iterate);

} // namespace tumble
