// Resource lookup: working directory first, then the source tree.
#include "window/paths.h"

#include <filesystem>
#include <fstream>
#include <sstream>

#ifndef TUMBLE_SOURCE_DIR
#define TUMBLE_SOURCE_DIR "."
#endif

namespace tumble::app {

std::string findResource(const std::string& relative) {
    namespace fs = std::filesystem;
    std::error_code ec;
    if (relative.empty() || fs::exists(relative, ec)) return relative;
    if (fs::path(relative).is_absolute()) return relative;
    fs::path fromSource = fs::path(TUMBLE_SOURCE_DIR) / relative;
    if (fs::exists(fromSource, ec)) return fromSource.string();
    return relative;
}

bool readTextFile(const std::string& path, std::string& out) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return false;
    std::ostringstream text;
    text << in.rdbuf();
    out = text.str();
    return true;
}

} // namespace tumble::app
