#pragma once
// Nonlinear Gauss-Seidel position iterations (Box2D's position solver): after the drift,
// re-measure each point's separation from its surface anchors at the new poses and move the
// bodies directly, one point at a time.
//
//   C       = clamp(erp (separation + slop), -maxCorrectionVelocity dt, 0)     [m]
//   K       = mA + mB + (IA (rA x n)) . (rA x n) + (IB (rB x n)) . (rB x n)
//   impulse = -C / K                                                          [kg m]
//   xA -= mA impulse n, qA -= IA (rA x impulse n);  xB, qB the other way
#include "tumble/contact.h"

#include <glm/gtc/quaternion.hpp>
#include <glm/mat3x3.hpp>
#include <span>

namespace tumble {

struct StepContext;

struct SolverPose {
    glm::vec3 x{0.0f};
    glm::quat q{1.0f, 0.0f, 0.0f, 0.0f};
    float invMass = 0.0f;
    glm::mat3 localInvI{0.0f};
};

/// One pass; returns the deepest separation measured (m, negative = overlap) before correcting.
/// Adds each point's -C (m) to its ContactPointFigures::positionCorrection in `figures`
/// (parallel to `manifolds`; empty: figures off); the figures are written, never read.
float solvePositionsNGS(std::span<ContactManifoldInfo> manifolds,
                        std::span<ContactManifoldFigures> figures, std::span<SolverPose> poses,
                        const StepContext& ctx);

} // namespace tumble
