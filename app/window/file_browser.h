#pragma once
/// \file file_browser.h
/// What File > Open lists and remembers, without a window: a folder's entries as Tumble can
/// open them (folders to enter, bug-report folders, scene and snapshot files, Bullet worlds),
/// and the list of
/// recently opened files kept between runs (session_memory.h). panel_open.cpp draws them.
#include <cstddef>
#include <string>
#include <vector>

namespace tumble::app {

enum class BrowserEntryKind {
    Folder,    ///< an ordinary folder: entered with a click
    BugReport, ///< a folder holding snapshot.json (bug_report.h): opened, not entered
    Scene,     ///< a .json file: a scene or a snapshot
    BulletWorld, ///< a .bullet file written by Bullet's serializer (imported, tumble/bullet_import.h)
    Other,     ///< any other file (listed only when asked for)
};

struct BrowserEntry {
    std::string name;  ///< file name within the folder
    std::string path;  ///< full path
    BrowserEntryKind kind = BrowserEntryKind::Other;
};

struct BrowserListing {
    std::vector<BrowserEntry> entries; ///< folders and bug reports first, then files; each by name
    std::string error;                 ///< why the folder cannot be read ("" when it can)
};

/// The entries of `folder` (hidden ones, starting with '.', left out; other files only with
/// `allFiles`). A folder that cannot be read gives its error and no entries.
BrowserListing listFolder(const std::string& folder, bool allFiles);

/// How many recent files File > Open recent keeps.
inline constexpr size_t kMaxRecentFiles = 10;

/// Put `path` (made absolute and normal) at the front of `recent`, dropping an earlier copy of
/// it and whatever falls past kMaxRecentFiles.
void rememberRecentFile(std::vector<std::string>& recent, const std::string& path);

} // namespace tumble::app
