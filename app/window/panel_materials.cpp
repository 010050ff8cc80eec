// The Materials panel: each material's density, restitution, friction and colour; adding and
// removing materials; the combine rules; and the pair table, whose cells can be overridden.
// Everything goes through World (setMaterial, setPairOverride ...), which the next step reads.
#include "window/panels.h"
#include "window/settings_help.h"
#include "window/widgets.h"

#include <imgui.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <string>

namespace tumble::app {
namespace {

const ImVec4 kErrorColor{1.0f, 0.4f, 0.4f, 1.0f};
/// Background of a pair-table cell that does not follow the combine rules.
const ImU32 kOverrideBg = IM_COL32(150, 95, 20, 150);

const ColumnHelp kMaterialColumns[] = {
    {"##colour", "Colour the bodies of this material are drawn in (linear RGB)."},
    {"name", "Material name; scene files refer to it. Presets first."},
    {"density", "kg/m^3: mass = density x volume. 0 makes a body infinitely heavy (static-like). "
                "Changing it updates the mass of every body of this material at once."},
    {"e", "Restitution, 0..1 (dimensionless): bounce speed / approach speed. A ball dropped from "
          "h rebounds to about e^2 h."},
    {"mu_s", "Static friction coefficient, >= 0: a sticking point holds while |lambda_t| <= mu_s "
             "lambda_n."},
    {"mu_d", "Dynamic friction coefficient, >= 0: a sliding point is resisted by mu_d lambda_n, "
             "against its own slip."},
    {"c_r", "Rolling resistance, m (>= 0): the largest torque against rolling per newton of "
            "normal force, |tau| <= c_r F_n (a rolling resistance coefficient C_rr times the "
            "radius). A ball of radius R slows at 5/7 g c_r / R. 0: it rolls for ever."},
    {"c_t", "Torsional friction, m (>= 0): the largest torque against spinning about the contact "
            "normal per newton of normal force, |tau| <= c_t F_n (mu times a contact patch's "
            "radius, which a point contact lacks). A ball spinning on the spot slows at "
            "5/2 g c_t / R^2. 0: it spins for ever."},
    {"##remove", "Remove the material (only when no body uses it; presets stay)."},
};
constexpr int kMaterialColumnCount = static_cast<int>(sizeof kMaterialColumns / sizeof kMaterialColumns[0]);

/// A colour for the n-th added material, spread around the hue circle.
glm::vec3 newMaterialColor(size_t n) {
    float h = std::fmod(0.618034f * static_cast<float>(n), 1.0f);
    float r, g, b;
    ImGui::ColorConvertHSVtoRGB(h, 0.55f, 0.85f, r, g, b);
    return {r, g, b};
}

bool drawCombineRules(Settings& s) {
    ImGui::PushItemWidth(-150.0f);
    bool changed = enumCombo("Friction combine", s.frictionCombine, 6, help::kCombineRule);
    itemTooltip("How the two materials' mu_s (and mu_d) make the pair's value, unless the pair is "
                "overridden. Hover each entry for its formula.");
    changed |= enumCombo("Rolling combine", s.rollingCombine, 6, help::kCombineRule);
    itemTooltip("How the two materials' rolling resistance c_r and torsional friction c_t (m) make "
                "the pair's, unless the pair is overridden. max (default): a soft tyre rolls as "
                "hard on any floor; the geometric mean would give 0 against a floor without any.");
    changed |= enumCombo("Restitution combine", s.restitutionCombine, 6, help::kCombineRule);
    itemTooltip("How the two materials' e make the pair's restitution, unless the pair is "
                "overridden. max (default) lets each ball show its own bounce on a dead floor.");
    ImGui::PopItemWidth();
    return changed;
}

/// One editable row; returns false when the material was removed (the list changed).
bool materialRow(App& app, size_t index) {
    World& world = app.world;
    Material m = world.materials()[index]; // this frame's values; written back through setMaterial
    bool changed = false;
    ImGui::TableNextRow();
    ImGui::PushID(static_cast<int>(index));
    ImGui::TableNextColumn();
    changed |= ImGui::ColorEdit3("##colour", &m.color.x, ImGuiColorEditFlags_NoInputs);
    itemTooltip("Colour of this material's bodies (linear RGB 0..1). Click to edit.");
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(m.name.c_str());
    ImGui::TableNextColumn();
    ImGui::SetNextItemWidth(-FLT_MIN);
    changed |= ImGui::DragFloat("##density", &m.density, 10.0f, 0.0f, 100000.0f, "%.0f");
    itemTooltip(kMaterialColumns[2].help);
    ImGui::TableNextColumn();
    ImGui::SetNextItemWidth(-FLT_MIN);
    changed |= ImGui::SliderFloat("##e", &m.restitution, 0.0f, 1.0f, "%.2f");
    itemTooltip(kMaterialColumns[3].help);
    ImGui::TableNextColumn();
    ImGui::SetNextItemWidth(-FLT_MIN);
    changed |= ImGui::DragFloat("##mus", &m.staticFriction, 0.01f, 0.0f, 10.0f, "%.2f");
    itemTooltip(kMaterialColumns[4].help);
    ImGui::TableNextColumn();
    ImGui::SetNextItemWidth(-FLT_MIN);
    changed |= ImGui::DragFloat("##mud", &m.dynamicFriction, 0.01f, 0.0f, 10.0f, "%.2f");
    itemTooltip(kMaterialColumns[5].help);
    ImGui::TableNextColumn();
    ImGui::SetNextItemWidth(-FLT_MIN);
    changed |= ImGui::DragFloat("##cr", &m.rollingResistance, 0.0005f, 0.0f, 1.0f, "%.3f");
    itemTooltip(kMaterialColumns[6].help);
    ImGui::TableNextColumn();
    ImGui::SetNextItemWidth(-FLT_MIN);
    changed |= ImGui::DragFloat("##ct", &m.torsionalFriction, 0.0005f, 0.0f, 1.0f, "%.3f");
    itemTooltip(kMaterialColumns[7].help);
    ImGui::TableNextColumn();
    bool removed = false;
    if (ImGui::SmallButton("x")) {
        std::string error;
        removed = world.removeMaterial(static_cast<int>(index), &error);
        app.materialError = removed ? "" : "Cannot remove " + m.name + ": " + error;
    }
    itemTooltip(kMaterialColumns[8].help);
    ImGui::PopID();
    if (removed) return false;
    if (changed) {
        // Typed values (Ctrl+click) can leave the slider ranges.
        m.density = std::isfinite(m.density) ? std::max(m.density, 0.0f) : 0.0f;
        m.restitution = std::isfinite(m.restitution) ? std::clamp(m.restitution, 0.0f, 1.0f) : 0.0f;
        m.staticFriction = std::isfinite(m.staticFriction) ? std::max(m.staticFriction, 0.0f) : 0.0f;
        m.dynamicFriction = std::isfinite(m.dynamicFriction) ? std::max(m.dynamicFriction, 0.0f) : 0.0f;
        m.rollingResistance = std::isfinite(m.rollingResistance) ? std::clamp(m.rollingResistance, 0.0f, 1.0f) : 0.0f;
        m.torsionalFriction = std::isfinite(m.torsionalFriction) ? std::clamp(m.torsionalFriction, 0.0f, 1.0f) : 0.0f;
        world.setMaterial(m);
        world.wakeAll();
    }
    return true;
}

void drawAddMaterial(App& app) {
    World& world = app.world;
    ImGui::SetNextItemWidth(-60.0f);
    ImGui::InputTextWithHint("##newname", "name of a new material", app.newMaterialName,
                             sizeof app.newMaterialName);
    itemTooltip("Name for the material Add creates; left empty, a free name like Custom 1 is used.");
    ImGui::SameLine();
    if (ImGui::Button("Add")) {
        std::string name = app.newMaterialName;
        for (int n = 1; name.empty(); ++n) {
            std::string candidate = "Custom " + std::to_string(n);
            if (world.findMaterial(candidate) < 0) name = candidate;
        }
        // The same cap as a scene file's own materials (the pair table grows as N x N).
        const int cap = SceneLimits{}.maxMaterials + static_cast<int>(materialPresets().size());
        if (world.findMaterial(name) >= 0) {
            app.materialError = "A material named " + name + " exists already.";
        } else if (static_cast<int>(world.materials().size()) >= cap) {
            app.materialError = "No more materials: " + std::to_string(SceneLimits{}.maxMaterials) +
                                " of the scene's own besides the presets is the cap (as in scene files).";
        } else {
            Material m;
            m.name = name;
            m.color = newMaterialColor(world.materials().size());
            world.setMaterial(m);
            app.materialError.clear();
            app.newMaterialName[0] = '\0';
        }
    }
    itemTooltip("Add a material with the default values (1000 kg/m^3, e 0.2, mu_s 0.6, mu_d 0.5). "
                "Scene bodies keep theirs; the new one appears in the pair table.");
}

void drawMaterialList(App& app) {
    const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp |
                                  ImGuiTableFlags_BordersInnerV;
    if (ImGui::BeginTable("materials", kMaterialColumnCount, flags)) {
        ImGui::TableSetupColumn("colour", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFrameHeight());
        ImGui::TableSetupColumn("name", ImGuiTableColumnFlags_WidthStretch, 1.6f);
        ImGui::TableSetupColumn("density", ImGuiTableColumnFlags_WidthStretch, 1.1f);
        ImGui::TableSetupColumn("e", ImGuiTableColumnFlags_WidthStretch, 0.9f);
        ImGui::TableSetupColumn("mu_s", ImGuiTableColumnFlags_WidthStretch, 0.9f);
        ImGui::TableSetupColumn("mu_d", ImGuiTableColumnFlags_WidthStretch, 0.9f);
        ImGui::TableSetupColumn("c_r", ImGuiTableColumnFlags_WidthStretch, 1.0f);
        ImGui::TableSetupColumn("c_t", ImGuiTableColumnFlags_WidthStretch, 1.0f);
        ImGui::TableSetupColumn("remove", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFrameHeight());
        tableHeaderRow(kMaterialColumns, kMaterialColumnCount);
        for (size_t i = 0; i < app.world.materials().size(); ++i)
            if (!materialRow(app, i)) break;
        ImGui::EndTable();
    }
    drawAddMaterial(app);
    if (!app.materialError.empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, kErrorColor);
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextUnformatted(app.materialError.c_str());
        ImGui::PopTextWrapPos();
        ImGui::PopStyleColor();
    }
}

/// The editor of one pair-table cell, in a popup opened by clicking the cell.
void pairEditor(World& world, int a, int b) {
    const std::string& nameA = world.materials()[static_cast<size_t>(a)].name;
    const std::string& nameB = world.materials()[static_cast<size_t>(b)].name;
    World::PairValues v = world.pairValues(a, b);
    ImGui::Text("%s x %s", nameA.c_str(), nameB.c_str());
    ImGui::TextDisabled(v.overridden ? "overridden" : "follows the combine rules");
    ImGui::PushItemWidth(160.0f);
    bool changed = ImGui::SliderFloat("e", &v.restitution, 0.0f, 1.0f, "%.2f");
    itemTooltip("Restitution of this pair, 0..1: bounce speed / approach speed.");
    changed |= ImGui::DragFloat("mu_s", &v.staticFriction, 0.01f, 0.0f, 10.0f, "%.2f");
    itemTooltip("Static friction of this pair, >= 0.");
    changed |= ImGui::DragFloat("mu_d", &v.dynamicFriction, 0.01f, 0.0f, 10.0f, "%.2f");
    itemTooltip("Dynamic friction of this pair, >= 0.");
    changed |= ImGui::DragFloat("c_r", &v.rollingResistance, 0.0005f, 0.0f, 1.0f, "%.4f");
    itemTooltip(kMaterialColumns[6].help);
    changed |= ImGui::DragFloat("c_t", &v.torsionalFriction, 0.0005f, 0.0f, 1.0f, "%.4f");
    itemTooltip(kMaterialColumns[7].help);
    ImGui::PopItemWidth();
    if (changed) {
        auto unit = [](float x, float hi) { return std::isfinite(x) ? std::clamp(x, 0.0f, hi) : 0.0f; };
        MaterialPair pair{nameA,
                          nameB,
                          unit(v.restitution, 1.0f),
                          unit(v.staticFriction, 1e30f),
                          unit(v.dynamicFriction, 1e30f),
                          unit(v.rollingResistance, 1.0f),
                          unit(v.torsionalFriction, 1.0f)};
        world.setPairOverride(pair);
        world.wakeAll();
    }
    ImGui::BeginDisabled(!v.overridden);
    if (ImGui::Button("Reset to rule")) {
        world.clearPairOverride(nameA, nameB);
        world.wakeAll();
    }
    ImGui::EndDisabled();
    itemTooltip("Drop the override: the pair follows the combine rules again.");
}

void pairCell(World& world, int a, int b) {
    World::PairValues v = world.pairValues(a, b);
    if (v.overridden) ImGui::TableSetBgColor(ImGuiTableBgTarget_CellBg, kOverrideBg);
    char text[80];
    const int n = std::snprintf(text, sizeof text, "%.2f/%.2f/%.2f", v.restitution, v.staticFriction,
                                v.dynamicFriction);
    // Rolling resistance and torsional friction only where a pair has them.
    if (v.rollingResistance > 0.0f || v.torsionalFriction > 0.0f)
        std::snprintf(text + n, sizeof text - static_cast<size_t>(n), " r%.3f/t%.3f", v.rollingResistance,
                      v.torsionalFriction);
    ImGui::PushID(a * 4096 + b);
    if (ImGui::Selectable(text)) ImGui::OpenPopup("pair");
    char help[320];
    std::snprintf(help, sizeof help,
                  "%s x %s\ne %.3f   mu_s %.3f   mu_d %.3f\nrolling resistance c_r %.4f m   "
                  "torsional friction c_t %.4f m\n%s\nClick to edit.",
                  world.materials()[static_cast<size_t>(a)].name.c_str(),
                  world.materials()[static_cast<size_t>(b)].name.c_str(), v.restitution,
                  v.staticFriction, v.dynamicFriction, v.rollingResistance, v.torsionalFriction,
                  v.overridden ? "Overridden (coloured cell)." : "From the combine rules.");
    itemTooltip(help);
    if (ImGui::BeginPopup("pair")) {
        pairEditor(world, a, b);
        ImGui::EndPopup();
    }
    ImGui::PopID();
}

void drawPairTable(World& world) {
    const int n = static_cast<int>(world.materials().size());
    if (n + 1 > 64) {
        ImGui::TextDisabled("too many materials for the table (%d)", n);
        return;
    }
    ImGui::TextDisabled("cell: e / mu_s / mu_d (r c_r / t c_t where set); click to override");
    itemTooltip("Effective restitution, static / dynamic friction and, where a pair has them, "
                "rolling resistance c_r and torsional friction c_t (m) of each pair of materials, "
                "as the solver uses them from the next step. Coloured cells are overrides.");
    const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_ScrollX | ImGuiTableFlags_ScrollY |
                                  ImGuiTableFlags_SizingFixedFit;
    const ImGuiStyle& style = ImGui::GetStyle();
    float rowHeight = ImGui::GetTextLineHeight() + 2.0f * style.CellPadding.y;
    float height = std::min(rowHeight * static_cast<float>(n + 1) + style.ScrollbarSize + 6.0f, 320.0f);
    if (!ImGui::BeginTable("pairs", n + 1, flags, ImVec2(0.0f, height))) return;
    ImGui::TableSetupScrollFreeze(1, 1);
    ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
    ImGui::TableSetColumnIndex(0);
    ImGui::TableHeader("##corner");
    for (int b = 0; b < n; ++b) {
        if (!ImGui::TableSetColumnIndex(b + 1)) continue;
        ImGui::TableHeader(world.materials()[static_cast<size_t>(b)].name.c_str());
    }
    for (int a = 0; a < n; ++a) {
        ImGui::TableNextRow();
        ImGui::TableSetColumnIndex(0);
        ImGui::TextUnformatted(world.materials()[static_cast<size_t>(a)].name.c_str());
        for (int b = 0; b < n; ++b)
            if (ImGui::TableSetColumnIndex(b + 1)) pairCell(world, a, b);
    }
    ImGui::EndTable();
}

} // namespace

void drawMaterialsPanel(App& app) {
    Settings& s = app.world.settings();
    if (drawCombineRules(s)) {
        clampSettings(s);
        app.world.wakeAll();
    }
    // Lesson steps point at these two headers: the tooltip after each is what outlines it.
    openIfLessonSearching();
    const bool listOpen = ImGui::CollapsingHeader("Materials", ImGuiTreeNodeFlags_DefaultOpen);
    itemTooltip("Every material the scene uses or could: density (kg/m^3), restitution, static and "
                "dynamic friction, rolling resistance and torsional friction (m), colour. Edits apply "
                "at the next step to every body of that material.");
    if (listOpen) drawMaterialList(app);
    openIfLessonSearching();
    const bool tableOpen = ImGui::CollapsingHeader("Pair table", ImGuiTreeNodeFlags_DefaultOpen);
    itemTooltip("One cell per pair of materials: the restitution and friction their contacts use, "
                "from the combine rules above unless the cell is overridden (scene key materialPairs).");
    if (tableOpen) drawPairTable(app.world);
    ImGui::TextDisabled("changes apply at the next step");
}

} // namespace tumble::app
