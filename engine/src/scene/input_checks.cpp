// Checks shared by every reader of user files (input_checks.h).
#include "tumble/input_checks.h"

#include "scene/document.h"

#include <filesystem>
#include <vector>

namespace tumble {
namespace {

/// What kind of thing a path names, in a user's words.
std::string kindOf(std::filesystem::file_type type) {
    using std::filesystem::file_type;
    switch (type) {
    case file_type::directory:
        return "a directory";
    case file_type::fifo:
        return "a FIFO";
    case file_type::socket:
        return "a socket";
    case file_type::block:
        return "a block device";
    case file_type::character:
        return "a character device";
    case file_type::symlink:
        return "a symlink";
    default:
        return "not a file";
    }
}

} // namespace

std::string regularFileProblem(const std::string& path) {
    namespace fs = std::filesystem;
    std::error_code ec;
    const fs::file_status target = fs::status(path, ec);
    if (fs::is_regular_file(target)) return "";
    // The link itself exists but leads nowhere readable (a loop, or a dangling link):
    // that is "not a regular file", as for a directory, not "no such file".
    std::error_code linkEc;
    const fs::file_status link = fs::symlink_status(path, linkEc);
    if (!fs::exists(link)) return "no such file";
    if (fs::is_symlink(link)) {
        if (ec)
            return "not a regular file (a symlink that cannot be followed: " + ec.message() + ")";
        if (!fs::exists(target)) return "not a regular file (a dangling symlink)";
    }
    return "not a regular file (" + kindOf(target.type()) + ")";
}

std::string jsonNestingProblem(const std::string& text, int maxDepth) {
    std::vector<SceneError> errors;
    scene::Checker check("", errors);
    if (scene::checkNesting(text, maxDepth, check) || errors.empty()) return "";
    const SceneError& e = errors.front();
    return "line " + std::to_string(e.line) + ", column " + std::to_string(e.column) + ": " +
           e.message;
}

} // namespace tumble
