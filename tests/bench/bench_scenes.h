#pragma once
// The scenes the solver is measured on. They are the scene files a user opens, so a
// benchmark figure and what the app shows are the same simulation.
#include "tumble/scene.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace tumble::bench {

struct BenchScene {
    const char* file;     ///< under scenes/
    bool measureDrift;    ///< report the largest displacement of any box after the run
};

inline constexpr BenchScene kSolverScenes[] = {
    {"pyramid.json", true},
    {"pyramid-large.json", true},
    {"box-rain.json", false},
    {"sphere-pit.json", false},
    {"vertical-stack.json", true},
};

/// The peer comparison's settings: dt 1/60, 10 velocity iterations, split impulse, sleeping
/// off, one thread (bench_threads.cpp sets more).
inline void applyBenchSettings(Settings& s) {
    s.threads = 1;
    s.timestep = 1.0f / 60.0f;
    s.solver.velocityIterations = 10;
    s.solver.positionCorrection = PositionCorrection::SplitImpulse;
    s.sleep.enabled = false;
}

/// Load a scene for a benchmark with the peer comparison's settings (applyBenchSettings).
inline SceneDef loadBenchScene(const char* file) {
    std::string path = std::string(TUMBLE_SOURCE_DIR) + "/scenes/" + file;
    SceneLoadResult r = loadSceneFile(path);
    if (!r.ok()) {
        std::fprintf(stderr, "%s", r.errorText().c_str());
        std::abort();
    }
    applyBenchSettings(r.scene.settings);
    return r.scene;
}

/// A static box of the given half extents (m) whose top face is y = 0, as the scene files'
/// grounds are.
inline BodyDef benchGround(float halfX, float halfZ) {
    BodyDef ground;
    ground.name = "ground";
    ground.type = BodyType::Static;
    ground.material = "Static";
    ground.shape.type = ShapeType::Box;
    ground.shape.halfExtents = glm::vec3(halfX, 0.5f, halfZ);
    ground.position = glm::vec3(0.0f, -0.5f, 0.0f);
    return ground;
}

/// A wooden cube of half extent 0.5 m named "<prefix>/<index>", as the generators name them.
inline BodyDef benchCube(const char* prefix, int index, const glm::vec3& position) {
    BodyDef box;
    box.name = std::string(prefix) + "/" + std::to_string(index);
    box.material = "Wood";
    box.shape.type = ShapeType::Box;
    box.shape.halfExtents = glm::vec3(0.5f);
    box.position = position;
    return box;
}

/// A pyramid of `base` cubes in the bottom row (base (base + 1) / 2 cubes, half extent 0.5 m,
/// one deep, rows along x), built in code as the scene files' pyramid generator lays it out:
/// row r holds base - r cubes centred on x = 0, touching. The ground reaches 20 m past either
/// end of the bottom row and 30 m either side in z (tests/bench/scenes/pyramid-100.json's
/// ground at base 100). Settings: defaults, then applyBenchSettings.
inline SceneDef pyramidScene(int base) {
    SceneDef scene;
    scene.name = "Pyramid, base " + std::to_string(base);
    applyBenchSettings(scene.settings);
    scene.bodies.push_back(benchGround(0.5f * float(base) + 20.0f, 30.0f));
    int index = 0;
    for (int row = 0; row < base; ++row) {
        const int n = base - row;
        for (int i = 0; i < n; ++i) {
            const float x = float(i) - 0.5f * float(n - 1);
            const glm::vec3 position(x, 0.5f + float(row), 0.0f);
            scene.bodies.push_back(benchCube("pyramid", index++, position));
        }
    }
    return scene;
}

/// Box rain of `count` cubes (a multiple of 10), built in code by scenes/box-rain.json's rule:
/// columns of ten cubes (half extent 0.5 m) 1.1 m apart in x, y and z, the lowest layer at
/// y = 5 m, the block centred over the ground, so every cube falls straight onto the one below
/// and the block lands as count / 10 columns of ten. The count / 10 columns stand on a grid as
/// square as the count allows (1,000: 10 x 10, the file's; 2,000: 20 x 10; 4,000: 20 x 20;
/// 8,000: 32 x 25). The ground is the file's (25 m half extent, no walls), grown to 10 m past
/// the block where the block is wider. Settings: defaults (the file sets none), then
/// applyBenchSettings. At 1,000 the cubes are the file's, in its order, where it puts them (to
/// float rounding: within 1e-6 m).
inline SceneDef boxRainScene(int count) {
    const int columns = count / 10;
    int nz = 1;
    for (int d = 1; d * d <= columns; ++d)
        if (columns % d == 0) nz = d;
    const int nx = columns / nz, ny = 10;
    constexpr float spacing = 1.1f;
    const glm::vec3 origin(-0.5f * spacing * float(nx - 1), 5.0f, -0.5f * spacing * float(nz - 1));
    SceneDef scene;
    scene.name = "Box rain, " + std::to_string(count);
    applyBenchSettings(scene.settings);
    const float reachX = -origin.x + 0.5f + 10.0f, reachZ = -origin.z + 0.5f + 10.0f;
    scene.bodies.push_back(benchGround(std::max(25.0f, reachX), std::max(25.0f, reachZ)));
    int index = 0;
    for (int k = 0; k < nz; ++k)
        for (int j = 0; j < ny; ++j)
            for (int i = 0; i < nx; ++i)
                scene.bodies.push_back(benchCube(
                    "boxes", index++, origin + glm::vec3(float(i), float(j), float(k)) * spacing));
    return scene;
}

/// The middle value of a sample (taken by copy: it is reordered).
inline double median(std::vector<double> v) {
    std::nth_element(v.begin(), v.begin() + v.size() / 2, v.end());
    return v[v.size() / 2];
}

} // namespace tumble::bench
