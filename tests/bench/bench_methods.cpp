// Every solver method on the same scenes (solver2d's comparison, in 3D, with joints): the
// largest displacement after 10 s (stacks, pyramids, card house, heavy on light) or the
// largest joint gap (chain, ragdolls), the change of total energy over the run, and the
// median ms per step. Prints a markdown table for the README.
//
//   tumble_bench_methods [--steps N] [--methods a,b,...] [--scenes a,b,...]
//
// Scenes are scene files (the ones a user opens) with the solver settings of the file, sleeping
// off so the solver alone holds each structure, and the method swapped in.
#include "tumble/scene.h"
#include "tumble/solver_methods.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

using namespace tumble;

namespace {

struct MethodScene {
    const char* name;  ///< column of the table
    const char* file;  ///< relative to the source tree
    bool joints;       ///< measure joint gaps instead of displacement
    float heavyRatio;  ///< heavy on light: scale the block's density to this mass ratio (0: as in file)
};

constexpr MethodScene kScenes[] = {
    {"stack20", "scenes/vertical-stack.json", false, 0.0f},
    {"pyramid40", "scenes/pyramid-large.json", false, 0.0f},
    {"pyramid100", "tests/bench/scenes/pyramid-100.json", false, 0.0f},
    {"cardHouse", "scenes/card-house.json", false, 0.0f},
    {"heavy100", "scenes/heavy-on-light.json", false, 100.0f},
    {"heavy1000", "scenes/heavy-on-light.json", false, 1000.0f},
    {"chain30", "scenes/chain.json", true, 0.0f},
    {"ragdolls", "scenes/ragdoll.json", true, 0.0f},
};

struct Figures {
    float measure = 0.0f;   ///< m: displacement or joint gap
    double energy = 0.0;    ///< J, E(end) - E(0)
    double msPerStep = 0.0; ///< median
    bool finite = true;
};

bool listed(const std::string& list, const char* name) {
    if (list.empty()) return true;
    size_t start = 0;
    while (start <= list.size()) {
        size_t comma = list.find(',', start);
        if (list.substr(start, comma - start) == name) return true;
        if (comma == std::string::npos) break;
        start = comma + 1;
    }
    return false;
}

// The heavy block of heavy-on-light made denser, so block / light box = ratio.
void setMassRatio(World& w, float ratio) {
    const BodyId block = w.findBody("heavy/block"), light = w.findBody("heavy/top");
    Material dense = w.materials()[w.body(block).material];
    dense.name = "Dense";
    const float scale = ratio * w.body(light).mass / w.body(block).mass;
    dense.density *= scale;
    w.setBodyMaterial(block, w.setMaterial(dense));
}

Figures run(const MethodScene& scene, const std::string& method, int steps) {
    SceneLoadResult r = loadSceneFile(std::string(TUMBLE_SOURCE_DIR) + "/" + scene.file);
    if (!r.ok()) {
        std::fprintf(stderr, "%s", r.errorText().c_str());
        std::exit(1);
    }
    r.scene.settings.solver.method = method;
    r.scene.settings.sleep.enabled = false;
    World w = buildWorld(r.scene);
    if (scene.heavyRatio > 0.0f) setMassRatio(w, scene.heavyRatio);
    const std::vector<BodyId> ids = w.bodyIds();
    std::vector<glm::vec3> start;
    for (BodyId id : ids) start.push_back(w.body(id).position);
    const double e0 = w.kineticEnergy() + w.potentialEnergy();
    std::vector<double> ms;
    for (int i = 0; i < steps; ++i) {
        const auto t0 = std::chrono::steady_clock::now();
        w.step();
        ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
    }
    Figures f;
    std::nth_element(ms.begin(), ms.begin() + ms.size() / 2, ms.end());
    f.msPerStep = ms[ms.size() / 2];
    f.energy = w.kineticEnergy() + w.potentialEnergy() - e0;
    f.finite = std::isfinite(f.energy);
    if (scene.joints) {
        for (JointId j : w.jointIds())
            f.measure = std::max(f.measure, glm::length(w.joint(j).worldAnchorB - w.joint(j).worldAnchorA));
    } else {
        for (size_t i = 0; i < ids.size(); ++i)
            if (w.body(ids[i]).isDynamic())
                f.measure = std::max(f.measure, glm::length(w.body(ids[i]).position - start[i]));
    }
    return f;
}

} // namespace

int main(int argc, char** argv) {
    int steps = 600;
    std::string methods, scenes;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!std::strcmp(argv[i], "--steps")) steps = std::max(1, std::atoi(argv[i + 1]));
        else if (!std::strcmp(argv[i], "--methods")) methods = argv[i + 1];
        else if (!std::strcmp(argv[i], "--scenes")) scenes = argv[i + 1];
    }
    std::printf("%d steps at each scene's dt; per cell: largest displacement (m) or joint gap (m, "
                "chain and ragdolls) / energy change (J) / median ms per step\n\n", steps);
    std::printf("| method |");
    for (const MethodScene& s : kScenes)
        if (listed(scenes, s.name)) std::printf(" %s |", s.name);
    std::printf("\n|---|");
    for (const MethodScene& s : kScenes)
        if (listed(scenes, s.name)) std::printf("---|");
    std::printf("\n");
    for (const SolverMethodInfo& m : solverMethods()) {
        const std::string name(m.name);
        if (!listed(methods, name.c_str())) continue;
        std::printf("| %s |", name.c_str());
        std::fflush(stdout);
        for (const MethodScene& s : kScenes) {
            if (!listed(scenes, s.name)) continue;
            const Figures f = run(s, name, steps);
            if (!f.finite) std::printf(" non-finite |");
            else std::printf(" %.3g / %.3g / %.2f |", f.measure, f.energy, f.msPerStep);
            std::fflush(stdout);
        }
        std::printf("\n");
    }
    return 0;
}
