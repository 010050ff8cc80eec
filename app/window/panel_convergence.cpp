// The Solver panel's "Convergence" section: the solver probe's residual per pass as a log plot
// for the shown step (live or recorded), "Compare methods on this step" overlaying every
// method of the table on the same frozen step with its error against the exact answer, and
// the probe's CSV export.
#include "window/panels.h"
#include "window/widgets.h"

#include "headless/probe_report.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace tumble::app {
namespace {

/// One curve of the plot: log10 of the residual after each pass.
struct Curve {
    std::string label;
    std::vector<float> logResidual;
    ImU32 color;
};

constexpr float kFloor = -8.0f; // log10 m/s: an exact answer is plotted at 1e-8

ImU32 methodColor(size_t i) {
    static constexpr ImU32 kColors[] = {
        IM_COL32(255, 210, 80, 255),  IM_COL32(90, 180, 255, 255),  IM_COL32(255, 110, 110, 255),
        IM_COL32(120, 230, 120, 255), IM_COL32(220, 130, 255, 255), IM_COL32(255, 255, 255, 255),
        IM_COL32(160, 160, 160, 255), IM_COL32(80, 230, 220, 255),  IM_COL32(255, 160, 60, 255),
        IM_COL32(200, 200, 90, 255),
    };
    return kColors[i % (sizeof kColors / sizeof kColors[0])];
}

Curve curveOf(const SolverProbe& probe, std::string label, ImU32 color) {
    Curve c{std::move(label), {}, color};
    for (const ProbeIteration& it : probe.iterations)
        c.logResidual.push_back(it.residual > 0.0f ? std::max(std::log10(it.residual), kFloor) : kFloor);
    return c;
}

/// Axes with a grid line per decade, the curves, and the value under the cursor.
void drawPlot(const std::vector<Curve>& curves) {
    size_t passes = 1;
    float top = -1.0f, bottom = 0.0f;
    for (const Curve& c : curves) {
        passes = std::max(passes, c.logResidual.size());
        for (float v : c.logResidual) top = std::max(top, std::ceil(v)), bottom = std::min(bottom, std::floor(v));
    }
    if (bottom >= top) bottom = top - 1.0f;
    const float labelWidth = ImGui::CalcTextSize("1e-10").x + 6.0f;
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const ImVec2 size(std::max(ImGui::GetContentRegionAvail().x, 200.0f), 170.0f);
    ImGui::InvisibleButton("##convergence", size);
    const bool hovered = ImGui::IsItemHovered();
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const ImVec2 plotMin(origin.x + labelWidth, origin.y + 4.0f);
    const ImVec2 plotMax(origin.x + size.x - 4.0f, origin.y + size.y - 18.0f);
    draw->AddRectFilled(plotMin, plotMax, IM_COL32(20, 22, 28, 255));
    auto toScreen = [&](float pass, float value) {
        const float x = plotMin.x + (plotMax.x - plotMin.x) * (passes > 1 ? pass / float(passes - 1) : 0.5f);
        const float y = plotMin.y + (plotMax.y - plotMin.y) * (top - value) / (top - bottom);
        return ImVec2(x, y);
    };
    const float decadeStep = std::max(1.0f, std::ceil((top - bottom) / 6.0f));
    for (float d = bottom; d <= top + 0.01f; d += decadeStep) {
        const ImVec2 p = toScreen(0.0f, d);
        draw->AddLine(ImVec2(plotMin.x, p.y), ImVec2(plotMax.x, p.y), IM_COL32(60, 64, 74, 255));
        const std::string label = "1e" + std::to_string(int(d));
        draw->AddText(ImVec2(origin.x, p.y - 7.0f), IM_COL32(170, 170, 170, 255), label.c_str());
    }
    const std::string xLabel = "pass 1 .. " + std::to_string(passes) + "  (log10 of the residual, m/s)";
    draw->AddText(ImVec2(plotMin.x, plotMax.y + 3.0f), IM_COL32(170, 170, 170, 255), xLabel.c_str());
    for (const Curve& c : curves) {
        for (size_t i = 1; i < c.logResidual.size(); ++i)
            draw->AddLine(toScreen(float(i - 1), c.logResidual[i - 1]), toScreen(float(i), c.logResidual[i]), c.color, 2.0f);
        if (c.logResidual.size() == 1) draw->AddCircleFilled(toScreen(0.0f, c.logResidual[0]), 3.0f, c.color);
    }
    if (hovered && passes > 0) {
        const float t = (ImGui::GetIO().MousePos.x - plotMin.x) / std::max(plotMax.x - plotMin.x, 1.0f);
        const size_t pass = static_cast<size_t>(std::clamp(std::lround(t * float(passes - 1)), 0l, long(passes - 1)));
        std::string text = "pass " + std::to_string(pass + 1);
        for (const Curve& c : curves)
            if (pass < c.logResidual.size()) {
                char buffer[96];
                std::snprintf(buffer, sizeof buffer, "\n%s: %.3g m/s", c.label.c_str(), std::pow(10.0f, c.logResidual[pass]));
                text += buffer;
            }
        ImGui::SetTooltip("%s", text.c_str());
    }
}

void exportCsv(App& app) {
    namespace fs = std::filesystem;
    const SolverProbe& probe = app.world.solverProbe();
    std::error_code ec;
    const fs::path file = savedFilePath(app, "probes", "-step" + std::to_string(probe.step) + ".csv", ec);
    std::ofstream out(file, std::ios::binary);
    out << probeCsv(app.world, probe);
    out.close();
    app.setStatus(ec || !out ? "Could not write " + file.string() : "Saved the probe of step " + std::to_string(probe.step) + " to " + file.string());
}

void compareMethods(App& app) {
    WorldState before;
    Settings stepSettings;
    if (!app.recordedStepStart(before, stepSettings)) return;
    app.comparison = compareSolverMethods(app.world, before, stepSettings);
    app.comparisonHash = app.world.stateHash();
    if (!app.comparison.replayMatched)
        app.setStatus("The world was edited since this step: the comparison ran on the recorded state.");
}

void drawComparisonTable(const MethodComparison& cmp) {
    static const ColumnHelp kColumns[] = {
        {"method", "The solver method (its colour in the plot)."},
        {"passes", "Velocity passes the method ran (sub-stepping methods: over all sub-steps; "
                   "exact methods: 1)."},
        {"residual", "||r||_2 after its last pass, m/s: how far the rows are from their targets "
                     "within their bounds."},
        {"vs exact", "RMS difference of the bodies' velocities after the step from the exact MLCP "
                     "answer (Dantzig): linear (m/s) and angular (rad/s) taken together, over every "
                     "body (static ones add zeros). '-' when an island was over the exact row cap."},
        {"ms", "The whole step with that method, probe included, ms."},
    };
    if (!ImGui::BeginTable("compare", 5, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) return;
    for (const ColumnHelp& c : kColumns) ImGui::TableSetupColumn(c.name);
    tableHeaderRow(kColumns, 5);
    for (size_t i = 0; i < cmp.runs.size(); ++i) {
        const MethodRun& r = cmp.runs[i];
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(methodColor(i)), "%s", r.method.c_str());
        ImGui::TableNextColumn();
        ImGui::Text("%d", r.probe.iterationsUsed);
        ImGui::TableNextColumn();
        ImGui::Text("%.3g", r.probe.iterations.empty() ? 0.0f : r.probe.iterations.back().residual);
        ImGui::TableNextColumn();
        if (r.velocityError >= 0.0f)
            ImGui::Text("%.3g", r.velocityError);
        else
            ImGui::TextUnformatted("-");
        ImGui::TableNextColumn();
        ImGui::Text("%.2f", r.milliseconds);
    }
    ImGui::EndTable();
}

} // namespace

void drawConvergence(App& app) {
    if (ImGui::Checkbox("Probe the solve", &app.probeSolver)) app.applyProbe();
    itemTooltip("Record every velocity pass of each step (the solver probe): the residual "
                "||r||_2 over all rows, r_i = K_ii (lambda_i - clamp(lambda_i - w_i / K_ii, lo_i, "
                "hi_i)) with w_i = J_i v - b_i (m/s; 0 = the step's LCP is solved), the "
                "complementarity error, rows at a clamp and the kinetic energy. Costs about a "
                "tenth of a step on the large pyramid; changes nothing the step computes. Rewinding on the Timeline re-runs the step, so recorded "
                "steps can be probed too.");
    ImGui::SameLine();
    ImGui::BeginDisabled(app.world.stepCount() == 0);
    if (ImGui::Button("Compare methods on this step")) compareMethods(app);
    ImGui::EndDisabled();
    itemTooltip("Re-solve the step shown with every method of the table, from the very same "
                "state and settings (the method aside), and overlay their residual curves; "
                "the table gives each one's error against the exact answer (Dantzig's pivoting, "
                "where every island is under the exact row cap). The world is put back as it was.");

    const SolverProbe& probe = app.world.solverProbe();
    const bool haveProbe = !probe.iterations.empty() && probe.step == app.world.stepCount();
    const bool haveComparison = !app.comparison.runs.empty() && app.showsStep(app.comparison.step, app.comparisonHash);
    if (!haveProbe && !haveComparison) {
        ImGui::TextWrapped("Tick \"Probe the solve\" and take a step (N) to see how the residual "
                           "falls pass by pass.");
        return;
    }
    std::vector<Curve> curves;
    if (haveComparison) {
        for (size_t i = 0; i < app.comparison.runs.size(); ++i)
            curves.push_back(curveOf(app.comparison.runs[i].probe, app.comparison.runs[i].method, methodColor(i)));
    } else {
        curves.push_back(curveOf(probe, probe.method, methodColor(0)));
    }
    drawPlot(curves);
    if (haveProbe) {
        const ProbeIteration& last = probe.iterations.back();
        ImGui::Text("step %llu, %s: %d passes%s, residual %.3g m/s, %d rows at a clamp, KE %.4g J",
                    static_cast<unsigned long long>(probe.step), probe.method.c_str(), probe.iterationsUsed,
                    probe.converged ? " (tolerance reached)" : "", last.residual, last.clampedRows,
                    last.kineticEnergy);
        if (ImGui::Button("Export CSV")) exportCsv(app);
        itemTooltip("Write this step's probe to probes/<scene>-step<N>.csv: one row per pass "
                    "(sub-step, iteration, max |dlambda| N s, residual m/s, complementarity N m/s, "
                    "clamped rows, kinetic energy J), then one row per constraint row (kind, "
                    "bodies, lambda, bounds N s, K 1/kg, target, w and r m/s).");
    }
    if (haveComparison) drawComparisonTable(app.comparison);
}

} // namespace tumble::app
