// Stages and contact passes of the sub-stepping methods (substep_contacts.h has the math).
#include "solver/substep_contacts.h"

#include "solver/contact_rows.h"
#include "solver/friction.h"
#include "solver/probe.h"
#include "solver/trace.h"

#include <algorithm>
#include <cmath>

namespace tumble {

ContactBias softContactBias(float hertz, float zeta, float h, float maxPush) {
    ContactBias b;
    b.maxPush = maxPush;
    if (hertz <= 0.0f) return b;
    const float omega = 2.0f * 3.14159265f * hertz;
    const float a = 2.0f * zeta + h * omega;
    const float k = h * omega * a;
    b.rate = omega / a;
    b.massScale = k / (1.0f + k);
    b.impulseScale = 1.0f / (1.0f + k);
    return b;
}

ContactBias baumgarteContactBias(float erp, float slop, float h, float maxPush) {
    ContactBias b;
    b.rate = erp / h;
    b.slop = slop;
    b.maxPush = maxPush;
    return b;
}

namespace {

// The rows' impulses over one sub-step, from the cache's over the whole step (not scaled by
// the warm-start factor: warmStart() applies that at every sub-step), and what the lane rows
// lack for sub-stepping.
void buildRows(SolveContext& ctx, SubstepData& data, float perSubstep) {
    data.rows.resize(ctx.constraints.size());
    for (size_t k = 0; k < ctx.constraints.size(); ++k) {
        ContactConstraint& c = ctx.constraints[k];
        const ContactManifoldInfo& m = ctx.manifolds[c.manifold];
        SubstepRows& r = data.rows[k];
        r = SubstepRows{};
        r.restitution = m.restitution;
        r.anchored = c.invMassA == 0.0f || c.invMassB == 0.0f;
        for (int i = 0; i < c.pointCount; ++i) {
            const ContactPointInfo& p = m.points[i];
            c.normalImpulse[i] = p.normalImpulse * perSubstep;
            c.tangentImpulse[0][i] = p.tangentImpulse[0] * perSubstep;
            c.tangentImpulse[1][i] = p.tangentImpulse[1] * perSubstep;
            r.baseSeparation[i] = p.separation - glm::dot(m.normal, p.rB - p.rA);
            r.approach[i] = p.approachVelocity;
        }
    }
}

// What a pass asks of one normal row: lambda += -massScale m_n (vn + bias) - impulseScale
// lambda, clamped at 0. massScale 0 and impulseScale 0 leave the row out.
struct NormalRow {
    float bias = 0.0f;
    float massScale = 0.0f;
    float impulseScale = 0.0f;
};

// The normal rows of one manifold of N points together: sweeps over their couplings K (the
// normal block of prepareContacts), vn updated through K as the impulses change, the bodies
// untouched until the end (block Gauss-Seidel, solve_gauss_seidel.cpp). Visiting four corners
// once, one by one, hands the first more than its share, and with one pass per sub-step
// nothing evens that out: a ten-box stack leaned 5 cm in ten seconds with one sweep, 4 mm
// with two, none with four. Repeated, the sweeps converge to the rows' own solution,
// vn + bias + gamma lambda = 0 with gamma = impulseScale / (massScale m_n) (soft) or 0.
template <int N>
[[gnu::always_inline]] inline void sweepNormalRows(const ContactConstraint& c, const NormalRow* rows,
                                                   float* lambda, float* vn) {
    constexpr int sweeps = N == 1 ? 1 : kInnerSweeps;
    for (int sweep = 0; sweep < sweeps; ++sweep) {
#pragma GCC unroll 4
        for (int i = 0; i < N; ++i) {
            const NormalRow& row = rows[i];
            const float next = std::max(lambda[i] - c.normalMass[i] * row.massScale * (vn[i] + row.bias) -
                                            row.impulseScale * lambda[i],
                                        0.0f);
            const float change = next - lambda[i];
            lambda[i] = next;
            const float4 coupling = c.block.K[i];
#pragma GCC unroll 4
            for (int j = 0; j < N; ++j) vn[j] += coupling[j] * change;
        }
    }
}

struct PassSettings {
    PassBias bias;
    bool useBias = true;
    float invH = 0.0f;
    bool cone = false;
};

// One manifold of N points in one pass: the normal rows as a block, then friction point by
// point, whose rows see the normal changes and the points before them through the couplings
// (C_(j,t),(i,n) = C_(i,n),(j,t), the matrix being symmetric). Returns the largest |dlambda_n|.
template <int N>
float solveManifold(ContactConstraint& c, SubstepRows& r, SolverBody& a, SolverBody& b,
                    const BodyMotion& motionA, const BodyMotion& motionB, const PassSettings& pass) {
    float4 vA = toFloat4(a.v), wA = toFloat4(a.w), vB = toFloat4(b.v), wB = toFloat4(b.w);
    const glm::vec3 n = laneVector(c.axis[kNormalRow], 0);
    // The separation's share of the bodies' motion since the step began: n . (dpB - dpA),
    // and dR^T n, whose dot with a lever arm r is n . (dR r).
    const float shift = glm::dot(n, motionB.dp - motionA.dp);
    const glm::vec3 nA = n * motionA.dR, nB = n * motionB.dR;
    const float4 s = r.baseSeparation + shift + (c.rB.x * nB.x + c.rB.y * nB.y + c.rB.z * nB.z) -
                     (c.rA.x * nA.x + c.rA.y * nA.y + c.rA.z * nA.z);
    const ContactBias& bias = r.anchored ? pass.bias.anchored : pass.bias.moving;
    const LaneVectors vrel = relativeVelocity(c, vA, wA, vB, wB);
    const float4 vn0 = along(vrel, c.axis[kNormalRow]);
    NormalRow rows[N];
    float vn[N], lambda[N];
#pragma GCC unroll 4
    for (int i = 0; i < N; ++i) {
        NormalRow& row = rows[i];
        row.massScale = 1.0f;
        if (s[i] > 0.0f) {
            row.bias = s[i] * pass.invH;
            r.pushOut[i] = 0.0f;
        } else if (pass.useBias) {
            row.bias = std::max(bias.rate * std::min(s[i] + bias.slop, 0.0f), -bias.maxPush);
            row.massScale = bias.massScale;
            row.impulseScale = bias.impulseScale;
            r.pushOut[i] = -row.bias;
        }
        vn[i] = vn0[i];
        lambda[i] = c.normalImpulse[i];
    }
    sweepNormalRows<N>(c, rows, lambda, vn);
    const float4 oldNormal = c.normalImpulse;
    for (int i = 0; i < N; ++i) c.normalImpulse[i] = lambda[i];
    const float4 dn = c.normalImpulse - oldNormal;
    r.peakImpulse = r.peakImpulse > c.normalImpulse ? r.peakImpulse : c.normalImpulse;

    // Friction rows' Cdot after the normal changes, kept as scalars (a shorter chain than lane
    // shuffles, as in solve_gauss_seidel.cpp).
    const float4 Cdot1 = along(vrel, c.axis[kTangent1Row]), Cdot2 = along(vrel, c.axis[kTangent2Row]);
    float t1[N], t2[N];
#pragma GCC unroll 4
    for (int j = 0; j < N; ++j) {
        t1[j] = Cdot1[j] + sumLanes(c.frictionToNormal[j][0] * dn);
        t2[j] = Cdot2[j] + sumLanes(c.frictionToNormal[j][1] * dn);
    }
    const float4 old1 = c.tangentImpulse[0], old2 = c.tangentImpulse[1];
    const float4 limit = c.friction * c.normalImpulse;
    float d1[4] = {0.0f, 0.0f, 0.0f, 0.0f}, d2[4] = {0.0f, 0.0f, 0.0f, 0.0f};
#pragma GCC unroll 4
    for (int i = 0; i < N; ++i) {
        const float target1 = pass.useBias ? c.tangentBias[0][i] : 0.0f;
        const float target2 = pass.useBias ? c.tangentBias[1][i] : 0.0f;
        d1[i] = -c.tangentMass[0][i] * (t1[i] - target1);
        d2[i] = -c.tangentMass[1][i] * (t2[i] - target2);
        clampFrictionChange(old1[i], old2[i], d1[i], d2[i], limit[i], pass.cone, c.sliding[i]);
#pragma GCC unroll 4
        for (int j = i + 1; j < N; ++j) {
            const float(&f)[2][2] = c.frictionToFriction[frictionPair(i, j)];
            t1[j] += f[0][0] * d1[i] + f[1][0] * d2[i];
            t2[j] += f[0][1] * d1[i] + f[1][1] * d2[i];
        }
    }
    // Apply exactly what the accumulated impulses gained (after their rounding).
    c.tangentImpulse[0] = old1 + float4{d1[0], d1[1], d1[2], d1[3]};
    c.tangentImpulse[1] = old2 + float4{d2[0], d2[1], d2[2], d2[3]};
    const float4 dlambda[3] = {dn, c.tangentImpulse[0] - old1, c.tangentImpulse[1] - old2};
    applyImpulses(c, dlambda, c.invMassA, c.invMassB, 1.0f, 1.0f, vA, wA, vB, wB);
    a.v = toVec3(vA), a.w = toVec3(wA), b.v = toVec3(vB), b.w = toVec3(wB);
    float maxDelta = 0.0f;
    for (int i = 0; i < N; ++i) maxDelta = std::max(maxDelta, std::fabs(dn[i]));
    return maxDelta;
}

// The restitution stage on one manifold: the points that bounce, as a block, rigid.
template <int N>
void restituteManifold(ContactConstraint& c, const SubstepRows& r, SolverBody& a, SolverBody& b,
                       float threshold) {
    NormalRow rows[N];
    bool any = false;
    for (int i = 0; i < N; ++i) {
        // Approaching fast enough at the step's start, and pushed during the step (a
        // speculative point never reached has no impulse and does not bounce).
        if (r.approach[i] < -threshold && r.peakImpulse[i] > 0.0f) {
            rows[i].bias = r.restitution * r.approach[i];
            rows[i].massScale = 1.0f;
            any = true;
        }
    }
    if (!any) return;
    float4 vA = toFloat4(a.v), wA = toFloat4(a.w), vB = toFloat4(b.v), wB = toFloat4(b.w);
    const float4 vn0 = along(relativeVelocity(c, vA, wA, vB, wB), c.axis[kNormalRow]);
    float vn[N], lambda[N];
    for (int i = 0; i < N; ++i) vn[i] = vn0[i], lambda[i] = c.normalImpulse[i];
    sweepNormalRows<N>(c, rows, lambda, vn);
    const float4 old = c.normalImpulse;
    for (int i = 0; i < N; ++i) c.normalImpulse[i] = lambda[i];
    const float4 dlambda[3] = {c.normalImpulse - old, float4{}, float4{}};
    applyImpulses(c, dlambda, c.invMassA, c.invMassB, 1.0f, 1.0f, vA, wA, vB, wB);
    a.v = toVec3(vA), a.w = toVec3(wA), b.v = toVec3(vB), b.w = toVec3(wB);
}

} // namespace

SubstepSolver::SubstepSolver(SolveContext& ctx)
    : ctx_(ctx), data_(ctx.dataAs<SubstepData>()), sub_(ctx.step),
      count_(std::max(ctx.solver.substeps, 1)) {
    ScopedTimer t(ctx.profile.prepare);
    sub_.dt = ctx.step.dt / static_cast<float>(count_);
    sub_.invDt = 1.0f / sub_.dt;
    sub_.jointHertz = ctx.solver.jointHertz;
    sub_.jointDampingRatio = ctx.solver.jointDampingRatio;
    const float perSubstep = 1.0f / static_cast<float>(count_);

    // Contact rows once per step, at the step's start (ctx.step: restitution targets, friction
    // anchors and stick/slip are per step).
    prepareContacts(ctx.manifolds, ctx.rowHeaders, ctx.figures, ctx.bodies, ctx.start, ctx.step, ctx.constraints);
    buildRows(ctx, data_, perSubstep);
    // Joint rows for the first sub-step with last step's impulses, made per sub-step.
    ctx.world.prepareJoints(sub_, false);
    for (JointRow& r : ctx.jointRows) r.impulse *= perSubstep;

    const size_t bodies = ctx.poses.size();
    data_.motion.assign(bodies, BodyMotion{});
    data_.startX.resize(bodies);
    data_.startQ.resize(bodies);
    for (size_t i = 0; i < bodies; ++i) {
        data_.startX[i] = ctx.poses[i].x;
        data_.startQ[i] = ctx.poses[i].q;
    }
    traceMark(ctx, TraceStage::Prepare, static_cast<int>(ctx.constraints.size() + ctx.jointRows.size()));
}

void SubstepSolver::rebuildJoints() {
    if (ctx_.jointRows.empty()) return; // no joints, no drag: nothing to rebuild
    ScopedTimer t(ctx_.profile.prepare);
    ctx_.world.prepareJoints(sub_, true);
}

void SubstepSolver::integrateVelocities() {
    ScopedTimer t(ctx_.profile.integrateVelocities);
    ctx_.world.integrateVelocities(sub_.dt);
    ++substep_;
    pass_ = 0;
}

void SubstepSolver::warmStart() {
    ScopedTimer t(ctx_.profile.warmStart);
    const float factor = ctx_.step.warmStartFactor;
    warmStartJointRows(ctx_.jointRows, ctx_.bodies, factor);
    for (ContactConstraint& c : ctx_.constraints) {
        c.normalImpulse *= factor;
        c.tangentImpulse[0] *= factor;
        c.tangentImpulse[1] *= factor;
    }
    warmStartContacts(ctx_.constraints, ctx_.bodies);
}

template <bool Traced> float SubstepSolver::contactPass(const PassBias& bias, bool useBias) {
    std::span<SolverBody> bodies(ctx_.bodies);
    const std::vector<BodyMotion>& motion = data_.motion;
    PassSettings pass;
    pass.bias = bias;
    pass.useBias = useBias;
    pass.invH = sub_.invDt;
    pass.cone = ctx_.step.cone;
    float maxDelta = 0.0f;
    for (size_t k = 0; k < ctx_.constraints.size(); ++k) {
        ContactConstraint& c = ctx_.constraints[k];
        SubstepRows& r = data_.rows[k];
        SolverBody& a = bodies[c.indexA];
        SolverBody& b = bodies[c.indexB];
        const BodyMotion& motionA = motion[c.indexA];
        const BodyMotion& motionB = motion[c.indexB];
        auto solve = [&] {
            return withPointCount(c.pointCount, [&]<int N>() {
                return solveManifold<N>(c, r, a, b, motionA, motionB, pass);
            });
        };
        if constexpr (Traced)
            maxDelta = std::max(maxDelta, tracedManifold(ctx_, c, TracePass{substep_, pass_, !useBias}, solve));
        else
            maxDelta = std::max(maxDelta, solve());
    }
    return maxDelta;
}

void SubstepSolver::runPass(const PassBias& bias, bool useBias) {
    if (ctx_.trace) {
        tracedJointPass(ctx_, TracePass{substep_, pass_, !useBias}, useBias);
        maxDelta_ = contactPass<true>(bias, useBias);
    } else {
        solveJointRows(ctx_.jointRows, ctx_.bodies, useBias);
        maxDelta_ = contactPass<false>(bias, useBias);
    }
    ++passes_;
    traceMark(ctx_, TraceStage::Pass, passes_, TracePass{substep_, pass_, !useBias});
    probePass(ctx_, nullptr, maxDelta_, substep_, pass_++, !useBias);
}

void SubstepSolver::solve(const PassBias& bias) {
    ScopedTimer t(ctx_.profile.iterate);
    runPass(bias, true);
}

void SubstepSolver::angularFriction() {
    ScopedTimer t(ctx_.profile.iterate);
    solveAngularFriction(ctx_.constraints, ctx_.bodies, 1);
}

void SubstepSolver::integratePositions() {
    ScopedTimer t(ctx_.profile.integratePositions);
    ctx_.world.integratePositions(sub_.dt);
    for (size_t i = 0; i < data_.motion.size(); ++i) {
        const SolverPose& pose = ctx_.poses[i];
        data_.motion[i].dp = pose.x - data_.startX[i];
        data_.motion[i].dR = glm::mat3_cast(pose.q * glm::conjugate(data_.startQ[i]));
    }
}

void SubstepSolver::relax() {
    ScopedTimer t(ctx_.profile.relax);
    runPass(PassBias{}, false);
}

void SubstepSolver::restitution() {
    ScopedTimer t(ctx_.profile.relax);
    const float threshold = ctx_.step.restitutionThreshold;
    std::span<SolverBody> bodies(ctx_.bodies);
    for (size_t k = 0; k < ctx_.constraints.size(); ++k) {
        ContactConstraint& c = ctx_.constraints[k];
        const SubstepRows& r = data_.rows[k];
        if (r.restitution <= 0.0f) continue;
        withPointCount(c.pointCount, [&]<int N>() {
            restituteManifold<N>(c, r, bodies[c.indexA], bodies[c.indexB], threshold);
        });
    }
    traceMark(ctx_, TraceStage::Relax, 1);
}

void SubstepSolver::store() {
    ScopedTimer t(ctx_.profile.storeImpulses);
    probeRows(ctx_, nullptr); // the last sub-step's impulses, as the passes saw them
    if (ctx_.probe) ctx_.probe->iterationsUsed = passes_;
    // Whole-step impulses for the cache and the joints (see the header): n times the
    // sub-step's accumulated impulse.
    const float n = static_cast<float>(count_);
    for (ContactConstraint& c : ctx_.constraints) {
        c.normalImpulse *= n;
        c.tangentImpulse[0] *= n;
        c.tangentImpulse[1] *= n;
    }
    finishContacts(ctx_.manifolds, ctx_.figures, ctx_.constraints, ctx_.bodies, ctx_.split, ctx_.step.dt);
    for (size_t k = 0; k < ctx_.constraints.size(); ++k) {
        const ContactConstraint& c = ctx_.constraints[k];
        ContactManifoldInfo& m = ctx_.manifolds[c.manifold];
        for (int i = 0; i < c.pointCount; ++i) {
            // The Inspector's figures in prepareContacts' convention (a target velocity); a
            // bounce happened within this step, so no point lands for the next one to bounce.
            if (!ctx_.figures.empty()) {
                ContactPointFigures& f = ctx_.figures[c.manifold].points[i];
                f.bias = data_.rows[k].pushOut[i];
                f.correctionVelocity = data_.rows[k].pushOut[i];
            }
            m.points[i].landing = false;
        }
    }
    for (JointRow& r : ctx_.jointRows) r.impulse *= n;
    ctx_.world.finishJoints();
    // Passes over all rows this step; the largest impulse change of the last one, per step.
    ctx_.stats.velocityIterations = passes_;
    ctx_.stats.positionIterations = 0;
    ctx_.stats.maxDelta = n * maxDelta_;
}

} // namespace tumble
