// The Timeline panel: the recording of every step since the load, a slider to go back to
// any of them, the watchdog's markers, and the memory the recording takes.
#include "window/panels.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <string>

namespace tumble::app {
namespace {

const ImVec4 kWarnColor{1.0f, 0.8f, 0.3f, 1.0f};

/// A marker's colour: red non-finite, orange energy jump, magenta too deep, blue a body left
/// the world bounds, yellow too fast.
ImU32 markerColor(const StepFlags& f) {
    if (f.nonFinite) return IM_COL32(255, 60, 60, 255);
    if (f.energyJump) return IM_COL32(255, 150, 40, 255);
    if (f.tooDeep) return IM_COL32(230, 80, 230, 255);
    if (f.leftWorld) return IM_COL32(90, 150, 255, 255);
    return IM_COL32(250, 230, 60, 255);
}

std::string markerText(const StepFlags& f) {
    std::string text;
    auto add = [&](bool on, const char* what) {
        if (on) text += (text.empty() ? "" : ", ") + std::string(what);
    };
    add(f.nonFinite, "non-finite");
    add(f.energyJump, "energy jump");
    add(f.tooDeep, "too deep");
    add(f.tooFast, "too fast");
    add(f.leftWorld, "left the world");
    return text;
}

/// " (box 3, ball)": the bodies the world's events name over a marker's steps (the events of
/// steps after the one shown are not known while rewound: then nothing is added).
std::string flaggedBodies(const World& world, const RecordedMarker& m) {
    std::string names;
    for (const WorldEvent& e : world.events()) {
        if (e.lastStep < m.step || e.step > m.lastStep) continue;
        const std::string name = e.bodyName.empty() ? "a body" : e.bodyName;
        if (names.find(name) != std::string::npos) continue;
        if (names.size() > 60) return " (" + names + ", ...)";
        names += (names.empty() ? "" : ", ") + name;
    }
    return names.empty() ? "" : " (" + names + ")";
}

/// The strip under the slider: one tick per flagged step; a click on the strip goes there.
void drawMarkerStrip(App& app, const std::vector<RecordedMarker>& markers) {
    const Recorder& rec = app.recorder;
    ImVec2 origin = ImGui::GetCursorScreenPos();
    float width = ImGui::GetContentRegionAvail().x;
    const float height = 14.0f;
    ImGui::InvisibleButton("markers", ImVec2(std::max(width, 1.0f), height));
    ImDrawList* draw = ImGui::GetWindowDrawList();
    draw->AddRectFilled(origin, ImVec2(origin.x + width, origin.y + height), IM_COL32(40, 40, 48, 255));
    // While the cursor is over the strip its scale holds still (a running scene would slide the
    // ticks out from under it); the steps recorded since are left off until it moves away.
    static uint64_t shownLast = 0;
    const bool overStrip = ImGui::IsMouseHoveringRect(origin, ImVec2(origin.x + width, origin.y + height));
    if (!overStrip || shownLast < rec.firstStep() || shownLast > rec.lastStep()) shownLast = rec.lastStep();
    const double first = static_cast<double>(rec.firstStep());
    const double span = std::max(1.0, static_cast<double>(shownLast) - first);
    auto xOf = [&](uint64_t step) {
        return origin.x + static_cast<float>((static_cast<double>(step) - first) / span) * width;
    };
    for (const RecordedMarker& m : markers) {
        if (m.step > shownLast) continue;
        // A run of flagged steps is one band from its first step to its last.
        float x0 = xOf(m.step), x1 = std::max(xOf(std::min(m.lastStep, shownLast)), x0 + 2.0f);
        draw->AddRectFilled(ImVec2(x0 - 1.0f, origin.y), ImVec2(x1 - 1.0f, origin.y + height),
                            markerColor(m.flags));
    }
    float now = xOf(std::min(app.world.stepCount(), shownLast));
    draw->AddTriangleFilled(ImVec2(now - 5.0f, origin.y), ImVec2(now + 5.0f, origin.y),
                            ImVec2(now, origin.y + 7.0f), IM_COL32(255, 255, 255, 230));
    if (ImGui::IsItemClicked()) {
        float t = (ImGui::GetIO().MousePos.x - origin.x) / std::max(width, 1.0f);
        uint64_t step = rec.firstStep() + static_cast<uint64_t>(std::clamp(t, 0.0f, 1.0f) * span + 0.5);
        app.seekTo(std::min(step, shownLast));
    }
    if (ImGui::IsItemHovered()) {
        ImGui::BeginTooltip();
        ImGui::TextUnformatted("Watchdog markers: steps flagged as suspicious (limits in the "
                               "scene's watchdog settings). Red non-finite, orange energy jump, "
                               "magenta too deep, yellow too fast. Click to go to a step.");
        ImGui::EndTooltip();
    }
}

void drawTransport(App& app) {
    Recorder& rec = app.recorder;
    const uint64_t step = app.world.stepCount();
    if (ImGui::Button("|<")) app.seekTo(rec.firstStep());
    itemTooltip("Go to the oldest recorded step (Home).");
    ImGui::SameLine();
    if (ImGui::ArrowButton("back", ImGuiDir_Left) && step > rec.firstStep()) app.seekTo(step - 1);
    itemTooltip("One step back: restores the step before and runs this one again, so its "
                "contacts and impulses are exactly as they were. Key: Left (Shift: ten steps).");
    ImGui::SameLine();
    if (ImGui::Button(app.playBackward ? "Stop##back" : "Play backward")) {
        app.playBackward = !app.playBackward;
        app.backwardAccumulator = 0.0f;
        if (app.playBackward) app.stepper.paused = true;
    }
    itemTooltip("Walk back through the recording at the time scale, one recorded step per dt.");
    ImGui::SameLine();
    if (ImGui::ArrowButton("forward", ImGuiDir_Right)) {
        if (rec.contains(step + 1)) app.seekTo(step + 1);
        else app.singleStep();
    }
    itemTooltip("One step forward through the recording (past its end: simulate one step). Keys: Right or N.");
    ImGui::SameLine();
    if (ImGui::Button(">|")) app.seekTo(rec.lastStep());
    itemTooltip("Go to the newest recorded step (End).");
    ImGui::SameLine();
    if (ImGui::Button(app.stepper.paused ? "Resume here" : "Pause")) {
        app.playBackward = false;
        app.togglePause();
    }
    itemTooltip("Resume simulating from the step shown. From a rewound step the recorded future is "
                "discarded and simulated again: the same, bit for bit, unless you changed a setting "
                "here, which forks a new future.");
}

void drawMemory(App& app) {
    Recorder& rec = app.recorder;
    const double mib = 1024.0 * 1024.0;
    int budgetMiB = static_cast<int>(rec.budget() / (1024 * 1024));
    ImGui::SetNextItemWidth(160.0f);
    if (ImGui::SliderInt("Budget", &budgetMiB, 16, 4096, "%d MiB", ImGuiSliderFlags_Logarithmic))
        rec.setBudget(static_cast<size_t>(std::clamp(budgetMiB, 16, 4096)) * 1024 * 1024);
    itemTooltip("Memory the recording may use, in MiB. When it is full the oldest steps are "
                "dropped; lowering it drops them at once.");
    const double perStep = static_cast<double>(rec.lastStepBytes());
    const int bodies = std::max(app.world.bodyCount(), 1);
    ImGui::Text("%.1f / %.0f MiB   %zu steps   %.0f KiB per step (%.0f B per body)",
                static_cast<double>(rec.bytesUsed()) / mib, static_cast<double>(rec.budget()) / mib,
                rec.size(), perStep / 1024.0, perStep / bodies);
    itemTooltip("Used / budget. Each step keeps the state the next step reads: per body its pose, "
                "velocities, previous pose, sleep state and broad-phase box (113 bytes); per "
                "touching pair its normal, friction basis and per point the cached impulses "
                "(48 + 37 per point bytes); plus the settings the step ran with.");
}

} // namespace

void drawTimelinePanel(App& app) {
    const ImVec2 display = ImGui::GetIO().DisplaySize;
    const float height = 176.0f;
    const float width = std::max(display.x - layout::kViewLeft - layout::kViewRightMargin, 420.0f);
    ImGui::SetNextWindowPos(ImVec2(layout::kViewLeft, display.y - height - 8.0f), ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSize(ImVec2(width, height), ImGuiCond_FirstUseEver);
    if (!ImGui::Begin("Timeline", &app.panels.timeline)) {
        ImGui::End();
        return;
    }
    claimBottomRow(app);
    Recorder& rec = app.recorder;
    drawTransport(app);

    uint64_t step = app.world.stepCount();
    uint64_t lo = rec.firstStep(), hi = std::max(rec.lastStep(), lo);
    // The slider reads the step and its simulated time (steps x dt: the fixed step makes them one).
    char format[64];
    std::snprintf(format, sizeof format, "step %%llu   (%.3f s of %.3f s)",
                  static_cast<double>(step) * app.world.settings().timestep,
                  static_cast<double>(hi) * app.world.settings().timestep);
    ImGui::SetNextItemWidth(-1.0f);
    if (ImGui::SliderScalar("##step", ImGuiDataType_U64, &step, &lo, &hi, format) && step != app.world.stepCount())
        app.seekTo(step);
    itemTooltip("Every recorded step since the scene was loaded, and its simulated time (s). Drag to go "
                "back: the world shows that step's bodies, contacts, impulses and stats exactly as they "
                "were. Keys: Left / Right one step (Shift: ten), Home / End the oldest / newest.");
    std::vector<RecordedMarker> markers = rec.markers();
    drawMarkerStrip(app, markers);

    if (!markers.empty()) {
        ImGui::SetNextItemWidth(260.0f);
        std::string preview = std::to_string(markers.size()) + " flagged run" + (markers.size() > 1 ? "s" : "");
        if (ImGui::BeginCombo("##markers", preview.c_str())) {
            for (const RecordedMarker& m : markers) {
                std::string steps = m.lastStep == m.step
                                        ? "step " + std::to_string(m.step)
                                        : "steps " + std::to_string(m.step) + "-" + std::to_string(m.lastStep);
                std::string label = steps + ": " + markerText(m.flags) + flaggedBodies(app.world, m);
                if (ImGui::Selectable(label.c_str(), m.step == app.world.stepCount())) app.seekTo(m.step);
            }
            ImGui::EndCombo();
        }
        itemTooltip("The steps the watchdog flagged, with the bodies it flagged (while the step shown is "
                    "the newest); pick one to go there. The Time panel lists each event.");
        ImGui::SameLine();
    }
    drawMemory(app);

    if (app.viewingPast()) {
        ImGui::PushStyleColor(ImGuiCol_Text, kWarnColor);
        ImGui::TextWrapped("Viewing step %llu of %llu. Resuming discards steps after it and simulates "
                           "them again; change a setting first to fork a new future.",
                           static_cast<unsigned long long>(app.world.stepCount()),
                           static_cast<unsigned long long>(rec.lastStep()));
        ImGui::PopStyleColor();
    }
    if (!app.seekWarning.empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, kWarnColor);
        ImGui::TextWrapped("%s", app.seekWarning.c_str());
        ImGui::PopStyleColor();
    }
    ImGui::End();
}

} // namespace tumble::app
