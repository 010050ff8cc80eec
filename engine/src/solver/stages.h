#pragma once
// The stages solver methods share, each timed into its own Profile field: prepare rows,
// warm start, the velocity iterations of the rigid methods, relax (shock propagation and
// split impulse), store impulses. A rigid method (one that leaves integration to the world)
// is solveRigid with its own contact iteration; sub-stepping methods call the stages they
// need between their own.
#include "solver/solve_context.h"

namespace tumble {

/// Contact rows (restitution targets from the start velocities, biases, couplings) and joint
/// rows with last step's impulses; the contacts through `contacts` when given
/// (RigidPasses::prepareContacts).
void prepareStage(SolveContext& ctx, RowCouplings couplings = RowCouplings::All,
                  void (*contacts)(SolveContext&) = nullptr);

/// Apply the accumulated contact and joint impulses, scaled by the warm-start factor; the
/// contacts through `contacts` when given (RigidPasses::warmStartContacts).
void warmStartStage(SolveContext& ctx, void (*contacts)(SolveContext&) = nullptr);

/// Write the impulses back into the contact cache, record the clamps, finish the joints; the
/// contacts through `contacts` when given (RigidPasses::finishContacts).
void storeStage(SolveContext& ctx, void (*contacts)(SolveContext&) = nullptr);

/// What makes one velocity-level method differ from another.
struct RigidPasses {
    /// One pass over the rows; returns the largest |dlambda| (N s). ctx.scratch.iteration and
    /// iterationCount say which pass this is.
    float (*iterate)(SolveContext& ctx) = nullptr;
    /// After the warm start and after the last pass (a method on its own rows gathers them
    /// from the contact lanes and joint rows, and scatters the impulses back). May be null.
    void (*begin)(SolveContext& ctx) = nullptr;
    void (*end)(SolveContext& ctx) = nullptr;
    /// True when `iterate` solves the joint rows too; otherwise each pass solves them first.
    bool solvesJoints = false;
    /// The same pass, recording each constraint's visit (trace.h; Jacobi: each constraint's
    /// share of the pass): used while the step debugger traces, with results bit for bit
    /// those of `iterate`; null records passes only. It solves the joint rows too when solvesJoints.
    float (*traced)(SolveContext& ctx, int iteration) = nullptr;
    /// True when the method iterates on its ScalarRowData's rows (the probe and the tolerance
    /// measure those), false when on the contact lanes and joint rows.
    bool scalarRows = false;
    /// The contacts' rows when the method prepares them its own way (it must then prepare
    /// each as prepareContacts would, where its passes read them, and set ctx.landings).
    /// Null: prepareContacts with `couplings`.
    void (*prepareContacts)(SolveContext& ctx) = nullptr;
    /// Writing the contacts back into the cache when the method keeps its rows elsewhere (it
    /// must write what finishContacts would). Null: finishContacts on the rows.
    void (*finishContacts)(SolveContext& ctx) = nullptr;
    /// The contacts' warm start when the method has its own (it then runs where warmStartStage
    /// would, timed as the warm start, and must apply what warmStartContacts would; the joint
    /// rows are warm started by the stage as always). Null: warmStartContacts on the rows.
    void (*warmStartContacts)(SolveContext& ctx) = nullptr;
    /// The split-impulse passes (positionIterations of them) when the method has its own:
    /// they must leave every constraint's splitImpulse as solveSplitImpulse would. Null:
    /// solveSplitImpulse on the rows.
    void (*splitImpulse)(SolveContext& ctx, int passes) = nullptr;
    /// True when `iterate` measures the contact rows for the probe as it reaches them
    /// (VelocityScratch::sweep; probe.h's SweepProbe).
    bool measuresInSweep = false;
    /// The contact rows' couplings `iterate` reads: All for block Gauss-Seidel's kernel;
    /// NormalBlock when friction reaches the normal rows another way (the wide kernel).
    RowCouplings couplings = RowCouplings::All;
    /// The shock-propagation pass when the method has its own, on the levels and order of
    /// SolveWorld::shockOrder, which the method computes where it needs them (once the step's
    /// rows exist: they depend on the contact graph alone). It must change impulses and
    /// velocities only, and leave the rows' couplings as it found them. Null: shockPassGaussSeidel.
    void (*shock)(SolveContext& ctx) = nullptr;
};

/// True when a step with these settings runs the shock-propagation pass.
bool shockPassRuns(const SolverSettings& solver);

/// One block Gauss-Seidel pass bottom-up with the lower body of each contact frozen
/// (infinitely heavy), on the order of SolveWorld::shockOrder (Guendelman et al. 2003).
void shockPassGaussSeidel(SolveContext& ctx);

/// The whole solve of a velocity-level method: prepare, warm start, velocityIterations passes
/// (joint rows first unless the method solves them, then `iterate`; fewer once the residual
/// reaches solver.tolerance), shock propagation and split impulse when enabled, store. Fills
/// the solver stats' iteration figures and, when on, the probe.
void solveRigid(SolveContext& ctx, const RigidPasses& passes);

/// solveRigid after its prepare stage (for a method that looks at what it prepared before it
/// chooses how to go on).
void solveRigidPrepared(SolveContext& ctx, const RigidPasses& passes);

} // namespace tumble
