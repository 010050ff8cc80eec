// Conservative advancement (time_of_impact.h has the bound it steps by).
#include "collision/time_of_impact.h"

#include "collision/gjk.h"

#include <algorithm>
#include <cmath>

namespace tumble {
namespace {

// Enough for a sweep that turns several radians past a long shape; when it runs out the query
// answers with the last time reached, at which the shapes are still apart.
constexpr int kMaxIterations = 64;

// The rotation vector (rad) of a unit quaternion, the shorter way round.
glm::vec3 rotationVector(glm::quat q) {
    if (q.w < 0.0f) q = -q;
    const glm::vec3 v(q.x, q.y, q.z);
    const float s = glm::length(v);
    if (s < 1e-7f) return 2.0f * v;
    return (2.0f * std::atan2(s, q.w) / s) * v;
}

// A turn by |r| radians about r, as a unit quaternion.
glm::quat turn(const glm::vec3& r) {
    const float angle = glm::length(r);
    if (angle < 1e-7f) return glm::normalize(glm::quat(1.0f, 0.5f * r.x, 0.5f * r.y, 0.5f * r.z));
    return glm::angleAxis(angle, r / angle);
}

} // namespace

Sweep makeSweep(const glm::vec3& x0, const glm::vec3& x1, const glm::quat& q0, const glm::quat& q1) {
    return Sweep{x0, x1, q0, q1, rotationVector(q1 * glm::conjugate(q0))};
}

Sweep makeBodySweep(const glm::vec3& x0, const glm::vec3& x1, const glm::quat& q0, const glm::quat& q1,
                    const glm::vec3& w, float dt) {
    const glm::vec3 integrated = w * dt;
    const glm::quat predicted = turn(integrated) * q0;
    return Sweep{x0, x1, q0, q1, integrated + rotationVector(q1 * glm::conjugate(predicted))};
}

Transform sweepPose(const Sweep& sweep, float t) {
    if (t >= 1.0f) return Transform{sweep.x1, sweep.q1};
    return Transform{sweep.x0 + t * (sweep.x1 - sweep.x0), glm::normalize(turn(t * sweep.rotation) * sweep.q0)};
}

float sweepAngle(const Sweep& sweep) { return glm::length(sweep.rotation); }

ToiResult timeOfImpact(const Shape& a, const Sweep& sa, const Shape& b, const Sweep& sb, float target,
                       float tolerance, float insetA) {
    const glm::vec3 dxA = sa.x1 - sa.x0, dxB = sb.x1 - sb.x0;
    const float turnA = sweepAngle(sa) * shapeReach(a);
    const float turnB = sweepAngle(sb) * shapeReach(b);
    ToiResult r;
    float t = 0.0f;
    for (int iteration = 0; iteration < kMaxIterations; ++iteration) {
        const DistanceResult d = shapeDistance(a, sweepPose(sa, t), b, sweepPose(sb, t), insetA);
        r.iterations = iteration + 1;
        r.normal = d.normal;
        r.distance = d.distance;
        r.t = t;
        if (d.distance <= target + tolerance) {
            r.state = t == 0.0f ? ToiState::Touching : ToiState::Hit;
            return r;
        }
        const float closing = glm::dot(dxA - dxB, d.normal) + turnA + turnB;
        if (closing <= 0.0f) break; // moving apart along n: the gap only grows
        t += (d.distance - target) / closing;
        if (t >= 1.0f) break;
        if (iteration + 1 == kMaxIterations) {
            // Out of iterations: t is still a time at which the shapes are apart.
            r.state = ToiState::Hit;
            r.t = t;
            return r;
        }
    }
    r.state = ToiState::Separated;
    r.t = 1.0f;
    return r;
}

} // namespace tumble
