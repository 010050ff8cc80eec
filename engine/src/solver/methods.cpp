// The table of solver methods (solver_methods.h): one row per method, each method one file in
// methods/. The settings' names, scene files, --set, the Solver panel and World::step all walk
// this list.
#include "tumble/solver_methods.h"

#include <array>

namespace tumble {

// One line per method file.
void solveBlockGaussSeidelMethod(SolveContext&);
void solveJacobiMethod(SolveContext&);
void solveWideMethod(SolveContext&);
void solvePgsMethod(SolveContext&);
void solveSorMethod(SolveContext&);
void solveRandomOrderMethod(SolveContext&);
void solveDantzigMethod(SolveContext&);
void solveLemkeMethod(SolveContext&);
void solveSoftStepMethod(SolveContext&);
void solveTgsMethod(SolveContext&);
void solveXpbdMethod(SolveContext&);

namespace {

constexpr uint32_t kRigid = kUsesVelocityIterations | kUsesPositionIterations | kUsesWarmStarting |
                            kUsesPositionCorrection | kUsesShockPropagation | kUsesTolerance;

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
        "wide", "Wide Gauss-Seidel (coloured, SIMD)",
        "Block Gauss-Seidel's rows and order within each manifold, with the manifolds coloured "
        "so that no two of a colour share a moving body (greedy, recomputed every step), then "
        "solved 4 (SSE) or 8 (AVX2, when the CPU has it) at once, one per SIMD lane, colour by "
        "colour (Box3D's wide solver). Same update, lambda_i = clamp(lambda_i - omega (Cdot_i - "
        "b_i) / K_ii); a different visiting order (by colour), and a point's friction reaches the "
        "rows after it through the velocities rather than precomputed couplings, so its results "
        "differ from block Gauss-Seidel's in the last digits and converge alike. The shock pass "
        "runs on the same lanes, level by level from the ground up. Manifolds past 32 colours "
        "are solved one by one after the colours. Bit for bit the same with 4 or 8 lanes.",
        kRigid | kUsesRelaxation | kUsesSimdLanes, false, solveWideMethod},
    SolverMethodInfo{
        "pgs", "PGS, row by row",
        "Projected Gauss-Seidel one scalar row at a time, the plain sequential-impulse loop "
        "(box2d-lite; Catto, GDC 2005): joint rows, then per manifold the friction rows and the "
        "normal rows, each seeing the velocities the rows before it left: lambda_i = "
        "clamp(lambda_i - (Cdot_i - b_i + cfm lambda_i) / (K_ii + cfm), lo_i, hi_i), friction "
        "bounds +-mu lambda_n. The readable reference that block Gauss-Seidel refines: on a "
        "box, the first corner solved takes more than its share every pass.",
        kRigid | kUsesCfm, false, solvePgsMethod},
    SolverMethodInfo{
        "jacobi", "Jacobi",
        "Projected Jacobi: every row reads the velocities from the start of the pass and all "
        "impulses are applied together, each scaled by 1 / (rows on its busier body) so that "
        "rows pushing one body do not overshoot: lambda_i += omega / n_i * (-(Cdot_i - b_i) / "
        "K_ii), clamped. The form that parallelises; converges slower than Gauss-Seidel: a "
        "stack sags at the same iteration count.",
        kRigid | kUsesRelaxation, false, solveJacobiMethod},
    SolverMethodInfo{
        "sor", "SOR (over-relaxed PGS)",
        "Successive over-relaxation: row-by-row PGS with every step scaled by omega before the "
        "clamp: lambda_i = clamp(lambda_i - omega (Cdot_i - b_i + cfm lambda_i) / (K_ii + cfm)). "
        "omega = overRelaxation (1.3): above 1 it reaches a stack's answer in fewer passes "
        "until it overshoots and rings near 2; below 1 it damps (Young 1950; Erleben 2013).",
        kRigid | kUsesCfm | kUsesOverRelaxation, false, solveSorMethod},
    SolverMethodInfo{
        "randomOrder", "PGS, random row order",
        "Row-by-row PGS with the rows shuffled once per step (Fisher-Yates from a splitmix64 "
        "generator seeded with solver.seed and the step number: deterministic, and a snapshot "
        "replays the same order). A fixed order lets the rows solved last win every pass and "
        "can push a pile the same way every step; a shuffled order spreads that error (Erleben "
        "2013; Bullet's SOLVER_RANDMIZE_ORDER).",
        kRigid | kUsesCfm | kUsesSeed, false, solveRandomOrderMethod},
    SolverMethodInfo{
        "dantzig", "Exact MLCP (Dantzig)",
        "Each island's joint, normal and friction rows solved exactly as one box-bounded mixed "
        "LCP by principal pivoting (Cottle and Dantzig 1968; Baraff 1994; ODE's dLCP as driven "
        "by Bullet's btMLCPSolver): w = A lambda + q with A = J M^-1 J^T + cfm, lo <= lambda <= "
        "hi, lambda_i at a bound => w_i pushes against it, inside => w_i = 0; friction bounds "
        "+-mu lambda_n from the final normals (pyramid, re-derived until they stop changing). "
        "O(n^2) per pivot, O(n^3) per island: islands over the exact row cap fall back to PGS "
        "that step (the panel counts them). No iterations, nothing unconverged: the reference "
        "the iterative methods are measured against.",
        kUsesVelocityIterations | kUsesPositionIterations | kUsesWarmStarting |
            kUsesPositionCorrection | kUsesCfm | kUsesExactRows,
        false, solveDantzigMethod},
    SolverMethodInfo{
        "lemke", "Exact normals (Lemke)",
        "Lemke's complementary pivoting (Lemke 1965; Cottle, Pang and Stone 1992) on each "
        "island's contact normals: w_n = A_nn lambda_n + q_n >= 0, lambda_n >= 0, lambda_n . w_n "
        "= 0, with friction and joints inside q_n as they are. Each of velocityIterations rounds "
        "runs one PGS pass over the friction and joint rows, then solves the normals exactly: the "
        "normals end exact for the friction they see. Islands over the exact row cap fall back to "
        "PGS.",
        kUsesVelocityIterations | kUsesPositionIterations | kUsesWarmStarting |
            kUsesPositionCorrection | kUsesCfm | kUsesExactRows,
        false, solveLemkeMethod},
    SolverMethodInfo{
        "softStep", "Soft step (Box2D v3)",
        "Sub-stepping with soft contacts (Catto, \"Solver2D\" 2024; Box2D v3): each of n sub-steps "
        "h = dt/n integrates velocities, warm starts, runs one pass with bias, integrates "
        "positions and runs relax passes without bias; restitution after the last. Rows are "
        "prepared once per step; each pass re-measures the separation s at the moved poses. "
        "A touching contact is a spring (omega = 2 pi min(contactHertz, rate/4), damping zeta): "
        "dlambda = -massScale m (vn + max(omega/(2 zeta + h omega) s, -maxCorrectionVelocity)) "
        "- impulseScale lambda, with massScale = h omega (2 zeta + h omega)/(1 + h omega (2 zeta "
        "+ h omega)), impulseScale = 1/(1 + h omega (2 zeta + h omega)); joints are springs of "
        "jointHertz on their error; contacts with a body that does not move get 2 omega. The "
        "relax passes take back the push-out velocity, so overlaps resolve without launching "
        "bodies. The springs give: a point carrying force F rests F / (m omega^2) deep (a "
        "ten-box stack sags 2.6 cm at 30 Hz; a heavy body sinks into a light one until the "
        "spring holds it, 300:1 at the defaults); more sub-steps allow stiffer contacts.",
        kUsesSubsteps | kUsesSoftness | kUsesRelaxIterations | kUsesWarmStarting, true,
        solveSoftStepMethod},
    SolverMethodInfo{
        "tgs", "TGS (sub-stepped Gauss-Seidel)",
        "Temporal Gauss-Seidel (Macklin et al. 2019, \"Small steps in physics simulation\"; "
        "PhysX TGS): n sub-steps of h = dt/n with ONE velocity pass each, positions integrated "
        "after every pass, so iterations become time steps. The bias is position-aware: each "
        "pass re-measures the separation s at the moved poses; a touching row targets vn >= "
        "min(erp/h max(-s - slop, 0), maxCorrectionVelocity), a speculative one vn >= -s/h: "
        "dlambda = -m (vn - target), lambda >= 0. Joints are springs of jointHertz on their "
        "error, rebuilt every sub-step; restitution after the last. No relax passes (the "
        "difference from the soft step): the push-out speed stays in the bodies, so a box "
        "started 30 cm into the ground leaves it at maxCorrectionVelocity and flies 39 cm up.",
        kUsesSubsteps | kUsesSoftness | kUsesWarmStarting, true, solveTgsMethod},
    SolverMethodInfo{
        "xpbd", "XPBD (position based)",
        "Extended position based dynamics for rigid bodies (Mueller, Macklin, Chentanez, Jeschke, "
        "Kim, SCA 2020): n sub-steps of h = dt/n, each integrating velocities and poses, then ONE "
        "Gauss-Seidel pass that moves the bodies directly, joints then contacts (each joint's and "
        "each manifold's rows swept together): dlambda = (-C - alpha~ lambda) / (w1 + w2 + "
        "alpha~), alpha~ = alpha / h^2, w = 1/m + (r x n).I^-1(r x n), x += dlambda n / m, "
        "q += I^-1 (r x dlambda n). Velocities come from the pose change (v = (x - x0)/h, "
        "w = 2 log(q q0^-1)/h); a velocity pass adds restitution from the velocity before the "
        "pass and dynamic friction (at most mu_d lambda_n / h). Static friction takes back the "
        "sub-step's slip while it needs no more than mu_s lambda_n. Contacts take the compliance "
        "setting (m/N, 0 = rigid; a resting box sinks m g alpha); joints are rigid, springs and "
        "motors velocity rows. Many small sub-steps are its strength: tall piles need more.",
        kUsesSubsteps | kUsesCompliance, true, solveXpbdMethod},
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
