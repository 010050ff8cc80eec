#pragma once
/// \file shape.h
/// Collision shapes, their mass properties and bounding boxes. Every shape is described in
/// its body's local frame with the centre of mass at the origin (a hull's points are
/// re-centred on their centre of mass when the hull is built).
#include <glm/gtc/quaternion.hpp>
#include <glm/mat3x3.hpp>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>
#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace tumble {

/// New types come last so the older ones keep their numbers (feature names, tables).
enum class ShapeType : uint8_t { Sphere, Box, Capsule, Hull, Plane, Cylinder, Compound, Mesh, HeightField, Count };
inline constexpr int kShapeTypeCount = static_cast<int>(ShapeType::Count);
std::string_view toString(ShapeType t);
/// A static triangle mesh (engine/src/shapes/triangle_mesh.h): a mesh's or height field's triangles.
struct TriangleMesh;
/// Whether a shape is a triangle mesh or height field (static bodies only, no mass).
inline bool isMeshType(ShapeType t) { return t == ShapeType::Mesh || t == ShapeType::HeightField; }
/// Read-only views of a TriangleMesh, for drawing and the Inspector: its vertices (m, the
/// body's frame), its triangles (counter-clockwise seen from the front) and whether both
/// faces collide.
const std::vector<glm::vec3>& meshVertices(const TriangleMesh& mesh);
const std::vector<std::array<uint32_t, 3>>& meshTriangles(const TriangleMesh& mesh);
bool meshTwoSided(const TriangleMesh& mesh);

/// Shape pairs the narrow phase tested, by type: [type of A][type of B] (a compound's pairs
/// are counted by its children's types).
using DispatchCounts = std::array<std::array<int, kShapeTypeCount>, kShapeTypeCount>;

/// Whether a shape may be a compound's child: the convex solids.
bool isCompoundChildType(ShapeType t);

/// A convex polyhedron with faces, unique edges and vertex adjacency.
struct ConvexHull {
    struct Face {
        glm::vec3 normal{0.0f};        ///< outward unit normal
        float offset = 0.0f;           ///< plane: dot(normal, x) = offset
        std::vector<uint16_t> vertices;///< counter-clockwise seen from outside
    };
    std::vector<glm::vec3> vertices;   ///< m, local frame, centre of mass at the origin
    std::vector<Face> faces;
    std::vector<std::pair<uint16_t, uint16_t>> edges; ///< each undirected edge once
    std::vector<std::pair<uint16_t, uint16_t>> edgeFaces; ///< the two faces meeting at edges[i]
    float volume = 0.0f;               ///< m^3
    glm::mat3 unitInertia{0.0f};       ///< inertia tensor about the origin for density 1 (kg m^2 per kg/m^3)
};

/// Build the convex hull of points. On failure returns null and sets error (fewer than 4
/// points, all points coplanar or collinear, too many points, non-finite input).
/// `centerOfMassOut` receives the centre of mass of the input frame; vertices are re-centred.
std::shared_ptr<const ConvexHull> buildConvexHull(const std::vector<glm::vec3>& points,
                                                  std::string& error,
                                                  glm::vec3* centerOfMassOut = nullptr);

struct CompoundChildDef;

/// The definition a body's shape is made from (what scene files fill).
struct ShapeDef {
    ShapeType type = ShapeType::Sphere;
    float radius = 0.5f;                  ///< m, sphere, capsule and cylinder
    glm::vec3 halfExtents{0.5f};          ///< m, box
    float halfHeight = 0.5f;              ///< m, capsule: half the core segment; cylinder: half its height (both along local Y)
    std::vector<glm::vec3> points;        ///< m, hull input points
    glm::vec3 normal{0.0f, 1.0f, 0.0f};   ///< plane normal in the body's frame (planes are static)
    float offset = 0.0f;                  ///< m, plane: dot(normal, x) = offset, x in the body's frame
    std::vector<CompoundChildDef> children; ///< compound: its convex parts, in the body's frame
    // Mesh: `points` are its vertices (m, the body's frame), `triangles` index them,
    // counter-clockwise seen from the front.
    std::vector<std::array<uint32_t, 3>> triangles;
    bool twoSided = false;                ///< mesh: collides on both faces
    // Height field: rows along +Z, columns along +X, centred on the body in X and Z.
    int rows = 0, columns = 0;
    glm::vec2 cellSize{1.0f};             ///< m, height field: cell width along X and Z
    std::vector<float> heights;           ///< m, height field: rows x columns, row-major
    /// Mesh or height field: the built mesh. Scene files build it while checking; when null,
    /// createBody builds it from the fields above.
    std::shared_ptr<const TriangleMesh> mesh;
};

/// One part of a compound: a convex shape placed in the body's frame.
struct CompoundChildDef {
    ShapeDef shape;
    glm::vec3 position{0.0f};                      ///< m, in the body's frame
    glm::quat orientation{1.0f, 0.0f, 0.0f, 0.0f}; ///< unit, in the body's frame
};

/// A compound has 1 to this many children (the scene format's limit).
inline constexpr int kMaxCompoundChildren = 64;

struct CompoundShape;

/// A built shape.
struct Shape {
    ShapeType type = ShapeType::Sphere;
    float radius = 0.5f;
    glm::vec3 halfExtents{0.5f};
    float halfHeight = 0.5f;
    std::shared_ptr<const ConvexHull> hull;
    std::shared_ptr<const TriangleMesh> mesh; ///< mesh and height field
    glm::vec3 normal{0.0f, 1.0f, 0.0f};
    float offset = 0.0f;
    std::shared_ptr<const CompoundShape> compound;
};

/// A body made of several convex shapes. The children are placed in the body's frame, whose
/// origin is the centre of mass of them all (at one density), as a hull's points are re-centred.
struct CompoundShape {
    struct Child {
        Shape shape;
        glm::vec3 position{0.0f};                      ///< m, body frame
        glm::quat orientation{1.0f, 0.0f, 0.0f, 0.0f}; ///< body frame
    };
    std::vector<Child> children;
    float volume = 0.0f;         ///< m^3, of all children (overlaps counted twice, as in Bullet and Box2D)
    glm::mat3 unitInertia{0.0f}; ///< about the centre of mass for density 1 (kg m^2 per kg/m^3)
};

/// How many parts the narrow phase sees in a shape (ContactManifoldInfo::childA, childB): a
/// compound's children, a mesh's or height field's triangles, 1 for any other shape.
uint32_t partCount(const Shape& shape);

/// Builds the shape a definition describes. On failure returns false and sets error. A hull or
/// a compound is re-centred on its centre of mass: `centerOfMassOut` receives where that
/// centre lies in the definition's frame (zero for the other shapes).
bool buildShape(const ShapeDef& def, Shape& out, std::string& error, glm::vec3* centerOfMassOut);

/// Mass properties about the centre of mass.
struct MassProperties {
    float volume = 0.0f;          ///< m^3 (0 for a plane)
    float mass = 0.0f;            ///< kg
    glm::mat3 inertia{0.0f};      ///< kg m^2, local frame, about the centre of mass
};

/// Mass, volume and inertia of a shape of uniform density (kg/m^3).
MassProperties computeMassProperties(const Shape& shape, float density);

/// Axis-aligned bounding box.
struct Aabb {
    glm::vec3 min{0.0f};
    glm::vec3 max{0.0f};
};

/// World-space bounding box of a shape at a pose (a plane's box is huge).
Aabb computeAabb(const Shape& shape, const glm::vec3& position, const glm::quat& orientation);

} // namespace tumble
