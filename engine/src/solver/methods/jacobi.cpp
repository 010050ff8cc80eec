// Jacobi: every row reads the velocities of the start of the pass, and the impulses are
// applied together (solve_jacobi.cpp has the kernel and its averaging).
#include "solver/stages.h"

namespace tumble {

void solveJacobiMethod(SolveContext& ctx) {
    RigidPasses passes;
    passes.iterate = [](SolveContext& c) {
        return solveContactsJacobi(c.constraints, c.bodies, c.step, c.scratch);
    };
    solveRigid(ctx, passes);
}

} // namespace tumble
