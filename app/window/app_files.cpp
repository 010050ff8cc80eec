// What the File menu writes: snapshots (Ctrl+S) and bug-report folders, and the status line
// that says where they went.
#include "window/app_state.h"
#include "window/file_browser.h"

#include "headless/bug_report.h"

#include <SDL.h>

#include <filesystem>
#include <fstream>

namespace tumble::app {
std::string savedFilePath(const App& app, const std::string& folder, const std::string& suffix,
                          std::error_code& error) {
    std::filesystem::create_directories(folder, error);
    std::string stem = std::filesystem::path(app.scenePath).stem().string();
    return (std::filesystem::path(folder) / ((stem.empty() ? "scene" : stem) + suffix)).string();
}

void App::setStatus(std::string message) {
    status = std::move(message);
    statusTime = static_cast<double>(SDL_GetTicks()) / 1000.0;
}

void App::saveSnapshot() {
    std::error_code ec;
    const std::filesystem::path file = savedFilePath(*this, "snapshots", "-step" + std::to_string(world.stepCount()) + ".json", ec);
    std::ofstream out(file, std::ios::binary);
    out << writeSnapshot(scene, world, &forks, bulletFork.active());
    out.close();
    if (ec || !out) {
        setStatus("Could not write " + file.string() + (ec ? ": " + ec.message() : ""));
        return;
    }
    setStatus("Saved " + file.string() + " (open it like any scene: it resumes at step " +
              std::to_string(world.stepCount()) + ", bit for bit" +
              (bulletFork.active() ? "; the Bullet fork is split off again there" : "") + ")");
}

void App::saveBugReport() {
    CameraDef view;
    view.target = camera.target;
    view.distance = camera.distance;
    view.yawDeg = camera.yawDeg;
    view.pitchDeg = camera.pitchDeg;
    const std::string folder = defaultBugReportFolder(scene, world.stepCount());
    BugReportResult r = writeBugReport(folder, scene, world, view);
    if (!r.ok) {
        setStatus("Bug report not written: " + r.error);
        return;
    }
    pendingScreenshot = r.folder + "/screenshot.png";
    setStatus("Saved bug report " + r.folder + " (check it with: tumble --verify " + r.folder + ")");
}

void App::openNeighbourScene(int delta) {
    if (catalogue.empty()) return;
    const int n = static_cast<int>(catalogue.size());
    const int from = selectedScene < 0 ? (delta > 0 ? -1 : 0) : selectedScene;
    const int to = ((from + delta) % n + n) % n;
    if (openScene(catalogue[static_cast<size_t>(to)].path)) selectedScene = to;
}

bool App::openFile(const std::string& path) {
    namespace fs = std::filesystem;
    std::error_code ec;
    // A bug-report folder holds its world as snapshot.json (bug_report.h).
    const fs::path file = fs::is_directory(path, ec) ? fs::path(path) / "snapshot.json" : fs::path(path);
    if (!openScene(file.string())) return false;
    rememberRecentFile(recentFiles, path);
    if (importNotes.empty()) setStatus("Opened " + file.string()); // else openScene said what was not mapped
    return true;
}

} // namespace tumble::app
