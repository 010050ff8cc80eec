// TGS, temporal Gauss-Seidel (Macklin et al., "Small Steps in Physics Simulation", SCA 2019;
// PhysX's TGS solver; Rapier's TGS-soft without its stabilisation passes): n sub-steps of
// h = dt / n with ONE velocity pass each, integrating positions after every pass, so the
// iterations that converge a plain Gauss-Seidel solve are spent as time steps instead:
//
//   integrate velocities over h      v += h a
//   warm start                       apply the accumulated impulses (contacts and joints)
//   solve                            one pass: joints, then contacts, rigid
//   integrate positions over h       x += h v
//
// then restitution and storing the impulses. Contact rows are prepared once per step; each
// pass re-measures the separation s at the moved poses (substep_contacts.h), so the bias is
// position-aware:
//
//   s > 0  (speculative)   target: vn >= -s / h
//   s <= 0 (touching)      target: vn >= min(erp / h max(-s - slop, 0), maxCorrectionVelocity)
//   dlambda = -m (vn - target),   lambda = max(lambda + dlambda, 0)
//
// The push-out stays in the velocities: there is no relax pass (that is the difference from
// the soft step, methods/soft_step.cpp), which is why the cap matters. (PhysX follows its TGS
// position iterations with velocity iterations, which this method leaves out.) What that
// costs, measured: a box started 30 cm into the ground flies 39 cm up; a 30 kg box on a 1 kg
// one at 4 sub-steps jitters, rises 3 cm and walks 60 cm sideways in 10 s (8 sub-steps hold
// it), and at 100:1 the light box is thrown out, where the soft step holds 300:1.
//
// Joint rows are rebuilt at each sub-step's poses; their drift is removed by making them
// springs of jointHertz and jointDampingRatio on their own error (the simplest choice: the
// same soft rows as the soft step's, here never relaxed).
#include "solver/substep_contacts.h"

namespace tumble {

void solveTgsMethod(SolveContext& ctx) {
    SubstepSolver solver(ctx);
    const ContactBias rigid = baumgarteContactBias(ctx.step.erp, ctx.step.slop, solver.h(),
                                                   ctx.step.maxCorrectionVelocity);
    const PassBias bias{rigid, rigid};
    for (int k = 0; k < solver.count(); ++k) {
        if (k > 0) solver.rebuildJoints();
        solver.integrateVelocities();
        solver.warmStart();
        solver.solve(bias);
        solver.angularFriction();
        solver.integratePositions();
    }
    solver.restitution();
    solver.store();
}

} // namespace tumble
