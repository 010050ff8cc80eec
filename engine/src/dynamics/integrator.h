#pragma once
// Integration of one body over one step, split in the two halves the step needs: velocities
// before the solver, positions after it. Which integrator runs is Settings::integrator.
#include "tumble/body.h"
#include "tumble/settings.h"

namespace tumble {


/// Gyroscopic update of w over dt (Euler's equations without external torque).
/// Explicit: body-frame explicit step, then |L| renormalised so a free body keeps its
/// angular momentum magnitude. Implicit: one Newton step of backward Euler (Catto).
glm::vec3 gyroscopicStep(const Body& b, const glm::vec3& w, float dt, Gyroscopic mode);

/// Position half of the step for one body: x += v dt, orientation by the exponential map.
void integratePose(Body& b, const glm::vec3& linearVelocity, const glm::vec3& angularVelocity,
                   float dt);

} // namespace tumble
