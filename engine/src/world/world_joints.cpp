// Joints and dragging: creation with validation, bookkeeping, and the broad-phase hook that
// keeps jointed bodies from colliding.
#include "tumble/world.h"

#include "core/math.h"
#include "solver/solver_body.h"
#include "world/pipeline.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace tumble {

std::string_view toString(JointType t) {
    switch (t) {
    case JointType::Distance: return "distance";
    case JointType::BallSocket: return "ballSocket";
    case JointType::Hinge: return "hinge";
    case JointType::Slider: return "slider";
    case JointType::Fixed: return "fixed";
    case JointType::ConeTwist: return "coneTwist";
    case JointType::Angle: return "angle";
    case JointType::Universal: return "universal";
    case JointType::SixDof: return "sixDof";
    case JointType::Gear: return "gear";
    case JointType::Count: break;
    }
    return "?";
}

std::string World::prepareGear(JointDef& def) const {
    if (!std::isfinite(def.ratio) || def.ratio == 0.0f) return "ratio must be finite and not 0";
    const JointId hinges[2] = {def.hingeA, def.hingeB};
    if (hinges[0] == hinges[1]) return "hingeA and hingeB must be two different hinges";
    BodyId wheels[2];
    for (int k = 0; k < 2; ++k) {
        const char* key = k == 0 ? "hingeA" : "hingeB";
        if (!isValid(hinges[k])) return std::string(key) + " is missing or was destroyed";
        const JointDef& h = joint(hinges[k]).def;
        if (h.type != JointType::Hinge) return std::string(key) + " is a " + std::string(toString(h.type)) + " joint, not a hinge";
        // The gear's row spans the two wheels only: the hinge's other side must not move.
        if (!h.bodyA.isNull() && body(h.bodyA).type != BodyType::Static)
            return std::string(key) + " '" + h.name + "' must join its bodyB to the world or to a static body";
        // Scene files name a gear's hinges; an unnamed one could not be saved.
        if (h.name.empty()) return std::string(key) + " has no name";
        wheels[k] = h.bodyB;
    }
    if (wheels[0] == wheels[1]) return "hingeA and hingeB turn the same body";
    def.bodyA = wheels[0];
    def.bodyB = wheels[1];
    // Anchored at the wheels' centres, so the gear draws as a line between them.
    def.anchor = body(wheels[0]).position;
    def.anchorB = body(wheels[1]).position;
    def.hasAnchorB = true;
    return "";
}

JointId World::createJoint(const JointDef& inDef, std::string* error) {
    auto fail = [&](const std::string& message) {
        if (error) *error = message;
        return JointId{};
    };
    JointDef def = inDef;
    if (def.type == JointType::Gear) {
        const std::string gearError = prepareGear(def);
        if (!gearError.empty()) return fail(gearError);
    }
    if (!isValid(def.bodyB)) return fail("bodyB is missing or was destroyed");
    if (!def.bodyA.isNull() && !isValid(def.bodyA)) return fail("bodyA was destroyed");
    if (def.bodyA == def.bodyB) return fail("a body cannot be joined to itself");
    if (!isFinite(def.anchor) || !isFinite(def.anchorB) || !isFinite(def.axis) || !isFinite(def.axisB))
        return fail("non-finite anchor or axis");
    bool needsAxis = def.type == JointType::Hinge || def.type == JointType::Slider ||
                     def.type == JointType::ConeTwist || def.type == JointType::Universal ||
                     def.type == JointType::SixDof;
    if (needsAxis && !(glm::length(def.axis) > 1e-6f)) return fail("axis must not be zero");
    if (def.type == JointType::Universal) {
        if (!(glm::length(def.axisB) > 1e-6f)) return fail("axisB must not be zero");
        if (std::fabs(glm::dot(glm::normalize(def.axis), glm::normalize(def.axisB))) > 1e-3f)
            return fail("axis and axisB must be perpendicular (the arms of the cross)");
    }
    if (def.type == JointType::SixDof)
        for (const JointAxisDef& a : def.axes)
            if (a.mode == JointAxisMode::Limited && !(a.lower <= a.upper))
                return fail("a limited axis needs lower <= upper");
    if (def.limitEnabled && def.lowerLimit > def.upperLimit)
        return fail("limits: lower must be <= upper");
    if (def.type == JointType::Distance && def.maxLength > 0.0f && def.minLength > def.maxLength)
        return fail("minLength must be <= maxLength");

    JointInfo info;
    info.def = def;
    const glm::vec3 xA = def.bodyA.isNull() ? glm::vec3(0.0f) : body(def.bodyA).position;
    const glm::quat qA = def.bodyA.isNull() ? glm::quat(1, 0, 0, 0) : body(def.bodyA).orientation;
    const Body& b = body(def.bodyB);
    const glm::vec3 anchorB = def.hasAnchorB ? def.anchorB : def.anchor;
    info.localAnchorA = glm::conjugate(qA) * (def.anchor - xA);
    info.localAnchorB = glm::conjugate(b.orientation) * (anchorB - b.position);
    glm::vec3 axis = needsAxis ? glm::normalize(def.axis) : glm::vec3(0, 1, 0);
    info.localAxisA = glm::conjugate(qA) * axis;
    info.localAxisB = glm::conjugate(b.orientation) *
                      (def.type == JointType::Universal ? glm::normalize(def.axisB) : axis);
    glm::vec3 helper = std::fabs(axis.x) < 0.57f ? glm::vec3(1, 0, 0) : glm::vec3(0, 1, 0);
    glm::vec3 ref = glm::normalize(glm::cross(axis, helper));
    info.localRefA = glm::conjugate(qA) * ref;
    info.localRefB = glm::conjugate(b.orientation) * ref;
    info.relativeRotation = glm::conjugate(qA) * b.orientation;
    info.length = def.length >= 0.0f ? def.length : glm::length(anchorB - def.anchor);
    info.worldAnchorA = def.anchor;
    info.worldAnchorB = anchorB;
    // A gear holds the invariant its hinges have now (both 0 in a freshly loaded scene).
    if (def.type == JointType::Gear)
        info.angle = joint(def.hingeA).angle + def.ratio * joint(def.hingeB).angle;

    uint32_t index;
    if (!freeJoints_.empty()) {
        index = freeJoints_.back();
        freeJoints_.pop_back();
    } else {
        index = static_cast<uint32_t>(joints_.size());
        joints_.emplace_back();
    }
    JointSlot& slot = joints_[index];
    slot.info = info;
    slot.alive = true;
    noCollideStale_ = true;
    wake(mutableBody(def.bodyB));
    return JointId{index, slot.generation};
}

bool World::isValid(JointId id) const {
    return id.index < joints_.size() && joints_[id.index].alive &&
           joints_[id.index].generation == id.generation;
}

bool World::destroyJoint(JointId id) {
    if (!isValid(id)) return false;
    JointSlot& slot = joints_[id.index];
    slot.alive = false;
    ++slot.generation;
    freeJoints_.push_back(id.index);
    noCollideStale_ = true;
    return true;
}

const JointInfo& World::joint(JointId id) const {
    if (!isValid(id)) throw std::invalid_argument("tumble: stale or null JointId");
    return joints_[id.index].info;
}

std::vector<JointId> World::jointIds() const {
    std::vector<JointId> ids;
    for (uint32_t i = 0; i < joints_.size(); ++i)
        if (joints_[i].alive) ids.push_back({i, joints_[i].generation});
    return ids;
}

std::vector<JointId> World::jointsOf(BodyId id) const {
    std::vector<JointId> ids;
    for (uint32_t i = 0; i < joints_.size(); ++i) {
        const JointSlot& j = joints_[i];
        if (j.alive && (j.info.def.bodyA == id || j.info.def.bodyB == id))
            ids.push_back({i, j.generation});
    }
    return ids;
}

void World::rebuildNoCollidePairs() {
    noCollideStale_ = false;
    noCollidePairs_.clear();
    for (const JointSlot& j : joints_) {
        if (!j.alive || j.info.broken || j.info.def.collideConnected || j.info.def.bodyA.isNull())
            continue;
        uint32_t a = j.info.def.bodyA.index, b = j.info.def.bodyB.index;
        noCollidePairs_.push_back({std::min(a, b), std::max(a, b)});
    }
    std::sort(noCollidePairs_.begin(), noCollidePairs_.end());
}

bool World::jointsAllowCollision(uint32_t a, uint32_t b) const {
    return !std::binary_search(noCollidePairs_.begin(), noCollidePairs_.end(),
                               std::pair<uint32_t, uint32_t>{a, b});
}

void World::startDrag(BodyId id, const glm::vec3& grabPoint, float frequencyHz,
                      float dampingRatio, float maxForceOverWeight) {
    Body& b = mutableBody(id);
    drag_.body = id;
    drag_.localPoint = glm::conjugate(b.orientation) * (grabPoint - b.position);
    drag_.target = grabPoint;
    drag_.frequencyHz = frequencyHz;
    drag_.dampingRatio = dampingRatio;
    drag_.maxForceOverWeight = maxForceOverWeight;
    wake(b);
}

void World::moveDrag(const glm::vec3& target) {
    drag_.target = target;
    if (isValid(drag_.body)) wake(mutableBody(drag_.body));
}

void World::stopDrag() { drag_ = DragState{}; }

glm::vec3 World::dragPoint() const {
    if (!isValid(drag_.body)) return drag_.target;
    const Body& b = body(drag_.body);
    return b.position + b.orientation * drag_.localPoint;
}

} // namespace tumble

// --- the joints' part of the step ---------------------------------------------------------

namespace tumble {

void World::prepareJoints(const StepContext& ctx) {
    StepPipeline& p = *pipeline_;
    p.jointRows.clear();
    // One static record past the bodies stands for the world.
    const uint32_t worldIndex = static_cast<uint32_t>(slots_.size());
    p.bodies.resize(slots_.size() + 1);
    p.bodies[worldIndex] = SolverBody{};
    p.jointRowStart.assign(joints_.size() + 1, 0);
    p.jointRowCount.assign(joints_.size() + 1, 0);
    p.jointImpulses.resize(joints_.size() + 1);

    auto warmStart = [&](uint32_t joint, size_t first) {
        // Rows come out in the same order every step; a changed count (a limit switching
        // rows on) starts that joint cold.
        std::vector<float>& cached = p.jointImpulses[joint];
        size_t count = p.jointRows.size() - first;
        p.jointRowStart[joint] = static_cast<uint32_t>(first);
        p.jointRowCount[joint] = static_cast<uint32_t>(count);
        if (cached.size() == count)
            for (size_t k = 0; k < count; ++k) p.jointRows[first + k].impulse = cached[k];
    };

    for (uint32_t i = 0; i < joints_.size(); ++i) {
        JointSlot& slot = joints_[i];
        if (!slot.alive || slot.info.broken) continue;
        JointFrame f = jointFrame(i, p.bodies);
        if (f.bodyA->invMass == 0.0f && f.bodyB->invMass == 0.0f) continue;
        f.coordinates = &slot.info.coordinates;
        size_t first = p.jointRows.size();
        slot.info.angle = buildJointRows(slot.info, f, ctx, p.jointRows);
        warmStart(i, first);
    }

    // The drag spring: a soft point constraint from the world target to the grabbed point,
    // with stiffness as frequency and damping ratio so it feels the same at any physics rate.
    if (isValid(drag_.body) && slots_[drag_.body.index].body.invMass > 0.0f) {
        const Body& b = slots_[drag_.body.index].body;
        JointFrame f;
        f.joint = static_cast<uint32_t>(joints_.size());
        f.a = worldIndex;
        f.b = drag_.body.index;
        f.xB = b.position;
        f.qB = b.orientation;
        f.bodyA = &p.bodies[f.a];
        f.bodyB = &p.bodies[f.b];
        glm::vec3 rB = b.orientation * drag_.localPoint;
        glm::vec3 C = b.position + rB - drag_.target;
        float g = glm::length(settings_.gravity);
        float maxImpulse = drag_.maxForceOverWeight * b.mass * (g > 0.0f ? g : 9.81f) * ctx.dt;
        size_t first = p.jointRows.size();
        for (int k = 0; k < 3; ++k) {
            glm::vec3 e(0.0f);
            e[k] = 1.0f;
            JointRow r;
            r.a = f.a;
            r.b = f.b;
            r.jvB = e;
            r.jwB = glm::cross(rB, e);
            r.joint = f.joint;
            r.linear = 1;
            finishSpringRow(r, f, C[k], drag_.frequencyHz, drag_.dampingRatio, ctx);
            r.lower = -maxImpulse;
            r.upper = maxImpulse;
            p.jointRows.push_back(r);
        }
        warmStart(static_cast<uint32_t>(joints_.size()), first);
    } else {
        p.jointImpulses[joints_.size()].clear();
    }
}

JointFrame World::jointFrame(uint32_t joint, const std::vector<SolverBody>& bodies) const {
    const uint32_t worldIndex = static_cast<uint32_t>(slots_.size());
    const JointDef& def = joints_[joint].info.def;
    JointFrame f;
    f.joint = joint;
    f.a = def.bodyA.isNull() ? worldIndex : def.bodyA.index;
    f.b = def.bodyB.index;
    if (!def.bodyA.isNull()) {
        f.xA = slots_[f.a].body.position;
        f.qA = slots_[f.a].body.orientation;
    }
    f.xB = slots_[f.b].body.position;
    f.qB = slots_[f.b].body.orientation;
    f.bodyA = &bodies[f.a];
    f.bodyB = &bodies[f.b];
    if (def.type == JointType::Gear) {
        const JointId hinges[2] = {def.hingeA, def.hingeB};
        for (int k = 0; k < 2; ++k) {
            if (!isValid(hinges[k]) || joints_[hinges[k].index].info.broken) return f; // idles
            const JointInfo& h = joints_[hinges[k].index].info;
            f.hinges[k] = &h;
            if (!h.def.bodyA.isNull()) f.hingeQA[k] = slots_[h.def.bodyA.index].body.orientation;
        }
    }
    return f;
}

void World::measureHingeAngles() {
    // The rows measured the angle at the poses the step started from (or its last sub-step);
    // the state a snapshot keeps and the Inspector shows is the angle the step ends with.
    const glm::quat identity(1, 0, 0, 0);
    for (JointSlot& slot : joints_) {
        JointInfo& info = slot.info;
        if (!slot.alive || info.broken || info.def.type != JointType::Hinge) continue;
        const glm::quat qA = info.def.bodyA.isNull() ? identity : slots_[info.def.bodyA.index].body.orientation;
        info.angle = hingeAngle(info, qA, slots_[info.def.bodyB.index].body.orientation);
    }
}

void World::cacheJointImpulses() {
    StepPipeline& p = *pipeline_;
    for (uint32_t i = 0; i < p.jointRowStart.size(); ++i) {
        const uint32_t first = p.jointRowStart[i], count = p.jointRowCount[i];
        std::vector<float>& cached = p.jointImpulses[i];
        cached.resize(count);
        for (uint32_t k = 0; k < count; ++k) cached[k] = p.jointRows[first + k].impulse;
    }
}

void World::finishJoints(float dt) {
    StepPipeline& p = *pipeline_;
    cacheJointImpulses();
    for (uint32_t i = 0; i <= joints_.size(); ++i) {
        const uint32_t first = p.jointRowStart[i], count = p.jointRowCount[i];
        glm::vec3 force(0.0f);
        float torque = 0.0f;
        for (uint32_t k = 0; k < count; ++k) {
            const JointRow& r = p.jointRows[first + k];
            if (r.linear) force += r.impulse * r.jvB;
            else torque += std::fabs(r.impulse);
        }
        if (i == joints_.size()) break; // the drag spring has no JointInfo
        JointSlot& slot = joints_[i];
        if (!slot.alive || slot.info.broken) continue;
        JointInfo& info = slot.info;
        info.reactionForce = force / dt;
        info.reactionTorque = torque / dt;
        auto pose = [&](BodyId id, const glm::vec3& local) {
            if (id.isNull()) return local;
            const Body& b = slots_[id.index].body;
            return b.position + b.orientation * local;
        };
        info.worldAnchorA = pose(info.def.bodyA, info.localAnchorA);
        info.worldAnchorB = pose(info.def.bodyB, info.localAnchorB);
        if (info.def.breakForce > 0.0f && glm::length(info.reactionForce) > info.def.breakForce) {
            info.broken = true;
            addEvent(info.def.bodyB.index, WorldEventKind::JointBroke,
                     "joint '" + info.def.name + "' broke");
            rebuildNoCollidePairs();
        }
    }
}

} // namespace tumble

namespace tumble {

void World::correctJointPositions(float dt) {
    const SolverSettings& ss = settings_.solver;
    if (ss.positionCorrection == PositionCorrection::None || joints_.empty()) return;
    StepPipeline& p = *pipeline_;
    StepContext ctx;
    ctx.dt = dt;
    ctx.invDt = 1.0f / dt;
    ctx.erp = ss.erp;
    ctx.maxCorrectionVelocity = ss.maxCorrectionVelocity;
    ctx.positionPass = true;

    // Mass records at the current poses, plus the static world record.
    std::vector<SolverBody>& bodies = p.positionBodies;
    bodies.assign(slots_.size() + 1, SolverBody{});
    for (uint32_t i = 0; i < slots_.size(); ++i) {
        const Slot& s = slots_[i];
        if (!s.alive || s.body.sleeping || s.body.invMass == 0.0f) continue;
        bodies[i].invMass = s.body.invMass;
        bodies[i].invI = s.body.worldInvInertia;
    }
    const uint32_t worldIndex = static_cast<uint32_t>(slots_.size());
    auto move = [&](uint32_t index, float lambda, const glm::vec3& jv, const glm::vec3& jw) {
        SolverBody& r = bodies[index];
        if (index == worldIndex || r.invMass == 0.0f) return;
        Body& b = slots_[index].body;
        b.position += r.invMass * lambda * jv;
        b.orientation = integrateOrientation(b.orientation, r.invI * (lambda * jw), 1.0f);
        b.worldInvInertia = rotateTensor(b.orientation, b.localInvInertia);
        r.invI = b.worldInvInertia;
    };

    std::vector<JointRow>& rows = p.positionRows;
    for (int it = 0; it < ss.positionIterations; ++it) {
        for (uint32_t i = 0; i < joints_.size(); ++i) {
            const JointSlot& slot = joints_[i];
            if (!slot.alive || slot.info.broken) continue;
            const JointFrame f = jointFrame(i, bodies);
            if (f.bodyA->invMass == 0.0f && f.bodyB->invMass == 0.0f) continue;
            rows.clear();
            buildJointRows(slot.info, f, ctx, rows);
            // Each row moves the bodies by the impulse that removes its share of the error:
            // lambda = -m erp C, applied to positions and orientations directly.
            for (const JointRow& r : rows) {
                if (r.mass == 0.0f || r.bias == 0.0f) continue;
                float lambda = std::clamp(-r.mass * r.bias, r.lower, r.upper);
                move(r.a, lambda, r.jvA, r.jwA);
                move(r.b, lambda, r.jvB, r.jwB);
            }
        }
    }
}

} // namespace tumble
