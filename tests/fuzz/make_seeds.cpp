// Seed corpora for the fuzz targets, written into the build tree (nothing is committed):
//   tumble_fuzz_seeds SOURCE_DIR OUT_DIR
// OUT_DIR/scene_loader      every scenes/*.json and tests/data/**/*.json
// OUT_DIR/snapshot_state    a snapshot of each scene after a few steps (writeSnapshot)
// OUT_DIR/bug_report        a report.json writeBugReport wrote, and the test data's JSON
// OUT_DIR/setting_override  one "key=value" per settings key, at its default
#include "headless/bug_report.h"
#include "tumble/scene.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <vector>

namespace fs = std::filesystem;

namespace {

/// Steps a scene runs before its snapshot is taken: contacts and joints have warmed up.
constexpr int kSnapshotSteps = 10;

void writeFile(const fs::path& file, const std::string& text) {
    std::ofstream out(file, std::ios::binary);
    out << text;
}

std::vector<fs::path> jsonFiles(const fs::path& folder, bool recursive) {
    std::vector<fs::path> files;
    if (!fs::is_directory(folder)) return files;
    auto add = [&](const fs::directory_entry& e) {
        if (e.is_regular_file() && e.path().extension() == ".json") files.push_back(e.path());
    };
    if (recursive)
        for (const auto& e : fs::recursive_directory_iterator(folder))
            add(e);
    else
        for (const auto& e : fs::directory_iterator(folder))
            add(e);
    return files;
}

/// "solver.velocityIterations=8" and the like, one per leaf of the settings object.
void settingAssignments(const nlohmann::json& j, const std::string& prefix,
                        std::vector<std::string>& out) {
    for (auto it = j.begin(); it != j.end(); ++it) {
        std::string key = prefix.empty() ? it.key() : prefix + "." + it.key();
        if (it->is_object())
            settingAssignments(*it, key, out);
        else
            out.push_back(key + "=" + it->dump());
    }
}

} // namespace

int main(int argc, char** argv) {
    if (argc != 3) {
        std::cerr << "usage: tumble_fuzz_seeds SOURCE_DIR OUT_DIR\n";
        return 2;
    }
    const fs::path source = argv[1];
    const fs::path out = argv[2];
    for (const char* target : {"scene_loader", "snapshot_state", "bug_report", "setting_override"})
        fs::create_directories(out / target);

    std::vector<fs::path> scenes = jsonFiles(source / "scenes", false);
    std::vector<fs::path> testData = jsonFiles(source / "tests" / "data", true);
    int count = 0;
    for (const auto& files : {scenes, testData})
        for (const fs::path& file : files)
            fs::copy_file(file, out / "scene_loader" / ("seed" + std::to_string(count++) + ".json"),
                          fs::copy_options::overwrite_existing);

    bool reportWritten = false;
    for (const fs::path& file : scenes) {
        tumble::SceneLoadResult loaded = tumble::loadSceneFile(file.string());
        if (!loaded.ok()) continue;
        tumble::World world = tumble::buildWorld(loaded.scene);
        for (int i = 0; i < kSnapshotSteps; ++i)
            world.step();
        writeFile(out / "snapshot_state" / file.filename(),
                  tumble::writeSnapshot(loaded.scene, world));
        if (!reportWritten) {
            fs::path folder = out / "bug_report_scratch";
            auto written = tumble::app::writeBugReport(folder.string(), loaded.scene, world, {}, 5);
            if (written.ok)
                fs::copy_file(folder / "report.json", out / "bug_report" / "report.json",
                              fs::copy_options::overwrite_existing);
            fs::remove_all(folder);
            reportWritten = written.ok;
        }
    }
    count = 0;
    for (const fs::path& file : testData)
        fs::copy_file(file, out / "bug_report" / ("seed" + std::to_string(count++) + ".json"),
                      fs::copy_options::overwrite_existing);

    std::vector<std::string> assignments;
    settingAssignments(tumble::settingsToJson(tumble::Settings{}), "", assignments);
    count = 0;
    for (const std::string& a : assignments)
        writeFile(out / "setting_override" / ("seed" + std::to_string(count++) + ".txt"), a);
    std::cout << "tumble_fuzz_seeds: " << scenes.size() << " scenes, " << testData.size()
              << " test files, " << assignments.size() << " settings into " << out.string() << "\n";
    return 0;
}
