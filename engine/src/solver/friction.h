#pragma once
// The Coulomb bound on a point's accumulated friction impulse, shared by every solver.
//
// Sticking (static friction mu_s), in a basis fixed by the manifold:
//   cone     |(lambda_t1, lambda_t2)| <= mu lambda_n.
//   pyramid  |lambda_t1| <= mu lambda_n and |lambda_t2| <= mu lambda_n: along its diagonals
//            it holds up to sqrt(2) mu lambda_n, the classic artifact of the linearised cone.
// Sliding (dynamic friction mu_d), either model: t1 is the point's own slip direction
// (contact_solver.cpp), |lambda_t1| <= mu lambda_n and lambda_t2 = 0, so a slide feels exactly
// mu lambda_n against it at every point: a box sliding straight decelerates at mu_d g, and a
// box spinning on its face brakes with mu_d sum_i lambda_n,i d_i (d_i: each point's distance
// from the spin axis). A row across the slip would hold a sideways load as well and steer
// the slide; solved one axis at a time, the cone's disc would also tilt the impulse off the
// slip (GS projects radially), short of the Coulomb torque by 1-2 %.
#include <algorithm>
#include <cmath>

namespace tumble {

inline void clampFriction(float& t1, float& t2, float limit, bool cone, bool sliding) {
    if (cone && !sliding) {
        // Compared squared: the root is taken only when the bound is active.
        float lengthSquared = t1 * t1 + t2 * t2;
        if (lengthSquared > limit * limit) {
            float s = limit / std::sqrt(lengthSquared);
            t1 *= s;
            t2 *= s;
        }
        return;
    }
    t1 = std::clamp(t1, -limit, limit);
    t2 = sliding ? 0.0f : std::clamp(t2, -limit, limit);
}

/// The same bound written on the changes d1, d2 of accumulated impulses old1, old2: afterwards
/// (old1 + d1, old2 + d2) is what clampFriction makes of it. For the pyramid the change is
/// clamped directly, which keeps a subtraction off a Gauss-Seidel solver's critical path.
inline void clampFrictionChange(float old1, float old2, float& d1, float& d2, float limit,
                                bool cone, bool sliding) {
    if (cone && !sliding) {
        float t1 = old1 + d1, t2 = old2 + d2;
        clampFriction(t1, t2, limit, true, sliding);
        d1 = t1 - old1;
        d2 = t2 - old2;
        return;
    }
    d1 = std::clamp(d1, -limit - old1, limit - old1);
    d2 = sliding ? -old2 : std::clamp(d2, -limit - old2, limit - old2);
}

} // namespace tumble
