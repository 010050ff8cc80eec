// The Forks tab: split variants off the world as it is now, watch them drift as ghosts, read
// how far and since when, promote one (tumble/fork.h).
#include "window/palette.h"
#include "window/panels.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace tumble::app {
namespace {

/// A one-click fork: what a user most often wants to compare.
struct ForkPreset {
    const char* name;
    const char* changes;
    const char* help;
};

const ForkPreset kPresets[] = {
    {"Same settings", "",
     "A control: a fork with nothing changed must stay exactly on the main world (its drift "
     "reads 0), which shows the steps are deterministic."},
    {"Warm starting off", "solver.warmStarting=false",
     "Every step starts its impulses from zero instead of last step's: watch a stack jitter and "
     "sink."},
    {"Jacobi", "solver.method=jacobi",
     "Every row reads the velocities of the pass's start: slower to carry load through a stack."},
    {"4 iterations", "solver.velocityIterations=4", "Fewer velocity passes per step."},
    {"Baumgarte", "solver.positionCorrection=baumgarte",
     "Overlap removed through the velocities (bias = erp / dt * depth) instead of a separate "
     "split-impulse pass: bodies pop apart and gain energy."},
    {"Soft step", "solver.method=softStep", "Box2D v3's sub-stepped soft contacts."},
    {"No shock propagation", "solver.shockPropagation=false",
     "Without the last bottom-up pass, tall piles sag and slide."},
    {"Cone friction", "solver.frictionModel=cone",
     "The Coulomb cone instead of the pyramid: no stronger grip along the diagonals."},
    {"Explicit Euler", "integrator=explicitEuler",
     "Positions move with the old velocity: orbits and pendulums gain energy."},
};

/// "a=1; b=2" as ["a=1", "b=2"] (';' separates: values such as [0,-1,0] hold commas).
std::vector<std::string> splitChanges(const std::string& text) {
    std::vector<std::string> out;
    size_t start = 0;
    while (start <= text.size()) {
        size_t end = text.find(';', start);
        if (end == std::string::npos) end = text.size();
        std::string part = text.substr(start, end - start);
        const size_t first = part.find_first_not_of(" \t");
        const size_t last = part.find_last_not_of(" \t");
        if (first != std::string::npos) out.push_back(part.substr(first, last - first + 1));
        start = end + 1;
    }
    return out;
}

ImU32 forkColorU32(size_t i, int alpha = 255) {
    const palette::Rgb c = palette::forkColor(static_cast<unsigned>(i));
    return IM_COL32(palette::toByte(c.r), palette::toByte(c.g), palette::toByte(c.b), alpha);
}

ImU32 bulletColorU32(int alpha = 255) {
    const palette::Rgb c = palette::kBulletGhost;
    return IM_COL32(palette::toByte(c.r), palette::toByte(c.g), palette::toByte(c.b), alpha);
}

/// The track's sample at `step`, or null when it has none.
const Divergence* sampleAt(const DivergenceTrack& track, uint64_t step) {
    const std::vector<Divergence>& s = track.samples;
    if (s.empty() || step < s.front().step || step > s.back().step) return nullptr;
    const Divergence& d = s[static_cast<size_t>(step - s.front().step)];
    return d.step == step ? &d : nullptr;
}

/// log10 of the largest distance apart (m) against the step, with the 1 mm line and the
/// main world's step; a click seeks there.
void drawDivergencePlot(App& app, const DivergenceTrack& track, ImU32 color, int id) {
    const std::vector<Divergence>& s = track.samples;
    if (s.size() < 2) return;
    constexpr float kFloor = -6.0f, kTop = 1.0f; // 1 um .. 10 m
    auto level = [&](float metres) { return std::clamp(metres > 0.0f ? std::log10(metres) : kFloor, kFloor, kTop); };
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const ImVec2 size(std::max(ImGui::GetContentRegionAvail().x, 160.0f), 70.0f);
    ImGui::PushID(id);
    ImGui::InvisibleButton("##drift", size);
    const bool hovered = ImGui::IsItemHovered();
    const bool clicked = ImGui::IsItemClicked();
    ImGui::PopID();
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const ImVec2 max(origin.x + size.x, origin.y + size.y);
    draw->AddRectFilled(origin, max, IM_COL32(20, 22, 28, 255));
    const uint64_t first = s.front().step, last = s.back().step;
    auto x = [&](uint64_t step) { return origin.x + size.x * float(step - first) / float(last - first); };
    auto y = [&](float lv) { return origin.y + size.y * (kTop - lv) / (kTop - kFloor); };
    const float mm = y(std::log10(kApartDistance));
    draw->AddLine(ImVec2(origin.x, mm), ImVec2(max.x, mm), IM_COL32(120, 120, 120, 255));
    draw->AddText(ImVec2(origin.x + 2.0f, mm - 14.0f), IM_COL32(150, 150, 150, 255), "1 mm");
    for (size_t k = 1; k < s.size(); ++k)
        draw->AddLine(ImVec2(x(s[k - 1].step), y(level(s[k - 1].largest))), ImVec2(x(s[k].step), y(level(s[k].largest))),
                      color, 1.5f);
    const uint64_t now = app.world.stepCount();
    if (now >= first && now <= last)
        draw->AddLine(ImVec2(x(now), origin.y), ImVec2(x(now), max.y), IM_COL32(255, 255, 255, 160));
    const float t = std::clamp((ImGui::GetIO().MousePos.x - origin.x) / size.x, 0.0f, 1.0f);
    const uint64_t under = first + static_cast<uint64_t>(std::lround(t * float(last - first)));
    if (hovered) {
        const Divergence* d = sampleAt(track, under);
        if (d != nullptr)
            ImGui::SetTooltip("step %llu: largest %.3g mm apart (body %u), mean %.3g mm\nclick to go to this step",
                              static_cast<unsigned long long>(under), d->largest * 1000.0f, d->worstBody,
                              d->mean * 1000.0f);
    }
    if (clicked && !app.seekTo(under)) app.setStatus("Step " + std::to_string(under) + " is no longer recorded.");
}

void drawFork(App& app, size_t i) {
    const Fork& f = app.forks[i];
    ImGui::PushID(static_cast<int>(i));
    ImGui::ColorButton("##colour", ImGui::ColorConvertU32ToFloat4(forkColorU32(i)),
                       ImGuiColorEditFlags_NoTooltip | ImGuiColorEditFlags_NoPicker, ImVec2(14, 14));
    ImGui::SameLine();
    ImGui::TextWrapped("Fork %zu: %s", i + 1, f.label.c_str());
    ImGui::TextDisabled("split off at step %llu", static_cast<unsigned long long>(f.forkStep));
    const uint64_t now = app.world.stepCount();
    const Divergence* d = f.inStep ? sampleAt(f.divergence, now) : nullptr;
    if (!f.inStep) {
        ImGui::TextWrapped("Hidden: the main world is at step %llu, which this fork did not record "
                           "(before it was split off, or on another future).",
                           static_cast<unsigned long long>(now));
    } else if (d != nullptr) {
        ImGui::Text("now: largest %.3g mm (body %u), mean %.3g mm", d->largest * 1000.0f, d->worstBody, d->mean * 1000.0f);
        ImGui::Text("energy: %+.4g J against the main world", d->energyDifference);
    }
    if (f.divergence.firstApart >= 0)
        ImGui::Text("first step 1 mm apart: %lld", static_cast<long long>(f.divergence.firstApart));
    else
        ImGui::TextUnformatted("no body 1 mm apart yet");
    itemTooltip("The first step at which any body's centre was more than 1 mm from its place in "
                "the main world. A fork with the same settings never gets there: the steps are "
                "deterministic, bit for bit.");
    drawDivergencePlot(app, f.divergence, forkColorU32(i), static_cast<int>(i));
    itemTooltip("How far apart the bodies are, step by step: log10 of the largest distance (m) "
                "between a body's centre in this fork and in the main world, from 1 um to 10 m; "
                "the grey line is 1 mm, the white line the step shown. Click to go to a step.");
    if (ImGui::Button("Promote")) {
        ImGui::PopID();
        app.promoteFork(i);
        return;
    }
    itemTooltip("Make this fork the main world: its bodies, settings and recording (the main "
                "world's steps before the fork stay on the Timeline). The main world it replaces "
                "is gone.");
    ImGui::SameLine();
    const bool remove = ImGui::Button("Remove");
    itemTooltip("Close this fork and its recording.");
    ImGui::PopID();
    if (remove) app.forks.remove(i);
}

/// Why the Bullet fork is not drawn at the main world's step (it is hidden).
std::string bulletHiddenReason(const App& app) {
    const PeerFork& b = app.bulletFork;
    const auto text = [](uint64_t step) { return std::to_string(step); };
    const uint64_t now = app.world.stepCount();
    if (!b.onTimeline())
        return "Hidden: the main world stepped on from before step " + text(b.forkStep()) +
               " and did not come back to the state Bullet was split off from. Split it off again.";
    if (now < b.forkStep()) return "Hidden: Bullet was split off at step " + text(b.forkStep()) + ", after this one.";
    return "Hidden: Bullet has no recording of step " + text(now) + " (it has steps " + text(b.firstStep()) +
           " to " + text(b.lastStep()) + "). Step on and it catches up, running again from its start "
           "if it is already past this step.";
}

/// The legend's line for the Bullet fork: at a recorded step when rewound, or hidden.
std::string bulletLegend(const App& app) {
    const PeerFork& b = app.bulletFork;
    const std::string name = "Bullet " + BulletWorld::version() + " from step " + std::to_string(b.forkStep());
    if (!b.inStep()) return name + " (hidden)";
    const uint64_t now = app.world.stepCount();
    return now < b.liveStep() ? name + " (recorded step " + std::to_string(now) + ")" : name;
}

/// The Bullet fork: what did not map, its drift, its plot.
void drawBulletFork(App& app) {
    PeerFork& b = app.bulletFork;
    ImGui::PushID("bullet");
    ImGui::ColorButton("##colour", ImGui::ColorConvertU32ToFloat4(bulletColorU32()),
                       ImGuiColorEditFlags_NoTooltip | ImGuiColorEditFlags_NoPicker, ImVec2(14, 14));
    ImGui::SameLine();
    ImGui::Text("%s %s (split off at step %llu)", std::string(BulletWorld::name()).c_str(),
                BulletWorld::version().c_str(), static_cast<unsigned long long>(b.forkStep()));
    const std::vector<std::string>& unmapped = b.unmapped();
    if (!unmapped.empty() && ImGui::TreeNode("unmapped", "%zu things Bullet does not have or does differently", unmapped.size())) {
        for (const std::string& m : unmapped) ImGui::BulletText("%s", m.c_str());
        ImGui::TreePop();
    }
    ImGui::TextDisabled("recorded steps %llu to %llu (%.1f MiB)", static_cast<unsigned long long>(b.firstStep()),
                        static_cast<unsigned long long>(b.lastStep()), static_cast<double>(b.bytesUsed()) / (1 << 20));
    itemTooltip("Bullet's poses after every step it ran, so a rewind shows Bullet where it was. "
                "Bullet's own state cannot be saved, but its run depends only on the state it was "
                "split off from: a step no longer recorded is found by running Bullet again from "
                "there. The oldest steps go past 64 MiB.");
    const uint64_t now = app.world.stepCount();
    const Divergence* d = b.inStep() ? sampleAt(b.divergence(), now) : nullptr;
    if (!b.inStep()) ImGui::TextWrapped("%s", bulletHiddenReason(app).c_str());
    else if (d != nullptr) {
        ImGui::Text("now: largest %.3g mm (body %u), mean %.3g mm", d->largest * 1000.0f, d->worstBody, d->mean * 1000.0f);
        ImGui::Text("energy: %+.4g J against the main world", d->energyDifference);
    }
    if (b.divergence().firstApart >= 0)
        ImGui::Text("first step 1 mm apart: %lld", static_cast<long long>(b.divergence().firstApart));
    drawDivergencePlot(app, b.divergence(), bulletColorU32(), 100);
    itemTooltip("How far Bullet's bodies are from Tumble's, step by step: log10 of the largest "
                "distance (m), the grey line 1 mm. Resting boxes are apart from the first step: "
                "Bullet's box-box test makes no contact before boxes overlap, so each box first "
                "falls one step (2.7 mm at 60 Hz). Click to go to a step.");
    const bool remove = ImGui::Button("Remove");
    itemTooltip("Close the Bullet fork and its recording.");
    ImGui::PopID();
    if (remove) b.clear();
}

} // namespace

void drawForksPanel(App& app) {
    ImGui::TextWrapped("A fork is a copy of the world as it is now, exact to the bit, with other "
                       "settings. It steps with the main world and is drawn over it as a ghost in "
                       "its colour, so you see what a knob changed. Rewind on the Timeline and "
                       "the forks go back with it.");
    const bool full = app.forks.size() >= Forks::kMaxForks;
    ImGui::BeginDisabled(full);
    static int preset = 0; // "Same settings": the empty text below
    ImGui::SetNextItemWidth(-1.0f);
    if (ImGui::BeginCombo("##preset", kPresets[preset].name)) {
        for (int k = 0; k < static_cast<int>(std::size(kPresets)); ++k) {
            if (ImGui::Selectable(kPresets[k].name, k == preset)) {
                preset = k;
                app.forkChanges = kPresets[k].changes;
            }
            itemTooltip(kPresets[k].help);
        }
        ImGui::EndCombo();
    }
    itemTooltip("A common change to fork with: it fills the changes below.");
    char buffer[512];
    const size_t n = std::min(app.forkChanges.size(), sizeof buffer - 1);
    app.forkChanges.copy(buffer, n);
    buffer[n] = '\0';
    ImGui::SetNextItemWidth(-1.0f);
    if (ImGui::InputTextWithHint("##changes", "solver.method=jacobi; solver.velocityIterations=4", buffer, sizeof buffer))
        app.forkChanges = buffer;
    itemTooltip("What the fork changes, as --set takes it: dotted setting keys and values, "
                "separated by ';' (e.g. solver.warmStarting=false; solver.erp=0.8). Empty: the "
                "same settings, a control that must stay exactly on the main world. The README's "
                "settings table lists every key.");
    if (ImGui::Button("Fork here")) app.addFork(splitChanges(app.forkChanges));
    ImGui::EndDisabled();
    itemTooltip(full ? "At most four forks at once: remove or promote one first."
                     : "Split a fork off the world as it is now, at this step.");
    ImGui::SameLine();
    if (ImGui::Button("Fork in Bullet")) app.addBulletFork();
    itemTooltip("Run the world as it is now in Bullet 3 (btDiscreteDynamicsWorld, sequential "
                "impulses) beside Tumble, with Tumble's masses, materials per pair, gravity, dt, "
                "iterations, warm starting, ERP and split impulse, drawn as a yellow ghost. What "
                "does not map is listed, never dropped. It keeps a recording of its poses: rewind "
                "and it shows where it was; a saved snapshot lists it, and loading the snapshot "
                "splits it off again from the snapshot's step.");
    if (!app.forkError.empty()) ImGui::TextColored(ImVec4(1.0f, 0.45f, 0.4f, 1.0f), "%s", app.forkError.c_str());
    if (app.bulletFork.active()) {
        ImGui::Separator();
        drawBulletFork(app);
    }
    for (size_t i = 0; i < app.forks.size(); ++i) {
        ImGui::Separator();
        drawFork(app, i);
    }
}

void drawForkLegend(App& app) {
    if (app.forks.empty() && !app.bulletFork.active()) return;
    // In the view's top-left corner, beside the left panels: which ghost is which.
    ImDrawList* draw = ImGui::GetBackgroundDrawList();
    ImVec2 at(app.viewLeftInset + 12.0f, kMenuBarHeight + 10.0f);
    const float line = ImGui::GetTextLineHeightWithSpacing();
    draw->AddText(at, IM_COL32(230, 230, 230, 255), "main world: solid");
    for (size_t i = 0; i < app.forks.size(); ++i) {
        at.y += line;
        const Fork& f = app.forks[i];
        draw->AddRectFilled(ImVec2(at.x, at.y + 3.0f), ImVec2(at.x + 10.0f, at.y + 13.0f), forkColorU32(i));
        const std::string text = "fork " + std::to_string(i + 1) + ": " + f.label + (f.inStep ? "" : " (hidden)");
        draw->AddText(ImVec2(at.x + 16.0f, at.y), forkColorU32(i), text.c_str());
    }
    if (app.bulletFork.active()) {
        at.y += line;
        draw->AddRectFilled(ImVec2(at.x, at.y + 3.0f), ImVec2(at.x + 10.0f, at.y + 13.0f), bulletColorU32());
        const std::string text = bulletLegend(app);
        draw->AddText(ImVec2(at.x + 16.0f, at.y), bulletColorU32(), text.c_str());
    }
}

} // namespace tumble::app
