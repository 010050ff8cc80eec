// The Lesson panel: what the running scene teaches, what to look at and what to toggle, and
// for the bug gallery the "Break it" / "Fix it" buttons that set the settings showing and
// curing the problem.
#include "window/panels.h"

#include <imgui.h>

#include <string>

namespace tumble::app {
namespace {

const ImVec4 kTitleColor{1.0f, 0.85f, 0.45f, 1.0f};

std::string_view topicTitle(const std::string& id) {
    for (const SceneTopic& t : sceneTopics())
        if (t.id == id) return t.title;
    return id;
}

/// What a button changes, one line each, for its tooltip.
std::string describeAction(const char* intro, const LessonAction& action) {
    std::string text = intro;
    for (const std::string& s : action.settings) text += "\n  " + s;
    for (const auto& [name, flag] : action.bullets)
        text += "\n  body '" + name + "': bullet " + (flag ? "on" : "off");
    text += "\nEvery other setting stays as you left it; Reload (R) undoes it.";
    return text;
}

void lessonButtons(App& app) {
    const SceneDef& scene = app.scene;
    if (scene.breakIt.empty() && scene.fixIt.empty()) return;
    ImGui::Separator();
    if (!scene.breakIt.empty()) {
        if (ImGui::Button("Break it")) app.applyLesson(true);
        itemTooltip(describeAction("Set what shows the problem, on the running scene:", scene.breakIt).c_str());
        ImGui::SameLine();
    }
    if (!scene.fixIt.empty()) {
        if (ImGui::Button("Fix it")) app.applyLesson(false);
        itemTooltip(describeAction("Set what cures the problem, on the running scene:", scene.fixIt).c_str());
        ImGui::SameLine();
    }
    if (ImGui::Button("Restart")) app.reloadScene();
    itemTooltip("Reload the scene (R) to watch it again from the start. With 'Keep settings on "
                "reload' (Time panel) the button's settings stay.");
    const char* state = app.lessonState == 1 ? "broken: the problem should show now"
                        : app.lessonState == 2 ? "fixed: the cure is in place"
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
    std::string topic(topicTitle(scene.topic));
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
