// Watch plots (watch.h): what each quantity reads, and the sampling.
#include "window/watch.h"

#include <glm/geometric.hpp>

namespace tumble::app {

const std::vector<WatchKind>& watchKinds() {
    static const std::vector<WatchKind> kinds = {
        {WatchWhat::Height, "height", "m", WatchTarget::Body, "The body's centre of mass, y (up)."},
        {WatchWhat::Speed, "speed", "m/s", WatchTarget::Body, "|v| of the body's centre of mass."},
        {WatchWhat::AngularSpeed, "angular speed", "rad/s", WatchTarget::Body, "|w|, how fast the body turns."},
        {WatchWhat::BodyEnergy, "kinetic energy", "J", WatchTarget::Body, "1/2 m v^2 + 1/2 w . I w of the body."},
        {WatchWhat::JointPosition, "angle or travel", "rad or m", WatchTarget::Joint,
         "What the joint measures: a hinge's angle (rad), a slider's travel (m), a distance "
         "joint's length (m: a rigid rod stretches by a hair twice a swing); 0 for a ball socket."},
        {WatchWhat::JointForce, "reaction force", "N", WatchTarget::Joint,
         "|F|, the force the joint puts on its second body: m g for a body hanging at rest."},
        {WatchWhat::JointTorque, "reaction torque", "N m", WatchTarget::Joint, "|T|, the torque the joint puts on its second body."},
        {WatchWhat::TotalEnergy, "total energy", "J", WatchTarget::World,
         "Kinetic + potential (gravity from y = 0, attractors) of the world: flat for a lossless scene."},
        {WatchWhat::Momentum, "momentum", "N s", WatchTarget::World, "|sum of m v| over the bodies: conserved without gravity and ground."},
        {WatchWhat::Penetration, "largest penetration", "m", WatchTarget::World, "The deepest overlap of any contact after the step."},
        {WatchWhat::AwakeBodies, "awake bodies", "", WatchTarget::World, "Dynamic bodies not sleeping."},
        {WatchWhat::StepMs, "step time", "ms", WatchTarget::World, "How long the step took (the main world's timer)."},
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
    if (kind.target == WatchTarget::Joint) {
        const std::vector<JointId> ids = world.jointIds();
        if (watch.ordinal >= ids.size()) return 0.0f;
        const JointInfo& j = world.joint(ids[watch.ordinal]);
        switch (watch.what) {
        case WatchWhat::JointPosition: return j.angle;
        case WatchWhat::JointForce: return glm::length(j.reactionForce);
        case WatchWhat::JointTorque: return j.reactionTorque;
        default: return 0.0f;
        }
    }
    if (kind.target == WatchTarget::Body) {
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
    case WatchWhat::TotalEnergy: return static_cast<float>(totalEnergy(world));
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
