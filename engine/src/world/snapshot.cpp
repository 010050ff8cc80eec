// Capturing, restoring and hashing a world's state between steps (tumble/snapshot.h). What is
// restored is exactly what the next step reads and the definitions do not hold; everything
// else (solver arrays, islands, the material table) is rebuilt by the step itself.
#include "tumble/snapshot.h"
#include "tumble/world.h"

#include "core/math.h"
#include "world/pipeline.h"

#include <algorithm>

namespace tumble {

WorldState World::captureState() const {
    WorldState st;
    captureState(st);
    return st;
}

void World::captureState(WorldState& st, bool withContacts) const {
    const StepPipeline& p = *pipeline_;
    st.step = stepCount_;
    st.time = simulatedTime_;
    st.lastDt = p.lastDt;
    std::vector<uint32_t> ordinal(slots_.size(), 0);
    st.bodies.resize(static_cast<size_t>(liveBodies_));
    size_t count = 0;
    for (uint32_t i = 0; i < slots_.size(); ++i) {
        const Slot& s = slots_[i];
        if (!s.alive) continue;
        ordinal[i] = static_cast<uint32_t>(count);
        const Body& b = s.body;
        BodyState& bs = st.bodies[count++];
        bs.name = b.name;
        bs.position = b.position;
        bs.orientation = b.orientation;
        bs.linearVelocity = b.linearVelocity;
        bs.angularVelocity = b.angularVelocity;
        bs.previousPosition = b.previousPosition;
        bs.previousOrientation = b.previousOrientation;
        bs.sleeping = b.sleeping;
        bs.sleepTime = b.sleepTime;
        bs.sleepIsland = b.sleepIsland;
        // A sleeping body's proxy keeps the box of its last move, not its current pose.
        bs.hasProxy = p.broadphase && p.broadphase->has(i);
        bs.proxyTight = bs.hasProxy ? p.broadphase->proxy(i).tight : Aabb{};
    }
    // Sleep islands are slot indices of island roots; store them as ordinals too.
    for (BodyState& bs : st.bodies)
        if (bs.sleepIsland < slots_.size()) bs.sleepIsland = ordinal[bs.sleepIsland];
    st.contacts.clear();
    if (withContacts) st.contacts.assign(p.manifolds.begin(), p.manifolds.end());
    for (ContactManifoldInfo& c : st.contacts) {
        c.bodyA = {ordinal[c.bodyA.index], 0};
        c.bodyB = {ordinal[c.bodyB.index], 0};
    }
    st.sensorOverlaps.assign(p.sensorOverlaps.begin(), p.sensorOverlaps.end());
    for (PairTouch& t : st.sensorOverlaps) {
        t.bodyA = {ordinal[t.bodyA.index], 0};
        t.bodyB = {ordinal[t.bodyB.index], 0};
    }
    st.joints.clear();
    for (uint32_t i = 0; i < joints_.size(); ++i) {
        const JointSlot& j = joints_[i];
        if (!j.alive) continue;
        JointState js;
        js.localAnchorA = j.info.localAnchorA;
        js.localAnchorB = j.info.localAnchorB;
        js.localAxisA = j.info.localAxisA;
        js.localAxisB = j.info.localAxisB;
        js.localRefA = j.info.localRefA;
        js.localRefB = j.info.localRefB;
        js.relativeRotation = j.info.relativeRotation;
        js.length = j.info.length;
        js.angle = j.info.angle;
        js.broken = j.info.broken;
        if (i < p.jointImpulses.size()) js.impulses = p.jointImpulses[i];
        st.joints.push_back(std::move(js));
    }
}

bool World::restoreState(const WorldState& st, std::string* error) {
    auto fail = [&](const std::string& message) {
        if (error) *error = message;
        return false;
    };
    std::vector<BodyId> ids = bodyIds();
    std::vector<JointId> jointList = jointIds();
    if (st.bodies.size() != ids.size())
        return fail("the state has " + std::to_string(st.bodies.size()) + " bodies, the world " +
                    std::to_string(ids.size()));
    if (st.joints.size() != jointList.size())
        return fail("the state has " + std::to_string(st.joints.size()) + " joints, the world " +
                    std::to_string(jointList.size()));
    for (const ContactManifoldInfo& m : st.contacts) {
        if (m.bodyA.index >= ids.size() || m.bodyB.index >= ids.size() ||
            !(m.bodyA.index < m.bodyB.index) || m.pointCount < 0 || m.pointCount > 4)
            return fail("a contact names bodies out of range or out of order");
        if (m.childA >= partCount(body(ids[m.bodyA.index]).shape) ||
            m.childB >= partCount(body(ids[m.bodyB.index]).shape))
            return fail("a contact names a part its body does not have");
    }
    for (const PairTouch& t : st.sensorOverlaps)
        if (t.bodyA.index >= ids.size() || t.bodyB.index >= ids.size() || !(t.bodyA.index < t.bodyB.index))
            return fail("a sensor overlap names bodies out of range or out of order");
    for (const BodyState& bs : st.bodies)
        if (bs.sleepIsland >= ids.size() && bs.sleeping)
            return fail("a sleep island names a body out of range");

    StepPipeline& p = *pipeline_;
    forgetInsideViews();
    stepCount_ = st.step;
    simulatedTime_ = st.time;
    p.lastDt = st.lastDt;
    // The step wakes everything when the settings differ from last step's; they do not.
    p.lastSettings = settings_;
    p.hasLastSettings = true;

    bool anyProxy = false;
    for (size_t k = 0; k < ids.size(); ++k) {
        Body& b = slots_[ids[k].index].body;
        const BodyState& bs = st.bodies[k];
        b.position = bs.position;
        b.orientation = bs.orientation;
        if (b.type != BodyType::Static) {
            b.linearVelocity = bs.linearVelocity;
            b.angularVelocity = bs.angularVelocity;
        }
        b.previousPosition = bs.previousPosition;
        b.previousOrientation = bs.previousOrientation;
        b.sleeping = bs.sleeping;
        b.sleepTime = bs.sleepTime;
        b.sleepIsland = bs.sleepIsland < ids.size() ? ids[bs.sleepIsland].index : 0;
        b.worldInvInertia = rotateTensor(b.orientation, b.localInvInertia);
        anyProxy |= bs.hasProxy;
    }

    // The broad phase with the boxes it held: a sleeping body is not moved, so its proxy
    // keeps the box of its last move, and the pairs found next step depend on it.
    p.broadphase.reset();
    if (anyProxy) {
        p.broadphase = makeBroadphase(settings_.broadphase, std::max(0.05f, settings_.contactMargin));
        for (size_t k = 0; k < ids.size(); ++k) {
            const BodyState& bs = st.bodies[k];
            if (!bs.hasProxy) continue;
            const Body& b = slots_[ids[k].index].body;
            p.broadphase->add(ids[k].index, bs.proxyTight,
                              ProxyDef{b.layer, b.mask, b.type == BodyType::Static, b.sleeping});
        }
    }

    p.manifolds.clear();
    p.previous.clear();
    p.touchingNowCurrent = false;
    for (const ContactManifoldInfo& m : st.contacts) {
        ContactManifoldInfo c = m;
        c.bodyA = ids[m.bodyA.index];
        c.bodyB = ids[m.bodyB.index];
        p.manifolds.push_back(c);
    }
    // The solver's figures belong to a step that has not run here; they stay empty until one does.
    p.contactFigures.clear();
    // Events belong to the step that made them; the next step measures its own against these.
    p.contactEvents.clear();
    p.previousSensorOverlaps.clear();
    p.sensorOverlaps.clear();
    for (const PairTouch& t : st.sensorOverlaps) {
        PairTouch& r = p.sensorOverlaps.emplace_back(t);
        r.bodyA = ids[t.bodyA.index];
        r.bodyB = ids[t.bodyB.index];
    }

    p.jointImpulses.assign(joints_.size() + 1, {});
    for (size_t k = 0; k < jointList.size(); ++k) {
        JointInfo& info = joints_[jointList[k].index].info;
        const JointState& js = st.joints[k];
        info.localAnchorA = js.localAnchorA;
        info.localAnchorB = js.localAnchorB;
        info.localAxisA = js.localAxisA;
        info.localAxisB = js.localAxisB;
        info.localRefA = js.localRefA;
        info.localRefB = js.localRefB;
        info.relativeRotation = js.relativeRotation;
        info.length = js.length;
        info.angle = js.angle;
        info.broken = js.broken;
        p.jointImpulses[jointList[k].index] = js.impulses;
    }
    rebuildNoCollidePairs();

    // The restored state has no future: events after it go, and the watchdog measures its
    // next energy change from the restored state, not from where the world was before.
    std::erase_if(events_, [&](const WorldEvent& e) { return e.step > st.step; });
    // A merged run that went on past the restored step ends there (its count is then an
    // upper bound: the steps it skipped in between are not kept).
    for (WorldEvent& e : events_) {
        e.lastStep = std::min(e.lastStep, st.step);
        e.count = std::min(e.count, e.lastStep - e.step + 1);
    }
    reindexEvents();
    nonFinite_ = std::any_of(events_.begin(), events_.end(), [](const WorldEvent& e) { return e.nonFinite; });
    flags_ = StepFlags{};
    hasLastEnergy_ = false;
    return true;
}

namespace {
struct Fnv1a {
    uint64_t h = 1469598103934665603ull;
    void bytes(const void* p, size_t n) {
        const auto* c = static_cast<const unsigned char*>(p);
        for (size_t i = 0; i < n; ++i) {
            h ^= c[i];
            h *= 1099511628211ull;
        }
    }
    template <class T> void value(const T& v) { bytes(&v, sizeof(T)); }
};
} // namespace

uint64_t World::stateHash() const {
    Fnv1a f;
    f.value(stepCount_);
    // Bodies go in by ordinal (their place among the live ones), which is the slot index in
    // a world without deletions: a world and its snapshot, whose slots have no holes, hash
    // alike after a body was deleted.
    std::vector<uint32_t> ordinal(slots_.size(), 0);
    uint32_t count = 0;
    for (uint32_t i = 0; i < slots_.size(); ++i) {
        const Slot& s = slots_[i];
        if (!s.alive) continue;
        const Body& b = s.body;
        ordinal[i] = count;
        f.value(count++);
        f.value(b.position);
        f.value(b.orientation);
        f.value(b.linearVelocity);
        f.value(b.angularVelocity);
        uint8_t sleeping = b.sleeping ? 1 : 0;
        f.value(sleeping);
    }
    // The cached impulses are state too: warm starting reads them next step.
    for (const ContactManifoldInfo& m : pipeline_->manifolds) {
        f.value(ordinal[m.bodyA.index]);
        f.value(ordinal[m.bodyB.index]);
        f.value(m.childA);
        f.value(m.childB);
        for (int k = 0; k < m.pointCount; ++k) {
            f.value(m.points[k].featureId);
            f.value(m.points[k].normalImpulse);
            f.value(m.points[k].tangentImpulse);
        }
    }
    return f.h;
}

} // namespace tumble
