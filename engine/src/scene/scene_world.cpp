// A world from a validated scene. Everything that could fail was checked when the scene was
// read, so a failure here is a bug in the validator, not bad input.
#include "tumble/scene.h"

#include <stdexcept>
#include <string>
#include <unordered_map>

namespace tumble {

World buildWorld(const SceneDef& scene) {
    World world(scene.settings);
    for (const Material& m : scene.materials) world.setMaterial(m);
    world.materialPairs() = scene.materialPairs;
    // Handles by name as the bodies are made: World::findBody walks every body, and a
    // chain of n joints asking it twice per joint made loading quadratic.
    std::unordered_map<std::string, BodyId> byName;
    byName.reserve(scene.bodies.size());
    for (size_t i = 0; i < scene.bodies.size(); ++i) {
        std::string error;
        const BodyId id = world.createBody(scene.bodies[i], &error);
        if (id.isNull())
            throw std::logic_error("buildWorld: the scene validator let through body " +
                                   std::to_string(i) + " ('" + scene.bodies[i].name +
                                   "'): " + error);
        byName.emplace(scene.bodies[i].name, id); // the first of a name, as findBody
    }
    auto find = [&](const std::string& name) {
        auto it = byName.find(name);
        return it == byName.end() ? kNullBody : it->second;
    };
    // Joints after the bodies, their body names resolved to handles; a gear's hinges by
    // name among the joints made before it.
    std::unordered_map<std::string, JointId> jointsByName;
    auto findJoint = [&](const std::string& name) {
        auto it = jointsByName.find(name);
        return it == jointsByName.end() ? JointId{} : it->second;
    };
    for (size_t i = 0; i < scene.joints.size(); ++i) {
        const SceneJointDef& j = scene.joints[i];
        JointDef def = j.def;
        def.bodyA = j.bodyA.empty() ? kNullBody : find(j.bodyA);
        def.bodyB = find(j.bodyB);
        def.hingeA = findJoint(j.hingeA);
        def.hingeB = findJoint(j.hingeB);
        std::string error;
        const JointId id = world.createJoint(def, &error);
        if (!def.name.empty()) jointsByName.emplace(def.name, id);
        if (id.isNull())
            throw std::logic_error("buildWorld: the scene validator let through joint " +
                                   std::to_string(i) + " ('" + def.name + "'): " + error);
    }
    world.forceFields() = scene.forceFields;
    // A snapshot: the state the step reads beyond the definitions (checked when read).
    std::string stateError;
    if (scene.hasState && !world.restoreState(scene.state, &stateError))
        throw std::logic_error("buildWorld: the scene validator let through a state that does "
                               "not fit: " + stateError);
    return world;
}

} // namespace tumble
