#pragma once
/// \file trail.h
/// The selected body's motion trail and onion skin, from the recording: its centre-of-mass
/// path over the recorded steps around the step shown (the part after it, when rewound,
/// dimmer), and its pose every k steps along that path drawn as faint ghosts.
#include "window/app_state.h"
#include "window/renderer.h"

#include "tumble/debug_draw.h"

#include <vector>

namespace tumble::app {

/// Bring app.trailCache up to date with the selection, the step shown and the recording.
/// Reads the recording only when one of those changed; nothing at all when the trail and the
/// onion skin are off.
void updateTrail(App& app);

/// The trail's polylines and a point at each onion-skin pose.
void emitTrail(const App& app, DebugDraw& draw);

/// The onion skin's ghosts: the selected body's shape at each pose, before the step shown
/// (future = false) or after it (future = true), for Renderer::drawBodies at low opacity.
std::vector<BodyVisual> onionVisuals(const App& app, bool future);

} // namespace tumble::app
