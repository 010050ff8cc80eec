// Rolling resistance and torsional friction (contact_solver.h, solveAngularFriction).
#include "solver/contact_rows.h"

#include <algorithm>
#include <cmath>

namespace tumble {
namespace {

// A unit vector across n (any: the rolling bound is a disc, the same in every basis).
glm::vec3 across(const glm::vec3& n) {
    const glm::vec3 axis = std::fabs(n.x) < 0.9f ? glm::vec3(1, 0, 0) : glm::vec3(0, 1, 0);
    return glm::normalize(glm::cross(n, axis));
}

// One angular row: K = a . (IA + IB) a, the torque impulse to stop wrel along a.
struct AngularRow {
    glm::vec3 axis{0.0f}, responseA{0.0f}, responseB{0.0f};
    float mass = 0.0f;
    AngularRow(const glm::vec3& a, const SolverBody& bodyA, const SolverBody& bodyB)
        : axis(a), responseA(bodyA.invI * a), responseB(bodyB.invI * a) {
        const float k = glm::dot(a, responseA) + glm::dot(a, responseB);
        mass = k > 0.0f ? 1.0f / k : 0.0f;
    }
    float step(const SolverBody& bodyA, const SolverBody& bodyB) const {
        return -mass * glm::dot(axis, bodyB.w - bodyA.w);
    }
    void apply(float delta, SolverBody& bodyA, SolverBody& bodyB) const {
        bodyA.w -= delta * responseA;
        bodyB.w += delta * responseB;
    }
};

} // namespace

void solveAngularFriction(std::span<ContactConstraint> constraints, std::span<SolverBody> bodies,
                          int passes) {
    // No default material rolls or twists: where no row has a limit, one look at each row
    // (while clearing its impulses) ends it, instead of one per pass.
    bool any = false;
    for (ContactConstraint& c : constraints) {
        c.angularImpulse = float4{};
        any = any || c.rollingLimit > 0.0f || c.twistLimit > 0.0f;
    }
    if (!any) return;
    for (int pass = 0; pass < passes; ++pass) {
        for (ContactConstraint& c : constraints) {
            if (!(c.rollingLimit > 0.0f) && !(c.twistLimit > 0.0f)) continue;
            SolverBody& a = bodies[c.indexA];
            SolverBody& b = bodies[c.indexB];
            const float load = std::max(sumLanes(c.normalImpulse), 0.0f);
            const glm::vec3 n = laneVector(c.axis[kNormalRow], 0);
            if (c.twistLimit > 0.0f) {
                const AngularRow row(n, a, b);
                const float limit = c.twistLimit * load;
                const float old = c.angularImpulse[2];
                c.angularImpulse[2] = std::clamp(old + row.step(a, b), -limit, limit);
                row.apply(c.angularImpulse[2] - old, a, b);
            }
            if (c.rollingLimit > 0.0f) {
                const glm::vec3 t1 = across(n);
                const AngularRow r1(t1, a, b), r2(glm::cross(n, t1), a, b);
                // Both rows from the same velocities, clamped together on the disc.
                const float old1 = c.angularImpulse[0], old2 = c.angularImpulse[1];
                float l1 = old1 + r1.step(a, b), l2 = old2 + r2.step(a, b);
                const float limit = c.rollingLimit * load, length = std::sqrt(l1 * l1 + l2 * l2);
                if (length > limit) {
                    const float s = length > 0.0f ? limit / length : 0.0f;
                    l1 *= s;
                    l2 *= s;
                }
                c.angularImpulse[0] = l1;
                c.angularImpulse[1] = l2;
                r1.apply(l1 - old1, a, b);
                r2.apply(l2 - old2, a, b);
            }
        }
    }
}

} // namespace tumble
