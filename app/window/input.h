#pragma once
/// \file input.h
/// Keyboard shortcuts, mouse camera control, and the mouse's hands-on interaction with the
/// bodies in the 3D view (select, drag; T throws, B drops, Delete removes).
#include "window/app_state.h"

#include <SDL.h>

namespace tumble::app {

/// Apply one SDL event (already given to ImGui) to the app. Mouse events ImGui wants (over a
/// panel) and keys while a text field is active are left to ImGui; a left release always
/// ends a drag. `viewHeight` is the view's height in the same units as mouse motion, for
/// panning.
void handleEvent(App& app, const SDL_Event& event, float viewHeight);

/// Once per frame, after the events and before stepping: move the drag target under the
/// cursor (or start the drag once the cursor has moved away from the press).
void updateMouseDrag(App& app);

/// The ray through the middle of the uncovered 3D view (the orbit target). False before the
/// first frame is drawn.
bool viewCentreRay(const App& app, Ray& ray);

/// The ray T and B use: through the cursor when it is over the 3D view, else through the
/// view's centre.
bool spawnRay(const App& app, Ray& ray);

} // namespace tumble::app
