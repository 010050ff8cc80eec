// The step debugger (a dock tab): the step shown, re-run with the trace on
// (tumble/step_trace.h), walked stage by stage, pass by pass or constraint by constraint. The
// constraint under the cursor is drawn in the view (emitDebuggerCursor) with its impulse and
// its two bodies' velocities before and after; the panel lists the pass's constraints in
// solve order. Sub-stepping methods' visits name their sub-step; Jacobi's visits all read the
// pass's start and are applied together at its end, which the cursor text says.
#include "window/panels.h"
#include "window/widgets.h"

#include <imgui.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <string>

namespace tumble::app {
namespace {

/// The trace's marks and visits as one sequence, in the order the step produced them.
struct Event {
    bool mark = false;
    size_t index = 0; ///< into marks or visits
};

std::vector<Event> eventsOf(const StepTrace& t) {
    std::vector<Event> out;
    size_t visit = 0;
    for (size_t m = 0; m < t.marks.size(); ++m) {
        for (; visit < t.marks[m].visitsBefore && visit < t.visits.size(); ++visit) out.push_back({false, visit});
        out.push_back({true, m});
    }
    for (; visit < t.visits.size(); ++visit) out.push_back({false, visit});
    return out;
}

std::string visitTitle(const World& world, const TraceVisit& v) {
    std::string what;
    if (v.joint)
        what = "joint row " + std::to_string(v.source);
    else if (v.wholeManifold)
        what = "contact " + std::to_string(v.source) + " (all rows)";
    else
        what = "contact " + std::to_string(v.source) + " point " + std::to_string(v.point) + " " +
               (v.kind == ProbeRowKind::Normal ? "normal" : v.kind == ProbeRowKind::Friction1 ? "friction t1" : "friction t2");
    return what + ": " + slotName(world, v.bodyA) + " - " + slotName(world, v.bodyB);
}

/// "pass 3", or "sub-step 2, relax pass 2" for a method that sub-steps.
std::string passName(int substep, int iteration, bool relax, bool substeps) {
    const std::string name = (relax ? "relax pass " : "pass ") + std::to_string(iteration + 1);
    return substeps ? "sub-step " + std::to_string(substep + 1) + ", " + name : name;
}

/// The same, opening a sentence.
std::string passTitle(int substep, int iteration, bool relax, bool substeps) {
    std::string name = passName(substep, iteration, relax, substeps);
    name[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(name[0])));
    return name;
}

/// Whether the trace's method sub-steps (its passes are numbered within sub-steps).
bool subSteps(const StepTrace& t) {
    for (const TraceMark& m : t.marks)
        if (m.stage == TraceStage::Pass && m.substep > 0) return true;
    return false;
}

float visitDelta(const TraceVisit& v) {
    return v.joint ? v.deltaJoint : v.wholeManifold ? v.deltaNormal : v.kind == ProbeRowKind::Normal ? v.deltaNormal : v.deltaFriction;
}

/// Move the cursor to the next (dir > 0) or previous event that `match` accepts.
template <class Match> void seek(App& app, const std::vector<Event>& events, int dir, Match match) {
    long i = static_cast<long>(app.debugger.cursor);
    for (i += dir; i >= 0 && i < static_cast<long>(events.size()); i += dir)
        if (match(events[static_cast<size_t>(i)])) {
            app.debugger.cursor = static_cast<size_t>(i);
            return;
        }
}

void traceShownStep(App& app) {
    WorldState before;
    Settings stepSettings;
    if (!app.recordedStepStart(before, stepSettings)) return;
    const TracedStep traced = traceStep(app.world, before, stepSettings);
    app.debugger.trace = traced.trace;
    app.debugger.cursor = 0;
    app.debugger.hash = app.world.stateHash();
    if (!traced.replayMatched) app.setStatus("The world was edited since this step: the trace is of the recorded step.");
}

void drawCursor(App& app, const std::vector<Event>& events) {
    const StepTrace& t = app.debugger.trace;
    const Event& e = events[app.debugger.cursor];
    ImGui::Text("Step %llu, %s: event %zu of %zu", static_cast<unsigned long long>(t.step), t.method.c_str(),
                app.debugger.cursor + 1, events.size());
    if (e.mark) {
        const TraceMark& m = t.marks[e.index];
        if (m.stage == TraceStage::Pass)
            ImGui::Text("End of %s, kinetic energy %.5g J",
                        passName(m.substep, m.iteration, m.relax, subSteps(t)).c_str(), m.kineticEnergy);
        else
            ImGui::Text("End of %s (%d), kinetic energy %.5g J", traceStageName(m.stage), m.count, m.kineticEnergy);
        return;
    }
    const TraceVisit& v = t.visits[e.index];
    ImGui::TextWrapped("%s: %s", passTitle(v.substep, v.iteration, v.relax, subSteps(t)).c_str(),
                       visitTitle(app.world, v).c_str());
    if (v.simultaneous) {
        ImGui::TextWrapped("Jacobi: every constraint of this pass reads the velocities the pass "
                           "started with, and the pass applies all their impulses together at its "
                           "end. \"After\" is the start plus this constraint's own share only.");
        itemTooltip("So every visit of the pass has the same \"before\" for a body, and a body's "
                    "shares add up to what the whole pass changed.");
    }
    if (v.joint)
        ImGui::Text("dlambda %.4g N s", v.deltaJoint);
    else
        ImGui::Text("dlambda normal %.4g N s, friction %.4g N s", v.deltaNormal, v.deltaFriction);
    if (ImGui::BeginTable("velocities", 3, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) {
        static const ColumnHelp kSequential[] = {
            {"", "Linear (m/s) and angular (rad/s) velocity of each body."},
            {"before", "When this constraint came up: what the constraints before it in the pass left."},
            {"after", "After its impulse: what the constraints after it will see."},
        };
        static const ColumnHelp kSimultaneous[] = {
            {"", "Linear (m/s) and angular (rad/s) velocity of each body."},
            {"before", "The pass's start: what every constraint of this Jacobi pass reads."},
            {"after", "The start plus this constraint's own impulse only; the pass applies all "
                      "constraints' impulses together at its end."},
        };
        const ColumnHelp* columns = v.simultaneous ? kSimultaneous : kSequential;
        for (int c = 0; c < 3; ++c) ImGui::TableSetupColumn(columns[c].name);
        tableHeaderRow(columns, 3);
        auto row = [](const char* name, const glm::vec3& a, const glm::vec3& b) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(name);
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(formatVec3(a, 3).c_str());
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(formatVec3(b, 3).c_str());
        };
        row("vA", v.vA0, v.vA1);
        row("wA", v.wA0, v.wA1);
        row("vB", v.vB0, v.vB1);
        row("wB", v.wB0, v.wB1);
        ImGui::EndTable();
    }
}

/// The pass of the cursor's visit (or the last pass before a mark), in solve order.
void drawPassList(App& app, const std::vector<Event>& events) {
    const StepTrace& t = app.debugger.trace;
    if (t.visits.empty()) {
        ImGui::TextWrapped("%s does not solve one constraint after another on velocities: its "
                           "stages and passes are listed, not single constraints (XPBD moves "
                           "poses; the exact solvers pivot over all rows at once).", t.method.c_str());
        return;
    }
    const Event& e = events[app.debugger.cursor];
    size_t anchor = e.mark ? std::min(t.marks[e.index].visitsBefore, t.visits.size() - 1) : e.index;
    if (e.mark && t.marks[e.index].visitsBefore > 0) anchor = t.marks[e.index].visitsBefore - 1;
    const TraceVisit& at = t.visits[anchor];
    auto samePass = [&](const TraceVisit& v) { return v.substep == at.substep && v.iteration == at.iteration; };
    size_t first = anchor, last = anchor;
    while (first > 0 && samePass(t.visits[first - 1])) --first;
    while (last + 1 < t.visits.size() && samePass(t.visits[last + 1])) ++last;
    ImGui::Text("%s, in solve order (%zu constraints)",
                passTitle(at.substep, at.iteration, at.relax, subSteps(t)).c_str(), last - first + 1);
    itemTooltip("Each line: its place in the pass, the impulse it added (N s: the normal rows' sum "
                "for a whole manifold, the row's own for a scalar row or a joint row; a sub-step's "
                "impulse for the sub-stepping methods), and what it is. Click one to go there. "
                "Jacobi solves them all from the pass's start and applies them together at its end.");
    if (!ImGui::BeginChild("passlist", ImVec2(0, 220), true)) {
        ImGui::EndChild();
        return;
    }
    ImGuiListClipper clipper;
    clipper.Begin(static_cast<int>(last - first + 1));
    while (clipper.Step())
        for (int k = clipper.DisplayStart; k < clipper.DisplayEnd; ++k) {
            const size_t i = first + static_cast<size_t>(k);
            char label[200];
            std::snprintf(label, sizeof label, "%4d  %+9.4g  %s##v%zu", k + 1, visitDelta(t.visits[i]),
                          visitTitle(app.world, t.visits[i]).c_str(), i);
            if (ImGui::Selectable(label, !e.mark && e.index == i))
                for (size_t j = 0; j < events.size(); ++j)
                    if (!events[j].mark && events[j].index == i) app.debugger.cursor = j;
        }
    ImGui::EndChild();
}

} // namespace

void drawDebuggerPanel(App& app) {
    ImGui::TextWrapped("Look inside the step shown: it is run again from the recording with every "
                       "stage and every constraint it solves written down, then the world is put "
                       "back exactly as it was.");
    ImGui::BeginDisabled(app.world.stepCount() == 0);
    if (ImGui::Button("Trace this step")) traceShownStep(app);
    ImGui::EndDisabled();
    itemTooltip("Re-run the step shown (live, or rewound on the Timeline) from the recorded state "
                "before it, with its own settings, recording each stage (broad phase, narrow phase, "
                "prepare, warm start, every pass, relax, integrate, correct, sleep) and, for "
                "the velocity methods (block Gauss-Seidel, PGS, SOR, random order, Jacobi, soft "
                "step, TGS), every constraint of every pass (of every sub-step) with its impulse "
                "and its bodies' velocities before and after. XPBD and the exact solvers show "
                "stages and passes only. The world ends bit for bit where it was.");
    StepTrace& t = app.debugger.trace;
    if (t.marks.empty() || !app.showsStep(t.step, app.debugger.hash)) {
        ImGui::TextWrapped("Pause (Space), then press Trace this step. Rewind on the Timeline to "
                           "look inside an earlier step.");
        return;
    }
    const std::vector<Event> events = eventsOf(t);
    app.debugger.cursor = std::min(app.debugger.cursor, events.size() - 1);
    auto isMark = [](const Event& e) { return e.mark; };
    auto isVisit = [](const Event& e) { return !e.mark; };
    auto isPassEnd = [&](const Event& e) { return e.mark && t.marks[e.index].stage == TraceStage::Pass; };
    ImGui::TextUnformatted("Step by");
    ImGui::SameLine();
    if (ImGui::ArrowButton("##stageBack", ImGuiDir_Left)) seek(app, events, -1, isMark);
    itemTooltip("Back to the end of the stage before.");
    ImGui::SameLine();
    ImGui::TextUnformatted("stage");
    ImGui::SameLine();
    if (ImGui::ArrowButton("##stage", ImGuiDir_Right)) seek(app, events, 1, isMark);
    itemTooltip("To the end of the next stage of the step (the arrows left go back).");
    ImGui::SameLine();
    if (ImGui::ArrowButton("##passBack", ImGuiDir_Left)) seek(app, events, -1, isPassEnd);
    itemTooltip("Back to the end of the pass before.");
    ImGui::SameLine();
    ImGui::TextUnformatted("pass");
    ImGui::SameLine();
    if (ImGui::ArrowButton("##pass", ImGuiDir_Right)) seek(app, events, 1, isPassEnd);
    itemTooltip("To the end of the next velocity pass (iteration).");
    ImGui::SameLine();
    if (ImGui::ArrowButton("##visitBack", ImGuiDir_Left)) seek(app, events, -1, isVisit);
    itemTooltip("Back to the constraint solved before.");
    ImGui::SameLine();
    ImGui::TextUnformatted("constraint");
    ImGui::SameLine();
    if (ImGui::ArrowButton("##visit", ImGuiDir_Right)) seek(app, events, 1, isVisit);
    itemTooltip("To the next constraint solved (highlighted in the view: its bodies, the impulse "
                "it added at its contact points, and the velocities before in grey and after in "
                "cyan).");
    int target = static_cast<int>(app.debugger.cursor) + 1;
    ImGui::SetNextItemWidth(120.0f);
    if (ImGui::SliderInt("event", &target, 1, static_cast<int>(events.size())))
        app.debugger.cursor = static_cast<size_t>(target - 1);
    itemTooltip("Every stage end and constraint visit of the step in order; drag to break anywhere.");
    ImGui::SameLine();
    if (ImGui::Button("Resume")) app.debugger.cursor = events.size() - 1;
    itemTooltip("To the end of the step: the state the world is in (the step always ran whole).");
    if (t.truncated) ImGui::TextColored(ImVec4(1, 0.6f, 0.2f, 1), "Only the first %zu visits were kept.", t.visits.size());
    ImGui::Separator();
    drawCursor(app, events);
    ImGui::Separator();
    drawPassList(app, events);
}

void emitDebuggerCursor(const App& app, DebugDraw& draw) {
    const StepTrace& t = app.debugger.trace;
    if (t.visits.empty() || !app.panels.debugger || !app.showsStep(t.step, app.debugger.hash)) return;
    const std::vector<Event> events = eventsOf(t);
    if (app.debugger.cursor >= events.size() || events[app.debugger.cursor].mark) return;
    const TraceVisit& v = t.visits[events[app.debugger.cursor].index];
    const World& world = app.world;
    const glm::vec3 grey(0.6f), cyan(0.2f, 0.9f, 1.0f), orange(1.0f, 0.55f, 0.1f);
    for (BodyId id : world.bodyIds()) {
        if (id.index != v.bodyA && id.index != v.bodyB) continue;
        const Body& b = world.body(id);
        const bool isA = id.index == v.bodyA;
        const glm::vec3 before = isA ? v.vA0 : v.vB0, after = isA ? v.vA1 : v.vB1;
        const Aabb box = world.bodyAabb(id);
        draw.line(box.min, glm::vec3(box.max.x, box.min.y, box.min.z), orange);
        draw.line(box.min, glm::vec3(box.min.x, box.max.y, box.min.z), orange);
        draw.line(box.min, glm::vec3(box.min.x, box.min.y, box.max.z), orange);
        draw.line(box.max, glm::vec3(box.min.x, box.max.y, box.max.z), orange);
        draw.line(box.max, glm::vec3(box.max.x, box.min.y, box.max.z), orange);
        draw.line(box.max, glm::vec3(box.max.x, box.max.y, box.min.z), orange);
        if (glm::length(before) > 1e-4f) draw.arrow(b.position, b.position + 0.5f * before, grey);
        if (glm::length(after) > 1e-4f) draw.arrow(b.position, b.position + 0.5f * after, cyan);
    }
    if (v.joint || v.source >= world.contacts().size()) return;
    const ContactManifoldInfo& m = world.contacts()[v.source];
    for (int i = 0; i < m.pointCount; ++i) {
        if (!v.wholeManifold && i != v.point) continue;
        const glm::vec3 p = m.points[i].position;
        draw.point(p, 9.0f, orange);
        const float delta = v.wholeManifold ? v.deltaNormal / float(m.pointCount) : visitDelta(v);
        draw.arrow(p, p + app.debugDraw.impulseScale * delta * m.normal, orange);
    }
}

} // namespace tumble::app
