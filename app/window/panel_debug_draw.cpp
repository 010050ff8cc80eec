// The Debug draw panel: one checkbox per flag of tumble::debugDrawFlags() (the list the scene
// reader and writer walk too, so a new flag shows up here by itself) and the impulse scale.
#include "window/panels.h"

#include <imgui.h>

#include <algorithm>
#include <string>

namespace tumble::app {

void drawDebugDrawPanel(App& app) {
    DebugDrawOptions& o = app.debugDraw;
    const std::vector<DebugDrawFlag>& flags = debugDrawFlags();
    if (ImGui::Button("All off")) {
        for (const DebugDrawFlag& f : flags) o.*f.member = false;
    }
    itemTooltip("Turn every overlay off.");
    ImGui::SameLine();
    if (ImGui::Button("Scene's")) o = app.scene.debugDraw;
    itemTooltip("Back to the overlays the scene file asks for (its debugDraw section).");

    ImGui::Separator();
    // Two columns of checkboxes: the names are short, the panel is not.
    if (ImGui::BeginTable("flags", 2, ImGuiTableFlags_SizingStretchSame)) {
        for (const DebugDrawFlag& f : flags) {
            ImGui::TableNextColumn();
            ImGui::Checkbox(f.name, &(o.*f.member));
            std::string help = std::string(f.help) + "\n\nScene file: debugDraw." + f.name;
            itemTooltip(help.c_str());
        }
        ImGui::EndTable();
    }

    ImGui::Separator();
    ImGui::SetNextItemWidth(-140.0f);
    ImGui::SliderFloat("Impulse scale", &o.impulseScale, 0.001f, 1.0f, "%.3f m/(N s)",
                       ImGuiSliderFlags_Logarithmic);
    o.impulseScale = std::clamp(o.impulseScale, 0.0f, 10.0f);
    itemTooltip("Length of the impulse arrows per unit of impulse, in m per N s: arrow = scale * "
                "lambda. Normal impulses (lambda_n) are green, friction (lambda_t1 t1 + lambda_t2 "
                "t2) red. A resting 1 kg box at 60 Hz carries about m g dt = 0.16 N s. The same "
                "scale sizes the warmStart arrows, the frictionBound shapes (half-width = scale * "
                "mu lambda_n) and the joints' reaction impulses.");
    if (!o.impulses && !o.warmStart && !o.frictionBound)
        ImGui::TextDisabled("(impulses, warmStart and frictionBound are off: no contact impulses to scale)");
}

} // namespace tumble::app
