// Bug-report folders: writing snapshot.json and report.json, and `tumble --verify DIR`.
#include "headless/bug_report.h"

#include "tumble/input_checks.h"

#include <nlohmann/json.hpp>

#include <charconv>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

namespace tumble::app {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
/// report.json keeps its keys in the order written, so that it reads top-down.
using ordered_json = nlohmann::ordered_json;

constexpr const char* kReportFormat = "tumble-bug-report";
constexpr int kReportVersion = 1;
constexpr const char* kSnapshotFile = "snapshot.json";
constexpr const char* kReportFile = "report.json";
/// report.json is a few kilobytes; anything this big is not one.
constexpr uintmax_t kMaxReportBytes = 1u << 20;
/// Values quoted in messages are cut to this many characters.
constexpr size_t kMaxQuotedChars = 80;

ordered_json vec(const glm::vec3& v) {
    return ordered_json::array({v.x, v.y, v.z});
}

ordered_json cameraJson(const CameraDef& c) {
    return {{"target", vec(c.target)},
            {"distance", c.distance},
            {"yawDeg", c.yawDeg},
            {"pitchDeg", c.pitchDeg}};
}

/// The value as JSON text, shortened for a message.
std::string quoted(const json& v) {
    std::string text = v.dump();
    if (text.size() > kMaxQuotedChars) text = text.substr(0, kMaxQuotedChars) + "...";
    return text;
}

bool writeText(const fs::path& file, const std::string& text) {
    std::ofstream out(file, std::ios::binary);
    out << text;
    out.close();
    return static_cast<bool>(out);
}

/// The state a snapshot's text reaches after `steps` steps: the replay --verify runs.
struct Replay {
    uint64_t startStep = 0;
    uint64_t hash = 0;
    bool nonFinite = false;
    WorldEvent firstEvent; ///< the first non-finite event, when nonFinite
};

Replay replay(const SceneDef& snapshot, int steps) {
    World world = buildWorld(snapshot);
    Replay r;
    r.startStep = world.stepCount();
    // Every step is taken even after a body turns non-finite (the world freezes it), so the
    // hash is comparable whatever happened on the way.
    for (int i = 0; i < steps; ++i)
        world.step();
    r.hash = world.stateHash();
    r.nonFinite = world.hasNonFinite();
    if (const WorldEvent* e = world.firstNonFiniteEvent()) r.firstEvent = *e;
    return r;
}

/// A "file: path: message" line on stderr (as scene errors read); returns exit status 2.
int badInput(const std::string& file, const std::string& path, const std::string& message) {
    SceneError e;
    e.file = file;
    e.path = path;
    e.message = message;
    std::cerr << e.format() << "\n";
    return 2;
}

/// Read and check report.json; prints the first problem and returns 2, else 0.
int readReport(const std::string& file, ReportFields& out) {
    std::error_code ec;
    if (std::string problem = regularFileProblem(file); !problem.empty())
        return badInput(file, "", problem);
    if (fs::file_size(file, ec) > kMaxReportBytes)
        return badInput(file, "", "larger than 1 MiB: not a bug report");
    std::ifstream in(file, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    if (!in) return badInput(file, "", "cannot read");
    SceneError problem = parseBugReport(text.str(), file, out);
    if (!problem.message.empty()) {
        std::cerr << problem.format() << "\n";
        return 2;
    }
    return 0;
}

} // namespace

SceneError parseBugReport(const std::string& text, const std::string& file, ReportFields& out) {
    auto problem = [&](const std::string& path, const std::string& message) {
        SceneError e;
        e.file = file;
        e.path = path;
        e.message = message;
        return e;
    };
    // Cap the nesting before the parser (and json's recursive destructor) sees the text.
    if (std::string nesting = jsonNestingProblem(text); !nesting.empty())
        return problem("", nesting);
    json root;
    try {
        root = json::parse(text);
    } catch (const json::parse_error& e) {
        // Drop nlohmann's "[json.exception.parse_error.101] " prefix; keep line and column.
        std::string message = e.what();
        size_t close = message.find("] ");
        if (close != std::string::npos) message = message.substr(close + 2);
        return problem("", "not valid JSON: " + message);
    } catch (const json::exception& e) {
        // A number beyond double range ("1e400") is out_of_range.406, not a parse_error: it
        // once escaped here and ended --verify in std::terminate (found by fuzz_bug_report).
        std::string message = e.what();
        size_t close = message.find("] ");
        if (close != std::string::npos) message = message.substr(close + 2);
        return problem("", "not readable as a bug report: " + message);
    }
    if (!root.is_object()) return problem("", "must be a JSON object, got " + quoted(root));

    if (auto it = root.find("format"); it != root.end() && *it != kReportFormat)
        return problem("format",
                       std::string("must be \"") + kReportFormat + "\", got " + quoted(*it));
    if (auto it = root.find("version"); it != root.end() && *it != kReportVersion)
        return problem("version",
                       "must be " + std::to_string(kReportVersion) + ", got " + quoted(*it));

    auto hashIt = root.find("expectedHash");
    if (hashIt == root.end()) return problem("expectedHash", "missing");
    const std::string* hex = hashIt->get_ptr<const std::string*>();
    bool hexOk = hex && hex->size() == 16;
    if (hexOk) {
        auto [end, error] =
            std::from_chars(hex->data(), hex->data() + hex->size(), out.expectedHash, 16);
        hexOk = error == std::errc() && end == hex->data() + hex->size();
    }
    if (!hexOk) return problem("expectedHash", "must be 16 hex digits, got " + quoted(*hashIt));

    auto stepsIt = root.find("verifySteps");
    if (stepsIt == root.end()) return problem("verifySteps", "missing");
    if (!stepsIt->is_number_integer() || *stepsIt < kMinVerifySteps || *stepsIt > kMaxVerifySteps)
        return problem("verifySteps", "must be an integer in [" + std::to_string(kMinVerifySteps) +
                                          ", " + std::to_string(kMaxVerifySteps) + "], got " +
                                          quoted(*stepsIt));
    out.verifySteps = stepsIt->get<int>();

    if (auto it = root.find("step"); it != root.end()) {
        if (!it->is_number_unsigned())
            return problem("step", "must be an integer >= 0, got " + quoted(*it));
        out.hasStep = true;
        out.step = it->get<uint64_t>();
    }
    return {};
}

std::string formatHash(uint64_t hash) {
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(hash));
    return buf;
}

BugReportResult writeBugReport(const std::string& folder, const SceneDef& scene, const World& world,
                               const CameraDef& camera, int verifySteps) {
    BugReportResult result;
    result.folder = folder;
    result.verifySteps = verifySteps;
    if (verifySteps < kMinVerifySteps || verifySteps > kMaxVerifySteps) {
        result.error = "verifySteps must be in [" + std::to_string(kMinVerifySteps) + ", " +
                       std::to_string(kMaxVerifySteps) + "], got " + std::to_string(verifySteps);
        return result;
    }
    std::error_code ec;
    fs::create_directories(folder, ec);
    if (ec || !fs::is_directory(folder)) {
        result.error = "cannot create folder " + folder + (ec ? ": " + ec.message() : "");
        return result;
    }

    // The snapshot opens with the reporter's view, so whoever loads it sees what they saw.
    SceneDef withView = scene;
    withView.camera = camera;
    const std::string snapshotText = writeSnapshot(withView, world);
    const fs::path snapshotPath = fs::path(folder) / kSnapshotFile;
    if (!writeText(snapshotPath, snapshotText)) {
        result.error = "cannot write " + snapshotPath.string();
        return result;
    }

    // Replay the text, not `world`: what --verify checks is what the folder holds.
    SceneLoadResult reread = parseScene(snapshotText, snapshotPath.string());
    if (!reread.ok()) {
        result.error = "the snapshot does not read back: " + reread.errors.front().format();
        return result;
    }
    Replay r = replay(reread.scene, verifySteps);
    result.expectedHash = r.hash;

    const std::string hash = formatHash(r.hash);
    ordered_json report = {
        {"format", kReportFormat},
        {"version", kReportVersion},
        {"scene", scene.name},
        {"sceneFile", scene.sourcePath},
        {"step", world.stepCount()},
        {"verifySteps", verifySteps},
        {"expectedHash", hash},
        {"settings", ordered_json(settingsToJson(world.settings()))},
        {"camera", cameraJson(camera)},
        {"replay", "snapshot.json is the scene at step " + std::to_string(world.stepCount()) +
                       " with its exact state. 'tumble --verify " + folder + "' replays " +
                       std::to_string(verifySteps) +
                       " steps from it and checks that the state hash is " + hash +
                       " (so does 'tumble --headless " + snapshotPath.string() + " --steps " +
                       std::to_string(verifySteps) + " --report -'); 'tumble " +
                       snapshotPath.string() + "' opens it in the window."},
    };
    const fs::path reportPath = fs::path(folder) / kReportFile;
    if (!writeText(reportPath, report.dump(2) + "\n")) {
        result.error = "cannot write " + reportPath.string();
        return result;
    }
    result.ok = true;
    return result;
}

int verifyBugReport(const std::string& folder) {
    std::error_code ec;
    if (!fs::is_directory(folder, ec)) {
        std::cerr << "tumble: --verify: " << folder << ": no such folder\n";
        return 2;
    }
    const std::string reportPath = (fs::path(folder) / kReportFile).string();
    const std::string snapshotPath = (fs::path(folder) / kSnapshotFile).string();

    ReportFields report;
    if (int status = readReport(reportPath, report); status != 0) return status;
    if (!fs::is_regular_file(snapshotPath, ec)) return badInput(snapshotPath, "", "no such file");
    SceneLoadResult loaded = loadSceneFile(snapshotPath);
    if (!loaded.ok()) {
        std::cerr << loaded.errorText();
        return 2;
    }
    const uint64_t snapshotStep = loaded.scene.hasState ? loaded.scene.state.step : 0;
    if (report.hasStep && report.step != snapshotStep)
        return badInput(reportPath, "step",
                        "does not match " + std::string(kSnapshotFile) + " (state.step " +
                            std::to_string(snapshotStep) + "), got " + std::to_string(report.step));

    Replay r = replay(loaded.scene, report.verifySteps);
    const std::string expected = formatHash(report.expectedHash), got = formatHash(r.hash);
    const uint64_t endStep = r.startStep + static_cast<uint64_t>(report.verifySteps);
    if (r.nonFinite) {
        std::cerr << "tumble: " << snapshotPath << ": step " << r.firstEvent.step << ": body '"
                  << r.firstEvent.bodyName << "': " << r.firstEvent.what << " (replaying "
                  << report.verifySteps << " steps from step " << r.startStep << "; hash " << got
                  << (r.hash == report.expectedHash ? " as reported" : ", expected " + expected)
                  << ")\n";
        return 3;
    }
    if (r.hash != report.expectedHash) {
        std::printf("verify: %s: hash %s after %d steps from step %llu (at step %llu), expected "
                    "%s: MISMATCH\n",
                    folder.c_str(), got.c_str(), report.verifySteps,
                    static_cast<unsigned long long>(r.startStep),
                    static_cast<unsigned long long>(endStep), expected.c_str());
        return 1;
    }
    std::printf("verify: %s: hash %s after %d steps from step %llu: OK\n", folder.c_str(),
                got.c_str(), report.verifySteps, static_cast<unsigned long long>(r.startStep));
    return 0;
}

std::string defaultBugReportFolder(const SceneDef& scene, uint64_t step) {
    std::string stem = fs::path(scene.sourcePath).stem().string();
    if (stem.empty()) {
        stem = scene.name;
        for (char& c : stem)
            if (c == ' ' || c == '/' || c == '\\') c = '-';
    }
    if (stem.empty()) stem = "scene";
    return "bugreports/" + stem + "-step" + std::to_string(step);
}

} // namespace tumble::app
