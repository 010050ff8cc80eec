#include "collision/broadphase_tree.h"

#include "core/task_system.h"

#include <algorithm>

namespace tumble {
namespace {
// moved_ states: a body is pending until this step's query pass has handled it.
constexpr uint8_t kStill = 0, kPending = 1, kQueried = 2;
} // namespace

Aabb TreeBroadphase::enlarge(const Aabb& fat, const glm::vec3& displacement, float scale) const {
    glm::vec3 s(scale * options_.slack);
    Aabb e{fat.min - s, fat.max + s};
    // Stretch ahead of the motion only: a falling box needs room below, not above.
    for (int k = 0; k < 3; ++k) {
        float ahead = scale * options_.predict * displacement[k];
        if (ahead < 0.0f)
            e.min[k] += ahead;
        else
            e.max[k] += ahead;
    }
    return e;
}

void TreeBroadphase::markMoved(uint32_t body) {
    if (body >= moved_.size()) moved_.resize(size_t(body) + 1, kStill);
    if (moved_[body] == kStill) movedBodies_.push_back(body);
    moved_[body] = kPending;
    ++reinserted_;
}

void TreeBroadphase::onAdd(uint32_t body) {
    if (body >= leafOf_.size()) leafOf_.resize(size_t(body) + 1, kNoBody);
    leafOf_[body] = tree_.insert(enlarge(proxies_[body].box, glm::vec3(0.0f), 1.0f), body);
    markMoved(body);
}

void TreeBroadphase::onRemove(uint32_t body) {
    tree_.remove(leafOf_[body]);
    leafOf_[body] = kNoBody;
    // Its candidates are dropped when the next pass finds the leaf missing.
    if (body < moved_.size()) moved_[body] = kStill;
}

void TreeBroadphase::onMove(uint32_t body, const glm::vec3& displacement) {
    uint32_t leaf = leafOf_[body];
    const Aabb& fat = proxies_[body].box;
    const Aabb& current = tree_.box(leaf);
    bool escaped = !encloses(current, fat);
    // A box enlarged for fast motion that has since slowed would keep many needless
    // candidates; shrink it once it is well beyond what the present motion asks for.
    bool oversized =
        !escaped && !encloses(enlarge(fat, displacement, options_.shrinkFactor), current);
    if (!escaped && !oversized) return;
    tree_.update(leaf, enlarge(fat, displacement, 1.0f));
    markMoved(body);
}

void TreeBroadphase::findNewCandidates(BroadphaseStats& stats) {
    // Each moved body once (removed ones are not pending), all marked before any query: a
    // pair of two re-inserted bodies is found by the query of the smaller index only.
    queried_.clear();
    for (uint32_t body : movedBodies_) {
        if (moved_[body] != kPending) continue;
        moved_[body] = kQueried;
        queried_.push_back(body);
    }
    // The queries read the tree and the marks only: in blocks on the step's threads, each
    // block into its own list; joined and sorted, the pairs do not depend on the split.
    constexpr uint32_t kBodiesPerBlock = 64;
    const uint32_t count = static_cast<uint32_t>(queried_.size());
    auto queryInto = [&](uint32_t begin, uint32_t end, std::vector<BodyPair>& pairs, int64_t& tested) {
        for (uint32_t k = begin; k < end; ++k) {
            const uint32_t body = queried_[k];
            const bool bodyStatic = proxies_[body].isStatic;
            tree_.query(
                tree_.box(leafOf_[body]),
                [&](uint32_t, uint32_t other) {
                    if (other == body) return;
                    if (other < body && other < moved_.size() && moved_[other] != kStill) return;
                    if (bodyStatic && proxies_[other].isStatic) return;
                    pairs.push_back(body < other ? BodyPair{body, other} : BodyPair{other, body});
                },
                tested);
        }
    };
    fresh_.clear();
    if (!tasks_ || tasks_->threads() == 1 || count <= kBodiesPerBlock) {
        // One thread: straight into the list, no second copy of it.
        queryInto(0, count, fresh_, stats.pairsTested);
        queryBlocks_.clear();
    } else {
        queryBlocks_.resize((count + kBodiesPerBlock - 1) / kBodiesPerBlock);
        tasks_->parallelFor(count, kBodiesPerBlock, [&](uint32_t begin, uint32_t end) {
            QueryBlock& out = queryBlocks_[begin / kBodiesPerBlock];
            out.pairs.clear();
            out.tested = 0;
            queryInto(begin, end, out.pairs, out.tested);
        });
        for (const QueryBlock& block : queryBlocks_) {
            fresh_.insert(fresh_.end(), block.pairs.begin(), block.pairs.end());
            stats.pairsTested += block.tested;
        }
    }
    for (uint32_t body : movedBodies_)
        moved_[body] = kStill;
    movedBodies_.clear();
    std::sort(fresh_.begin(), fresh_.end());
}

void TreeBroadphase::collectPairs(std::vector<BodyPair>& out, BroadphaseStats& stats) {
    findNewCandidates(stats);
    stats.reinserted = reinserted_;
    // No leaf re-inserted since the last pass (a pile at rest): the kept candidates' enlarged
    // boxes overlap as they did then, and only their fat boxes need testing.
    const bool leavesAsBefore = reinserted_ == 0;
    reinserted_ = 0;

    // Merge old and new candidates (both sorted), keep those whose enlarged boxes still
    // overlap, and report those whose fat boxes overlap: the output comes out sorted. The
    // merge runs in place, with no second array of candidates: the old ones move to the back
    // of the grown array and the kept ones are written from the front. A write never passes
    // the next old candidate to read: after i old and j new were read at most i + j were
    // written, and old candidate i sits at nNew + i >= i + j.
    int64_t tested = 0;
    const size_t nOld = candidates_.size(), nNew = fresh_.size();
    // Grown by a sixteenth rather than doubled: the pairs are kept, but the block need not be
    // twice what they fill.
    if (candidates_.capacity() < nOld + nNew) candidates_.reserve(nOld + nNew + (nOld + nNew) / 16);
    candidates_.resize(nOld + nNew);
    std::move_backward(candidates_.begin(), candidates_.begin() + static_cast<std::ptrdiff_t>(nOld),
                       candidates_.end());
    size_t kept = 0;
    auto consider = [&](BodyPair p) {
        uint32_t la = p.a < leafOf_.size() ? leafOf_[p.a] : kNoBody;
        uint32_t lb = p.b < leafOf_.size() ? leafOf_[p.b] : kNoBody;
        if (la == kNoBody || lb == kNoBody) return; // a body was removed
        const BroadphaseProxy& pa = proxies_[p.a];
        const BroadphaseProxy& pb = proxies_[p.b];
        if (pa.isStatic && pb.isStatic) return; // an index was reused by a static body
        if (!leavesAsBefore) {
            ++tested;
            if (!overlaps(tree_.box(la), tree_.box(lb))) return;
        }
        candidates_[kept++] = p;
        ++tested;
        if (overlaps(pa.box, pb.box) && PairFilter::passes(pa, pb)) out.push_back(p);
    };
    size_t i = 0, j = 0;
    while (i < nOld || j < nNew) {
        // Read before consider() writes: the write may land on this very slot.
        const BodyPair old = i < nOld ? candidates_[nNew + i] : BodyPair{};
        if (j == nNew || (i < nOld && old < fresh_[j])) {
            consider(old);
            ++i;
        } else if (i == nOld || fresh_[j] < old) {
            consider(fresh_[j++]);
        } else { // the same pair in both
            consider(old);
            ++i;
            ++j;
        }
    }
    candidates_.resize(kept);
    stats.pairsTested += tested;
}

void TreeBroadphase::walk(const BroadphaseVisitor& visit) const {
    int order = 0;
    tree_.walk([&](uint32_t node, int depth) {
        uint32_t body = tree_.isLeaf(node) ? tree_.userData(node) : kNoBody;
        visit(BroadphaseNode{tree_.box(node), depth, order++, body});
    });
}

} // namespace tumble
