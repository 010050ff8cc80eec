// A custom imgui.ini entry for the open/closed state of each panel.
#include "window/panel_ini.h"

#include <imgui.h>
#include <imgui_internal.h>

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
    {"debugDraw", &PanelFlags::debugDraw}, {"spawn", &PanelFlags::spawn}, {"debugger", &PanelFlags::debugger}, {"system", &PanelFlags::system}, {"forks", &PanelFlags::forks}, {"plots", &PanelFlags::plots},
    {"timeline", &PanelFlags::timeline},   {"lesson", &PanelFlags::lesson},
    {"help", &PanelFlags::help},
};

void* readOpen(ImGuiContext*, ImGuiSettingsHandler* handler, const char* name) {
    return std::strcmp(name, "Panels") == 0 ? handler->UserData : nullptr;
}

void readLine(ImGuiContext*, ImGuiSettingsHandler*, void* entry, const char* line) {
    auto* panels = static_cast<PanelFlags*>(entry);
    char key[32];
    int value = 0;
    if (std::sscanf(line, "%31[^=]=%d", key, &value) != 2) return;
    for (const PanelField& f : kFields)
        if (std::strcmp(key, f.key) == 0) panels->*f.member = value != 0;
}

void writeAll(ImGuiContext*, ImGuiSettingsHandler* handler, ImGuiTextBuffer* out) {
    const auto* panels = static_cast<const PanelFlags*>(handler->UserData);
    out->appendf("[%s][Panels]\n", handler->TypeName);
    for (const PanelField& f : kFields) out->appendf("%s=%d\n", f.key, panels->*f.member ? 1 : 0);
    out->append("\n");
}

} // namespace

void registerPanelIniHandler(PanelFlags& panels) {
    ImGuiSettingsHandler handler;
    handler.TypeName = "Tumble";
    handler.TypeHash = ImHashStr("Tumble");
    handler.ReadOpenFn = readOpen;
    handler.ReadLineFn = readLine;
    handler.WriteAllFn = writeAll;
    handler.UserData = &panels;
    ImGui::GetCurrentContext()->SettingsHandlers.push_back(handler);
}

} // namespace tumble::app
