// Every scene of the catalogue runs 300 steps without a watchdog flag: the flags point at
// real trouble, so they must stay silent where nothing is wrong.
#include "tumble/scene.h"

#include <gtest/gtest.h>

#include <filesystem>

using namespace tumble;

TEST(Catalogue, EveryScenePassesThreeHundredStepsWithoutAWatchdogFlag) {
    const std::filesystem::path folder = std::filesystem::path(TUMBLE_SOURCE_DIR) / "scenes";
    int scenes = 0;
    for (const auto& entry : std::filesystem::directory_iterator(folder)) {
        if (entry.path().extension() != ".json") continue;
        SceneLoadResult r = loadSceneFile(entry.path().string());
        ASSERT_TRUE(r.ok()) << r.errorText();
        World w = buildWorld(r.scene);
        for (int i = 0; i < 300; ++i) w.step();
        ++scenes;
        for (const WorldEvent& e : w.events())
            ADD_FAILURE() << entry.path().filename() << ": step " << e.step << ", " << e.bodyName
                          << ": " << e.what;
    }
    EXPECT_GE(scenes, 20);
}
