#pragma once
/// \file gallery.h
/// The collision gallery's exhibits, found in any world by its bodies' names: bodies named
/// "<shape>-vs-<shape>/<part>" (scenes/collision-gallery.json) form one exhibit per prefix,
/// labelled by its shape pair ("box × capsule") in the view and in the Collision panel, and
/// framed by the camera when the scene opens. Engine-only, so tests need no window.
#include "tumble/debug_draw.h"
#include "tumble/shape.h"
#include "tumble/world.h"

#include <glm/vec3.hpp>
#include <string>
#include <vector>

namespace tumble::app {

/// One exhibit: the bodies sharing a "<a>-vs-<b>" name prefix.
struct Exhibit {
    std::string label;           ///< "<a> × <b>" (UTF-8 multiplication sign)
    std::vector<BodyId> bodies;  ///< in world order
    Aabb bounds;                 ///< m, union of the bodies' boxes (planes left out: infinite)
    /// m, where its label hangs: above the middle of the box's top.
    glm::vec3 labelAnchor() const;
};

/// The world's exhibits in the order their first body appears; empty for scenes without
/// "-vs-" names (every other scene), so nothing changes there.
std::vector<Exhibit> findExhibits(const World& world);

/// Indices into world.contacts() of the manifolds an exhibit shows: between two of its
/// bodies, or, for a one-body exhibit (a shape on the plane), between that body and any other.
std::vector<size_t> exhibitManifolds(const World& world, const Exhibit& exhibit);

/// Each exhibit's label at its anchor, through the debug-draw interface. The view places
/// labels in the order given, so emitted before the contacts' feature ids they are never the
/// ones pushed aside.
void emitExhibitLabels(const std::vector<Exhibit>& exhibits, DebugDraw& draw);

/// The union of the exhibits' boxes (what the camera frames); false when there are none.
bool exhibitsBounds(const std::vector<Exhibit>& exhibits, Aabb& out);

} // namespace tumble::app
