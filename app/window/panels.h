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
/// The scene catalogue grouped by topic, and loading.
void drawScenePanel(App& app);
/// The recording: a slider over every recorded step, markers, memory budget.
void drawTimelinePanel(App& app);
/// The running scene's lesson, with the bug gallery's Break it / Fix it buttons.
void drawLessonPanel(App& app);
/// Frame and step times, the world's profile and counters, energies.
void drawStatsPanel(App& app);
/// Gravity, integrator, gyroscopic term.
void drawSettingsPanel(App& app);
/// The dock on the right: a window whose tabs are the open panels below.
void drawDock(App& app);
/// Tab contents (drawn inside the dock, so they open no window of their own):
/// Every Settings::solver field, sleeping, the contact margin, and the last step's figures.
void drawSolverPanel(App& app);
/// The Solver panel's Convergence section: the probe's plot, compare methods, CSV export.
void drawConvergence(App& app);
/// Materials, combine rules and the material-pair table with overrides.
void drawMaterialsPanel(App& app);
/// Broad phase choice, counters, time per phase and the narrow-phase dispatch table.
void drawCollisionPanel(App& app);
/// The selected body and every contact point it has, with what the solver did there.
void drawInspectorPanel(App& app);
/// One checkbox per entry of debugDrawFlags() and the impulse scale.
void drawDebugDrawPanel(App& app);
/// What B drops and T throws, the drag spring's stiffness, damping and force cap, Delete.
void drawSpawnPanel(App& app);
/// The selected body's constraint rows and its island's system w = A lambda + b.
void drawSystemPanel(App& app);
/// The step debugger: trace the shown step and walk it by stage, pass or constraint.
void drawDebuggerPanel(App& app);
/// The debugger's constraint under the cursor in the view: its bodies, impulse, velocities.
void emitDebuggerCursor(const App& app, DebugDraw& draw);
/// Watch plots: quantities of the selected body or the world against the step.
void drawPlotsPanel(App& app);
/// Contact events newest first with a filter, sensors' counts; a click selects the body.
void drawContactEventsPanel(App& app);
/// True while the right dock is folded to its title bar (no tab shows).
bool dockCollapsed();
/// The Plots tab's "Sweep a setting": a setting over a range, run in the background, one or
/// two metrics charted against it and against each other, exported as CSV and PNG.
void drawSweepSection(App& app);
/// A/B forks: split variants off the world, their drift from it, promote one.
void drawForksPanel(App& app);
/// Which ghost in the view is which fork (top-left of the view, while there are forks).
void drawForkLegend(App& app);
/// Mouse and keyboard controls.
void drawHelpPanel(App& app);
/// After drawing: write Shift+F12's recording frame and follow its ffmpeg run (capture.h).
void captureDrawnFrame(App& app, int pixelsW, int pixelsH);
/// File > Open's browser popup (opened by OpenDialog::requested).
void drawOpenDialog(App& app);
/// File > Open recent, inside the File menu.
void drawRecentFilesMenu(App& app);

/// Tooltip for the last item, shown while it is hovered. Also outlines the item when it is
/// the control the last lesson step points at (highlightIfLessonTarget).
void itemTooltip(const char* text);
/// The lesson step whose control the panels outline this frame (null: none); drawPanels
/// sets it before the panels and clears it after.
void setLessonFocus(App::LessonFocus* focus);
/// Outline the last item for a few seconds (and scroll to it once) when its label is the
/// control of the last lesson step pressed and it sits in that step's panel.
void highlightIfLessonTarget();
/// Call before a collapsing header that may hide a lesson step's control: while the step's
/// control is still being looked for in this panel, the header opens.
void openIfLessonSearching();
/// After the panels: bring the window of the last lesson step's panel to the front, once.
void focusLessonWindow(App& app);
/// Call between a panel's Begin and End: a panel against the window's left edge widens
/// App::viewLeftInset, so the 3D view centres itself in the space to the right of it.
void claimLeftColumn(App& app);
/// The same for a panel against the right edge (App::viewRightInset).
void claimRightColumn(App& app);
/// The same for a panel along the bottom edge (App::viewBottomInset): the view centres itself
/// in the height above it.
void claimBottomRow(App& app);

using layout::kDockOpenMinWidth;
using layout::kDockWidth;
using layout::kMenuBarHeight;
using layout::kPanelColumnWidth;
using layout::kPanelColumnX;

} // namespace tumble::app
