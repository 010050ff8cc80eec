// The Plots tab's "Sweep a setting" (panels.h, drawSweepSection): the question (a setting, a
// range, one or two metrics, steps), the job on its own thread with a progress bar, then the
// metric against the setting, quality against cost, the rows, and CSV / PNG export through
// the headless runner's writers (headless/sweep.h).
#include "window/panels.h"

#include "headless/sweep.h"

#include <imgui.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <string>
#include <thread>

namespace tumble::app {
namespace {

const ImU32 kCurve = IM_COL32(90, 180, 255, 255), kBad = IM_COL32(255, 110, 110, 255),
            kAxisText = IM_COL32(150, 150, 150, 255), kLabel = IM_COL32(150, 200, 150, 255);

/// The setting at a dotted path as the scene file writes it (null when it is not there).
nlohmann::json settingAt(const Settings& settings, const std::string& key) {
    nlohmann::json j = settingsToJson(settings);
    for (size_t start = 0;;) {
        const size_t dot = key.find('.', start);
        const std::string part = key.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
        if (!j.is_object() || !j.contains(part)) return nullptr;
        j = nlohmann::json(j[part]);
        if (dot == std::string::npos) return j;
        start = dot + 1;
    }
}

/// A range around the setting's current value, so a new key starts from something that runs:
/// 1 to twice the value by 1 for counts, a quarter to twice the value in 8 steps otherwise.
void suggestRange(SweepPanel& s, const nlohmann::json& current) {
    const double v = current.is_number() ? current.get<double>() : 0.0;
    if (current.is_number_integer()) {
        s.from = v >= 1.0 ? 1.0 : 0.0;
        s.to = std::max(s.from + 4.0, 2.0 * v);
        s.step = std::max(1.0, std::ceil((s.to - s.from) / 20.0));
    } else if (v > 0.0) {
        s.from = v / 4.0, s.to = 2.0 * v, s.step = (s.to - s.from) / 8.0;
    } else {
        s.from = 0.0, s.to = 1.0, s.step = 0.125;
    }
}

/// The values the controls ask for, checked as the command line checks them: the range by its
/// parser, every value by the settings validator. False with the message in s.error.
bool sweepValues(const App& app, SweepPanel& s, std::vector<double>& values) {
    char range[96];
    std::snprintf(range, sizeof range, "%.9g:%.9g:%.9g", s.from, s.to, s.step);
    s.error.clear();
    if (!parseSweepRange(range, values, s.error)) return false;
    s.error = checkSweepValues(app.world.settings(), s.key, values);
    return s.error.empty();
}

/// Threads for a sweep from the window: every core but one, which the window keeps.
unsigned windowWorkers() { return std::max(1u, std::thread::hardware_concurrency() - 1u); }

void startSweep(App& app) {
    SweepPanel& s = app.sweep;
    SweepPlan plan;
    if (!sweepValues(app, s, plan.values)) return;
    // The scene from its start with the settings as they are now: the runs are what "reload
    // with these settings" would show, one per value.
    plan.scene = app.scene;
    plan.scene.settings = app.world.settings();
    plan.key = s.key;
    plan.metrics = {sweepMetrics()[size_t(s.metric)].name};
    if (s.cost > 0) plan.metrics.push_back(sweepMetrics()[size_t(s.cost - 1)].name);
    plan.steps = s.steps;
    plan.workers = windowWorkers();
    s.job.start(std::move(plan));
    s.awaitingRows = true;
    s.rows.clear(); // the old chart would read as this sweep's while it runs
}

/// Take the rows of a job that ended (finished or cancelled).
void collectRows(SweepPanel& s) {
    if (!s.awaitingRows || s.job.running()) return;
    s.rows = s.job.rows();
    s.sweptKey = s.job.plan().key;
    s.sweptMetrics = s.job.plan().metrics;
    s.awaitingRows = false;
}

bool metricCombo(const char* id, int& index, bool allowNone) {
    const auto& metrics = sweepMetrics();
    const char* shown = allowNone && index == 0 ? "(none)" : metrics[size_t(index - (allowNone ? 1 : 0))].name;
    bool changed = false;
    ImGui::SetNextItemWidth(130.0f);
    if (ImGui::BeginCombo(id, shown)) {
        if (allowNone && ImGui::Selectable("(none)", index == 0)) index = 0, changed = true;
        for (int k = 0; k < int(metrics.size()); ++k) {
            const int value = k + (allowNone ? 1 : 0);
            const std::string label = std::string(metrics[size_t(k)].name) + " (" + metrics[size_t(k)].unit + ")";
            if (ImGui::Selectable(label.c_str(), index == value)) index = value, changed = true;
            itemTooltip(metrics[size_t(k)].help);
        }
        ImGui::EndCombo();
    }
    return changed;
}

/// The setting, its range, the metrics and the steps. True when one of them changed.
bool drawQuestion(App& app) {
    SweepPanel& s = app.sweep;
    bool changed = false;
    ImGui::SetNextItemWidth(220.0f);
    if (ImGui::BeginCombo("Setting", s.key.c_str())) {
        for (const std::string& key : numericSettingKeys())
            if (ImGui::Selectable(key.c_str(), key == s.key)) {
                s.key = key;
                suggestRange(s, settingAt(app.world.settings(), key));
                changed = true;
            }
        ImGui::EndCombo();
    }
    itemTooltip("The setting to step, by its dotted path as --set names it (the settings that take one number). "
                "Each run starts the scene from its beginning with the settings as they are now, this one changed.");
    const float width = 80.0f;
    ImGui::SetNextItemWidth(width);
    changed |= ImGui::InputDouble("From", &s.from, 0.0, 0.0, "%.6g");
    itemTooltip("The first value, in the setting's own unit (s for timestep, passes for iterations, ...).");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(width);
    changed |= ImGui::InputDouble("To", &s.to, 0.0, 0.0, "%.6g");
    itemTooltip("The last value (included when From + k Step reaches it), in the setting's unit; at least From.");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(width);
    changed |= ImGui::InputDouble("Step", &s.step, 0.0, 0.0, "%.6g");
    itemTooltip("Between two values, in the setting's unit; above 0, and at most 1000 values in all.");
    changed |= metricCombo("Metric", s.metric, false);
    itemTooltip("What each run measures (the quality): charted against the setting.");
    ImGui::SameLine();
    changed |= metricCombo("Against", s.cost, true);
    itemTooltip("Optional second metric (the cost, e.g. msPerStep), measured in the same runs: the first is "
                "then also charted against it, each point labelled with its value of the setting.");
    ImGui::SetNextItemWidth(width);
    changed |= ImGui::InputInt("Steps", &s.steps, 0, 0);
    s.steps = std::clamp(s.steps, 1, 10'000'000);
    itemTooltip("Physics steps per run (at least 1).");
    ImGui::SameLine();
    ImGui::TextDisabled("= %.3g s of simulated time", double(s.steps) * double(app.world.settings().timestep));
    return changed;
}

/// Run / Cancel and, while running, "k of n values".
void drawRunControls(App& app) {
    SweepPanel& s = app.sweep;
    if (s.job.running()) {
        if (ImGui::Button("Cancel")) s.job.cancel();
        itemTooltip("Stop the runs (between two steps); the values finished so far stay in the table.");
        ImGui::SameLine();
        char text[64];
        std::snprintf(text, sizeof text, "%zu of %zu values", s.job.done(), s.job.total());
        ImGui::ProgressBar(s.job.total() ? float(s.job.done()) / float(s.job.total()) : 0.0f, ImVec2(-1.0f, 0.0f), text);
        return;
    }
    const bool timing = sweepMetrics()[size_t(s.metric)].name == std::string("msPerStep") ||
                        (s.cost > 0 && sweepMetrics()[size_t(s.cost - 1)].name == std::string("msPerStep"));
    if (ImGui::Button("Run")) startSweep(app);
    itemTooltip(timing ? "Run the scene once per value in the background, one run at a time (msPerStep times them; "
                         "the window's own drawing still shares the machine)."
                       : "Run the scene once per value in the background, side by side on every core but one; "
                         "the window keeps running.");
}

/// A point of a chart: where it goes and the setting's value it was measured at.
struct ChartPoint {
    double x, y, value;
    bool nonFinite;
};

/// Points joined in order in a box, each axis's range at its ends, the y title above; the
/// point under the mouse says its numbers. `labelValues` writes each point's setting value.
void drawChart(const std::vector<ChartPoint>& points, const std::string& xTitle, const std::string& yTitle,
               const std::string& key, bool labelValues, int id) {
    ImGui::TextUnformatted(yTitle.c_str());
    if (points.empty()) {
        ImGui::TextDisabled("no finite values to draw");
        return;
    }
    double xlo = points[0].x, xhi = xlo, ylo = points[0].y, yhi = ylo;
    for (const ChartPoint& p : points)
        xlo = std::min(xlo, p.x), xhi = std::max(xhi, p.x), ylo = std::min(ylo, p.y), yhi = std::max(yhi, p.y);
    if (xhi <= xlo) xhi = xlo + 1.0;
    if (yhi <= ylo) yhi = ylo + 1.0;
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const ImVec2 size(std::max(ImGui::GetContentRegionAvail().x, 200.0f), 150.0f);
    ImGui::PushID(id);
    ImGui::InvisibleButton("##chart", size);
    const bool hovered = ImGui::IsItemHovered();
    ImGui::PopID();
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const ImVec2 max(origin.x + size.x, origin.y + size.y);
    draw->AddRectFilled(origin, max, IM_COL32(20, 22, 28, 255));
    const float pad = 10.0f;
    auto sx = [&](double x) { return origin.x + pad + float((x - xlo) / (xhi - xlo)) * (size.x - 2 * pad); };
    auto sy = [&](double y) { return max.y - pad - float((y - ylo) / (yhi - ylo)) * (size.y - 2 * pad); };
    const size_t labelEvery = std::max<size_t>(1, (points.size() + 7) / 8);
    const ChartPoint* under = nullptr;
    char text[64];
    for (size_t k = 0; k < points.size(); ++k) {
        const ImVec2 at(sx(points[k].x), sy(points[k].y));
        if (k > 0) draw->AddLine(ImVec2(sx(points[k - 1].x), sy(points[k - 1].y)), at, kCurve, 1.5f);
        draw->AddCircleFilled(at, 3.5f, points[k].nonFinite ? kBad : kCurve);
        if (labelValues && (k % labelEvery == 0 || k + 1 == points.size())) {
            std::snprintf(text, sizeof text, "%.4g", points[k].value);
            draw->AddText(ImVec2(at.x + 4.0f, at.y - 16.0f), kLabel, text);
        }
        const ImVec2 mouse = ImGui::GetIO().MousePos;
        if (hovered && std::fabs(mouse.x - at.x) < 6.0f && std::fabs(mouse.y - at.y) < 6.0f) under = &points[k];
    }
    std::snprintf(text, sizeof text, "%.4g", yhi);
    draw->AddText(ImVec2(origin.x + 3.0f, origin.y + 1.0f), kAxisText, text);
    std::snprintf(text, sizeof text, "%.4g", ylo);
    draw->AddText(ImVec2(origin.x + 3.0f, max.y - 15.0f), kAxisText, text);
    std::snprintf(text, sizeof text, "%.4g", xhi);
    draw->AddText(ImVec2(max.x - ImGui::CalcTextSize(text).x - 3.0f, max.y - 15.0f), kAxisText, text);
    std::snprintf(text, sizeof text, "%.4g", xlo);
    ImGui::TextDisabled("%s  ..  %s", text, xTitle.c_str());
    if (under)
        ImGui::SetTooltip("%s = %.6g\n%s: %.6g\n%s: %.6g%s", key.c_str(), under->value, xTitle.c_str(), under->x,
                          yTitle.c_str(), under->y, under->nonFinite ? "\nthe run turned non-finite" : "");
}

std::string metricTitle(const std::string& name) {
    const SweepMetric* m = findSweepMetric(name);
    return name + " (" + (m ? m->unit : "") + ")";
}

/// The metric against the setting, and with two metrics the first against the second.
void drawCharts(const SweepPanel& s) {
    std::vector<ChartPoint> againstValue, qualityCost;
    for (const SweepRow& r : s.rows) {
        if (!r.finished || r.metrics.empty() || !std::isfinite(r.metrics[0])) continue;
        againstValue.push_back({r.value, r.metrics[0], r.value, r.nonFinite});
        if (r.metrics.size() > 1 && std::isfinite(r.metrics[1]))
            qualityCost.push_back({r.metrics[1], r.metrics[0], r.value, r.nonFinite});
    }
    drawChart(againstValue, s.sweptKey, metricTitle(s.sweptMetrics[0]), s.sweptKey, false, 1);
    if (s.sweptMetrics.size() < 2) return;
    ImGui::Spacing();
    drawChart(qualityCost, metricTitle(s.sweptMetrics[1]), metricTitle(s.sweptMetrics[0]), s.sweptKey, true, 2);
}

/// A row per value: the value, each metric, and whether the run finished, was cancelled or
/// turned non-finite.
void drawRowsTable(const SweepPanel& s) {
    const int columns = int(s.sweptMetrics.size()) + 2;
    const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_ScrollY;
    if (!ImGui::BeginTable("sweepRows", columns, flags, ImVec2(0.0f, 160.0f))) return;
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn(s.sweptKey.c_str());
    for (const std::string& m : s.sweptMetrics) ImGui::TableSetupColumn(metricTitle(m).c_str());
    ImGui::TableSetupColumn("run");
    ImGui::TableHeadersRow();
    for (const SweepRow& r : s.rows) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::Text("%.6g", r.value);
        for (size_t k = 0; k < s.sweptMetrics.size(); ++k) {
            ImGui::TableNextColumn();
            if (r.finished && k < r.metrics.size()) ImGui::Text("%.6g", r.metrics[k]);
        }
        ImGui::TableNextColumn();
        if (r.nonFinite) ImGui::TextColored(ImVec4(1.0f, 0.45f, 0.45f, 1.0f), "non-finite");
        else if (r.finished) ImGui::TextUnformatted("ok");
        else ImGui::TextDisabled("cancelled");
        if (r.nonFinite) itemTooltip("This value made the world non-finite: the watchdog froze a body. Its numbers are what was left.");
    }
    ImGui::EndTable();
}

/// plots/<scene>-sweep.csv or .png, written by the command line's writers.
void exportSweep(App& app, bool png) {
    namespace fs = std::filesystem;
    const SweepPanel& s = app.sweep;
    std::error_code ec;
    const fs::path file = savedFilePath(app, "plots", png ? "-sweep.png" : "-sweep.csv", ec);
    const bool ok = png ? writeSweepPng(file.string(), s.sweptKey, s.sweptMetrics, s.rows)
                        : writeSweepCsv(file.string(), s.sweptKey, s.sweptMetrics, s.rows);
    app.setStatus(ok ? "Saved the sweep to " + file.string() : "Could not write " + file.string());
}

} // namespace

void drawSweepSection(App& app) {
    if (!ImGui::CollapsingHeader("Sweep a setting")) return;
    SweepPanel& s = app.sweep;
    collectRows(s);
    ImGui::TextWrapped("Run the scene once per value of a setting, in the background, and chart what each run "
                       "measured; with a second metric, quality against cost.");
    ImGui::BeginDisabled(s.job.running());
    if (drawQuestion(app)) {
        std::vector<double> values;
        sweepValues(app, s, values);
    }
    ImGui::EndDisabled();
    if (!s.error.empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.45f, 0.45f, 1.0f));
        ImGui::TextWrapped("%s", s.error.c_str());
        ImGui::PopStyleColor();
    }
    drawRunControls(app);
    if (s.rows.empty() || s.sweptMetrics.empty()) return;
    ImGui::Separator();
    drawCharts(s);
    drawRowsTable(s);
    if (ImGui::Button("Export CSV##sweep")) exportSweep(app, false);
    itemTooltip("Write plots/<scene>-sweep.csv: KEY, a column per metric (with its unit), nonFinite; a row per finished run.");
    ImGui::SameLine();
    if (ImGui::Button("Export PNG##sweep")) exportSweep(app, true);
    itemTooltip("Write plots/<scene>-sweep.png: the chart the command line draws (metric against the setting, and "
                "quality against cost with two metrics).");
}

} // namespace tumble::app
