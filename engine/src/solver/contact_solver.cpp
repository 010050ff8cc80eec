// Preparing contact rows and their couplings (with the step's figures for the inspector),
// warm starting, and writing the results back into the contact cache.
#include "core/step_arrays.h"
#include "solver/contact_rows.h"

#include "core/task_system.h"

#include <algorithm>
#include <atomic>
#include <cmath>

namespace tumble {
namespace {

glm::vec3 relativeVelocity(const glm::vec3& vA, const glm::vec3& wA, const glm::vec3& vB,
                           const glm::vec3& wB, const glm::vec3& rA, const glm::vec3& rB) {
    return vB + glm::cross(wB, rB) - vA - glm::cross(wA, rA);
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

// Whether a point sticks this step. A point new this step sticks when its relative tangential
// speed before gravity and warm starting is under kStickSpeed. A point that persisted and did
// not end last step at the Coulomb bound (ClampState::FrictionLimit) keeps sticking while its
// slip is under kHoldSpeed: a held point whose velocity jitters above 1 cm/s while a tall pile
// settles is still held, and gets its full static friction in both directions. Faster than
// that it slides: a box set spinning at rest has corners slipping at metres per second, which
// no jitter reaches.
bool sticks(const ContactPointInfo& p, const glm::vec3& slip) {
    const float speedSquared = glm::dot(slip, slip);
    if (speedSquared < kStickSpeed * kStickSpeed) return true;
    return p.persisted && p.clamp != ClampState::FrictionLimit && speedSquared < kHoldSpeed * kHoldSpeed;
}

// The velocity that takes frictionAnchorRate of a sticking point's drift back this step,
// capped like the normal push-out at maxCorrectionVelocity. The rate is small (0.02 by
// default): a settling pile must be free to shift a little, or the anchors load the friction
// up to its bound and the points slip; what the anchors stop is the slow walk that follows.
glm::vec3 anchorPull(const ContactPointInfo& p, const StepContext& ctx) {
    if (ctx.frictionAnchorRate <= 0.0f || !p.sticking) return glm::vec3(0.0f);
    glm::vec3 pull = -ctx.frictionAnchorRate * ctx.invDt * p.drift;
    // Compared squared: the root only for a pull over the cap (a resting pile has none).
    const float cap = ctx.maxCorrectionVelocity;
    if (glm::dot(pull, pull) <= cap * cap) return pull;
    return pull * (cap / glm::length(pull));
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

void setLane(LaneVectors& lanes, int i, const glm::vec3& v) {
    lanes.x[i] = v.x;
    lanes.y[i] = v.y;
    lanes.z[i] = v.z;
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

// The rows of manifold c.manifold into c, and that manifold's figures (prepareContacts).
void prepareManifold(ContactManifoldInfo& m, ContactManifoldFigures& mf, std::span<const SolverBody> bodies,
                     std::span<const StartVelocity> start, const StepContext& ctx, ContactConstraint& c,
                     RowCouplings couplings) {
    const uint32_t ia = m.bodyA.index, ib = m.bodyB.index;
    const SolverBody& a = bodies[ia];
    const SolverBody& b = bodies[ib];
    const StartVelocity& a0 = start[ia];
    const StartVelocity& b0 = start[ib];
    // Before gravity and warm starting: the true approach and sliding speeds, and from
    // them (with last step's clamp) which points stick.
    float approach[4] = {0.0f, 0.0f, 0.0f, 0.0f};
    glm::vec3 slips[4], meanSlip(0.0f);
    for (int i = 0; i < m.pointCount; ++i) {
        ContactPointInfo& p = m.points[i];
        const glm::vec3 vrel0 = relativeVelocity(a0.v, a0.w, b0.v, b0.w, p.rA, p.rB);
        approach[i] = glm::dot(vrel0, m.normal);
        slips[i] = vrel0 - approach[i] * m.normal;
        meanSlip += slips[i];
        p.sticking = sticks(p, slips[i]);
    }
    meanSlip /= static_cast<float>(m.pointCount);
    // Cached friction impulses are re-projected from last step's basis.
    const glm::vec3 oldT1 = m.tangent1, oldT2 = m.tangent2;
    frictionBasis(m, meanSlip);

    c.indexA = ia;
    c.indexB = ib;
    c.pointCount = m.pointCount;
    c.invMassA = a.invMass;
    c.invMassB = b.invMass;
    c.rollingLimit = m.rollingResistance;
    c.twistLimit = m.torsionalFriction;
    for (int i = 0; i < m.pointCount; ++i) {
        ContactPointInfo& p = m.points[i];
        ContactPointFigures& f = mf.points[i];
        // A sliding point's friction acts against its own slip (a spinning box's corners
        // each slip along their own circle), a sticking one's in the manifold's basis.
        f.tangent1 = p.sticking ? m.tangent1 : glm::normalize(slips[i]);
        f.tangent2 = p.sticking ? m.tangent2 : glm::cross(m.normal, f.tangent1);
        setLane(c.axis[kNormalRow], i, m.normal);
        setLane(c.axis[kTangent1Row], i, f.tangent1);
        setLane(c.axis[kTangent2Row], i, f.tangent2);
        // The cache keeps the friction impulse in the manifold's basis; the rows take it
        // in the point's own.
        const glm::vec3 friction = p.tangentImpulse[0] * oldT1 + p.tangentImpulse[1] * oldT2;
        p.tangentImpulse[0] = glm::dot(friction, m.tangent1);
        p.tangentImpulse[1] = glm::dot(friction, m.tangent2);
        const float vn0 = approach[i];
        // The drift since the point stuck, in this step's tangent plane; the friction rows
        // aim to take a share of it back this step (sticking points only).
        p.drift -= glm::dot(p.drift, m.normal) * m.normal;
        const glm::vec3 pull = anchorPull(p, ctx);
        f.tangentBias[0] = glm::dot(pull, f.tangent1);
        f.tangentBias[1] = glm::dot(pull, f.tangent2);
        p.approachVelocity = vn0;

        bool bounce = vn0 < -ctx.restitutionThreshold && m.restitution > 0.0f;
        f.restitutionTarget = bounce ? -m.restitution * vn0 : 0.0f;
        f.correctionVelocity = 0.0f;
        p.landing = false;
        if (p.separation > 0.0f) {
            // Speculative: the gap may close this step but not be crossed. A point reached
            // within the step lands exactly on the surface, and bounces in the same step
            // once positions are integrated (bounceLandings).
            f.bias = -p.separation * ctx.invDt;
            p.landing = bounce && -vn0 * ctx.dt > p.separation;
        } else {
            float push = std::min(ctx.erp * ctx.invDt * std::max(-p.separation - ctx.slop, 0.0f),
                                  ctx.maxCorrectionVelocity);
            if (ctx.baumgarte) f.correctionVelocity = push;
            f.bias = std::max(f.restitutionTarget, ctx.baumgarte ? push : 0.0f);
            if (ctx.splitImpulse) f.correctionVelocity = push;
        }
        f.warmStartImpulse[0] = p.normalImpulse * ctx.warmStartFactor;
        f.warmStartImpulse[1] = glm::dot(friction, f.tangent1) * ctx.warmStartFactor;
        f.warmStartImpulse[2] = glm::dot(friction, f.tangent2) * ctx.warmStartFactor;

        setLane(c.rA, i, p.rA);
        setLane(c.rB, i, p.rB);
        c.bias[i] = f.bias;
        c.tangentBias[0][i] = f.tangentBias[0];
        c.tangentBias[1][i] = f.tangentBias[1];
        c.normalImpulse[i] = f.warmStartImpulse[0];
        c.tangentImpulse[0][i] = f.warmStartImpulse[1];
        c.tangentImpulse[1][i] = f.warmStartImpulse[2];
        c.friction[i] = p.sticking ? m.staticFriction : m.dynamicFriction;
        c.correctionVelocity[i] = f.correctionVelocity;
        c.sliding[i] = !p.sticking;
    }
    computeRows(c, a, b, couplings);
    for (int i = 0; i < m.pointCount; ++i) {
        mf.points[i].normalMass = c.normalMass[i];
        mf.points[i].tangentMass[0] = c.tangentMass[0][i];
        mf.points[i].tangentMass[1] = c.tangentMass[1][i];
    }
}

} // namespace

bool prepareContacts(std::span<ContactManifoldInfo> manifolds,
                     std::span<ContactManifoldFigures> figures, std::span<const SolverBody> bodies,
                     std::span<const StartVelocity> start, const StepContext& ctx,
                     std::vector<ContactConstraint>& constraints, TaskSystem* tasks, RowCouplings couplings) {
    // The solved manifolds' rows in the cache's order (asleep: kept, not solved); each row
    // is then filled from its own manifold alone, on any thread. (Writing each row and its
    // figures whole where they are filled, instead of clearing the arrays first, was measured
    // the same on the sphere pit: the clearing's cost moved to the fill and to packing.)
    size_t count = 0;
    for (const ContactManifoldInfo& m : manifolds) count += m.pointCount > 0 && !m.sleeping ? 1 : 0;
    // Sized for the step (step_arrays.h): resize after clear() alone would take a block of
    // exactly `count`, fresh pages to fault in each step a settling pile adds a contact.
    resetForStep(constraints, count);
    for (uint32_t mi = 0, k = 0; mi < manifolds.size(); ++mi)
        if (manifolds[mi].pointCount > 0 && !manifolds[mi].sleeping) constraints[k++].manifold = mi;
    // Whether some point lands, so the world need not look through every point after
    // integrating for one. Blocks only ever set it, so the answer does not depend on their order.
    std::atomic<bool> landings{false};
    auto fill = [&](uint32_t begin, uint32_t end) {
        // Figures off: each manifold's go to a record on the stack that is never read (the
        // fill computes them anyway; storing them to the array was the cost). prepareManifold
        // writes each of a point's figures before it reads it, so the record is not cleared
        // between manifolds.
        ContactManifoldFigures unused;
        bool lands = false;
        for (uint32_t k = begin; k < end; ++k) {
            ContactConstraint& c = constraints[k];
            ContactManifoldFigures& mf = figures.empty() ? unused : figures[c.manifold];
            ContactManifoldInfo& m = manifolds[c.manifold];
            prepareManifold(m, mf, bodies, start, ctx, c, couplings);
            for (int i = 0; i < m.pointCount; ++i) lands |= m.points[i].landing;
        }
        if (lands) landings.store(true, std::memory_order_relaxed);
    };
    if (tasks)
        tasks->parallelFor(static_cast<uint32_t>(count), kRowsPerBlock, fill);
    else
        fill(0, static_cast<uint32_t>(count));
    return landings.load(std::memory_order_relaxed);
}

void bounceLandings(std::span<const ContactManifoldInfo> manifolds, std::span<const ContactConstraint> constraints,
                    std::span<SolverBody> bodies, BounceScratch& scratch) {
    // Every normal row takes part, so a bounce travels through what the bodies rest on (a ball
    // landing on a ball on the floor pushes it into the floor, which pushes back): the landing
    // points aim for -e vn0, all others only for not approaching; pushing only (lambda >= 0).
    // What the sweeps read of each point is gathered once (the rows are 1,088 bytes a manifold;
    // a pile in which something lands every step read them all four times). A manifold's points
    // share its normal (prepareManifold sets it in every lane), so it is kept once per pair.
    using Row = BounceScratch::Row;
    using Pair = BounceScratch::Pair;
    std::vector<Row>& rows = scratch.rows;
    std::vector<Pair>& pairs = scratch.pairs;
    size_t points = 0;
    for (const ContactConstraint& c : constraints) points += static_cast<size_t>(c.pointCount);
    clearForStep(rows, points);
    clearForStep(pairs, constraints.size());
    for (const ContactConstraint& c : constraints) {
        const ContactManifoldInfo& m = manifolds[c.manifold];
        pairs.push_back({laneVector(c.axis[kNormalRow], 0), c.indexA, c.indexB, static_cast<uint32_t>(rows.size()),
                         static_cast<uint32_t>(c.pointCount), c.invMassA, c.invMassB});
        for (int i = 0; i < c.pointCount; ++i) {
            const ContactPointInfo& p = m.points[i];
            rows.push_back({laneVector(c.rA, i), laneVector(c.rB, i), laneVector(c.responseA[kNormalRow], i),
                            laneVector(c.responseB[kNormalRow], i), c.normalMass[i],
                            p.landing ? -m.restitution * p.approachVelocity : 0.0f, 0.0f});
        }
    }
    for (int sweep = 0; sweep < kInnerSweeps; ++sweep) {
        for (const Pair& pair : pairs) {
            SolverBody& a = bodies[pair.indexA];
            SolverBody& b = bodies[pair.indexB];
            glm::vec3 vA = a.v, wA = a.w, vB = b.v, wB = b.w;
            for (uint32_t k = pair.first; k < pair.first + pair.count; ++k) {
                Row& r = rows[k];
                // The point's normal row alone (one scalar row, its own lever arms), summed in
                // the order contact_rows.h's relativeVelocity and along sum the lanes.
                const glm::vec3 &rA = r.rA, &rB = r.rB, &n = pair.n;
                const glm::vec3 v = vB - vA;
                const glm::vec3 vrel{v.x + (wB.y * rB.z - wB.z * rB.y) - (wA.y * rA.z - wA.z * rA.y),
                                     v.y + (wB.z * rB.x - wB.x * rB.z) - (wA.z * rA.x - wA.x * rA.z),
                                     v.z + (wB.x * rB.y - wB.y * rB.x) - (wA.x * rA.y - wA.y * rA.x)};
                const float vn = n.x * vrel.x + n.y * vrel.y + n.z * vrel.z;
                const float next = std::max(r.lambda + r.normalMass * (r.target - vn), 0.0f);
                const float d = next - r.lambda;
                r.lambda = next;
                const glm::vec3 P = d * n;
                vA -= pair.invMassA * P;
                vB += pair.invMassB * P;
                wA -= d * r.responseA;
                wB += d * r.responseB;
            }
            a.v = vA, a.w = wA, b.v = vB, b.w = wB;
        }
    }
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

void finishContacts(std::span<ContactManifoldInfo> manifolds,
                    std::span<ContactManifoldFigures> figures,
                    std::span<const ContactConstraint> constraints,
                    std::span<const SolverBody> bodies, std::span<const SplitVelocity> split, float dt,
                    TaskSystem* tasks) {
    const bool withFigures = !figures.empty();
    auto finish = [&](const ContactConstraint& c) {
        ContactManifoldInfo& m = manifolds[c.manifold];
        const SolverBody& a = bodies[c.indexA];
        const SolverBody& b = bodies[c.indexB];
        for (int i = 0; i < c.pointCount; ++i) {
            ContactPointInfo& p = m.points[i];
            p.normalImpulse = c.normalImpulse[i];
            // Back from the point's friction directions into the manifold's basis.
            const glm::vec3 friction = c.tangentImpulse[0][i] * laneVector(c.axis[kTangent1Row], i) +
                                       c.tangentImpulse[1][i] * laneVector(c.axis[kTangent2Row], i);
            p.tangentImpulse[0] = glm::dot(friction, m.tangent1);
            p.tangentImpulse[1] = glm::dot(friction, m.tangent2);
            if (withFigures) figures[c.manifold].points[i].splitImpulse = c.splitImpulse[i];
            // Friction at its bound (within 0.1%) slides; compared squared, without a root.
            const float limit = 0.999f * c.friction[i] * p.normalImpulse;
            const float t2 = c.tangentImpulse[0][i] * c.tangentImpulse[0][i] +
                             c.tangentImpulse[1][i] * c.tangentImpulse[1][i];
            if (p.normalImpulse <= 0.0f)
                p.clamp = ClampState::Separating;
            else if (limit > 0.0f && t2 >= limit * limit)
                p.clamp = ClampState::FrictionLimit;
            else
                p.clamp = ClampState::None;
            // How far the surfaces move over each other at a sticking point during this step's
            // integration (the split-impulse pseudo-velocities move the poses too). A sliding
            // point starts afresh when it sticks again.
            const SplitVelocity& sa = split[c.indexA];
            const SplitVelocity& sb = split[c.indexB];
            const glm::vec3 slip = relativeVelocity(a.v + sa.v, a.w + sa.w, b.v + sb.v, b.w + sb.w, p.rA, p.rB);
            p.drift = p.sticking ? p.drift + (slip - glm::dot(slip, m.normal) * m.normal) * dt
                                 : glm::vec3(0.0f);
        }
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
