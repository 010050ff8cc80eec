// The landing bounce (contact_solver.h, bounceLandings): after positions are integrated, every
// touching manifold's normal rows, the landing points aiming at -e vn0.
#include "core/step_arrays.h"
#include "solver/contact_solver.h"

#include <algorithm>
#include <cassert>

namespace tumble {
namespace {

// r x a, the terms in contact_rows.h's crossLanes order.
glm::vec3 crossRow(const glm::vec3& r, const glm::vec3& a) {
    return {r.y * a.z - r.z * a.y, r.z * a.x - r.x * a.z, r.x * a.y - r.y * a.x};
}

// I j, summed as the rows' responses are (column by column, glm's order).
glm::vec3 response(const glm::mat3& I, const glm::vec3& j) {
    return {I[0][0] * j.x + I[1][0] * j.y + I[2][0] * j.z,
            I[0][1] * j.x + I[1][1] * j.y + I[2][1] * j.z,
            I[0][2] * j.x + I[1][2] * j.y + I[2][2] * j.z};
}

float dotRow(const glm::vec3& u, const glm::vec3& v) {
    return u.x * v.x + u.y * v.y + u.z * v.z;
}

} // namespace

void bounceLandings(std::span<const ContactManifoldInfo> manifolds, std::span<const ContactRowHeader> headers,
                    std::span<const ContactConstraint> constraints, std::span<SolverBody> bodies,
                    BounceScratch& scratch) {
    // Every normal row takes part, so a bounce travels through what the bodies rest on (a ball
    // landing on a ball on the floor pushes it into the floor, which pushes back): the landing
    // points aim for -e vn0, all others only for not approaching; pushing only (lambda >= 0).
    // What the sweeps read of each point is gathered once. A manifold's points share its normal,
    // so it is kept once per pair. Without `constraints`, the rows are computed here from the
    // manifolds and the bodies, operation for operation as prepareContacts computes its rows'
    // lanes (computeRows: the normal row's angular Jacobians r x n, responses I^-1 (r x n) and
    // effective mass 1 / ((mA + mB + (r_A x n) . I_A^-1 (r_A x n)) + (r_B x n) . I_B^-1 (r_B x
    // n))).
    using Row = BounceScratch::Row;
    using Pair = BounceScratch::Pair;
    std::vector<Row>& rows = scratch.rows;
    std::vector<Pair>& pairs = scratch.pairs;
    size_t points = 0;
    for (const ContactRowHeader& h : headers) points += static_cast<size_t>(manifolds[h.manifold].pointCount);
    assert(constraints.empty() || constraints.size() == headers.size());
    clearForStep(rows, points);
    clearForStep(pairs, headers.size());
    for (size_t row = 0; row < headers.size(); ++row) {
        const ContactManifoldInfo& m = manifolds[headers[row].manifold];
        const ContactConstraint* c = constraints.empty() ? nullptr : &constraints[row];
        const uint32_t ia = m.bodyA.index, ib = m.bodyB.index;
        const SolverBody &a = bodies[ia], &b = bodies[ib];
        const glm::vec3 n = m.normal;
        pairs.push_back({n, ia, ib, static_cast<uint32_t>(rows.size()),
                         static_cast<uint32_t>(m.pointCount), a.invMass, b.invMass});
        for (int i = 0; i < m.pointCount; ++i) {
            const ContactPointInfo& p = m.points[i];
            const float target = p.landing ? -m.restitution * p.approachVelocity : 0.0f;
            if (c) {
                rows.push_back({p.rA, p.rB, laneVector(c->responseA[kNormalRow], i),
                                laneVector(c->responseB[kNormalRow], i), c->normalMass[i], target,
                                0.0f});
                continue;
            }
            const glm::vec3 jA = crossRow(p.rA, n), jB = crossRow(p.rB, n);
            const glm::vec3 responseA = response(a.invI, jA), responseB = response(b.invI, jB);
            const float k =
                ((a.invMass + b.invMass) + dotRow(jA, responseA)) + dotRow(jB, responseB);
            rows.push_back(
                {p.rA, p.rB, responseA, responseB, k > 0.0f ? 1.0f / k : 0.0f, target, 0.0f});
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
                const glm::vec3 vrel{
                    v.x + (wB.y * rB.z - wB.z * rB.y) - (wA.y * rA.z - wA.z * rA.y),
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

} // namespace tumble
