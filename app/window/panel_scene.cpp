// The Scene panel: the catalogue grouped by topic, and atomic loading (the running scene's
// lesson is in the Lesson panel).
#include "window/panels.h"

#include <imgui.h>

#include <algorithm>
#include <string>

namespace tumble::app {
namespace {

const ImVec4 kErrorColor{1.0f, 0.4f, 0.4f, 1.0f};

const char* displayName(const SceneCatalogEntry& e) {
    return e.name.empty() ? e.path.c_str() : e.name.c_str();
}

/// The selectable list of scene files under their topics; double-click loads. The topic of
/// the running scene starts open.
void drawCatalogue(App& app) {
    float height = std::max(ImGui::GetContentRegionAvail().y - ImGui::GetFrameHeightWithSpacing() -
                                (app.loadError.empty() ? 0.0f : 4.0f * ImGui::GetTextLineHeightWithSpacing()) -
                                (app.importNotes.empty() ? 0.0f : 2.0f * ImGui::GetTextLineHeightWithSpacing()),
                            6.0f * ImGui::GetTextLineHeightWithSpacing());
    ImGui::BeginChild("catalogue", ImVec2(0.0f, height), true);
    bool open = false;
    std::string topic;
    for (size_t i = 0; i < app.catalogue.size(); ++i) {
        const SceneCatalogEntry& e = app.catalogue[i];
        if (i == 0 || e.topic != topic) {
            if (open && i > 0) ImGui::TreePop();
            topic = e.topic;
            std::string title(sceneTopicTitle(topic));
            ImGui::SetNextItemOpen(topic == app.scene.topic, ImGuiCond_Appearing);
            open = ImGui::TreeNode(title.c_str());
        }
        if (!open) continue;
        ImGui::PushID(static_cast<int>(i));
        bool broken = !e.error.empty();
        if (broken) ImGui::PushStyleColor(ImGuiCol_Text, kErrorColor);
        if (ImGui::Selectable(displayName(e), app.selectedScene == static_cast<int>(i),
                              ImGuiSelectableFlags_AllowDoubleClick)) {
            app.selectedScene = static_cast<int>(i);
            if (ImGui::IsMouseDoubleClicked(0)) app.openScene(e.path);
        }
        if (broken) ImGui::PopStyleColor();
        itemTooltip(broken ? e.error.c_str() : (e.description.empty() ? e.path.c_str() : e.description.c_str()));
        ImGui::PopID();
    }
    if (open && !app.catalogue.empty()) ImGui::TreePop();
    if (app.catalogue.empty()) ImGui::TextDisabled("(no scene files in %s)", app.scenesFolder.c_str());
    ImGui::EndChild();
}

/// A .bullet import's unmapped items: one line saying how many, the list in its tooltip.
void drawImportNotes(const App& app) {
    if (app.importNotes.empty()) return;
    ImGui::Separator();
    ImGui::TextColored(ImVec4(1.0f, 0.8f, 0.4f, 1.0f), "Imported from Bullet: %zu items not mapped",
                       app.importNotes.size());
    std::string list = "What the .bullet import left out or approximated (each named with its Bullet "
                       "name; the rest became this scene):";
    for (const std::string& note : app.importNotes) list += "\n- " + note;
    itemTooltip(list.c_str());
}

} // namespace

void drawScenePanel(App& app) {
    ImGui::SetNextWindowPos(ImVec2(kPanelColumnX, kMenuBarHeight + 286.0f), ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSize(ImVec2(kPanelColumnWidth, 250.0f), ImGuiCond_FirstUseEver);
    // On a short screen the catalogue starts folded to its title bar, so the Lesson panel under
    // it has the room to show its whole text; a click on the title opens it.
    ImGui::SetNextWindowCollapsed(ImGui::GetIO().DisplaySize.y < layout::kSceneOpenMinHeight, ImGuiCond_FirstUseEver);
    if (!ImGui::Begin("Scene", &app.panels.scene)) {
        ImGui::End();
        return;
    }
    claimLeftColumn(app);
    drawCatalogue(app);

    bool haveSelection = app.selectedScene >= 0 && app.selectedScene < static_cast<int>(app.catalogue.size());
    if (!haveSelection) ImGui::BeginDisabled();
    if (ImGui::Button("Load")) app.openScene(app.catalogue[static_cast<size_t>(app.selectedScene)].path);
    if (!haveSelection) ImGui::EndDisabled();
    itemTooltip("Load the selected scene (or double-click it). If the file has errors they are shown "
                "and the running scene is kept.");
    ImGui::SameLine();
    if (ImGui::Button("Reload")) app.reloadScene();
    itemTooltip("Re-read the current scene's file and start it again (R).");
    ImGui::SameLine();
    if (ImGui::Button("Refresh list")) app.refreshCatalogue();
    itemTooltip("Look again for scene files in the scenes folder.");

    drawImportNotes(app);
    if (!app.loadError.empty()) {
        ImGui::Separator();
        ImGui::PushStyleColor(ImGuiCol_Text, kErrorColor);
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextUnformatted("The last load failed; the running scene was kept:");
        ImGui::TextUnformatted(app.loadError.c_str());
        ImGui::PopTextWrapPos();
        ImGui::PopStyleColor();
    }

    ImGui::End();
}

} // namespace tumble::app
