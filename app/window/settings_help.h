#pragma once
/// \file settings_help.h
/// What each value of the Settings enums does, one tooltip per value in enum order, for the
/// combos of the panels that edit them (enumCombo's itemHelp).
#include "tumble/settings.h"

namespace tumble::app::help {

inline constexpr const char* kBroadphase[] = {
    "bruteForce: every pair of boxes is tested, n(n-1)/2 tests per step. Slow, but the oracle "
    "the others are checked against.",
    "sortAndSweep: box ends are kept sorted along one axis (nearly sorted from step to step); "
    "only pairs whose intervals overlap on it are tested on the other axes.",
    "dynamicTree: a bounding-volume hierarchy of fattened boxes (stretched ahead of the motion), "
    "re-inserted only when a body leaves its fat box; a query walks ~log n nodes (default).",
};

inline constexpr const char* kCombineRule[] = {
    "geometricMean: sqrt(a b). One slippery material makes the pair slippery.",
    "pythagorean: sqrt(a^2 + b^2).",
    "average: (a + b) / 2.",
    "min: min(a, b). The softer / more slippery material wins.",
    "max: max(a, b). The bouncier / grippier material wins.",
    "multiply: a b.",
};

inline constexpr const char* kPositionCorrection[] = {
    "none: penetration is not removed; bodies sink under load and stay sunk.",
    "baumgarte: the normal row aims for a separating velocity bias = ERP/dt * max(depth - slop, "
    "0), capped at maxCorrectionVelocity. Simple, but the push-out is real velocity: it adds "
    "kinetic energy, so deep contacts pop and stacks jitter.",
    "splitImpulse: the same bias is solved as pseudo-velocities in their own pass; they move the "
    "positions and are then discarded: pushes apart without adding kinetic energy (default).",
    "nonlinearGaussSeidel: after the positions are integrated, positionIterations passes "
    "recompute each point's depth from the current poses and move the bodies directly by a "
    "position impulse P = min(ERP * max(depth - slop, 0), maxCorrectionVelocity * dt) / K "
    "along the normal (K = J M^-1 J^T). No velocity is added.",
};

inline constexpr const char* kFrictionModel[] = {
    "pyramid: |lambda_t1| <= mu lambda_n and |lambda_t2| <= mu lambda_n, clamped separately: a "
    "square instead of a circle, up to sqrt(2) mu lambda_n along its diagonals while sticking "
    "(linearised cone). A sliding point is braked along its own slip only, by mu_d lambda_n.",
    "cone: |(lambda_t1, lambda_t2)| <= mu lambda_n while sticking; the tangential impulse is "
    "scaled back onto the circle: isotropic Coulomb friction. A sliding point is braked along "
    "its own slip only, by mu_d lambda_n.",
};

} // namespace tumble::app::help
