// A custom imgui.ini entry for the open/closed state of each panel.
#include "window/panel_ini.h"

#include "window/session_memory.h"

#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>

namespace tumble::app {
namespace {

struct PanelField {
    const char* key;
    bool PanelFlags::*member;
};

constexpr PanelField kFields[] = {
    {"time", &PanelFlags::time},           {"scene", &PanelFlags::scene},
    {"stats", &PanelFlags::stats},         {"settings", &PanelFlags::settings},
    {"solver", &PanelFlags::solver},       {"materials", &PanelFlags::materials},
    {"collision", &PanelFlags::collision}, {"inspector", &PanelFlags::inspector},
    {"debugDraw", &PanelFlags::debugDraw}, {"spawn", &PanelFlags::spawn}, {"debugger", &PanelFlags::debugger}, {"system", &PanelFlags::system}, {"forks", &PanelFlags::forks}, {"plots", &PanelFlags::plots}, {"contactEvents", &PanelFlags::contactEvents},
    {"timeline", &PanelFlags::timeline},   {"lesson", &PanelFlags::lesson},
    {"help", &PanelFlags::help},
};

void* readOpen(ImGuiContext*, ImGuiSettingsHandler* handler, const char* name) {
    return std::strcmp(name, "Panels") == 0 ? handler->UserData : nullptr;
}

void readLine(ImGuiContext*, ImGuiSettingsHandler*, void* entry, const char* line) {
    auto* app = static_cast<App*>(entry);
    char key[32];
    float value = 0.0f;
    if (std::sscanf(line, "%31[^=]=%f", key, &value) != 2 || !std::isfinite(value)) return;
    for (const PanelField& f : kFields)
        if (std::strcmp(key, f.key) == 0) app->panels.*f.member = value != 0.0f;
    // The view's style, within what its keys allow.
    if (std::strcmp(key, "uiScale") == 0) app->uiScale = std::clamp(value, kMinUiScale, kMaxUiScale);
    if (std::strcmp(key, "lineScale") == 0) app->lineScale = std::clamp(value, 1.0f, kMaxLineScale);
    if (std::strcmp(key, "bodyStyle") == 0) app->bodyStyle = static_cast<BodyStyle>(std::clamp(int(value), 0, 3));
    if (std::strcmp(key, "bodyOpacity") == 0) app->bodyOpacity = std::clamp(value, 0.05f, 1.0f);
    if (std::strcmp(key, "outlines") == 0) app->outlines = value != 0.0f;
    if (std::strcmp(key, "shadows") == 0) app->shadows = value != 0.0f;
}

void writeAll(ImGuiContext*, ImGuiSettingsHandler* handler, ImGuiTextBuffer* out) {
    const auto* app = static_cast<const App*>(handler->UserData);
    out->appendf("[%s][Panels]\n", handler->TypeName);
    for (const PanelField& f : kFields) out->appendf("%s=%d\n", f.key, app->panels.*f.member ? 1 : 0);
    out->appendf("uiScale=%.3f\nlineScale=%.3f\nbodyStyle=%d\nbodyOpacity=%.3f\noutlines=%d\nshadows=%d\n",
                 double(app->uiScale), double(app->lineScale), static_cast<int>(app->bodyStyle),
                 double(app->bodyOpacity), app->outlines ? 1 : 0, app->shadows ? 1 : 0);
    out->append("\n");
    // The window's size and scene, read back by main.cpp before the next window opens (ImGui
    // passes this entry over: readOpen knows only "Panels").
    if (app->windowWidth > 0 && app->windowHeight > 0) {
        RememberedSession s;
        s.width = app->windowWidth;
        s.height = app->windowHeight;
        s.scenePath = app->scenePath;
        s.recentFiles = app->recentFiles;
        // The scene as it was left: the next run without a scene on its command line opens it so.
        s.hasCamera = true;
        s.camera = CameraDef{app->camera.target, app->camera.distance, app->camera.yawDeg, app->camera.pitchDeg};
        s.hasDebugLayers = true;
        s.debugLayers = debugLayersOn(app->debugDraw);
        s.settings = settingChanges(app->scene.settings, app->world.settings());
        out->append(rememberedSessionEntry(s).c_str());
    }
}

} // namespace

void registerPanelIniHandler(App& app) {
    ImGuiSettingsHandler handler;
    handler.TypeName = "Tumble";
    handler.TypeHash = ImHashStr("Tumble");
    handler.ReadOpenFn = readOpen;
    handler.ReadLineFn = readLine;
    handler.WriteAllFn = writeAll;
    handler.UserData = &app;
    ImGui::GetCurrentContext()->SettingsHandlers.push_back(handler);
}

} // namespace tumble::app
