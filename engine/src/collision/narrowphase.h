#pragma once
/// The narrow phase: which points of two shapes touch, and along which normal.
///
/// A table of collide functions indexed [type of A][type of B] covers every pair of sphere,
/// box, capsule, hull, plane and cylinder except plane-plane (planes are static and never
/// collide). Cylinders use the general convex path (collideConvex), which any convex pair can.
/// Each pair is written once; the mirrored cell calls the same function with A and B swapped
/// and flips the result (normal negated, anchors swapped), so both orders give one manifold.
#include "collision/manifold.h"
#include "core/transform.h"
#include "tumble/shape.h"

#include <vector>

namespace tumble {

/// Fills `out` (which arrives with pointCount = 0) for shape A at xa and shape B at xb. Points
/// with separation < margin (m) are reported: touching, overlapping and speculative contacts.
using CollideFn = void (*)(const Shape& a, const Transform& xa, const Shape& b, const Transform& xb,
                           float margin, Manifold& out);

/// One cell of the dispatch table.
struct CollideCell {
    CollideFn fn = nullptr;    ///< null: the pair never collides (plane-plane)
    const char* name = "none"; ///< the function's name, for the UI
    bool mirrored = false;     ///< fn is called as fn(B, A) and its manifold flipped
};

/// Whether a shape type has a row in the table: every type but the compound, whose children
/// are collided one by one, and the mesh and height field, collided triangle by triangle
/// (collideShapes).
constexpr bool inCollideTable(ShapeType t) {
    return t != ShapeType::Compound && t != ShapeType::Mesh && t != ShapeType::HeightField && t != ShapeType::Count;
}

/// The cell for shape types (a, b).
const CollideCell& collideCell(ShapeType a, ShapeType b);

/// The name of the function serving (a, b), e.g. "collideSphereBox" or, for the mirrored cell,
/// "collideSphereBox (mirrored)".
const char* collideFunctionName(ShapeType a, ShapeType b);

/// The index of the cell (a, b): a * kShapeTypeCount + b.
constexpr int collideCellIndex(ShapeType a, ShapeType b) {
    return static_cast<int>(a) * kShapeTypeCount + static_cast<int>(b);
}

/// Collides two shapes through the table. Returns whether the manifold has any point (some
/// separation < margin); `cellOut`, when given, receives collideCellIndex(a.type, b.type).
bool collide(const Shape& a, const Transform& xa, const Shape& b, const Transform& xb, float margin,
             Manifold& out, int* cellOut = nullptr);

/// One manifold of a body pair, between a part of A and a part of B: a compound's child index,
/// a mesh's or height field's triangle index, 0 for a plain shape.
struct ChildManifold {
    uint32_t childA = 0, childB = 0;
    Manifold manifold;
};

/// Whether boxes a and b come within `margin` of each other on every axis. Shapes inside boxes
/// farther apart than the margin cannot come within it: the narrow phase skips such parts (of
/// compounds) and such bodies (World's narrow phase) without measuring them.
bool boxesMeet(const Aabb& a, const Aabb& b, float margin);

/// Collides two bodies' shapes, compound or not: each pair of parts whose boxes come within the
/// margin goes through the table (and is counted in `counts`, when given, by the parts' types);
/// one ChildManifold is appended per touching pair of parts, sorted by (childA, childB), its
/// local anchors in the bodies' frames. Returns how many it appended.
int collideShapes(const Shape& a, const Transform& xa, const Shape& b, const Transform& xb, float margin,
                  std::vector<ChildManifold>& out, DispatchCounts* counts = nullptr);

} // namespace tumble
