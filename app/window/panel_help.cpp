// The Help panel: every control in one place.
#include "window/panels.h"

#include <imgui.h>

namespace tumble::app {
namespace {

void row(const char* control, const char* action) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(control);
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(action);
}

} // namespace

void drawHelpPanel(App& app) {
    const ImGuiViewport* viewport = ImGui::GetMainViewport();
    ImGui::SetNextWindowPos(ImVec2(viewport->WorkPos.x + viewport->WorkSize.x * 0.5f,
                                   viewport->WorkPos.y + viewport->WorkSize.y * 0.5f),
                            ImGuiCond_FirstUseEver, ImVec2(0.5f, 0.5f));
    if (!ImGui::Begin("Help", &app.panels.help, ImGuiWindowFlags_AlwaysAutoResize)) {
        ImGui::End();
        return;
    }
    if (ImGui::BeginTable("controls", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit)) {
        row("Left click", "select the body under the cursor (Inspector); empty space clears");
        row("Left drag on a body", "pull it toward the cursor on a spring (set in Spawn)");
        row("Ctrl+drag on a body", "push it with a force at the grabbed point (orange arrow)");
        row("Ctrl+Shift+drag", "twist it with a torque about the axis across the pull (violet)");
        row("Hover", "name the body under the cursor");
        row("Right drag / Alt + left drag", "orbit the camera");
        row("Middle drag / Shift + right drag", "pan");
        row("Wheel", "zoom toward what is under the cursor");
        row("F", "frame the selected body, or all moving bodies when none is selected");
        row("C", "reset the camera to the scene's");
        row("Right click", "watch what is under the cursor (Plots): a contact point, a body, the world");
        row("Space", "pause / resume (from a rewound step: drops the recorded future)");
        row("N / Right", "one step forward: the next recorded step when rewound, else a new one");
        row("Left / Shift+Left / Shift+Right", "one step back / ten back / ten forward through the recording");
        row("Home / End", "the oldest / newest recorded step");
        row("Tab", "hide / show every panel");
        row("L", "show / hide the legend of the debug colours over the view");
        row("1 ... 9", "toggle contacts, normals, impulses, penetration, feature ids, AABBs, islands, "
                       "joints, velocities (View > Debug layers)");
        row("X", "moving bodies solid / transparent / wireframe / X-ray (contacts inside stacks)");
        row("[ / ]", "the previous / next scene of the catalogue");
        row("Drop a file", "open a scene, a snapshot or a bug-report folder dropped on the window");
        row("F11", "fullscreen");
        row("Ctrl + / Ctrl - / Ctrl 0", "larger / smaller / normal panel text");
        row("F9", "presentation mode: text x1.5, debug lines and points x2");
        row("T", "throw the Spawn panel's shape from the camera through the cursor");
        row("B", "drop the Spawn panel's shape onto what lies under the cursor");
        row("Delete", "remove the selected body (and its joints)");
        row("R", "reload the scene from its file (undoes spawns, deletes, edits)");
        row("Ctrl+S", "save a snapshot of the step shown to snapshots/ (File menu: also a bug report)");
        row("F12", "save the view without panels to captures/<scene>-step<N>.png");
        row("Shift+F12", "start / stop recording the window to PNG frames (and an MP4 with ffmpeg)");
        row("Ctrl+O", "open a scene, snapshot or bug-report folder (File > Open recent: the last ten)");
        row("Esc", "close a menu or popup");
        row("Ctrl+Q", "quit (asks first when there is a recording to lose)");
        ImGui::EndTable();
    }
    ImGui::Separator();
    if (ImGui::BeginTable("panels", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit)) {
        row("Time", "pause, step, time scale, physics rate, interpolation (left)");
        row("Scene", "the scene catalogue, grouped by topic (left)");
        row("Lesson", "what the scene teaches; Break it / Fix it in the bug gallery (left)");
        row("Timeline", "every recorded step: rewind, step back, play backward, watchdog markers (bottom)");
        row("Solver", "iterations, warm starting, position correction, friction, sleep (right dock)");
        row("Materials", "density, restitution, friction; the pair table and overrides (right dock)");
        row("Collision", "broad phase, pair counts, time per phase, dispatch table (right dock)");
        row("Inspector", "the clicked body, edited live; its joints and contact points (right dock)");
        row("Debug draw", "contacts, normals, impulses, boxes, islands ... (right dock)");
        row("Contact events", "contact begin / persist / end events, sensors and what they let in (right dock)");
        row("Spawn", "shape, size, material and speed for B and T; the drag spring; Delete (right dock)");
        row("Stats", "frame and step times, profile, counters, energies");
        row("Settings", "gravity, integrator, gyroscopic term");
        ImGui::EndTable();
    }
    ImGui::Separator();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30.0f);
    ImGui::TextWrapped("Hover any control in the panels for what it does and its unit. "
                       "Panels open and close from the View menu; their layout is remembered "
                       "in imgui.ini.");
    ImGui::PopTextWrapPos();
    ImGui::End();
}

} // namespace tumble::app
