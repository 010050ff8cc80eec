// The Settings panel: gravity, the integrator and the world bounds, edited in World::settings() in place.
#include "window/panels.h"
#include "window/widgets.h"

#include <imgui.h>

namespace tumble::app {

void drawSettingsPanel(App& app) {
    ImGui::SetNextWindowPos(ImVec2(kPanelColumnX + kPanelColumnWidth + 8.0f, kMenuBarHeight + 8.0f),
                            ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSize(ImVec2(360.0f, 230.0f), ImGuiCond_FirstUseEver);
    if (!ImGui::Begin("Settings", &app.panels.settings)) {
        ImGui::End();
        return;
    }
    // Every widget points straight into the world's Settings: the next step reads them.
    Settings& s = app.world.settings();
    bool changed = false;
    changed |= ImGui::DragFloat3("gravity", &s.gravity.x, 0.05f, -100.0f, 100.0f, "%.2f");
    itemTooltip("Acceleration of gravity in m/s^2 (x, y, z); Y is up, Earth is (0, -9.81, 0). "
                "Each body multiplies it by its gravityScale.");
    if (ImGui::Button("Earth")) {
        s.gravity = {0.0f, -9.81f, 0.0f};
        changed = true;
    }
    itemTooltip("Gravity (0, -9.81, 0) m/s^2.");
    ImGui::SameLine();
    if (ImGui::Button("Zero-g")) {
        s.gravity = {0.0f, 0.0f, 0.0f};
        changed = true;
    }
    itemTooltip("No gravity: free bodies keep their momentum (watch the energy plot).");

    changed |= enumCombo("integrator", s.integrator, 3);
    itemTooltip("explicitEuler: x += v dt with the old v, then v += a dt; gains energy, orbits spiral out.\n"
                "symplecticEuler: v += a dt, then x += v dt with the new v; bounded energy error (default).\n"
                "velocityVerlet: half kick, drift, half kick; second order for position-only forces.");
    changed |= enumCombo("gyroscopic", s.gyroscopic, 3);
    itemTooltip("The -w x (I w) term of Euler's equations.\n"
                "none: dropped, w stays constant without torque (a free box never tumbles).\n"
                "explicit: explicit step, |L| renormalised; keeps angular momentum (default).\n"
                "implicit: one Newton step of backward Euler; stable but loses |L| and energy.");
    changed |= ImGui::Checkbox("world bounds", &s.worldBounds.enabled);
    itemTooltip("Freeze a dynamic body whose centre leaves the box below (m), and report it once "
                "as an event naming it. Off: bodies that fall off the world fall for ever.");
    changed |= ImGui::DragFloat3("world min", &s.worldBounds.min.x, 1.0f, -1e6f, 1e6f, "%.0f");
    itemTooltip("Lower corner of the world bounds in m (x, y, z). A dynamic body whose centre "
                "leaves the box is frozen where it left (asleep, nothing wakes it while it is "
                "outside) and reported once as an event naming it. Default (-1000, -1000, -1000).");
    changed |= ImGui::DragFloat3("world max", &s.worldBounds.max.x, 1.0f, -1e6f, 1e6f, "%.0f");
    itemTooltip("Upper corner of the world bounds in m (x, y, z), above the lower one on every "
                "axis. Default (1000, 1000, 1000).");
    ImGui::Text("dt %.4f s (set the rate in the Time panel)", s.timestep);
    if (changed) clampSettings(s);
    ImGui::End();
}

} // namespace tumble::app
