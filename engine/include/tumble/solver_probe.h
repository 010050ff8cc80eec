#pragma once
/// \file solver_probe.h
/// What the solver did inside one step, pass by pass: the solver probe. With the probe on
/// (World::setSolverProbe), every step records, after each velocity pass of the active
/// method (and each sub-step's passes), how far the rows are from a solution; the Solver
/// panel plots it, `--solver-probe STEP` reports it and the panel exports it as CSV.
///
/// The measure is the same for every method. Each constraint row i (a contact's normal or
/// friction direction, a joint's axis) has its relative velocity Cdot_i = J_i v at the
/// bodies' current velocities, a target b_i (restitution, push-out, speculative gap, joint
/// drift), an accumulated impulse lambda_i within [lo_i, hi_i] (friction: +-mu lambda_n) and
/// K_ii = J_i M^-1 J_i^T. With w_i = Cdot_i - b_i, the row's residual is the projected step
///
///   r_i = K_ii (lambda_i - clamp(lambda_i - w_i / K_ii, lo_i, hi_i))   (m/s)
///
/// which is w_i for a row strictly inside its bounds, and zero for a row at a bound whose
/// velocity pushes against that bound (lambda_n = 0 and separating, friction at mu lambda_n
/// and sliding). r = 0 on every row is the solution of the step's mixed LCP. The residual
/// reported is ||r||_2 over all rows; the complementarity error is the largest
/// |(lambda_i - lo_i) max(w_i, 0)| + |(hi_i - lambda_i) max(-w_i, 0)| (N m/s, 0 at a
/// solution: a row may push only where its velocity does not move away from the bound).
///
/// Methods that sub-step (soft step, TGS) record every pass of every sub-step against the
/// step's rigid targets (the soft rows aim elsewhere on purpose, so their residual stays
/// above zero); XPBD records once per sub-step after its velocity pass; the exact methods
/// record once, after their pivoting.
#include <glm/mat3x3.hpp>
#include <glm/vec3.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace tumble {

/// One pass of the solver, measured.
struct ProbeIteration {
    int substep = 0;          ///< 0-based sub-step (0 for methods that do not sub-step)
    int iteration = 0;        ///< 0-based pass within the sub-step
    bool relax = false;       ///< a relax pass (soft step), not a biased one
    float maxDelta = 0.0f;    ///< N s, the largest |dlambda| the pass applied
    float residual = 0.0f;    ///< m/s, ||r||_2 over the rows (solver_probe.h)
    float complementarity = 0.0f; ///< N m/s, the largest complementarity error of a row
    int clampedRows = 0;      ///< rows whose impulse sits at a bound (normal at 0, friction at the cone)
    double kineticEnergy = 0.0; ///< J, of the bodies the solve moves, at the pass's velocities
};

/// What a row is.
enum class ProbeRowKind : uint8_t { Normal, Friction1, Friction2, Joint };

/// One row at the end of the probed step's velocity solve.
struct ProbeRow {
    ProbeRowKind kind = ProbeRowKind::Normal; ///< which row of its contact point, or a joint row
    /// Body slot indices (BodyId::index); a joint to the world names the solver's static
    /// record, one past the last slot.
    uint32_t bodyA = 0, bodyB = 0;
    uint32_t source = 0;  ///< contact: index into World::contacts(); joint: joint row index
    int point = 0;        ///< contact: the point of its manifold
    float lambda = 0.0f;  ///< N s, accumulated impulse
    float lower = 0.0f, upper = 0.0f; ///< N s, its bounds then
    float K = 0.0f;       ///< 1/kg, J M^-1 J^T
    float target = 0.0f;  ///< m/s, b
    float w = 0.0f;       ///< m/s, Cdot - b (+ softness lambda)
    float residual = 0.0f;///< m/s, r (solver_probe.h)
    float softness = 0.0f;///< 1/kg, the row's gamma + cfm: the diagonal term of A beyond J M^-1 J^T
    /// The Jacobian row, Cdot = jvA . vA + jwA . wA + jvB . vB + jwB . wB: for a contact
    /// -n, -(rA x n), n, rB x n along its normal or tangent n (m/s per unit of each velocity).
    glm::vec3 jvA{0.0f}, jwA{0.0f}, jvB{0.0f}, jwB{0.0f};
};

/// A body's inverse mass as the solver saw it in the probed step (0 for static, kinematic and
/// sleeping bodies), by slot.
struct ProbeBody {
    float invMass = 0.0f;    ///< 1/kg
    glm::mat3 invI{0.0f};    ///< 1/(kg m^2), world frame
};

/// How the probe records (World::setSolverProbe).
struct ProbeOptions {
    /// Also export every row's final impulse, bounds and Jacobian, and the bodies' masses:
    /// what the Constraint system tab and --solver-probe read (the costlier part).
    bool withRows = true;
};

/// Everything the probe recorded for one step.
struct SolverProbe {
    uint64_t step = 0;            ///< the step number it was recorded at (World::stepCount after it)
    std::string method;           ///< the method's table name
    std::vector<ProbeIteration> iterations; ///< in solve order
    std::vector<ProbeRow> rows;   ///< every row after the last velocity pass, in gathered order
    std::vector<ProbeBody> bodies;///< by body slot: what A = J M^-1 J^T needs (tumble/constraint_system.h)
    int iterationsUsed = 0;       ///< velocity passes run (fewer than asked when the tolerance stopped them)
    ProbeOptions options;         ///< as World::setSolverProbe set them
    /// How this step's passes were measured; the figures are the same either way. True: by
    /// the kernel of the pass after each one, which measures every manifold at the velocities
    /// the pass before left (copied as it starts) before it solves it, and the last pass by
    /// the shock-propagation pass or a measure pass (block Gauss-Seidel and Jacobi: a measure
    /// pass of its own costs nearly a solver pass on a large pile). False: each pass by a
    /// measure pass of its own (the other methods, a tolerance, the step debugger's trace).
    bool inSweep = false;
    bool converged = false;       ///< the tolerance (solver.tolerance > 0) was reached
};

} // namespace tumble
