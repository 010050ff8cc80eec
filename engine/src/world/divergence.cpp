// How far two runs have drifted apart (tumble/divergence.h).
#include "tumble/divergence.h"

#include "tumble/world.h"

#include <glm/geometric.hpp>

#include <algorithm>

namespace tumble {

Divergence comparePositions(std::span<const glm::vec3> reference, std::span<const glm::vec3> other,
                            uint64_t step) {
    Divergence d;
    d.step = step;
    const size_t n = std::min(reference.size(), other.size());
    double sum = 0.0;
    for (size_t i = 0; i < n; ++i) {
        const float distance = glm::length(other[i] - reference[i]);
        sum += distance;
        if (distance > d.largest) {
            d.largest = distance;
            d.worstBody = static_cast<uint32_t>(i);
        }
    }
    d.mean = n > 0 ? static_cast<float>(sum / double(n)) : 0.0f;
    return d;
}

std::vector<glm::vec3> bodyPositions(const World& world) {
    std::vector<glm::vec3> out;
    out.reserve(static_cast<size_t>(world.bodyCount()));
    for (BodyId id : world.bodyIds()) out.push_back(world.body(id).position);
    return out;
}

void DivergenceTrack::add(const Divergence& d) {
    if (!samples.empty() && d.step <= samples.back().step) truncateAfter(d.step - 1);
    samples.push_back(d);
    if (firstApart < 0 && d.largest > kApartDistance) firstApart = static_cast<int64_t>(d.step);
}

void DivergenceTrack::truncateAfter(uint64_t step) {
    while (!samples.empty() && samples.back().step > step) samples.pop_back();
    if (firstApart > static_cast<int64_t>(step)) {
        firstApart = -1;
        for (const Divergence& s : samples)
            if (s.largest > kApartDistance) {
                firstApart = static_cast<int64_t>(s.step);
                break;
            }
    }
}

} // namespace tumble
