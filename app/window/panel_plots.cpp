// The Plots tab: watched quantities of the selected body or the world against the step, on
// the Timeline's axis, the forks in their colours; a click goes to that step (watch.h). Below
// them, "Sweep a setting" (panel_sweeps.cpp).
#include "window/palette.h"
#include "window/picking.h"
#include "window/panels.h"

#include <imgui.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>

namespace tumble::app {
namespace {

ImU32 toU32(palette::Rgb c) { return IM_COL32(palette::toByte(c.r), palette::toByte(c.g), palette::toByte(c.b), 255); }

/// One watch against the recorded steps, main world white, forks in their colours, the Bullet
/// fork in its yellow (for what its recording holds: bulletReads).
void drawWatchPlot(App& app, const Watch& w, int id) {
    const uint64_t first = app.recorder.firstStep(), last = std::max(app.recorder.lastStep(), first + 1);
    float lo = 0.0f, hi = 0.0f;
    bool any = false;
    auto span = [&](const WatchSeries& s) {
        for (size_t k = 0; k < s.steps.size(); ++k)
            if (s.steps[k] >= first && s.steps[k] <= last) {
                lo = any ? std::min(lo, s.values[k]) : s.values[k];
                hi = any ? std::max(hi, s.values[k]) : s.values[k];
                any = true;
            }
    };
    span(w.main);
    for (const WatchSeries& f : w.forks) span(f);
    span(w.bullet);
    if (!any) {
        ImGui::TextDisabled("no samples yet: take a step");
        return;
    }
    if (hi - lo < 1e-6f * std::max(1.0f, std::fabs(hi))) hi = lo + std::max(1e-6f, 0.01f * std::fabs(lo)), lo -= (hi - lo);
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const ImVec2 size(std::max(ImGui::GetContentRegionAvail().x, 160.0f), 90.0f);
    ImGui::PushID(id);
    ImGui::InvisibleButton("##plot", size);
    const bool hovered = ImGui::IsItemHovered(), clicked = ImGui::IsItemClicked();
    ImGui::PopID();
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const ImVec2 max(origin.x + size.x, origin.y + size.y);
    draw->AddRectFilled(origin, max, IM_COL32(20, 22, 28, 255));
    auto x = [&](uint64_t step) { return origin.x + size.x * float(step - first) / float(last - first); };
    auto y = [&](float v) { return max.y - 4.0f - (size.y - 8.0f) * (v - lo) / (hi - lo); };
    auto plot = [&](const WatchSeries& s, ImU32 color) {
        for (size_t k = 1; k < s.steps.size(); ++k) {
            if (s.steps[k - 1] < first || s.steps[k] > last) continue;
            draw->AddLine(ImVec2(x(s.steps[k - 1]), y(s.values[k - 1])), ImVec2(x(s.steps[k]), y(s.values[k])), color, 1.5f);
        }
    };
    for (size_t i = 0; i < w.forks.size(); ++i) plot(w.forks[i], toU32(palette::forkColor(static_cast<unsigned>(i))));
    plot(w.bullet, toU32(palette::kBulletGhost));
    plot(w.main, IM_COL32(235, 235, 235, 255));
    char text[48];
    std::snprintf(text, sizeof text, "%.6g", hi);
    draw->AddText(ImVec2(origin.x + 3.0f, origin.y + 1.0f), IM_COL32(150, 150, 150, 255), text);
    std::snprintf(text, sizeof text, "%.6g", lo);
    draw->AddText(ImVec2(origin.x + 3.0f, max.y - 15.0f), IM_COL32(150, 150, 150, 255), text);
    // The x axis: the recorded steps the plot spans.
    std::snprintf(text, sizeof text, "steps %llu-%llu", static_cast<unsigned long long>(first),
                  static_cast<unsigned long long>(last));
    draw->AddText(ImVec2(max.x - ImGui::CalcTextSize(text).x - 3.0f, max.y - 15.0f), IM_COL32(150, 150, 150, 255), text);
    const uint64_t now = app.world.stepCount();
    if (now >= first && now <= last) draw->AddLine(ImVec2(x(now), origin.y), ImVec2(x(now), max.y), IM_COL32(255, 255, 255, 120));
    const float t = std::clamp((ImGui::GetIO().MousePos.x - origin.x) / size.x, 0.0f, 1.0f);
    const uint64_t under = first + static_cast<uint64_t>(std::lround(t * float(last - first)));
    if (hovered) {
        auto it = std::lower_bound(w.main.steps.begin(), w.main.steps.end(), under);
        if (it != w.main.steps.end() && *it == under)
            ImGui::SetTooltip("step %llu: %.6g %s\nclick to go to this step", static_cast<unsigned long long>(under),
                              w.main.values[size_t(it - w.main.steps.begin())], watchKind(w.what).unit);
    }
    if (clicked && !app.seekTo(under)) app.setStatus("Step " + std::to_string(under) + " is no longer recorded.");
}

/// plots/<scene>-watch.csv: the step, then a column per watch and per fork of it.
void exportWatches(App& app) {
    std::error_code ec;
    const std::string file = savedFilePath(app, "plots", "-watch.csv", ec);
    std::ofstream out(file, std::ios::binary);
    out << "step";
    for (const Watch& w : app.watches) {
        out << ",\"" << w.label << "\"";
        for (size_t i = 0; i < w.forks.size(); ++i) out << ",\"" << w.label << " fork " << i + 1 << "\"";
        if (!w.bullet.steps.empty()) out << ",\"" << w.label << " Bullet\"";
    }
    out << "\n";
    // Rows: every step any main series has (they are sampled together, so one list serves).
    const WatchSeries& steps = app.watches.front().main;
    for (size_t k = 0; k < steps.steps.size(); ++k) {
        const uint64_t step = steps.steps[k];
        out << step;
        auto cell = [&](const WatchSeries& s) {
            auto it = std::lower_bound(s.steps.begin(), s.steps.end(), step);
            out << ",";
            if (it != s.steps.end() && *it == step) out << s.values[size_t(it - s.steps.begin())];
        };
        for (const Watch& w : app.watches) {
            cell(w.main);
            for (const WatchSeries& f : w.forks) cell(f);
            if (!w.bullet.steps.empty()) cell(w.bullet);
        }
        out << "\n";
    }
    out.close();
    app.setStatus(ec || !out ? "Could not write " + file : "Saved the watched quantities to " + file);
}

/// plots/<scene>-watch.png: the plots from `top` down to the cursor, within the panel's clip
/// rectangle, read from the frame once it is drawn (window_app.cpp).
void requestPicture(App& app, ImVec2 top, ImVec2 clipMin, ImVec2 clipMax) {
    std::error_code ec;
    app.pendingPlotPicture = savedFilePath(app, "plots", "-watch.png", ec);
    const float x0 = std::max(ImGui::GetWindowPos().x, clipMin.x), x1 = clipMax.x;
    const float y0 = std::max(top.y, clipMin.y), y1 = std::min(ImGui::GetCursorScreenPos().y, clipMax.y);
    app.plotPictureRect = {x0, y0, x1 - x0, y1 - y0};
}

/// A combo over `kinds`; returns the chosen one.
const WatchKind& kindCombo(const char* id, const std::vector<const WatchKind*>& kinds, int& index) {
    ImGui::SetNextItemWidth(150.0f);
    ImGui::Combo(id, &index, [](void* data, int i, const char** out) {
        *out = (*static_cast<const std::vector<const WatchKind*>*>(data))[size_t(i)]->name;
        return true;
    }, const_cast<std::vector<const WatchKind*>*>(&kinds), static_cast<int>(kinds.size()));
    itemTooltip(kinds[size_t(index)]->help);
    return *kinds[size_t(index)];
}

/// "<kind> [of its contact with X] [Watch]": a contact of the selected body, the pair's points together.
void contactRow(App& app, const std::vector<const WatchKind*>& kinds, int& kind) {
    std::vector<const ContactManifoldInfo*> touching;
    for (const ContactManifoldInfo& m : app.world.contacts())
        if (m.pointCount > 0 && (m.bodyA == app.selected || m.bodyB == app.selected)) touching.push_back(&m);
    if (touching.empty()) return;
    static int which = 0;
    which = std::clamp(which, 0, static_cast<int>(touching.size()) - 1);
    const WatchKind& chosen = kindCombo("##contactKind", kinds, kind);
    ImGui::SameLine();
    auto otherOf = [&](const ContactManifoldInfo& m) {
        return "with " + bodyLabel(app.world, m.bodyA == app.selected ? m.bodyB : m.bodyA);
    };
    ImGui::SetNextItemWidth(110.0f);
    if (ImGui::BeginCombo("##contact", otherOf(*touching[size_t(which)]).c_str())) {
        for (int k = 0; k < static_cast<int>(touching.size()); ++k)
            if (ImGui::Selectable((otherOf(*touching[size_t(k)]) + "##" + std::to_string(k)).c_str(), k == which)) which = k;
        ImGui::EndCombo();
    }
    itemTooltip("Which of the selected body's contacts: the body it touches in the last step.");
    ImGui::SameLine();
    if (ImGui::Button("Watch##contact")) {
        const ContactManifoldInfo& m = *touching[size_t(which)];
        app.watches.push_back(makeContactWatch(app.world, chosen, m, -1,
                                               bodyLabel(app.world, m.bodyA) + " - " + bodyLabel(app.world, m.bodyB)));
    }
    itemTooltip("Plot this quantity of the contact, its points together, from the next step on. One point "
                "alone: right-click it in the view (contact points drawn) or in the Inspector's table.");
}

/// The watch list: a removable plot per watch, and the CSV export.
void drawWatches(App& app) {
    if (ImGui::Button("Export CSV")) exportWatches(app);
    itemTooltip("Write plots/<scene>-watch.csv: a row per sampled step, a column per watch (and per fork of it), in the units shown.");
    ImGui::SameLine();
    // The picture is read from the next frame, drawn without this button's tooltip over it.
    const bool picture = app.plotPictureWanted;
    app.plotPictureWanted = ImGui::Button("Export PNG");
    if (!picture)
        itemTooltip("Write plots/<scene>-watch.png: the plots as drawn here (the part of them in view), "
                    "with their labels and the forks' colours.");
    const ImVec2 clipMin = ImGui::GetWindowDrawList()->GetClipRectMin();
    const ImVec2 clipMax = ImGui::GetWindowDrawList()->GetClipRectMax();
    const ImVec2 top = ImGui::GetCursorScreenPos();
    for (size_t i = 0; i < app.watches.size(); ++i) {
        ImGui::Separator();
        ImGui::PushID(static_cast<int>(i));
        const bool remove = ImGui::SmallButton("x");
        itemTooltip("Stop watching this.");
        ImGui::SameLine();
        ImGui::TextUnformatted(app.watches[i].label.c_str());
        ImGui::PopID();
        if (remove) {
            app.watches.erase(app.watches.begin() + static_cast<std::ptrdiff_t>(i));
            break;
        }
        drawWatchPlot(app, app.watches[i], static_cast<int>(i));
    }
    if (picture) requestPicture(app, top, clipMin, clipMax);
}

} // namespace

void drawPlotsPanel(App& app) {
    static int bodyKind = 0, jointKind = 0, contactKind = 0, worldKind = 0, joint = 0;
    std::vector<const WatchKind*> ofBody, ofJoint, ofContact, ofWorld;
    for (const WatchKind& k : watchKinds()) {
        switch (k.target) {
        case WatchTarget::Body: ofBody.push_back(&k); break;
        case WatchTarget::Joint: ofJoint.push_back(&k); break;
        case WatchTarget::Contact: ofContact.push_back(&k); break;
        case WatchTarget::World: ofWorld.push_back(&k); break;
        }
    }
    ImGui::TextWrapped("Watch a quantity step by step: the main world in white, each fork in its "
                       "colour (the Bullet fork yellow: height, speed, total energy), on the Timeline's steps. Click a plot to go to that step. Or right-click "
                       "a body, a drawn contact point or empty space in the view.");
    const bool haveBody = !app.selected.isNull() && app.world.isValid(app.selected);
    const WatchKind& bodyWatch = kindCombo("##bodyKind", ofBody, bodyKind);
    ImGui::SameLine();
    ImGui::BeginDisabled(!haveBody);
    if (ImGui::Button("Watch the selected body")) {
        const std::vector<BodyId> ids = app.world.bodyIds();
        const uint32_t ordinal = static_cast<uint32_t>(std::find(ids.begin(), ids.end(), app.selected) - ids.begin());
        const std::string& name = app.world.body(app.selected).name;
        app.watches.push_back(makeWatch(bodyWatch, ordinal, name.empty() ? "body " + std::to_string(ordinal) : name));
    }
    ImGui::EndDisabled();
    itemTooltip(haveBody ? "Plot this quantity of the body selected in the view (click a body first), from the next step on."
                         : "Click a body in the view first.");
    if (haveBody) contactRow(app, ofContact, contactKind);
    const std::vector<JointId> joints = app.world.jointIds();
    if (!joints.empty()) {
        const WatchKind& jointWatch = kindCombo("##jointKind", ofJoint, jointKind);
        ImGui::SameLine();
        joint = std::clamp(joint, 0, static_cast<int>(joints.size()) - 1);
        ImGui::SetNextItemWidth(110.0f);
        if (ImGui::BeginCombo("##joint", jointLabel(app.world, joints[size_t(joint)], size_t(joint)).c_str())) {
            for (int k = 0; k < static_cast<int>(joints.size()); ++k)
                if (ImGui::Selectable(jointLabel(app.world, joints[size_t(k)], size_t(k)).c_str(), k == joint)) joint = k;
            ImGui::EndCombo();
        }
        itemTooltip("Which joint, by name (or its place in the scene's list).");
        ImGui::SameLine();
        if (ImGui::Button("Watch"))
            app.watches.push_back(makeWatch(jointWatch, static_cast<uint32_t>(joint),
                                            jointLabel(app.world, joints[size_t(joint)], size_t(joint))));
        itemTooltip("Plot this quantity of the chosen joint, from the next step on.");
    }
    const WatchKind& worldWatch = kindCombo("##worldKind", ofWorld, worldKind);
    ImGui::SameLine();
    if (ImGui::Button("Watch the world")) app.watches.push_back(makeWatch(worldWatch, 0, "world"));
    itemTooltip("Plot this figure of the whole world, from the next step on.");
    if (!app.watches.empty()) drawWatches(app);
    ImGui::Spacing();
    drawSweepSection(app);
}

} // namespace tumble::app
