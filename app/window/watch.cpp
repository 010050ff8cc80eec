// Watch plots (watch.h): what each quantity reads, and the sampling.
#include "window/watch.h"

#include <glm/geometric.hpp>

namespace tumble::app {

const std::vector<WatchKind>& watchKinds() {
    static const std::vector<WatchKind> kinds = {
        {WatchWhat::Height, "height", "m", true, "The body's centre of mass, y (up)."},
        {WatchWhat::Speed, "speed", "m/s", true, "|v| of the body's centre of mass."},
        {WatchWhat::AngularSpeed, "angular speed", "rad/s", true, "|w|, how fast the body turns."},
        {WatchWhat::BodyEnergy, "kinetic energy", "J", true, "1/2 m v^2 + 1/2 w . I w of the body."},
        {WatchWhat::TotalEnergy, "total energy", "J", false,
         "Kinetic + potential (gravity from y = 0, attractors) of the world: flat for a lossless scene."},
        {WatchWhat::Momentum, "momentum", "N s", false, "|sum of m v| over the bodies: conserved without gravity and ground."},
        {WatchWhat::Penetration, "largest penetration", "m", false, "The deepest overlap of any contact after the step."},
        {WatchWhat::AwakeBodies, "awake bodies", "", false, "Dynamic bodies not sleeping."},
        {WatchWhat::StepMs, "step time", "ms", false, "How long the step took (the main world's timer)."},
    };
    return kinds;
}

const WatchKind& watchKind(WatchWhat what) {
    for (const WatchKind& k : watchKinds())
        if (k.what == what) return k;
    return watchKinds().front();
}

void WatchSeries::add(uint64_t step, float value) {
    while (!steps.empty() && steps.back() >= step) {
        steps.pop_back();
        values.pop_back();
    }
    steps.push_back(step);
    values.push_back(value);
}

float watchValue(const World& world, const Watch& watch) {
    const WatchKind& kind = watchKind(watch.what);
    if (kind.ofBody) {
        const std::vector<BodyId> ids = world.bodyIds();
        if (watch.ordinal >= ids.size()) return 0.0f;
        const Body& b = world.body(ids[watch.ordinal]);
        switch (watch.what) {
        case WatchWhat::Height: return b.position.y;
        case WatchWhat::Speed: return glm::length(b.linearVelocity);
        case WatchWhat::AngularSpeed: return glm::length(b.angularVelocity);
        case WatchWhat::BodyEnergy: {
            if (b.invMass <= 0.0f) return 0.0f;
            const glm::vec3 Iw = glm::inverse(b.worldInvInertia) * b.angularVelocity;
            return 0.5f * glm::dot(b.linearVelocity, b.linearVelocity) / b.invMass + 0.5f * glm::dot(b.angularVelocity, Iw);
        }
        default: return 0.0f;
        }
    }
    switch (watch.what) {
    case WatchWhat::TotalEnergy: return static_cast<float>(world.kineticEnergy() + world.potentialEnergy());
    case WatchWhat::Momentum: return glm::length(world.linearMomentum());
    case WatchWhat::Penetration: return world.counters().maxPenetration;
    case WatchWhat::AwakeBodies: return static_cast<float>(world.counters().awakeBodies);
    case WatchWhat::StepMs: return world.profile().step;
    default: return 0.0f;
    }
}

void sampleWatches(std::vector<Watch>& watches, const World& main, const Forks& forks) {
    for (Watch& w : watches) {
        w.main.add(main.stepCount(), watchValue(main, w));
        if (w.forks.size() > forks.size()) w.forks.clear(); // a fork went: the indices moved
        w.forks.resize(forks.size());
        for (size_t i = 0; i < forks.size(); ++i)
            if (forks[i].inStep) w.forks[i].add(forks[i].world.stepCount(), watchValue(forks[i].world, w));
    }
}

} // namespace tumble::app
