// The Lesson panel: what the running scene teaches, what to look at and what to toggle, and
// for the bug gallery the "Break it" / "Fix it" buttons that set the settings showing and
// curing the problem.
#include "window/panels.h"

#include <imgui.h>

#include <string>

namespace tumble::app {
namespace {

const ImVec4 kTitleColor{1.0f, 0.85f, 0.45f, 1.0f};

/// What a button changes, one line each, for its tooltip.
std::string describeAction(const char* intro, const LessonAction& action) {
    std::string text = intro;
    for (const std::string& s : action.settings) text += "\n  " + s;
    for (const auto& [name, flag] : action.bullets)
        text += "\n  body '" + name + "': bullet " + (flag ? "on" : "off");
    text += "\nThe scene starts again with these; every other setting is the file's (or yours, "
            "with Keep settings on reload). R replays it; As in file undoes it.";
    return text;
}

void lessonButtons(App& app) {
    const SceneDef& scene = app.scene;
    if (scene.breakIt.empty() && scene.fixIt.empty()) return;
    ImGui::Separator();
    if (!scene.breakIt.empty()) {
        if (ImGui::Button("Break it")) app.applyLesson(true);
        itemTooltip(describeAction("Restart the scene with what shows the problem:", scene.breakIt).c_str());
        ImGui::SameLine();
    }
    if (!scene.fixIt.empty()) {
        if (ImGui::Button("Fix it")) app.applyLesson(false);
        itemTooltip(describeAction("Restart the scene with what cures the problem:", scene.fixIt).c_str());
        ImGui::SameLine();
    }
    if (ImGui::Button("As in file")) {
        app.lessonState = 0;
        app.reloadScene();
    }
    itemTooltip("Restart the scene with the file's own settings (the healthy ones).");
    const char* state = app.lessonState == 1 ? "broken: watch the problem (R replays it)"
                        : app.lessonState == 2 ? "fixed: the cure is in place (R replays it)"
                                               : "as the file sets it";
    ImGui::TextDisabled("Now: %s", state);
}

} // namespace

void drawLessonPanel(App& app) {
    ImGui::SetNextWindowPos(ImVec2(kPanelColumnX, kMenuBarHeight + 544.0f), ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSize(ImVec2(kPanelColumnWidth, 226.0f), ImGuiCond_FirstUseEver);
    if (!ImGui::Begin("Lesson", &app.panels.lesson)) {
        ImGui::End();
        return;
    }
    claimLeftColumn(app);
    const SceneDef& scene = app.scene;
    ImGui::PushStyleColor(ImGuiCol_Text, kTitleColor);
    ImGui::TextUnformatted(scene.name.empty() ? app.scenePath.c_str() : scene.name.c_str());
    ImGui::PopStyleColor();
    itemTooltip(app.scenePath.c_str());
    std::string topic(sceneTopicTitle(scene.topic));
    ImGui::SameLine();
    ImGui::TextDisabled("(%s)", topic.c_str());
    lessonButtons(app);
    ImGui::Separator();
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(scene.description.empty() ? "This scene has no description." : scene.description.c_str());
    ImGui::PopTextWrapPos();
    ImGui::End();
}

} // namespace tumble::app
