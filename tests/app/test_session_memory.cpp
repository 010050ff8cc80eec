// What the window remembers between runs (app/window/session_memory.h): its size and last
// scene as it was left, read from imgui.ini's "[Tumble][Session]" entry before the window exists.
#include "window/session_memory.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

using namespace tumble;
using namespace tumble::app;

TEST(SessionMemory, TheEntryWrittenIsTheEntryRead) {
    RememberedSession written;
    written.width = 1600, written.height = 900, written.scenePath = "scenes/pyramid.json";
    const std::string entry = rememberedSessionEntry(written);
    // Among ImGui's own entries and the panels' entry, as imgui.ini holds them.
    const std::string ini = "[Window][Solver]\nPos=10,20\nSize=300,400\n\n[Tumble][Panels]\ntime=1\nwidth=5\n\n" +
                            entry + "[Docking][Data]\n";
    const RememberedSession s = parseRememberedSession(ini, 240, 8192);
    EXPECT_EQ(s.width, 1600);
    EXPECT_EQ(s.height, 900);
    EXPECT_TRUE(std::filesystem::path(s.scenePath).is_absolute()) << s.scenePath;
    EXPECT_EQ(std::filesystem::path(s.scenePath).filename(), "pyramid.json");
    EXPECT_EQ(std::filesystem::path(s.scenePath), std::filesystem::absolute("scenes/pyramid.json").lexically_normal());
}

TEST(SessionMemory, SizesOutsideTheWindowLimitsAndBrokenLinesAreNotRemembered) {
    EXPECT_EQ(parseRememberedSession("[Tumble][Session]\nwidth=100\nheight=900\n", 240, 8192).width, 0);
    EXPECT_EQ(parseRememberedSession("[Tumble][Session]\nwidth=1600\nheight=90000\n", 240, 8192).height, 0);
    EXPECT_EQ(parseRememberedSession("[Tumble][Session]\nwidth=16x0\nheight=900\n", 240, 8192).width, 0);
    EXPECT_EQ(parseRememberedSession("[Tumble][Session]\nwidth\nheight=900\nscene=/a/b.json\r\n", 240, 8192).scenePath,
              "/a/b.json");
    // Another entry's keys are not this one's.
    const RememberedSession other = parseRememberedSession("[Tumble][Panels]\nwidth=1600\nheight=900\n", 240, 8192);
    EXPECT_EQ(other.width, 0);
    EXPECT_TRUE(other.scenePath.empty());
}

TEST(SessionMemory, AMissingFileRemembersNothing) {
    const RememberedSession s = readRememberedSession("/nonexistent/imgui.ini", 240, 8192);
    EXPECT_EQ(s.width, 0);
    EXPECT_TRUE(s.scenePath.empty());
    const std::string path = testing::TempDir() + "session_memory_test.ini";
    RememberedSession written;
    written.width = 1920, written.height = 1080, written.scenePath = "/tmp/x.json";
    std::ofstream(path) << rememberedSessionEntry(written);
    const RememberedSession read = readRememberedSession(path, 240, 8192);
    EXPECT_EQ(read.width, 1920);
    EXPECT_EQ(read.scenePath, "/tmp/x.json");
    std::remove(path.c_str());
}

TEST(SessionMemory, TheLastScenesViewComesBackAsItWasLeft) {
    // Left with the camera moved, impulses on and contacts off, and two settings changed.
    Settings file;
    Settings now = file;
    now.solver.warmStarting = false;
    now.solver.velocityIterations = 3;
    DebugDrawOptions debug;
    debug.impulses = true;
    debug.contacts = false;
    RememberedSession left;
    left.width = 1280, left.height = 800, left.scenePath = "/s/pyramid.json";
    left.hasCamera = true;
    left.camera = CameraDef{{1.5f, 2.25f, -3.0f}, 12.5f, 40.0f, 17.5f};
    left.hasDebugLayers = true;
    left.debugLayers = debugLayersOn(debug);
    left.settings = settingChanges(file, now);
    EXPECT_EQ(left.settings, (std::vector<std::string>{"solver.velocityIterations=3", "solver.warmStarting=false"}));

    const RememberedSession read = parseRememberedSession(rememberedSessionEntry(left), 240, 8192);
    CameraDef camera;
    DebugDrawOptions restoredDebug; // the scene file's own: contacts on, impulses off
    Settings restored = file;
    EXPECT_EQ(restoreSceneView(read, camera, restoredDebug, restored), 2);
    EXPECT_EQ(camera.target, left.camera.target);
    EXPECT_EQ(camera.distance, 12.5f);
    EXPECT_EQ(camera.yawDeg, 40.0f);
    EXPECT_EQ(camera.pitchDeg, 17.5f);
    EXPECT_TRUE(restoredDebug.impulses);
    EXPECT_FALSE(restoredDebug.contacts);
    EXPECT_TRUE(settingChanges(now, restored).empty()) << "restored settings differ from those left";
}

TEST(SessionMemory, ABrokenCameraOrAStaleSettingIsPassedOver) {
    const RememberedSession read = parseRememberedSession(
        "[Tumble][Session]\ncamera=1,2,nan,4,5,6\nset=solver.noSuchKey=3\nset=solver.erp=0.5\n", 240, 8192);
    EXPECT_FALSE(read.hasCamera);
    CameraDef camera;
    const CameraDef before = camera;
    DebugDrawOptions debug;
    Settings s;
    EXPECT_EQ(restoreSceneView(read, camera, debug, s), 1); // only the key the format still has
    EXPECT_EQ(s.solver.erp, 0.5f);
    EXPECT_EQ(camera.distance, before.distance);
    EXPECT_TRUE(debug.contacts); // no debug= line: the scene's layers stay
}
