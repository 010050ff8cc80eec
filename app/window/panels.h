#pragma once
/// \file panels.h
/// The ImGui panels. Each reads and edits the App (and World::settings() in place) directly:
/// no panel keeps a copy of a setting between frames.
#include "window/app_state.h"
#include "window/layout.h"

namespace tumble::app {

/// Menu bar, every open panel and the load-error popup, for one frame.
void drawPanels(App& app);

void drawMenuBar(App& app);
/// Pause, step, reload, time scale, physics rate, interpolation and the accumulator.
void drawTimePanel(App& app);
/// The scene catalogue, loading, and the current scene's lesson.
void drawScenePanel(App& app);
/// Frame and step times, the world's profile and counters, energies.
void drawStatsPanel(App& app);
/// Gravity, integrator, gyroscopic term.
void drawSettingsPanel(App& app);
/// One checkbox per DebugDrawOptions field.
void drawDebugDrawPanel(App& app);
/// Mouse and keyboard controls.
void drawHelpPanel(App& app);

/// Tooltip for the last item, shown while it is hovered.
void itemTooltip(const char* text);
/// Call between a panel's Begin and End: a panel against the window's left edge widens
/// App::viewLeftInset, so the 3D view centres itself in the space to the right of it.
void claimLeftColumn(App& app);

using layout::kMenuBarHeight;
using layout::kPanelColumnWidth;
using layout::kPanelColumnX;

} // namespace tumble::app
