// Inputs the fuzz targets (tests/fuzz, TUMBLE_FUZZ=ON) once broke, replayed in every build:
// tests/data/fuzz/<target>/<file> goes through the same function the target calls, and must be
// loaded or refused as promised (under TUMBLE_SANITIZE, also without a memory error).
#include "fuzz_inputs.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>

namespace fs = std::filesystem;

namespace {

/// Replays every file of tests/data/fuzz/<target>; returns how many there were.
int replayFolder(const std::string& target,
                 const std::function<std::string(std::string_view)>& run) {
    fs::path folder = fs::path(TUMBLE_TEST_DATA_DIR) / "fuzz" / target;
    int count = 0;
    if (!fs::is_directory(folder)) return count;
    for (const auto& entry : fs::directory_iterator(folder)) {
        if (!entry.is_regular_file()) continue;
        std::ifstream in(entry.path(), std::ios::binary);
        std::stringstream text;
        text << in.rdbuf();
        SCOPED_TRACE(entry.path().string());
        EXPECT_EQ(run(text.str()), "");
        ++count;
    }
    return count;
}

} // namespace

TEST(FuzzRegressions, EverySavedInputIsLoadedOrRefusedCleanly) {
    int count = replayFolder("scene_loader", tumble::fuzz::sceneLoader) +
                replayFolder("snapshot_state", tumble::fuzz::snapshotState) +
                replayFolder("bug_report", tumble::fuzz::bugReport) +
                replayFolder("setting_override", tumble::fuzz::settingOverride);
    EXPECT_GT(count, 0) << "tests/data/fuzz holds no inputs";
}
