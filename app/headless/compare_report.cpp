// The --compare run and its report section (compare_report.h).
#include "headless/compare_report.h"

#include <algorithm>
#include <cstdio>

namespace tumble::app {
namespace {

using nlohmann::json;

/// Samples written to the report at most; longer runs write every k-th step.
constexpr size_t kMaxSamples = 1000;

json vec(const glm::vec3& v) { return json::array({v.x, v.y, v.z}); }

json runJson(const std::vector<std::string>& names, const std::vector<glm::vec3>& positions,
             double kinetic, double potential) {
    json byName = json::object();
    for (size_t i = 0; i < positions.size() && i < names.size(); ++i) byName[names[i]] = vec(positions[i]);
    return {{"kineticEnergy", kinetic},
            {"potentialEnergy", potential},
            {"energy", kinetic + potential},
            {"positions", std::move(byName)}};
}

} // namespace

bool isCompareEngine(const std::string& name) { return name == "bullet"; }

CompareRun::CompareRun(const std::string& engine, const World& world)
    : engine_(engine), peer_(world) {
    for (int i = 0; i < peer_.bodyCount(); ++i) {
        std::string name = peer_.bodyName(i);
        if (name.empty()) name = std::string("#").append(std::to_string(i));
        names_.push_back(std::move(name));
    }
}

void CompareRun::step(const World& world) {
    peer_.step();
    const std::vector<glm::vec3> reference = bodyPositions(world);
    const std::vector<glm::vec3> other = peer_.positions();
    Divergence d = comparePositions(reference, other, world.stepCount());
    d.energyDifference = (peer_.kineticEnergy() + peer_.potentialEnergy()) -
                         (world.kineticEnergy() + world.potentialEnergy());
    track_.add(d);
}

json CompareRun::report(const World& world) const {
    const std::vector<Divergence>& all = track_.samples;
    const size_t every = std::max<size_t>(1, (all.size() + kMaxSamples - 1) / kMaxSamples);
    json samples = json::array();
    auto sampleJson = [&](const Divergence& d) {
        return json{{"step", d.step},
                    {"largest", d.largest},
                    {"mean", d.mean},
                    {"worstBody", d.worstBody < names_.size() ? names_[d.worstBody] : ""},
                    {"energyDifference", d.energyDifference}};
    };
    for (size_t i = 0; i < all.size(); ++i)
        if ((i + 1) % every == 0 || i + 1 == all.size()) samples.push_back(sampleJson(all[i]));
    const auto worst = std::max_element(all.begin(), all.end(), [](const Divergence& a, const Divergence& b) {
        return a.largest < b.largest;
    });

    json divergence = {
        {"apartDistance", kApartDistance},
        {"firstApartStep", track_.firstApart >= 0 ? json(track_.firstApart) : json(nullptr)},
        {"sampleEvery", every},
        {"samples", std::move(samples)},
    };
    if (!all.empty()) {
        divergence["final"] = sampleJson(all.back());
        divergence["largest"] = sampleJson(*worst);
    }
    json runs = {
        {"tumble", runJson(names_, bodyPositions(world), world.kineticEnergy(), world.potentialEnergy())},
        {engine_, runJson(names_, peer_.positions(), peer_.kineticEnergy(), peer_.potentialEnergy())},
    };
    return {{"peer", engine_},
            {"peerName", std::string(BulletWorld::name())},
            {"peerVersion", BulletWorld::version()},
            {"steps", peer_.stepCount()},
            {"unmapped", unmapped()},
            {"runs", std::move(runs)},
            {"divergence", std::move(divergence)}};
}

std::string CompareRun::summary() const {
    char text[400];
    const std::vector<Divergence>& all = track_.samples;
    std::string apart = track_.firstApart >= 0 ? "first 1 mm apart at step " + std::to_string(track_.firstApart)
                                               : "never 1 mm apart";
    if (all.empty()) {
        std::snprintf(text, sizeof text, "compare %s %s: no steps; %zu unmapped", engine_.c_str(),
                      BulletWorld::version().c_str(), unmapped().size());
        return text;
    }
    const Divergence& last = all.back();
    std::snprintf(text, sizeof text,
                  "compare %s %s: %s; after %llu steps largest %.4g m ('%s'), mean %.4g m, energy "
                  "%+.4g J; %zu unmapped",
                  engine_.c_str(), BulletWorld::version().c_str(), apart.c_str(),
                  static_cast<unsigned long long>(last.step), static_cast<double>(last.largest),
                  last.worstBody < names_.size() ? names_[last.worstBody].c_str() : "",
                  static_cast<double>(last.mean), last.energyDifference, unmapped().size());
    return text;
}

} // namespace tumble::app
