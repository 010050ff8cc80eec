#include "dynamics/integrator.h"

#include "core/math.h"

namespace tumble {

glm::vec3 gyroscopicStep(const Body& b, const glm::vec3& w, float dt, Gyroscopic mode) {
    if (mode == Gyroscopic::None || b.invMass == 0.0f) return w;
    // No gyroscopic torque where w x (I w) = 0 for every w: the step would return w but for
    // its rounding (a sphere's or a cube's).
    if (isotropic(b.localInertia)) return w;
    // Work in the body frame where the inertia tensor is constant.
    glm::quat q = b.orientation;
    glm::vec3 wb = glm::conjugate(q) * w;
    const glm::mat3& I = b.localInertia;
    const glm::mat3& invI = b.localInvInertia;
    glm::vec3 L = I * wb;
    if (mode == Gyroscopic::Explicit) {
        // dL/dt (body frame) = -w x L, a pure rotation of L: an explicit step lengthens L by
        // O(dt^2) each step, so restore |L| afterwards. The explicit midpoint rule makes the
        // step second order, which keeps the tumbling phase (when the book flips) right.
        glm::vec3 Lmid = L - 0.5f * dt * glm::cross(wb, L);
        glm::vec3 wmid = invI * Lmid;
        glm::vec3 L2 = L - dt * glm::cross(wmid, Lmid);
        float len = glm::length(L), len2 = glm::length(L2);
        if (len2 > 0.0f) L2 *= len / len2;
        // Expressed with the orientation at the start of the step: the drift rotates the body
        // about this very vector, which leaves it unchanged, so after the drift the body-frame
        // velocity is exactly invI * L2.
        return q * (invI * L2);
    }
    // Implicit: solve f(w2) = I (w2 - w1) + dt w2 x (I w2) = 0 with one Newton step from w1.
    // Jacobian J = I + dt (skew(w1) I - skew(I w1)).
    glm::vec3 f = dt * glm::cross(wb, L);
    glm::mat3 J = I + dt * (skew(wb) * I - skew(L));
    glm::vec3 wb2 = wb - glm::inverse(J) * f;
    return q * wb2;
}

void integratePose(Body& b, const glm::vec3& linearVelocity, const glm::vec3& angularVelocity,
                   float dt) {
    b.position += dt * linearVelocity;
    b.orientation = integrateOrientation(b.orientation, angularVelocity, dt);
    b.worldInvInertia = rotateTensor(b.orientation, b.localInvInertia);
}

} // namespace tumble
