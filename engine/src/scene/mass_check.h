#pragma once
/// \file mass_check.h
/// The scene reader's last check on bodies: the masses their shapes and materials give must
/// be usable by the solver (README: Limits).
#include "scene/json_check.h"

#include <string>
#include <vector>

namespace tumble::scene {

/// Heaviest over lightest dynamic body a scene may hold.
inline constexpr double kMaxMassRatio = 1e6;

/// Every dynamic body's mass (volume x density, the scene's materials over the presets) must
/// be a normal float, and the heaviest at most kMaxMassRatio times the lightest: past that an
/// iterative solver cannot move the heavy body with the light one's impulses (nor hold it up
/// with them). `bodyPaths[i]` is where scene.bodies[i] was defined ("bodies[2].name").
void checkMasses(const SceneDef& scene, const std::vector<std::string>& bodyPaths, Checker& check);

} // namespace tumble::scene
