// The headless report's contact events (contact_report.h).
#include "headless/contact_report.h"

namespace tumble::app {

void ContactTally::add(const World& world) {
    for (const ContactEvent& e : world.contactEvents()) {
        ++totals_[static_cast<int>(e.kind)];
        const PairTouch& p = e.pair;
        if (isSensorEvent(e.kind)) {
            const auto [sensor, visitor] = sensorAndVisitor(world, p);
            auto& [entered, left] = sensors_[sensor.index];
            ++(e.kind == ContactEventKind::SensorBegin ? entered : left);
            if (sensorEvents_.size() >= kMaxSensorEvents) {
                ++sensorEventsDropped_;
                continue;
            }
            nlohmann::json j = {{"step", e.step},
                                {"kind", std::string(toString(e.kind))},
                                {"sensor", world.body(sensor).name},
                                {"body", world.body(visitor).name}};
            if (e.kind == ContactEventKind::SensorBegin) {
                j["pointCount"] = p.pointCount;
                j["deepest"] = p.deepest;
            }
            sensorEvents_.push_back(std::move(j));
            continue;
        }
        const Key key{p.bodyA.index, p.bodyB.index};
        auto it = pairs_.find(key);
        if (it == pairs_.end()) {
            if (pairs_.size() >= kMaxPairs) {
                ++pairsDropped_;
                continue;
            }
            PairCounts c{world.body(p.bodyA).name, world.body(p.bodyB).name};
            c.firstBegin = e.kind == ContactEventKind::Begin ? e.step : 0;
            it = pairs_.emplace(key, std::move(c)).first;
        }
        PairCounts& c = it->second;
        ++(e.kind == ContactEventKind::Begin ? c.begin : e.kind == ContactEventKind::End ? c.end : c.persist);
    }
}

nlohmann::json ContactTally::toJson(const World& world) const {
    using nlohmann::json;
    json out = json::object();
    for (int k = 0; k < 5; ++k) out[std::string(toString(static_cast<ContactEventKind>(k)))] = totals_[k];
    // Touching at the end: the pairs of the last step's Begin and Persist events.
    std::map<Key, bool> touching;
    for (const ContactEvent& e : world.contactEvents())
        if (e.kind == ContactEventKind::Begin || e.kind == ContactEventKind::Persist)
            touching[{e.pair.bodyA.index, e.pair.bodyB.index}] = true;
    json pairs = json::array();
    for (const auto& [key, c] : pairs_)
        pairs.push_back({{"bodyA", c.bodyA},
                         {"bodyB", c.bodyB},
                         {"begin", c.begin},
                         {"end", c.end},
                         {"stepsTouching", c.begin + c.persist},
                         {"firstBegin", c.firstBegin},
                         {"touchingAtEnd", touching.count(key) > 0}});
    out["pairs"] = std::move(pairs);
    out["pairsDropped"] = pairsDropped_;
    // Every sensor of the world, also one nothing entered.
    std::map<uint32_t, json> inside;
    for (const PairTouch& t : world.sensorOverlaps()) {
        const auto [sensor, visitor] = sensorAndVisitor(world, t);
        inside[sensor.index].push_back(world.body(visitor).name);
    }
    json sensors = json::array();
    for (BodyId id : world.bodyIds()) {
        if (!world.body(id).sensor) continue;
        const auto counts = sensors_.find(id.index);
        const bool seen = counts != sensors_.end();
        const auto in = inside.find(id.index);
        sensors.push_back({{"name", world.body(id).name},
                           {"entered", seen ? counts->second.first : 0},
                           {"left", seen ? counts->second.second : 0},
                           {"insideAtEnd", in != inside.end() ? in->second : json::array()}});
    }
    out["sensors"] = std::move(sensors);
    out["sensorEvents"] = sensorEvents_;
    out["sensorEventsDropped"] = sensorEventsDropped_;
    return out;
}

} // namespace tumble::app
