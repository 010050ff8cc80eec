#pragma once
/// \file input.h
/// Keyboard shortcuts and mouse camera control for the 3D view.
#include "window/app_state.h"

#include <SDL.h>

namespace tumble::app {

/// Apply one SDL event (already given to ImGui) to the app. Mouse events ImGui wants (over a
/// panel) and keys while a text field is active are left to ImGui. `viewHeight` is the
/// view's height in the same units as mouse motion, for panning.
void handleEvent(App& app, const SDL_Event& event, float viewHeight);

} // namespace tumble::app
