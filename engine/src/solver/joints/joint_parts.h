#pragma once
// Rows several joints share (Jolt calls these constraint parts). Each adds rows to `rows`.
#include "solver/joint_rows.h"

namespace tumble::joints {

/// The anchors' world positions and lever arms this step.
struct Anchors {
    glm::vec3 rA, rB, pA, pB;
};
Anchors anchors(const JointInfo& j, const JointFrame& f);

/// A row with the given Jacobian, its bodies and joint filled in.
JointRow makeRow(const JointFrame& f, const glm::vec3& jvA, const glm::vec3& jwA,
                 const glm::vec3& jvB, const glm::vec3& jwB, bool linear);

/// Point-to-point: pB - pA = 0, three rows along the world axes.
///   C = pB - pA,  Cdot = vB + wB x rB - vA - wA x rA,  J_i = [-e_i, -(rA x e_i), e_i, rB x e_i]
void pointRows(const JointFrame& f, const Anchors& an, const StepContext& ctx,
               std::vector<JointRow>& rows);

/// Relative rotation fixed at its value at creation (qRel = conj(qA0) qB0): three angular rows.
///   error qE = qB conj(qA qRel) ~ (1, theta / 2),  C = theta,  J_i = [0, -e_i, 0, e_i]
/// frequencyHz > 0 makes the rows springs of that frequency and damping ratio.
void rotationLockRows(const JointFrame& f, const glm::quat& relative, const StepContext& ctx,
                      std::vector<JointRow>& rows, float frequencyHz = 0.0f,
                      float dampingRatio = 0.0f);

/// A velocity motor about (angular) or along (linear) a direction: Cdot -> speed with
/// |lambda| <= maxForce dt.
void motorRow(JointRow row, float speed, float maxForce, const JointFrame& f,
              const StepContext& ctx, std::vector<JointRow>& rows);

/// Two limit rows on a coordinate x (rad or m) with derivative along the row's Jacobian.
void limitRows(const JointRow& row, float x, float lower, float upper, const JointFrame& f,
               const StepContext& ctx, std::vector<JointRow>& rows);

/// One axis of a six-DOF joint at coordinate x along the row's Jacobian: a locked row, two
/// limit rows, nothing (free); then its spring toward the target, if any. Its motor is the
/// caller's, after every axis (a position pass has no motor rows: they must come last).
void axisRows(const JointRow& row, float x, const JointAxisDef& axis, const JointFrame& f,
              const StepContext& ctx, std::vector<JointRow>& rows);

/// The angle nearest `reference` that equals `wrapped` up to whole turns (rad).
float unwrapAngle(float wrapped, float reference);

/// Two unit vectors perpendicular to n and to each other.
void perpendiculars(const glm::vec3& n, glm::vec3& b1, glm::vec3& b2);

/// Signed angle from u to v about axis n (all unit, u and v perpendicular to n).
float angleAbout(const glm::vec3& u, const glm::vec3& v, const glm::vec3& n);

} // namespace tumble::joints
