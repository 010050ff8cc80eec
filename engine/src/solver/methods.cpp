// The table of solver methods (solver_methods.h): one row per method, each method one file in
// methods/. The settings' names, scene files, --set, the Solver panel and World::step all walk
// this list.
#include "tumble/solver_methods.h"

#include <array>

namespace tumble {

// One line per method file.
void solveBlockGaussSeidelMethod(SolveContext&);
void solveJacobiMethod(SolveContext&);

namespace {

constexpr uint32_t kRigid = kUsesVelocityIterations | kUsesPositionIterations | kUsesWarmStarting |
                            kUsesPositionCorrection | kUsesShockPropagation;

constexpr std::array kMethods = {
    SolverMethodInfo{
        "gaussSeidel", "Block Gauss-Seidel",
        "Projected Gauss-Seidel (sequential impulses, Catto 2005) with each manifold's normal rows "
        "as one block: per iteration, friction point by point, then a few inner sweeps over the "
        "manifold's 4 x 4 coupling K_ij = J_i M^-1 J_j^T, so the load splits evenly between its "
        "points. Row update: lambda_i = clamp(lambda_i - omega (Cdot_i - b_i) / K_ii). Tumble's "
        "default; converges fast and keeps tall stacks level.",
        kRigid | kUsesRelaxation, false, solveBlockGaussSeidelMethod},
    SolverMethodInfo{
        "jacobi", "Jacobi",
        "Projected Jacobi: every row reads the velocities from the start of the pass and all "
        "impulses are applied together, each scaled by 1 / (rows on its busier body) so that "
        "rows pushing one body do not overshoot: lambda_i += omega / n_i * (-(Cdot_i - b_i) / "
        "K_ii), clamped. The form that parallelises; converges slower than Gauss-Seidel: a "
        "stack sags at the same iteration count.",
        kRigid | kUsesRelaxation, false, solveJacobiMethod},
};

} // namespace

std::span<const SolverMethodInfo> solverMethods() { return kMethods; }

const SolverMethodInfo* findSolverMethod(std::string_view name) {
    for (const SolverMethodInfo& m : kMethods)
        if (m.name == name) return &m;
    return nullptr;
}

const SolverMethodInfo& solverMethodOrDefault(std::string_view name) {
    const SolverMethodInfo* m = findSolverMethod(name);
    return m ? *m : kMethods.front();
}

std::string solverMethodChoices() {
    std::string out;
    for (const SolverMethodInfo& m : kMethods) {
        if (!out.empty()) out += ", ";
        out += m.name;
    }
    return out;
}

} // namespace tumble
