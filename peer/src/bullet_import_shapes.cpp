// Bullet's collision shapes as Tumble's scene keys, with the uniform-density mass properties
// the importer needs to give each body Bullet's mass (tumble/bullet_import.h lists the map).
#include "bullet_convert.h"
#include "bullet_import_parts.h"

#include "tumble/shape.h"

#include <BulletCollision/BroadphaseCollision/btBroadphaseProxy.h>
#include <BulletCollision/CollisionShapes/btBoxShape.h>
#include <BulletCollision/CollisionShapes/btBvhTriangleMeshShape.h>
#include <BulletCollision/CollisionShapes/btCapsuleShape.h>
#include <BulletCollision/CollisionShapes/btCompoundShape.h>
#include <BulletCollision/CollisionShapes/btConvexHullShape.h>
#include <BulletCollision/CollisionShapes/btCylinderShape.h>
#include <BulletCollision/CollisionShapes/btSphereShape.h>
#include <BulletCollision/CollisionShapes/btStaticPlaneShape.h>
#include <BulletCollision/CollisionShapes/btStridingMeshInterface.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace tumble::peer {

// The writer of snapshots does the same (engine/src/scene/scene_writer.h, private to the engine).
Json number(float f) {
    char text[32];
    std::snprintf(text, sizeof text, "%.9g", static_cast<double>(f));
    return std::strtod(text, nullptr);
}
Json vec3Json(const glm::vec3& v) { return Json::array({number(v.x), number(v.y), number(v.z)}); }
Json quatJson(const glm::quat& q) { return Json::array({number(q.w), number(q.x), number(q.y), number(q.z)}); }

std::string shapeClassName(const btCollisionShape& shape) {
    switch (shape.getShapeType()) {
    case BOX_SHAPE_PROXYTYPE: return "btBoxShape";
    case TRIANGLE_SHAPE_PROXYTYPE: return "btTriangleShape";
    case TETRAHEDRAL_SHAPE_PROXYTYPE: return "btBU_Simplex1to4";
    case CONVEX_TRIANGLEMESH_SHAPE_PROXYTYPE: return "btConvexTriangleMeshShape";
    case CONVEX_HULL_SHAPE_PROXYTYPE: return "btConvexHullShape";
    case CONVEX_POINT_CLOUD_SHAPE_PROXYTYPE: return "btConvexPointCloudShape";
    case SPHERE_SHAPE_PROXYTYPE: return "btSphereShape";
    case MULTI_SPHERE_SHAPE_PROXYTYPE: return "btMultiSphereShape";
    case CAPSULE_SHAPE_PROXYTYPE: return "btCapsuleShape";
    case CONE_SHAPE_PROXYTYPE: return "btConeShape";
    case CYLINDER_SHAPE_PROXYTYPE: return "btCylinderShape";
    case UNIFORM_SCALING_SHAPE_PROXYTYPE: return "btUniformScalingShape";
    case MINKOWSKI_SUM_SHAPE_PROXYTYPE: return "btMinkowskiSumShape";
    case BOX_2D_SHAPE_PROXYTYPE: return "btBox2dShape";
    case CONVEX_2D_SHAPE_PROXYTYPE: return "btConvex2dShape";
    case TRIANGLE_MESH_SHAPE_PROXYTYPE: return "btBvhTriangleMeshShape";
    case SCALED_TRIANGLE_MESH_SHAPE_PROXYTYPE: return "btScaledBvhTriangleMeshShape";
    case TERRAIN_SHAPE_PROXYTYPE: return "btHeightfieldTerrainShape";
    case GIMPACT_SHAPE_PROXYTYPE: return "btGImpactMeshShape";
    case MULTIMATERIAL_TRIANGLE_MESH_PROXYTYPE: return "btMultimaterialTriangleMeshShape";
    case STATIC_PLANE_PROXYTYPE: return "btStaticPlaneShape";
    case COMPOUND_SHAPE_PROXYTYPE: return "btCompoundShape";
    case EMPTY_SHAPE_PROXYTYPE: return "btEmptyShape";
    default: return std::string("Bullet shape '") + shape.getName() + "'";
    }
}

namespace {

/// Turns Tumble's local Y (the axis of its capsules and cylinders) onto X or Z.
glm::quat axisRotation(int upAxis) {
    const float h = std::sqrt(0.5f);
    if (upAxis == 0) return glm::quat(h, 0.0f, 0.0f, -h); // -90 degrees about Z: Y -> X
    if (upAxis == 2) return glm::quat(h, h, 0.0f, 0.0f);  // +90 degrees about X: Y -> Z
    return glm::quat(1.0f, 0.0f, 0.0f, 0.0f);
}

/// A convex shape Tumble has as one shape: the scene key, the turn from Tumble's Y axis to
/// Bullet's, and the built shape for the mass properties.
struct Leaf {
    Json json;
    glm::quat rotation{1.0f, 0.0f, 0.0f, 0.0f};
    Shape shape;
    glm::vec3 centre{0.0f}; ///< a hull's centre of mass in the shape's frame
};

std::optional<Leaf> leafShape(const btCollisionShape& s, std::string& why) {
    Leaf leaf;
    switch (s.getShapeType()) {
    case SPHERE_SHAPE_PROXYTYPE: {
        leaf.shape.type = ShapeType::Sphere;
        leaf.shape.radius = static_cast<const btSphereShape&>(s).getRadius();
        leaf.json = {{"type", "sphere"}, {"radius", number(leaf.shape.radius)}};
        return leaf;
    }
    case BOX_SHAPE_PROXYTYPE: {
        leaf.shape.type = ShapeType::Box;
        leaf.shape.halfExtents = toGlm(static_cast<const btBoxShape&>(s).getHalfExtentsWithMargin());
        leaf.json = {{"type", "box"}, {"halfExtents", vec3Json(leaf.shape.halfExtents)}};
        return leaf;
    }
    case CAPSULE_SHAPE_PROXYTYPE: {
        const auto& c = static_cast<const btCapsuleShape&>(s);
        leaf.shape.type = ShapeType::Capsule;
        leaf.shape.radius = c.getRadius();
        leaf.shape.halfHeight = c.getHalfHeight();
        leaf.rotation = axisRotation(c.getUpAxis());
        leaf.json = {{"type", "capsule"}, {"radius", number(leaf.shape.radius)},
                     {"halfHeight", number(leaf.shape.halfHeight)}};
        return leaf;
    }
    case CYLINDER_SHAPE_PROXYTYPE: {
        const auto& c = static_cast<const btCylinderShape&>(s);
        const int up = c.getUpAxis();
        const btVector3 half = c.getHalfExtentsWithMargin();
        leaf.shape.type = ShapeType::Cylinder;
        leaf.shape.radius = half[(up + 1) % 3];
        leaf.shape.halfHeight = half[up];
        leaf.rotation = axisRotation(up);
        leaf.json = {{"type", "cylinder"}, {"radius", number(leaf.shape.radius)},
                     {"halfHeight", number(leaf.shape.halfHeight)}};
        return leaf;
    }
    case CONVEX_HULL_SHAPE_PROXYTYPE: {
        const auto& h = static_cast<const btConvexHullShape&>(s);
        std::vector<glm::vec3> points;
        Json list = Json::array();
        for (int i = 0; i < h.getNumPoints(); ++i) {
            points.push_back(toGlm(h.getUnscaledPoints()[i] * h.getLocalScaling()));
            list.push_back(vec3Json(points.back()));
        }
        std::string error;
        leaf.shape.type = ShapeType::Hull;
        leaf.shape.hull = buildConvexHull(points, error, &leaf.centre);
        if (!leaf.shape.hull) {
            why = "btConvexHullShape: " + error;
            return std::nullopt;
        }
        leaf.json = {{"type", "hull"}, {"points", list}};
        return leaf;
    }
    default: why = shapeClassName(s) + ": no Tumble shape"; return std::nullopt;
    }
}

/// Mass properties of parts placed in one frame, combined about their joint centre of mass
/// (the parallel-axis theorem), all at density 1.
struct Part {
    glm::vec3 position{0.0f};
    glm::quat rotation{1.0f, 0.0f, 0.0f, 0.0f};
    const Leaf* leaf = nullptr;
};

void combine(const std::vector<Part>& parts, ImportedShape& out) {
    std::vector<MassProperties> props;
    glm::vec3 weighted(0.0f);
    for (const Part& p : parts) {
        props.push_back(computeMassProperties(p.leaf->shape, 1.0f));
        out.volume += props.back().volume;
        weighted += props.back().volume * (p.position + p.rotation * p.leaf->centre);
    }
    out.centre = weighted / out.volume;
    out.unitInertia = glm::mat3(0.0f);
    for (size_t i = 0; i < parts.size(); ++i) {
        const glm::mat3 r = glm::mat3_cast(parts[i].rotation);
        const glm::vec3 d = parts[i].position + parts[i].rotation * parts[i].leaf->centre - out.centre;
        out.unitInertia += r * props[i].inertia * glm::transpose(r) +
                           props[i].volume * (glm::dot(d, d) * glm::mat3(1.0f) - glm::outerProduct(d, d));
    }
}

Json childJson(const Part& p) {
    return {{"shape", p.leaf->json}, {"position", vec3Json(p.position)}, {"orientation", quatJson(p.rotation)}};
}

std::optional<ImportedShape> compoundShape(const btCompoundShape& c, const std::string& bodyName,
                                           std::vector<std::string>& unmapped) {
    std::vector<Leaf> leaves;
    std::vector<btTransform> frames;
    leaves.reserve(static_cast<size_t>(c.getNumChildShapes()));
    for (int i = 0; i < c.getNumChildShapes(); ++i) {
        std::string why;
        std::optional<Leaf> leaf = leafShape(*c.getChildShape(i), why);
        if (!leaf) {
            unmapped.push_back(why + " in btCompoundShape of body '" + bodyName + "' (child " +
                               std::to_string(i) + " left out)");
            continue;
        }
        leaves.push_back(std::move(*leaf));
        frames.push_back(c.getChildTransform(i));
    }
    if (leaves.empty()) {
        unmapped.push_back("btCompoundShape on body '" + bodyName + "': no child Tumble can take (body left out)");
        return std::nullopt;
    }
    std::vector<Part> parts;
    Json children = Json::array();
    const glm::vec3 scale = toGlm(c.getLocalScaling());
    for (size_t i = 0; i < leaves.size(); ++i) {
        const Part p{toGlm(frames[i].getOrigin()) * scale, toGlm(frames[i].getRotation()) * leaves[i].rotation,
                     &leaves[i]};
        parts.push_back(p);
        children.push_back(childJson(p));
    }
    ImportedShape out;
    out.json = {{"type", "compound"}, {"children", children}};
    combine(parts, out);
    return out;
}

std::optional<ImportedShape> meshShape(const btBvhTriangleMeshShape& m) {
    const btStridingMeshInterface& mesh = *m.getMeshInterface();
    const glm::vec3 scale = toGlm(mesh.getScaling() * m.getLocalScaling());
    Json vertices = Json::array(), indices = Json::array();
    for (int part = 0; part < mesh.getNumSubParts(); ++part) {
        const unsigned char *vertexBase = nullptr, *indexBase = nullptr;
        int vertexCount = 0, vertexStride = 0, indexStride = 0, faceCount = 0;
        PHY_ScalarType vertexType = PHY_FLOAT, indexType = PHY_INTEGER;
        mesh.getLockedReadOnlyVertexIndexBase(&vertexBase, vertexCount, vertexType, vertexStride, &indexBase,
                                              indexStride, faceCount, indexType, part);
        const size_t first = vertices.size();
        for (int v = 0; v < vertexCount; ++v) {
            const unsigned char* at = vertexBase + static_cast<size_t>(v) * static_cast<size_t>(vertexStride);
            glm::vec3 p;
            for (int k = 0; k < 3; ++k) {
                if (vertexType == PHY_DOUBLE) p[k] = static_cast<float>(reinterpret_cast<const double*>(at)[k]);
                else p[k] = reinterpret_cast<const float*>(at)[k];
            }
            vertices.push_back(vec3Json(p * scale));
        }
        for (int f = 0; f < faceCount; ++f) {
            const unsigned char* at = indexBase + static_cast<size_t>(f) * static_cast<size_t>(indexStride);
            Json triangle = Json::array();
            for (int k = 0; k < 3; ++k) {
                size_t index = 0;
                if (indexType == PHY_SHORT) index = reinterpret_cast<const unsigned short*>(at)[k];
                else if (indexType == PHY_UCHAR) index = at[k];
                else index = static_cast<size_t>(reinterpret_cast<const unsigned int*>(at)[k]);
                triangle.push_back(first + index);
            }
            indices.push_back(triangle);
        }
        mesh.unLockReadOnlyVertexBase(part);
    }
    ImportedShape out;
    // Bullet's triangle meshes collide on both faces.
    out.json = {{"type", "mesh"}, {"vertices", vertices}, {"indices", indices}, {"twoSided", true}};
    out.staticOnly = true;
    return out;
}

} // namespace

std::optional<ImportedShape> importShape(const btCollisionShape& shape, const std::string& bodyName,
                                         std::vector<std::string>& unmapped) {
    switch (shape.getShapeType()) {
    case COMPOUND_SHAPE_PROXYTYPE:
        return compoundShape(static_cast<const btCompoundShape&>(shape), bodyName, unmapped);
    case TRIANGLE_MESH_SHAPE_PROXYTYPE: return meshShape(static_cast<const btBvhTriangleMeshShape&>(shape));
    case STATIC_PLANE_PROXYTYPE: {
        const auto& p = static_cast<const btStaticPlaneShape&>(shape);
        ImportedShape out;
        out.json = {{"type", "plane"}, {"normal", vec3Json(toGlm(p.getPlaneNormal()))},
                    {"offset", number(p.getPlaneConstant())}};
        out.staticOnly = true;
        return out;
    }
    default: break;
    }
    std::string why;
    std::optional<Leaf> leaf = leafShape(shape, why);
    if (!leaf) {
        unmapped.push_back(why.substr(0, why.find(':')) + " on body '" + bodyName + "'" + why.substr(why.find(':')) +
                           " (body left out)");
        return std::nullopt;
    }
    ImportedShape out;
    const Part part{glm::vec3(0.0f), leaf->rotation, &*leaf};
    // Tumble's capsules and cylinders stand along Y: one along X or Z is a compound of one
    // turned child (the contract of issue 16), so the body keeps Bullet's frame.
    const bool turned = leaf->rotation != glm::quat(1.0f, 0.0f, 0.0f, 0.0f);
    out.json = turned ? Json{{"type", "compound"}, {"children", Json::array({childJson(part)})}} : leaf->json;
    combine({part}, out);
    return out;
}

} // namespace tumble::peer
