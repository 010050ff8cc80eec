// File > Open: a small file browser (file_browser.h lists the folder) for scenes, snapshots
// and bug-report folders, and File > Open recent. Opening goes through App::openFile, so a
// broken file shows its errors and leaves the running scene as it was.
#include "window/file_browser.h"
#include "window/panels.h"

#include <imgui.h>

#include <cstdio>
#include <filesystem>
#include <string>

namespace tumble::app {
namespace {

namespace fs = std::filesystem;

void showFolder(OpenDialog& dialog, const std::string& folder) {
    std::error_code ec;
    const fs::path absolute = fs::absolute(folder, ec);
    dialog.folder = (ec ? fs::path(folder) : absolute).lexically_normal().string();
    if (dialog.folder.size() > 1 && dialog.folder.back() == '/') dialog.folder.pop_back();
    dialog.picked.clear();
    std::snprintf(dialog.typed, sizeof dialog.typed, "%s", dialog.folder.c_str());
}

/// The running scene's folder, else the working directory.
std::string startFolder(const App& app) {
    const fs::path parent = fs::path(app.scenePath).parent_path();
    std::error_code ec;
    return !parent.empty() && fs::is_directory(parent, ec) ? parent.string() : std::string(".");
}

/// Open `path` (closing the browser when it opened); a folder that is no bug report is entered.
void openOrEnter(App& app, const std::string& path) {
    std::error_code ec;
    if (fs::is_directory(path, ec) && !fs::is_regular_file(fs::path(path) / "snapshot.json", ec)) {
        showFolder(app.openDialog, path);
        return;
    }
    if (app.openFile(path)) ImGui::CloseCurrentPopup();
}

const char* kindLabel(BrowserEntryKind kind) {
    switch (kind) {
    case BrowserEntryKind::Folder: return "[folder]";
    case BrowserEntryKind::BugReport: return "[bug report]";
    case BrowserEntryKind::Scene: return "";
    case BrowserEntryKind::BulletWorld: return "[Bullet world]";
    case BrowserEntryKind::Other: return "(not .json or .bullet)";
    }
    return "";
}

void drawEntries(App& app, const BrowserListing& listing) {
    OpenDialog& dialog = app.openDialog;
    if (!listing.error.empty()) ImGui::TextColored(ImVec4(1.0f, 0.4f, 0.4f, 1.0f), "%s", listing.error.c_str());
    for (const BrowserEntry& e : listing.entries) {
        std::string label = e.name + "  " + kindLabel(e.kind);
        if (ImGui::Selectable(label.c_str(), e.path == dialog.picked, ImGuiSelectableFlags_AllowDoubleClick)) {
            dialog.picked = e.path;
            std::snprintf(dialog.typed, sizeof dialog.typed, "%s", e.path.c_str());
            const bool folder = e.kind == BrowserEntryKind::Folder;
            if (folder || ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) {
                openOrEnter(app, e.path);
                return; // the listing may be of another folder now
            }
        }
    }
    if (listing.entries.empty() && listing.error.empty()) ImGui::TextDisabled("(nothing Tumble opens here)");
}

} // namespace

void drawOpenDialog(App& app) {
    OpenDialog& dialog = app.openDialog;
    if (dialog.requested) {
        dialog.requested = false;
        showFolder(dialog, dialog.folder.empty() ? startFolder(app) : dialog.folder);
        ImGui::OpenPopup("Open");
    }
    ImGui::SetNextWindowSize(ImVec2(620.0f, 460.0f), ImGuiCond_Appearing);
    if (!ImGui::BeginPopupModal("Open", nullptr)) return;
    if (ImGui::Button("Up")) showFolder(dialog, fs::path(dialog.folder).parent_path().string());
    itemTooltip("The folder above this one.");
    ImGui::SameLine();
    if (ImGui::Button("Scenes")) showFolder(dialog, app.scenesFolder);
    itemTooltip("The scene catalogue's folder.");
    ImGui::SameLine();
    ImGui::Checkbox("All files", &dialog.allFiles);
    itemTooltip("Also list files that are not .json or .bullet (Tumble opens scene and snapshot files, "
                "which are JSON, Bullet worlds written by Bullet's serializer, and bug-report folders).");
    ImGui::TextDisabled("%s", dialog.folder.c_str());
    const float footer = ImGui::GetFrameHeightWithSpacing() * 2.0f + 6.0f;
    ImGui::BeginChild("entries", ImVec2(0.0f, -footer), true);
    drawEntries(app, listFolder(dialog.folder, dialog.allFiles));
    ImGui::EndChild();
    ImGui::SetNextItemWidth(-1.0f);
    const bool entered = ImGui::InputText("##path", dialog.typed, sizeof dialog.typed,
                                          ImGuiInputTextFlags_EnterReturnsTrue);
    itemTooltip("A path to open: a scene or snapshot file, a .bullet file (imported; what it cannot map "
                "shows in the Scene panel), or a bug-report folder (its snapshot.json opens). A folder's path lists that folder. Relative paths start from the working "
                "directory.");
    if (ImGui::Button("Open", ImVec2(120.0f, 0.0f)) || entered) {
        if (dialog.typed[0] != '\0') openOrEnter(app, dialog.typed);
    }
    itemTooltip("Open the file or bug-report folder in the path field (double-click an entry does "
                "the same). A file with errors shows them and keeps the running scene.");
    ImGui::SameLine();
    if (ImGui::Button("Cancel", ImVec2(120.0f, 0.0f))) ImGui::CloseCurrentPopup();
    itemTooltip("Close without opening anything (Esc).");
    ImGui::EndPopup();
}

void drawRecentFilesMenu(App& app) {
    if (!ImGui::BeginMenu("Open recent", !app.recentFiles.empty())) return;
    std::string chosen;
    for (const std::string& path : app.recentFiles) {
        std::error_code ec;
        const bool there = fs::exists(path, ec);
        if (ImGui::MenuItem(fs::path(path).filename().string().c_str(), nullptr, false, there)) chosen = path;
        itemTooltip(there ? path.c_str() : (path + "\n(no longer there)").c_str());
    }
    ImGui::Separator();
    if (ImGui::MenuItem("Clear the list")) app.recentFiles.clear();
    itemTooltip("Forget the recent files (the files themselves stay).");
    ImGui::EndMenu();
    if (!chosen.empty()) app.openFile(chosen); // after the loop: opening reorders the list
}

} // namespace tumble::app
