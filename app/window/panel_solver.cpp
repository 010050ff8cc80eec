// The Solver panel: every field of Settings::solver, sleeping and the contact margin, edited
// in World::settings() in place, and what the solver did in the last step.
#include "window/panels.h"
#include "window/settings_help.h"
#include "window/widgets.h"

#include <imgui.h>
#include <algorithm>
#include <string>

namespace tumble::app {
namespace {

/// The switches the scene lessons talk about, at the top.
bool drawMainSwitches(SolverSettings& v) {
    const uint32_t uses = solverMethodOrDefault(v.method).uses;
    ImGui::BeginDisabled(!(uses & kUsesWarmStarting));
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
    ImGui::EndDisabled();
    ImGui::BeginDisabled(!(uses & kUsesPositionCorrection));
    changed |= enumCombo("Position correction", v.positionCorrection, 4, help::kPositionCorrection);
    itemTooltip("How penetration is removed. Hover each entry for its formula.\n"
                "baumgarte: bias = ERP/dt * max(depth - slop, 0), capped at maxCorrectionVelocity, "
                "as real velocity.\n"
                "splitImpulse: pseudo-velocities solved in their own pass and discarded: pushes "
                "apart without adding kinetic energy.\n"
                "nonlinearGaussSeidel: positions moved directly after integration.\n"
                "Greyed out: the method removes penetration its own way (soft contacts, "
                "position-based constraints).");
    ImGui::EndDisabled();
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
    bool changed = false;
    // Only the knobs the method reads (its row's `uses` in the solver table).
    const uint32_t uses = solverMethodOrDefault(v.method).uses;
    if (uses & kUsesVelocityIterations) {
        changed |= ImGui::SliderInt("Velocity iterations", &v.velocityIterations, 0, 200, "%d",
                                    ImGuiSliderFlags_Logarithmic);
        itemTooltip("Passes over every row per step, 0..200. Each pass moves every accumulated "
                    "impulse toward the exact solution; a tall stack needs many passes (or warm "
                    "starting). Cost grows linearly. Exact methods use them only on islands over "
                    "their row cap.");
    }
    if (uses & kUsesTolerance) {
        changed |= ImGui::SliderFloat("Tolerance", &v.tolerance, 0.0f, 0.1f, v.tolerance > 0.0f ? "%.4f m/s" : "off",
                                      ImGuiSliderFlags_Logarithmic);
        itemTooltip("Early exit, m/s (0 = off): stop the velocity passes once the residual ||r||_2 "
                    "over the rows is at most this, r_i = K_ii (lambda_i - clamp(lambda_i - w_i / "
                    "K_ii, lo_i, hi_i)), w_i = J_i v - b_i. Velocity iterations stay the limit; the "
                    "passes used show under Last step and in the Convergence plot. Measuring after "
                    "every pass adds about 2 % of a step per pass on a large pyramid, and the wide "
                    "method then prepares its rows whole (Last step: rows prepared).");
    }
    if (uses & kUsesPositionIterations) {
        changed |= ImGui::SliderInt("Position iterations", &v.positionIterations, 0, 200, "%d",
                                    ImGuiSliderFlags_Logarithmic);
        itemTooltip("Passes of the position stage per step, 0..200: the pseudo-velocity pass of "
                    "split impulse, or the passes of nonlinear Gauss-Seidel (each recomputes the "
                    "depths from the current poses). Unused by baumgarte and none.");
    }
    if (uses & kUsesRelaxation) {
        changed |= ImGui::SliderFloat("Relaxation", &v.relaxation, 0.01f, 1.99f, "%.2f");
        itemTooltip("Successive over-relaxation factor omega, 0.01..1.99 (dimensionless): "
                    "lambda += omega * dlambda before the clamp. 1 is plain Gauss-Seidel; < 1 "
                    "under-relaxes (damped, steadier); > 1 over-relaxes (faster convergence until "
                    "it oscillates).");
    }
    if (uses & kUsesOverRelaxation) {
        changed |= ImGui::SliderFloat("SOR omega", &v.overRelaxation, 0.01f, 1.99f, "%.2f");
        itemTooltip("SOR's over-relaxation factor omega, 0.01..1.99 (dimensionless): lambda = "
                    "clamp(lambda - omega (Cdot - b + cfm lambda) / (K + cfm)). 1 is plain PGS; 1.3 "
                    "(default) settles a stack in fewer passes; near 2 it overshoots and rings.");
    }
    if (uses & kUsesCfm) {
        changed |= ImGui::SliderFloat("CFM", &v.cfm, 0.0f, 0.01f, "%.5f 1/kg", ImGuiSliderFlags_Logarithmic);
        itemTooltip("Constraint force mixing, 1/kg (ODE, Bullet): eps added to each row's "
                    "diagonal, (J M^-1 J^T + eps) lambda = -(Cdot - b) - eps lambda, so a row gives "
                    "by eps lambda m/s. 0 is rigid; a little regularises redundant contacts (four "
                    "points of a box carry a three-dimensional load) and makes the exact solver's "
                    "matrix positive definite. A resting body sinks at eps m g dt without position "
                    "correction. The shock pass stays rigid.");
    }
    if (uses & kUsesSeed) {
        int seed = static_cast<int>(v.seed);
        if (ImGui::InputInt("Seed", &seed)) {
            v.seed = static_cast<uint32_t>(std::max(seed, 0));
            changed = true;
        }
        itemTooltip("Seed of the row shuffle (with the step number): the same seed replays the "
                    "same orders, bit for bit; another seed shows how much the order matters.");
    }
    if (uses & kUsesExactRows) {
        changed |= ImGui::SliderInt("Exact row cap", &v.exactMaxRows, 1, 20000, "%d rows",
                                    ImGuiSliderFlags_Logarithmic);
        itemTooltip("Largest island, in rows (3 per contact point plus the joint rows), solved "
                    "exactly; each pivot costs O(n^2), the whole solve O(n^3). Larger islands fall "
                    "back to row-by-row PGS for that step (the Last step table counts them).");
    }
    if (uses & kUsesSimdLanes) {
        const char* widths[] = {"widest (auto)", "4 (SSE2)", "8 (AVX2, AVX-512VL)"};
        int choice = v.simdLanes == 4 ? 1 : v.simdLanes == 8 ? 2 : 0;
        if (ImGui::Combo("SIMD lanes", &choice, widths, 3)) {
            v.simdLanes = choice == 1 ? 4 : choice == 2 ? 8 : 0;
            changed = true;
        }
        itemTooltip("Manifolds of one colour solved side by side in one vector: 8 with AVX2 (run by "
                    "the AVX-512VL build where the CPU has it), 4 with SSE2 (8 falls back to 4 on a "
                    "CPU without AVX2). Each lane rounds alike in either width, so the state hash is "
                    "the same: compare the iterate time in Stats.");
        changed |= ImGui::SliderInt("Island batch", &v.islandBatchRows, 0, 4096,
                                    v.islandBatchRows == 0 ? "off: whole passes" : "%d manifolds");
        itemTooltip("On one thread, the step's manifolds are cut into batches of whole islands "
                    "(bodies joined through contacts) of about this many, and each batch goes "
                    "through all its passes while its groups stay in the core's cache, before the "
                    "next. Islands share no moving body, so the state hash is the same at any "
                    "size, 0 included (every pass over every manifold at once): compare the solve "
                    "time in Stats on a scene of many islands (box rain). 0..1,000,000 (Ctrl+click "
                    "to type); 512 measured best here.");
    }
    if (uses & kUsesSubsteps) {
        changed |= ImGui::SliderInt("Sub-steps", &v.substeps, 1, 64, "%d");
        itemTooltip("Sub-steps per step, 1..64: h = dt / substeps. Each integrates velocities and "
                    "positions and solves once; small steps make the linearised rows nearly exact "
                    "(Macklin et al. 2019).");
    }
    if (uses & kUsesRelaxIterations) {
        changed |= ImGui::SliderInt("Relax iterations", &v.relaxIterations, 0, 50, "%d");
        itemTooltip("Passes per sub-step after the positions moved, without bias and rigid: they "
                    "remove the velocity the soft push-out added, so pushing apart adds no energy "
                    "(Box2D v3).");
    }
    if (uses & kUsesSoftness) {
        changed |= ImGui::SliderFloat("Contact hertz", &v.contactHertz, 0.1f, 1000.0f, "%.1f Hz",
                                      ImGuiSliderFlags_Logarithmic);
        itemTooltip("Stiffness of the contact push-out as a frequency, Hz (capped at a quarter of "
                    "the sub-step rate). With w = 2 pi f, z the damping ratio and h the sub-step: "
                    "bias rate = w / (2 z + h w), mass scale = h w (2 z + h w) / (1 + h w (2 z + h w)), "
                    "impulse scale = 1 / (1 + h w (2 z + h w)) (Catto, Soft Constraints).");
        changed |= ImGui::SliderFloat("Contact damping ratio", &v.contactDampingRatio, 0.0f, 100.0f, "%.1f");
        itemTooltip("Damping ratio z of the contact spring (1 = critical). High values (10) push out "
                    "slowly without bounce.");
        changed |= ImGui::SliderFloat("Joint hertz", &v.jointHertz, 0.1f, 1000.0f, "%.1f Hz",
                                      ImGuiSliderFlags_Logarithmic);
        itemTooltip("Stiffness of joint drift removal, Hz: each joint row is a spring on its own "
                    "error C of this frequency, with gamma = 1 / (h (c + h k)), bias = h k / (c + h k) "
                    "C / h for k = m w^2, c = 2 m z w.");
        changed |= ImGui::SliderFloat("Joint damping ratio", &v.jointDampingRatio, 0.0f, 100.0f, "%.1f");
        itemTooltip("Damping ratio of the joints' drift springs.");
    }
    if (uses & kUsesCompliance) {
        changed |= ImGui::SliderFloat("Compliance", &v.compliance, 0.0f, 0.001f, "%.2e m/N",
                                      ImGuiSliderFlags_Logarithmic);
        itemTooltip("XPBD contact compliance alpha, m/N (the inverse of stiffness): dlambda = (-C - "
                    "alpha~ lambda) / (w1 + w2 + alpha~), alpha~ = alpha / h^2. 0 is rigid; a body "
                    "of mass m rests m g alpha deep.");
    }
    changed |= enumCombo("Friction model", v.frictionModel, 2, help::kFrictionModel);
    itemTooltip("Shape of the Coulomb bound on a sticking point's friction impulse.\n"
                "pyramid: |lambda_t1|, |lambda_t2| <= mu_s lambda_n separately (a square: up to "
                "sqrt(2) too much along the diagonals).\n"
                "cone: |(lambda_t1, lambda_t2)| <= mu_s lambda_n (a circle).\n"
                "Either way a sliding point is braked by exactly mu_d lambda_n against its own "
                "slip (t1 = its slip direction before the step, no row across it), so a sliding "
                "box decelerates at mu_d g and a box spinning on its face brakes with "
                "mu_d sum(lambda_n,i d_i), d_i each point's distance from the spin axis "
                "(Coulomb at every point, as Bullet and Jolt solve per-point friction).\n"
                "Rolling resistance and torsional friction are the materials' c_r and c_t.");
    ImGui::BeginDisabled(!(solverMethodOrDefault(v.method).uses & kUsesShockPropagation));
    changed |= ImGui::Checkbox("Shock propagation", &v.shockPropagation);
    itemTooltip("After the velocity iterations, one more Gauss-Seidel pass from the ground up in "
                "which the body nearer the ground of each contact counts as infinitely heavy "
                "(Guendelman et al. 2003). Each level of the pile is visited twice before the one "
                "above, and the pass changes velocities only: its impulses, found with infinite "
                "masses, do not warm start the next step. What is left of the load error then "
                "cannot tilt a stack: off, tall stacks and pyramids lean and slide apart at 10 "
                "iterations. On, it also holds a pile that is not warm started (Warm-start jitter "
                "turns it off to show that bug).");
    ImGui::EndDisabled();
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

void drawLastStep(const App& app) {
    const SolverStats& st = app.world.solverStats();
    if (!ImGui::BeginTable("laststep", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) return;
    valueRow("manifolds", "Touching pairs the solver worked on.", "%.0f", st.manifolds);
    valueRow("rows", "Constraint rows: 3 per contact point (normal, two friction directions).", "%.0f",
            st.rows);
    valueRow("velocity iterations", "Velocity passes the last step actually ran.", "%.0f",
            st.velocityIterations);
    valueRow("position iterations", "Position passes the last step actually ran.", "%.0f",
            st.positionIterations);
    valueRow("sub-steps", "Sub-steps the method took (soft step, TGS, XPBD); 1 for the others.",
            "%.0f", st.substeps);
    if (solverMethodOrDefault(app.world.settings().solver.method).uses & kUsesExactRows) {
        valueRow("exact islands", "Islands solved exactly by pivoting this step.", "%.0f", st.exactIslands);
        valueRow("fallback islands", "Islands solved by row-by-row PGS instead this step: over the "
                                    "exact row cap (raise it to solve them exactly), or the "
                                    "pivoting hit its pivot limit without converging.",
                "%.0f", st.fallbackIslands);
        valueRow("largest island", "Rows of the largest island this step.", "%.0f", st.largestIslandRows);
        valueRow("pivots", "Pivots of the exact solver over all islands.", "%.0f", st.pivots);
    }
    if (st.lanes > 0 && app.world.settings().solver.method == "wide") {
        valueRow("colours", "Colours of the constraint graph this step: sets of manifolds no two of "
                            "which share a moving body, each solved lanes-at-a-time. More colours, "
                            "fewer manifolds per group: a body touching many others needs one colour "
                            "per contact.", "%.0f", st.colours);
        valueRow("overflow", "Manifolds no colour took (more than 32 on one moving body), solved one "
                             "by one after the colours.", "%.0f", st.overflowManifolds);
        const std::string lanes = std::string("%.0f (") + st.simdBuild + ")";
        valueRow("SIMD lanes", "Manifolds solved side by side in one vector, and the kernel build that "
                               "ran: 8 with AVX2, or with AVX-512VL where the CPU has it (the same "
                               "256-bit code with 32 registers instead of 16, so less spilled to "
                               "memory; the same bits), chosen at run time; else 4 (SSE2).",
                 lanes.c_str(), st.lanes);
        valueRow("rows prepared", "Where this step's contact rows were prepared. 'into the groups': each "
                         "group's manifolds prepared on the spot and packed while in cache, the "
                         "rows never written out (16 MB a step on the base-100 pyramid). "
                         "'whole, then packed': while the probe, the step debugger or a tolerance "
                         "reads the rows between passes, or a pair rolls or twists. The same bits.",
                 st.rowsInGroups ? "into the groups" : "whole, then packed", 0.0);
        valueRow("island batches",
                 "Batches of whole islands (bodies joined through contacts) the "
                 "step solved one after another, each through all its passes while its "
                 "groups stay in the core's cache: islands share no moving body, so the "
                 "bits are those of whole passes over every manifold. A batch closes once "
                 "it reaches Island batch's count; 1 where one island holds half the "
                 "manifolds or more, where they are no more than that count, with joints, "
                 "with several threads, or with the rows prepared whole.",
                 "%.0f", st.batches);
    }
    valueRow("max delta", "Largest change of any accumulated impulse in the last velocity "
                         "iteration, N s: how far from converged the solver stopped (0 = converged).",
            "%.3g N s", st.maxDelta);
    valueRow("deepest after", "Deepest overlap measured by the last position pass (nonlinear "
                             "Gauss-Seidel), m.", "%.5f m", st.deepestAfter);
    valueRow("max penetration", "Deepest overlap among this step's contacts, before correction, m.",
            "%.5f m", app.world.counters().maxPenetration + 0.0); // + 0.0: no "-0.00000"
    valueRow("kinetic energy", "Sum over bodies of 1/2 m v^2 + 1/2 w.(I w), J. A resting pile should "
                              "have almost none; jitter shows up here.", "%.4g J",
            app.world.kineticEnergy());
    ImGui::EndTable();
}

} // namespace

void drawSolverPanel(App& app) {
    // Every widget points straight into the world's Settings: the next step reads them.
    Settings& s = app.world.settings();
    ImGui::PushItemWidth(-170.0f);
    // The method first: the knobs below are the ones it reads.
    bool changed = drawMethod(s.solver);
    changed |= drawMainSwitches(s.solver);
    if (ImGui::Button("Clear contact cache")) app.clearContactCache();
    itemTooltip("Empty the contact cache (World::clearContactCache) and wake everything: the next "
                "step measures every touching pair afresh and starts it from zero impulses (no "
                "warm start, no stick history, no friction-anchor drift), and warm starting "
                "rebuilds them over the following steps. In the Inspector the warm n column is 0 "
                "for one step; the Debug draw layer warmStart shows the grey seed arrows gone, "
                "then back beside the green final lambda_n.\n\nWhat it costs: on "
                "warm-start-jitter (a pyramid at 4 iterations, shock pass off) boxes shift by about 2 cm "
                "and jitter before the pile settles again. A 10-box stack dips about 1.5 cm over a "
                "few steps "
                "with Shock propagation off; with it on, the bottom-up pass carries the load from "
                "the first cold step and the stack barely moves (under 1 mm).\n\nThe step shown is "
                "recorded again without its cache (rewinding to later steps stays exact).");
    ImGui::Separator();
    changed |= drawIterations(s.solver);
    openIfLessonSearching();
    if (ImGui::CollapsingHeader("Correction and contacts", ImGuiTreeNodeFlags_DefaultOpen))
        changed |= drawCorrectionTerms(s);
    openIfLessonSearching();
    if (ImGui::CollapsingHeader("Sleep")) changed |= drawSleep(s.sleep);
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
    if (ImGui::CollapsingHeader("Convergence", ImGuiTreeNodeFlags_DefaultOpen)) drawConvergence(app);
}

} // namespace tumble::app
