// File > Open (app/window/file_browser.h): what a folder lists and in which order, and the
// recent files kept between runs in imgui.ini's session entry.
#include "window/file_browser.h"
#include "window/session_memory.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

using namespace tumble::app;
namespace fs = std::filesystem;

namespace {

/// A scratch folder with a scene, a text file, a hidden file, a folder and a bug report.
struct ScratchFolder {
    fs::path root = fs::temp_directory_path() / ("tumble_browser_" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) + "_" +
                                                 ::testing::UnitTest::GetInstance()->current_test_info()->name());
    ScratchFolder() {
        fs::remove_all(root);
        fs::create_directories(root / "plain");
        fs::create_directories(root / "report-step12");
        touch(root / "report-step12" / "snapshot.json");
        touch(root / "b.json");
        touch(root / "a.json");
        touch(root / "notes.txt");
        touch(root / ".hidden.json");
    }
    ~ScratchFolder() { fs::remove_all(root); }
    static void touch(const fs::path& p) { std::ofstream(p) << "{}"; }
};

std::vector<std::string> names(const BrowserListing& l) {
    std::vector<std::string> out;
    for (const BrowserEntry& e : l.entries) out.push_back(e.name);
    return out;
}

} // namespace

TEST(FileBrowser, FoldersComeFirstThenJsonFilesByNameAndHiddenFilesAreLeftOut) {
    ScratchFolder f;
    const BrowserListing l = listFolder(f.root.string(), false);
    EXPECT_EQ(l.error, "");
    EXPECT_EQ(names(l), (std::vector<std::string>{"plain", "report-step12", "a.json", "b.json"}));
    EXPECT_EQ(l.entries[0].kind, BrowserEntryKind::Folder);
    EXPECT_EQ(l.entries[1].kind, BrowserEntryKind::BugReport); // it holds snapshot.json
    EXPECT_EQ(l.entries[2].kind, BrowserEntryKind::Scene);
    EXPECT_EQ(fs::path(l.entries[2].path), f.root / "a.json");
}

TEST(FileBrowser, AllFilesListsOtherFilesTooAndAMissingFolderSaysSo) {
    ScratchFolder f;
    const BrowserListing all = listFolder(f.root.string(), true);
    ASSERT_EQ(all.entries.size(), 5u);
    EXPECT_EQ(all.entries.back().name, "notes.txt");
    EXPECT_EQ(all.entries.back().kind, BrowserEntryKind::Other);
    const BrowserListing missing = listFolder((f.root / "nope").string(), false);
    EXPECT_TRUE(missing.entries.empty());
    EXPECT_NE(missing.error.find("nope"), std::string::npos) << missing.error;
}

TEST(FileBrowser, ARecentFileMovesToTheFrontOnceAndTheListStopsAtItsCap) {
    std::vector<std::string> recent;
    rememberRecentFile(recent, "scenes/pyramid.json");
    rememberRecentFile(recent, "scenes/chain.json");
    rememberRecentFile(recent, "scenes/../scenes/pyramid.json"); // the same file, spelt otherwise
    ASSERT_EQ(recent.size(), 2u);
    EXPECT_EQ(fs::path(recent[0]), fs::absolute("scenes/pyramid.json").lexically_normal());
    EXPECT_EQ(fs::path(recent[1]).filename(), "chain.json");
    for (int i = 0; i < 25; ++i) rememberRecentFile(recent, "/tmp/s" + std::to_string(i) + ".json");
    ASSERT_EQ(recent.size(), kMaxRecentFiles);
    EXPECT_EQ(recent.front(), "/tmp/s24.json");
    EXPECT_EQ(recent.back(), "/tmp/s15.json");
}

TEST(FileBrowser, RecentFilesRoundTripThroughTheSessionEntryNewestFirst) {
    const std::vector<std::string> recent{"/data/b.json", "/data/report-step3", "/data/a.json"};
    RememberedSession written;
    written.width = 1280, written.height = 800, written.scenePath = "/data/b.json", written.recentFiles = recent;
    const std::string entry = rememberedSessionEntry(written);
    const RememberedSession s = parseRememberedSession("[Tumble][Panels]\ntime=1\n\n" + entry, 240, 8192);
    EXPECT_EQ(s.recentFiles, recent);
    // More lines than the cap (a hand-edited file) keep the newest kMaxRecentFiles.
    std::string many = "[Tumble][Session]\n";
    for (int i = 0; i < 14; ++i) many += "recent=/r" + std::to_string(i) + ".json\n";
    const RememberedSession capped = parseRememberedSession(many, 240, 8192);
    ASSERT_EQ(capped.recentFiles.size(), kMaxRecentFiles);
    EXPECT_EQ(capped.recentFiles.front(), "/r0.json");
}

TEST(FileBrowser, BulletWorldsAreListedAmongTheFilesTumbleOpens) {
    ScratchFolder f;
    ScratchFolder::touch(f.root / "crash.bullet");
    const BrowserListing l = listFolder(f.root.string(), false);
    EXPECT_EQ(names(l), (std::vector<std::string>{"plain", "report-step12", "a.json", "b.json", "crash.bullet"}));
    EXPECT_EQ(l.entries.back().kind, BrowserEntryKind::BulletWorld);
}
