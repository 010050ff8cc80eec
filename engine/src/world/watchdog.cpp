// The watchdog: after each step, flag what a user should look at (a body too fast, an
// overlap too deep, a jump of total energy) as events, with limits from Settings::watchdog.
// Non-finite bodies are caught in World::finishStep, which reports them here too.
#include "tumble/world.h"

#include "world/pipeline.h"

#include <algorithm>
#include <cstdio>

namespace tumble {

void World::addEvent(uint32_t slot, WorldEventKind kind, std::string what) {
    // A flag raised again on the same body extends its event; a joint breaks only once.
    const bool mergeable = kind != WorldEventKind::JointBroke;
    if (mergeable) {
        auto it = eventIndex_.find({slot, kind});
        if (it != eventIndex_.end()) {
            WorldEvent& e = events_[it->second];
            e.lastStep = stepCount_;
            ++e.count;
            return;
        }
    }
    // Enough to point at problems without letting a long bad run eat memory; a non-finite
    // event (at most one per body, which is then frozen) is what stops a run, so it stays.
    const bool nonFinite = kind == WorldEventKind::NonFinite;
    if (!nonFinite && events_.size() >= kMaxWatchdogEvents) {
        ++droppedEvents_;
        return;
    }
    WorldEvent e;
    e.step = e.lastStep = stepCount_;
    e.body = {slot, slots_[slot].generation};
    e.bodyName = slots_[slot].body.name;
    e.what = std::move(what);
    e.kind = kind;
    e.nonFinite = nonFinite;
    if (mergeable) eventIndex_[{slot, kind}] = events_.size();
    events_.push_back(std::move(e));
}

void World::reindexEvents() {
    eventIndex_.clear();
    for (size_t i = 0; i < events_.size(); ++i)
        if (events_[i].kind != WorldEventKind::JointBroke)
            eventIndex_[{events_[i].body.index, events_[i].kind}] = i;
}

const WorldEvent* World::firstNonFiniteEvent() const {
    for (const WorldEvent& e : events_)
        if (e.nonFinite) return &e;
    return nullptr;
}

bool World::escaped(const Body& b) const {
    return b.isDynamic() && settings_.worldBounds.enabled && !settings_.worldBounds.contains(b.position);
}

// A body frozen outside the bounds is asleep, so nothing integrates it and the solver sees
// it as immovable, and wake() and wakeAll() pass it by. Freezing by putting it to sleep, not
// by making it static or removing it, keeps it a derived state: "outside the bounds" follows
// from its position and the settings, "frozen" from its sleep flag and zero velocities, all
// of which snapshots, the recorder and the state hash already hold, so a rewind or a resumed
// run freezes the same bodies on the same steps. Dragged back inside, it wakes as any body.
void World::freezeEscapedBodies() {
    char text[256];
    const WorldBounds& wb = settings_.worldBounds;
    for (uint32_t i = 0; i < slots_.size(); ++i) {
        Slot& s = slots_[i];
        if (!s.alive || !escaped(s.body)) continue;
        Body& b = s.body;
        // Reported once: when it leaves (it was awake), or when it is found outside without
        // an event yet (the bounds shrank round it, or a snapshot was loaded); not on the
        // steps it stays frozen. Leaving again after being dragged back counts on that event.
        const bool reported = eventIndex_.count({i, WorldEventKind::LeftWorld}) > 0;
        if (!b.sleeping || !reported) {
            flags_.leftWorld = true;
            std::snprintf(text, sizeof text,
                          "left the world bounds at (%.4g, %.4g, %.4g) m (bounds (%.4g, %.4g, %.4g) "
                          "to (%.4g, %.4g, %.4g) m): frozen there",
                          b.position.x, b.position.y, b.position.z, wb.min.x, wb.min.y, wb.min.z,
                          wb.max.x, wb.max.y, wb.max.z);
            addEvent(i, WorldEventKind::LeftWorld, text);
        }
        b.sleeping = true;
        b.sleepIsland = i;
        b.sleepTime = 0.0f;
        b.linearVelocity = glm::vec3(0.0f);
        b.angularVelocity = glm::vec3(0.0f);
    }
}

void World::watch() {
    const WatchdogSettings& wd = settings_.watchdog;
    if (!wd.enabled) {
        hasLastEnergy_ = false;
        return;
    }
    char text[160];
    uint32_t fastest = 0;
    float topSpeed = 0.0f;
    for (uint32_t i = 0; i < slots_.size(); ++i) {
        const Slot& s = slots_[i];
        if (!s.alive || !s.body.isDynamic()) continue;
        float speed = glm::length(s.body.linearVelocity);
        if (speed > topSpeed) {
            topSpeed = speed;
            fastest = i;
        }
    }
    if (topSpeed > wd.maxSpeed) {
        flags_.tooFast = true;
        std::snprintf(text, sizeof text, "speed %.4g m/s over the %.4g m/s limit", topSpeed, wd.maxSpeed);
        addEvent(fastest, WorldEventKind::TooFast, text);
    }
    if (counters_.maxPenetration > wd.maxPenetration) {
        flags_.tooDeep = true;
        // Point at a body of the deepest manifold.
        uint32_t slot = 0;
        float deepest = 0.0f;
        for (const ContactManifoldInfo& m : contacts())
            for (int k = 0; k < m.pointCount; ++k)
                if (-m.points[k].separation > deepest) {
                    deepest = -m.points[k].separation;
                    slot = slots_[m.bodyB.index].body.isDynamic() ? m.bodyB.index : m.bodyA.index;
                }
        std::snprintf(text, sizeof text, "penetration %.4g m over the %.4g m limit",
                      counters_.maxPenetration, wd.maxPenetration);
        addEvent(slot, WorldEventKind::TooDeep, text);
    }
    // Energy: compare with the larger of the last two steps, so a landing that parks a
    // ball's approach speed for one step before it bounces is not a jump; the allowance is
    // maxEnergyGain x (the larger kinetic energy of the two steps before + lifting every body
    // by 10 cm), so splitting up an overlap or a joint's position fix is not one either.
    double kinetic = kineticEnergy();
    double energy = kinetic + potentialEnergy();
    double weight = 0.0;
    for (const Slot& s : slots_)
        if (s.alive && s.body.isDynamic()) weight += s.body.mass * glm::length(settings_.gravity);
    if (hasLastEnergy_) {
        double before = std::max(lastEnergy_, lastEnergy2_);
        double scale = std::max(lastKinetic_, lastKinetic2_) + 0.1 * weight + 1.0;
        if (energy - before > wd.maxEnergyGain * scale) {
            flags_.energyJump = true;
            std::snprintf(text, sizeof text, "total energy jumped by %.4g J in one step",
                          energy - before);
            addEvent(fastest, WorldEventKind::EnergyJump, text);
        }
    }
    lastEnergy2_ = hasLastEnergy_ ? lastEnergy_ : energy;
    lastKinetic2_ = hasLastEnergy_ ? lastKinetic_ : kinetic;
    lastEnergy_ = energy;
    lastKinetic_ = kinetic;
    hasLastEnergy_ = true;
}

} // namespace tumble
