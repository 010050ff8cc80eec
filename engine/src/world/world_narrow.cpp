// The narrow phase of World::step: each candidate pair measured (or its manifold re-measured)
// and matched with last step's cache, spread over the step's threads.
//
// The pairs and last step's cache are both sorted by body slots. The pairs are measured in
// blocks on any thread: a block finds where its first pair's part of last step's cache begins
// by a binary search, then walks both lists as one thread would, writing its own list (cached
// pairs kept asleep and measured pairs, in the pairs' order) and its own counts. Joined in
// block order the lists are the cache a single thread would have built, whatever thread ran
// which block; the counts are integers and a minimum, exact in any order.
//
// One block (one thread) rewrites the cache in place (CacheRewrite) where last step's pairs
// were mostly re-measured or kept asleep: this step's records are written over last step's
// already read, and a re-measured pair's record is re-measured where it lies. A pile at rest
// thus reads and writes its records once, rather than copying each into a second array (512
// bytes a manifold: 4 MB on the 8,000-box rain, read and written every step). Where pairs
// begin, or a pair gains a manifold, ahead of kept ones, the rest goes to a second array, as
// it always did.
#include "tumble/world.h"

#include "collision/contact_cache.h"
#include "collision/narrowphase.h"
#include "world/pipeline.h"

#include <algorithm>
#include <optional>
#include <ranges>

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

} // namespace

/// Last step's records as a block of the narrow phase reads them, and this step's as it writes
/// them: either two arrays (a block on any thread, appending to its own list), or one array
/// rewritten in place (one block: the cache itself), record i of this step written once last
/// step's records up to there have been read. Where a pair needs room ahead of unread records,
/// those are moved to a second array (spilled) and the step's records appended from there on,
/// as with two arrays: the step then holds at most the two arrays it always held.
class CacheRewrite {
public:
    using Records = std::vector<ContactManifoldInfo>;
    /// Reads `previous`, appends to `out`.
    static CacheRewrite twoArrays(const Records& previous, Records& out) {
        CacheRewrite r(previous, out);
        r.appending_ = true;
        return r;
    }
    /// Rewrites `cache`, spilling into `spill` where room is needed.
    static CacheRewrite inPlace(Records& cache, Records& spill) {
        CacheRewrite r(cache, cache);
        r.spill_ = &spill;
        return r;
    }

    uint32_t oldCount() const { return oldCount_; }
    /// Last step's record k, valid while no record of this step is written past it.
    const ContactManifoldInfo& old(uint32_t k) const { return (*old_)[k - oldFrom_]; }
    /// The first of last step's records whose bodies come after the pair's (before anything is
    /// written: a block with two arrays finds where its part of last step's cache begins).
    uint32_t firstAfter(const BodyPair& pair) const {
        return *std::ranges::partition_point(std::views::iota(0u, oldCount_), [&](uint32_t k) {
            const ContactManifoldInfo& m = old(k);
            return before(m, pair) || (m.bodyA.index == pair.a && m.bodyB.index == pair.b);
        });
    }
    /// Whether `count` more records of this step can be written without touching last step's
    /// records from k on (always, appending).
    bool clearOf(uint32_t k, size_t count) const { return appending_ || written_ + count <= k; }
    /// Room for `count` more records of this step before last step's record `next`, which is
    /// still to be read: where there is none, last step's records from `from` (<= next) on are
    /// moved to the second array and this step's appended from here on. With two arrays and
    /// one block, it only notes whether in place would have needed that (spills).
    void roomBefore(uint32_t from, uint32_t next, size_t count) {
        if (written() + count > next) spills_ = true;
        if (clearOf(next, count)) return;
        spill_->assign(out_->begin() + from, out_->begin() + oldCount_);
        out_->resize(written_);
        old_ = spill_;
        oldFrom_ = from;
        appending_ = true;
    }
    /// The next record of this step, as a new record is (every field its default).
    ContactManifoldInfo& emitNew() {
        if (appending_) return out_->emplace_back();
        return (*out_)[written_++] = ContactManifoldInfo{};
    }
    /// `info` as the next record of this step.
    void emit(const ContactManifoldInfo& info) {
        if (appending_)
            out_->push_back(info);
        else
            (*out_)[written_++] = info;
    }
    /// The next record of this step, a copy of last step's record k (in place, where no record
    /// before it was dropped or added, it is that record: nothing is copied).
    ContactManifoldInfo& emitCopy(uint32_t k) {
        if (appending_) return out_->emplace_back(old(k));
        ContactManifoldInfo& at = (*out_)[written_++];
        if (&at != &old(k)) at = old(k);
        return at;
    }
    /// Takes back the last record emitted.
    void drop() {
        if (appending_)
            out_->pop_back();
        else
            --written_;
    }
    /// Whether records were (or, with two arrays, would have been) spilled this step: pairs
    /// began, or gained a manifold, ahead of kept ones. Meaningful for one block only (a
    /// block's own count of records is not an index into last step's).
    bool spills() const { return spills_; }
    /// Still rewriting in place (not two arrays, not spilled).
    bool inPlaceNow() const { return !appending_; }
    /// In place and never spilled: the array cut to this step's records.
    void finish() {
        if (!appending_) out_->resize(written_);
    }

private:
    CacheRewrite(const Records& old, Records& out)
        : old_(&old), out_(&out), oldCount_(static_cast<uint32_t>(old.size())) {}

    const Records* old_;      ///< where last step's records from oldFrom_ on are
    Records* out_;            ///< this step's records
    Records* spill_ = nullptr; ///< in place: where unread records go when room is needed
    uint32_t oldCount_ = 0;
    uint32_t oldFrom_ = 0;
    size_t written_ = 0;     ///< in place, not spilled: this step's records so far
    bool appending_ = false; ///< this step's records are appended to out_ (two arrays, or spilled)
    bool spills_ = false;

    size_t written() const { return appending_ ? out_->size() : written_; }
};

namespace {

// Candidate pairs per block: a block is a few hundred microseconds of work for boxes, enough
// that claiming blocks costs nothing, small enough that two threads finish close together.
constexpr uint32_t kPairsPerBlock = 64;

} // namespace

void World::narrowPhase() {
    StepPipeline& p = *pipeline_;
    p.materialTable.rebuild(materials_, materialPairs_, settings_);
    keepTouchingBefore(); // the cache is still last step's: one thread rewrites it in place
    std::swap(p.previousSensorOverlaps, p.sensorOverlaps);
    p.sensorOverlaps.clear();
    for (auto& row : p.dispatch) row.fill(0);
    // The bodies' ordinals (their places among live bodies) give each pair of polyhedra its
    // refresh phase (collidePairs), which a snapshot keeps.
    p.ordinal.resize(slots_.size());
    for (uint32_t i = 0, live = 0; i < slots_.size(); ++i) p.ordinal[i] = slots_[i].alive ? live++ : 0;

    const uint32_t pairCount = static_cast<uint32_t>(p.pairs.size());
    // When one thread runs the pairs as one block, the block writes the cache itself; else each
    // block writes its own list from last step's cache, and the lists are joined.
    // One block rewrites the cache in place where last step's pairs were mostly re-measured or
    // kept asleep (a pile of polyhedra at rest, or asleep) and nothing spilled. A record measured
    // afresh is written whole either way, and in place, over last step's of its pair, it is
    // built aside first (that one is matched with it): a pile of spheres, all measured afresh,
    // writes two arrays. Where pairs begin ahead of kept ones, the rest of the cache is spilled
    // to a second array anyway; one block with two arrays tells whether in place would have.
    const bool oneBlock = pairCount <= kPairsPerBlock || p.tasks.threads() == 1;
    const uint32_t blocks = oneBlock ? 1 : (pairCount + kPairsPerBlock - 1) / kPairsPerBlock;
    p.narrowBlocks.resize(blocks);
    counters_.cacheInPlace = counters_.cacheSpilled = false;
    if (oneBlock) {
        if (!p.cacheInPlace) {
            std::swap(p.previous, p.manifolds);
            p.manifolds.clear();
        }
        CacheRewrite cache = p.cacheInPlace ? CacheRewrite::inPlace(p.manifolds, p.previous)
                                            : CacheRewrite::twoArrays(p.previous, p.manifolds);
        NarrowBlock& block = p.narrowBlocks[0];
        collidePairs(0, pairCount, cache, block); // with no pair: the cached ones still asleep
        counters_.cacheInPlace = p.cacheInPlace;
        counters_.cacheSpilled = p.cacheInPlace && !cache.inPlaceNow();
        cache.finish();
        p.cacheInPlace = !cache.spills() && 2 * (block.reused + block.keptAsleep) >= block.touching;
    } else {
        std::swap(p.previous, p.manifolds);
        p.manifolds.clear();
        p.tasks.parallelFor(pairCount, kPairsPerBlock, [&](uint32_t begin, uint32_t end) {
            NarrowBlock& block = p.narrowBlocks[begin / kPairsPerBlock];
            CacheRewrite cache = CacheRewrite::twoArrays(p.previous, block.manifolds);
            collidePairs(begin, end, cache, block);
        });
    }
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
    touching = points = reused = keptAsleep = culled = 0;
    deepest = 0.0f;
}

void World::keepAsleep(CacheRewrite& cache, uint32_t k, NarrowBlock& out) const {
    // A cached pair the broad phase no longer reports because none of its bodies moves is
    // kept as it was, asleep (keptAsleep): in the cache's order, between the measured pairs.
    if (!keptAsleep(cache.old(k))) return;
    const ContactManifoldInfo* kept = &cache.old(k);
    ContactManifoldInfo& info = cache.emitCopy(k);
    // In place the record may be its own source: it is matched with a copy of itself.
    std::optional<ContactManifoldInfo> copy;
    if (kept == &info) kept = &copy.emplace(info);
    const ContactManifoldInfo& m = *kept;
    info.sleeping = true;
    info.remeasured = false;
    // What the solve reads beyond what snapshots keep is derived again as for a measured
    // pair, so a resumed run solves a woken pair with the same bits: each point handed its
    // own impulses, clamp and drift (a match with itself), lever arms from the bodies' centres.
    inheritImpulses(&m, info);
    const glm::vec3 xa = slots_[m.bodyA.index].body.position;
    const glm::vec3 xb = slots_[m.bodyB.index].body.position;
    for (int j = 0; j < info.pointCount; ++j) {
        info.points[j].rA = info.points[j].position - xa;
        info.points[j].rB = info.points[j].position - xb;
        out.deepest = std::min(out.deepest, info.points[j].separation);
    }
    ++out.touching;
    ++out.keptAsleep;
    out.points += info.pointCount;
}

void World::collidePairs(uint32_t begin, uint32_t end, CacheRewrite& cache,
                         NarrowBlock& out) const {
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
    const uint32_t oldCount = cache.oldCount();
    uint32_t old = begin == 0 ? 0 : cache.firstAfter(p.pairs[begin - 1]);
    for (uint32_t i = begin; i < end; ++i) {
        const BodyPair& pair = p.pairs[i];
        // Cached pairs before this one are kept if asleep; then this pair's own manifolds,
        // one per pair of parts, in the parts' order.
        while (old < oldCount && before(cache.old(old), pair)) keepAsleep(cache, old++, out);
        const Slot& sa = slots_[pair.a];
        const Slot& sb = slots_[pair.b];
        const BodyId ida{pair.a, sa.generation}, idb{pair.b, sb.generation};
        const uint32_t prevBegin = old;
        while (old < oldCount && cache.old(old).bodyA == ida && cache.old(old).bodyB == idb) ++old;
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
        const bool single = prevEnd == prevBegin + 1;
        // A touching pair of polyhedra re-measures last step's manifold (remeasureManifold),
        // except on its refresh step.
        const bool mayReuse = single && cache.old(prevBegin).pointCount > 0 && !a.bullet &&
                              !b.bullet &&
                              polyhedral(a.shape.type) && polyhedral(b.shape.type) &&
                              (stepCount_ + p.ordinal[pair.a] + p.ordinal[pair.b]) % reuseSteps != 0;
        const PairMaterial& mat = p.materialTable.at(a.material, b.material);
        // What every record of this step gets: the pair's material, lever arms from the centres.
        auto finishRecord = [&](ContactManifoldInfo& info) {
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
            ++out.touching;
            out.points += info.pointCount;
        };
        if (mayReuse) {
            // Last step's record kept, its geometry measured again in place (the record is
            // unchanged when it is not re-measured, so last step's stays whole). A kept record
            // carries its own impulses.
            ContactManifoldInfo& info = cache.emitCopy(prevBegin);
            if (remeasureManifold(info, a.position, a.orientation, b.position, b.orientation,
                                  pairMargin, settings_.contactReuseSlide)) {
                ++out.reused;
                ++dispatched;
                finishRecord(info);
                continue;
            }
            cache.drop();
        }
        // Measured afresh, each record is matched with last step's of the pair (both in the
        // parts' order: one walk pairs each with the one between the same parts, if there was
        // one). Where they would be written over those (in place), they are built aside first.
        out.found.clear();
        collideShapes(a.shape, Transform{a.position, a.orientation}, b.shape,
                      Transform{b.position, b.orientation}, pairMargin, out.found, &out.dispatch);
        const size_t count = out.found.size();
        cache.roomBefore(prevBegin, prevEnd, count);
        const bool aside = !cache.clearOf(prevBegin, count);
        out.fresh.resize(aside ? count : 0);
        uint32_t cursor = prevBegin;
        for (size_t c = 0; c < count; ++c) {
            ContactManifoldInfo& info =
                aside ? out.fresh[c] = ContactManifoldInfo{} : cache.emitNew();
            writeMeasured(out.found[c], ida, a.orientation, idb, b.orientation, info);
            while (cursor < prevEnd && partsBefore(cache.old(cursor), info)) ++cursor;
            const bool matched = cursor < prevEnd && !partsBefore(info, cache.old(cursor));
            const ContactManifoldInfo* prev = matched ? &cache.old(cursor) : nullptr;
            finishRecord(info);
            inheritImpulses(prev, info);
        }
        for (const ContactManifoldInfo& info : out.fresh) cache.emit(info);
    }
    // The block with the last pair keeps the cached pairs asleep after it.
    if (end == p.pairs.size())
        while (old < oldCount) keepAsleep(cache, old++, out);
}

} // namespace tumble
