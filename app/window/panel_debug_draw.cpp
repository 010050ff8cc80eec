// The Debug draw panel: one checkbox per flag of tumble::debugDrawFlags() (the list the scene
// reader and writer walk too, so a new flag shows up here by itself), the impulse scale, and
// the selected body's trail and onion skin (window/trail.h).
#include "window/debug_keys.h"
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

    static const char* const kStyles[] = {"solid", "transparent", "wireframe", "X-ray"};
    int style = static_cast<int>(app.bodyStyle);
    ImGui::SetNextItemWidth(130.0f);
    if (ImGui::Combo("Bodies (X)", &style, kStyles, 4)) app.bodyStyle = static_cast<BodyStyle>(style);
    itemTooltip("How the moving bodies are drawn, so the contacts inside a stack show (static bodies "
                "stay solid):\nsolid: as they are;\ntransparent: see-through at the opacity beside;\n"
                "wireframe: their triangles' edges only;\nX-ray: a faint fill with the edges over it.\n"
                "X cycles through them.");
    if (app.bodyStyle == BodyStyle::Transparent) {
        ImGui::SameLine();
        ImGui::SetNextItemWidth(110.0f);
        ImGui::SliderFloat("opacity", &app.bodyOpacity, 0.05f, 1.0f, "%.2f");
        itemTooltip("How opaque the moving bodies are in the transparent style: 1 solid, 0.05 nearly invisible.");
    }

    ImGui::Checkbox("Outlines", &app.outlines);
    itemTooltip("Dark lines, about 2 pixels wide, along the edges of boxes and hulls and round the "
                "silhouettes of spheres and capsules, so a stack of boxes of one material reads as "
                "separate boxes. Kept between runs.");
    ImGui::SameLine();
    ImGui::Checkbox("Shadows", &app.shadows);
    itemTooltip("Shadows from the key light (above, front right) on the ground and the bodies, so "
                "heights read on a projector: a body in the air stands off its shadow. A 1024 x "
                "1024 shadow map fitted to the bodies near the camera's target. Kept between runs.");
    ImGui::SameLine();
    ImGui::Checkbox("Legend (L)", &app.debugLegend);
    itemTooltip("A key over the view's right side: the colour of each overlay that is on, and what it means.");

    ImGui::Separator();
    // Two columns of checkboxes: the names are short, the panel is not.
    if (ImGui::BeginTable("flags", 2, ImGuiTableFlags_SizingStretchSame)) {
        for (const DebugDrawFlag& f : flags) {
            ImGui::TableNextColumn();
            ImGui::Checkbox(f.name, &(o.*f.member));
            std::string help = std::string(f.help) + "\n\nScene file: debugDraw." + f.name;
            if (const char key = debugLayerKeyOf(f.name); key != 0) help += std::string("\nKey: ") + key;
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

    ImGui::SetNextItemWidth(-140.0f);
    ImGui::SliderFloat("Normal length", &o.normalLength, 0.05f, 2.0f, "%.2f m", ImGuiSliderFlags_Logarithmic);
    o.normalLength = std::clamp(o.normalLength, 0.01f, 10.0f);
    itemTooltip("Length of the contact normal arrows (normals), m. 0.3 m suits a scene seen "
                "from a few metres; the collision gallery, framed from 25 m, draws them 0.8 m "
                "long. Scene file: debugDraw.normalLength.");

    ImGui::Separator();
    ImGui::TextUnformatted("Trail of the selected body");
    TrailOptions& t = app.trail;
    ImGui::Checkbox("Trail", &t.show);
    itemTooltip("The selected body's centre-of-mass path through the recording (Timeline): the "
                "span before the step shown in orange, and when you have rewound, the recorded "
                "steps after it dimmer. Select a body first (click it).");
    ImGui::SetNextItemWidth(-140.0f);
    ImGui::SliderFloat("Span", &t.seconds, 0.1f, 10.0f, "%.1f s", ImGuiSliderFlags_Logarithmic);
    t.seconds = std::clamp(t.seconds, 0.0f, 60.0f);
    itemTooltip("How much of the recording the trail and the onion skin cover on each side of "
                "the step shown, in s of simulated time (span / dt steps). Only recorded steps "
                "are drawn: the Timeline's memory budget bounds how far back it goes.");
    ImGui::SetNextItemWidth(-140.0f);
    ImGui::SliderInt("Onion skin every", &t.onionEvery, 0, 120, t.onionEvery == 0 ? "off" : "%d steps");
    t.onionEvery = std::clamp(t.onionEvery, 0, 100000);
    itemTooltip("Draw the selected body faintly at its recorded pose every k steps (k x dt s "
                "apart) along the span, so spin and swing show as a sequence of frames; 0 turns "
                "it off. Poses are taken at multiples of k, so they stay put while the world "
                "runs. At most 40 are drawn: a smaller k over a long span is thinned.");
    const TrailCache& c = app.trailCache;
    if (c.built && c.onionStride > static_cast<uint64_t>(t.onionEvery))
        ImGui::TextDisabled("(span too long for every %d: drawing every %llu steps)", t.onionEvery,
                            static_cast<unsigned long long>(c.onionStride));
    if ((t.show || t.onionEvery > 0) && app.selected.isNull())
        ImGui::TextDisabled("(select a body to see its trail)");
}

} // namespace tumble::app
