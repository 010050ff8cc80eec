// The Contact events panel: each sensor's count of bodies inside and bodies let in, a filter,
// and the contact events newest first (the app's log of begins, ends and sensor events, and
// the last step's persisting pairs from the world). Clicking an event selects its body.
#include "window/panels.h"
#include "window/widgets.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

namespace tumble::app {
namespace {

/// Rows listed at most: the newest of the filtered events.
constexpr size_t kMaxRows = 500;

const ColumnHelp kSensorColumns[] = {
    {"sensor", "A sensor body: it reports what overlaps it and collides with nothing."},
    {"inside", "Bodies overlapping the sensor now (count): touching it, separation <= 0 m. A body "
               "asleep inside stays inside."},
    {"entered", "Bodies that entered the sensor since the scene started, up to the step shown "
                "(count of sensorBegin events; a body entering twice counts twice)."},
};

const ColumnHelp kEventColumns[] = {
    {"step", "The step the event happened in (the step counter after it). Click a row to select "
             "the pair's moving body in the Inspector."},
    {"kind", "begin, persist, end (contacts) or sensorBegin, sensorEnd (a body entering or leaving "
             "a sensor)."},
    {"bodies", "The two bodies, in the world's order (creation order)."},
    {"pts", "Touching points of the pair (separation <= 0), count; 0 for an end."},
    {"impulse", "Normal impulse of the step summed over the pair's points, N s (begin and persist; "
                "0 for sensors, which are never solved)."},
};

/// The body's name, "#slot" when it has none, "(gone)" once destroyed.
std::string nameOf(const World& world, BodyId id) {
    return world.isValid(id) ? slotName(world, id.index) : "(gone)";
}

void drawSensors(App& app) {
    const World& world = app.world;
    std::vector<BodyId> sensors;
    for (BodyId id : world.bodyIds())
        if (world.body(id).sensor) sensors.push_back(id);
    if (sensors.empty()) {
        ImGui::TextDisabled("No sensors in this scene.");
        itemTooltip("A body with \"sensor\": true in the scene file reports what overlaps it and "
                    "collides with nothing.");
        return;
    }
    if (!ImGui::BeginTable("sensors", 3, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) return;
    tableHeaderRow(kSensorColumns, 3);
    for (BodyId sensor : sensors) {
        int inside = 0;
        for (const PairTouch& t : world.sensorOverlaps()) inside += sensorAndVisitor(world, t).first == sensor ? 1 : 0;
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(nameOf(world, sensor).c_str());
        ImGui::TableNextColumn();
        ImGui::Text("%d", inside);
        ImGui::TableNextColumn();
        ImGui::Text("%llu", static_cast<unsigned long long>(app.contactLog.entered(sensor, world.stepCount())));
    }
    ImGui::EndTable();
}

void drawFilter(ContactLog& log) {
    ImGui::Checkbox("Begin", &log.showBegin);
    itemTooltip("List begin events: a pair touches (a point at separation <= 0 m) this step and "
                "did not last step.");
    ImGui::SameLine();
    ImGui::Checkbox("End", &log.showEnd);
    itemTooltip("List end events: a pair touched last step and does not now.");
    ImGui::SameLine();
    ImGui::Checkbox("Persist", &log.showPersist);
    itemTooltip("List the pairs touching in the last step and the one before (persist events of "
                "the last step only: they are not logged).");
    ImGui::SameLine();
    ImGui::Checkbox("Sensor", &log.showSensor);
    itemTooltip("List sensorBegin and sensorEnd events: a body entering or leaving a sensor.");
}

bool shown(const ContactLog& log, ContactEventKind kind) {
    switch (kind) {
    case ContactEventKind::Begin: return log.showBegin;
    case ContactEventKind::End: return log.showEnd;
    case ContactEventKind::Persist: return log.showPersist;
    case ContactEventKind::SensorBegin:
    case ContactEventKind::SensorEnd: return log.showSensor;
    }
    return false;
}

/// The body a click on an event selects: the one that moves (a dynamic body over a static or
/// kinematic one), else body B.
BodyId bodyToSelect(const World& world, const PairTouch& p) {
    if (world.isValid(p.bodyA) && world.body(p.bodyA).isDynamic() &&
        !(world.isValid(p.bodyB) && world.body(p.bodyB).isDynamic()))
        return p.bodyA;
    return p.bodyB;
}

void drawEvents(App& app) {
    const World& world = app.world;
    const ContactLog& log = app.contactLog;
    // Newest first: the last step's persisting pairs, then the log backwards, without the
    // events past the step shown (a future the Timeline rewound from).
    std::vector<const ContactEvent*> rows;
    if (log.showPersist)
        for (const ContactEvent& e : world.contactEvents())
            if (e.kind == ContactEventKind::Persist && rows.size() < kMaxRows) rows.push_back(&e);
    for (auto it = log.events().rbegin(); it != log.events().rend() && rows.size() < kMaxRows; ++it)
        if (it->step <= world.stepCount() && shown(log, it->kind)) rows.push_back(&*it);
    ImGui::Text("%zu events (newest first)", rows.size());
    itemTooltip("Events listed after the filter, at most 500; the app keeps the last 2000 begin, "
                "end and sensor events.");
    if (!ImGui::BeginTable("events", 5, ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY | ImGuiTableFlags_SizingStretchProp,
                           ImVec2(0.0f, std::max(ImGui::GetContentRegionAvail().y, 8.0f * ImGui::GetFrameHeight()))))
        return;
    ImGui::TableSetupScrollFreeze(0, 1);
    const float em = ImGui::GetFontSize();
    ImGui::TableSetupColumn("step", ImGuiTableColumnFlags_WidthFixed, 3.5f * em);
    ImGui::TableSetupColumn("kind", ImGuiTableColumnFlags_WidthFixed, 6.0f * em);
    ImGui::TableSetupColumn("bodies", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableSetupColumn("pts", ImGuiTableColumnFlags_WidthFixed, 2.0f * em);
    ImGui::TableSetupColumn("impulse", ImGuiTableColumnFlags_WidthFixed, 4.5f * em);
    tableHeaderRow(kEventColumns, 5);
    ImGuiListClipper clipper;
    clipper.Begin(static_cast<int>(rows.size()));
    while (clipper.Step()) {
        for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
            const ContactEvent& e = *rows[static_cast<size_t>(i)];
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            // The ID names the event (kind and the bodies' slots), so a row keeps it as newer
            // events push it down, and a script can click it: "37##3-1-2".
            char label[64];
            std::snprintf(label, sizeof label, "%llu##%d-%u-%u", static_cast<unsigned long long>(e.step),
                          static_cast<int>(e.kind), e.pair.bodyA.index, e.pair.bodyB.index);
            const BodyId pick = bodyToSelect(world, e.pair);
            if (ImGui::Selectable(label, app.selected == pick, ImGuiSelectableFlags_SpanAllColumns) && world.isValid(pick))
                app.select(pick);
            char help[256];
            std::snprintf(help, sizeof help,
                          "Step %llu: click to select %s (the moving body of the pair) in the Inspector. "
                          "Deepest separation %.4f m.",
                          static_cast<unsigned long long>(e.step), nameOf(world, pick).c_str(), e.pair.deepest);
            itemTooltip(help);
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(std::string(toString(e.kind)).c_str());
            ImGui::TableNextColumn();
            ImGui::Text("%s - %s", nameOf(world, e.pair.bodyA).c_str(), nameOf(world, e.pair.bodyB).c_str());
            ImGui::TableNextColumn();
            ImGui::Text("%d", e.pair.pointCount);
            ImGui::TableNextColumn();
            ImGui::Text("%.3g", e.pair.normalImpulse);
        }
    }
    ImGui::EndTable();
}

} // namespace

void drawContactEventsPanel(App& app) {
    ImGui::TextWrapped("A pair touches when a point of its manifold has separation <= 0 m "
                       "(speculative points within the contact margin do not count).");
    if (ImGui::CollapsingHeader("Sensors", ImGuiTreeNodeFlags_DefaultOpen)) drawSensors(app);
    openIfLessonSearching();
    if (ImGui::CollapsingHeader("Events, newest first", ImGuiTreeNodeFlags_DefaultOpen)) {
        drawFilter(app.contactLog);
        drawEvents(app);
    }
}

} // namespace tumble::app
