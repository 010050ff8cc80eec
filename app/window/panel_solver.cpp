// The Solver panel: every field of Settings::solver, sleeping and the contact margin, edited
// in World::settings() in place, and what the solver did in the last step.
#include "window/panels.h"
#include "window/settings_help.h"
#include "window/widgets.h"

#include <imgui.h>
#include <string>

namespace tumble::app {
namespace {

/// The switches the scene lessons talk about, at the top.
bool drawMainSwitches(SolverSettings& v) {
    bool changed = ImGui::Checkbox("Warm starting", &v.warmStarting);
    itemTooltip("Warm starting: start each step from last step's accumulated impulses (matched "
                "point to point by feature id), scaled by the factor: lambda_0 = factor * "
                "lambda_previous, applied before the first iteration. Off, every step starts "
                "from zero and a stack needs many more iterations to carry its weight.");
    ImGui::SameLine();
    ImGui::BeginDisabled(!v.warmStarting);
    ImGui::SetNextItemWidth(-60.0f);
    changed |= ImGui::SliderFloat("factor", &v.warmStartFactor, 0.0f, 1.0f, "%.2f");
    itemTooltip("Warm-start factor, 0..1 (dimensionless): lambda_0 = factor * lambda_previous. "
                "1 reuses the whole impulse; lower values damp oscillation but converge slower.");
    ImGui::EndDisabled();
    changed |= enumCombo("Position correction", v.positionCorrection, 4, help::kPositionCorrection);
    itemTooltip("How penetration is removed. Hover each entry for its formula.\n"
                "baumgarte: bias = ERP/dt * max(depth - slop, 0), capped at maxCorrectionVelocity, "
                "as real velocity.\n"
                "splitImpulse: pseudo-velocities solved in their own pass and discarded: pushes "
                "apart without adding kinetic energy.\n"
                "nonlinearGaussSeidel: positions moved directly after integration.");
    return changed;
}

// The method combo walks the solver table (solver_methods.h): its labels, names and help.
bool drawMethod(SolverSettings& v) {
    bool changed = false;
    const SolverMethodInfo& current = solverMethodOrDefault(v.method);
    if (ImGui::BeginCombo("Method", std::string(current.label).c_str())) {
        for (const SolverMethodInfo& m : solverMethods()) {
            const std::string label = std::string(m.label) + "##" + std::string(m.name);
            if (ImGui::Selectable(label.c_str(), &m == &current)) {
                v.method = std::string(m.name);
                changed = true;
            }
            itemTooltip((std::string(m.name) + ": " + std::string(m.help)).c_str());
        }
        ImGui::EndCombo();
    }
    itemTooltip(("The solver method (scene key solver.method = \"" + std::string(current.name) +
                 "\"). Hover each entry for its formula and source.\n\n" + std::string(current.help))
                    .c_str());
    return changed;
}

bool drawIterations(SolverSettings& v) {
    bool changed = drawMethod(v);
    changed |= ImGui::SliderInt("Velocity iterations", &v.velocityIterations, 0, 200, "%d",
                                ImGuiSliderFlags_Logarithmic);
    itemTooltip("Passes over every contact row per step, 0..200. Each pass moves every "
                "accumulated impulse toward the exact solution; a tall stack needs many passes "
                "(or warm starting). Cost grows linearly.");
    changed |= ImGui::SliderInt("Position iterations", &v.positionIterations, 0, 200, "%d",
                                ImGuiSliderFlags_Logarithmic);
    itemTooltip("Passes of the position stage per step, 0..200: the pseudo-velocity pass of "
                "split impulse, or the passes of nonlinear Gauss-Seidel (each recomputes the "
                "depths from the current poses). Unused by baumgarte and none.");
    changed |= ImGui::SliderFloat("Relaxation", &v.relaxation, 0.01f, 1.99f, "%.2f");
    itemTooltip("Successive over-relaxation factor omega, 0.01..1.99 (dimensionless): "
                "lambda += omega * dlambda (SOR). 1 is plain Gauss-Seidel; < 1 under-relaxes "
                "(damped, steadier); > 1 over-relaxes (faster convergence until it oscillates).");
    changed |= enumCombo("Friction model", v.frictionModel, 2, help::kFrictionModel);
    itemTooltip("Shape of the Coulomb bound on the friction impulse.\n"
                "pyramid: |lambda_t1|, |lambda_t2| <= mu lambda_n separately (a square: up to "
                "sqrt(2) too much along the diagonals).\n"
                "cone: |(lambda_t1, lambda_t2)| <= mu lambda_n (a circle).");
    changed |= ImGui::Checkbox("Shock propagation", &v.shockPropagation);
    itemTooltip("After the velocity iterations, one more Gauss-Seidel pass from the ground up in "
                "which the body nearer the ground of each contact counts as infinitely heavy "
                "(Guendelman et al. 2003). What is left of the load error then cannot tilt a stack: "
                "off, tall stacks and pyramids lean and slide apart at 10 iterations.");
    changed |= ImGui::SliderFloat("Friction anchors", &v.frictionAnchorRate, 0.0f, 0.2f, "%.3f /step");
    itemTooltip("Share of a sticking point's drift taken back per step, 0..1 (0 = off). A sticking "
                "point keeps how far the surfaces have crept over each other since it stuck (the "
                "inspector's drift column); its friction rows aim at target = -rate/dt * (drift . t) "
                "instead of 0. An unconverged solve leaves tiny slips every step; without anchors "
                "they add up and the top of a large pyramid walks off. Small is right (0.02): a "
                "settling pile must be free to shift a little, and strong anchors rock tall stacks.");
    return changed;
}

bool drawCorrectionTerms(Settings& s) {
    SolverSettings& v = s.solver;
    bool changed = ImGui::SliderFloat("ERP", &v.erp, 0.0f, 1.0f, "%.2f");
    itemTooltip("Error reduction parameter, 0..1 per step (dimensionless): the fraction of the "
                "penetration beyond the slop removed each step. bias = ERP/dt * max(depth - "
                "slop, 0), capped at maxCorrectionVelocity. Too high and resting contacts "
                "jitter; too low and bodies stay sunk.");
    changed |= ImGui::SliderFloat("Slop", &v.slop, 0.0f, 0.05f, "%.4f m");
    itemTooltip("Penetration allowed without correction, m: bias uses max(depth - slop, 0), so "
                "resting contacts keep touching, keep their points and stay warm started.");
    changed |= ImGui::SliderFloat("Max correction velocity", &v.maxCorrectionVelocity, 0.0f, 20.0f,
                                  "%.2f m/s");
    itemTooltip("Cap on the push-out speed, m/s: bias = min(ERP/dt * max(depth - slop, 0), cap). "
                "A body spawned deep inside another then slides out instead of exploding.");
    changed |= ImGui::SliderFloat("Restitution threshold", &v.restitutionThreshold, 0.0f, 5.0f,
                                  "%.2f m/s");
    itemTooltip("Approach speed below which nothing bounces, m/s. Restitution target = e * "
                "v_approach if v_approach > threshold, else 0 (measured before the iterations). "
                "Ends the endless tiny hops of a resting ball.");
    changed |= ImGui::SliderFloat("Contact margin", &s.contactMargin, 0.0f, 0.2f, "%.3f m");
    itemTooltip("Contacts are created this far apart before the shapes touch, m (speculative "
                "contacts): a point with separation d > 0 lets the bodies close the gap d/dt "
                "this step but no further, so fast bodies do not tunnel and resting ones stay "
                "in contact.");
    changed |= ImGui::SliderInt("Persistent contacts", &s.contactReuseSteps, 1, 16, "every %d steps");
    itemTooltip("A touching pair of boxes or hulls keeps its manifold and re-measures it at the "
                "new poses instead of running the separating-axis test and clipping again: its "
                "points are fixed on both surfaces, pA = xA + qA anchorA, pB = xB + qB anchorB, "
                "separation = (pB - pA) . n. The pair is measured afresh once in this many steps "
                "(1 = every step), and sooner when a point has slid the reuse slide. The Collision "
                "and Stats panels count the re-measured pairs.");
    changed |= ImGui::SliderFloat("Reuse slide", &s.contactReuseSlide, 0.0f, 0.02f, "%.4f m");
    itemTooltip("How far a point of a re-measured manifold may slide across the normal, m, since "
                "the manifold was built, before the pair is measured afresh (also the turn, per "
                "metre, allowed between the normals seen from each body).");
    return changed;
}

bool drawSleep(SleepSettings& sleep) {
    bool changed = ImGui::Checkbox("Sleeping", &sleep.enabled);
    itemTooltip("Let islands sleep: when every body of an island stays under both thresholds for "
                "the time to sleep, the island stops being simulated until something touches it.");
    ImGui::BeginDisabled(!sleep.enabled);
    changed |= ImGui::SliderFloat("Time to sleep", &sleep.timeToSleep, 0.0f, 5.0f, "%.2f s");
    itemTooltip("Seconds a body must stay under both thresholds before its island may sleep.");
    changed |= ImGui::SliderFloat("Linear threshold", &sleep.linearThreshold, 0.0f, 1.0f, "%.3f m/s");
    itemTooltip("A body counts as still while |v| < this, m/s.");
    changed |= ImGui::SliderFloat("Angular threshold", &sleep.angularThreshold, 0.0f, 1.0f,
                                  "%.3f rad/s");
    itemTooltip("A body counts as still while |w| < this, rad/s.");
    ImGui::EndDisabled();
    return changed;
}

void statRow(const char* name, const char* help, const char* format, double value) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(name);
    itemTooltip(help);
    ImGui::TableNextColumn();
    ImGui::Text(format, value);
}

void drawLastStep(const App& app) {
    const SolverStats& st = app.world.solverStats();
    if (!ImGui::BeginTable("laststep", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) return;
    statRow("manifolds", "Touching pairs the solver worked on.", "%.0f", st.manifolds);
    statRow("rows", "Constraint rows: 3 per contact point (normal, two friction directions).", "%.0f",
            st.rows);
    statRow("velocity iterations", "Velocity passes the last step actually ran.", "%.0f",
            st.velocityIterations);
    statRow("position iterations", "Position passes the last step actually ran.", "%.0f",
            st.positionIterations);
    statRow("max delta", "Largest change of any accumulated impulse in the last velocity "
                         "iteration, N s: how far from converged the solver stopped (0 = converged).",
            "%.3g N s", st.maxDelta);
    statRow("deepest after", "Deepest overlap measured by the last position pass (nonlinear "
                             "Gauss-Seidel), m.", "%.5f m", st.deepestAfter);
    statRow("max penetration", "Deepest overlap among this step's contacts, before correction, m.",
            "%.5f m", app.world.counters().maxPenetration + 0.0); // + 0.0: no "-0.00000"
    statRow("kinetic energy", "Sum over bodies of 1/2 m v^2 + 1/2 w.(I w), J. A resting pile should "
                              "have almost none; jitter shows up here.", "%.4g J",
            app.world.kineticEnergy());
    ImGui::EndTable();
}

} // namespace

void drawSolverPanel(App& app) {
    // Every widget points straight into the world's Settings: the next step reads them.
    Settings& s = app.world.settings();
    ImGui::PushItemWidth(-170.0f);
    bool changed = drawMainSwitches(s.solver);
    ImGui::Separator();
    changed |= drawIterations(s.solver);
    if (ImGui::CollapsingHeader("Correction and contacts", ImGuiTreeNodeFlags_DefaultOpen))
        changed |= drawCorrectionTerms(s);
    if (ImGui::CollapsingHeader("Sleep", ImGuiTreeNodeFlags_DefaultOpen)) changed |= drawSleep(s.sleep);
    ImGui::PopItemWidth();

    if (ImGui::Button("Defaults")) {
        const Settings defaults{};
        s.solver = defaults.solver;
        s.sleep = defaults.sleep;
        s.contactMargin = defaults.contactMargin;
        s.contactReuseSteps = defaults.contactReuseSteps;
        s.contactReuseSlide = defaults.contactReuseSlide;
        changed = true;
    }
    itemTooltip("Restore the documented defaults of every control in this panel (solver, sleep "
                "contact margin and persistent contacts). Gravity, dt and the rest of Settings stay.");
    if (changed) {
        clampSettings(s);
        // A sleeping pile would not show the change until something woke it.
        app.world.wakeAll();
    }

    if (ImGui::CollapsingHeader("Last step", ImGuiTreeNodeFlags_DefaultOpen)) drawLastStep(app);
}

} // namespace tumble::app
