// The Scene panel: the catalogue, atomic loading, and the current scene's lesson.
#include "window/panels.h"

#include <imgui.h>

namespace tumble::app {
namespace {

const ImVec4 kErrorColor{1.0f, 0.4f, 0.4f, 1.0f};
const ImVec4 kTitleColor{1.0f, 0.85f, 0.45f, 1.0f};

const char* displayName(const SceneCatalogEntry& e) {
    return e.name.empty() ? e.path.c_str() : e.name.c_str();
}

/// The selectable list of scene files; double-click loads.
void drawCatalogue(App& app) {
    float rows = static_cast<float>(app.catalogue.empty() ? 1 : std::min<size_t>(app.catalogue.size(), 6));
    float height = rows * ImGui::GetTextLineHeightWithSpacing() + 2.0f * ImGui::GetStyle().WindowPadding.y;
    ImGui::BeginChild("catalogue", ImVec2(0.0f, height), true);
    for (size_t i = 0; i < app.catalogue.size(); ++i) {
        const SceneCatalogEntry& e = app.catalogue[i];
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
    if (app.catalogue.empty()) ImGui::TextDisabled("(no scene files in %s)", app.scenesFolder.c_str());
    ImGui::EndChild();
}

} // namespace

void drawScenePanel(App& app) {
    ImGui::SetNextWindowPos(ImVec2(kPanelColumnX, kMenuBarHeight + 286.0f), ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSize(ImVec2(kPanelColumnWidth, 470.0f), ImGuiCond_FirstUseEver);
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

    if (!app.loadError.empty()) {
        ImGui::Separator();
        ImGui::PushStyleColor(ImGuiCol_Text, kErrorColor);
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextUnformatted("The last load failed; the running scene was kept:");
        ImGui::TextUnformatted(app.loadError.c_str());
        ImGui::PopTextWrapPos();
        ImGui::PopStyleColor();
    }

    // The lesson: what to look at and what to toggle.
    ImGui::Separator();
    ImGui::PushStyleColor(ImGuiCol_Text, kTitleColor);
    ImGui::TextUnformatted(app.scene.name.empty() ? app.scenePath.c_str() : app.scene.name.c_str());
    ImGui::PopStyleColor();
    itemTooltip(app.scenePath.c_str());
    ImGui::PushTextWrapPos(0.0f);
    if (!app.scene.description.empty()) ImGui::TextUnformatted(app.scene.description.c_str());
    ImGui::PopTextWrapPos();
    ImGui::End();
}

} // namespace tumble::app
