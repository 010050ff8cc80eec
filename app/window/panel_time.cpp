// The Time panel: the fixed-step loop made visible and adjustable.
#include "window/panels.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace tumble::app {

void drawTimePanel(App& app) {
    ImGui::SetNextWindowPos(ImVec2(kPanelColumnX, kMenuBarHeight + 8.0f), ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSize(ImVec2(kPanelColumnWidth, 270.0f), ImGuiCond_FirstUseEver);
    if (!ImGui::Begin("Time", &app.panels.time)) {
        ImGui::End();
        return;
    }
    claimLeftColumn(app);
    FixedStepper& stepper = app.stepper;
    Settings& settings = app.world.settings();

    if (ImGui::Button(stepper.paused ? "Resume (Space)" : "Pause (Space)", ImVec2(120.0f, 0.0f)))
        app.togglePause();
    itemTooltip("Stop or restart simulated time. Paused, the bodies are drawn at their current "
                "physics pose (no interpolation).");
    ImGui::SameLine();
    if (ImGui::Button("Step (N)")) app.singleStep();
    itemTooltip("Pause and advance exactly one physics step of dt.");
    ImGui::SameLine();
    if (ImGui::Button("Reload (R)")) app.reloadScene();
    itemTooltip("Start the scene again from its file. If the file now has errors, the running "
                "scene is kept and the errors are shown.");
    ImGui::Checkbox("Keep settings on reload", &app.keepSettingsOnReload);
    itemTooltip("On: Reload restarts the bodies but keeps the settings you changed in the panels "
                "(solver, collision, materials and pair overrides included), so a change can be "
                "compared from the start. Off: the file's settings and materials come back.");

    ImGui::Separator();
    ImGui::SliderFloat("Time scale", &stepper.timeScale, 0.05f, 4.0f, "%.2fx", ImGuiSliderFlags_Logarithmic);
    stepper.timeScale = std::clamp(stepper.timeScale, 0.05f, 4.0f);
    itemTooltip("Simulated seconds per wall-clock second (0.05x to 4x). Slow motion and fast forward "
                "take fewer or more steps per frame; dt itself is unchanged, so the physics is "
                "the same.");

    // The engine accepts dt in [kMinTimestep, kMaxTimestep] (10 us to 1/15 s); the slider
    // shows the common range in Hz, and Ctrl+click types any rate in the engine's range.
    int hz = static_cast<int>(std::lround(1.0f / settings.timestep));
    if (ImGui::SliderInt("Physics rate", &hz, 15, 480, "%d Hz")) {
        settings.timestep = 1.0f / static_cast<float>(std::max(hz, 1));
        clampSettings(settings);
    }
    itemTooltip("Physics steps per simulated second (Hz); dt = 1 / rate. The slider spans 15 to "
                "480 Hz; Ctrl+click to type any rate from 15 to 100000 Hz (dt 1/15 s down to "
                "10 us, the range scene files accept). Try 20 Hz with Interpolate off to see the "
                "stutter that interpolation hides.");
    ImGui::Checkbox("Interpolate", &app.interpolate);
    itemTooltip("On: bodies are drawn between the last two physics poses (lerp for position, slerp "
                "for orientation) at alpha, so motion is smooth at any physics rate. Off: the raw "
                "physics pose is drawn and moves only when a step is taken.");

    ImGui::Separator();
    float dtMs = settings.timestep * 1000.0f;
    ImGui::Text("dt %.3f ms   accumulator %.3f ms", dtMs, stepper.accumulator() * 1000.0f);
    itemTooltip("Accumulator: frame time (x time scale) not yet simulated, in ms. Whole steps of dt "
                "are taken while it holds at least dt; the rest waits for the next frame.");
    char overlay[32];
    std::snprintf(overlay, sizeof(overlay), "alpha %.2f", stepper.alpha());
    ImGui::ProgressBar(stepper.alpha(), ImVec2(-1.0f, 0.0f), overlay);
    itemTooltip("alpha = accumulator / dt, in [0, 1). Drawn pose = previous*(1 - alpha) + "
                "current*alpha (slerp for orientation).");
    ImGui::Text("steps this frame %d%s", app.stepsThisFrame,
                stepper.clampedLastAdvance() ? "  (frame time clamped)" : "");
    itemTooltip("Physics steps taken in the last frame. 'Clamped': the frame took longer than "
                "maxFrameTime, so time was dropped instead of spiralling into ever more steps.");
    ImGui::Text("simulated %.3f s   step %llu", app.world.time(),
                static_cast<unsigned long long>(app.world.stepCount()));
    itemTooltip("Simulated time in seconds and the number of steps since the scene was loaded.");

    if (app.nonFiniteNoticed) {
        ImGui::Separator();
        ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.4f, 0.4f, 1.0f));
        ImGui::TextWrapped("A body turned non-finite; the simulation paused and froze it:");
        const auto& events = app.world.events();
        size_t first = events.size() > 5 ? events.size() - 5 : 0;
        for (size_t i = first; i < events.size(); ++i) {
            const WorldEvent& e = events[i];
            if (e.count > 1)
                ImGui::BulletText("steps %llu-%llu (%llu times), %s: %s",
                                  static_cast<unsigned long long>(e.step),
                                  static_cast<unsigned long long>(e.lastStep),
                                  static_cast<unsigned long long>(e.count), e.bodyName.c_str(),
                                  e.what.c_str());
            else
                ImGui::BulletText("step %llu, %s: %s", static_cast<unsigned long long>(e.step),
                                  e.bodyName.c_str(), e.what.c_str());
        }
        ImGui::PopStyleColor();
    }
    ImGui::End();
}

} // namespace tumble::app
