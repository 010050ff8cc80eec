// A body pair's parts against each other (narrowphase.h: collideShapes). A plain shape is one
// part; a compound's children are its parts, each placed in the body's frame. Every pair of
// parts is an ordinary table pair, so a compound needs no collide function of its own. A mesh
// or height field is a part per triangle: each part of the other body meets the triangles near
// it (collide_mesh.h).
#include "collision/narrowphase.h"

#include "collision/collide_mesh.h"

#include <algorithm>
#include <glm/gtc/quaternion.hpp>

namespace tumble {
namespace {

struct Part {
    const Shape* shape;
    glm::vec3 position; ///< in the body's frame
    glm::quat orientation;
    Transform world;    ///< where the part is
    Aabb box;           ///< its world box
};

void partsOf(const Shape& s, const Transform& x, std::vector<Part>& out) {
    out.clear();
    if (s.type != ShapeType::Compound) {
        out.push_back({&s, glm::vec3(0.0f), glm::quat(1.0f, 0.0f, 0.0f, 0.0f), x, Aabb{}});
        return;
    }
    if (!s.compound) return;
    for (const CompoundShape::Child& c : s.compound->children) {
        Transform w{x.p + x.q * c.position, x.q * c.orientation};
        out.push_back({&c.shape, c.position, c.orientation, w, computeAabb(c.shape, w.p, w.q)});
    }
}

// A point in a part's frame, in its body's frame (where the cache keeps anchors).
glm::vec3 inBody(const Part& part, const glm::vec3& local) { return part.position + part.orientation * local; }

// A mesh or height field against the other body's parts (a convex shape, or each child of a
// compound): one manifold per part and triangle, the triangle's index naming the mesh's part.
int collideWithMesh(const Shape& a, const Transform& xa, const Shape& b, const Transform& xb, float margin,
                    std::vector<ChildManifold>& out, DispatchCounts* counts) {
    const bool meshIsA = isMeshType(a.type);
    const Shape& mesh = meshIsA ? a : b;
    const Shape& other = meshIsA ? b : a;
    // Static against static: meshes, height fields and planes never meet.
    if (isMeshType(other.type) || other.type == ShapeType::Plane) return 0;
    const Transform& xm = meshIsA ? xa : xb;
    thread_local std::vector<Part> parts;
    thread_local std::vector<TriangleManifold> triangles;
    partsOf(other, meshIsA ? xb : xa, parts);
    const size_t first = out.size();
    for (size_t i = 0; i < parts.size(); ++i) {
        const Part& part = parts[i];
        if (counts) {
            const int p = static_cast<int>(part.shape->type), m = static_cast<int>(mesh.type);
            ++(*counts)[meshIsA ? m : p][meshIsA ? p : m];
        }
        triangles.clear();
        collideConvexMesh(*part.shape, part.world, mesh, xm, margin, triangles);
        for (const TriangleManifold& t : triangles) {
            ChildManifold cm;
            cm.manifold = t.manifold; // the part is A, the mesh B, anchored in the mesh body's frame
            for (int k = 0; k < cm.manifold.pointCount; ++k) {
                ContactPoint& c = cm.manifold.points[k];
                c.localAnchorA = inBody(part, c.localAnchorA);
                if (meshIsA) std::swap(c.localAnchorA, c.localAnchorB);
            }
            if (meshIsA) cm.manifold.normal = -cm.manifold.normal;
            cm.childA = meshIsA ? t.triangle : static_cast<uint32_t>(i);
            cm.childB = meshIsA ? static_cast<uint32_t>(i) : t.triangle;
            out.push_back(cm);
        }
    }
    // Each part's triangles come in ascending order; with the mesh as A, the triangle leads.
    if (meshIsA)
        std::sort(out.begin() + static_cast<std::ptrdiff_t>(first), out.end(), [](const ChildManifold& x, const ChildManifold& y) {
            return x.childA != y.childA ? x.childA < y.childA : x.childB < y.childB;
        });
    return static_cast<int>(out.size() - first);
}

} // namespace

int collideShapes(const Shape& a, const Transform& xa, const Shape& b, const Transform& xb, float margin,
                  std::vector<ChildManifold>& out, DispatchCounts* counts) {
    if (isMeshType(a.type) || isMeshType(b.type)) return collideWithMesh(a, xa, b, xb, margin, out, counts);
    if (a.type != ShapeType::Compound && b.type != ShapeType::Compound) {
        // Two plain shapes, most pairs of a pile, most of them not touching: one table pair,
        // its record kept only when it touches, anchored as a part at the body's origin is.
        if (counts) ++(*counts)[static_cast<int>(a.type)][static_cast<int>(b.type)];
        ChildManifold& cm = out.emplace_back();
        if (!collide(a, xa, b, xb, margin, cm.manifold)) {
            out.pop_back();
            return 0;
        }
        const Part whole{&a, glm::vec3(0.0f), glm::quat(1.0f, 0.0f, 0.0f, 0.0f), xa, Aabb{}};
        for (int k = 0; k < cm.manifold.pointCount; ++k) {
            ContactPoint& c = cm.manifold.points[k];
            c.localAnchorA = inBody(whole, c.localAnchorA);
            c.localAnchorB = inBody(whole, c.localAnchorB);
        }
        return 1;
    }
    thread_local std::vector<Part> partsA, partsB;
    partsOf(a, xa, partsA);
    partsOf(b, xb, partsB);
    // Boxes cull the pairs of parts only when there is more than one: the broad phase already
    // found the bodies' boxes meeting.
    const bool cull = partsA.size() > 1 || partsB.size() > 1;
    if (cull) {
        // A plain shape's box is needed once there are children to compare it with.
        if (a.type != ShapeType::Compound && !partsA.empty()) partsA[0].box = computeAabb(a, xa.p, xa.q);
        if (b.type != ShapeType::Compound && !partsB.empty()) partsB[0].box = computeAabb(b, xb.p, xb.q);
    }
    int added = 0;
    for (size_t i = 0; i < partsA.size(); ++i) {
        const Part& pa = partsA[i];
        for (size_t j = 0; j < partsB.size(); ++j) {
            const Part& pb = partsB[j];
            if (cull && !boxesMeet(pa.box, pb.box, margin)) continue;
            if (counts) ++(*counts)[static_cast<int>(pa.shape->type)][static_cast<int>(pb.shape->type)];
            ChildManifold cm;
            if (!collide(*pa.shape, pa.world, *pb.shape, pb.world, margin, cm.manifold)) continue;
            cm.childA = static_cast<uint32_t>(i);
            cm.childB = static_cast<uint32_t>(j);
            // The table anchors each point in the part's frame; the cache keeps them in the body's.
            for (int k = 0; k < cm.manifold.pointCount; ++k) {
                ContactPoint& c = cm.manifold.points[k];
                c.localAnchorA = inBody(pa, c.localAnchorA);
                c.localAnchorB = inBody(pb, c.localAnchorB);
            }
            out.push_back(cm);
            ++added;
        }
    }
    return added;
}

bool boxesMeet(const Aabb& a, const Aabb& b, float margin) {
    for (int i = 0; i < 3; ++i)
        if (a.min[i] > b.max[i] + margin || b.min[i] > a.max[i] + margin) return false;
    return true;
}

} // namespace tumble
