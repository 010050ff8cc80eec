// The narrow phase of World::step: each candidate pair measured (or its manifold re-measured)
// and matched with last step's cache, spread over the step's threads.
//
// The pairs and last step's cache are both sorted by body slots. The pairs are measured in
// blocks on any thread: a block finds where its first pair's part of last step's cache begins
// by a binary search, then walks both lists as one thread would, writing its own list (cached
// pairs kept asleep and measured pairs, in the pairs' order) and its own counts. Joined in
// block order the lists are the cache a single thread would have built, whatever thread ran
// which block; the counts are integers and a minimum, exact in any order.
#include "tumble/world.h"

#include "collision/contact_cache.h"
#include "collision/narrowphase.h"
#include "world/pipeline.h"

#include <algorithm>

namespace tumble {
namespace {

// Pairs whose narrow phase is the separating-axis test and clipping (collide_polyhedra.cpp).
bool polyhedral(ShapeType t) { return t == ShapeType::Box || t == ShapeType::Hull; }

// Whether manifold x comes before y in a pair's order of parts (childA, then childB).
bool partsBefore(const ContactManifoldInfo& x, const ContactManifoldInfo& y) {
    return x.childA != y.childA ? x.childA < y.childA : x.childB < y.childB;
}

// The narrow phase's manifold between two parts as a cache record (impulses come later).
void writeMeasured(const ChildManifold& cm, BodyId a, const glm::quat& qa, BodyId b, const glm::quat& qb,
                   ContactManifoldInfo& info) {
    const Manifold& m = cm.manifold;
    info.bodyA = a;
    info.bodyB = b;
    info.childA = cm.childA;
    info.childB = cm.childB;
    info.normal = m.normal;
    info.localNormalA = glm::conjugate(qa) * m.normal;
    info.localNormalB = glm::conjugate(qb) * m.normal;
    info.pointCount = m.pointCount;
    for (int k = 0; k < m.pointCount; ++k) {
        const ContactPoint& cp = m.points[k];
        ContactPointInfo& q = info.points[k];
        q.position = cp.position;
        q.separation = cp.separation;
        q.featureId = cp.featureId;
        // Anchors on each surface (writeManifold): for re-measuring the manifold in later steps
        // and the separation within one (nonlinear Gauss-Seidel).
        q.localAnchorA = cp.localAnchorA;
        q.localAnchorB = cp.localAnchorB;
    }
}

// Whether cached manifold m's bodies come before the pair's, by slots.
bool before(const ContactManifoldInfo& m, const BodyPair& pair) {
    return m.bodyA.index < pair.a || (m.bodyA.index == pair.a && m.bodyB.index < pair.b);
}

// The first of last step's manifolds whose bodies come after the pair's.
uint32_t firstAfter(const std::vector<ContactManifoldInfo>& previous, const BodyPair& pair) {
    const auto after = std::partition_point(previous.begin(), previous.end(), [&](const ContactManifoldInfo& m) {
        return before(m, pair) || (m.bodyA.index == pair.a && m.bodyB.index == pair.b);
    });
    return static_cast<uint32_t>(after - previous.begin());
}

// Candidate pairs per block: a block is a few hundred microseconds of work for boxes, enough
// that claiming blocks costs nothing, small enough that two threads finish close together.
constexpr uint32_t kPairsPerBlock = 64;

} // namespace

void World::narrowPhase() {
    StepPipeline& p = *pipeline_;
    p.materialTable.rebuild(materials_, materialPairs_, settings_);
    std::swap(p.previous, p.manifolds);
    p.manifolds.clear();
    std::swap(p.previousSensorOverlaps, p.sensorOverlaps);
    p.sensorOverlaps.clear();
    for (auto& row : p.dispatch) row.fill(0);
    // The bodies' ordinals (their places among live bodies) give each pair of polyhedra its
    // refresh phase (collidePairs), which a snapshot keeps.
    p.ordinal.resize(slots_.size());
    for (uint32_t i = 0, live = 0; i < slots_.size(); ++i) p.ordinal[i] = slots_[i].alive ? live++ : 0;

    const uint32_t pairCount = static_cast<uint32_t>(p.pairs.size());
    // When one thread runs the pairs as one block, the block fills the cache's own storage
    // (swapped in and back), so the step holds no second copy of it.
    const bool oneBlock = pairCount <= kPairsPerBlock || p.tasks.threads() == 1;
    const uint32_t blocks = oneBlock ? 1 : (pairCount + kPairsPerBlock - 1) / kPairsPerBlock;
    p.narrowBlocks.resize(blocks);
    if (oneBlock) std::swap(p.manifolds, p.narrowBlocks[0].manifolds);
    if (pairCount == 0)
        collidePairs(0, 0, p.narrowBlocks[0]); // the cached pairs still asleep
    else
        p.tasks.parallelFor(pairCount, kPairsPerBlock, [&](uint32_t begin, uint32_t end) {
            collidePairs(begin, end, p.narrowBlocks[begin / kPairsPerBlock]);
        });
    if (oneBlock) std::swap(p.manifolds, p.narrowBlocks[0].manifolds);
    int touching = 0, points = 0, reused = 0, culled = 0;
    float deepest = 0.0f;
    for (const NarrowBlock& block : p.narrowBlocks) {
        if (!oneBlock) p.manifolds.insert(p.manifolds.end(), block.manifolds.begin(), block.manifolds.end());
        for (size_t a = 0; a < kShapeTypeCount; ++a)
            for (size_t b = 0; b < kShapeTypeCount; ++b) p.dispatch[a][b] += block.dispatch[a][b];
        touching += block.touching;
        points += block.points;
        reused += block.reused;
        culled += block.culled;
        deepest = std::min(deepest, block.deepest);
        // Sensed here, serially (the overlaps are few), in the pairs' order.
        for (uint32_t i : block.sensorPairs) senseOverlap(p.pairs[i].a, p.pairs[i].b);
    }
    keepSensorOverlapsAsleep();
    counters_.pairs = touching;
    counters_.pairsRemeasured = reused;
    counters_.pairsCulled = culled;
    counters_.contacts = points;
    counters_.maxPenetration = -deepest;
}

void NarrowBlock::reset() {
    manifolds.clear();
    sensorPairs.clear();
    for (auto& row : dispatch) row.fill(0);
    touching = points = reused = culled = 0;
    deepest = 0.0f;
}

void World::keepAsleep(const ContactManifoldInfo& m, NarrowBlock& out) const {
    // A cached pair the broad phase no longer reports because none of its bodies moves is
    // kept as it was, asleep (keptAsleep): in the cache's order, between the measured pairs.
    if (!keptAsleep(m)) return;
    ContactManifoldInfo& info = out.manifolds.emplace_back(m);
    info.sleeping = true;
    info.remeasured = false;
    // What the solve reads beyond what snapshots keep is derived again as for a measured
    // pair, so a resumed run solves a woken pair with the same bits: each point handed its
    // own impulses, clamp and drift (a match with itself), lever arms from the bodies' centres.
    inheritImpulses(&m, info);
    const glm::vec3 xa = slots_[m.bodyA.index].body.position;
    const glm::vec3 xb = slots_[m.bodyB.index].body.position;
    for (int k = 0; k < info.pointCount; ++k) {
        info.points[k].rA = info.points[k].position - xa;
        info.points[k].rB = info.points[k].position - xb;
        out.deepest = std::min(out.deepest, info.points[k].separation);
    }
    ++out.touching;
    out.points += info.pointCount;
}

void World::collidePairs(uint32_t begin, uint32_t end, NarrowBlock& out) const {
    const StepPipeline& p = *pipeline_;
    out.reset();
    // Each touching pair of polyhedra is measured afresh one step in contactReuseSteps, the
    // phase from its bodies' ordinals, so a resumed run refreshes the same pairs on the same
    // steps.
    const uint64_t reuseSteps = static_cast<uint64_t>(std::max(settings_.contactReuseSteps, 1));
    // Bullets look no further ahead than other bodies: a margin as long as the closing
    // distance of a step made contacts between shapes still far apart, whose normal (the axis
    // that separated them at the step's start) is not the one they meet along when they move
    // at an angle; those contacts stopped bullets in mid-air, let them through and spun them.
    // The time of impact after the step (world_continuous.cpp) stops them.
    const float pairMargin = settings_.contactMargin;
    uint32_t old = begin == 0 ? 0 : firstAfter(p.previous, p.pairs[begin - 1]);
    for (uint32_t i = begin; i < end; ++i) {
        const BodyPair& pair = p.pairs[i];
        // Cached pairs before this one are kept if asleep; then this pair's own manifolds,
        // one per pair of parts, in the parts' order.
        while (old < p.previous.size() && before(p.previous[old], pair)) keepAsleep(p.previous[old++], out);
        const Slot& sa = slots_[pair.a];
        const Slot& sb = slots_[pair.b];
        const BodyId ida{pair.a, sa.generation}, idb{pair.b, sb.generation};
        const uint32_t prevBegin = old;
        while (old < p.previous.size() && p.previous[old].bodyA == ida && p.previous[old].bodyB == idb) ++old;
        const uint32_t prevEnd = old;
        const Body& a = sa.body;
        const Body& b = sb.body;
        int& dispatched = out.dispatch[static_cast<int>(a.shape.type)][static_cast<int>(b.shape.type)];
        if (a.sensor || b.sensor) {
            // A sensor's pair never enters the cache, so the solver, islands and waking never
            // see it; two sensors do not sense each other.
            ++dispatched;
            if (!(a.sensor && b.sensor)) out.sensorPairs.push_back(i);
            continue;
        }
        // A pair whose bodies' boxes are farther apart than the contact margin has no contact
        // and is not measured (the broad phase's boxes are enlarged, so in a pile of boxes side
        // by side most candidates are such pairs), as collideShapes skips a compound's parts.
        if (!boxesMeet(p.boxes[pair.a], p.boxes[pair.b], pairMargin)) {
            ++out.culled;
            continue;
        }
        // Only touching pairs of parts enter the cache: the broad phase's candidates that do
        // not touch (most of them in a pile of spheres) cost no record.
        const size_t first = out.manifolds.size();
        const ContactManifoldInfo* single = prevEnd == prevBegin + 1 ? &p.previous[prevBegin] : nullptr;
        // A touching pair of polyhedra re-measures last step's manifold (remeasureManifold),
        // except on its refresh step.
        const bool mayReuse = single && single->pointCount > 0 && !a.bullet && !b.bullet &&
                              polyhedral(a.shape.type) && polyhedral(b.shape.type) &&
                              (stepCount_ + p.ordinal[pair.a] + p.ordinal[pair.b]) % reuseSteps != 0;
        bool reusedNow = false;
        if (mayReuse) {
            // Last step's record kept, its geometry measured again in place.
            ContactManifoldInfo& info = out.manifolds.emplace_back(*single);
            reusedNow = remeasureManifold(info, a.position, a.orientation, b.position, b.orientation, pairMargin,
                                          settings_.contactReuseSlide);
            if (!reusedNow) out.manifolds.pop_back();
        }
        if (reusedNow) {
            ++out.reused;
            ++dispatched;
        } else {
            out.found.clear();
            collideShapes(a.shape, Transform{a.position, a.orientation}, b.shape,
                          Transform{b.position, b.orientation}, pairMargin, out.found, &out.dispatch);
            for (const ChildManifold& cm : out.found)
                writeMeasured(cm, ida, a.orientation, idb, b.orientation, out.manifolds.emplace_back());
        }
        // Last step's manifolds of the pair and this step's are both in the parts' order: one
        // walk pairs each with the one between the same parts, if there was one.
        uint32_t cursor = prevBegin;
        const PairMaterial& mat = p.materialTable.at(a.material, b.material);
        for (size_t c = first; c < out.manifolds.size(); ++c) {
            ContactManifoldInfo& info = out.manifolds[c];
            while (cursor < prevEnd && partsBefore(p.previous[cursor], info)) ++cursor;
            const ContactManifoldInfo* prev =
                cursor < prevEnd && !partsBefore(info, p.previous[cursor]) ? &p.previous[cursor] : nullptr;
            info.staticFriction = mat.staticFriction;
            info.dynamicFriction = mat.dynamicFriction;
            info.restitution = mat.restitution;
            info.rollingResistance = mat.rollingResistance;
            info.torsionalFriction = mat.torsionalFriction;
            for (int k = 0; k < info.pointCount; ++k) {
                ContactPointInfo& q = info.points[k];
                q.rA = q.position - a.position;
                q.rB = q.position - b.position;
                out.deepest = std::min(out.deepest, q.separation);
            }
            if (!reusedNow) inheritImpulses(prev, info); // a kept record carries its own
            ++out.touching;
            out.points += info.pointCount;
        }
    }
    // The block with the last pair keeps the cached pairs asleep after it.
    if (end == p.pairs.size())
        while (old < p.previous.size()) keepAsleep(p.previous[old++], out);
}

} // namespace tumble
