// The scene reader's mass check (mass_check.h).
#include "scene/mass_check.h"

#include "dynamics/material_table.h"
#include "tumble/material.h"
#include "tumble/scene.h"
#include "tumble/shape.h"

#include <cmath>
#include <optional>

namespace tumble::scene {
namespace {

/// "bodies[2]" from "bodies[2].name": where a body is, for messages about all of it.
std::string withoutName(const std::string& path) {
    const std::string suffix = ".name";
    return path.ends_with(suffix) ? path.substr(0, path.size() - suffix.size()) : path;
}

/// The density a body's material gives (scene materials override presets).
float densityOf(const SceneDef& scene, const std::string& material) {
    const std::string& name = material.empty() ? std::string(kDefaultMaterialName) : material;
    for (const Material& m : scene.materials)
        if (m.name == name) return m.density;
    for (const Material& m : materialPresets())
        if (m.name == name) return m.density;
    return Material{}.density;
}

} // namespace

void checkMasses(const SceneDef& scene, const std::vector<std::string>& bodyPaths, Checker& check) {
    struct Extreme {
        double mass = 0.0;
        size_t index = 0;
    };
    std::optional<Extreme> lightest, heaviest;
    for (size_t i = 0; i < scene.bodies.size(); ++i) {
        const BodyDef& def = scene.bodies[i];
        if (def.type != BodyType::Dynamic) continue;
        const float density = densityOf(scene, def.material);
        if (density == 0.0f) continue; // massless by the material's choice
        Shape shape;
        std::string shapeError;
        if (!buildShape(def.shape, shape, shapeError, nullptr)) continue; // reported already
        const float mass = computeMassProperties(shape, density).mass;
        if (!std::isnormal(mass)) {
            check.error(withoutName(bodyPaths[i]), "body '" + def.name + "' would weigh " + formatNumber(mass) +
                                            " kg (density " + formatNumber(density) +
                                            " kg/m^3): not a usable float mass");
            continue;
        }
        if (!lightest || mass < lightest->mass) lightest = Extreme{mass, i};
        if (!heaviest || mass > heaviest->mass) heaviest = Extreme{mass, i};
    }
    if (lightest && heaviest && heaviest->mass > kMaxMassRatio * lightest->mass)
        check.error(withoutName(bodyPaths[heaviest->index]),
                     "body '" + scene.bodies[heaviest->index].name + "' (" +
                         formatNumber(heaviest->mass) + " kg) is more than " +
                         formatNumber(kMaxMassRatio) + " times as heavy as '" +
                         scene.bodies[lightest->index].name + "' (" +
                         formatNumber(lightest->mass) + " kg, at " +
                         withoutName(bodyPaths[lightest->index]) + ")");
}

} // namespace tumble::scene
