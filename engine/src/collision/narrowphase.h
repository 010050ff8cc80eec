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

} // namespace tumble
