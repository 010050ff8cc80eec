// The passes of the XPBD method; the math and the paper are in methods/xpbd.cpp.
#include "solver/xpbd_parts.h"

#include <algorithm>
#include <cmath>

namespace tumble::xpbd {
namespace {

// Inner sweeps over one manifold's (or one joint's) rows. A manifold's rows couple strongly
// (a push at one corner of a box tilts it onto the others, a tangential push at the contact
// plane tilts it too); solved once each they leave the box rocking and, through friction,
// walking. Swept within the manifold (as the block Gauss-Seidel method sweeps its normal
// rows) they move it as a whole; the pass over the manifolds and joints stays one
// Gauss-Seidel pass. 8 sweeps: a 10-wide pyramid spreads 2.4 cm in 10 s at 4 sub-steps, and
// 2.0 cm at 12 sweeps, 2.9 cm at 16; a 10-box stack stands at all three.
constexpr int kSweeps = 8;

glm::vec3 velocityAt(const SolverBody& b, const glm::vec3& r) {
    return b.v + glm::cross(b.w, r);
}

// A body that takes corrections: dynamic and awake (the world's static record, past the
// slots, and static, kinematic or sleeping bodies have zero inverse mass).
bool movable(const Pass& pass, uint32_t i) {
    return i < pass.states.size() && pass.ctx.bodies[i].invMass > 0.0f;
}

// Rows a velocity pass takes. Built with positionPass false and no joint hertz, a soft row
// (gamma > 0) is a real spring (a spring distance joint or the drag spring), and a rigid row
// with a finite lower bound below zero is a motor (|lambda| <= max force x h); the rigid rows
// and the limits (bounds +-1e30 or [0, 1e30]) are the position pass's.
bool isSpring(const JointRow& r) {
    return r.gamma > 0.0f && std::isfinite(r.gamma) && r.mass > 0.0f;
}
bool isMotor(const JointRow& r) {
    return r.gamma == 0.0f && r.lower < 0.0f && r.lower > -1e29f && r.mass > 0.0f;
}
bool isLimit(const JointRow& r) {
    return r.lower == 0.0f && r.upper >= 1e29f;
}

// Calls f(k, m) for each row k of `a` and the row m of `b` of the same joint and the same
// rank within it. Both lists are in joint order (World::prepareJoints); a position build
// lacks the motor rows, which come last in their joint.
template <class F> void matchRows(std::span<const JointRow> a, std::span<const JointRow> b, F&& f) {
    auto groupEnd = [](std::span<const JointRow> rows, size_t i) {
        size_t end = i;
        while (end < rows.size() && rows[end].joint == rows[i].joint)
            ++end;
        return end;
    };
    size_t i = 0, j = 0;
    while (i < a.size() && j < b.size()) {
        if (a[i].joint < b[j].joint) {
            i = groupEnd(a, i);
        } else if (b[j].joint < a[i].joint) {
            j = groupEnd(b, j);
        } else {
            const size_t ae = groupEnd(a, i), be = groupEnd(b, j);
            for (size_t k = 0; i + k < ae && j + k < be; ++k)
                f(i + k, j + k);
            i = ae;
            j = be;
        }
    }
}

} // namespace

float Pass::inverseMass(uint32_t i, const glm::vec3& r, const glm::vec3& d) const {
    const SolverBody& b = ctx.bodies[i];
    const glm::vec3 rd = glm::cross(r, d);
    return b.invMass + glm::dot(rd, b.invI * rd);
}

void Pass::displaceBody(uint32_t i, const glm::vec3& dx, const glm::vec3& dtheta) {
    if (!movable(*this, i)) return;
    ctx.world.displace(i, dx, dtheta);
    BodyState& s = states[i];
    s.dx += dx;
    s.dtheta += dtheta;
    s.moved = true;
}

void Pass::displaceRow(uint32_t i, float lambda, const glm::vec3& jv, const glm::vec3& jw) {
    if (!movable(*this, i)) return;
    const SolverBody& b = ctx.bodies[i];
    displaceBody(i, b.invMass * lambda * jv, b.invI * (lambda * jw));
}

void Pass::pushAt(uint32_t i, const glm::vec3& r, const glm::vec3& p) {
    SolverBody& b = ctx.bodies[i];
    b.v += b.invMass * p;
    b.w += b.invI * glm::cross(r, p);
}

void gatherPoints(const SolveContext& ctx, float compliance, std::vector<Point>& points) {
    points.clear();
    for (uint32_t ci = 0; ci < ctx.constraints.size(); ++ci) {
        const ContactConstraint& c = ctx.constraints[ci];
        const ContactManifoldInfo& m = ctx.manifolds[c.manifold];
        for (int i = 0; i < c.pointCount; ++i) {
            Point p;
            p.a = c.indexA;
            p.b = c.indexB;
            p.constraint = ci;
            p.lane = i;
            p.n = m.normal;
            p.t1 = m.tangent1;
            p.t2 = m.tangent2;
            p.localA = m.points[i].localAnchorA;
            p.localB = m.points[i].localAnchorB;
            p.muS = m.staticFriction;
            p.muD = m.dynamicFriction;
            p.restitution = m.restitution;
            // The pair's points act side by side, as springs in parallel: each gets the
            // pair's compliance times their count, so the pair as a whole has `compliance`.
            p.compliance = compliance * static_cast<float>(c.pointCount);
            points.push_back(p);
        }
    }
}

void beginSubstep(Pass& pass) {
    for (uint32_t i = 0; i < pass.states.size(); ++i) {
        BodyState& s = pass.states[i];
        s.x0 = pass.ctx.poses[i].x;
        s.q0 = pass.ctx.poses[i].q;
        s.dx = glm::vec3(0.0f);
        s.dtheta = glm::vec3(0.0f);
        s.moved = false;
    }
}

namespace {

// Rows of one manifold at the current poses, each a Jacobian (jvA, jwA, jvB, jwB) as a joint
// row's, and their coupling K_rs = J_r M^-1 J_s^T.
struct Block {
    static constexpr int kMaxRows = 7; // 4 normals, 2 tangents, 1 twist
    int points = 0, rows = 0;
    glm::vec3 rA[4], rB[4];
    glm::vec3 jvA[kMaxRows], jwA[kMaxRows], jvB[kMaxRows], jwB[kMaxRows];
    float K[kMaxRows][kMaxRows] = {};

    Block(const Pass& pass, std::span<const Point> pts) : points(static_cast<int>(pts.size())) {
        const SolverPose& A = pass.ctx.poses[pts[0].a];
        const SolverPose& B = pass.ctx.poses[pts[0].b];
        for (int i = 0; i < points; ++i) {
            rA[i] = A.q * pts[i].localA;
            rB[i] = B.q * pts[i].localB;
        }
    }
    // Along unit u at lever arms ra, rb: Cdot = u . (vB + wB x rb - vA - wA x ra).
    int addLinear(const glm::vec3& u, const glm::vec3& ra, const glm::vec3& rb) {
        jvA[rows] = -u;
        jwA[rows] = -glm::cross(ra, u);
        jvB[rows] = u;
        jwB[rows] = glm::cross(rb, u);
        return rows++;
    }
    // Turning about unit u: Cdot = u . (wB - wA).
    int addAngular(const glm::vec3& u) {
        jvA[rows] = jvB[rows] = glm::vec3(0.0f);
        jwA[rows] = -u;
        jwB[rows] = u;
        return rows++;
    }
    void couple(const SolverBody& a, const SolverBody& b) {
        glm::vec3 iwA[kMaxRows], iwB[kMaxRows];
        for (int r = 0; r < rows; ++r) {
            iwA[r] = a.invI * jwA[r];
            iwB[r] = b.invI * jwB[r];
        }
        for (int r = 0; r < rows; ++r)
            for (int c = 0; c < rows; ++c)
                K[r][c] = a.invMass * glm::dot(jvA[r], jvA[c]) + glm::dot(jwA[r], iwA[c]) +
                          b.invMass * glm::dot(jvB[r], jvB[c]) + glm::dot(jwB[r], iwB[c]);
    }
    // One Gauss-Seidel update of row r: sum_c K_rc lambda_c + alpha lambda_r should reach
    // `target`; lambda_r clamped to [lo, hi].
    void solveRow(int r, float target, float alpha, float lo, float hi, float* lambda) const {
        const float k = K[r][r] + alpha;
        if (k <= 0.0f) return;
        float residual = target - alpha * lambda[r];
        for (int c = 0; c < rows; ++c)
            residual -= K[r][c] * lambda[c];
        lambda[r] = std::clamp(lambda[r] + residual / k, lo, hi);
    }
};

// The position constraints of one manifold. Normal rows, one per point: the overlap d of its
// anchors (lambda_n >= 0, compliance alpha~). Static friction: two tangent rows at the
// points' centroid and a twist row about n (three rows for the manifold's three tangential
// degrees of freedom, where one pair per point would be redundant and sweep into
// self-cancelling impulses that trip the per-point bound). They remove the tangential slip
// the sub-step's drift made, h (v_t, n . (wB - wA)) from the velocities before the pass,
// and hold while |lambda_t| <= mu_s lambda_n and |lambda_twist| <= mu_s lambda_n R (R: the
// points' mean distance from the centroid, lambda_n the manifold's total); otherwise the pair
// slides (section 3.5: static friction only within the cone) and only the normals act.
// The normals are solved alone first, then with the friction rows; the friction rows'
// targets leave out what the first normals slid. A box that a manifold solved earlier in
// the pass tilted (pressed at one side by the box above) is set flat again here by its
// normals turning it about its centre; held by friction in the same solve it would turn
// about its foot instead, and its centre would move a little every sub-step: an offset
// stack of two boxes walked 1.1 m in 10 s, a 10-wide pyramid fell apart (see xpbd.cpp).
} // namespace

ManifoldChange positionBlock(Pass& pass, std::span<Point> pts) {
    Block blk(pass, pts);
    const Point& p0 = pts[0];
    const SolverPose& A = pass.ctx.poses[p0.a];
    const SolverPose& B = pass.ctx.poses[p0.b];
    const SolverBody& a = pass.ctx.bodies[p0.a];
    const SolverBody& b = pass.ctx.bodies[p0.b];
    const float alpha = p0.compliance / (pass.h * pass.h);
    const int n = blk.points;
    float target[Block::kMaxRows] = {}, lambda[Block::kMaxRows] = {};
    glm::vec3 cA(0.0f), cB(0.0f);
    bool touching = false;
    ManifoldChange change;
    change.complianceTilde = alpha;
    float deepest = -1e30f;
    for (int i = 0; i < n; ++i) {
        Point& pt = pts[i];
        // d = -C: how deep the anchors overlap along n now.
        const float d = glm::dot(pt.n, (A.x + blk.rA[i]) - (B.x + blk.rB[i]));
        pass.deepest = std::max(pass.deepest, d);
        deepest = std::max(deepest, d);
        touching = touching || d > 0.0f;
        blk.addLinear(pt.n, blk.rA[i], blk.rB[i]);
        pt.vnPre = glm::dot(pt.n, velocityAt(b, blk.rB[i]) - velocityAt(a, blk.rA[i]));
        // What the drift pressed in this sub-step, and of an older overlap at most
        // maxCorrectionVelocity h: a deep overlap (bodies spawned inside each other, a
        // contact measured at a fixed normal while the pair turns) comes out at that speed
        // instead of in one sub-step, which would leave its whole depth / h as velocity.
        target[i] =
            std::min(d, (std::max(-pt.vnPre, 0.0f) + pass.ctx.step.maxCorrectionVelocity) * pass.h);
        cA += blk.rA[i];
        cB += blk.rB[i];
    }
    cA /= static_cast<float>(n);
    cB /= static_cast<float>(n);
    float radius = 0.0f;
    for (int i = 0; i < n; ++i)
        radius += glm::length(blk.rA[i] - cA) / static_cast<float>(n);
    // The slip the drift made at the centroid, and the turn about n.
    const glm::vec3 slip = pass.h * (velocityAt(b, cB) - velocityAt(a, cA));
    const int t1 = blk.addLinear(p0.t1, cA, cB), t2 = blk.addLinear(p0.t2, cA, cB);
    target[t1] = -glm::dot(slip, p0.t1);
    target[t2] = -glm::dot(slip, p0.t2);
    const int twist = n > 1 ? blk.addAngular(p0.n) : -1;
    if (twist >= 0) target[twist] = -pass.h * glm::dot(p0.n, b.w - a.w);
    blk.couple(a, b);

    // The normals alone first.
    for (int s = 0; s < kSweeps; ++s)
        for (int i = 0; i < n; ++i)
            blk.solveRow(i, target[i], alpha, 0.0f, 1e30f, lambda);
    if (touching && p0.muS > 0.0f) {
        // Then friction with the normals, which keep the points on the surface while it
        // acts; its rows do not take back what the normals' own corrections slid (see above).
        for (int r = t1; r < blk.rows; ++r)
            for (int c = 0; c < n; ++c)
                target[r] += blk.K[r][c] * lambda[c];
        float normalsOnly[Block::kMaxRows];
        std::copy(lambda, lambda + blk.rows, normalsOnly);
        for (int s = 0; s < kSweeps; ++s) {
            for (int i = 0; i < n; ++i)
                blk.solveRow(i, target[i], alpha, 0.0f, 1e30f, lambda);
            for (int r = t1; r < blk.rows; ++r)
                blk.solveRow(r, target[r], 0.0f, -1e30f, 1e30f, lambda);
        }
        float normal = 0.0f;
        for (int i = 0; i < n; ++i)
            normal += lambda[i];
        const float bound = p0.muS * normal;
        const bool holds = std::sqrt(lambda[t1] * lambda[t1] + lambda[t2] * lambda[t2]) <= bound &&
                           (twist < 0 || std::fabs(lambda[twist]) <= bound * radius);
        // Beyond the cone the pair slides: the normals' solution without friction stands.
        if (!holds) std::copy(normalsOnly, normalsOnly + blk.rows, lambda);
    }

    glm::vec3 linear(0.0f), turnA(0.0f), turnB(0.0f);
    float normal = 0.0f;
    for (int r = 0; r < blk.rows; ++r) {
        linear += lambda[r] * blk.jvB[r];
        turnA += lambda[r] * blk.jwA[r];
        turnB += lambda[r] * blk.jwB[r];
        if (r < n) normal += lambda[r];
    }
    // The friction impulse is the manifold's; each point's share follows its normal impulse.
    const glm::vec3 friction = (lambda[t1] * p0.t1 + lambda[t2] * p0.t2) / pass.h;
    for (int i = 0; i < n; ++i) {
        Point& pt = pts[i];
        pt.lambdaN = lambda[i];
        pt.active = pt.lambdaN > 0.0f;
        pt.normalImpulse += pt.lambdaN / pass.h;
        if (normal > 0.0f) pt.frictionImpulse += friction * (pt.lambdaN / normal);
        pass.maxDelta = std::max(pass.maxDelta, pt.lambdaN / pass.h);
    }
    pass.displaceBody(p0.b, b.invMass * linear, b.invI * turnB);
    pass.displaceBody(p0.a, -a.invMass * linear, a.invI * turnA);
    change.C = -deepest;
    change.normal = normal;
    change.friction = std::sqrt(lambda[t1] * lambda[t1] + lambda[t2] * lambda[t2]);
    change.twist = twist >= 0 ? std::fabs(lambda[twist]) : 0.0f;
    return change;
}

// Restitution of the manifold's points that acted (eq. 34): the normal velocity becomes
// max(-e v~n, 0), v~n the one before the position pass; below the threshold e = 0, so what
// the position pass pushed out leaves no velocity behind. (Keeping the speed of a point that
// was already separating, min(v~n, vn), let a pile rock: a 5-box stack swayed 0.3 mm with the
// paper's form and 2.2 mm without.) Over the sub-step a point only pushes: this pass takes
// back at most the impulse lambda_n / h the position pass gave.
float restitutionBlock(Pass& pass, std::span<Point> pts, float restitutionThreshold) {
    Block blk(pass, pts);
    const Point& p0 = pts[0];
    SolverBody& a = pass.ctx.bodies[p0.a];
    SolverBody& b = pass.ctx.bodies[p0.b];
    for (int i = 0; i < blk.points; ++i)
        blk.addLinear(p0.n, blk.rA[i], blk.rB[i]);
    blk.couple(a, b);
    float target[4] = {}, p[Block::kMaxRows] = {};
    for (int i = 0; i < blk.points; ++i) {
        const Point& pt = pts[i];
        const float vn = glm::dot(pt.n, velocityAt(b, blk.rB[i]) - velocityAt(a, blk.rA[i]));
        const float e = std::fabs(pt.vnPre) > restitutionThreshold ? pt.restitution : 0.0f;
        target[i] = std::max(-e * pt.vnPre, 0.0f) - vn;
    }
    for (int s = 0; s < kSweeps; ++s)
        for (int i = 0; i < blk.points; ++i)
            if (pts[i].active) blk.solveRow(i, target[i], 0.0f, -pts[i].lambdaN / pass.h, 1e30f, p);
    float added = 0.0f;
    for (int i = 0; i < blk.points; ++i) {
        if (!pts[i].active) continue;
        pts[i].normalImpulse += p[i];
        pass.pushAt(p0.b, blk.rB[i], p[i] * p0.n);
        pass.pushAt(p0.a, blk.rA[i], -p[i] * p0.n);
        added += p[i];
    }
    return added;
}

float dynamicFriction(Pass& pass, Point& pt) {
    const std::vector<SolverPose>& poses = pass.ctx.poses;
    const glm::vec3 rA = poses[pt.a].q * pt.localA, rB = poses[pt.b].q * pt.localB;
    const std::vector<SolverBody>& bodies = pass.ctx.bodies;
    // Dynamic friction (eq. 30): dv_t opposes v_t, at most mu_d |f_n| h per effective
    // mass, f_n = lambda_n / h^2: the friction impulse is at most mu_d lambda_n / h.
    const glm::vec3 vrel = velocityAt(bodies[pt.b], rB) - velocityAt(bodies[pt.a], rA);
    const glm::vec3 vt = vrel - glm::dot(vrel, pt.n) * pt.n;
    const float slide = glm::length(vt);
    if (!(slide > 0.0f)) return 0.0f;
    const glm::vec3 t = vt / slide;
    const float wt = pass.inverseMass(pt.a, rA, t) + pass.inverseMass(pt.b, rB, t);
    if (wt <= 0.0f) return 0.0f;
    const glm::vec3 p = -std::min(slide / wt, pt.muD * pt.lambdaN / pass.h) * t;
    pt.frictionImpulse += p;
    pass.pushAt(pt.b, rB, p);
    pass.pushAt(pt.a, rA, -p);
    return glm::length(p);
}

namespace {

bool anyActive(std::span<const Point> pts) {
    bool any = false;
    for (const Point& pt : pts)
        any = any || pt.active;
    return any;
}

// Calls f on each manifold's points (consecutive, one constraint index).
template <class F> void forEachManifold(std::span<Point> points, F&& f) {
    for (size_t first = 0; first < points.size();) {
        size_t last = first + 1;
        while (last < points.size() && points[last].constraint == points[first].constraint)
            ++last;
        f(points.subspan(first, last - first));
        first = last;
    }
}

} // namespace

void solveContactPositions(Pass& pass, std::span<Point> points) {
    forEachManifold(points, [&](std::span<Point> pts) {
        if (pass.ctx.trace) tracedPositionBlock(pass, pts);
        else positionBlock(pass, pts);
    });
}

float rowError(const Pass& pass, const JointRow& r, float error) {
    // Its C at the build plus its Jacobian times the corrections since.
    auto moved = [&](uint32_t i, const glm::vec3& jv, const glm::vec3& jw) {
        if (i >= pass.states.size()) return 0.0f;
        return glm::dot(jv, pass.states[i].dx) + glm::dot(jw, pass.states[i].dtheta);
    };
    return error + moved(r.a, r.jvA, r.jwA) + moved(r.b, r.jvB, r.jwB);
}

void projectJoint(Pass& pass, std::span<const JointRow> rows, std::span<const float> error,
                  std::span<float> lambda) {
    for (int s = 0; s < kSweeps; ++s)
        for (size_t k = 0; k < rows.size(); ++k) {
            const JointRow& r = rows[k];
            if (r.mass <= 0.0f) continue; // a spring (velocity pass) or no body that can move
            const float C = rowError(pass, r, error[k]);
            // Rigid: dlambda = -C / w with w = J M^-1 J^T = 1 / mass. The row's bounds
            // are impulses over the sub-step (N s); a position impulse is that times h,
            // so a limit row (bounds [0, inf)) only pushes.
            const float total =
                std::clamp(lambda[k] - C * r.mass, r.lower * pass.h, r.upper * pass.h);
            const float dl = total - lambda[k];
            if (dl == 0.0f) continue;
            lambda[k] = total;
            pass.displaceRow(r.a, dl, r.jvA, r.jwA);
            pass.displaceRow(r.b, dl, r.jvB, r.jwB);
        }
    for (size_t k = 0; k < rows.size(); ++k)
        pass.maxDelta = std::max(pass.maxDelta, std::fabs(lambda[k]) / pass.h);
}

float rowViolation(const Pass& pass, const JointRow& r, float error) {
    if (r.mass <= 0.0f || error >= 1e29f) return 0.0f; // a spring, or an open limit not known
    const float C = rowError(pass, r, error);
    return isLimit(r) ? std::min(C, 0.0f) : C;
}

void solveJointPositions(Pass& pass, std::span<const JointRow> rows,
                         std::span<const JointRow> velocityRows, std::vector<float>& error,
                         std::vector<float>& lambda) {
    lambda.assign(rows.size(), 0.0f);
    // C of each row at the drifted poses. A position build gives it as the bias, except for a
    // limit that is not reached: finishLimitRow leaves its bias 0 there. That one takes C
    // from the velocity build at the sub-step's start (bias = C / h for an open limit) carried
    // through the drift, C + h J v; else an open limit would hold wherever the drift left it.
    // The two builds' rows are matched by joint and rank, and only trusted when the rows
    // point the same way (a cone-twist's swing row comes and goes with the swing); an open
    // limit whose C is not known stays open this sub-step.
    error.resize(rows.size());
    for (size_t k = 0; k < rows.size(); ++k)
        error[k] = isLimit(rows[k]) && rows[k].bias == 0.0f ? 1e30f : rows[k].bias;
    const std::span<const SolverBody> bodies = pass.ctx.bodies;
    matchRows(rows, velocityRows, [&](size_t k, size_t m) {
        const JointRow& r = rows[k];
        const JointRow& v = velocityRows[m];
        if (!isLimit(r) || r.bias != 0.0f || !isLimit(v) || v.bias <= 0.0f) return;
        const float same = glm::dot(r.jvA, v.jvA) + glm::dot(r.jwA, v.jwA) +
                           glm::dot(r.jvB, v.jvB) + glm::dot(r.jwB, v.jwB);
        const float lengths = glm::dot(r.jvA, r.jvA) + glm::dot(r.jwA, r.jwA) +
                              glm::dot(r.jvB, r.jvB) + glm::dot(r.jwB, r.jwB);
        if (!(same > 0.9f * lengths)) return;
        const SolverBody& a = bodies[r.a];
        const SolverBody& b = bodies[r.b];
        const float Cdot = glm::dot(r.jvA, a.v) + glm::dot(r.jwA, a.w) + glm::dot(r.jvB, b.v) +
                           glm::dot(r.jwB, b.w);
        error[k] = pass.h * (v.bias + Cdot);
    });
    // A joint's rows are swept together, as a manifold's: the one solved last (a limit, a
    // lock) would otherwise pull the others' anchors apart until the next sub-step.
    for (size_t first = 0; first < rows.size();) {
        size_t last = first + 1;
        while (last < rows.size() && rows[last].joint == rows[first].joint)
            ++last;
        const size_t count = last - first;
        const std::span<const float> e = std::span<const float>(error).subspan(first, count);
        const std::span<float> l = std::span<float>(lambda).subspan(first, count);
        if (pass.ctx.trace) tracedProjectJoint(pass, rows.subspan(first, count), e, l);
        else projectJoint(pass, rows.subspan(first, count), e, l);
        first = last;
    }
}

void deriveVelocities(Pass& pass) {
    const float invH = 1.0f / pass.h;
    for (uint32_t i = 0; i < pass.states.size(); ++i) {
        const BodyState& s = pass.states[i];
        // A body nothing corrected keeps its integrated velocity exactly, which the pose
        // difference would return only up to round-off in x.
        if (!s.moved) continue;
        SolverBody& b = pass.ctx.bodies[i];
        // x = x0 + h v + dx, so (x - x0) / h = v + dx / h, without the cancellation.
        b.v += s.dx * invH;
        // dq = q q0^-1 on the short way round; the angle of its logarithm inverts the
        // exponential map integratePositions turned with, so a spin is kept exactly.
        glm::quat dq = pass.ctx.poses[i].q * glm::conjugate(s.q0);
        if (dq.w < 0.0f) dq = -dq;
        const glm::vec3 u(dq.x, dq.y, dq.z);
        const float sine = glm::length(u);
        b.w = sine > 1e-9f ? u * (2.0f * std::atan2(sine, dq.w) / sine * invH) : 2.0f * u * invH;
    }
}

void solveContactVelocities(Pass& pass, std::span<Point> points, float restitutionThreshold) {
    forEachManifold(points, [&](std::span<Point> pts) {
        if (!anyActive(pts)) return;
        if (pass.ctx.trace) tracedRestitutionBlock(pass, pts, restitutionThreshold);
        else restitutionBlock(pass, pts, restitutionThreshold);
    });
    // Friction last: a point's tangential velocity is what shows (a walk); the normal one the
    // next position pass takes care of.
    for (Point& pt : points) {
        if (!pt.active || pt.muD <= 0.0f) continue;
        if (pass.ctx.trace) tracedDynamicFriction(pass, pt);
        else dynamicFriction(pass, pt);
    }
}

float solveVelocityRow(Pass& pass, const JointRow& r) {
    SolverBody& a = pass.ctx.bodies[r.a];
    SolverBody& b = pass.ctx.bodies[r.b];
    const float Cdot = glm::dot(r.jvA, a.v) + glm::dot(r.jwA, a.w) + glm::dot(r.jvB, b.v) +
                       glm::dot(r.jwB, b.w);
    // A fresh impulse each sub-step, so gamma lambda = 0: a spring row is then XPBD's
    // compliant update (see xpbd.cpp), a motor row one rigid velocity step.
    const float lambda = std::clamp(-r.mass * (Cdot + r.bias), r.lower, r.upper);
    a.v += a.invMass * lambda * r.jvA;
    a.w += a.invI * (lambda * r.jwA);
    b.v += b.invMass * lambda * r.jvB;
    b.w += b.invI * (lambda * r.jwB);
    return lambda;
}

void solveVelocityRows(Pass& pass, std::span<const JointRow> rows, VelocityRows which,
                       std::vector<float>& totals) {
    for (size_t k = 0; k < rows.size(); ++k) {
        const JointRow& r = rows[k];
        if (which == VelocityRows::Springs ? !isSpring(r) : !isMotor(r)) continue;
        totals[k] += pass.ctx.trace ? tracedVelocityRow(pass, r, static_cast<uint32_t>(k), which)
                                    : solveVelocityRow(pass, r);
    }
}

void addByJointRank(std::span<const JointRow> from, std::span<const float> values,
                    std::span<const JointRow> to, std::vector<float>& into) {
    matchRows(from, to, [&](size_t k, size_t m) { into[m] += values[k]; });
}

} // namespace tumble::xpbd
