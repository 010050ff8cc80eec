#pragma once
// The solver probe's measure (tumble/solver_probe.h has the definitions): after a pass, each
// row's projected residual r_i = K_ii (lambda_i - clamp(lambda_i - w_i / K_ii, lo_i, hi_i)),
// w_i = Cdot_i - b_i + g_i lambda_i, measured at the bodies' current velocities, summed into
// ||r||_2, the largest complementarity error, the rows at a bound and the kinetic energy.
//
// Two readers of the same rows: the contact lanes and joint rows the block methods iterate on
// (measured in place, without building scalar rows: the probe must stay cheap on a pyramid),
// and the scalar rows of the row-by-row and exact methods. The tolerance of solver.tolerance
// reads the same residual, so it stops every method at the same figure.
#include "solver/probe_measure.h"
#include "solver/solve_context.h"
#include "tumble/solver_probe.h"

#include <vector>

namespace tumble {

struct ScalarRow;
enum class RowKind : uint8_t;

/// The lanes (every touching manifold's normal and friction rows) and the joint rows.
ProbeMeasure measureLanes(const SolveContext& ctx);

/// The joint rows alone.
RowMeasure measureJointRows(const SolveContext& ctx);

/// Scalar rows (scalar_rows.h); cfm is added to every row's softness; cone: the friction
/// model of the step.
ProbeMeasure measureRows(const std::vector<ScalarRow>& rows, const std::vector<SolverBody>& bodies, float cfm,
                         bool cone);

/// Kinetic energy (J) of the bodies the solve moves, at their solver velocities.
double solverKineticEnergy(const std::vector<SolverBody>& bodies);

/// The probe's name for a scalar row's kind.
ProbeRowKind probeRowKind(RowKind kind);

/// Record one pass into ctx.probe (when on): measured on `rows` when given, else on the lanes.
void probePass(SolveContext& ctx, const std::vector<ScalarRow>* rows, float maxDelta, int substep,
               int iteration, bool relax = false);

/// Record every row as the velocity solve left it (when the probe is on): `rows` when given,
/// else gathered from the lanes and joint rows.
void probeRows(SolveContext& ctx, const std::vector<ScalarRow>* rows);

/// The probe of a lane method's passes measured inside the passes (SolverProbe::inSweep). A
/// measure pass streams every manifold's rows through the cache once more, nearly what a
/// solver pass costs; so instead the kernel of pass k + 1, which has each manifold's rows at
/// hand anyway, measures them at the velocities pass k left (copied at the start of pass
/// k + 1) before it solves them (VelocityScratch::sweep), and that completes the record of
/// pass k with exactly the figures a measure pass would have found. The joint rows are
/// measured right after pass k (they are few). The last pass is measured the same way by the
/// shock-propagation pass when one follows (its first round visits every manifold once,
/// bottom-up, so its sums are the same figures added in another order; the second round is not
/// measured), else by a measure pass of its own.
class SweepProbe {
public:
    /// On when the probe is and `canSweep` (the method's kernels measure, the step is not traced
    /// and no tolerance waits on each pass's figure).
    SweepProbe(SolveContext& ctx, bool canSweep);
    bool on() const { return on_; }
    /// Before pass `iteration`: from the second pass on, the kernel measures.
    void beforePass(int iteration);
    /// Before a pass that measures: the velocities it starts from, and the sums emptied.
    void measureNextPass();
    /// After pass `iteration`: its record (largest change, energy), and the figures of the one before.
    void afterPass(int iteration, float maxDelta);
    /// After the last pass, before the relax stage: with `shockPass`, that pass measures the
    /// last one's rows; else a measure pass does, now.
    void beforeRelax(bool shockPass);
    /// After the relax stage: the last pass's figures, when the shock pass measured them.
    void afterRelax();

private:
    SolveContext& ctx_;
    bool on_;
    LaneMeasure lanes_;
    std::vector<PassStartVelocity> start_; ///< by body slot: the velocities pass k left
    RowMeasure joints_;  ///< the joint rows after the pass whose record is still open
};

} // namespace tumble
