#pragma once
/// \file solver_methods.h
/// The table of solver methods: the one list that Settings::solver.method names, that scene
/// files and `--set solver.method=NAME` are checked against, that the Solver panel's combo
/// and tooltips show, and that World::step dispatches through. Each method is one file in
/// engine/src/solver/methods/ behind one signature; adding a method is that file plus one
/// row of the table (engine/src/solver/methods.cpp).
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace tumble {

struct SolveContext; // engine/src/solver/solve_context.h: everything one solve may touch

/// Settings a method reads, so the panel can show only those (bits of SolverMethodInfo::uses).
enum MethodSetting : uint32_t {
    kUsesVelocityIterations = 1u << 0,
    kUsesPositionIterations = 1u << 1,
    kUsesRelaxation = 1u << 2,         ///< omega (SOR, block Gauss-Seidel, Jacobi)
    kUsesWarmStarting = 1u << 3,
    kUsesPositionCorrection = 1u << 4, ///< baumgarte / split impulse / NGS choice
    kUsesShockPropagation = 1u << 5,
    kUsesCfm = 1u << 6,                ///< constraint force mixing
    kUsesSeed = 1u << 7,               ///< random row order
    kUsesExactRows = 1u << 8,          ///< exact solver's row cap per island
    kUsesSubsteps = 1u << 9,
    kUsesRelaxIterations = 1u << 10,   ///< soft step's relax passes
    kUsesSoftness = 1u << 11,          ///< contact and joint hertz / damping ratio
    kUsesCompliance = 1u << 12,        ///< XPBD contact compliance
    kUsesOverRelaxation = 1u << 13,    ///< SOR's own omega
    kUsesTolerance = 1u << 14,         ///< stops its passes early at solver.tolerance
    kUsesSimdLanes = 1u << 15,         ///< the wide method's lane width
};

/// One row of the table.
struct SolverMethodInfo {
    std::string_view name;  ///< as written in scene files and --set (e.g. "softStep")
    std::string_view label; ///< as shown in the Solver panel (e.g. "Soft step (Box2D v3)")
    /// Tooltip: what the method does, its update formula and its source.
    std::string_view help;
    uint32_t uses = 0;      ///< MethodSetting bits
    /// True when the method sub-steps and integrates velocities and positions itself; the
    /// world then skips its own integration stages around the solve.
    bool integrates = false;
    /// Everything from preparing rows to storing impulses (engine-private context).
    void (*solve)(SolveContext&) = nullptr;
};

/// Every method, in the order the panel lists them; the first is the default.
std::span<const SolverMethodInfo> solverMethods();

/// The row named `name`, or null.
const SolverMethodInfo* findSolverMethod(std::string_view name);

/// The row named `name`, or the default method's row when the name is unknown.
const SolverMethodInfo& solverMethodOrDefault(std::string_view name);

/// "gaussSeidel, pgs, ..." for error messages.
std::string solverMethodChoices();

} // namespace tumble
