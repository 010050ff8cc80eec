// Preparing contact rows and their couplings (with the step's figures for the inspector),
// warm starting, and writing the results back into the contact cache.
#include "collision/contact_cache.h"
#include "core/step_arrays.h"
#include "solver/contact_rows.h"

#include "core/task_system.h"

#include <algorithm>
#include <atomic>
#include <cmath>

namespace tumble {
namespace {

void setLane(LaneVectors& lanes, int i, const glm::vec3& v) {
    lanes.x[i] = v.x;
    lanes.y[i] = v.y;
    lanes.z[i] = v.z;
}

// vB + wB x rB - vA - wA x rA at every lane's lever arms, each lane as glm computes it for one
// point (the cross products' terms and the sums in glm's order), so the lanes are the bits of
// the scalar form.
LaneVectors relativeVelocityLanes(const glm::vec3& vA, const glm::vec3& wA, const glm::vec3& vB,
                                  const glm::vec3& wB, const LaneVectors& rA,
                                  const LaneVectors& rB) {
    return {((vB.x + (wB.y * rB.z - rB.y * wB.z)) - vA.x) - (wA.y * rA.z - rA.y * wA.z),
            ((vB.y + (wB.z * rB.x - rB.z * wB.x)) - vA.y) - (wA.z * rA.x - rA.z * wA.x),
            ((vB.z + (wB.x * rB.y - rB.x * wB.y)) - vA.z) - (wA.x * rA.y - rA.x * wA.y)};
}

// u . v in every lane, summed as glm's dot sums: (x + y) + z.
float4 dotLanes(const LaneVectors& u, const LaneVectors& v) {
    return (u.x * v.x + u.y * v.y) + u.z * v.z;
}
float4 dotLanes(const LaneVectors& u, const glm::vec3& v) {
    return (u.x * v.x + u.y * v.y) + u.z * v.z;
}

// x in every lane, copied: 0 + x would turn a -0 into +0 (and a friction coefficient's sign
// bit is the wide kernel's sliding flag).
float4 splat(float x) { return float4{x, x, x, x}; }

LaneVectors select(int4 mask, const LaneVectors& a, const LaneVectors& b) {
    return {mask ? a.x : b.x, mask ? a.y : b.y, mask ? a.z : b.z};
}

// A tangent basis that depends on the normal only, so accumulated friction impulses keep
// their meaning from step to step (Duff et al. 2017, "Building an orthonormal basis, revisited").
void tangentBasis(const glm::vec3& n, glm::vec3& t1, glm::vec3& t2) {
    float sign = std::copysign(1.0f, n.z);
    float a = -1.0f / (sign + n.z);
    float b = n.x * n.y * a;
    t1 = glm::vec3(1.0f + sign * n.x * n.x * a, sign * b, -sign * n.x);
    t2 = glm::vec3(b, sign + n.y * n.y * a, -n.y);
}

// Which lanes' points stick this step. A point new this step sticks when its relative tangential
// speed before gravity and warm starting is under kStickSpeed. A point that persisted and did
// not end last step at the Coulomb bound (ClampState::FrictionLimit) keeps sticking while its
// slip is under kHoldSpeed: a held point whose velocity jitters above 1 cm/s while a tall pile
// settles is still held, and gets its full static friction in both directions. Faster than
// that it slides: a box set spinning at rest has corners slipping at metres per second, which
// no jitter reaches. `speedSquared`: each lane's slip, squared; `held`: the lanes whose point
// persisted and did not end last step at the bound.
int4 stickingLanes(float4 speedSquared, int4 held) {
    const float4 zero{};
    return (speedSquared < zero + kStickSpeed * kStickSpeed) |
           (held & (speedSquared < zero + kHoldSpeed * kHoldSpeed));
}

// The velocity that takes frictionAnchorRate of a sticking point's drift back this step,
// capped like the normal push-out at maxCorrectionVelocity. The rate is small (0.02 by
// default): a settling pile must be free to shift a little, or the anchors load the friction
// up to its bound and the points slip; what the anchors stop is the slow walk that follows.
// Lanes past `count` and sliding ones get none.
LaneVectors anchorPullLanes(const LaneVectors& drift, int4 sticking, int count,
                            const StepContext& ctx) {
    if (ctx.frictionAnchorRate <= 0.0f) return {};
    const float4 zero{};
    const float k = -ctx.frictionAnchorRate * ctx.invDt;
    LaneVectors pull =
        select(sticking, LaneVectors{k * drift.x, k * drift.y, k * drift.z}, LaneVectors{});
    // Compared squared: the root only for a pull over the cap (a resting pile has none).
    const float cap = ctx.maxCorrectionVelocity;
    const int4 over = ~(dotLanes(pull, pull) <= zero + cap * cap);
    for (int i = 0; i < count; ++i)
        if (over[i] && sticking[i])
            setLane(pull, i, laneVector(pull, i) * (cap / glm::length(laneVector(pull, i))));
    return pull;
}

// The manifold's friction basis: the directions of its sticking points, and the one its
// cached friction impulses are kept in. When the manifold's mean tangential velocity before
// the step exceeds kStickSpeed: t1 along it. Otherwise a basis from the normal alone, where
// the pyramid can hold up to sqrt(2) mu lambda_n along its diagonals (the artifact the cone
// removes). A sliding point brakes along its own slip instead (prepareContacts).
void frictionBasis(ContactManifoldInfo& m, const glm::vec3& meanSlip) {
    // Compared squared: the root only for a manifold that slides (a resting pile has none).
    if (glm::dot(meanSlip, meanSlip) > kStickSpeed * kStickSpeed) {
        m.tangent1 = meanSlip / glm::length(meanSlip);
        m.tangent2 = glm::cross(m.normal, m.tangent1);
    } else {
        tangentBasis(m.normal, m.tangent1, m.tangent2);
    }
}

// I j for every lane: what a unit impulse on rows with angular Jacobian j does to the body's
// angular velocity (glm's order of operations, column by column).
LaneVectors mulLanes(const glm::mat3& I, const LaneVectors& j) {
    return {I[0][0] * j.x + I[1][0] * j.y + I[2][0] * j.z, I[0][1] * j.x + I[1][1] * j.y + I[2][1] * j.z,
            I[0][2] * j.x + I[1][2] * j.y + I[2][2] * j.z};
}

// 1 / k per lane, 0 where k is not positive (absent points and rows with no mass).
float4 inverseLanes(float4 k) {
    const float4 zero{}, one = zero + 1.0f;
    // One division for the four lanes; lanes that are not positive divide 1 and are dropped.
    return k > zero ? one / (k > zero ? k : one) : zero;
}

// sum_c u_c[lane] * v_c[j] for every lane: the dot of each lane's vector with lane j's.
float4 dotWithLane(const LaneVectors& u, const LaneVectors& v, int j) {
    return u.x * v.x[j] + u.y * v.y[j] + u.z * v.z[j];
}

// The rows' angular Jacobians r x axis, by axis, of each side.
struct RowJacobians {
    LaneVectors a[3], b[3];
    explicit RowJacobians(const ContactConstraint& c) {
        for (int k = 0; k < 3; ++k) a[k] = crossLanes(c.rA, c.axis[k]), b[k] = crossLanes(c.rB, c.axis[k]);
    }
};

// computeCoupling with the Jacobians at hand; inlined where sA and sB are constants (preparing
// rows: 1 and 1), the scalings by one vanish and the results are the same bits.
[[gnu::always_inline]] inline RowDiagonals couplingsOf(ContactConstraint& c, float sA, float sB, RowCouplings which,
                                                       const RowJacobians& jacobians) {
    // C_(i,a),(j,b) = (mA + mB) (a_i . b_j) + (rA_i x a_i) . IA (rA_j x b_j)
    //               + (rB_i x a_i) . IB (rB_j x b_j),
    // column (j, b) over the lanes i. Each point has its own tangents, so a_i . b_j is not
    // [a == b] across points (it is within one point: its axes are orthonormal).
    float4 present{};
    for (int i = 0; i < c.pointCount; ++i) present[i] = 1.0f;
    const float massSum = sA * c.invMassA + sB * c.invMassB;
    const float4 linear = massSum * present;
    const LaneVectors(&jA)[3] = jacobians.a;
    const LaneVectors(&jB)[3] = jacobians.b;
    // Absent lanes have zero axes and lever arms, so every term vanishes there.
    auto column = [&](int j, int b, int a) {
        const float4 k = massSum * dotWithLane(c.axis[a], c.axis[b], j) +
                         sA * dotWithLane(jA[a], c.responseA[b], j);
        return k + sB * dotWithLane(jB[a], c.responseB[b], j);
    };
    const int last = c.pointCount - 1;
    const bool friction = which == RowCouplings::All;
    c.frictionCoupled = friction && sA == 1.0f && sB == 1.0f;
    for (int j = 0; j <= last; ++j) {
        c.block.K[j] = column(j, kNormalRow, kNormalRow);
        for (int b = 0; b < 2 && friction; ++b) {
            c.frictionToNormal[j][b] = column(j, kTangent1Row + b, kNormalRow);
            // The last point's friction reaches only the normal rows: no friction row follows it.
            for (int a = 0; a < 2 && j < last; ++a) {
                const float4 k = column(j, kTangent1Row + b, kTangent1Row + a);
                for (int q = j + 1; q <= last; ++q) c.frictionToFriction[frictionPair(j, q)][b][a] = k[q];
            }
        }
    }
    // The diagonal C_(i,a),(i,a) of each axis, lane by lane (the same sums as the columns').
    RowDiagonals diagonal;
    for (int a = 0; a < 3; ++a) {
        const float4 k = sA * (jA[a].x * c.responseA[a].x + jA[a].y * c.responseA[a].y +
                               jA[a].z * c.responseA[a].z);
        diagonal.axis[a] = (linear + k) + sB * (jB[a].x * c.responseB[a].x +
                                                jB[a].y * c.responseB[a].y + jB[a].z * c.responseB[a].z);
    }
    c.block.invDiagonal = inverseLanes(diagonal.axis[kNormalRow]);
    return diagonal;
}

} // namespace

RowDiagonals computeCoupling(ContactConstraint& c, float sA, float sB, RowCouplings which) {
    return couplingsOf(c, sA, sB, which, RowJacobians(c));
}

namespace {

// The rows' angular responses, couplings and effective masses, from the lever arms and axes.
void computeRows(ContactConstraint& c, const SolverBody& a, const SolverBody& b, RowCouplings couplings) {
    const RowJacobians jacobians(c);
    for (int k = 0; k < 3; ++k) {
        c.responseA[k] = mulLanes(a.invI, jacobians.a[k]);
        c.responseB[k] = mulLanes(b.invI, jacobians.b[k]);
    }
    // The effective masses are the inverses of the couplings' diagonals.
    const RowDiagonals diagonal = couplingsOf(c, 1.0f, 1.0f, couplings, jacobians);
    c.normalMass = c.block.invDiagonal;
    c.tangentMass[0] = inverseLanes(diagonal.axis[kTangent1Row]);
    c.tangentMass[1] = inverseLanes(diagonal.axis[kTangent2Row]);
}

// The rows of manifold c.manifold into c, and that manifold's figures into mf when it is given
// (prepareContacts). The points are taken side by side, one per lane of a float4, as the rows
// hold them: each lane's arithmetic is the scalar form's, operation for operation (the engine
// is built without contraction, so a lane rounds as the scalar does), and the rare branches (a
// sliding point's own tangents, a capped anchor pull) are taken point by point with glm.
void prepareManifold(ContactManifoldInfo& m, ContactManifoldFigures* mf,
                     std::span<const SolverBody> bodies, std::span<const StartVelocity> start,
                     const StepContext& ctx, ContactConstraint& c, RowCouplings couplings) {
    const uint32_t ia = m.bodyA.index, ib = m.bodyB.index;
    const SolverBody& a = bodies[ia];
    const SolverBody& b = bodies[ib];
    const int count = m.pointCount;
    const glm::vec3 n = m.normal;
    const float4 zero{};
    // The cache's points in lanes; lanes past the count are zero, as the rows need them.
    const ContactPointInfo(&points)[4] = m.points;
    const int4 present = presentLanes(count);
    c.rA = pointLanes(points, present, &ContactPointInfo::rA);
    c.rB = pointLanes(points, present, &ContactPointInfo::rB);
    LaneVectors drift = pointLanes(points, present, &ContactPointInfo::drift);
    const float4 separation =
        pointLanes(points, present, [](const ContactPointInfo& p) { return p.separation; });
    const float4 normalImpulse =
        pointLanes(points, present, [](const ContactPointInfo& p) { return p.normalImpulse; });
    const float4 cached[2] = {
        pointLanes(points, present, [](const ContactPointInfo& p) { return p.tangentImpulse[0]; }),
        pointLanes(points, present, [](const ContactPointInfo& p) { return p.tangentImpulse[1]; })};
    const auto holds = [](const ContactPointInfo& p) {
        return p.persisted && p.clamp != ClampState::FrictionLimit ? -1 : 0;
    };
    const int4 held =
        present & int4{holds(points[0]), holds(points[1]), holds(points[2]), holds(points[3])};
    // Before gravity and warm starting: the true approach and sliding speeds, and from
    // them (with last step's clamp) which points stick.
    const StartVelocity &a0 = start[ia], &b0 = start[ib];
    const LaneVectors vrel0 = relativeVelocityLanes(a0.v, a0.w, b0.v, b0.w, c.rA, c.rB);
    const float4 approach = dotLanes(vrel0, n);
    const LaneVectors slip{vrel0.x - approach * n.x, vrel0.y - approach * n.y,
                           vrel0.z - approach * n.z};
    const float4 speedSquared = dotLanes(slip, slip);
    const int4 sticking = stickingLanes(speedSquared, held);
    glm::vec3 meanSlip(0.0f);
    for (int i = 0; i < count; ++i) {
        meanSlip += laneVector(slip, i);
        m.points[i].sticking = sticking[i] != 0;
    }
    meanSlip /= static_cast<float>(count);
    // Cached friction impulses are re-projected from last step's basis.
    const glm::vec3 oldT1 = m.tangent1, oldT2 = m.tangent2;
    frictionBasis(m, meanSlip);

    c.indexA = ia;
    c.indexB = ib;
    c.pointCount = count;
    c.invMassA = a.invMass;
    c.invMassB = b.invMass;
    c.rollingLimit = m.rollingResistance;
    c.twistLimit = m.torsionalFriction;
    // A sliding point's friction acts against its own slip (a spinning box's corners each
    // slip along their own circle), a sticking one's in the manifold's basis.
    LaneVectors& t1 = c.axis[kTangent1Row];
    LaneVectors& t2 = c.axis[kTangent2Row];
    for (int i = 0; i < count; ++i) {
        setLane(c.axis[kNormalRow], i, n);
        const bool sticks = sticking[i] != 0;
        const glm::vec3 own = sticks ? m.tangent1 : glm::normalize(laneVector(slip, i));
        setLane(t1, i, own);
        setLane(t2, i, sticks ? m.tangent2 : glm::cross(n, own));
    }
    // Every lane and field the passes read is written here, absent points' as zero, so a row
    // prepared into a scratch need not be cleared first (the wide method's).
    for (int i = count; i < 4; ++i) {
        for (LaneVectors& axis : c.axis) setLane(axis, i, glm::vec3(0.0f));
        c.sliding[i] = false;
    }
    c.splitImpulse = float4{};
    // The cache keeps the friction impulse in the manifold's basis; the rows take it in the
    // point's own.
    const LaneVectors friction{cached[0] * oldT1.x + cached[1] * oldT2.x,
                               cached[0] * oldT1.y + cached[1] * oldT2.y,
                               cached[0] * oldT1.z + cached[1] * oldT2.z};
    const float4 kept[2] = {dotLanes(friction, m.tangent1), dotLanes(friction, m.tangent2)};
    // The drift since the point stuck, in this step's tangent plane; the friction rows aim to
    // take a share of it back this step (sticking points only).
    const float4 along = dotLanes(drift, n);
    drift = {drift.x - along * n.x, drift.y - along * n.y, drift.z - along * n.z};
    const LaneVectors pull = anchorPullLanes(drift, sticking, count, ctx);
    const float4 tangentBias[2] = {dotLanes(pull, t1), dotLanes(pull, t2)};

    // The normal rows' targets: a restitution target above the threshold; a speculative point
    // may close its gap this step but not cross it, and one reached within the step lands
    // exactly on the surface, to bounce in the same step once positions are integrated
    // (bounceLandings); a touching one is pushed out at most maxCorrectionVelocity.
    const int4 bounce =
        (approach < zero - ctx.restitutionThreshold) & (m.restitution > 0.0f ? int4{} - 1 : int4{});
    const float4 restitutionTarget = bounce ? -m.restitution * approach : zero;
    const int4 speculative = separation > zero;
    const int4 landing = bounce & speculative & (-approach * ctx.dt > separation);
    const float4 depth = -separation - ctx.slop;
    const float4 excess = ctx.erp * ctx.invDt * (depth < zero ? zero : depth);
    const float4 push =
        splat(ctx.maxCorrectionVelocity) < excess ? splat(ctx.maxCorrectionVelocity) : excess;
    const float4 inBias = ctx.baumgarte ? push : zero;
    const float4 touchingBias = restitutionTarget < inBias ? inBias : restitutionTarget;
    // Lanes past the count are zero in every row (their approach is the bodies' own).
    const float4 correction =
        ctx.baumgarte || ctx.splitImpulse ? (present & ~speculative ? push : zero) : zero;
    const float4 bias = present ? (speculative ? -separation * ctx.invDt : touchingBias) : zero;
    const float4 warmStart[3] = {normalImpulse * ctx.warmStartFactor,
                                 present ? dotLanes(friction, t1) * ctx.warmStartFactor : zero,
                                 present ? dotLanes(friction, t2) * ctx.warmStartFactor : zero};

    c.bias = bias;
    c.tangentBias[0] = present ? tangentBias[0] : zero;
    c.tangentBias[1] = present ? tangentBias[1] : zero;
    c.normalImpulse = warmStart[0];
    c.tangentImpulse[0] = warmStart[1];
    c.tangentImpulse[1] = warmStart[2];
    c.friction =
        present & sticking ? splat(m.staticFriction) : (present ? splat(m.dynamicFriction) : zero);
    c.correctionVelocity = correction;
    for (int i = 0; i < count; ++i) {
        ContactPointInfo& p = m.points[i];
        p.tangentImpulse[0] = kept[0][i];
        p.tangentImpulse[1] = kept[1][i];
        p.drift = laneVector(drift, i);
        p.approachVelocity = approach[i];
        p.landing = landing[i] != 0;
        c.sliding[i] = !sticking[i];
    }
    computeRows(c, a, b, couplings);
    for (int j = count; j < 4; ++j) c.block.K[j] = float4{};
    if (!mf) return;
    for (int i = 0; i < count; ++i) {
        ContactPointFigures& f = mf->points[i];
        f.tangent1 = laneVector(t1, i);
        f.tangent2 = laneVector(t2, i);
        f.tangentBias[0] = tangentBias[0][i];
        f.tangentBias[1] = tangentBias[1][i];
        f.restitutionTarget = restitutionTarget[i];
        f.correctionVelocity = correction[i];
        f.bias = bias[i];
        for (int k = 0; k < 3; ++k)
            f.warmStartImpulse[k] = warmStart[k][i];
        f.normalMass = c.normalMass[i];
        f.tangentMass[0] = c.tangentMass[0][i];
        f.tangentMass[1] = c.tangentMass[1][i];
    }
}

} // namespace

bool prepareContactRow(ContactManifoldInfo& m, ContactManifoldFigures* mf, std::span<const SolverBody> bodies,
                       std::span<const StartVelocity> start, const StepContext& ctx, ContactConstraint& c,
                       RowCouplings couplings) {
    prepareManifold(m, mf, bodies, start, ctx, c, couplings);
    bool lands = false;
    for (int i = 0; i < m.pointCount; ++i) lands |= m.points[i].landing;
    return lands;
}

ContactRowSummary contactRowHeaders(std::span<const ContactManifoldInfo> manifolds,
                                    std::vector<ContactRowHeader>& headers) {
    headers.clear();
    ContactRowSummary seen;
    for (uint32_t mi = 0; mi < manifolds.size(); ++mi) {
        const ContactManifoldInfo& m = manifolds[mi];
        if (!solvedThisStep(m)) continue;
        headers.push_back({mi, m.bodyA.index, m.bodyB.index});
        seen.rollOrTwist = seen.rollOrTwist || m.rollingResistance > 0.0f || m.torsionalFriction > 0.0f;
        seen.points += static_cast<uint32_t>(m.pointCount);
    }
    return seen;
}

bool prepareContacts(std::span<ContactManifoldInfo> manifolds, std::span<const ContactRowHeader> rows,
                     std::span<ContactManifoldFigures> figures, std::span<const SolverBody> bodies,
                     std::span<const StartVelocity> start, const StepContext& ctx,
                     std::vector<ContactConstraint>& constraints, TaskSystem* tasks, RowCouplings couplings) {
    // A row per header (the solved manifolds in the cache's order; asleep: kept, not solved);
    // each row is then filled from its own manifold alone, on any thread. (Writing each row
    // and its figures whole where they are filled, instead of clearing the arrays first, was
    // measured the same on the sphere pit: the clearing's cost moved to the fill and to packing.)
    const size_t count = rows.size();
    // Sized for the step (step_arrays.h): resize after clear() alone would take a block of
    // exactly `count`, fresh pages to fault in each step a settling pile adds a contact.
    resetForStep(constraints, count);
    for (size_t k = 0; k < count; ++k) constraints[k].manifold = rows[k].manifold;
    // Whether some point lands, so the world need not look through every point after
    // integrating for one. Blocks only ever set it, so the answer does not depend on their order.
    std::atomic<bool> landings{false};
    auto fill = [&](uint32_t begin, uint32_t end) {
        // With the figures off, none is written (storing them to the array was the cost).
        bool lands = false;
        for (uint32_t k = begin; k < end; ++k) {
            ContactConstraint& c = constraints[k];
            ContactManifoldFigures* mf = figures.empty() ? nullptr : &figures[c.manifold];
            lands |= prepareContactRow(manifolds[c.manifold], mf, bodies, start, ctx, c, couplings);
        }
        if (lands) landings.store(true, std::memory_order_relaxed);
    };
    if (tasks)
        tasks->parallelFor(static_cast<uint32_t>(count), kRowsPerBlock, fill);
    else
        fill(0, static_cast<uint32_t>(count));
    return landings.load(std::memory_order_relaxed);
}

void warmStartContacts(std::span<const ContactConstraint> constraints, std::span<SolverBody> bodies) {
    for (const ContactConstraint& c : constraints) {
        SolverBody& a = bodies[c.indexA];
        SolverBody& b = bodies[c.indexB];
        float4 vA = toFloat4(a.v), wA = toFloat4(a.w), vB = toFloat4(b.v), wB = toFloat4(b.w);
        const float4 impulse[3] = {c.normalImpulse, c.tangentImpulse[0], c.tangentImpulse[1]};
        applyImpulses(c, impulse, c.invMassA, c.invMassB, 1.0f, 1.0f, vA, wA, vB, wB);
        a.v = toVec3(vA), a.w = toVec3(wA), b.v = toVec3(vB), b.w = toVec3(wB);
    }
}

void finishManifold(ContactManifoldInfo& m, ContactManifoldFigures* mf, const SolverBody& a, const SolverBody& b,
                    const SplitVelocity& sa, const SplitVelocity& sb, const SolvedRows& rows, float dt) {
    // A manifold's points side by side in lanes, as prepareManifold takes them.
    const int count = m.pointCount;
    const glm::vec3 n = m.normal;
    const float4 zero{};
    const int4 present = presentLanes(count);
    const LaneVectors rA = pointLanes(m.points, present, &ContactPointInfo::rA);
    const LaneVectors rB = pointLanes(m.points, present, &ContactPointInfo::rB);
    const LaneVectors drift = pointLanes(m.points, present, &ContactPointInfo::drift);
    // Back from the points' friction directions into the manifold's basis.
    const float4 &lambda1 = rows.tangentImpulse[0], &lambda2 = rows.tangentImpulse[1];
    const LaneVectors &t1 = rows.t1, &t2 = rows.t2;
    const LaneVectors friction{lambda1 * t1.x + lambda2 * t2.x, lambda1 * t1.y + lambda2 * t2.y,
                               lambda1 * t1.z + lambda2 * t2.z};
    const float4 kept[2] = {dotLanes(friction, m.tangent1), dotLanes(friction, m.tangent2)};
    // Friction at its bound (within 0.1%) slides; compared squared, without a root.
    const float4 limit = 0.999f * rows.friction * rows.normalImpulse;
    const int4 atBound = (limit > zero) & (lambda1 * lambda1 + lambda2 * lambda2 >= limit * limit);
    // How far the surfaces move over each other at a sticking point during this step's
    // integration (the split-impulse pseudo-velocities move the poses too). A sliding
    // point starts afresh when it sticks again.
    const LaneVectors slip = relativeVelocityLanes(a.v + sa.v, a.w + sa.w, b.v + sb.v, b.w + sb.w, rA, rB);
    const float4 along = dotLanes(slip, n);
    const LaneVectors moved{drift.x + (slip.x - along * n.x) * dt, drift.y + (slip.y - along * n.y) * dt,
                            drift.z + (slip.z - along * n.z) * dt};
    for (int i = 0; i < count; ++i) {
        ContactPointInfo& p = m.points[i];
        p.normalImpulse = rows.normalImpulse[i];
        p.tangentImpulse[0] = kept[0][i];
        p.tangentImpulse[1] = kept[1][i];
        if (mf) mf->points[i].splitImpulse = rows.splitImpulse[i];
        p.clamp = p.normalImpulse <= 0.0f ? ClampState::Separating
                  : atBound[i]            ? ClampState::FrictionLimit
                                          : ClampState::None;
        p.drift = p.sticking ? laneVector(moved, i) : glm::vec3(0.0f);
    }
}

void finishContacts(std::span<ContactManifoldInfo> manifolds,
                    std::span<ContactManifoldFigures> figures,
                    std::span<const ContactConstraint> constraints,
                    std::span<const SolverBody> bodies, std::span<const SplitVelocity> split, float dt,
                    TaskSystem* tasks) {
    auto finish = [&](const ContactConstraint& c) {
        const SolvedRows rows{c.normalImpulse,
                              {c.tangentImpulse[0], c.tangentImpulse[1]},
                              c.friction,
                              c.splitImpulse,
                              c.axis[kTangent1Row],
                              c.axis[kTangent2Row]};
        finishManifold(manifolds[c.manifold], figures.empty() ? nullptr : &figures[c.manifold], bodies[c.indexA],
                       bodies[c.indexB], split[c.indexA], split[c.indexB], rows, dt);
    };
    // Each row writes back into its own manifold only.
    if (tasks)
        tasks->parallelFor(static_cast<uint32_t>(constraints.size()), kRowsPerBlock, [&](uint32_t begin, uint32_t end) {
            for (uint32_t k = begin; k < end; ++k) finish(constraints[k]);
        });
    else
        for (const ContactConstraint& c : constraints) finish(c);
}

} // namespace tumble
