// XPBD: extended position based dynamics for rigid bodies (Müller, Macklin, Chentanez,
// Jeschke, Kim, "Detailed Rigid Body Simulation with Extended Position Based Dynamics",
// SCA 2020, algorithm 2), in 3D on Tumble's contact manifolds and joint rows.
//
// The step is cut into n sub-steps of h = dt / n, each with one Gauss-Seidel pass:
//
//   remember the poses x0, q0
//   v += h a,  x += h v,  q = exp(h w / 2) q            (world hooks, symplectic Euler)
//   position pass: every constraint C(x) moves the bodies directly,
//       w_i      = 1/m_i + (r_i x n) . I_i^-1 (r_i x n)       generalized inverse masses
//       alpha~   = alpha / h^2                                 compliance alpha (m/N)
//       dlambda  = (-C - alpha~ lambda) / (w_1 + w_2 + alpha~) (lambda = 0 at the sub-step's start)
//       x_i     += p / m_i,  q_i += I_i^-1 (r_i x p) (small rotation),  p = dlambda n
//   v = (x - x0) / h,  w = 2 log(q q0^-1) / h                  (the short way round)
//   velocity pass: dynamic friction and restitution from the velocities before the pass.
//
// Contacts. Each manifold point has an anchor on each surface (fixed in each body for the
// step); its overlap now is d = -n . (pB - pA), pA = xA + qA anchorA. Only d > 0 acts (an
// inequality: lambda >= 0), so a speculative point (apart at the step's start) acts from the
// sub-step in which it closes. The pair's compliance is Settings `compliance` split over its
// points as springs in parallel (alpha per point = alpha x points): a resting box sinks by
// m g alpha. Of an overlap older than the sub-step, a pass takes out at most
// maxCorrectionVelocity h (Tumble's cap on push-out speed; the paper has none): a deep one,
// from bodies spawned inside each other or a fixed normal on a pair that turns, would leave
// its whole depth / h as velocity (a ragdoll landing on a floor flew apart without it).
// The pass visits the manifolds once, in order; within a manifold its rows are
// swept together (xpbd_parts.cpp, positionBlock), so a box pushed at one corner is not left
// rocking on the others (solved one row at a time, a resting box walked 4.5 cm in 10 s).
// Static friction is a position constraint (section 3.5), held while it needs no more than
// mu_s lambda_n, else the pair slides and only dynamic friction acts. Three choices differ
// from the paper; each was measured against the paper's form (10 s, 4 sub-steps):
//  - The slip removed is the one the sub-step's drift makes, h v_t from the velocities
//    before the pass, not the pose change since x0, q0: that one also takes back the
//    corrections of the manifolds solved before it in the pass, which take it back in turn,
//    and a 10-box stack fell (also at 8 sub-steps); with h v_t it stands (drift < 0.1 mm).
//  - The friction rows are the manifold's, two tangents at its points' centroid and a twist
//    about n, not two per point: four points' tangents are redundant, their sweeps leave
//    self-cancelling impulses that trip the per-point bound, and a block on a 30 degree
//    ramp at mu_s 0.8 crept 10 cm in 2 s (now 0.01 mm).
//  - Friction leaves alone the slip of the manifold's own normal corrections: they set flat
//    a box that a manifold solved earlier tilted (the box above pressing on one side),
//    turning it about its centre; held at its foot instead, it moves a little every
//    sub-step. A box resting on another, offset by a quarter, walked away with it 1.1 m;
//    now 1 mm. A 10-wide pyramid fell apart after 8 s; now it spreads 2.4 cm.
// The velocity pass (section 3.6) gives each point that acted:
//   restitution        v_n -> max(-e v~_n, 0), v~_n the normal velocity before the position
//                      pass (eq. 34); e = 0 when |v~_n| <= restitutionThreshold. The paper
//                      uses 2 |g| h there; Tumble's threshold has the same purpose (resting
//                      contacts must not bounce on the sub-step's own gravity, 2 g h = 0.08 m/s
//                      at 4 sub-steps), is the same for every method and is a setting. Swept
//                      per manifold like the positions; over the sub-step a point only pushes
//                      (this pass takes back at most the lambda_n / h the position pass gave).
//   dynamic friction   dv_t = -v_t / |v_t| min(mu_d |f_n| h w_t, |v_t|),  f_n = lambda_n / h^2
//                      (eq. 30; an impulse of at most mu_d lambda_n / h), point by point,
//                      after the restitution so that no tangential velocity is left behind.
// A 10-box stack stands at 4 sub-steps (drift < 0.1 mm, sag 7.7 mm in 10 s; the sag is what
// one pass a sub-step leaves of the stack's weight, 1.9 mm at 8 sub-steps).
//
// The step debugger (tumble/step_trace.h) sees each sub-step as two passes: the position pass
// (iteration 0: the springs' rows, then one visit per joint and per manifold projected, with
// the poses before and after, dlambda and C) and the velocity pass (iteration 1: motors,
// restitution, dynamic friction); xpbd_trace.cpp records them around the same kernels.
//
// Joints. Each sub-step the world rebuilds the joint rows at the current poses with
// positionPass and erp = 1, so a row's bias is its error C (joint_rows.cpp, finishRow) and
// (jvA, jwA, jvB, jwB) its gradient: the rows of every joint type with their limits (one-
// sided: lambda >= 0). An open limit's row has no C there (finishLimitRow leaves it 0); it
// takes C from the velocity build at the sub-step's start (bias = C / h) moved on by the drift.
// Joints are rigid (alpha = 0, the paper's choice for joints; jointHertz is not used); a row's
// C is followed to first order through the corrections before it in the pass, C = C0 + J dx,
// instead of rebuilding the joint, and a joint's rows are swept together like a manifold's
// (one sweep each left a cone-twist limit pulling its socket 6 mm apart, now 0.6 mm).
// Springs (a distance joint's frequencyHz, the drag spring) and motors are velocity rows,
// built at the poses each sub-step starts from:
//   springs  applied after the sub-step's forces, before the drift, as a soft row with a fresh
//            impulse: dlambda_v = -(Cdot + C beta / h) / (K + gamma). Undamped, that is XPBD's
//            compliant update with alpha = 1 / k: h dlambda_v = -(C + h Cdot) / (K + 1/(k h^2)),
//            C + h Cdot being C after the drift; the soft row adds the spring's damping.
//   motors   one rigid velocity row in the velocity pass, |lambda| <= max force x h.
//
// Impulses for the cache, the Inspector and the joints' reaction forces: a position impulse
// lambda (kg m) over a sub-step is a velocity impulse lambda / h (N s) (the velocity
// derivation turns dx = lambda / m into dv = lambda / (m h)), and the force lambda / h^2.
// Each point's normalImpulse is the sum over the sub-steps of lambda_n / h plus the velocity
// pass's restitution impulses, tangentImpulse the same for friction: N s over the step, like
// every other method's. The cache is written with storeStage: prepareContacts (at the step's
// start) builds the lane records finishContacts reads and the step's inspector figures;
// this file writes its step totals into the lanes before storing. Joint rows likewise: the
// last build of the step is a velocity build holding every row, and each row's impulse is
// the step's total for that row (matched across builds by joint and rank within it).
#include "solver/probe.h"
#include "solver/trace.h"
#include "solver/stages.h"
#include "solver/xpbd_parts.h"

#include <algorithm>
#include <utility>

namespace tumble {
namespace {

/// Buffers kept from step to step so a step allocates nothing once warm (no state: each step
/// starts them afresh).
struct XpbdData final : MethodData {
    std::vector<xpbd::BodyState> states;
    std::vector<xpbd::Point> points;
    std::vector<JointRow> velocityRows; ///< the last velocity build (springs, motors, layout)
    std::vector<float> rowTotals;       ///< N s this step, per velocityRows row
    std::vector<float> freshTotals;
    std::vector<float> lambda; ///< kg m, the position build's rows this sub-step
    std::vector<float> error;  ///< m or rad, their C
};

// The sub-step's joint build: a position build (bias = C, no clamp on the correction) or a
// velocity build (rigid rows without bias, springs, motors). Joint hertz stays 0: XPBD's
// joints are rigid.
StepContext subStepContext(const StepContext& step, float h, bool positionPass) {
    StepContext s = step;
    s.dt = h;
    s.invDt = 1.0f / h;
    s.positionPass = positionPass;
    s.erp = 1.0f;
    s.maxCorrectionVelocity = 1e30f;
    s.jointHertz = 0.0f;
    s.jointDampingRatio = 0.0f;
    return s;
}

// Build the velocity rows at the current poses; carry the step's totals over to the new
// layout and keep a copy (the next position build overwrites ctx.jointRows).
void buildVelocityRows(SolveContext& ctx, XpbdData& data, float h) {
    ctx.world.prepareJoints(subStepContext(ctx.step, h, false), false);
    data.freshTotals.assign(ctx.jointRows.size(), 0.0f);
    xpbd::addByJointRank(data.velocityRows, data.rowTotals, ctx.jointRows, data.freshTotals);
    std::swap(data.rowTotals, data.freshTotals);
    data.velocityRows.assign(ctx.jointRows.begin(), ctx.jointRows.end());
}

/// Each point's impulses so far into its contact lanes (friction along the point's tangents
/// that prepareContacts chose).
void copyTotalsToLanes(SolveContext& ctx, const XpbdData& data) {
    for (const xpbd::Point& p : data.points) {
        ContactConstraint& c = ctx.constraints[p.constraint];
        c.normalImpulse[p.lane] = p.normalImpulse;
        c.tangentImpulse[0][p.lane] = glm::dot(p.frictionImpulse, laneVector(c.axis[kTangent1Row], p.lane));
        c.tangentImpulse[1][p.lane] = glm::dot(p.frictionImpulse, laneVector(c.axis[kTangent2Row], p.lane));
    }
}

/// The running impulses into the contact lanes (which the passes never read after gathering
/// their points), and the joints' for as long as the probe measures: one probe record a
/// sub-step, after its velocity pass.
void probeSubstep(SolveContext& ctx, XpbdData& data, float maxDelta, int substep) {
    if (!ctx.probe) return;
    copyTotalsToLanes(ctx, data);
    for (size_t k = 0; k < ctx.jointRows.size(); ++k) std::swap(ctx.jointRows[k].impulse, data.rowTotals[k]);
    probePass(ctx, nullptr, maxDelta, substep, 0);
    if (substep + 1 == std::clamp(ctx.solver.substeps, 1, 64)) probeRows(ctx, nullptr);
    for (size_t k = 0; k < ctx.jointRows.size(); ++k) std::swap(ctx.jointRows[k].impulse, data.rowTotals[k]);
}

/// The step's totals into the contact lanes and into the joint rows of the last build; then
/// the shared store stage.
void storeTotals(SolveContext& ctx, XpbdData& data) {
    copyTotalsToLanes(ctx, data);
    for (size_t k = 0; k < ctx.jointRows.size(); ++k)
        ctx.jointRows[k].impulse = data.rowTotals[k];
    storeStage(ctx);
}

} // namespace

void solveXpbdMethod(SolveContext& ctx) {
    XpbdData& data = ctx.dataAs<XpbdData>();
    const int substeps = std::clamp(ctx.solver.substeps, 1, 64);
    const float h = ctx.step.dt / static_cast<float>(substeps);
    xpbd::Pass pass{ctx, data.states, h};
    {
        ScopedTimer t(ctx.profile.prepare);
        prepareContacts(ctx.manifolds, ctx.rowHeaders, ctx.figures, ctx.bodies, ctx.start, ctx.step,
                        ctx.constraints);
        // Nothing is warm started and no bounce waits for the next step (sub-steps land a
        // speculative point inside the step): the inspector should not say otherwise.
        for (const ContactConstraint& c : ctx.constraints)
            for (int i = 0; i < c.pointCount; ++i) {
                if (!ctx.figures.empty()) {
                    float (&warm)[3] = ctx.figures[c.manifold].points[i].warmStartImpulse;
                    warm[0] = warm[1] = warm[2] = 0.0f;
                }
                ctx.manifolds[c.manifold].points[i].landing = false;
            }
        xpbd::gatherPoints(ctx, std::max(ctx.solver.compliance, 0.0f), data.points);
        data.states.resize(ctx.poses.size());
        data.velocityRows.clear();
        data.rowTotals.clear();
        buildVelocityRows(ctx, data, h);
    }
    std::vector<float> loadBefore(data.points.size(), 0.0f);
    for (int s = 0; s < substeps; ++s) {
        pass.maxDelta = 0.0f;
        pass.deepest = 0.0f;
        pass.substep = s;
        {
            ScopedTimer t(ctx.profile.integrateVelocities);
            xpbd::beginSubstep(pass);
            ctx.world.integrateVelocities(h);
        }
        {
            ScopedTimer t(ctx.profile.iterate);
            xpbd::solveVelocityRows(pass, data.velocityRows, xpbd::VelocityRows::Springs,
                                    data.rowTotals);
        }
        {
            ScopedTimer t(ctx.profile.integratePositions);
            ctx.world.integratePositions(h);
        }
        {
            ScopedTimer t(ctx.profile.prepare);
            ctx.world.prepareJoints(subStepContext(ctx.step, h, true), false);
        }
        {
            ScopedTimer t(ctx.profile.iterate);
            // Joints first, then contacts: the last constraints solved hold best, and bodies
            // must not sink into each other.
            xpbd::solveJointPositions(pass, ctx.jointRows, data.velocityRows, data.error,
                                      data.lambda);
            for (float& l : data.lambda)
                l /= h; // N s over the sub-step
            xpbd::addByJointRank(ctx.jointRows, data.lambda, data.velocityRows, data.rowTotals);
            xpbd::solveContactPositions(pass, data.points);
            xpbd::deriveVelocities(pass);
        }
        traceMark(ctx, TraceStage::Pass, 2 * s + 1, TracePass{s, 0});
        {
            ScopedTimer t(ctx.profile.prepare);
            buildVelocityRows(ctx, data, h);
        }
        {
            ScopedTimer t(ctx.profile.relax);
            xpbd::solveVelocityRows(pass, data.velocityRows, xpbd::VelocityRows::Motors,
                                    data.rowTotals);
            xpbd::solveContactVelocities(pass, data.points, ctx.step.restitutionThreshold);
            // Rolling resistance and torsional friction bounded by this sub-step's load (the
            // points keep running totals over the step). XPBD's position-level friction takes
            // back some two thirds of the rolling torque's effect (measured): its rolling
            // ball runs 2.4 times the closed-form distance. Torsional friction is exact.
            for (size_t k = 0; k < data.points.size(); ++k) {
                const xpbd::Point& p = data.points[k];
                ctx.constraints[p.constraint].normalImpulse[p.lane] = p.normalImpulse - loadBefore[k];
                loadBefore[k] = p.normalImpulse;
            }
            solveAngularFriction(ctx.constraints, ctx.bodies, 1);
        }
        probeSubstep(ctx, data, pass.maxDelta, s);
        traceMark(ctx, TraceStage::Pass, 2 * s + 2, TracePass{s, 1});
    }
    storeTotals(ctx, data);
    ctx.stats.velocityIterations = substeps;
    if (ctx.probe) ctx.probe->iterationsUsed = substeps;
    ctx.stats.positionIterations = substeps;
    ctx.stats.maxDelta = pass.maxDelta;
    ctx.stats.deepestAfter = -pass.deepest;
}

} // namespace tumble
