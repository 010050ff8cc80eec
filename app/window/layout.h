#pragma once
/// \file layout.h
/// Where the default panel layout puts things, in ImGui display units (pixels at 100 %
/// scale). The panels place themselves with these on first use, and the screenshot checker
/// (tests/app) knows from them which part of a --panels picture is the open 3D view.

namespace tumble::app::layout {

/// Height of the main menu bar.
inline constexpr float kMenuBarHeight = 22.0f;
/// The left column that holds the Time and Scene panels, away from the scene centre.
inline constexpr float kPanelColumnX = 8.0f;
inline constexpr float kPanelColumnWidth = 330.0f;
/// First pixel column right of the left panel column.
inline constexpr float kViewLeft = kPanelColumnX + kPanelColumnWidth + 8.0f;
/// The dock against the right edge (Solver, Materials, Collision, Inspector, Debug draw, Spawn).
inline constexpr float kDockWidth = 400.0f;
/// Windows at least this wide open with the dock expanded; narrower ones with it collapsed.
inline constexpr float kDockOpenMinWidth = 1600.0f;
/// Windows at least this tall open with the Scene panel expanded; shorter ones with it folded,
/// leaving its room to the Lesson panel below it.
inline constexpr float kSceneOpenMinHeight = 1000.0f;
/// Display units from the right edge that the dock covers by default (width and margin).
inline constexpr float kViewRightMargin = kDockWidth + 2.0f * kPanelColumnX;

} // namespace tumble::app::layout
