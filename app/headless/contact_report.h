#pragma once
/// \file contact_report.h
/// The headless report's `contactEvents` section: the contact events of every step of a run
/// (tumble/contact_events.h) tallied per body pair, and the sensor events in full.
#include "tumble/world.h"

#include <nlohmann/json.hpp>

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace tumble::app {

class ContactTally {
public:
    /// Pairs listed at most (the rest are counted in `pairsDropped`), and sensor events kept
    /// at most (the rest in `sensorEventsDropped`); like the watchdog's kMaxWatchdogEvents.
    static constexpr size_t kMaxPairs = 1000;
    static constexpr size_t kMaxSensorEvents = 1000;

    /// Tally the last step's World::contactEvents().
    void add(const World& world);
    /// The section: totals per kind, `pairs` (names, begin / end counts, steps touching),
    /// `sensors` (entered, left, inside at the end) and `sensorEvents`.
    nlohmann::json toJson(const World& world) const;

private:
    struct PairCounts {
        std::string bodyA, bodyB;
        uint64_t begin = 0, end = 0, persist = 0;
        uint64_t firstBegin = 0; ///< step of the first begin (0: touching from the start)
    };
    using Key = std::pair<uint32_t, uint32_t>; ///< body slots, the world's pair order
    std::map<Key, PairCounts> pairs_;
    uint64_t pairsDropped_ = 0;
    uint64_t totals_[5] = {0, 0, 0, 0, 0}; ///< by ContactEventKind
    std::map<uint32_t, std::pair<uint64_t, uint64_t>> sensors_; ///< slot -> entered, left
    nlohmann::json sensorEvents_ = nlohmann::json::array();
    uint64_t sensorEventsDropped_ = 0;
};

} // namespace tumble::app
