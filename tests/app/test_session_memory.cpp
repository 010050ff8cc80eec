// What the window remembers between runs (app/window/session_memory.h): its size and last
// scene, read from imgui.ini's "[Tumble][Session]" entry before the window exists.
#include "window/session_memory.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

using namespace tumble::app;

TEST(SessionMemory, TheEntryWrittenIsTheEntryRead) {
    const std::string entry = rememberedSessionEntry(1600, 900, "scenes/pyramid.json", {});
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
    std::ofstream(path) << rememberedSessionEntry(1920, 1080, "/tmp/x.json", {});
    const RememberedSession read = readRememberedSession(path, 240, 8192);
    EXPECT_EQ(read.width, 1920);
    EXPECT_EQ(read.scenePath, "/tmp/x.json");
    std::remove(path.c_str());
}
