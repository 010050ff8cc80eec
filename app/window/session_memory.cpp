// The window's size and last scene between runs (session_memory.h).
#include "window/session_memory.h"

#include "window/file_browser.h"

#include <charconv>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace tumble::app {

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

std::string rememberedSessionEntry(int width, int height, const std::string& scenePath,
                                   const std::vector<std::string>& recentFiles) {
    std::string out = "[Tumble][Session]\n";
    out += "width=" + std::to_string(width) + "\nheight=" + std::to_string(height) + "\n";
    if (!scenePath.empty()) {
        std::error_code error;
        const std::filesystem::path absolute = std::filesystem::absolute(scenePath, error);
        out += "scene=" + (error ? scenePath : absolute.lexically_normal().string()) + "\n";
    }
    // rememberRecentFile made them absolute; a line break in a name would end the entry.
    for (size_t i = 0; i < recentFiles.size() && i < kMaxRecentFiles; ++i)
        if (recentFiles[i].find_first_of("\r\n") == std::string::npos) out += "recent=" + recentFiles[i] + "\n";
    return out + "\n";
}

} // namespace tumble::app
