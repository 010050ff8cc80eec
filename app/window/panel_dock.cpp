// The dock: one window against the right edge whose tabs are the inspection panels, so they
// share one column instead of piling up over the scene.
#include "window/panels.h"

#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <string>

namespace tumble::app {
namespace {

struct DockTab {
    const char* name;
    bool PanelFlags::*open;
    void (*draw)(App&);
    const char* help;
};

const DockTab kTabs[] = {
    {"Solver", &PanelFlags::solver, drawSolverPanel,
     "Iterations, warm starting, position correction, friction model, sleeping, and what the "
     "solver did in the last step."},
    {"Materials", &PanelFlags::materials, drawMaterialsPanel,
     "Density, restitution and friction per material, combine rules, and the pair table with "
     "its overrides."},
    {"Collision", &PanelFlags::collision, drawCollisionPanel,
     "Broad phase, pair counts, time per phase and the narrow-phase dispatch table."},
    {"Inspector", &PanelFlags::inspector, drawInspectorPanel,
     "The body you clicked in the 3D view, edited live, with its joints and contact points."},
    {"Debug draw", &PanelFlags::debugDraw, drawDebugDrawPanel,
     "Overlays in the 3D view: contacts, normals, impulses, bounding boxes, islands ..."},
    {"System", &PanelFlags::system, drawSystemPanel,
     "The constraint system: the selected body's rows (Jacobian, effective mass, every term of "
     "the target, lambda, bounds, clamp) and its island's w = A lambda + b as a heat map."},
    {"Step debugger", &PanelFlags::debugger, drawDebuggerPanel,
     "A step inside a step: the step shown, run again with every stage and every constraint it "
     "solves written down; walk it stage by stage, pass by pass or constraint by constraint."},
    {"Plots", &PanelFlags::plots, drawPlotsPanel,
     "Watch a quantity step by step: a body's height, speed, angular speed or energy; a joint's "
     "angle, force or torque; a contact's impulses or depth; the world's energy, momentum, "
     "penetration, awake bodies or step time. Forks and the Bullet fork plot in their colours; "
     "click to go to a step; export CSV or PNG. Below: sweep a setting over a range."},
    {"Forks", &PanelFlags::forks, drawForksPanel,
     "Copies of the world as it is now with other settings, stepping with it and drawn over it "
     "as ghosts; how far each has drifted, and since when."},
    {"Contact events", &PanelFlags::contactEvents, drawContactEventsPanel,
     "Contact begin, persist and end events pair by pair, sensors' entering and leaving bodies, "
     "and how many bodies each sensor holds and let in."},
    {"Spawn", &PanelFlags::spawn, drawSpawnPanel,
     "What B drops and T throws (shape, size, material, speed), the mouse drag's spring, and "
     "Delete."},
};

/// The dock's title: its tabs' names, two spaces apart.
std::string dockTitle() {
    std::string title;
    for (const DockTab& tab : kTabs) title += (title.empty() ? "" : "  ") + std::string(tab.name);
    return title;
}

/// On the collapsed dock's title bar (call between its Begin and End): the tab whose name was
/// just clicked, found from where the names fall along the bar; null when none was.
bool PanelFlags::*tabUnderCursor() {
    if (!ImGui::IsWindowHovered() || !ImGui::IsMouseClicked(0)) return nullptr;
    const ImGuiStyle& style = ImGui::GetStyle();
    // The title text starts after the collapse arrow.
    float x = ImGui::GetWindowPos().x + style.FramePadding.x + ImGui::GetFontSize() + style.ItemInnerSpacing.x;
    const float mouse = ImGui::GetIO().MousePos.x, gap = ImGui::CalcTextSize("  ").x;
    if (mouse < x) return nullptr; // the arrow: ImGui's own toggle
    for (const DockTab& tab : kTabs) {
        const float width = ImGui::CalcTextSize(tab.name).x;
        if (mouse < x + width + 0.5f * gap) return tab.open;
        x += width + gap;
    }
    return nullptr;
}

} // namespace

bool dockCollapsed() {
    const ImGuiWindow* dock = ImGui::FindWindowByName((dockTitle() + "###Physics").c_str());
    return dock != nullptr && dock->Collapsed;
}

void drawDock(App& app) {
    bool any = false;
    for (const DockTab& tab : kTabs) any |= app.panels.*tab.open;
    if (!any) return;
    const ImGuiIO& io = ImGui::GetIO();
    ImGui::SetNextWindowPos(ImVec2(io.DisplaySize.x - kPanelColumnX, kMenuBarHeight + 8.0f),
                            ImGuiCond_FirstUseEver, ImVec2(1.0f, 0.0f));
    ImGui::SetNextWindowSize(ImVec2(kDockWidth, io.DisplaySize.y - kMenuBarHeight - 16.0f),
                             ImGuiCond_FirstUseEver);
    // On a narrow screen the dock starts as a title bar, leaving the whole view to the scene;
    // the View menu and a click on a body open it where it is needed.
    ImGui::SetNextWindowCollapsed(io.DisplaySize.x < kDockOpenMinWidth, ImGuiCond_FirstUseEver);
    // Larger text needs a wider dock: its width follows the text scale (Ctrl + / -, F9), its
    // right edge staying where it is, up to 60 % of the window.
    static float sizedForScale = 0.0f;
    if (sizedForScale > 0.0f && sizedForScale != app.uiScale) {
        if (const ImGuiWindow* dock = ImGui::FindWindowByName((dockTitle() + "###Physics").c_str())) {
            const float width = std::min(dock->SizeFull.x * app.uiScale / sizedForScale, 0.6f * io.DisplaySize.x);
            ImGui::SetNextWindowPos(ImVec2(dock->Pos.x + dock->SizeFull.x, dock->Pos.y), ImGuiCond_Always, ImVec2(1.0f, 0.0f));
            ImGui::SetNextWindowSize(ImVec2(width, dock->SizeFull.y), ImGuiCond_Always);
        }
    }
    sizedForScale = app.uiScale;
    if (app.focusTab != nullptr) ImGui::SetNextWindowCollapsed(false, ImGuiCond_Always);
    // A tab's name clicked on the collapsed bar last frame: open the dock on that tab.
    static bool PanelFlags::*clickedTab = nullptr;
    if (clickedTab != nullptr) {
        app.panels.*clickedTab = true;
        app.focusTab = clickedTab;
        clickedTab = nullptr;
        ImGui::SetNextWindowCollapsed(false, ImGuiCond_Always);
    }
    // The title names the tabs, so the collapsed bar says what it holds; ### keeps the ID.
    if (!ImGui::Begin((dockTitle() + "###Physics").c_str())) {
        clickedTab = tabUnderCursor();
        ImGui::End();
        return;
    }
    claimRightColumn(app);
    if (ImGui::BeginTabBar("dock", ImGuiTabBarFlags_Reorderable | ImGuiTabBarFlags_FittingPolicyResizeDown)) {
        for (const DockTab& tab : kTabs) {
            bool& open = app.panels.*tab.open;
            if (!open) continue;
            ImGuiTabItemFlags flags = 0;
            if (tab.open == app.focusTab) flags |= ImGuiTabItemFlags_SetSelected;
            bool visible = ImGui::BeginTabItem(tab.name, &open, flags);
            itemTooltip(tab.help);
            if (!visible) continue;
            // A child per tab: each keeps its own scroll position.
            ImGui::BeginChild(tab.name);
            tab.draw(app);
            ImGui::EndChild();
            ImGui::EndTabItem();
        }
        ImGui::EndTabBar();
    }
    ImGui::End();
}

} // namespace tumble::app
