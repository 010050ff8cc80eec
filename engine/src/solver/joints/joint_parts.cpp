#include "solver/joints/joint_parts.h"

#include <cmath>

namespace tumble::joints {

Anchors anchors(const JointInfo& j, const JointFrame& f) {
    Anchors an;
    an.rA = f.qA * j.localAnchorA;
    an.rB = f.qB * j.localAnchorB;
    an.pA = f.xA + an.rA;
    an.pB = f.xB + an.rB;
    return an;
}

JointRow makeRow(const JointFrame& f, const glm::vec3& jvA, const glm::vec3& jwA,
                 const glm::vec3& jvB, const glm::vec3& jwB, bool linear) {
    JointRow r;
    r.a = f.a;
    r.b = f.b;
    r.jvA = jvA;
    r.jwA = jwA;
    r.jvB = jvB;
    r.jwB = jwB;
    r.joint = f.joint;
    r.linear = linear ? 1 : 0;
    return r;
}

void pointRows(const JointFrame& f, const Anchors& an, const StepContext& ctx,
               std::vector<JointRow>& rows) {
    const glm::vec3 C = an.pB - an.pA;
    for (int i = 0; i < 3; ++i) {
        glm::vec3 e(0.0f);
        e[i] = 1.0f;
        JointRow r = makeRow(f, -e, -glm::cross(an.rA, e), e, glm::cross(an.rB, e), true);
        finishRow(r, f, C[i], ctx);
        rows.push_back(r);
    }
}

void rotationLockRows(const JointFrame& f, const glm::quat& relative, const StepContext& ctx,
                      std::vector<JointRow>& rows, float frequencyHz, float dampingRatio) {
    glm::quat qE = f.qB * glm::conjugate(f.qA * relative);
    if (qE.w < 0.0f) qE = -qE; // the short way round
    const glm::vec3 theta = 2.0f * glm::vec3(qE.x, qE.y, qE.z);
    for (int i = 0; i < 3; ++i) {
        glm::vec3 e(0.0f);
        e[i] = 1.0f;
        JointRow r = makeRow(f, glm::vec3(0.0f), -e, glm::vec3(0.0f), e, false);
        if (frequencyHz > 0.0f) finishSpringRow(r, f, theta[i], frequencyHz, dampingRatio, ctx);
        else finishRow(r, f, theta[i], ctx);
        rows.push_back(r);
    }
}

void motorRow(JointRow row, float speed, float maxForce, const JointFrame& f,
              const StepContext& ctx, std::vector<JointRow>& rows) {
    if (ctx.positionPass) return; // a motor drives velocity, it has no position error
    finishRow(row, f, 0.0f, ctx);
    row.bias = -speed;
    row.gamma = 0.0f; // a motor is rigid, also among soft rows
    row.mass = row.rigidMass;
    row.softened = 0;
    row.lower = -maxForce * ctx.dt;
    row.upper = maxForce * ctx.dt;
    rows.push_back(row);
}

void limitRows(const JointRow& row, float x, float lower, float upper, const JointFrame& f,
               const StepContext& ctx, std::vector<JointRow>& rows) {
    // Lower: C = x - lower >= 0 along J. Upper: C = upper - x >= 0 along -J.
    JointRow low = row;
    finishLimitRow(low, f, x - lower, ctx);
    rows.push_back(low);
    JointRow high = makeRow(f, -row.jvA, -row.jwA, -row.jvB, -row.jwB, row.linear != 0);
    finishLimitRow(high, f, upper - x, ctx);
    rows.push_back(high);
}

void axisRows(const JointRow& row, float x, const JointAxisDef& axis, const JointFrame& f,
              const StepContext& ctx, std::vector<JointRow>& rows) {
    switch (axis.mode) {
    case JointAxisMode::Locked: {
        JointRow locked = row;
        finishRow(locked, f, x, ctx);
        rows.push_back(locked);
        return; // a locked axis has no spring (the reader refuses one)
    }
    case JointAxisMode::Limited: limitRows(row, x, axis.lower, axis.upper, f, ctx, rows); break;
    case JointAxisMode::Free: break;
    }
    if (axis.frequencyHz > 0.0f) {
        JointRow spring = row;
        finishSpringRow(spring, f, x - axis.springTarget, axis.frequencyHz, axis.dampingRatio, ctx);
        rows.push_back(spring);
    }
}

float unwrapAngle(float wrapped, float reference) {
    constexpr float kTurn = 6.28318531f;
    // Whole turns as an integer count, so the result depends on the reference only through
    // it: two references in the same turn give bit-identical angles.
    const float turns = std::round((reference - wrapped) / kTurn);
    return turns == 0.0f ? wrapped : wrapped + turns * kTurn;
}

void perpendiculars(const glm::vec3& n, glm::vec3& b1, glm::vec3& b2) {
    glm::vec3 helper = std::fabs(n.x) < 0.57f ? glm::vec3(1, 0, 0) : glm::vec3(0, 1, 0);
    b1 = glm::normalize(glm::cross(n, helper));
    b2 = glm::cross(n, b1);
}

float angleAbout(const glm::vec3& u, const glm::vec3& v, const glm::vec3& n) {
    return std::atan2(glm::dot(glm::cross(u, v), n), glm::dot(u, v));
}

} // namespace tumble::joints
