// Continuous collision of bullet bodies, after positions are integrated and corrected.
//
// A bullet body's motion this step runs from its pose before integration (previousPosition,
// previousOrientation) to its pose now, turning by its angular velocity. Against every body it
// may meet on the way (its swept box meets the other's box; layers and joints allow the pair),
// conservative advancement (collision/time_of_impact.h) finds the first time the two come
// within a small target gap, the other body taken where it ends the step: that is where the
// bullet is put back against, so that is where they must not overlap. The bullet is put back
// at the earliest such time with its velocity kept: next step the narrow phase finds the pair
// a hair apart with the correct normal and the solver stops or bounces it, as Box2D's
// continuous stage does. Time lost: what remained of the step after the impact.
//
// A pair already within the gap when the step starts (resting or sliding contact) is the
// contact solver's, but its manifold holds only the points touching then: a bullet sliding
// fast along a face while it turns can carry a corner that lay beyond the face's edge deep in
// within the step, or pass through a corner. So the query runs again on the bullet shrunk by
// its overlap at the start plus three quarters of a slop (at least two slops): that stops it
// once it has sunk a quarter of a slop deeper than it started, or one and a half slops deep
// from a lighter touch (a resting contact settles at about the slop, so it never is stopped).
// Should even the shrunk bullet touch at the start, its inner core, a ball a quarter of its
// inner radius about its centre of mass, must still not pass through.
//
// Nothing is remembered between steps, so snapshots and the state hash need nothing new;
// bullets are visited in slot order, so the result is the same every run.
#include "tumble/world.h"

#include "collision/gjk.h"
#include "collision/narrowphase.h"
#include "collision/time_of_impact.h"
#include "core/math.h"
#include "world/timer.h"

#include <algorithm>

namespace tumble {
namespace {

// The gap (m) a bullet is put back to: half the slop, so the resting contact that follows sinks
// no deeper than the solver lets any contact; at least half a millimetre, which float distance
// queries at tens of metres still resolve.
float targetGap(const Settings& s) { return std::max(0.5f * s.solver.slop, 0.0005f); }

Sweep sweepOf(const Body& b, float dt) {
    return makeBodySweep(b.previousPosition, b.position, b.previousOrientation, b.orientation,
                         b.angularVelocity, dt);
}

// The box holding the shape everywhere along the sweep: the two end poses' boxes, or, for a
// turning body, the ball of its reach around the centre's path.
Aabb sweptAabb(const Shape& shape, const Sweep& s) {
    Aabb box;
    if (s.rotation == glm::vec3(0.0f) || shape.type == ShapeType::Plane) {
        Aabb a = computeAabb(shape, s.x0, s.q0), b = computeAabb(shape, s.x1, s.q1);
        box.min = glm::min(a.min, b.min);
        box.max = glm::max(a.max, b.max);
        return box;
    }
    const glm::vec3 reach(shapeReach(shape));
    box.min = glm::min(s.x0, s.x1) - reach;
    box.max = glm::max(s.x0, s.x1) + reach;
    return box;
}

bool overlaps(const Aabb& a, const Aabb& b, float margin) {
    return a.min.x <= b.max.x + margin && b.min.x <= a.max.x + margin && a.min.y <= b.max.y + margin &&
           b.min.y <= a.max.y + margin && a.min.z <= b.max.z + margin && b.min.z <= a.max.z + margin;
}

// m, how deep the shapes overlap (0 when apart), by the narrow phase.
float overlapDepth(const Shape& a, const Transform& xa, const Shape& b, const Transform& xb) {
    Manifold m;
    if (!collide(a, xa, b, xb, 0.0f, m)) return 0.0f;
    float deepest = 0.0f;
    for (int k = 0; k < m.pointCount; ++k) deepest = std::min(deepest, m.points[k].separation);
    return -deepest;
}

} // namespace

void World::continuousCollision() {
    const float dt = settings_.timestep;
    const float target = targetGap(settings_);
    const float tolerance = 0.25f * target;
    const float slop = std::max(settings_.solver.slop, target);
    int hits = 0;
    for (uint32_t i = 0; i < slots_.size(); ++i) {
        Slot& s = slots_[i];
        if (!s.alive) continue;
        Body& b = s.body;
        // A sensor passes through everything, so nothing stops it and it stops nothing.
        if (!b.bullet || !b.isDynamic() || b.sleeping || b.sensor) continue;
        const Sweep sweep = sweepOf(b, dt);
        if (sweep.x0 == sweep.x1 && sweep.rotation == glm::vec3(0.0f)) continue;
        const Aabb box = sweptAabb(b.shape, sweep);
        // The inner core: a ball about the centre of mass, for pairs touching at the start.
        Shape core;
        core.type = ShapeType::Sphere;
        core.radius = 0.25f * shapeInnerRadius(b.shape);
        float first = 1.0f;
        for (uint32_t j = 0; j < slots_.size(); ++j) {
            const Slot& o = slots_[j];
            // The time of impact is a query between two convex shapes: a compound (which cannot
            // be a bullet itself) or a mesh is not swept against; bullets are stopped by their
            // contacts with them only.
            if (j == i || !o.alive || o.body.sensor || isMeshType(o.body.shape.type) ||
                o.body.shape.type == ShapeType::Compound)
                continue;
            const Body& other = o.body;
            if ((b.mask & other.layer) == 0 || (other.mask & b.layer) == 0) continue;
            if (!jointsAllowCollision(std::min(i, j), std::max(i, j))) continue;
            // The other body where it ends the step: the bullet is put back against that pose,
            // and it is there that the two must not overlap.
            const Sweep otherSweep = makeSweep(other.position, other.position, other.orientation, other.orientation);
            if (!overlaps(box, sweptAabb(other.shape, otherSweep), target)) continue;
            ToiResult r = timeOfImpact(b.shape, sweep, other.shape, otherSweep, target, tolerance);
            if (r.state == ToiState::Touching) {
                const Transform start = sweepPose(sweep, 0.0f), otherStart = sweepPose(otherSweep, 0.0f);
                const float depth = overlapDepth(b.shape, start, other.shape, otherStart);
                const float inset = std::max(2.0f * slop, depth + target + 2.0f * tolerance);
                r = timeOfImpact(b.shape, sweep, other.shape, otherSweep, target, tolerance, inset);
            }
            if (r.state == ToiState::Touching)
                r = timeOfImpact(core, sweep, other.shape, otherSweep, target, tolerance);
            if (r.state == ToiState::Hit) first = std::min(first, r.t);
        }
        if (first >= 1.0f) continue;
        const Transform pose = sweepPose(sweep, first);
        b.position = pose.p;
        b.orientation = pose.q;
        b.worldInvInertia = rotateTensor(b.orientation, b.localInvInertia);
        ++hits;
    }
    counters_.bulletImpacts = hits;
}

} // namespace tumble
