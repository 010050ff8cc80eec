#pragma once
/// \file material.h
/// Materials and their presets. Density is in kg/m^3; restitution and friction are
/// dimensionless. Pair values come from the combine rules in Settings, or from an
/// explicit override per pair.
#include <glm/vec3.hpp>
#include <string>
#include <vector>

namespace tumble {

struct Material {
    std::string name = "Default";
    float density = 1000.0f;       ///< kg/m^3 (0 makes a body static-like: infinite mass)
    float restitution = 0.2f;      ///< 0..1, e: bounce speed / approach speed
    float staticFriction = 0.6f;   ///< >= 0, mu_s: holds while sticking
    float dynamicFriction = 0.5f;  ///< >= 0, mu_d: resists while sliding
    glm::vec3 color{0.7f, 0.7f, 0.7f}; ///< linear RGB 0..1
    /// >= 0, m: rolling resistance, the largest torque against rolling per newton of normal
    /// force, |tau_roll| <= c_r F_n (a rolling resistance coefficient C_rr times the radius);
    /// a ball on the flat then slows at 5/7 g c_r / R. 0: rolls for ever.
    float rollingResistance = 0.0f;
    /// >= 0, m: torsional friction, the largest torque against spinning about the contact
    /// normal per newton of normal force, |tau_twist| <= c_t F_n (mu times the radius of the
    /// contact patch, which a point contact does not have). 0: a ball spins on the spot for ever.
    float torsionalFriction = 0.0f;
};

/// The built-in presets after the classic table: Rock, Wood, Metal, BouncyBall, SuperBall,
/// Pillow, Static (densities x1000 to kg/m^3).
const std::vector<Material>& materialPresets();

/// Name of the material a body without one uses.
inline constexpr const char* kDefaultMaterialName = "Wood";

/// Override of one cell of the material-pair table.
struct MaterialPair {
    std::string a, b;
    float restitution = 0.0f;
    float staticFriction = 0.0f;
    float dynamicFriction = 0.0f;
    float rollingResistance = 0.0f; ///< m
    float torsionalFriction = 0.0f; ///< m
};

} // namespace tumble
