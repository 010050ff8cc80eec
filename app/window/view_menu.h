#pragma once
/// \file view_menu.h
/// The 3D view's right-click menu: what is under the cursor (a drawn contact point, else a
/// body, else the world) and what of it can be watched in the Plots tab. A right drag still
/// orbits the camera: only a press and release that barely moved opens the menu.
#include "window/app_state.h"

#include <glm/vec2.hpp>

namespace tumble::app {

/// A right press in the view (not over a panel): remember where it was.
void viewMenuPress(App& app, glm::vec2 cursor);

/// The right button came up: open the menu when the cursor stayed within a few pixels.
void viewMenuRelease(App& app, glm::vec2 cursor);

/// Inside the ImGui frame: the menu, when open.
void drawViewMenu(App& app);

/// Menu items that watch a contact: one point's quantities when `point` >= 0, and the pair's
/// (the Inspector's right-click on a manifold or a point uses them too).
void contactWatchItems(App& app, const ContactManifoldInfo& manifold, int point);

/// The contact point drawn nearest the cursor within `radius` display units, as manifold and
/// point index into World::contacts(); false when none is (or contact points are not drawn).
bool pickContactPoint(const App& app, glm::vec2 cursor, glm::vec2 displaySize, float radius, size_t& manifold,
                      int& point);

} // namespace tumble::app
