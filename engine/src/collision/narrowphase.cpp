// The narrow-phase dispatch table.
#include "collision/narrowphase.h"

#include "collision/collide_functions.h"

#include <array>
#include <utility>

namespace tumble {

namespace {

constexpr int kCount = kShapeTypeCount;
using Table = std::array<std::array<CollideCell, kCount>, kCount>;

constexpr Table makeTable() {
    Table t{};
    auto set = [&t](ShapeType a, ShapeType b, CollideFn fn, const char* name,
                    const char* mirroredName) {
        t[static_cast<int>(a)][static_cast<int>(b)] = {fn, name, false};
        if (a != b) t[static_cast<int>(b)][static_cast<int>(a)] = {fn, mirroredName, true};
    };
    using S = ShapeType;
    set(S::Sphere, S::Sphere, collideSpheres, "collideSpheres", "");
    set(S::Sphere, S::Box, collideSphereBox, "collideSphereBox", "collideSphereBox (mirrored)");
    set(S::Sphere, S::Capsule, collideSphereCapsule, "collideSphereCapsule",
        "collideSphereCapsule (mirrored)");
    set(S::Sphere, S::Hull, collideSphereHull, "collideSphereHull", "collideSphereHull (mirrored)");
    set(S::Sphere, S::Plane, collideSpherePlane, "collideSpherePlane",
        "collideSpherePlane (mirrored)");
    set(S::Box, S::Box, collideBoxes, "collideBoxes", "");
    set(S::Capsule, S::Box, collideCapsuleBox, "collideCapsuleBox", "collideCapsuleBox (mirrored)");
    set(S::Box, S::Hull, collideBoxHull, "collideBoxHull", "collideBoxHull (mirrored)");
    set(S::Box, S::Plane, collideBoxPlane, "collideBoxPlane", "collideBoxPlane (mirrored)");
    set(S::Capsule, S::Capsule, collideCapsules, "collideCapsules", "");
    set(S::Capsule, S::Hull, collideCapsuleHull, "collideCapsuleHull",
        "collideCapsuleHull (mirrored)");
    set(S::Capsule, S::Plane, collideCapsulePlane, "collideCapsulePlane",
        "collideCapsulePlane (mirrored)");
    set(S::Hull, S::Hull, collideHulls, "collideHulls", "");
    set(S::Hull, S::Plane, collideHullPlane, "collideHullPlane", "collideHullPlane (mirrored)");
    // Cylinders go through the general convex path, except against a plane.
    for (ShapeType other : {S::Sphere, S::Box, S::Capsule, S::Hull})
        set(S::Cylinder, other, collideConvex, "collideConvex", "collideConvex (mirrored)");
    set(S::Cylinder, S::Cylinder, collideConvex, "collideConvex", "");
    set(S::Cylinder, S::Plane, collideCylinderPlane, "collideCylinderPlane",
        "collideCylinderPlane (mirrored)");
    return t;
}

constexpr Table kTable = makeTable();
constexpr CollideCell kNoCell{};

} // namespace

const CollideCell& collideCell(ShapeType a, ShapeType b) {
    int i = static_cast<int>(a), j = static_cast<int>(b);
    if (i < 0 || i >= kCount || j < 0 || j >= kCount) return kNoCell;
    return kTable[i][j];
}

const char* collideFunctionName(ShapeType a, ShapeType b) {
    return collideCell(a, b).name;
}

bool collide(const Shape& a, const Transform& xa, const Shape& b, const Transform& xb, float margin,
             Manifold& out, int* cellOut) {
    out.pointCount = 0;
    if (cellOut) *cellOut = collideCellIndex(a.type, b.type);
    const CollideCell& cell = collideCell(a.type, b.type);
    if (!cell.fn) return false;
    if (!cell.mirrored) {
        cell.fn(a, xa, b, xb, margin, out);
        return out.pointCount > 0;
    }
    // The function knows the pair as (B, A): its normal points from B to A and its anchors are
    // swapped. Positions, separations and feature ids do not depend on the order.
    cell.fn(b, xb, a, xa, margin, out);
    out.normal = -out.normal;
    for (int i = 0; i < out.pointCount; ++i)
        std::swap(out.points[i].localAnchorA, out.points[i].localAnchorB);
    return out.pointCount > 0;
}

} // namespace tumble
