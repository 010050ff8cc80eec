// The Constraint system tab: the rows of the selected body as the solver probe exported them
// (Jacobian, effective mass, every term of the target, lambda, bounds, clamp), and its
// island's system w = A lambda + b with A = J M^-1 J^T drawn as a heat map
// (tumble/constraint_system.h).
#include "window/panels.h"
#include "window/widgets.h"

#include "headless/probe_report.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

namespace tumble::app {
namespace {

constexpr size_t kMaxMatrixRows = 240;

/// "at lo", "at hi" or "inside": which bound holds the row's impulse.
const char* clampOf(const ProbeRow& r) {
    if (r.lower == r.upper) return "unused";
    const float eps = 1e-6f * (std::fabs(r.lambda) + 1e-6f);
    if (r.lambda <= r.lower + eps) return r.kind == ProbeRowKind::Normal ? "at 0 (separating)" : "at -mu lambda_n";
    if (r.upper < 1e29f && r.lambda >= r.upper - eps) return r.kind == ProbeRowKind::Joint ? "at its limit" : "at +mu lambda_n";
    return "inside (w should be 0)";
}

std::string rowLabel(const World& world, const ProbeRow& r) {
    std::string kind = probeRowKindName(r.kind);
    if (r.kind != ProbeRowKind::Joint) kind += " p" + std::to_string(r.point);
    return kind + " " + slotName(world, r.bodyA) + "-" + slotName(world, r.bodyB);
}

void vecRow(const char* name, const char* help, const glm::vec3& v) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(name);
    itemTooltip(help);
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(formatVec3(v, 4).c_str());
}

/// Everything about one row: J, K, the terms of its target, lambda and its bounds.
void drawRowDetail(App& app, const ProbeRow& r) {
    const World& world = app.world;
    app.figuresShown = true; // a contact row's point tangents and target terms
    const SolverSettings& ss = world.settings().solver;
    if (!ImGui::BeginTable("rowdetail", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) return;
    vecRow("J: vA", "Jacobian, linear part on body A: -axis for a contact row (m/s of Cdot per m/s).", r.jvA);
    vecRow("J: wA", "Jacobian, angular part on body A: -(rA x axis) for a contact row (m/s per rad/s).", r.jwA);
    vecRow("J: vB", "Jacobian, linear part on body B: +axis for a contact row.", r.jvB);
    vecRow("J: wB", "Jacobian, angular part on body B: rB x axis for a contact row.", r.jwB);
    if (r.kind != ProbeRowKind::Joint && r.source < world.contacts().size()) {
        const ContactManifoldInfo& m = world.contacts()[r.source];
        vecRow("normal n", "The manifold's normal, from A to B.", m.normal);
        // The point's own friction directions: the manifold's basis while it sticks, its slip
        // while it slides.
        const std::vector<ContactManifoldFigures>& figures = world.contactFigures();
        const bool known = r.source < figures.size() && r.point >= 0 && r.point < 4;
        const ContactPointFigures* f = known ? &figures[r.source].points[r.point] : nullptr;
        vecRow("tangent t1", "The point's first friction direction: the manifold's basis while it "
                             "sticks, its own slip direction before the step while it slides.",
               f ? f->tangent1 : m.tangent1);
        vecRow("tangent t2", "The point's second friction direction, n x t1 (a sliding point has no "
                             "row along it).",
               f ? f->tangent2 : m.tangent2);
    }
    valueRow("K", "J M^-1 J^T, 1/kg: the row's velocity change per unit impulse.", "%.5g 1/kg", r.K);
    valueRow("effective mass", "1 / (K + softness), kg: the impulse per m/s of velocity error.", "%.5g kg",
             r.K + r.softness > 0.0f ? 1.0 / (r.K + r.softness) : 0.0);
    valueRow("softness + CFM", "gamma + cfm, 1/kg: added to K on the diagonal; a row gives by (gamma + cfm) lambda m/s.",
             "%.3g 1/kg", r.softness);
    valueRow("target b", "The velocity the row aims for, m/s: the largest of the restitution target and "
                         "the Baumgarte push for a touching contact; -separation/dt for a speculative one; "
                         "-frictionAnchorRate/dt (drift . t), capped at maxCorrectionVelocity, for "
                         "friction anchors; -bias for a joint row.",
             "%.5g m/s", r.target);
    if (r.kind == ProbeRowKind::Normal && r.source < world.contactFigures().size()) {
        const ContactPointFigures& f = world.contactFigures()[r.source].points[r.point];
        const ContactPointInfo& p = world.contacts()[r.source].points[r.point];
        valueRow("  restitution target", "e * approach speed (0 below the restitution threshold), m/s.", "%.5g m/s",
                 f.restitutionTarget);
        valueRow("  push-out", "min(ERP/dt max(depth - slop, 0), maxCorrectionVelocity), m/s: in the target with "
                               "Baumgarte, in the split-impulse pass otherwise.",
                 "%.5g m/s", f.correctionVelocity);
        valueRow("  separation", "m, negative when overlapping (speculative when positive: target -s/dt).", "%.5f m",
                 p.separation);
        valueRow("  ERP, slop", "The settings in the push-out: ERP (dimensionless) and slop (m).", "%.3g",
                 ss.erp);
        ImGui::SameLine();
        ImGui::Text(", %.4f m", ss.slop);
    }
    valueRow("lambda", "The accumulated impulse of the step, N s.", "%.5g N s", r.lambda);
    valueRow("lower", "Its lower bound, N s (0 for a normal row, -mu lambda_n for friction).", "%.5g N s", r.lower);
    valueRow("upper", "Its upper bound, N s (infinite for a normal row, +mu lambda_n for friction).", "%.5g N s",
             r.upper);
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted("clamp");
    itemTooltip("Which bound holds the impulse after the step.");
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(clampOf(r));
    valueRow("w = Cdot - b", "The row's velocity error after the step, m/s (with the softness term).", "%.5g m/s", r.w);
    valueRow("residual r", "K (lambda - clamp(lambda - w/K, lo, hi)), m/s: 0 when the row satisfies its "
                           "complementarity condition.",
             "%.3g m/s", r.residual);
    ImGui::EndTable();
}

/// A = J M^-1 J^T as a heat map: red positive, blue negative, brightness log10 |A_ij|; then b,
/// lambda and w per row with complementarity marked.
void drawMatrix(const App& app, const SolverProbe& probe, const ConstraintSystem& sys) {
    const int n = sys.size();
    double largest = 0.0;
    for (double a : sys.A) largest = std::max(largest, std::fabs(a));
    if (n == 0 || largest <= 0.0) return;
    const float side = std::clamp(ImGui::GetContentRegionAvail().x, 120.0f, 360.0f);
    const float cell = side / float(n);
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    ImGui::InvisibleButton("##matrix", ImVec2(side, side));
    ImDrawList* draw = ImGui::GetWindowDrawList();
    draw->AddRectFilled(origin, ImVec2(origin.x + side, origin.y + side), IM_COL32(12, 12, 16, 255));
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) {
            const double a = sys.at(i, j);
            if (a == 0.0) continue;
            // Six decades below the largest entry fade to black.
            const float level = std::clamp(1.0f + float(std::log10(std::fabs(a) / largest)) / 6.0f, 0.08f, 1.0f);
            const int c = int(255.0f * level);
            const ImU32 color = a > 0.0 ? IM_COL32(c, c / 4, c / 6, 255) : IM_COL32(c / 6, c / 3, c, 255);
            const ImVec2 p0(origin.x + cell * float(j), origin.y + cell * float(i));
            draw->AddRectFilled(p0, ImVec2(p0.x + std::max(cell, 1.0f), p0.y + std::max(cell, 1.0f)), color);
        }
    if (ImGui::IsItemHovered()) {
        const ImVec2 mouse = ImGui::GetIO().MousePos;
        const int i = std::clamp(int((mouse.y - origin.y) / cell), 0, n - 1);
        const int j = std::clamp(int((mouse.x - origin.x) / cell), 0, n - 1);
        const ProbeRow& ri = probe.rows[sys.rows[size_t(i)]];
        const ProbeRow& rj = probe.rows[sys.rows[size_t(j)]];
        ImGui::SetTooltip("A[%d][%d] = %.5g 1/kg\nrow %d: %s\ncolumn %d: %s\nrow %d: b %.4g m/s, lambda %.4g N s, w %.4g m/s, r %.3g",
                          i, j, sys.at(i, j), i, rowLabel(app.world, ri).c_str(), j, rowLabel(app.world, rj).c_str(), i,
                          sys.b[size_t(i)], sys.lambda[size_t(i)], sys.w[size_t(i)], ri.residual);
    }
    int satisfied = 0;
    for (int i = 0; i < n; ++i) satisfied += std::fabs(probe.rows[sys.rows[size_t(i)]].residual) < 1e-4f ? 1 : 0;
    ImGui::Text("%d rows; %d satisfy complementarity within 1e-4 m/s", n, satisfied);
    if (!ImGui::BeginTable("system", 5, ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY | ImGuiTableFlags_SizingStretchProp,
                           ImVec2(0.0f, 200.0f)))
        return;
    static const ColumnHelp kColumns[] = {
        {"row", "The row: kind, point, bodies A-B."},
        {"b", "m/s: the velocity error with no impulse at all, b = w - A lambda."},
        {"lambda", "N s: the accumulated impulse."},
        {"w", "m/s: the velocity error after the step, w = A lambda + b."},
        {"ok", "Complementarity: inside its bounds w = 0, at lo w >= 0, at hi w <= 0 (|r| < 1e-4 m/s)."},
    };
    ImGui::TableSetupScrollFreeze(0, 1);
    for (const ColumnHelp& c : kColumns) ImGui::TableSetupColumn(c.name);
    tableHeaderRow(kColumns, 5);
    ImGuiListClipper clipper;
    clipper.Begin(n);
    while (clipper.Step())
        for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
            const ProbeRow& r = probe.rows[sys.rows[size_t(i)]];
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(rowLabel(app.world, r).c_str());
            ImGui::TableNextColumn();
            ImGui::Text("%.4g", sys.b[size_t(i)]);
            ImGui::TableNextColumn();
            ImGui::Text("%.4g", sys.lambda[size_t(i)]);
            ImGui::TableNextColumn();
            ImGui::Text("%.4g", sys.w[size_t(i)]);
            ImGui::TableNextColumn();
            const bool ok = std::fabs(r.residual) < 1e-4f;
            ImGui::TextColored(ok ? ImVec4(0.4f, 0.9f, 0.4f, 1) : ImVec4(1.0f, 0.4f, 0.3f, 1), ok ? "yes" : "no");
        }
    ImGui::EndTable();
}

} // namespace

void drawSystemPanel(App& app) {
    if (ImGui::Checkbox("Probe the solve", &app.probeSolver)) app.applyProbe();
    itemTooltip("The rows shown here are the solver probe's (the same switch as in the Solver panel's "
                "Convergence section): each step then exports every row's Jacobian, lambda and bounds.");
    const SolverProbe& probe = app.world.solverProbe();
    if (probe.rows.empty() || probe.step != app.world.stepCount() || app.selected.isNull() ||
        !app.world.isValid(app.selected)) {
        ImGui::TextWrapped("Tick Probe the solve, take a step (N) and click a body: its constraint rows, "
                           "and the system of its island, appear here.");
        return;
    }
    const uint32_t slot = app.selected.index;
    ImGui::Text("%s: its rows in step %llu (%s)", slotName(app.world, slot).c_str(),
                static_cast<unsigned long long>(probe.step), probe.method.c_str());
    if (ImGui::BeginChild("bodyrows", ImVec2(0.0f, 130.0f), true)) {
        for (uint32_t i = 0; i < probe.rows.size(); ++i) {
            const ProbeRow& r = probe.rows[i];
            if (r.bodyA != slot && r.bodyB != slot) continue;
            char label[160];
            std::snprintf(label, sizeof label, "%s  lambda %.4g  %s##r%u", rowLabel(app.world, r).c_str(), r.lambda,
                          clampOf(r), i);
            if (ImGui::Selectable(label, app.systemRow == i)) app.systemRow = i;
            itemTooltip("A row of this body: its kind and point, the two bodies, the accumulated "
                        "impulse lambda (N s) and which bound holds it. Click for its Jacobian and terms.");
        }
    }
    ImGui::EndChild();
    if (app.systemRow < probe.rows.size()) {
        const ProbeRow& r = probe.rows[app.systemRow];
        if (r.bodyA == slot || r.bodyB == slot) {
            if (ImGui::CollapsingHeader("The row", ImGuiTreeNodeFlags_DefaultOpen)) drawRowDetail(app, r);
        }
    }
    if (ImGui::CollapsingHeader("Its island: w = A lambda + b", ImGuiTreeNodeFlags_DefaultOpen)) {
        const std::vector<uint32_t> rows = islandRows(probe, slot, kMaxMatrixRows);
        if (rows.size() >= kMaxMatrixRows)
            ImGui::TextWrapped("The island has more than %zu rows: the first %zu are shown (not a whole island, so b "
                               "is only approximate).", kMaxMatrixRows, kMaxMatrixRows);
        ImGui::TextWrapped("A = J M^-1 J^T of the island's rows, red positive, blue negative, brightness "
                           "log10 |A_ij| over six decades: the diagonal holds each row's K, off the "
                           "diagonal are the rows that share a body. Hover a cell.");
        drawMatrix(app, probe, assembleSystem(probe, rows));
    }
}

} // namespace tumble::app
