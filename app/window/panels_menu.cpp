// The menu bar, the load-error and quit popups, the sign over the view, and the frame's panel list.
#include "window/debug_keys.h"
#include "window/panels.h"
#include "window/picking.h"
#include "window/script_runner.h"
#include "window/view_menu.h"

#include "tumble/debug_legend.h"

#include <SDL.h>
#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <cfloat>
#include <cstdio>
#include <cstring>
#include <string>

namespace tumble::app {

void itemTooltip(const char* text) {
    recordScriptItem(); // every control passes here: a script finds it by its label
    highlightIfLessonTarget(); // and a lesson step outlines it
    if (ImGui::IsItemHovered()) {
        ImGui::BeginTooltip();
        ImGui::PushTextWrapPos(ImGui::GetFontSize() * 28.0f);
        ImGui::TextUnformatted(text);
        ImGui::PopTextWrapPos();
        ImGui::EndTooltip();
    }
}

void claimLeftColumn(App& app) {
    ImVec2 pos = ImGui::GetWindowPos(), size = ImGui::GetWindowSize();
    if (pos.x < 2.0f * kPanelColumnX + 24.0f) app.viewLeftInset = std::max(app.viewLeftInset, pos.x + size.x);
}

void claimRightColumn(App& app) {
    ImVec2 pos = ImGui::GetWindowPos(), size = ImGui::GetWindowSize();
    float width = ImGui::GetIO().DisplaySize.x;
    if (pos.x + size.x > width - (2.0f * kPanelColumnX + 24.0f))
        app.viewRightInset = std::max(app.viewRightInset, width - pos.x);
}

void claimBottomRow(App& app) {
    ImVec2 pos = ImGui::GetWindowPos(), size = ImGui::GetWindowSize();
    const float height = ImGui::GetIO().DisplaySize.y;
    // Only a strip: a panel taller than a third of the window is moved, not made room for.
    if (pos.y + size.y > height - (2.0f * kPanelColumnX + 24.0f) && size.y < height / 3.0f &&
        !ImGui::IsWindowCollapsed())
        app.viewBottomInset = std::max(app.viewBottomInset, height - pos.y);
}

namespace {

/// A View menu entry for a tab of the dock: opening it also expands the dock on that tab.
void dockMenuItem(App& app, const char* label, bool PanelFlags::*flag, const char* help) {
    // While the dock is folded to its title bar no tab shows: none is ticked, and a click
    // opens the dock on that tab rather than closing it.
    const bool folded = dockCollapsed();
    bool ticked = app.panels.*flag && !folded;
    if (ImGui::MenuItem(label, nullptr, &ticked)) {
        app.panels.*flag = ticked || folded;
        if (app.panels.*flag) app.focusTab = flag;
    }
    itemTooltip(help);
}

} // namespace

void drawMenuBar(App& app) {
    if (!ImGui::BeginMainMenuBar()) return;
    if (ImGui::BeginMenu("File")) {
        if (ImGui::BeginMenu("Open scene")) {
            for (const SceneCatalogEntry& e : app.catalogue) {
                bool current = e.path == app.scenePath;
                if (ImGui::MenuItem(e.name.empty() ? e.path.c_str() : e.name.c_str(), nullptr, current,
                                    e.error.empty()))
                    app.openScene(e.path);
                if (!e.description.empty()) itemTooltip(e.description.c_str());
            }
            if (app.catalogue.empty()) ImGui::TextDisabled("no scenes in %s", app.scenesFolder.c_str());
            ImGui::Separator();
            if (ImGui::MenuItem("Refresh list")) app.refreshCatalogue();
            ImGui::EndMenu();
        }
        if (ImGui::MenuItem("Open...", "Ctrl+O")) app.openDialog.requested = true;
        itemTooltip("Browse for a scene or snapshot file (.json) or a bug-report folder. Dropping "
                    "one on the window opens it too.");
        drawRecentFilesMenu(app);
        if (ImGui::MenuItem("Reload", "R")) app.reloadScene();
        ImGui::Separator();
        if (ImGui::MenuItem("Save snapshot", "Ctrl+S")) app.saveSnapshot();
        itemTooltip("Write the scene at this step, with its exact state (velocities, sleep, the "
                    "contact cache's impulses), to snapshots/. Opened like any scene it continues "
                    "bit for bit as this run would.");
        if (ImGui::MenuItem("Save bug report")) app.saveBugReport();
        itemTooltip("Write a folder in bugreports/ with a snapshot of this step (rewind first to "
                    "the step that matters), the settings, the camera, a screenshot and the state "
                    "hash expected 120 steps later. 'tumble --verify FOLDER' replays it and exits 0 "
                    "when the hash matches, so a bug report can run in CI.");
        ImGui::Separator();
        if (ImGui::MenuItem("Save picture of the view", "F12")) app.saveViewPicture();
        itemTooltip("Write the 3D view as it is now, without panels or menus, to "
                    "captures/<scene>-step<N>.png.");
        const std::string recordLabel = app.capture.recording
                                            ? "Stop recording (" + std::to_string(app.capture.frames) + " frames)"
                                            : std::string("Record video");
        if (ImGui::MenuItem(recordLabel.c_str(), "Shift+F12")) app.toggleRecordingVideo();
        itemTooltip("Record every frame of the window as drawn (Tab hides the panels for a clean view) "
                    "into captures/<scene>-rec<n>/ as numbered PNGs. On stop, when ffmpeg is "
                    "installed (Debian package ffmpeg), it also makes captures/<scene>-rec<n>.mp4 at the "
                    "rate the frames were drawn, so the video lasts as long as the recording did.");
        ImGui::Separator();
        if (ImGui::MenuItem("Quit", "Ctrl+Q")) app.requestQuit();
        ImGui::EndMenu();
    }
    if (ImGui::BeginMenu("View")) {
        ImGui::MenuItem("Time", nullptr, &app.panels.time);
        ImGui::MenuItem("Scene", nullptr, &app.panels.scene);
        ImGui::MenuItem("Stats", nullptr, &app.panels.stats);
        ImGui::MenuItem("Settings", nullptr, &app.panels.settings);
        ImGui::MenuItem("Timeline", nullptr, &app.panels.timeline);
        ImGui::MenuItem("Lesson", nullptr, &app.panels.lesson);
        ImGui::Separator();
        dockMenuItem(app, "Solver", &PanelFlags::solver,
                     "Iterations, warm starting, position correction, friction model, sleeping.");
        dockMenuItem(app, "Materials", &PanelFlags::materials,
                     "Density, restitution and friction per material; the pair table and its overrides.");
        dockMenuItem(app, "Collision", &PanelFlags::collision,
                     "Broad phase, pair counts, time per phase, the narrow-phase dispatch table.");
        dockMenuItem(app, "Inspector", &PanelFlags::inspector,
                     "The clicked body, edited live; its joints, and what the solver did at each contact point.");
        dockMenuItem(app, "Debug draw", &PanelFlags::debugDraw,
                     "Overlays: contacts, normals, impulses, bounding boxes, islands ...");
        dockMenuItem(app, "Contact events", &PanelFlags::contactEvents,
                     "Contact begin / persist / end events, sensors and the bodies they let in.");
        dockMenuItem(app, "Spawn", &PanelFlags::spawn,
                     "What B drops and T throws, the mouse drag's spring, and Delete.");
        dockMenuItem(app, "System", &PanelFlags::system,
                     "The selected body's constraint rows and its island's matrix A = J M^-1 J^T.");
        dockMenuItem(app, "Step debugger", &PanelFlags::debugger,
                     "A step inside a step: the shown step's stages and constraints, one at a time.");
        dockMenuItem(app, "Plots", &PanelFlags::plots,
                     "Watched quantities of a body or the world, step by step, forks in their colours.");
        dockMenuItem(app, "Forks", &PanelFlags::forks,
                     "Copies of the world with other settings, stepping with it as ghosts: what a knob changed.");
        if (ImGui::BeginMenu("Debug layers")) {
            for (const DebugLayerKey& k : kDebugLayerKeys) {
                const char shortcut[2] = {k.key, '\0'};
                ImGui::MenuItem(k.name, shortcut, &(app.debugDraw.*k.flag));
            }
            ImGui::EndMenu();
        }
        itemTooltip("The main overlays, each on a number key (1 to 9) that toggles it in the view; the "
                    "Debug draw tab has them all, with what each colour means.");
        ImGui::Separator();
        if (ImGui::MenuItem("Frame all", "F")) app.frameAll();
        itemTooltip("Aim at the moving bodies (all bodies if none move).");
        if (ImGui::MenuItem("Reset camera", "C")) app.resetCamera();
        itemTooltip("Back to the scene's own camera.");
        if (ImGui::MenuItem("Hide all panels", "Tab")) app.uiHidden = true;
        itemTooltip("The view alone, for a projector or a screenshot; Tab brings the panels back.");
        ImGui::EndMenu();
    }
    if (ImGui::BeginMenu("Help")) {
        ImGui::MenuItem("Controls", nullptr, &app.panels.help);
        ImGui::EndMenu();
    }
    // The status line: where a file went, or why an action was refused, for a few seconds.
    if (!app.status.empty() && ImGui::GetTime() >= 0.0) {
        double age = static_cast<double>(SDL_GetTicks()) / 1000.0 - app.statusTime;
        if (age < 8.0) {
            ImGui::Separator();
            ImGui::TextUnformatted(app.status.c_str());
        }
    }
    ImGui::EndMainMenuBar();
}

namespace {


/// After the window changed size, every panel keeps its place against the edges it sits by:
/// one by the right edge keeps its distance from it, one by the bottom from the bottom (the
/// others stay where they are); one spanning most of the width or height (the Timeline, the dock) stretches
/// with it instead. Imgui.ini's positions are for the size they were saved at, so this also
/// runs at the first frame of a window of another size.
void followDisplayResize(App& app) {
    const ImVec2 now = ImGui::GetIO().DisplaySize, before(app.lastDisplaySize.x, app.lastDisplaySize.y);
    app.lastDisplaySize = glm::vec2(now.x, now.y);
    if (!(before.x > 0.0f && before.y > 0.0f) || (before.x == now.x && before.y == now.y)) return;
    const float dx = now.x - before.x, dy = now.y - before.y;
    for (ImGuiWindow* w : ImGui::GetCurrentContext()->Windows) {
        const ImGuiWindowFlags skip = ImGuiWindowFlags_ChildWindow | ImGuiWindowFlags_Tooltip | ImGuiWindowFlags_Popup;
        if ((w->Flags & skip) != 0 || w->Hidden) continue;
        ImVec2 pos = w->Pos, size = w->Size;
        const bool wide = size.x > 0.5f * before.x, tall = size.y > 0.8f * before.y;
        // Anchored to an edge: within a tenth of the window of it.
        const bool byRight = before.x - (pos.x + size.x) < 0.1f * before.x;
        const bool byBottom = before.y - (pos.y + size.y) < 0.1f * before.y;
        if (wide) size.x = std::max(size.x + dx, 120.0f);
        else if (byRight) pos.x += dx;
        if (tall) size.y = std::max(size.y + dy, 120.0f);
        else if (byBottom) pos.y += dy;
        ImGui::SetWindowPos(w, ImVec2(std::max(pos.x, 0.0f), std::max(pos.y, 0.0f)));
        ImGui::SetWindowSize(w, size);
    }
}

/// "Quit Tumble?": closing loses the recording (and the forks), so the window asks first.
void drawQuitPopup(App& app) {
    if (app.askQuit) {
        ImGui::OpenPopup("Quit Tumble?");
        app.askQuit = false;
    }
    if (!ImGui::BeginPopupModal("Quit Tumble?", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
    const double seconds = static_cast<double>(app.recorder.size()) * app.world.settings().timestep;
    ImGui::Text("The recording (%zu steps, %.1f s) and any forks are lost when Tumble closes.", app.recorder.size(),
                seconds);
    if (ImGui::Button("Save a snapshot and quit")) {
        app.saveSnapshot();
        app.quit = true;
    }
    itemTooltip("Write the step shown to snapshots/ (as Ctrl+S does), then quit. The snapshot replays "
                "from that step; the steps before it are not kept.");
    ImGui::SameLine();
    if (ImGui::Button("Quit")) app.quit = true;
    itemTooltip("Close Tumble now; the recording and the forks are lost.");
    ImGui::SameLine();
    if (ImGui::Button("Cancel")) ImGui::CloseCurrentPopup();
    itemTooltip("Keep Tumble running (Esc does the same).");
    ImGui::EndPopup();
}

/// Where the signs over the view's top right start: under the menu bar, or under the dock's
/// title bar while the dock is folded to it (it lies across the same corner).
float viewSignTop(const App& app) {
    if (app.uiHidden) return 10.0f;
    if (dockCollapsed())
        if (const ImGuiWindow* dock = ImGui::FindWindowByName("###Physics"))
            return dock->Pos.y + dock->Size.y + 8.0f;
    return kMenuBarHeight + 10.0f;
}

/// Over the view: PAUSED, or REWOUND when the step shown is not the newest, with the step and
/// its time; and, with the panels hidden, how to bring them back.
void drawViewSign(App& app) {
    const ImGuiIO& io = ImGui::GetIO();
    ImDrawList* draw = ImGui::GetForegroundDrawList();
    const uint64_t step = app.world.stepCount(), last = app.recorder.lastStep();
    const double dt = app.world.settings().timestep;
    // Against the view's right edge: the fork legend holds its top left corner.
    const float right = io.DisplaySize.x - app.viewRightInset - 12.0f;
    auto sign = [&](const std::string& big, const std::string& small, float y, ImU32 color) {
        const float scale = 1.6f;
        ImFont* font = ImGui::GetFont();
        const ImVec2 bigSize = font->CalcTextSizeA(ImGui::GetFontSize() * scale, FLT_MAX, 0.0f, big.c_str());
        const ImVec2 smallSize = ImGui::CalcTextSize(small.c_str());
        const float width = std::max(bigSize.x, smallSize.x) + 24.0f;
        const float centre = right - 0.5f * width;
        const ImVec2 min(centre - 0.5f * width, y), max(centre + 0.5f * width, y + bigSize.y + smallSize.y + 14.0f);
        draw->AddRectFilled(min, max, IM_COL32(10, 12, 16, 190), 6.0f);
        draw->AddText(font, ImGui::GetFontSize() * scale, ImVec2(centre - 0.5f * bigSize.x, y + 5.0f), color, big.c_str());
        draw->AddText(ImVec2(centre - 0.5f * smallSize.x, y + 8.0f + bigSize.y), IM_COL32(200, 200, 200, 255), small.c_str());
    };
    const float top = viewSignTop(app);
    char text[160];
    if (step < last) {
        std::snprintf(text, sizeof text, "step %llu of %llu   %.3f s   N or Right: the next recorded step",
                      static_cast<unsigned long long>(step), static_cast<unsigned long long>(last), double(step) * dt);
        sign("REWOUND", text, top, IM_COL32(120, 200, 255, 255));
    } else if (app.stepper.paused) {
        std::snprintf(text, sizeof text, "step %llu   %.3f s   Space resumes, N steps",
                      static_cast<unsigned long long>(step), double(step) * dt);
        sign("PAUSED", text, top, IM_COL32(255, 200, 80, 255));
    }
    if (app.uiHidden)
        draw->AddText(ImVec2(10.0f, io.DisplaySize.y - 24.0f), IM_COL32(160, 160, 160, 200), "Tab: show the panels");
}

/// Over the view's right side: the colours of the debug overlays that are on, and what each
/// means (debugLegend, beside the colours in the engine).
void drawDebugLegendOverlay(const App& app) {
    if (!app.debugLegend) return;
    // Only what can be on screen: stick/slip recolours the contact points, joints and
    // attractors need the scene to have some (the drag spring is drawn in any scene).
    const bool noJoints = app.world.jointIds().empty(), noFields = app.scene.forceFields.empty();
    auto applies = [&](const DebugLegendEntry& e) {
        const std::string flag = e.flag, meaning = e.meaning;
        if (flag == "contacts" && app.debugDraw.stickSlip) return false;
        if (flag == "joints" && noJoints && meaning != "drag spring") return false;
        return !(flag == "forceFields" && noFields);
    };
    std::vector<const DebugLegendEntry*> shown;
    for (const DebugLegendEntry& e : debugLegend())
        for (const DebugDrawFlag& f : debugDrawFlags())
            if (std::strcmp(f.name, e.flag) == 0 && app.debugDraw.*f.member && applies(e)) shown.push_back(&e);
    if (shown.empty()) return;
    const ImGuiIO& io = ImGui::GetIO();
    const float line = ImGui::GetTextLineHeight() + 2.0f, swatch = ImGui::GetTextLineHeight() - 4.0f;
    float width = 0.0f;
    for (const DebugLegendEntry* e : shown) width = std::max(width, ImGui::CalcTextSize(e->meaning).x);
    width += swatch + 20.0f;
    const float right = io.DisplaySize.x - app.viewRightInset - 12.0f;
    const float top = viewSignTop(app) + 70.0f; // under the PAUSED / REWOUND sign
    ImDrawList* draw = ImGui::GetForegroundDrawList();
    draw->AddRectFilled(ImVec2(right - width, top), ImVec2(right, top + line * float(shown.size()) + 8.0f),
                        IM_COL32(10, 12, 16, 170), 4.0f);
    float y = top + 4.0f;
    for (const DebugLegendEntry* e : shown) {
        const ImU32 c = IM_COL32(int(255 * e->color.r), int(255 * e->color.g), int(255 * e->color.b), 255);
        draw->AddRectFilled(ImVec2(right - width + 6.0f, y + 2.0f), ImVec2(right - width + 6.0f + swatch, y + 2.0f + swatch), c);
        draw->AddText(ImVec2(right - width + 12.0f + swatch, y), IM_COL32(220, 220, 220, 255), e->meaning);
        y += line;
    }
}

/// The errors of a failed load, in red, over everything until dismissed.
void drawLoadErrorPopup(App& app) {
    if (app.openLoadErrorPopup) {
        ImGui::OpenPopup("Scene did not load");
        app.openLoadErrorPopup = false;
    }
    ImGui::SetNextWindowSize(ImVec2(560.0f, 0.0f), ImGuiCond_Appearing);
    if (ImGui::BeginPopupModal("Scene did not load", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
        ImGui::TextWrapped("The file has errors, so the running scene was kept:");
        ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.4f, 0.4f, 1.0f));
        ImGui::PushTextWrapPos(540.0f);
        ImGui::TextUnformatted(app.loadError.c_str());
        ImGui::PopTextWrapPos();
        ImGui::PopStyleColor();
        if (ImGui::Button("OK", ImVec2(120.0f, 0.0f))) ImGui::CloseCurrentPopup();
        itemTooltip("Close this message (Esc does the same); the running scene stays.");
        ImGui::EndPopup();
    }
}

} // namespace

void drawPanels(App& app) {
    // Esc closes the popup on top (a menu, a combo, the view menu, a question), one a press:
    // Dear ImGui 1.86 does so only with keyboard navigation on, which would take the arrows
    // and Space from the app's shortcuts.
    const ImGuiContext& g = *ImGui::GetCurrentContext();
    if (app.escapePressed && g.OpenPopupStack.Size > 0) ImGui::ClosePopupToLevel(g.OpenPopupStack.Size - 1, true);
    app.escapePressed = false;
    followDisplayResize(app);
    app.viewLeftInset = 0.0f;
    app.viewRightInset = 0.0f;
    app.viewBottomInset = 0.0f;
    if (app.uiHidden) {
        drawViewSign(app);
        drawDebugLegendOverlay(app);
        updateHover(app);
        drawViewMenu(app);
        drawQuitPopup(app);
        return;
    }
    drawMenuBar(app);
    setLessonFocus(&app.lessonFocus);
    if (app.panels.time) drawTimePanel(app);
    if (app.panels.scene) drawScenePanel(app);
    if (app.panels.stats) drawStatsPanel(app);
    if (app.panels.settings) drawSettingsPanel(app);
    if (app.panels.timeline) drawTimelinePanel(app);
    if (app.panels.lesson) drawLessonPanel(app);
    drawDock(app);
    drawForkLegend(app);
    app.focusTab = nullptr;
    if (app.panels.help) drawHelpPanel(app);
    setLessonFocus(nullptr);
    focusLessonWindow(app);
    updateHover(app);
    drawViewMenu(app);
    drawViewSign(app);
    drawDebugLegendOverlay(app);
    drawQuitPopup(app);
    drawOpenDialog(app);
    drawLoadErrorPopup(app);
}

} // namespace tumble::app
