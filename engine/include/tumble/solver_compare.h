#pragma once
/// \file solver_compare.h
/// "Compare methods on this step": the very same step re-solved by every method of the solver
/// table, from the same state with the same settings but the method, each probed
/// (tumble/solver_probe.h), each measured against the exact answer. The Solver panel overlays
/// the curves; tests and benchmarks call it too.
#include "tumble/snapshot.h"
#include "tumble/solver_probe.h"
#include "tumble/step_trace.h"
#include "tumble/world.h"

#include <string>
#include <vector>

namespace tumble {

/// One method on the step.
struct MethodRun {
    std::string method;        ///< table name
    SolverProbe probe;         ///< its passes and final rows
    double milliseconds = 0.0; ///< the whole step, probe included
    /// m/s: RMS over the bodies of |v - v_exact| and |w - w_exact| after the step, against the
    /// exact MLCP answer (Dantzig, every island under solver.exactMaxRows); -1 when there is none.
    float velocityError = -1.0f;
    int fallbackIslands = 0;   ///< exact methods: islands over the cap, solved by PGS
};

struct MethodComparison {
    uint64_t step = 0;          ///< the step re-solved (World::stepCount after it)
    bool exactReference = false;///< every island was under the exact cap: velocityError is set
    /// The step re-run at the end reached the state the world was in (false when the world was
    /// edited since `before`: it is then left in the re-run's state).
    bool replayMatched = false;
    std::vector<MethodRun> runs;///< in table order
};

/// Re-run the step that follows `before` (a state captured or recorded after step k-1, whose
/// step ran with `stepSettings`) once per method, then put `world` back where it was: the
/// step is run once more as it was and the live settings, figures and probe switch restored.
/// The world must be the one `before` came from (same bodies and joints). The settings are
/// taken by value: the world's own settings() may be passed.
MethodComparison compareSolverMethods(World& world, const WorldState& before, Settings stepSettings);

/// One step re-run with the step debugger's trace and the probe on.
struct TracedStep {
    StepTrace trace;            ///< its stages and constraint visits
    SolverProbe probe;          ///< its passes and rows
    bool replayMatched = false; ///< as MethodComparison::replayMatched
};

/// Re-run the step that follows `before` (as compareSolverMethods) with its own settings,
/// traced and probed, and leave the world as it was, bit for bit: the step debugger's way of
/// looking inside a live or recorded step without disturbing it.
TracedStep traceStep(World& world, const WorldState& before, Settings stepSettings);

/// Turn the contact figures on (World::setContactFigures) and fill them for the step that
/// led to the world's state by re-running it from `before` (as compareSolverMethods): how a
/// view that shows the figures gets them for a world that has stopped. The world ends bit for
/// bit where it was. False when the re-run does not arrive at the world's state (it was edited
/// since the step), or `before` does not fit the world: the world's state is then put back as it
/// was (its contact events, which a restore empties, excepted), the figures switched on but
/// still empty until the next step.
bool refillContactFigures(World& world, const WorldState& before, Settings stepSettings);

} // namespace tumble
