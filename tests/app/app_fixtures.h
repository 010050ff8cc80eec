#pragma once
// Scenes the window-free app tests share.
#include "tumble/scene.h"

#include <gtest/gtest.h>

#include <string>

namespace tumble::app::fixtures {

/// A 0.5 m ball 100 m up, alone, never sleeping: free fall on symplectic Euler's closed form.
inline SceneDef fallingBall() {
    const std::string text = R"({"format": "tumble-scene", "version": 1,
        "settings": {"sleep": {"enabled": false}},
        "bodies": [{"name": "ball", "shape": {"type": "sphere", "radius": 0.5}, "position": [0, 100, 0]}]})";
    SceneLoadResult r = parseScene(text, "ball.json");
    EXPECT_TRUE(r.ok()) << r.errorText();
    return r.scene;
}

} // namespace tumble::app::fixtures
