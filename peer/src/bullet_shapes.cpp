// Shapes for the peer. Bullet pads every convex shape with a collision margin (0.04 m) that
// GJK works with; a sphere and a capsule are all margin, a box keeps its outer size (its
// core is shrunk by the margin), and a hull is made from the hull shrunk by the margin, so
// that hull plus margin is Tumble's hull with edges and corners rounded by 4 cm at most.
#include "bullet_shapes.h"

#include "bullet_convert.h"

#include <BulletCollision/CollisionShapes/btBoxShape.h>
#include <BulletCollision/CollisionShapes/btBvhTriangleMeshShape.h>
#include <BulletCollision/CollisionShapes/btTriangleMesh.h>
#include <BulletCollision/CollisionShapes/btCapsuleShape.h>
#include <BulletCollision/CollisionShapes/btCollisionMargin.h>
#include <BulletCollision/CollisionShapes/btCompoundShape.h>
#include <BulletCollision/CollisionShapes/btConvexHullShape.h>
#include <BulletCollision/CollisionShapes/btCylinderShape.h>
#include <BulletCollision/CollisionShapes/btSphereShape.h>
#include <BulletCollision/CollisionShapes/btStaticPlaneShape.h>
#include <LinearMath/btConvexHullComputer.h>
#include <LinearMath/btMatrix3x3.h>

#include <glm/mat3x3.hpp>

#include <algorithm>
#include <cmath>

namespace tumble::peer {
namespace {

/// The inertia tensor's diagonal, and the rotation to its principal axes when it has
/// off-diagonal terms: I = R D R^T (Jacobi, btMatrix3x3::diagonalize).
void principalAxes(const glm::mat3& I, glm::vec3& diagonal, glm::quat& principal) {
    const float trace = I[0][0] + I[1][1] + I[2][2];
    const float off = std::max({std::fabs(I[0][1]), std::fabs(I[0][2]), std::fabs(I[1][2])});
    if (!(off > 1e-6f * trace)) {
        diagonal = glm::vec3(I[0][0], I[1][1], I[2][2]);
        principal = glm::quat(1.0f, 0.0f, 0.0f, 0.0f);
        return;
    }
    // GLM is column-major and btMatrix3x3 takes rows; I is symmetric, so both read alike.
    btMatrix3x3 m(I[0][0], I[1][0], I[2][0], I[0][1], I[1][1], I[2][1], I[0][2], I[1][2], I[2][2]);
    btMatrix3x3 rotation;
    rotation.setIdentity();
    m.diagonalize(rotation, 1e-9f, 32);
    diagonal = glm::vec3(m[0][0], m[1][1], m[2][2]);
    btQuaternion q;
    rotation.getRotation(q);
    principal = glm::normalize(toGlm(q));
}

std::unique_ptr<btConvexHullShape> makeHull(const ConvexHull& hull, const glm::quat& principal) {
    // The hull's points in Bullet's body frame: p_bullet = conj(principal) p_tumble.
    std::vector<glm::vec3> points;
    points.reserve(hull.vertices.size());
    for (const glm::vec3& p : hull.vertices) points.push_back(glm::conjugate(principal) * p);
    btConvexHullComputer computer;
    // Shrink by the margin, but never by more than a quarter of the hull's inner radius.
    const btScalar shrink = computer.compute(&points[0].x, sizeof(glm::vec3),
                                             static_cast<int>(points.size()),
                                             CONVEX_DISTANCE_MARGIN, 0.25f);
    auto shape = std::make_unique<btConvexHullShape>();
    if (shrink > 0.0f && computer.vertices.size() >= 4) {
        for (int i = 0; i < computer.vertices.size(); ++i) shape->addPoint(computer.vertices[i], false);
        shape->setMargin(shrink);
    } else {
        for (const glm::vec3& p : points) shape->addPoint(toBt(p), false);
        shape->setMargin(0.0f);
    }
    shape->recalcLocalAabb();
    return shape;
}

/// A shape in a frame turned by `principal` from Tumble's (a hull's points and a compound's
/// children are turned; the other shapes keep their axes, their inertia being diagonal).
/// A compound's children are kept alive in out.children.
std::unique_ptr<btCollisionShape> makeBtShape(const Shape& s, const glm::quat& principal, PeerShape& out) {
    switch (s.type) {
    case ShapeType::Sphere: return std::make_unique<btSphereShape>(s.radius);
    case ShapeType::Box: return std::make_unique<btBoxShape>(toBt(s.halfExtents));
    case ShapeType::Capsule:
        // Both along local Y; Bullet's height is the core segment's whole length.
        return std::make_unique<btCapsuleShape>(s.radius, 2.0f * s.halfHeight);
    case ShapeType::Cylinder:
        // Along local Y in both; like a box, Bullet keeps the outer size (r, h, r).
        return std::make_unique<btCylinderShape>(btVector3(s.radius, s.halfHeight, s.radius));
    case ShapeType::Hull: {
        auto hull = makeHull(*s.hull, principal);
        out.hullMargin = hull->getMargin();
        return hull;
    }
    case ShapeType::Plane: return std::make_unique<btStaticPlaneShape>(toBt(s.normal), s.offset);
    case ShapeType::Compound: {
        // Bullet's compound does not own its children; the peer keeps them.
        auto compound = std::make_unique<btCompoundShape>();
        const glm::quat turn = glm::conjugate(principal);
        for (const CompoundShape::Child& c : s.compound->children) {
            std::unique_ptr<btCollisionShape> child =
                makeBtShape(c.shape, glm::quat(1.0f, 0.0f, 0.0f, 0.0f), out);
            btTransform pose(toBt(turn * c.orientation), toBt(turn * c.position));
            compound->addChildShape(pose, child.get());
            out.children.push_back(std::move(child));
        }
        return compound;
    }
    case ShapeType::Mesh:
    case ShapeType::HeightField: {
        // Both as a BVH triangle mesh of the very same triangles (a height field's grid too,
        // rather than btHeightfieldTerrainShape, so both engines see one surface). Bullet's
        // triangles collide on both faces: a one-sided mesh differs for shapes behind it.
        auto triangles = std::make_unique<btTriangleMesh>();
        const auto& v = meshVertices(*s.mesh);
        for (const auto& t : meshTriangles(*s.mesh))
            triangles->addTriangle(toBt(v[t[0]]), toBt(v[t[1]]), toBt(v[t[2]]));
        auto shape = std::make_unique<btBvhTriangleMeshShape>(triangles.get(), true);
        out.triangles = std::move(triangles);
        return shape;
    }
    case ShapeType::Count: break;
    }
    return nullptr;
}

} // namespace

PeerShape makeShape(const Body& body) {
    PeerShape out;
    if (body.isDynamic() && body.mass > 0.0f) principalAxes(body.localInertia, out.inertia, out.principal);
    out.shape = makeBtShape(body.shape, out.principal, out);
    return out;
}

} // namespace tumble::peer
