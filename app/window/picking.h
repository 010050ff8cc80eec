#pragma once
/// \file picking.h
/// Clicking and hovering bodies in the 3D view: a ray from the camera through the cursor,
/// cast with World::rayCast, and the highlight of the selected body.
#include "window/app_state.h"

#include "tumble/debug_draw.h"

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>
#include <string>

namespace tumble::app {

/// The ray under `cursor` (display units, origin top left) through the last drawn frame's
/// camera: `origin` on the near plane, `direction` unit length. False for a degenerate view.
bool cursorRay(const App& app, glm::vec2 cursor, glm::vec2 displaySize, glm::vec3& origin,
               glm::vec3& direction);

/// The body under the cursor, or kNullBody.
BodyId pickBody(const App& app, glm::vec2 cursor, glm::vec2 displaySize);

/// A body's name, or "#slot" when it has none.
std::string bodyLabel(const World& world, BodyId id);

/// Drop a selection or hover the world no longer knows (a destroyed body). Every frame.
void validateSelection(App& app);

/// Inside the ImGui frame: find the body under the cursor (when ImGui does not want the
/// mouse) and name it in a small tooltip next to the cursor.
void updateHover(App& app);

/// The selection's highlight: a white wire box around its bounding box, a little larger so
/// it does not hide in the faces. The hovered body gets a fainter one.
void emitSelection(const App& app, DebugDraw& draw);

} // namespace tumble::app
