// The Lesson panel: what the running scene teaches. Its title, a paragraph on what to look
// at, then numbered steps, each a button that makes one change (settings, overlays), opens
// the panel where that change lives and outlines its control; for the bug gallery the
// "Break it" / "Fix it" buttons that restart the scene showing and curing the problem.
#include "window/lesson_steps.h"
#include "window/panels.h"

#include <SDL.h>
#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>

namespace tumble::app {
namespace {

const ImVec4 kTitleColor{1.0f, 0.85f, 0.45f, 1.0f};
const ImVec4 kStepPressedColor{0.85f, 0.55f, 0.15f, 1.0f};
const ImU32 kHighlightColor = IM_COL32(255, 190, 40, 255);

/// The step the panels are drawn for this frame: itemTooltip follows every control (the house
/// rule gives each one a tooltip), so it is the one place that sees each control right after
/// it is drawn without every panel passing the App down. Set by drawPanels around the panels.
App::LessonFocus* gFocus = nullptr;

double nowSeconds() { return static_cast<double>(SDL_GetTicks()) / 1000.0; }

/// True when the current window is the panel `name`: its own window, or the dock's child
/// window for the tab of that name (ImGui names a child "<parent>/<child>_<id>").
bool insidePanel(std::string_view name) {
    for (const ImGuiWindow* w = ImGui::GetCurrentWindow(); w != nullptr; w = w->ParentWindow) {
        const std::string_view title = w->Name;
        if (title == name) return true;
        const size_t slash = title.rfind('/');
        if (slash == std::string_view::npos) continue;
        const std::string_view child = title.substr(slash + 1);
        if (child.size() > name.size() && child.substr(0, name.size()) == name && child[name.size()] == '_')
            return true;
    }
    return false;
}

/// What a Break it / Fix it button changes, one line each, for its tooltip.
std::string describeAction(const LessonAction& action) {
    std::string text;
    for (const std::string& s : action.settings) text += "\n  " + s;
    for (const auto& [name, flag] : action.bullets)
        text += "\n  body '" + name + "': bullet " + (flag ? "on" : "off");
    return text;
}

/// A step button's tooltip: every change it makes and where it points.
std::string describeStep(const LessonStep& step) {
    std::string text = step.restart ? "Start the scene again with:" : "Change the running scene:";
    std::string changes = describeAction(step.change);
    for (const auto& [name, on] : step.debugDraw)
        changes += "\n  debug draw '" + name + "' " + (on ? "on" : "off");
    text += changes.empty() ? "\n  nothing (look only)" : changes;
    if (!step.panel.empty())
        text += "\nOpens the " + step.panel + " panel" +
                (step.control.empty() ? "" : " and outlines '" + step.control + "'") + ".";
    text += step.restart ? "\nR replays the scene with it; As in file undoes it."
                         : "\nAs in file (or R) goes back to the file's settings.";
    return text;
}

void lessonSteps(App& app) {
    const Lesson& lesson = app.scene.lesson;
    const float numberWidth = ImGui::GetFrameHeight() * 1.4f;
    // Applied after the list is drawn: a step that restarts replaces the scene it is part of.
    std::optional<size_t> press;
    for (size_t k = 0; k < lesson.steps.size(); ++k) {
        const LessonStep& step = lesson.steps[k];
        ImGui::PushID(static_cast<int>(k));
        const bool pressed = app.lessonFocus.step == static_cast<int>(k);
        if (pressed) ImGui::PushStyleColor(ImGuiCol_Button, kStepPressedColor);
        if (ImGui::Button(std::to_string(k + 1).c_str(), ImVec2(numberWidth, 0.0f))) press = k;
        if (pressed) ImGui::PopStyleColor();
        itemTooltip(describeStep(step).c_str());
        ImGui::SameLine();
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextUnformatted(step.text.c_str());
        ImGui::PopTextWrapPos();
        ImGui::PopID();
    }
    if (press) app.applyLessonStep(*press);
}

void lessonButtons(App& app) {
    const SceneDef& scene = app.scene;
    if (scene.breakIt.empty() && scene.fixIt.empty() && scene.lesson.steps.empty()) return;
    ImGui::Separator();
    if (!scene.breakIt.empty()) {
        if (ImGui::Button("Break it")) app.applyLesson(true);
        itemTooltip(("Restart the scene with what shows the problem:" + describeAction(scene.breakIt) +
                     "\nEvery other setting is the file's (or yours, with Keep settings on reload). R "
                     "replays it; As in file undoes it.").c_str());
        ImGui::SameLine();
    }
    if (!scene.fixIt.empty()) {
        if (ImGui::Button("Fix it")) app.applyLesson(false);
        itemTooltip(("Restart the scene with what cures the problem:" + describeAction(scene.fixIt) +
                     "\nEvery other setting is the file's (or yours, with Keep settings on reload). R "
                     "replays it; As in file undoes it.").c_str());
        ImGui::SameLine();
    }
    if (ImGui::Button("As in file")) {
        app.lessonState = 0;
        app.lessonFocus.step = -1;
        app.reloadScene();
    }
    itemTooltip("Restart the scene with the file's own settings, undoing every step and Break it / Fix it.");
    // What is in force now, when it is not simply the file.
    std::string state = app.lessonState == 1 ? "broken" : app.lessonState == 2 ? "fixed" : "";
    if (app.lessonFocus.step >= 0)
        state += (state.empty() ? "step " : ", step ") + std::to_string(app.lessonFocus.step + 1) + " applied";
    if (!state.empty()) ImGui::TextDisabled("Now: %s (As in file undoes it)", state.c_str());
}

/// The panel's height follows its text (no sentence cut off), up to what the display leaves
/// below the panel's top; past that it scrolls. The user keeps the width.
void fitHeightToText(ImGuiSizeCallbackData* data) {
    auto* app = static_cast<App*>(data->UserData);
    const float room = ImGui::GetIO().DisplaySize.y - data->Pos.y - 8.0f;
    app->lessonPanelRoom = room;
    data->DesiredSize.y = std::max(std::min(app->lessonPanelHeight, room), ImGui::GetFrameHeight() * 3.0f);
}

/// True while the last step's control is to be outlined and the current window is its panel.
bool searchingHere() {
    return gFocus != nullptr && !gFocus->control.empty() && nowSeconds() <= gFocus->until &&
           insidePanel(gFocus->panel);
}

/// Where the Lesson panel goes while it follows the left column: just under the Scene panel,
/// or under the Time panel when Scene is closed, so it moves up when Scene is collapsed and
/// gets the room its text needs. Null when neither was drawn this frame.
std::optional<ImVec2> underLeftColumn() {
    for (const char* name : {"Scene", "Time"}) {
        const ImGuiWindow* w = ImGui::FindWindowByName(name);
        // Size is the title bar's alone while a window is collapsed.
        if (w != nullptr && w->Active) return ImVec2(w->Pos.x, w->Pos.y + w->Size.y + kPanelColumnX);
    }
    return std::nullopt;
}

} // namespace

void setLessonFocus(App::LessonFocus* focus) { gFocus = focus; }

void openIfLessonSearching() {
    if (searchingHere() && !gFocus->found) ImGui::SetNextItemOpen(true);
}

void highlightIfLessonTarget() {
    if (!searchingHere() || ImGui::GetItemID() != ImGui::GetID(gFocus->control.c_str())) return;
    if (!gFocus->found) {
        ImGui::SetScrollHereY(0.5f); // bring it into view once; the user may scroll away after
        gFocus->found = true;
    }
    // A pulsing frame a few pixels outside the control.
    const float pulse = 0.5f + 0.5f * std::sin(static_cast<float>(nowSeconds()) * 8.0f);
    const float pad = 3.0f;
    const ImVec2 min = ImGui::GetItemRectMin(), max = ImGui::GetItemRectMax();
    ImGui::GetWindowDrawList()->AddRect(ImVec2(min.x - pad, min.y - pad), ImVec2(max.x + pad, max.y + pad),
                                        kHighlightColor, 3.0f, 0, 2.0f + 2.0f * pulse);
}

void focusLessonWindow(App& app) {
    if (!app.lessonFocus.focusWindow) return;
    const LessonPanel* panel = findLessonPanel(app.lessonFocus.panel);
    if (panel == nullptr || panel->docked) {
        app.lessonFocus.focusWindow = false;
        return;
    }
    // A window opened by the step is drawn for the first time in the next frame: wait for it.
    const std::string name(panel->name);
    if (ImGui::FindWindowByName(name.c_str()) == nullptr) return;
    ImGui::SetWindowFocus(name.c_str());
    app.lessonFocus.focusWindow = false;
}

void drawLessonPanel(App& app) {
    ImGui::SetNextWindowPos(ImVec2(kPanelColumnX, kMenuBarHeight + 544.0f), ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSize(ImVec2(kPanelColumnWidth, 226.0f), ImGuiCond_FirstUseEver);
    if (app.lessonFollowsColumn)
        if (std::optional<ImVec2> at = underLeftColumn()) ImGui::SetNextWindowPos(*at, ImGuiCond_Always);
    ImGui::SetNextWindowSizeConstraints(ImVec2(0.0f, 0.0f), ImVec2(FLT_MAX, FLT_MAX), fitHeightToText, &app);
    // A scrollbar only when the text does not fit: one that came and went as the panel
    // resized would narrow the wrapped text for a frame, and the panel would flicker a line
    // taller and back each time its text changed.
    const bool fits = app.lessonPanelHeight <= app.lessonPanelRoom;
    const bool open = ImGui::Begin("Lesson", &app.panels.lesson, fits ? ImGuiWindowFlags_NoScrollbar : 0);
    // Dragged by its title bar: it stays where the user puts it from then on.
    if (ImGui::GetCurrentContext()->MovingWindow == ImGui::GetCurrentWindow()) app.lessonFollowsColumn = false;
    if (!open) {
        ImGui::End();
        return;
    }
    claimLeftColumn(app);
    const SceneDef& scene = app.scene;
    ImGui::PushStyleColor(ImGuiCol_Text, kTitleColor);
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(scene.name.empty() ? app.scenePath.c_str() : scene.name.c_str());
    ImGui::PopTextWrapPos();
    ImGui::PopStyleColor();
    itemTooltip(("File: " + app.scenePath + "\nTopic: " + std::string(sceneTopicTitle(scene.topic))).c_str());
    ImGui::PushTextWrapPos(0.0f);
    // A file without a lesson shows its description; one without either says so.
    const std::string& look = !scene.lesson.look.empty() ? scene.lesson.look : scene.description;
    ImGui::TextUnformatted(look.empty() ? "This scene has no lesson." : look.c_str());
    ImGui::PopTextWrapPos();
    if (!scene.lesson.steps.empty()) {
        ImGui::Spacing();
        ImGui::TextDisabled("Try, step by step:");
        lessonSteps(app);
    }
    lessonButtons(app);
    // Where the text ends, for next frame's height (fitHeightToText).
    app.lessonPanelHeight = ImGui::GetCursorPosY() + ImGui::GetStyle().WindowPadding.y - ImGui::GetStyle().ItemSpacing.y;
    ImGui::End();
}

} // namespace tumble::app
