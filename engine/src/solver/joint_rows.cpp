#include "solver/joint_rows.h"

#include <algorithm>
#include <cmath>

namespace tumble {
namespace {

float rowK(const JointRow& r, const JointFrame& f) {
    const SolverBody& a = *f.bodyA;
    const SolverBody& b = *f.bodyB;
    return a.invMass * glm::dot(r.jvA, r.jvA) + glm::dot(r.jwA, a.invI * r.jwA) +
           b.invMass * glm::dot(r.jvB, r.jvB) + glm::dot(r.jwB, b.invI * r.jwB);
}

} // namespace

float buildJointRows(const JointInfo& joint, const JointFrame& frame, const StepContext& ctx,
                     std::vector<JointRow>& rows) {
    switch (joint.def.type) {
    case JointType::Distance: return buildDistanceRows(joint, frame, ctx, rows);
    case JointType::BallSocket: return buildBallSocketRows(joint, frame, ctx, rows);
    case JointType::Hinge: return buildHingeRows(joint, frame, ctx, rows);
    case JointType::Slider: return buildSliderRows(joint, frame, ctx, rows);
    case JointType::Fixed: return buildFixedRows(joint, frame, ctx, rows);
    case JointType::ConeTwist: return buildConeTwistRows(joint, frame, ctx, rows);
    case JointType::Angle: return buildAngleRows(joint, frame, ctx, rows);
    case JointType::Universal: return buildUniversalRows(joint, frame, ctx, rows);
    case JointType::SixDof: return buildSixDofRows(joint, frame, ctx, rows);
    case JointType::Gear: return buildGearRows(joint, frame, ctx, rows);
    case JointType::Count: break;
    }
    return 0.0f;
}

void finishRow(JointRow& row, const JointFrame& f, float C, const StepContext& ctx) {
    if (ctx.jointHertz > 0.0f && !ctx.positionPass) {
        finishSpringRow(row, f, C, ctx.jointHertz, ctx.jointDampingRatio, ctx);
        row.softened = 1;
        return;
    }
    float K = rowK(row, f);
    row.mass = K > 0.0f ? 1.0f / K : 0.0f;
    row.rigidMass = row.mass;
    row.gamma = 0.0f;
    // Velocity rows are rigid: no position bias. The drift is removed after the drift step
    // by nonlinear Gauss-Seidel position iterations (World::correctJointPositions), where the
    // same rows, rebuilt at the new poses, carry the position error C itself (Box2D's way).
    // A Baumgarte bias here, warm started, made a 30-link chain ring up and fly apart.
    row.bias = ctx.positionPass
                   ? std::clamp(ctx.erp * C, -ctx.maxCorrectionVelocity * ctx.dt, ctx.maxCorrectionVelocity * ctx.dt)
                   : 0.0f;
}

void finishLimitRow(JointRow& row, const JointFrame& f, float C, const StepContext& ctx) {
    // C >= 0 is allowed. Inactive (C > 0): like a speculative contact, Cdot >= -C/dt.
    finishRow(row, f, std::min(C, 0.0f), ctx);
    if (C > 0.0f) {
        // Inactive: a rigid speculative row, also when rows are soft.
        row.bias = ctx.positionPass ? 0.0f : C * ctx.invDt;
        row.gamma = 0.0f;
        row.mass = row.rigidMass;
        row.softened = 0;
    }
    row.lower = 0.0f;
    row.upper = 1e30f;
}

void finishSpringRow(JointRow& row, const JointFrame& f, float C, float frequencyHz,
                     float dampingRatio, const StepContext& ctx) {
    float K = rowK(row, f);
    if (K <= 0.0f || ctx.positionPass) {
        row.mass = 0.0f; // a spring has no position error to remove
        return;
    }
    float m = 1.0f / K;
    row.rigidMass = m;
    float omega = 2.0f * 3.14159265f * frequencyHz;
    float k = m * omega * omega;
    float c = 2.0f * m * dampingRatio * omega;
    float h = ctx.dt;
    row.gamma = 1.0f / (h * (c + h * k));
    float beta = h * k / (c + h * k);
    row.bias = beta * C * ctx.invDt;
    row.mass = 1.0f / (K + row.gamma);
}

void warmStartJointRows(std::span<JointRow> rows, std::span<SolverBody> bodies, float factor) {
    for (JointRow& r : rows) {
        r.impulse *= factor;
        SolverBody& a = bodies[r.a];
        SolverBody& b = bodies[r.b];
        a.v += a.invMass * r.impulse * r.jvA;
        a.w += a.invI * (r.impulse * r.jwA);
        b.v += b.invMass * r.impulse * r.jvB;
        b.w += b.invI * (r.impulse * r.jwB);
    }
}

void solveJointRows(std::span<JointRow> rows, std::span<SolverBody> bodies, bool useBias) {
    for (JointRow& r : rows) {
        SolverBody& a = bodies[r.a];
        SolverBody& b = bodies[r.b];
        float Cdot = glm::dot(r.jvA, a.v) + glm::dot(r.jwA, a.w) + glm::dot(r.jvB, b.v) +
                     glm::dot(r.jwB, b.w);
        const bool rigid = !useBias && r.softened;
        const float mass = rigid ? r.rigidMass : r.mass;
        const float bias = rigid ? 0.0f : r.bias, gamma = rigid ? 0.0f : r.gamma;
        float lambda = std::clamp(r.impulse - mass * (Cdot + bias + gamma * r.impulse),
                                  r.lower, r.upper);
        float delta = lambda - r.impulse;
        r.impulse = lambda;
        a.v += a.invMass * delta * r.jvA;
        a.w += a.invI * (delta * r.jwA);
        b.v += b.invMass * delta * r.jvB;
        b.w += b.invI * (delta * r.jwB);
    }
}

} // namespace tumble
