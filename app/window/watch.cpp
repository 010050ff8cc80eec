// Watch plots (watch.h): what each quantity reads, and the sampling.
#include "window/watch.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <cmath>

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
        {WatchWhat::ContactNormal, "normal impulse", "N s", WatchTarget::Contact,
         "lambda_n, the accumulated normal impulse of the step (>= 0: contacts push, never pull); "
         "lambda_n / dt is the contact force in N. For the whole pair, the sum over its points: "
         "m g dt for a body resting on the ground. A pair that is apart or asleep is not solved: 0."},
        {WatchWhat::ContactFriction, "friction impulse", "N s", WatchTarget::Contact,
         "|lambda_t|, the friction impulse in the tangent plane (t1, t2): at most mu lambda_n "
         "(Coulomb). For the whole pair, the length of the points' summed friction impulse."},
        {WatchWhat::ContactDepth, "depth", "m", WatchTarget::Contact,
         "How far the surfaces overlap at the point (the pair's deepest point for the whole "
         "pair); 0 when they are apart. Baumgarte or split impulse pushes it back towards the slop."},
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

namespace {

/// The contact's quantity: over the manifolds between the two bodies (one per touching pair of
/// parts when either is a compound), one point or all of them.
float contactValue(const World& world, const Watch& watch) {
    const std::vector<BodyId> ids = world.bodyIds();
    if (watch.ordinal >= ids.size() || watch.other >= ids.size()) return 0.0f;
    const BodyId a = ids[watch.ordinal], b = ids[watch.other];
    float normal = 0.0f, friction = 0.0f, depth = 0.0f; // apart: no impulse, no overlap
    for (const ContactManifoldInfo& m : world.contacts()) {
        if (!((m.bodyA == a && m.bodyB == b) || (m.bodyA == b && m.bodyB == a))) continue;
        // A manifold's points share its friction directions; manifolds each have their own.
        float t1 = 0.0f, t2 = 0.0f;
        for (int i = 0; i < m.pointCount; ++i) {
            const ContactPointInfo& p = m.points[i];
            if (watch.onePoint && p.featureId != watch.feature) continue;
            depth = std::max(depth, -p.separation);
            if (m.sleeping) continue; // asleep: its overlap is kept, but nothing is solved there
            normal += p.normalImpulse;
            t1 += p.tangentImpulse[0];
            t2 += p.tangentImpulse[1];
        }
        friction += std::sqrt(t1 * t1 + t2 * t2);
    }
    switch (watch.what) {
    case WatchWhat::ContactNormal: return normal;
    case WatchWhat::ContactFriction: return friction;
    case WatchWhat::ContactDepth: return depth;
    default: return 0.0f;
    }
}

} // namespace

uint32_t bodyOrdinal(const World& world, BodyId id) {
    const std::vector<BodyId> ids = world.bodyIds();
    return static_cast<uint32_t>(std::find(ids.begin(), ids.end(), id) - ids.begin());
}

Watch makeWatch(const WatchKind& kind, uint32_t ordinal, const std::string& of) {
    Watch w;
    w.what = kind.what;
    w.ordinal = ordinal;
    const std::string unit = kind.unit;
    w.label = of + ": " + kind.name + (unit.empty() ? "" : " (" + unit + ")");
    return w;
}

std::string jointLabel(const World& world, JointId id, size_t ordinal) {
    const JointInfo& j = world.joint(id);
    if (!j.def.name.empty()) return j.def.name;
    return "joint " + std::to_string(ordinal);
}

Watch makeContactWatch(const World& world, const WatchKind& kind, const ContactManifoldInfo& manifold, int point,
                       const std::string& of) {
    Watch w = makeWatch(kind, bodyOrdinal(world, manifold.bodyA), of);
    w.other = bodyOrdinal(world, manifold.bodyB);
    w.onePoint = point >= 0 && point < manifold.pointCount;
    if (w.onePoint) w.feature = manifold.points[point].featureId;
    return w;
}

float watchValue(const World& world, const Watch& watch) {
    const WatchKind& kind = watchKind(watch.what);
    if (kind.target == WatchTarget::Contact) return contactValue(world, watch);
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

bool bulletReads(WatchWhat what) {
    return what == WatchWhat::Height || what == WatchWhat::Speed || what == WatchWhat::TotalEnergy;
}

namespace {

/// The Bullet fork's value of a watch at main-world step `step`; false when it has none.
bool bulletValue(const PeerFork& bullet, const Watch& watch, uint64_t step, float dt, float& value) {
    if (!bulletReads(watch.what)) return false;
    if (watch.what == WatchWhat::TotalEnergy) {
        if (!bullet.contains(step)) return false;
        value = static_cast<float>(bullet.energyAt(step));
        return true;
    }
    const std::vector<PeerPose>* now = bullet.posesAt(step);
    if (now == nullptr || watch.ordinal >= now->size()) return false;
    const glm::vec3 p = (*now)[watch.ordinal].position;
    if (watch.what == WatchWhat::Height) {
        value = p.y;
        return true;
    }
    const std::vector<PeerPose>* before = step > 0 ? bullet.posesAt(step - 1) : nullptr;
    if (before == nullptr || !(dt > 0.0f)) return false;
    value = glm::length(p - (*before)[watch.ordinal].position) / dt;
    return true;
}

} // namespace

void sampleWatches(std::vector<Watch>& watches, const World& main, const Forks& forks, const PeerFork* bullet) {
    const bool withBullet = bullet != nullptr && bullet->active() && bullet->inStep();
    for (Watch& w : watches) {
        w.main.add(main.stepCount(), watchValue(main, w));
        if (w.forks.size() > forks.size()) w.forks.clear(); // a fork went: the indices moved
        w.forks.resize(forks.size());
        for (size_t i = 0; i < forks.size(); ++i)
            if (forks[i].inStep) w.forks[i].add(forks[i].world.stepCount(), watchValue(forks[i].world, w));
        float value = 0.0f;
        if (withBullet && bulletValue(*bullet, w, main.stepCount(), main.settings().timestep, value))
            w.bullet.add(main.stepCount(), value);
    }
}

} // namespace tumble::app
