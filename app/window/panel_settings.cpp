// The Settings and Debug draw panels: edit World::settings() and the overlay flags in place.
#include "window/panels.h"

#include <imgui.h>

#include <string>

namespace tumble::app {
namespace {

/// A combo over an enum's values [0, count), labelled with the scene-file names.
template <class Enum>
bool enumCombo(const char* label, Enum& value, int count) {
    bool changed = false;
    std::string current(toString(value));
    if (ImGui::BeginCombo(label, current.c_str())) {
        for (int i = 0; i < count; ++i) {
            Enum candidate = static_cast<Enum>(i);
            std::string name(toString(candidate));
            if (ImGui::Selectable(name.c_str(), candidate == value)) {
                value = candidate;
                changed = true;
            }
        }
        ImGui::EndCombo();
    }
    return changed;
}

} // namespace

void drawSettingsPanel(App& app) {
    ImGui::SetNextWindowPos(ImVec2(kPanelColumnX + kPanelColumnWidth + 8.0f, kMenuBarHeight + 8.0f),
                            ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSize(ImVec2(360.0f, 180.0f), ImGuiCond_FirstUseEver);
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
    ImGui::Text("dt %.4f s (set the rate in the Time panel)", s.timestep);
    if (changed) clampSettings(s);
    ImGui::End();
}

void drawDebugDrawPanel(App& app) {
    ImGui::SetNextWindowPos(ImVec2(kPanelColumnX + kPanelColumnWidth + 8.0f, kMenuBarHeight + 196.0f),
                            ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSize(ImVec2(260.0f, 250.0f), ImGuiCond_FirstUseEver);
    if (!ImGui::Begin("Debug draw", &app.panels.debugDraw)) {
        ImGui::End();
        return;
    }
    DebugDrawOptions& o = app.debugDraw;
    ImGui::Checkbox("contacts", &o.contacts);
    itemTooltip("A point at each contact point.");
    ImGui::Checkbox("normals", &o.normals);
    itemTooltip("Each contact's normal, from body A to body B.");
    ImGui::Checkbox("body axes", &o.bodyAxes);
    itemTooltip("Each body's local X (red), Y (green) and Z (blue) axes, 0.5 m long.");
    ImGui::Checkbox("centre of mass", &o.centerOfMass);
    itemTooltip("A point at each body's centre of mass.");
    ImGui::Checkbox("bounding boxes", &o.aabbs);
    itemTooltip("The axis-aligned bounding boxes the broad phase tests.");
    ImGui::Checkbox("velocities", &o.velocities);
    itemTooltip("An arrow per dynamic body: where its linear velocity takes it in 0.1 s.");
    ImGui::Checkbox("force fields", &o.forceFields);
    itemTooltip("Attractor centres and their radius of action.");
    ImGui::Checkbox("trajectories", &o.trajectories);
    itemTooltip("The closed-form free-flight parabola x0 + v0 t + g t^2 / 2 from each body's launch, "
                "to compare the simulated path with.");
    ImGui::End();
}

} // namespace tumble::app
