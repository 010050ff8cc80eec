// Scalar rows (scalar_rows.h): gathering them from the contact lanes and joint rows, and the
// plain projected Gauss-Seidel update on one row.
#include "solver/scalar_rows.h"

#include "solver/friction.h"
#include "solver/stages.h"
#include "solver/trace.h"

#include <algorithm>
#include <cmath>

namespace tumble {
namespace {

void finishRowMasses(ScalarRow& r, const std::vector<SolverBody>& bodies) {
    const SolverBody& a = bodies[r.a];
    const SolverBody& b = bodies[r.b];
    r.mA = a.invMass;
    r.mB = b.invMass;
    r.iwA = a.invI * r.jwA;
    r.iwB = b.invI * r.jwB;
    r.K = r.mA * glm::dot(r.jvA, r.jvA) + glm::dot(r.jwA, r.iwA) + r.mB * glm::dot(r.jvB, r.jvB) +
          glm::dot(r.jwB, r.iwB);
}

} // namespace

void gatherRows(const SolveContext& ctx, std::vector<ScalarRow>& rows) {
    rows.clear();
    for (size_t k = 0; k < ctx.jointRows.size(); ++k) {
        const JointRow& j = ctx.jointRows[k];
        ScalarRow r;
        r.a = j.a;
        r.b = j.b;
        r.jvA = j.jvA, r.jwA = j.jwA, r.jvB = j.jvB, r.jwB = j.jwB;
        finishRowMasses(r, ctx.bodies);
        r.gamma = j.gamma;
        r.target = -j.bias;
        r.lower = j.lower;
        r.upper = j.upper;
        r.lambda = j.impulse;
        r.kind = RowKind::Joint;
        r.source = static_cast<uint32_t>(k);
        rows.push_back(r);
    }
    for (size_t ci = 0; ci < ctx.constraints.size(); ++ci) {
        const ContactConstraint& c = ctx.constraints[ci];
        auto row = [&](int lane, int axis) {
            const glm::vec3 direction = laneVector(c.axis[axis], lane);
            ScalarRow r;
            r.a = c.indexA;
            r.b = c.indexB;
            const glm::vec3 rA(c.rA.x[lane], c.rA.y[lane], c.rA.z[lane]);
            const glm::vec3 rB(c.rB.x[lane], c.rB.y[lane], c.rB.z[lane]);
            r.jvA = -direction;
            r.jwA = -glm::cross(rA, direction);
            r.jvB = direction;
            r.jwB = glm::cross(rB, direction);
            finishRowMasses(r, ctx.bodies);
            r.source = static_cast<uint32_t>(ci);
            r.lane = static_cast<uint8_t>(lane);
            return r;
        };
        const size_t first = rows.size();
        // Friction rows of every point first (t1, t2), then the normal rows.
        for (int i = 0; i < c.pointCount; ++i) {
            for (int t = 0; t < 2; ++t) {
                ScalarRow r = row(i, 1 + t);
                r.kind = t == 0 ? RowKind::Friction1 : RowKind::Friction2;
                r.target = c.tangentBias[t][i];
                r.lambda = c.tangentImpulse[t][i];
                r.mu = c.friction[i];
                r.sliding = c.sliding[i];
                r.normal = static_cast<int32_t>(first + 2 * c.pointCount + i);
                r.partner = static_cast<int32_t>(first + 2 * i + (1 - t));
                rows.push_back(r);
            }
        }
        for (int i = 0; i < c.pointCount; ++i) {
            ScalarRow r = row(i, 0);
            r.kind = RowKind::Normal;
            r.target = c.bias[i];
            r.lower = 0.0f;
            r.upper = 1e30f;
            r.lambda = c.normalImpulse[i];
            rows.push_back(r);
        }
    }
}

void scatterRows(SolveContext& ctx, const std::vector<ScalarRow>& rows) {
    for (const ScalarRow& r : rows) {
        switch (r.kind) {
        case RowKind::Joint: ctx.jointRows[r.source].impulse = r.lambda; break;
        case RowKind::Normal: ctx.constraints[r.source].normalImpulse[r.lane] = r.lambda; break;
        case RowKind::Friction1: ctx.constraints[r.source].tangentImpulse[0][r.lane] = r.lambda; break;
        case RowKind::Friction2: ctx.constraints[r.source].tangentImpulse[1][r.lane] = r.lambda; break;
        }
    }
}

float rowVelocity(const ScalarRow& r, const std::vector<SolverBody>& bodies) {
    const SolverBody& a = bodies[r.a];
    const SolverBody& b = bodies[r.b];
    return glm::dot(r.jvA, a.v) + glm::dot(r.jwA, a.w) + glm::dot(r.jvB, b.v) + glm::dot(r.jwB, b.w);
}

void applyRow(const ScalarRow& r, float delta, std::vector<SolverBody>& bodies) {
    SolverBody& a = bodies[r.a];
    SolverBody& b = bodies[r.b];
    a.v += (r.mA * delta) * r.jvA;
    a.w += delta * r.iwA;
    b.v += (r.mB * delta) * r.jvB;
    b.w += delta * r.iwB;
}

void rowBounds(const ScalarRow& r, const std::vector<ScalarRow>& rows, float& lo, float& hi) {
    if (r.normal < 0) {
        lo = r.lower;
        hi = r.upper;
        return;
    }
    const float limit = r.mu * rows[r.normal].lambda;
    // Pyramid while sliding: t1 is the slip direction and t2 carries nothing (friction.h).
    const bool none = r.sliding && r.kind == RowKind::Friction2;
    lo = none ? 0.0f : -limit;
    hi = none ? 0.0f : limit;
}

namespace {

// The unclamped step of a row: dlambda = -(Cdot - target + g lambda) / (K + g).
float freeStep(const ScalarRow& r, const std::vector<SolverBody>& bodies, float omega, float cfm) {
    const float g = r.gamma + cfm;
    const float k = r.K + g;
    if (!(k > 0.0f)) return 0.0f;
    return -omega * (rowVelocity(r, bodies) - r.target + g * r.lambda) / k;
}

} // namespace

float solveRow(std::vector<ScalarRow>& rows, size_t i, std::vector<SolverBody>& bodies, float omega,
               float cfm, bool cone) {
    ScalarRow& r = rows[i];
    if (cone && r.partner >= 0 && !r.sliding) {
        // The disc |(lambda_t1, lambda_t2)| <= mu lambda_n couples a sticking point's pair:
        // both steps from the same velocities, clamped together, applied together, when the
        // second comes up. A sliding point's rows are bounded one by one (t1 along its slip,
        // t2 held at 0), as for the pyramid; the exact methods drop its t2 row altogether.
        if (r.kind == RowKind::Friction1) return 0.0f;
        ScalarRow& r1 = rows[r.partner];
        float t1 = r1.lambda + freeStep(r1, bodies, omega, cfm);
        float t2 = r.lambda + freeStep(r, bodies, omega, cfm);
        clampFriction(t1, t2, r.mu * rows[r.normal].lambda, true, r.sliding);
        const float d1 = t1 - r1.lambda, d2 = t2 - r.lambda;
        r1.lambda = t1;
        r.lambda = t2;
        applyRow(r1, d1, bodies);
        applyRow(r, d2, bodies);
        return std::max(std::fabs(d1), std::fabs(d2));
    }
    float lo, hi;
    rowBounds(r, rows, lo, hi);
    const float lambda = std::clamp(r.lambda + freeStep(r, bodies, omega, cfm), lo, hi);
    const float delta = lambda - r.lambda;
    r.lambda = lambda;
    applyRow(r, delta, bodies);
    return std::fabs(delta);
}

float solveRowsPass(std::vector<ScalarRow>& rows, const std::vector<uint32_t>& order,
                    std::vector<SolverBody>& bodies, float omega, float cfm, bool cone) {
    float maxDelta = 0.0f;
    const size_t n = order.empty() ? rows.size() : order.size();
    for (size_t k = 0; k < n; ++k)
        maxDelta = std::max(maxDelta, solveRow(rows, order.empty() ? k : order[k], bodies, omega, cfm, cone));
    return maxDelta;
}

void beginScalarRows(SolveContext& ctx) {
    ScalarRowData& data = ctx.dataAs<ScalarRowData>();
    gatherRows(ctx, data.rows);
    data.order.clear();
}

void endScalarRows(SolveContext& ctx) { scatterRows(ctx, ctx.dataAs<ScalarRowData>().rows); }

RigidPasses scalarRowPasses(bool relaxed) {
    RigidPasses passes;
    passes.begin = beginScalarRows;
    passes.end = endScalarRows;
    passes.solvesJoints = true;
    passes.scalarRows = true;
    passes.iterate = relaxed ? [](SolveContext& c) {
        ScalarRowData& data = c.dataAs<ScalarRowData>();
        return solveRowsPass(data.rows, data.order, c.bodies, c.solver.overRelaxation, c.solver.cfm, c.step.cone);
    } : [](SolveContext& c) {
        ScalarRowData& data = c.dataAs<ScalarRowData>();
        return solveRowsPass(data.rows, data.order, c.bodies, 1.0f, c.solver.cfm, c.step.cone);
    };
    passes.traced = relaxed ? [](SolveContext& c, int iteration) {
        ScalarRowData& data = c.dataAs<ScalarRowData>();
        return tracedRowsPass(c, data.rows, data.order, c.solver.overRelaxation, iteration);
    } : [](SolveContext& c, int iteration) {
        ScalarRowData& data = c.dataAs<ScalarRowData>();
        return tracedRowsPass(c, data.rows, data.order, 1.0f, iteration);
    };
    return passes;
}

} // namespace tumble
