#pragma once
/// \file palette.h
/// The few fixed colours of the 3D view, in display (sRGB) units 0..1. The renderer passes
/// them to the shaders as uniforms and the screenshot checker (tests/app) looks for them, so
/// both read the same numbers from here.

namespace tumble::app::palette {

struct Rgb {
    float r, g, b;
};

/// Clear colour behind everything (a dark blue-grey that lit shapes and grid lines stand out on).
inline constexpr Rgb kBackground{0.13f, 0.14f, 0.17f};
/// Minor grid lines at y = 0, every metre, drawn at full strength near the camera.
inline constexpr Rgb kGridLine{0.42f, 0.45f, 0.50f};
/// Major grid lines, every 10 m.
inline constexpr Rgb kGridMajor{0.58f, 0.61f, 0.66f};
/// The world X axis (z = 0) and Z axis (x = 0) on the grid, as in most 3D tools.
inline constexpr Rgb kAxisX{0.75f, 0.28f, 0.28f};
inline constexpr Rgb kAxisZ{0.28f, 0.40f, 0.80f};

/// The forks' ghosts, legend entries and divergence curves, by fork: apart from the material
/// colours most scenes use (wood, steel, rubber) and from each other.
inline constexpr Rgb kForks[] = {
    {0.20f, 0.85f, 1.00f}, // cyan
    {1.00f, 0.35f, 0.75f}, // magenta
    {0.55f, 1.00f, 0.30f}, // lime
    {1.00f, 0.65f, 0.10f}, // orange
};
inline constexpr Rgb forkColor(unsigned i) { return kForks[i % 4]; }
/// The Bullet fork's ghost.
inline constexpr Rgb kBulletGhost{1.00f, 0.92f, 0.25f};

/// 8-bit channel value of a 0..1 colour component, rounded like GL's unorm conversion.
inline constexpr int toByte(float c) {
    return static_cast<int>(c * 255.0f + 0.5f);
}

} // namespace tumble::app::palette
