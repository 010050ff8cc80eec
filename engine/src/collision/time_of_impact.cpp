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

} // namespace

Transform sweepPose(const Sweep& sweep, float t) {
    return Transform{sweep.x0 + t * (sweep.x1 - sweep.x0), glm::normalize(glm::slerp(sweep.q0, sweep.q1, t))};
}

float sweepAngle(const Sweep& sweep) {
    const float c = std::min(std::fabs(glm::dot(sweep.q0, sweep.q1)), 1.0f);
    return 2.0f * std::acos(c);
}

ToiResult timeOfImpact(const Shape& a, const Sweep& sa, const Shape& b, const Sweep& sb, float target,
                       float tolerance) {
    const glm::vec3 dxA = sa.x1 - sa.x0, dxB = sb.x1 - sb.x0;
    const float turnA = sweepAngle(sa) * shapeReach(a);
    const float turnB = sweepAngle(sb) * shapeReach(b);
    ToiResult r;
    float t = 0.0f;
    for (int iteration = 0; iteration < kMaxIterations; ++iteration) {
        const DistanceResult d = shapeDistance(a, sweepPose(sa, t), b, sweepPose(sb, t));
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
