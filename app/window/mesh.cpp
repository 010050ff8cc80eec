// Shape meshes and their upload. Winding is counter-clockwise from outside so the renderer
// can cull back faces.
#include "window/mesh.h"

#include <glm/geometric.hpp>
#include <glm/gtc/constants.hpp>
#include <cmath>
#include <cstddef>
#include <utility>
#include <vector>

namespace tumble::app {
namespace {

/// Unit direction at polar angle theta (0 = +Y) and azimuth phi.
glm::vec3 sphereDirection(float theta, float phi) {
    return {std::sin(theta) * std::cos(phi), std::cos(theta), std::sin(theta) * std::sin(phi)};
}

/// Join consecutive rings of (slices + 1) vertices, rings ordered from +Y downwards.
void stitchRings(MeshData& mesh, int rings, int slices) {
    const uint32_t stride = static_cast<uint32_t>(slices + 1);
    for (int i = 0; i + 1 < rings; ++i) {
        for (int j = 0; j < slices; ++j) {
            uint32_t a = static_cast<uint32_t>(i) * stride + static_cast<uint32_t>(j);
            uint32_t b = a + stride; // one ring down
            uint32_t c = b + 1;
            uint32_t d = a + 1;      // next azimuth
            mesh.indices.insert(mesh.indices.end(), {a, d, b, d, c, b});
        }
    }
}

/// A flat convex polygon (corners counter-clockwise seen from the normal side), fanned from
/// its first corner. Each triangle gets its own vertices: the edge coordinates differ per
/// triangle. In the triangle (0, i, i + 1) the edge opposite vertex 0 is always an outline;
/// the one opposite vertex 1 only in the last triangle, the one opposite vertex 2 only in
/// the first.
void addFlatPolygon(MeshData& mesh, const std::vector<glm::vec3>& corners, const glm::vec3& n) {
    const size_t count = corners.size();
    for (size_t i = 1; i + 1 < count; ++i) {
        const glm::vec3 triangle[3] = {corners[0], corners[i], corners[i + 1]};
        const bool outline[3] = {true, i + 2 == count, i == 1};
        for (int j = 0; j < 3; ++j) {
            MeshVertex v{triangle[j], n};
            for (int k = 0; k < 3; ++k) v.edge[k] = (k == j || !outline[k]) ? 1.0f : 0.0f;
            mesh.indices.push_back(static_cast<uint32_t>(mesh.vertices.size()));
            mesh.vertices.push_back(v);
        }
    }
}

/// Four corners n + (+-u +-v) of a box face, counter-clockwise seen from the normal side.
void addQuad(MeshData& mesh, const glm::vec3& n, const glm::vec3& u, const glm::vec3& v,
             float halfSize, float normalOffset) {
    std::vector<glm::vec3> corners;
    const float s[4][2] = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
    for (const auto& c : s) corners.push_back(n * normalOffset + (c[0] * u + c[1] * v) * halfSize);
    addFlatPolygon(mesh, corners, n);
}

} // namespace

MeshData makeUnitSphere(int slices, int stacks) {
    MeshData mesh;
    for (int i = 0; i <= stacks; ++i) {
        float theta = glm::pi<float>() * static_cast<float>(i) / static_cast<float>(stacks);
        for (int j = 0; j <= slices; ++j) {
            float phi = glm::two_pi<float>() * static_cast<float>(j) / static_cast<float>(slices);
            glm::vec3 d = sphereDirection(theta, phi);
            mesh.vertices.push_back({d, d});
        }
    }
    stitchRings(mesh, stacks + 1, slices);
    return mesh;
}

MeshData makeUnitCylinder(int slices) {
    MeshData mesh;
    // The side: a ring at y = +1 above a ring at y = -1, normals radial (smooth shading).
    for (float y : {1.0f, -1.0f})
        for (int j = 0; j <= slices; ++j) {
            const glm::vec3 d = sphereDirection(glm::half_pi<float>(),
                                                glm::two_pi<float>() * float(j) / float(slices));
            mesh.vertices.push_back({d + glm::vec3(0.0f, y, 0.0f), d});
        }
    stitchRings(mesh, 2, slices);
    // The ends: flat discs, outlined at the rim. Increasing azimuth runs clockwise seen from
    // +Y, so the top disc takes the corners in reverse.
    std::vector<glm::vec3> top, bottom;
    for (int j = 0; j < slices; ++j) {
        const glm::vec3 d = sphereDirection(glm::half_pi<float>(), glm::two_pi<float>() * float(j) / float(slices));
        bottom.push_back(d - glm::vec3(0.0f, 1.0f, 0.0f));
        top.insert(top.begin(), d + glm::vec3(0.0f, 1.0f, 0.0f));
    }
    addFlatPolygon(mesh, top, {0.0f, 1.0f, 0.0f});
    addFlatPolygon(mesh, bottom, {0.0f, -1.0f, 0.0f});
    return mesh;
}

MeshData makeUnitBox() {
    MeshData mesh;
    const glm::vec3 x{1, 0, 0}, y{0, 1, 0}, z{0, 0, 1};
    // (normal, u, v) with u x v = normal.
    addQuad(mesh, x, y, z, 1.0f, 1.0f);
    addQuad(mesh, -x, z, y, 1.0f, 1.0f);
    addQuad(mesh, y, z, x, 1.0f, 1.0f);
    addQuad(mesh, -y, x, z, 1.0f, 1.0f);
    addQuad(mesh, z, x, y, 1.0f, 1.0f);
    addQuad(mesh, -z, y, x, 1.0f, 1.0f);
    return mesh;
}

MeshData makeCapsule(float radius, float halfHeight, int slices, int stacksPerCap) {
    MeshData mesh;
    // Top cap rings from the pole to the equator at +halfHeight, then the bottom cap from its
    // equator at -halfHeight to the pole; the strip between the two equators is the cylinder.
    for (int cap = 0; cap < 2; ++cap) {
        float yOffset = cap == 0 ? halfHeight : -halfHeight;
        for (int k = 0; k <= stacksPerCap; ++k) {
            float theta = glm::half_pi<float>() *
                          (static_cast<float>(cap) + static_cast<float>(k) / static_cast<float>(stacksPerCap));
            for (int j = 0; j <= slices; ++j) {
                float phi = glm::two_pi<float>() * static_cast<float>(j) / static_cast<float>(slices);
                glm::vec3 d = sphereDirection(theta, phi);
                mesh.vertices.push_back({radius * d + glm::vec3(0.0f, yOffset, 0.0f), d});
            }
        }
    }
    stitchRings(mesh, 2 * (stacksPerCap + 1), slices);
    return mesh;
}

MeshData makeHull(const ConvexHull& hull) {
    MeshData mesh;
    std::vector<glm::vec3> corners;
    for (const ConvexHull::Face& face : hull.faces) {
        if (face.vertices.size() < 3) continue;
        corners.clear();
        for (uint16_t v : face.vertices) corners.push_back(hull.vertices[v]);
        addFlatPolygon(mesh, corners, face.normal);
    }
    return mesh;
}

MeshData makeTriangles(const TriangleMesh& triangles) {
    MeshData mesh;
    const auto& v = meshVertices(triangles);
    const bool twoSided = meshTwoSided(triangles);
    std::vector<glm::vec3> corners(3);
    for (const auto& t : meshTriangles(triangles)) {
        corners = {v[t[0]], v[t[1]], v[t[2]]};
        const glm::vec3 n = glm::normalize(glm::cross(corners[1] - corners[0], corners[2] - corners[0]));
        addFlatPolygon(mesh, corners, n);
        if (!twoSided) continue;
        std::swap(corners[1], corners[2]);
        addFlatPolygon(mesh, corners, -n);
    }
    return mesh;
}

MeshData makePlaneQuad(float halfSize) {
    MeshData mesh;
    addQuad(mesh, {0, 1, 0}, {0, 0, 1}, {1, 0, 0}, halfSize, 0.0f);
    return mesh;
}

GpuMesh::~GpuMesh() { release(); }

GpuMesh::GpuMesh(GpuMesh&& other) noexcept { *this = std::move(other); }

GpuMesh& GpuMesh::operator=(GpuMesh&& other) noexcept {
    if (this != &other) {
        release();
        vao_ = std::exchange(other.vao_, 0);
        vertexBuffer_ = std::exchange(other.vertexBuffer_, 0);
        indexBuffer_ = std::exchange(other.indexBuffer_, 0);
        instanceBuffer_ = std::exchange(other.instanceBuffer_, 0);
        indexCount_ = std::exchange(other.indexCount_, 0);
    }
    return *this;
}

void GpuMesh::release() {
    if (vao_ == 0) return;
    glDeleteVertexArrays(1, &vao_);
    GLuint buffers[3] = {vertexBuffer_, indexBuffer_, instanceBuffer_};
    glDeleteBuffers(3, buffers);
    vao_ = vertexBuffer_ = indexBuffer_ = instanceBuffer_ = 0;
    indexCount_ = 0;
}

void GpuMesh::upload(const MeshData& data) {
    release();
    glGenVertexArrays(1, &vao_);
    glGenBuffers(1, &vertexBuffer_);
    glGenBuffers(1, &indexBuffer_);
    glGenBuffers(1, &instanceBuffer_);
    glBindVertexArray(vao_);

    glBindBuffer(GL_ARRAY_BUFFER, vertexBuffer_);
    glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(data.vertices.size() * sizeof(MeshVertex)),
                 data.vertices.data(), GL_STATIC_DRAW);
    // Locations 0, 1 and 7 match shaders/mesh.vert.
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, sizeof(MeshVertex),
                          reinterpret_cast<void*>(offsetof(MeshVertex, position)));
    glEnableVertexAttribArray(1);
    glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, sizeof(MeshVertex),
                          reinterpret_cast<void*>(offsetof(MeshVertex, normal)));
    glEnableVertexAttribArray(7);
    glVertexAttribPointer(7, 3, GL_FLOAT, GL_FALSE, sizeof(MeshVertex),
                          reinterpret_cast<void*>(offsetof(MeshVertex, edge)));

    // Per instance: the model matrix as four column attributes (2..5), the colour (6).
    glBindBuffer(GL_ARRAY_BUFFER, instanceBuffer_);
    for (GLuint column = 0; column < 4; ++column) {
        glEnableVertexAttribArray(2 + column);
        glVertexAttribPointer(2 + column, 4, GL_FLOAT, GL_FALSE, sizeof(MeshInstance),
                              reinterpret_cast<void*>(offsetof(MeshInstance, model) + column * sizeof(glm::vec4)));
        glVertexAttribDivisor(2 + column, 1);
    }
    glEnableVertexAttribArray(6);
    glVertexAttribPointer(6, 4, GL_FLOAT, GL_FALSE, sizeof(MeshInstance),
                          reinterpret_cast<void*>(offsetof(MeshInstance, color)));
    glVertexAttribDivisor(6, 1);

    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, indexBuffer_);
    glBufferData(GL_ELEMENT_ARRAY_BUFFER, static_cast<GLsizeiptr>(data.indices.size() * sizeof(uint32_t)),
                 data.indices.data(), GL_STATIC_DRAW);
    indexCount_ = static_cast<GLsizei>(data.indices.size());
    glBindVertexArray(0);
}

void GpuMesh::drawInstances(const std::vector<MeshInstance>& instances) const {
    if (vao_ == 0 || instances.empty() || indexCount_ == 0) return;
    glBindVertexArray(vao_);
    glBindBuffer(GL_ARRAY_BUFFER, instanceBuffer_);
    // Orphan and refill: the driver need not wait for last frame's draw to finish.
    glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(instances.size() * sizeof(MeshInstance)),
                 instances.data(), GL_STREAM_DRAW);
    glDrawElementsInstanced(GL_TRIANGLES, indexCount_, GL_UNSIGNED_INT, nullptr,
                            static_cast<GLsizei>(instances.size()));
    glBindVertexArray(0);
}

} // namespace tumble::app
