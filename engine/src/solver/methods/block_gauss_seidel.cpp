// Block Gauss-Seidel: sequential impulses with each manifold's normal rows solved as a block
// (inner sweeps over the 4 x 4 coupling K = J M^-1 J^T of its points), friction point by
// point before them (solve_gauss_seidel.cpp has the kernel and why). Tumble's default.
#include "solver/stages.h"
#include "solver/trace.h"

namespace tumble {

void solveBlockGaussSeidelMethod(SolveContext& ctx) {
    RigidPasses passes;
    passes.iterate = [](SolveContext& c) {
        return solveContactsGaussSeidel(c.constraints, c.bodies, c.step, c.scratch);
    };
    passes.traced = tracedBlockPass;
    passes.measuresInSweep = true;
    solveRigid(ctx, passes);
}

} // namespace tumble
