// The Contact events panel's log (contact_log.h).
#include "window/contact_log.h"

#include <algorithm>

namespace tumble::app {

void ContactLog::forgetFrom(uint64_t step) {
    while (!events_.empty() && events_.back().step >= step) events_.pop_back();
    for (auto& [sensor, steps] : entries_)
        steps.erase(std::lower_bound(steps.begin(), steps.end(), step), steps.end());
}

void ContactLog::record(const World& world) {
    forgetFrom(world.stepCount());
    for (const ContactEvent& e : world.contactEvents()) {
        if (e.kind == ContactEventKind::Persist) continue;
        if (e.kind == ContactEventKind::SensorBegin) {
            const BodyId sensor = sensorAndVisitor(world, e.pair).first;
            entries_[{sensor.index, sensor.generation}].push_back(e.step);
        }
        events_.push_back(e);
        if (events_.size() > kMaxEvents) events_.pop_front();
    }
}

void ContactLog::clear() {
    events_.clear();
    entries_.clear();
}

uint64_t ContactLog::entered(BodyId sensor, uint64_t step) const {
    const auto it = entries_.find({sensor.index, sensor.generation});
    if (it == entries_.end()) return 0;
    return static_cast<uint64_t>(std::upper_bound(it->second.begin(), it->second.end(), step) - it->second.begin());
}

} // namespace tumble::app
