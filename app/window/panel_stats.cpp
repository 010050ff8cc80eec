// The Stats panel: where the time goes, what the world counted, where the energy is.
#include "window/panels.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>

namespace tumble::app {
namespace {

/// A plot of a history with its latest value in the overlay, scaled to its own range.
void plotHistory(const char* label, const History& h, const char* unit, float height, bool fromZero) {
    char overlay[64];
    std::snprintf(overlay, sizeof(overlay), "%.3g %s", h.latest(), unit);
    float lo = fromZero ? std::min(0.0f, h.minimum()) : h.minimum();
    float hi = std::max(h.maximum(), lo + 1e-3f);
    // PlotLines takes no negative "fill the row" width: leave room for the label ourselves.
    float width = std::max(ImGui::GetContentRegionAvail().x - 70.0f, 60.0f);
    ImGui::PlotLines(label, h.data(), h.count(), h.offset(), overlay, lo, hi * (fromZero ? 1.1f : 1.0f),
                     ImVec2(width, height));
}

/// One row of the profile table: stage name and milliseconds.
void profileRow(const char* stage, float ms, const char* tooltip) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(stage);
    itemTooltip(tooltip);
    ImGui::TableNextColumn();
    ImGui::Text("%.3f", ms);
}

void counterRow(const char* name, int value, const char* tooltip) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(name);
    itemTooltip(tooltip);
    ImGui::TableNextColumn();
    ImGui::Text("%d", value);
}

/// The thread count (Settings::threads) and what each thread did in the last step.
void drawThreads(App& app) {
    Settings& s = app.world.settings();
    const int cores = stepThreads(Settings{});
    ImGui::SetNextItemWidth(-90.0f);
    char format[32];
    std::snprintf(format, sizeof format, s.threads == 0 ? "auto (1 or %d)" : "%%d", cores);
    if (ImGui::SliderInt("threads", &s.threads, 0, std::max(8, 2 * cores), format)) clampSettings(s);
    itemTooltip(
        "Threads a step runs on, the stepping thread included (settings.threads in a scene "
        "file, --set threads=N). 0 (auto): the world times its steps at one per core and at one "
        "thread, in turn, and keeps the faster; it tries again every 600 steps, or sooner when "
        "the step's time moves by 30 %. The broad phase's queries, the narrow phase's pairs, the "
        "contact rows, the bodies' integration and the wide method's colours are cut into one "
        "run of blocks per thread; each block writes only what its own pairs, rows or bodies "
        "own, so the step gives the same bits at any count: this changes speed, never the "
        "simulation (and wakes nothing). Block Gauss-Seidel's passes stay on one thread (each "
        "row reads the one before); the wide method's colours spread.");
    const ThreadChoice& choice = app.world.threadChoice();
    if (choice.automatic && choice.cores > 1) {
        ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
        if (choice.trials == 0)
            ImGui::TextWrapped("auto: timing %d threads against 1...", choice.cores);
        else
            ImGui::TextWrapped("auto: %s %d thread%s (a step took %.2f ms at 1, %.2f ms at %d)",
                               choice.trial ? "timing again; ran" : "runs", choice.chosen,
                               choice.chosen == 1 ? "" : "s", choice.oneMs, choice.allMs,
                               choice.cores);
        ImGui::PopStyleColor();
        itemTooltip(
            "What the last trial measured: the median wall time of a step at one thread and at one "
            "per core, each over 12 steps taken in blocks of 8 in turn (the first 2 of each block, "
            "whose data is still in the other core's cache, not counted). One per core is kept "
            "only when at least 3 % faster. Where moving a cache line between the cores is slow, "
            "the data each stage hands the next crosses between them and one thread wins.");
    }
    const Profile& p = app.world.profile();
    if (p.threads <= 1) {
        ImGui::TextDisabled("one thread: the whole step runs on it");
        return;
    }
    if (!ImGui::BeginTable("threads", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) return;
    const int shown = std::min<int>(p.threads, static_cast<int>(p.threadBusy.size()));
    for (int i = 0; i < shown; ++i) {
        char name[32];
        std::snprintf(name, sizeof name, i == 0 ? "thread 1 (steps)" : (i + 1 == shown && p.threads > shown ? "threads %d+" : "thread %d"),
                      i + 1);
        profileRow(name, p.threadBusy[i],
                   i == 0 ? "ms the stepping thread spent on its share of the step's parallel loops. It also "
                            "runs everything serial (the broad phase, colouring, the shock pass, sleep): the "
                            "step's time less this is serial or waiting."
                          : "ms this worker spent on its share of the step's parallel loops. Equal shares mean "
                            "the loops split well; a worker far below the first means the blocks ran out or "
                            "the core was busy elsewhere.");
    }
    ImGui::EndTable();
}

} // namespace

void drawStatsPanel(App& app) {
    const ImGuiViewport* viewport = ImGui::GetMainViewport();
    // Left of the dock, so opening both covers neither.
    ImGui::SetNextWindowPos(ImVec2(viewport->WorkPos.x + viewport->WorkSize.x - layout::kViewRightMargin,
                                   kMenuBarHeight + 8.0f),
                            ImGuiCond_FirstUseEver, ImVec2(1.0f, 0.0f));
    ImGui::SetNextWindowSize(ImVec2(340.0f, 740.0f), ImGuiCond_FirstUseEver);
    if (!ImGui::Begin("Stats", &app.panels.stats)) {
        ImGui::End();
        return;
    }
    ImGui::TextDisabled("last ~5 s, one sample per frame");
    plotHistory("frame", app.frameMs, "ms", 50.0f, true);
    itemTooltip("Wall time per frame in ms (60 fps = 16.7 ms).");
    plotHistory("physics", app.physicsMs, "ms", 50.0f, true);
    itemTooltip("Wall time in ms of all world steps taken in that frame.");

    if (ImGui::CollapsingHeader("Profile of the last step (ms)", ImGuiTreeNodeFlags_DefaultOpen)) {
        const Profile& p = app.world.profile();
        if (ImGui::BeginTable("profile", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) {
            profileRow("step", p.step, "Whole World::step, ms.");
            for (const ProfileStage& stage : profileStages())
                profileRow(stage.name, p.*stage.member, stage.help);
            ImGui::EndTable();
        }
    }
    if (ImGui::CollapsingHeader("Threads", ImGuiTreeNodeFlags_DefaultOpen)) drawThreads(app);
    if (ImGui::CollapsingHeader("Counters of the last step", ImGuiTreeNodeFlags_DefaultOpen)) {
        const Counters& c = app.world.counters();
        if (ImGui::BeginTable("counters", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) {
            counterRow("bodies", c.bodies, "Live bodies, static ones included.");
            counterRow("awake bodies", c.awakeBodies, "Dynamic bodies not sleeping.");
            counterRow("pairs tested", c.pairsTested, "Candidate pairs the broad phase handed on.");
            counterRow(
                "culled pairs", c.pairsCulled,
                "Candidates whose bodies' boxes are farther apart than the contact margin: not "
                "measured by the narrow phase.");
            counterRow("touching pairs", c.pairs, "Pairs with a contact manifold.");
            counterRow("re-measured pairs", c.pairsRemeasured,
                       "Touching pairs that re-measured last step's manifold instead of running "
                       "the separating-axis test (persistent contacts).");
            counterRow("contact points", c.contacts, "Points over all manifolds.");
            counterRow("asleep pairs", c.sleepingPairs,
                       "Touching pairs none of whose bodies moves (each asleep or static): kept as "
                       "they fell asleep, counted and drawn grey, not solved.");
            counterRow("asleep points", c.sleepingContacts, "Contact points of the pairs asleep.");
            counterRow("islands", c.islands, "Groups of bodies connected by contacts or joints.");
            counterRow("bullet impacts", c.bulletImpacts,
                       "Bullet bodies put back to their time of impact this step (their sweep "
                       "met another body).");
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextUnformatted("max penetration");
            itemTooltip("Deepest overlap among this step's contacts, those of pairs asleep included, in mm.");
            ImGui::TableNextColumn();
            ImGui::Text("%.2f mm", c.maxPenetration * 1000.0f);
            ImGui::EndTable();
        }
    }
    if (ImGui::CollapsingHeader("Energy (J)", ImGuiTreeNodeFlags_DefaultOpen)) {
        plotHistory("kinetic", app.kineticEnergy, "J", 40.0f, true);
        itemTooltip("Sum of 1/2 m v^2 + 1/2 w.(I w) over all bodies, J.");
        plotHistory("potential", app.potentialEnergy, "J", 40.0f, false);
        itemTooltip("Gravity potential relative to y = 0 plus attractors, J.");
        plotHistory("total", app.totalEnergy, "J", 40.0f, false);
        itemTooltip("Kinetic + potential, J. Flat for a frictionless, bounce-free scene with a "
                    "symplectic integrator; it drifts up with explicit Euler.");
    }
    ImGui::End();
}

} // namespace tumble::app
