// Building a shape from its definition, compounds included: the children are built one by one,
// their mass properties summed about the centre of mass of them all, and the children re-centred
// on it (as a hull's points are).
#include "tumble/shape.h"

#include "core/math.h"
#include "shapes/triangle_mesh.h"

#include <glm/gtc/quaternion.hpp>

namespace tumble {

bool isCompoundChildType(ShapeType t) {
    return t == ShapeType::Sphere || t == ShapeType::Box || t == ShapeType::Capsule ||
           t == ShapeType::Hull || t == ShapeType::Cylinder;
}

uint32_t partCount(const Shape& shape) {
    if (shape.type == ShapeType::Compound && shape.compound)
        return static_cast<uint32_t>(shape.compound->children.size());
    if (isMeshType(shape.type) && shape.mesh) return static_cast<uint32_t>(shape.mesh->triangles.size());
    return 1;
}

namespace {

// The inertia of a point mass m at d about the origin: m (|d|^2 E - d d^T) (parallel axes).
glm::mat3 pointInertia(float m, const glm::vec3& d) {
    return m * (glm::dot(d, d) * glm::mat3(1.0f) - glm::outerProduct(d, d));
}

bool buildCompound(const ShapeDef& def, Shape& out, std::string& error, glm::vec3& com) {
    if (def.children.empty() || def.children.size() > static_cast<size_t>(kMaxCompoundChildren)) {
        error = "a compound needs 1 to " + std::to_string(kMaxCompoundChildren) + " children";
        return false;
    }
    auto compound = std::make_shared<CompoundShape>();
    std::vector<MassProperties> parts;
    for (size_t i = 0; i < def.children.size(); ++i) {
        const CompoundChildDef& c = def.children[i];
        const std::string where = "child " + std::to_string(i) + ": ";
        if (!isCompoundChildType(c.shape.type)) {
            error = where + "a compound's child must be a sphere, box, capsule, cylinder or hull, not a " +
                    std::string(toString(c.shape.type));
            return false;
        }
        if (!isFinite(c.position) || !isFinite(c.orientation) || !(glm::length(c.orientation) > 1e-6f)) {
            error = where + "its pose must be finite with a non-zero orientation";
            return false;
        }
        CompoundShape::Child child;
        glm::vec3 childCom(0.0f);
        std::string childError;
        if (!buildShape(c.shape, child.shape, childError, &childCom)) {
            error = where + childError;
            return false;
        }
        child.orientation = glm::normalize(c.orientation);
        child.position = c.position + child.orientation * childCom;
        parts.push_back(computeMassProperties(child.shape, 1.0f));
        compound->children.push_back(std::move(child));
    }
    // Density 1: the masses are the volumes, so the centre of mass is the volume-weighted mean.
    for (size_t i = 0; i < parts.size(); ++i) {
        compound->volume += parts[i].volume;
        com += parts[i].mass * compound->children[i].position;
    }
    com /= compound->volume;
    for (size_t i = 0; i < parts.size(); ++i) {
        CompoundShape::Child& child = compound->children[i];
        child.position -= com;
        compound->unitInertia += rotateTensor(child.orientation, parts[i].inertia) +
                                 pointInertia(parts[i].mass, child.position);
    }
    out.compound = std::move(compound);
    return true;
}

} // namespace

bool buildShape(const ShapeDef& def, Shape& out, std::string& error, glm::vec3* centerOfMassOut) {
    out = Shape{};
    out.type = def.type;
    out.radius = def.radius;
    out.halfExtents = def.halfExtents;
    out.halfHeight = def.halfHeight;
    out.normal = def.normal;
    out.offset = def.offset;
    glm::vec3 com(0.0f);
    auto fail = [&](const std::string& message) {
        error = message;
        return false;
    };
    switch (def.type) {
    case ShapeType::Sphere:
        if (!(def.radius > 0.0f)) return fail("sphere radius must be > 0");
        break;
    case ShapeType::Box:
        if (!(glm::min(def.halfExtents.x, glm::min(def.halfExtents.y, def.halfExtents.z)) > 0.0f))
            return fail("box half extents must be > 0");
        break;
    case ShapeType::Capsule:
        if (!(def.radius > 0.0f) || !(def.halfHeight >= 0.0f))
            return fail("capsule needs radius > 0 and halfHeight >= 0");
        break;
    case ShapeType::Cylinder:
        if (!(def.radius > 0.0f) || !(def.halfHeight > 0.0f))
            return fail("cylinder needs radius > 0 and halfHeight > 0");
        break;
    case ShapeType::Hull:
        out.hull = buildConvexHull(def.points, error, &com);
        if (!out.hull) return false;
        break;
    case ShapeType::Plane:
        if (!(glm::length(def.normal) > 1e-6f)) return fail("plane normal is zero");
        // Keep dot(n, x) = offset the same plane when n is normalised.
        out.normal = def.normal / glm::length(def.normal);
        out.offset = def.offset / glm::length(def.normal);
        break;
    case ShapeType::Compound:
        if (!buildCompound(def, out, error, com)) return false;
        break;
    case ShapeType::Mesh:
    case ShapeType::HeightField:
        // Scene files build the mesh while checking it and hand it on; code may give only the fields.
        out.mesh = def.mesh;
        if (!out.mesh)
            out.mesh = def.type == ShapeType::Mesh
                           ? buildTriangleMesh(def.points, def.triangles, def.twoSided, error)
                           : buildHeightFieldMesh(def.rows, def.columns, def.cellSize, def.heights, error);
        if (!out.mesh) return false;
        break;
    case ShapeType::Count:
        return fail("unknown shape type");
    }
    if (centerOfMassOut) *centerOfMassOut = com;
    return true;
}

} // namespace tumble
