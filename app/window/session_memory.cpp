// The window's size, last scene as it was left, and recent files between runs
// (session_memory.h).
#include "window/session_memory.h"

#include "window/file_browser.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace tumble::app {
namespace {

/// "a,b,c" -> {"a", "b", "c"} (empty pieces left out).
std::vector<std::string> splitCommas(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string piece; std::getline(in, piece, ',');)
        if (!piece.empty()) out.push_back(piece);
    return out;
}

/// Six finite numbers "tx,ty,tz,distance,yaw,pitch" into a camera; false otherwise.
bool parseCamera(const std::string& text, CameraDef& camera) {
    float v[6];
    char tail = 0;
    if (std::sscanf(text.c_str(), "%f,%f,%f,%f,%f,%f%c", &v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &tail) != 6)
        return false;
    for (float x : v)
        if (!std::isfinite(x)) return false;
    camera = CameraDef{{v[0], v[1], v[2]}, v[3], v[4], v[5]};
    return true;
}

/// Leaves of a settings JSON as "key=value", in its order.
void flattenSettings(const nlohmann::json& j, const std::string& prefix, std::vector<std::pair<std::string, std::string>>& out) {
    for (auto it = j.begin(); it != j.end(); ++it) {
        const std::string key = prefix.empty() ? it.key() : prefix + "." + it.key();
        if (it->is_object()) flattenSettings(*it, key, out);
        else out.emplace_back(key, it->dump());
    }
}

} // namespace

std::vector<std::string> settingChanges(const Settings& file, const Settings& now) {
    std::vector<std::pair<std::string, std::string>> before, after;
    flattenSettings(settingsToJson(file), "", before);
    flattenSettings(settingsToJson(now), "", after);
    std::vector<std::string> out;
    for (const auto& setting : after) {
        // Named, not a structured binding: Clang 14 cannot capture one in the lambda.
        const std::string& key = setting.first;
        const std::string& value = setting.second;
        const auto was = std::find_if(before.begin(), before.end(), [&](const auto& b) { return b.first == key; });
        if (was == before.end() || was->second != value) out.push_back(key + "=" + value);
    }
    return out;
}

std::vector<std::string> debugLayersOn(const DebugDrawOptions& options) {
    std::vector<std::string> out;
    for (const DebugDrawFlag& f : debugDrawFlags())
        if (options.*f.member) out.emplace_back(f.name);
    return out;
}

int restoreSceneView(const RememberedSession& session, CameraDef& camera, DebugDrawOptions& debug,
                     Settings& settings) {
    if (session.hasCamera) camera = session.camera;
    if (session.hasDebugLayers)
        for (const DebugDrawFlag& f : debugDrawFlags())
            debug.*f.member = std::find(session.debugLayers.begin(), session.debugLayers.end(), f.name) !=
                              session.debugLayers.end();
    int applied = 0;
    for (const std::string& assignment : session.settings)
        if (applySettingOverride(settings, assignment).empty()) ++applied;
    return applied;
}

RememberedSession parseRememberedSession(const std::string& iniText, int minSide, int maxSide) {
    RememberedSession out;
    std::istringstream in(iniText);
    std::string line;
    bool inEntry = false;
    int width = 0, height = 0;
    while (std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (!line.empty() && line[0] == '[') {
            inEntry = line == "[Tumble][Session]";
            continue;
        }
        if (!inEntry) continue;
        const size_t eq = line.find('=');
        if (eq == std::string::npos) continue;
        const std::string key = line.substr(0, eq), value = line.substr(eq + 1);
        int number = 0;
        const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), number);
        const bool isNumber = error == std::errc() && end == value.data() + value.size();
        if (key == "width" && isNumber) width = number;
        if (key == "height" && isNumber) height = number;
        if (key == "scene") out.scenePath = value;
        if (key == "recent" && !value.empty() && out.recentFiles.size() < kMaxRecentFiles)
            out.recentFiles.push_back(value);
        if (key == "camera") out.hasCamera = parseCamera(value, out.camera);
        if (key == "debug") out.hasDebugLayers = true, out.debugLayers = splitCommas(value);
        if (key == "set" && !value.empty()) out.settings.push_back(value);
    }
    auto within = [&](int side) { return side >= minSide && side <= maxSide; };
    if (within(width) && within(height)) out.width = width, out.height = height;
    return out;
}

RememberedSession readRememberedSession(const std::string& iniPath, int minSide, int maxSide) {
    std::ifstream file(iniPath);
    if (!file) return {};
    std::ostringstream text;
    text << file.rdbuf();
    return parseRememberedSession(text.str(), minSide, maxSide);
}

std::string rememberedSessionEntry(const RememberedSession& session) {
    std::string out = "[Tumble][Session]\n";
    out += "width=" + std::to_string(session.width) + "\nheight=" + std::to_string(session.height) + "\n";
    if (!session.scenePath.empty()) {
        std::error_code error;
        const std::filesystem::path absolute = std::filesystem::absolute(session.scenePath, error);
        out += "scene=" + (error ? session.scenePath : absolute.lexically_normal().string()) + "\n";
    }
    // A line break in a value would end the entry early.
    auto line = [&](const char* key, const std::string& value) {
        if (value.find_first_of("\r\n") == std::string::npos) out += std::string(key) + "=" + value + "\n";
    };
    for (size_t i = 0; i < session.recentFiles.size() && i < kMaxRecentFiles; ++i) line("recent", session.recentFiles[i]);
    if (session.hasCamera) {
        const CameraDef& c = session.camera;
        char text[192];
        std::snprintf(text, sizeof text, "%.9g,%.9g,%.9g,%.9g,%.9g,%.9g", double(c.target.x), double(c.target.y),
                      double(c.target.z), double(c.distance), double(c.yawDeg), double(c.pitchDeg));
        line("camera", text);
    }
    if (session.hasDebugLayers) {
        std::string names;
        for (const std::string& n : session.debugLayers) names += (names.empty() ? "" : ",") + n;
        line("debug", names);
    }
    for (const std::string& assignment : session.settings) line("set", assignment);
    return out + "\n";
}

} // namespace tumble::app
