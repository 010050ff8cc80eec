// Contact events and sensors (tumble/contact_events.h).
//
// Events are not state: each step's are measured from two lists the state already holds,
// last step's touching pairs (the contact cache a snapshot keeps, with each point's
// separation) and this step's, and likewise last step's and this step's sensor overlaps
// (WorldState::sensorOverlaps). So a restored world reports, step by step, the events the
// captured world reported.
//
// A sensor's pair goes through the broad and narrow phases like any other, but its overlap
// goes to a list of its own instead of the contact cache: the solver, islands and waking
// never see it. A sensor therefore neither wakes a sleeping body nor keeps one awake; a body
// that falls asleep inside a static sensor stays inside (keepSensorOverlapsAsleep), as its
// contacts are kept while it sleeps.
#include "tumble/world.h"

#include "collision/narrowphase.h"
#include "world/pipeline.h"

#include <algorithm>

namespace tumble {

std::string_view toString(ContactEventKind kind) {
    switch (kind) {
    case ContactEventKind::Begin: return "begin";
    case ContactEventKind::Persist: return "persist";
    case ContactEventKind::End: return "end";
    case ContactEventKind::SensorBegin: return "sensorBegin";
    case ContactEventKind::SensorEnd: return "sensorEnd";
    }
    return "?";
}

namespace {

bool slotOrder(const PairTouch& l, const PairTouch& r) {
    return l.bodyA.index != r.bodyA.index ? l.bodyA.index < r.bodyA.index : l.bodyB.index < r.bodyB.index;
}

bool samePair(const PairTouch& l, const PairTouch& r) { return l.bodyA == r.bodyA && l.bodyB == r.bodyB; }

/// The touching points of a manifold (separation <= 0; speculative ones do not count).
PairTouch touchOf(const ContactManifoldInfo& m) {
    PairTouch t{m.bodyA, m.bodyB};
    for (int k = 0; k < m.pointCount; ++k) {
        const ContactPointInfo& q = m.points[k];
        t.normalImpulse += q.normalImpulse;
        if (q.separation > 0.0f) continue;
        ++t.pointCount;
        t.deepest = std::min(t.deepest, q.separation);
    }
    return t;
}

void touchingPairs(const std::vector<ContactManifoldInfo>& manifolds, std::vector<PairTouch>& out) {
    out.clear();
    for (const ContactManifoldInfo& m : manifolds) {
        PairTouch t = touchOf(m);
        if (t.pointCount == 0) continue;
        // A body pair's manifolds (one per pair of parts) follow each other: one touch for all.
        if (!out.empty() && samePair(out.back(), t)) {
            out.back().pointCount += t.pointCount;
            out.back().normalImpulse += t.normalImpulse;
            out.back().deepest = std::min(out.back().deepest, t.deepest);
            continue;
        }
        out.push_back(t);
    }
}

/// Walk two slot-ordered lists of pairs: a pair only in `now` begins, one in both persists,
/// one only in `before` ends (unless one of its bodies is gone: a destroyed body ends
/// nothing). A slot reused by a new body makes another pair, which begins.
template <class IsValid>
void diffPairs(const std::vector<PairTouch>& before, const std::vector<PairTouch>& now,
               uint64_t step, bool sensor, const IsValid& isValid, std::vector<ContactEvent>& out) {
    const ContactEventKind begin = sensor ? ContactEventKind::SensorBegin : ContactEventKind::Begin;
    const ContactEventKind end = sensor ? ContactEventKind::SensorEnd : ContactEventKind::End;
    size_t i = 0, j = 0;
    while (i < before.size() || j < now.size()) {
        const bool takeBefore = j == now.size() || (i < before.size() && !slotOrder(now[j], before[i]));
        if (takeBefore && j < now.size() && samePair(before[i], now[j])) {
            if (!sensor) out.push_back({step, ContactEventKind::Persist, now[j]});
            ++i;
            ++j;
        } else if (takeBefore) {
            const PairTouch& gone = before[i++];
            if (isValid(gone.bodyA) && isValid(gone.bodyB))
                out.push_back({step, end, PairTouch{gone.bodyA, gone.bodyB}});
        } else {
            out.push_back({step, begin, now[j++]});
        }
    }
}

} // namespace

void World::senseOverlap(uint32_t ia, uint32_t ib) {
    const Body& a = slots_[ia].body;
    const Body& b = slots_[ib].body;
    std::vector<ChildManifold>& found = pipeline_->childManifolds;
    found.clear();
    if (!collideShapes(a.shape, Transform{a.position, a.orientation}, b.shape,
                       Transform{b.position, b.orientation}, 0.0f, found))
        return;
    PairTouch t{{ia, slots_[ia].generation}, {ib, slots_[ib].generation}};
    for (const ChildManifold& cm : found)
        for (int k = 0; k < cm.manifold.pointCount; ++k) {
            const ContactPoint& c = cm.manifold.points[k];
            if (c.separation > 0.0f) continue;
            ++t.pointCount;
            t.deepest = std::min(t.deepest, c.separation);
        }
    if (t.pointCount > 0) pipeline_->sensorOverlaps.push_back(t);
}

void World::keepSensorOverlapsAsleep() {
    StepPipeline& p = *pipeline_;
    const size_t measured = p.sensorOverlaps.size();
    for (const PairTouch& t : p.previousSensorOverlaps) {
        if (!pairAsleep(t.bodyA, t.bodyB)) continue;
        // Kept only when the broad phase did not report the pair (then it was measured).
        const BodyPair key{t.bodyA.index, t.bodyB.index};
        if (std::binary_search(p.pairs.begin(), p.pairs.end(), key)) continue;
        p.sensorOverlaps.push_back(t);
    }
    if (p.sensorOverlaps.size() != measured)
        std::inplace_merge(p.sensorOverlaps.begin(), p.sensorOverlaps.begin() + static_cast<std::ptrdiff_t>(measured),
                           p.sensorOverlaps.end(), slotOrder);
}

void World::keepTouchingBefore() {
    StepPipeline& p = *pipeline_;
    if (!p.touchingNowCurrent) touchingPairs(p.manifolds, p.touchingNow);
    p.touchingNowCurrent = true;
}

void World::recordContactEvents() {
    StepPipeline& p = *pipeline_;
    p.contactEvents.clear();
    // Last step's touching pairs: those it recorded, or, after an edit changed the cache, those
    // the narrow phase took from it before measuring (keepTouchingBefore).
    std::swap(p.touchingBefore, p.touchingNow);
    touchingPairs(p.manifolds, p.touchingNow);
    p.touchingNowCurrent = true;
    auto valid = [this](BodyId id) { return isValid(id); };
    diffPairs(p.touchingBefore, p.touchingNow, stepCount_, false, valid, p.contactEvents);
    const auto contacts = static_cast<std::ptrdiff_t>(p.contactEvents.size());
    diffPairs(p.previousSensorOverlaps, p.sensorOverlaps, stepCount_, true, valid, p.contactEvents);
    // One list in the pairs' order. Each diff comes out in that order already (with an End
    // before the Begin of a body that reused the slot), and a pair is a contact pair or a
    // sensor pair, never both: merging the two keeps every event where sorting put it.
    std::inplace_merge(p.contactEvents.begin(), p.contactEvents.begin() + contacts, p.contactEvents.end(),
                       [](const ContactEvent& l, const ContactEvent& r) { return slotOrder(l.pair, r.pair); });
}

std::pair<BodyId, BodyId> sensorAndVisitor(const World& world, const PairTouch& pair) {
    if (world.isValid(pair.bodyB) && world.body(pair.bodyB).sensor) return {pair.bodyB, pair.bodyA};
    return {pair.bodyA, pair.bodyB};
}

const std::vector<ContactEvent>& World::contactEvents() const { return pipeline_->contactEvents; }
const std::vector<PairTouch>& World::sensorOverlaps() const { return pipeline_->sensorOverlaps; }

} // namespace tumble
