#pragma once
// Meshes the triangle-mesh tests share: a floor of square tiles, two triangles each.
#include "shapes/triangle_mesh.h"

#include <string>

namespace tumble::test {

/// nx x nz tiles of side `tile` (m) at height 0, centred on the origin, each tile its own four
/// corners (as OBJ exports write them) and two triangles facing +Y.
struct TiledFloor {
    std::vector<glm::vec3> vertices;
    std::vector<std::array<uint32_t, 3>> triangles;
};

inline TiledFloor tiledFloor(int nx, int nz, float tile) {
    TiledFloor f;
    const float x0 = -0.5f * tile * float(nx), z0 = -0.5f * tile * float(nz);
    for (int i = 0; i < nx; ++i)
        for (int k = 0; k < nz; ++k) {
            const uint32_t base = uint32_t(f.vertices.size());
            const float x = x0 + tile * float(i), z = z0 + tile * float(k);
            f.vertices.push_back({x, 0.0f, z});
            f.vertices.push_back({x + tile, 0.0f, z});
            f.vertices.push_back({x + tile, 0.0f, z + tile});
            f.vertices.push_back({x, 0.0f, z + tile});
            f.triangles.push_back({base, base + 3, base + 2}); // counter-clockwise from +Y
            f.triangles.push_back({base, base + 2, base + 1});
        }
    return f;
}

/// The floor as a built mesh; `allEdgesActive` switches the internal-edge handling off (every
/// edge may push sideways), to show what it prevents.
inline std::shared_ptr<const TriangleMesh> tiledFloorMesh(int nx, int nz, float tile, bool allEdgesActive = false,
                                                          bool twoSided = false) {
    TiledFloor f = tiledFloor(nx, nz, tile);
    std::string error;
    auto built = buildTriangleMesh(f.vertices, f.triangles, twoSided, error);
    if (allEdgesActive && built) {
        auto mesh = std::const_pointer_cast<TriangleMesh>(built);
        for (uint8_t& e : mesh->activeEdges) e = 7;
    }
    return built;
}

} // namespace tumble::test
