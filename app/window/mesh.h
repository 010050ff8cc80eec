#pragma once
/// \file mesh.h
/// Triangle meshes for every shape type and their GPU side. Unit meshes (sphere of radius 1,
/// box of half extent 1) are shared by all bodies of that type and scaled per instance;
/// capsules and hulls have their own mesh, built once per distinct shape.
#include "tumble/shape.h"

#include <glad/gl.h>

#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>
#include <glm/vec4.hpp>
#include <cstdint>
#include <vector>

namespace tumble::app {

struct MeshVertex {
    glm::vec3 position{0.0f}; ///< m, shape's local frame
    glm::vec3 normal{0.0f};   ///< unit, local frame
    /// Edge coordinates for the outlines: component k falls to 0 on the triangle's edge
    /// opposite its vertex k when that edge is a polygon's outline, and stays 1 where the
    /// edge only splits a face into triangles (and everywhere on smooth meshes), so the
    /// fragment shader darkens the creases of boxes and hulls and nothing else.
    glm::vec3 edge{1.0f};
};

/// Indexed triangles, counter-clockwise seen from outside.
struct MeshData {
    std::vector<MeshVertex> vertices;
    std::vector<uint32_t> indices;
};

/// Sphere of radius 1 (smooth normals). `slices` around Y, `stacks` pole to pole.
MeshData makeUnitSphere(int slices, int stacks);
/// Box with half extents 1 (flat normals; each triangle its own three vertices, for the
/// edge coordinates).
MeshData makeUnitBox();

/// A cylinder of radius 1 from y = -1 to y = 1 (scaled by (r, h, r) when drawn).
MeshData makeUnitCylinder(int slices);
/// Capsule along local Y: two hemispheres of `radius` joined by a cylinder of half
/// length `halfHeight`. Built at its real size, since it does not scale uniformly.
MeshData makeCapsule(float radius, float halfHeight, int slices, int stacksPerCap);
/// Convex hull with one flat normal per face (faces fanned from their first vertex, each
/// triangle its own vertices, edge coordinates marking the faces' outlines).
MeshData makeHull(const ConvexHull& hull);
/// A mesh or height field's triangles, each flat-shaded with its outline drawn (the seams the
/// internal-edge handling smooths over stay visible); a two-sided mesh gets its back faces too.
MeshData makeTriangles(const TriangleMesh& triangles);
/// Square of side 2 * halfSize in the local XZ plane, normal +Y (static planes).
MeshData makePlaneQuad(float halfSize);

/// Per-instance data: the model matrix (rotation x scale, translation) and a colour whose
/// alpha is the strength of the octant pattern that makes spin visible.
struct MeshInstance {
    glm::mat4 model{1.0f};
    glm::vec4 color{1.0f};
};

/// A mesh on the GPU plus a per-instance buffer. Move-only; frees its GL objects.
class GpuMesh {
public:
    GpuMesh() = default;
    explicit GpuMesh(const MeshData& data) { upload(data); }
    ~GpuMesh();
    GpuMesh(GpuMesh&& other) noexcept;
    GpuMesh& operator=(GpuMesh&& other) noexcept;
    GpuMesh(const GpuMesh&) = delete;
    GpuMesh& operator=(const GpuMesh&) = delete;

    /// Replace the mesh's vertices and indices.
    void upload(const MeshData& data);
    /// One instanced draw of all `instances` with the currently bound program.
    void drawInstances(const std::vector<MeshInstance>& instances) const;

private:
    void release();
    GLuint vao_ = 0, vertexBuffer_ = 0, indexBuffer_ = 0, instanceBuffer_ = 0;
    GLsizei indexCount_ = 0;
};

} // namespace tumble::app
