#pragma once
// Scene-file lessons in tests: load a catalogue scene, build a world with its Break it or Fix
// it action applied before the first step (as the Lesson panel's buttons do), find bodies.
#include "tumble/scene.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

namespace tumble::test {

inline std::filesystem::path sceneFolder() { return std::filesystem::path(TUMBLE_SOURCE_DIR) / "scenes"; }

inline SceneDef loadScene(const std::string& file) {
    SceneLoadResult r = loadSceneFile((sceneFolder() / file).string());
    EXPECT_TRUE(r.ok()) << r.errorText();
    return r.scene;
}

/// A world built from the scene with `action` applied before its first step.
inline World worldWith(const SceneDef& scene, const LessonAction& action) {
    World w = buildWorld(scene);
    EXPECT_EQ(applyLessonAction(action, w), "");
    return w;
}

inline const Body& bodyNamed(const World& w, const std::string& name) {
    BodyId id = w.findBody(name);
    EXPECT_FALSE(id.isNull()) << "no body named " << name;
    return w.body(id);
}

inline void run(World& w, int steps) {
    for (int i = 0; i < steps; ++i) w.step();
}

/// Bodies whose names start with `prefix` ("pile/" for a generator's bodies).
inline std::vector<BodyId> bodiesNamed(const World& w, const std::string& prefix) {
    std::vector<BodyId> ids;
    for (BodyId id : w.bodyIds())
        if (w.body(id).name.rfind(prefix, 0) == 0) ids.push_back(id);
    return ids;
}

} // namespace tumble::test
