#pragma once
/// \file probe_report.h
/// The solver probe's figures (tumble/solver_probe.h) as JSON for the headless report's
/// `solverProbe` section (`--solver-probe STEP`) and as CSV for the Solver panel's export.
/// Both carry the same columns: per pass sub-step, iteration, relax, maxDelta (N s),
/// residual (m/s), complementarity (N m/s), clampedRows and kineticEnergy (J); per row kind,
/// the two bodies' names, the contact (index into World::contacts()) and point or the joint
/// row, lambda, lower, upper (N s), K (1/kg), target, w and residual (m/s).
#include "tumble/world.h"

#include <nlohmann/json.hpp>

#include <string>

namespace tumble::app {

/// "normal", "friction1", "friction2", "joint".
const char* probeRowKindName(ProbeRowKind kind);

nlohmann::json probeJson(const World& world, const SolverProbe& probe);

/// Two tables in one file: the passes, a blank line, then the rows.
std::string probeCsv(const World& world, const SolverProbe& probe);

} // namespace tumble::app
