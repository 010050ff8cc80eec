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

/// Load a scene for a benchmark with the peer comparison's settings: dt 1/60, 10 velocity
/// iterations, split impulse, sleeping off.
inline SceneDef loadBenchScene(const char* file) {
    std::string path = std::string(TUMBLE_SOURCE_DIR) + "/scenes/" + file;
    SceneLoadResult r = loadSceneFile(path);
    if (!r.ok()) {
        std::fprintf(stderr, "%s", r.errorText().c_str());
        std::abort();
    }
    Settings& s = r.scene.settings;
    s.timestep = 1.0f / 60.0f;
    s.solver.velocityIterations = 10;
    s.solver.positionCorrection = PositionCorrection::SplitImpulse;
    s.sleep.enabled = false;
    return r.scene;
}

/// The middle value of a sample (taken by copy: it is reordered).
inline double median(std::vector<double> v) {
    std::nth_element(v.begin(), v.begin() + v.size() / 2, v.end());
    return v[v.size() / 2];
}

} // namespace tumble::bench
