#pragma once
/// \file divergence.h
/// How far two runs of the same scene have drifted apart: a fork with another knob setting,
/// or the same scene in another engine. Bodies are matched by ordinal (their order among the
/// live bodies, which is the scene file's order), so both runs must hold the same bodies.
#include <glm/vec3.hpp>

#include <cstdint>
#include <span>
#include <vector>

namespace tumble {

class World;

/// The distance that counts as "apart" for DivergenceTrack::firstApart: 1 mm.
inline constexpr float kApartDistance = 0.001f;

/// One step of two runs, compared.
struct Divergence {
    uint64_t step = 0;             ///< the step both runs are after
    float largest = 0.0f;          ///< m, the largest distance between a body's two positions
    float mean = 0.0f;             ///< m, the mean distance over the bodies compared
    uint32_t worstBody = 0;        ///< ordinal of the body that is `largest` apart
    double energyDifference = 0.0; ///< J, the other run's total energy minus the reference's
};

/// Compare body positions (centres of mass, m) of a reference run and another, by ordinal;
/// only the first min(size) bodies are compared. `energyDifference` is left for the caller.
Divergence comparePositions(std::span<const glm::vec3> reference, std::span<const glm::vec3> other,
                            uint64_t step);

/// Centres of mass of a world's live bodies, by ordinal (slot order).
std::vector<glm::vec3> bodyPositions(const World& world);

/// Divergence step after step, and the first step where any body is kApartDistance apart.
struct DivergenceTrack {
    std::vector<Divergence> samples; ///< in step order, one per step compared
    int64_t firstApart = -1;         ///< the first step a body was kApartDistance apart (-1: none yet)

    /// Add a step's comparison; a step at or before the last sample's drops those first (the
    /// runs were rewound and took another future).
    void add(const Divergence& d);
    /// Forget the samples after `step` (and firstApart when it is after it).
    void truncateAfter(uint64_t step);
    void clear() { samples.clear(), firstApart = -1; }
};

} // namespace tumble
