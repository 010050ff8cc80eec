#pragma once
/// \file contact_log.h
/// The Contact events panel's memory: the world keeps only the last step's contact events
/// (World::contactEvents), so the app logs each step's begins, ends and sensor events, and
/// counts the bodies each sensor let in. Persist events are not logged (a resting pile would
/// push everything else out): the panel shows the last step's from the world.
#include "tumble/world.h"

#include <cstdint>
#include <deque>
#include <map>
#include <utility>
#include <vector>

namespace tumble::app {

class ContactLog {
public:
    /// Events kept at most; the oldest go first.
    static constexpr size_t kMaxEvents = 2000;

    /// Log the last step's events. A step at or before one already logged is a re-run from a
    /// rewound step (or a new world): what was logged from that step on is forgotten first.
    void record(const World& world);
    void clear();
    /// Logged events, oldest first; those past the world's step belong to a future the
    /// Timeline rewound from, and the panel leaves them out.
    const std::deque<ContactEvent>& events() const { return events_; }
    /// Bodies that entered `sensor` up to and including `step` (SensorBegin events).
    uint64_t entered(BodyId sensor, uint64_t step) const;

    /// The panel's filter (which kinds it lists).
    bool showBegin = true, showEnd = true, showPersist = false, showSensor = true;

private:
    void forgetFrom(uint64_t step);
    std::deque<ContactEvent> events_;
    /// By sensor (slot, generation): the steps of its SensorBegin events, ascending (not
    /// capped like events_, so the count stays right over a long run).
    std::map<std::pair<uint32_t, uint32_t>, std::vector<uint64_t>> entries_;
};

} // namespace tumble::app
