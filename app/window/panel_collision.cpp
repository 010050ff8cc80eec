// The Collision panel: the broad phase (chosen live), what it and the narrow phase counted,
// where the step's time went, and the narrow-phase dispatch table with its calls per cell.
#include "window/gallery.h"
#include "window/panels.h"
#include "window/settings_help.h"
#include "window/widgets.h"

#include "tumble/feature_names.h"

#include <imgui.h>

#include <algorithm>
#include <string>
#include <vector>

namespace tumble::app {
namespace {

void drawCounters(const World& world) {
    const Counters& c = world.counters();
    if (!ImGui::BeginTable("counters", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) return;
    valueRow("pairs tested",
             "Box-against-box overlap tests the broad phase made in the last step (a "
             "tree's node tests included): its work. The pairs whose enlarged boxes "
             "overlap (and layers, masks and joints allow) go on to the rows below.",
             "%.0f", c.pairsTested);
    valueRow("culled by boxes",
             "Candidate pairs whose bodies' own boxes are farther apart than the contact "
             "margin (contactMargin, m): they cannot touch, so the narrow phase does not "
             "measure them. The broad phase's boxes are enlarged so they need fewer "
             "updates; in a pile of boxes side by side most candidates end here.",
             "%.0f", c.pairsCulled);
    valueRow("touching pairs", "Candidate pairs whose shapes actually touch (or are within the contact "
                               "margin): one contact manifold each.", "%.0f", c.pairs);
    valueRow("re-measured", "Touching pairs of boxes or hulls that kept last step's manifold and "
                            "only measured its points again at the new poses (persistent contacts, "
                            "Solver panel); the rest ran the separating-axis test and clipping.",
             "%.0f", c.pairsRemeasured);
    valueRow("contact points", "Points over all manifolds (1 to 4 each); the solver gets 3 rows per "
                               "point.", "%.0f", c.contacts);
    double ratio = c.pairsTested > 0 ? static_cast<double>(c.pairs) / c.pairsTested : 0.0;
    valueRow("hit rate", "touching pairs / pairs tested: how tight the broad phase's boxes are. Fat "
                         "boxes trade a lower rate for fewer tree updates.", "%.2f", ratio);
    ImGui::EndTable();
}

/// Time per stage with a bar for its share of the whole step.
void drawProfile(const World& world) {
    const Profile& p = world.profile();
    float total = std::max(p.step, 1e-6f);
    if (!ImGui::BeginTable("profile", 3, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) return;
    ImGui::TableSetupColumn("stage", ImGuiTableColumnFlags_WidthStretch, 1.2f);
    ImGui::TableSetupColumn("ms", ImGuiTableColumnFlags_WidthFixed, 60.0f);
    ImGui::TableSetupColumn("share", ImGuiTableColumnFlags_WidthStretch, 1.0f);
    for (const ProfileStage& s : profileStages()) {
        const float ms = p.*s.member;
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        if (s.inside) ImGui::Indent();
        ImGui::TextUnformatted(s.name);
        if (s.inside) ImGui::Unindent();
        itemTooltip(s.help);
        ImGui::TableNextColumn();
        ImGui::Text("%.3f", ms);
        ImGui::TableNextColumn();
        ImGui::ProgressBar(std::clamp(ms / total, 0.0f, 1.0f), ImVec2(-1.0f, 0.0f), "");
        itemTooltip("Share of the whole step.");
    }
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted("whole step");
    itemTooltip("World::step from start to end, ms (the stages above plus bookkeeping).");
    ImGui::TableNextColumn();
    ImGui::Text("%.3f", p.step);
    ImGui::EndTable();
}

/// The dispatch table [shape A][shape B] with the calls each cell had in the last step. A
/// compound has no row: its children are tested one by one and counted by their own types.
void drawDispatchTable(const World& world) {
    const DispatchCounts& counts = world.dispatchCounts();
    std::vector<int> types;
    for (int t = 0; t < kShapeTypeCount; ++t)
        if (static_cast<ShapeType>(t) != ShapeType::Compound) types.push_back(t);
    const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_SizingStretchSame |
                                  ImGuiTableFlags_NoHostExtendX;
    if (!ImGui::BeginTable("dispatch", static_cast<int>(types.size()) + 1, flags)) return;
    ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
    ImGui::TableSetColumnIndex(0);
    ImGui::TableHeader("A \\ B");
    itemTooltip("Rows: the shape of body A, columns: the shape of body B. A is the body with the "
                "lower slot index (manifolds are sorted by body), so a sphere falling on a box "
                "counts in row sphere or row box depending on which was created first. A compound "
                "body's children are tested one by one and counted here by their own shapes. A mesh or "
                "height field counts one call per shape (or compound child) tested against its "
                "triangles, which give one manifold per touching triangle.");
    for (size_t c = 0; c < types.size(); ++c) {
        ImGui::TableSetColumnIndex(static_cast<int>(c) + 1);
        std::string name(toString(static_cast<ShapeType>(types[c])));
        ImGui::TableHeader(name.c_str());
        itemTooltip("Shape of body B (the higher slot index).");
    }
    for (int a : types) {
        ImGui::TableNextRow();
        ImGui::TableSetColumnIndex(0);
        std::string rowName(toString(static_cast<ShapeType>(a)));
        ImGui::TextUnformatted(rowName.c_str());
        itemTooltip("Shape of body A (the lower slot index).");
        for (size_t c = 0; c < types.size(); ++c) {
            const int b = types[c];
            ImGui::TableSetColumnIndex(static_cast<int>(c) + 1);
            int n = counts[static_cast<size_t>(a)][static_cast<size_t>(b)];
            if (n > 0) ImGui::Text("%d", n);
            else ImGui::TextDisabled("0");
            std::string colName(toString(static_cast<ShapeType>(b)));
            std::string help = rowName + " (A) vs " + colName + " (B): " + std::to_string(n) +
                               " call" + (n == 1 ? "" : "s") + " of its collide function in the last step.";
            if (a != b)
                help += "\n\nThis cell and its mirror (" + colName + " vs " + rowName +
                        ") share one collide function: one of the two calls it with the shapes "
                        "swapped and flips the normal (and swaps the anchors), so the normal "
                        "always points from A to B.";
            if (ImGui::IsItemHovered()) ImGui::TableSetBgColor(ImGuiTableBgTarget_CellBg, IM_COL32(70, 90, 140, 120));
            itemTooltip(help.c_str());
        }
    }
    ImGui::EndTable();
}

/// The collision gallery's exhibits, each by its shape pair, with every contact point's
/// features in words and its depth.
void drawExhibits(const World& world, const std::vector<Exhibit>& exhibits) {
    const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH |
                                  ImGuiTableFlags_SizingStretchProp;
    if (!ImGui::BeginTable("exhibits", 3, flags)) return;
    // The longest pair's name fits; the features take the rest.
    ImGui::TableSetupColumn("pair", ImGuiTableColumnFlags_WidthFixed,
                            ImGui::CalcTextSize("capsule \u00d7 capsule").x);
    ImGui::TableSetupColumn("depth mm", ImGuiTableColumnFlags_WidthFixed, ImGui::CalcTextSize("depth mm").x);
    ImGui::TableSetupColumn("features touching", ImGuiTableColumnFlags_WidthStretch);
    static const char* const kHeaderHelp[3] = {
        "The exhibit's two shapes (A x B), or a shape and the plane.",
        "Overlap at each contact point, mm.",
        "Each point's feature id in words: what of A touches what of B."};
    ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
    for (int column = 0; column < 3; ++column) {
        ImGui::TableSetColumnIndex(column);
        ImGui::TableHeader(ImGui::TableGetColumnName(column));
        itemTooltip(kHeaderHelp[column]);
    }
    const std::vector<ContactManifoldInfo>& contacts = world.contacts();
    for (const Exhibit& e : exhibits) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(e.label.c_str());
        itemTooltip("The exhibit's shape pair, as labelled in the view: body A (the lower slot, "
                    "wood) against body B (metal), or a shape against the plane.");
        std::vector<size_t> manifolds = exhibitManifolds(world, e);
        if (manifolds.empty()) {
            ImGui::TableNextColumn();
            ImGui::TableNextColumn();
            ImGui::TextDisabled("no contact");
        }
        for (size_t mi : manifolds) {
            const ContactManifoldInfo& m = contacts[mi];
            for (int i = 0; i < m.pointCount; ++i) {
                if (i > 0) {
                    ImGui::TableNextRow();
                    ImGui::TableNextColumn();
                }
                ImGui::TableNextColumn();
                ImGui::Text("%.1f", double(-1000.0f * m.points[i].separation));
                itemTooltip("How far the shapes overlap at this point, mm (the gallery's pairs "
                            "are placed 40 mm into each other).");
                ImGui::TableNextColumn();
                ImGui::TextUnformatted(describeFeature(world, m, i).c_str());
                itemTooltip("The point's feature id in words: which face, edge or vertex of A "
                            "touches which of B. Warm starting matches points by it from step to step.");
            }
        }
    }
    ImGui::EndTable();
}

} // namespace

void drawCollisionPanel(App& app) {
    Settings& s = app.world.settings();
    ImGui::PushItemWidth(-110.0f);
    // Edited in place: the world rebuilds its broad phase at the next step when the type
    // changes; the pairs (and so the simulation) stay the same, only the time changes.
    if (enumCombo("Broad phase", s.broadphase, 3, help::kBroadphase)) clampSettings(s);
    itemTooltip("The algorithm that finds candidate pairs (bodies whose fat boxes overlap). All "
                "three find the same pairs, so the simulation is identical; compare the broad-phase "
                "time below. Hover each entry for how it works.");
    ImGui::PopItemWidth();

    if (ImGui::CollapsingHeader("Counters of the last step", ImGuiTreeNodeFlags_DefaultOpen))
        drawCounters(app.world);
    if (ImGui::CollapsingHeader("Time per phase (ms)", ImGuiTreeNodeFlags_DefaultOpen))
        drawProfile(app.world);
    if (ImGui::CollapsingHeader("Narrow-phase dispatch table", ImGuiTreeNodeFlags_DefaultOpen)) {
        ImGui::TextDisabled("calls per cell in the last step");
        itemTooltip("The narrow phase looks up collide[typeA][typeB] for every candidate pair. "
                    "Each number is how often that cell ran in the last step; cells off the "
                    "diagonal come in mirrored pairs that reuse one function with the normal flipped.");
        drawDispatchTable(app.world);
    }
    const std::vector<Exhibit> exhibits = findExhibits(app.world);
    if (!exhibits.empty() && ImGui::CollapsingHeader("Gallery exhibits", ImGuiTreeNodeFlags_DefaultOpen)) {
        itemTooltip("The collision gallery's pairs (bodies named <shape>-vs-<shape>): each one's "
                    "contact points, their depth and their features in words.");
        drawExhibits(app.world, exhibits);
    }
}

} // namespace tumble::app
