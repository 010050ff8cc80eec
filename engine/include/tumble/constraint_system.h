#pragma once
/// \file constraint_system.h
/// The seeds' matrix form made visible: the rows the solver probe exported for one step
/// (tumble/solver_probe.h), assembled into
///
///   w = A lambda + b,   A = J M^-1 J^T (+ the rows' softness),   lo <= lambda <= hi
///
/// with lambda the accumulated impulses of the step, w = J v - target the rows' velocity
/// errors after it, and b = w - A lambda the velocity errors the rows would have had with no
/// constraint impulse at all (gravity and forces only: a box resting on the ground has
/// b = -g dt on its normal rows). Complementarity: a row inside its bounds has w = 0, a
/// row at lo has w >= 0, at hi w <= 0. Exact when the rows are a whole island (every row
/// that touches its bodies); the Constraint system panel draws A as a heat map.
#include "tumble/solver_probe.h"

#include <cstdint>
#include <vector>

namespace tumble {

/// One island's system, rows in the order asked for.
struct ConstraintSystem {
    std::vector<uint32_t> rows;   ///< indices into SolverProbe::rows
    std::vector<double> A;        ///< n x n, row-major, 1/kg (and 1/(kg m^2) for angular rows)
    std::vector<double> b;        ///< m/s
    std::vector<double> lambda;   ///< N s
    std::vector<double> w;        ///< m/s
    int size() const { return static_cast<int>(rows.size()); }  ///< n, the rows
    /// A_ij, 1/kg.
    double at(int i, int j) const { return A[static_cast<size_t>(i) * rows.size() + static_cast<size_t>(j)]; }
};

/// The rows of the probe whose bodies belong to the same island as body slot `body` (rows
/// joined through bodies that move; a static body joins nothing), in export order, at most
/// `maxRows` (the rest are left out and the system is then not a whole island).
std::vector<uint32_t> islandRows(const SolverProbe& probe, uint32_t body, size_t maxRows);

/// Assemble A, b, lambda and w for `rows` from the probe's Jacobians and body masses.
ConstraintSystem assembleSystem(const SolverProbe& probe, const std::vector<uint32_t>& rows);

} // namespace tumble
