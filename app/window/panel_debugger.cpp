// The step debugger (a dock tab): the step shown, re-run with the trace on
// (tumble/step_trace.h), walked stage by stage, pass by pass or constraint by constraint. The
// constraint under the cursor is drawn in the view (emitDebuggerCursor) with its impulse and
// its two bodies' velocities before and after; the panel lists the pass's constraints in
// solve order. Sub-stepping methods' visits name their sub-step; Jacobi's visits all read the
// pass's start and are applied together at its end, which the cursor text says. XPBD's
// position pass moves poses: its visits show the two bodies' poses before and after, the
// multiplier dlambda (kg m) and the error C, and the view draws how far each body moved.
#include "window/panels.h"
#include "window/widgets.h"

#include <imgui.h>

#include <glm/gtc/quaternion.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>
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

/// An XPBD visit's name, or "" for another method's.
std::string xpbdWhat(const TraceVisit& v) {
    const std::string source = std::to_string(v.source);
    switch (v.xpbd) {
    case XpbdVisit::None: return "";
    case XpbdVisit::Spring: return "spring row " + source;
    case XpbdVisit::Projection:
        return v.joint ? "joint " + source + " (all its rows)" : "contact " + source + " (normals, static friction)";
    case XpbdVisit::Motor: return "motor row " + source;
    case XpbdVisit::Restitution: return "contact " + source + " restitution";
    case XpbdVisit::DynamicFriction: return "contact " + source + " point " + std::to_string(v.point) + " dynamic friction";
    }
    return "";
}

std::string visitTitle(const World& world, const TraceVisit& v) {
    std::string what = xpbdWhat(v);
    if (what.empty() && v.joint)
        what = "joint row " + std::to_string(v.source);
    else if (what.empty() && v.wholeManifold)
        what = "contact " + std::to_string(v.source) + " (all rows)";
    else if (what.empty())
        what = "contact " + std::to_string(v.source) + " point " + std::to_string(v.point) + " " +
               (v.kind == ProbeRowKind::Normal ? "normal" : v.kind == ProbeRowKind::Friction1 ? "friction t1" : "friction t2");
    return what + ": " + slotName(world, v.bodyA) + " - " + slotName(world, v.bodyB);
}

/// Whether the trace's method sub-steps (its passes are numbered within sub-steps).
bool subSteps(const StepTrace& t) {
    for (const TraceMark& m : t.marks)
        if (m.stage == TraceStage::Pass && m.substep > 0) return true;
    return false;
}

/// "pass 3", "sub-step 2, relax pass 2" for a method that sub-steps, "sub-step 2, position
/// pass" for XPBD (its pass 0 moves poses, its pass 1 is the velocity pass).
std::string passName(const StepTrace& t, int substep, int iteration, bool relax) {
    std::string name = (relax ? "relax pass " : "pass ") + std::to_string(iteration + 1);
    if (t.method == "xpbd") name = iteration == 0 ? "position pass" : "velocity pass";
    return subSteps(t) ? "sub-step " + std::to_string(substep + 1) + ", " + name : name;
}

/// The same, opening a sentence.
std::string passTitle(const StepTrace& t, int substep, int iteration, bool relax) {
    std::string name = passName(t, substep, iteration, relax);
    name[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(name[0])));
    return name;
}

/// The figure a visit's line in the pass list shows: kg m for an XPBD projection, else N s.
float visitDelta(const TraceVisit& v) {
    if (v.positional()) return v.deltaLambda;
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

/// The rotation (rad) from q0 to q1, the short way round.
float turnAngle(const glm::quat& q0, const glm::quat& q1) {
    return 2.0f * std::acos(std::min(std::fabs(glm::dot(q0, q1)), 1.0f));
}

/// An orientation as a rotation vector, axis times angle (rad), the short way round.
glm::vec3 rotationVector(glm::quat q) {
    if (q.w < 0.0f) q = -q;
    const glm::vec3 u(q.x, q.y, q.z);
    const float sine = glm::length(u);
    return sine > 1e-9f ? u * (2.0f * std::atan2(sine, q.w) / sine) : 2.0f * u;
}

/// An XPBD projection: what it removed (C, dlambda) and the two bodies' poses before and after.
void drawProjection(const TraceVisit& v) {
    ImGui::TextWrapped("XPBD position pass: this constraint moved the two bodies' poses directly "
                       "(no velocities change until the pass ends and derives them from the poses).");
    if (v.joint) {
        ImGui::TextWrapped("C before: linear rows %.4g m, angular rows %.4g rad", v.errorBefore, v.angularErrorBefore);
        itemTooltip("The joint's position error when its projection came up (after the drift and the "
                    "projections before it): the length of its linear rows' C (m: the anchors' gap "
                    "along each row) and of its angular rows' C (rad). A limit counts only where it "
                    "is crossed.");
        ImGui::TextWrapped("dlambda linear %.4g kg m, angular %.4g kg m^2", v.deltaLambda, v.deltaLambdaAngular);
        itemTooltip("The Lagrange multipliers this projection applied, a position impulse: kg m (= N s^2) "
                    "for a row along a direction, kg m^2 (= N m s^2) for a turn about an axis; the "
                    "lengths over the joint's linear and angular rows. Joints are rigid (alpha = 0), "
                    "each row swept with the others:\n  dlambda = -C / (w1 + w2),  w = J M^-1 J^T\n"
                    "  dx = dlambda J / m,  dtheta = I^-1 dlambda J_w\n"
                    "dlambda / h is the velocity impulse (N s), dlambda / h^2 the force (N).");
    } else {
        ImGui::TextWrapped("C before %.4g m (deepest point; < 0 overlapping), alpha~ %.4g 1/kg", v.errorBefore,
                    v.complianceTilde);
        itemTooltip("C: the contact's position error when its projection came up, C = -overlap of "
                    "its deepest point along the normal (m; negative: penetrating), after the drift "
                    "and the projections before it.\nalpha~ = alpha / h^2 (1/kg): each point's "
                    "compliance alpha (m/N, the solver's compliance times the manifold's points, "
                    "springs in parallel) over the sub-step squared. 0 is rigid.");
        ImGui::TextWrapped("dlambda normal %.4g kg m, static friction %.4g kg m, twist %.4g kg m^2", v.deltaLambda,
                    v.deltaLambdaFriction, v.deltaLambdaAngular);
        itemTooltip("The Lagrange multipliers this projection applied (XPBD's lambda is a position "
                    "impulse: kg m = N s^2): the normal rows summed over the points, the length of "
                    "static friction's two tangent rows and its twist about the normal (kg m^2). "
                    "lambda starts at 0 each sub-step, so this is the sub-step's lambda:\n"
                    "  dlambda = (-C - alpha~ lambda) / (w1 + w2 + alpha~),  alpha~ = alpha / h^2\n"
                    "  w = 1/m + (r x n) . I^-1 (r x n),  dx = dlambda n / m\n"
                    "dlambda / h is the velocity impulse (N s), dlambda / h^2 the force (N). Static "
                    "friction holds while |lambda_t| <= mu_s lambda_n; beyond, it is 0 and only the "
                    "velocity pass's dynamic friction acts.");
    }
    if (ImGui::BeginTable("poses", 3, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) {
        static const ColumnHelp kColumns[] = {
            {"", "x: the centre of mass (m, world). theta: the orientation as a rotation vector, "
                 "axis times angle (rad) from the body's rest frame."},
            {"before", "When this constraint came up: the drifted pose and what the projections "
                       "before it in the sub-step left."},
            {"after", "After its projection: what the projections after it will see."},
        };
        for (int c = 0; c < 3; ++c) ImGui::TableSetupColumn(kColumns[c].name);
        tableHeaderRow(kColumns, 3);
        auto row = [](const char* name, const glm::vec3& a, const glm::vec3& b) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(name);
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(formatVec3(a, 4).c_str());
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(formatVec3(b, 4).c_str());
        };
        row("xA", v.xA0, v.xA1);
        row("thetaA", rotationVector(v.qA0), rotationVector(v.qA1));
        row("xB", v.xB0, v.xB1);
        row("thetaB", rotationVector(v.qB0), rotationVector(v.qB1));
        ImGui::EndTable();
    }
    ImGui::TextWrapped("A moved %.4g m and turned %.4g rad; B moved %.4g m and turned %.4g rad.",
                       glm::length(v.xA1 - v.xA0), turnAngle(v.qA0, v.qA1), glm::length(v.xB1 - v.xB0),
                       turnAngle(v.qB0, v.qB1));
    itemTooltip("|x after - x before| (m) and the angle between the orientations before and after "
                "(rad), from the full-precision poses (the table rounds to 0.1 mm).");
}

void drawXpbdVelocityNote(const TraceVisit& v) {
    const char* text = nullptr;
    const char* help = nullptr;
    switch (v.xpbd) {
    case XpbdVisit::Spring:
        text = "XPBD spring: a soft velocity row with a fresh impulse, after the sub-step's forces, before the drift.";
        help = "dlambda = -(Cdot + beta C / h) / (K + gamma) (N s), K = J M^-1 J^T. Undamped, this is "
               "XPBD's compliant update with alpha = 1/k.";
        break;
    case XpbdVisit::Motor:
        text = "XPBD motor: one rigid velocity row in the velocity pass.";
        help = "dlambda = -(Cdot - target speed) / K (N s), |dlambda| <= max force (or torque) x h.";
        break;
    case XpbdVisit::Restitution:
        text = "XPBD restitution: the manifold's acting points' normal velocities, after the velocities "
               "were derived from the poses.";
        help = "v_n -> max(-e v~_n, 0), v~_n the normal velocity before the position pass; e = 0 when "
               "|v~_n| <= the restitution threshold (a resting contact does not bounce). A point only "
               "pushes over the sub-step: the impulse (N s) is at least -lambda_n / h.";
        break;
    case XpbdVisit::DynamicFriction:
        text = "XPBD dynamic friction: one sliding point, after restitution.";
        help = "p = -min(|v_t| / w_t, mu_d lambda_n / h) t,  t = v_t / |v_t|,  w_t = w1 + w2 along t "
               "(N s): friction of at most mu_d times the normal force lambda_n / h^2, over h.";
        break;
    case XpbdVisit::None:
    case XpbdVisit::Projection: return;
    }
    ImGui::TextWrapped("%s", text);
    itemTooltip(help);
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
                        passName(t, m.substep, m.iteration, m.relax).c_str(), m.kineticEnergy);
        else
            ImGui::Text("End of %s (%d), kinetic energy %.5g J", traceStageName(m.stage), m.count, m.kineticEnergy);
        return;
    }
    const TraceVisit& v = t.visits[e.index];
    ImGui::TextWrapped("%s: %s", passTitle(t, v.substep, v.iteration, v.relax).c_str(),
                       visitTitle(app.world, v).c_str());
    if (v.simultaneous) {
        ImGui::TextWrapped("Jacobi: every constraint of this pass reads the velocities the pass "
                           "started with, and the pass applies all their impulses together at its "
                           "end. \"After\" is the start plus this constraint's own share only.");
        itemTooltip("So every visit of the pass has the same \"before\" for a body, and a body's "
                    "shares add up to what the whole pass changed.");
    }
    if (v.positional()) {
        drawProjection(v);
        return;
    }
    drawXpbdVelocityNote(v);
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
        ImGui::TextWrapped("%s does not solve one constraint after another: its stages and passes "
                           "are listed, not single constraints (the exact solvers pivot over all "
                           "rows at once).", t.method.c_str());
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
                passTitle(t, at.substep, at.iteration, at.relax).c_str(), last - first + 1);
    itemTooltip("Each line: its place in the pass, the impulse it added (N s: the normal rows' sum "
                "for a whole manifold, the row's own for a scalar row or a joint row; a sub-step's "
                "impulse for the sub-stepping methods), and what it is. Click one to go there. "
                "Jacobi solves them all from the pass's start and applies them together at its end. "
                "XPBD's position pass lists each joint's and each manifold's projection with its "
                "dlambda, a position impulse (kg m = N s^2: a manifold's normal rows summed, a "
                "joint's linear rows); its velocity pass lists motors, restitution and dynamic "
                "friction in N s.");
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
                "and its bodies' velocities before and after. XPBD: every joint's and manifold's "
                "projection of every sub-step's position pass with its dlambda (kg m), its error "
                "C (m) and the bodies' poses before and after, then its velocity pass constraint "
                "by constraint. The exact solvers show stages and passes only. The world ends bit "
                "for bit where it was.");
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
    itemTooltip("To the end of the next pass (iteration; XPBD: a sub-step's position pass, then "
                "its velocity pass).");
    ImGui::SameLine();
    if (ImGui::ArrowButton("##visitBack", ImGuiDir_Left)) seek(app, events, -1, isVisit);
    itemTooltip("Back to the constraint solved before.");
    ImGui::SameLine();
    ImGui::TextUnformatted("constraint");
    ImGui::SameLine();
    if (ImGui::ArrowButton("##visit", ImGuiDir_Right)) seek(app, events, 1, isVisit);
    itemTooltip("To the next constraint solved (highlighted in the view: its bodies, the impulse "
                "it added at its contact points, and the velocities before in grey and after in "
                "cyan; for an XPBD projection, each body's centre before (grey) and after (cyan) "
                "and its move drawn 100 times longer).");
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

/// How much longer than the move an XPBD projection's arrow is drawn.
constexpr float kMoveScale = 100.0f;

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
        if (v.positional()) {
            // Where the projection found and left the centre; the move (often a fraction of a
            // millimetre) drawn 100 times longer from where it ended.
            const glm::vec3 x0 = isA ? v.xA0 : v.xB0, x1 = isA ? v.xA1 : v.xB1;
            draw.point(x0, 7.0f, grey);
            draw.point(x1, 7.0f, cyan);
            if (glm::length(x1 - x0) > 1e-7f) draw.arrow(x1, x1 + kMoveScale * (x1 - x0), cyan);
            continue;
        }
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
