// Joints and dragging: creation with validation, bookkeeping, and the broad-phase hook that
// keeps jointed bodies from colliding.
#include "tumble/world.h"

#include "core/math.h"

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
    case JointType::Count: break;
    }
    return "?";
}

JointId World::createJoint(const JointDef& def, std::string* error) {
    auto fail = [&](const std::string& message) {
        if (error) *error = message;
        return JointId{};
    };
    if (!isValid(def.bodyB)) return fail("bodyB is missing or was destroyed");
    if (!def.bodyA.isNull() && !isValid(def.bodyA)) return fail("bodyA was destroyed");
    if (def.bodyA == def.bodyB) return fail("a body cannot be joined to itself");
    if (!isFinite(def.anchor) || !isFinite(def.anchorB) || !isFinite(def.axis))
        return fail("non-finite anchor or axis");
    bool needsAxis = def.type == JointType::Hinge || def.type == JointType::Slider ||
                     def.type == JointType::ConeTwist;
    if (needsAxis && !(glm::length(def.axis) > 1e-6f)) return fail("axis must not be zero");
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
    info.localAxisB = glm::conjugate(b.orientation) * axis;
    glm::vec3 helper = std::fabs(axis.x) < 0.57f ? glm::vec3(1, 0, 0) : glm::vec3(0, 1, 0);
    glm::vec3 ref = glm::normalize(glm::cross(axis, helper));
    info.localRefA = glm::conjugate(qA) * ref;
    info.localRefB = glm::conjugate(b.orientation) * ref;
    info.relativeRotation = glm::conjugate(qA) * b.orientation;
    info.length = def.length >= 0.0f ? def.length : glm::length(anchorB - def.anchor);
    info.worldAnchorA = def.anchor;
    info.worldAnchorB = anchorB;

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
    rebuildNoCollidePairs();
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
    rebuildNoCollidePairs();
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
    noCollidePairs_.clear();
    for (const JointSlot& j : joints_) {
        if (!j.alive || j.info.def.collideConnected || j.info.def.bodyA.isNull()) continue;
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
