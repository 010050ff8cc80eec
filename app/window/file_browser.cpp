// File > Open's folder listing and the recent files (file_browser.h).
#include "window/file_browser.h"

#include "tumble/bullet_import.h"

#include <algorithm>
#include <filesystem>

namespace tumble::app {

namespace fs = std::filesystem;

namespace {

BrowserEntryKind kindOf(const fs::directory_entry& entry) {
    std::error_code ec;
    if (entry.is_directory(ec)) {
        const bool report = fs::is_regular_file(entry.path() / "snapshot.json", ec);
        return report ? BrowserEntryKind::BugReport : BrowserEntryKind::Folder;
    }
    if (entry.path().extension() == ".json") return BrowserEntryKind::Scene;
    return isBulletPath(entry.path().string()) ? BrowserEntryKind::BulletWorld : BrowserEntryKind::Other;
}

/// Folders (to enter or open) before files, then by name.
bool listedBefore(const BrowserEntry& a, const BrowserEntry& b) {
    const bool aFolder = a.kind == BrowserEntryKind::Folder || a.kind == BrowserEntryKind::BugReport;
    const bool bFolder = b.kind == BrowserEntryKind::Folder || b.kind == BrowserEntryKind::BugReport;
    if (aFolder != bFolder) return aFolder;
    return a.name < b.name;
}

} // namespace

BrowserListing listFolder(const std::string& folder, bool allFiles) {
    BrowserListing out;
    std::error_code ec;
    fs::directory_iterator it(folder, fs::directory_options::skip_permission_denied, ec);
    if (ec) {
        out.error = folder + ": " + ec.message();
        return out;
    }
    for (; it != fs::directory_iterator(); it.increment(ec)) {
        if (ec) break;
        const std::string name = it->path().filename().string();
        if (name.empty() || name[0] == '.') continue;
        const BrowserEntryKind kind = kindOf(*it);
        if (kind == BrowserEntryKind::Other && !allFiles) continue;
        out.entries.push_back({name, it->path().string(), kind});
    }
    if (ec) out.error = folder + ": " + ec.message();
    std::sort(out.entries.begin(), out.entries.end(), listedBefore);
    return out;
}

void rememberRecentFile(std::vector<std::string>& recent, const std::string& path) {
    std::error_code ec;
    const fs::path absolute = fs::absolute(path, ec);
    const std::string normal = ec ? path : absolute.lexically_normal().string();
    recent.erase(std::remove(recent.begin(), recent.end(), normal), recent.end());
    recent.insert(recent.begin(), normal);
    if (recent.size() > kMaxRecentFiles) recent.resize(kMaxRecentFiles);
}

} // namespace tumble::app
