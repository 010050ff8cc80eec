// Soft step (Catto, "Solver2D", 2024; Box2D v3's solver): n sub-steps of h = dt / n, each
//
//   integrate velocities over h      v += h a
//   warm start                       apply the accumulated impulses (contacts and joints)
//   solve, with bias                 one pass: joints, then contacts as soft springs
//   integrate positions over h       x += h v
//   relax                            relaxIterations passes without bias, rigid
//
// then restitution and storing the impulses. Contact rows are prepared once per step (lever
// arms, normal and effective masses from the step's start); every pass re-measures each
// point's separation s at the moved poses (substep_contacts.h). A touching point is a spring
// of frequency f = min(contactHertz, substep rate / 4) (2 f against a body that does not
// move, as in Box2D v3) and damping ratio zeta: with omega = 2 pi f,
//
//   bias = max(omega / (2 zeta + h omega) s, -maxCorrectionVelocity)
//   dlambda = -massScale m (vn + bias) - impulseScale lambda
//   massScale = h omega (2 zeta + h omega) / (1 + h omega (2 zeta + h omega))
//   impulseScale = 1 / (1 + h omega (2 zeta + h omega))
//
// (Catto, "Soft Constraints", GDC 2011, as an implicit spring on the sub-step). Joint rows are
// rebuilt at every sub-step's poses as springs of jointHertz and jointDampingRatio on their
// own error. The relax passes solve every row rigid and without bias, taking back the velocity
// the push-out added: the overlap is removed by moving the bodies, not by launching them.
// Small sub-steps and the warm start do the converging that iterations do elsewhere.
//
// What the springs cost: a spring's stiffness is its row's effective mass times omega^2, so at
// rest a point carrying force F overlaps by F / (m_n omega^2) (with the warm start, the soft
// pass is at rest when its pull omega^2 m_n h s balances the impulseScale share it gives
// back). A ten-box stack sags 2.6 cm at 30 Hz; a 300 kg box on a 1 kg one sinks 8 cm into
// it and stays; at 1000:1 it would need 30 cm and topples, unless more sub-steps allow a
// higher frequency. A tall, thin pile on such springs can buckle where rigid rows hold.
#include "solver/substep_contacts.h"

#include <algorithm>

namespace tumble {

void solveSoftStepMethod(SolveContext& ctx) {
    SubstepSolver solver(ctx);
    // The spring must be resolved by the sub-step: at most a quarter of its rate (Box2D v3).
    // Contacts with a body that does not move get twice the frequency (Box2D v3).
    const float hertz = std::min(ctx.solver.contactHertz, 0.25f / solver.h());
    const float zeta = ctx.solver.contactDampingRatio, push = ctx.step.maxCorrectionVelocity;
    const PassBias soft{softContactBias(hertz, zeta, solver.h(), push),
                        softContactBias(2.0f * hertz, zeta, solver.h(), push)};
    for (int k = 0; k < solver.count(); ++k) {
        if (k > 0) solver.rebuildJoints();
        solver.integrateVelocities();
        solver.warmStart();
        solver.solve(soft);
        solver.integratePositions();
        for (int r = 0; r < ctx.solver.relaxIterations; ++r) solver.relax();
        // On the rigid impulses the relax passes leave, not the soft solve's push.
        solver.angularFriction();
    }
    solver.restitution();
    solver.store();
}

} // namespace tumble
