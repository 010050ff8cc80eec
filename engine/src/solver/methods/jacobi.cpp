// Jacobi: every row, joint or contact, reads the velocities of the start of the pass, and the
// impulses are applied together (solve_jacobi.cpp has the kernel and its averaging).
#include "solver/stages.h"
#include "solver/trace.h"

namespace tumble {

void solveJacobiMethod(SolveContext& ctx) {
    RigidPasses passes;
    passes.iterate = [](SolveContext& c) {
        return solveContactsJacobi(c.constraints, c.jointRows, c.bodies, c.step, c.scratch);
    };
    passes.solvesJoints = true; // in the same Jacobi pass as the contacts
    passes.traced = tracedJacobiPass;
    passes.measuresInSweep = true;
    solveRigid(ctx, passes);
}

} // namespace tumble
