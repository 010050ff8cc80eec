#pragma once
/// \file settings_json.h
/// Readers of the scene file's `settings` and `debugDraw` sections on the order-preserving
/// document (the public settingsFromJson wraps readSettings).
#include "scene/json_check.h"

namespace tumble::scene {

/// Validate a `settings` object at `path` into `out`. Only keys present change; `out` is
/// written only when the whole object is valid. Iteration counts are capped by `maxIterations`.
void readSettings(const Json& v, const std::string& path, Checker& check, Settings& out,
                  int maxIterations = SceneLimits{}.maxIterations);

/// Validate a `debugDraw` object: every flag of debugDrawFlags() by name (booleans) and
/// `impulseScale` (> 0, m per N s).
void readDebugDraw(const Json& v, const std::string& path, Checker& check,
                   DebugDrawOptions& out);

/// A float as the shortest decimal that reads back as the same float (0.2f -> 0.2, not
/// 0.20000000298023224), so written files and reports stay readable and round-trip exactly.
double tidyFloat(float x);

} // namespace tumble::scene
