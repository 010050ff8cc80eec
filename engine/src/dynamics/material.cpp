// Material presets after the classic table (density x1000 to kg/m^3).
//
// Friction is not in the classic table; the values below are our choice, picked so the
// presets span the range a user expects (rubber grips, metal and ice-like surfaces slip):
//   Rock 0.7/0.6, Wood 0.6/0.4, Metal 0.4/0.3, BouncyBall 0.9/0.8, SuperBall 0.9/0.8,
//   Pillow 0.8/0.7, Static 0.6/0.5.
#include "tumble/material.h"

namespace tumble {

const std::vector<Material>& materialPresets() {
    static const std::vector<Material> presets{
        {"Rock", 600.0f, 0.1f, 0.7f, 0.6f, {0.55f, 0.52f, 0.50f}},
        {"Wood", 300.0f, 0.2f, 0.6f, 0.4f, {0.76f, 0.56f, 0.34f}},
        {"Metal", 1200.0f, 0.05f, 0.4f, 0.3f, {0.62f, 0.66f, 0.72f}},
        {"BouncyBall", 300.0f, 0.8f, 0.9f, 0.8f, {0.90f, 0.30f, 0.25f}},
        {"SuperBall", 300.0f, 0.95f, 0.9f, 0.8f, {0.95f, 0.75f, 0.15f}},
        {"Pillow", 100.0f, 0.2f, 0.8f, 0.7f, {0.80f, 0.70f, 0.90f}},
        {"Static", 0.0f, 0.4f, 0.6f, 0.5f, {0.45f, 0.47f, 0.50f}},
    };
    return presets;
}

} // namespace tumble
