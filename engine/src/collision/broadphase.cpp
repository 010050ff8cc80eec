// The broad-phase front: proxy bookkeeping shared by every algorithm, the common
// finishing of findPairs (hook, counts), the pair sort and the factories.
#include "collision/broadphase.h"
#include "collision/broadphase_tree.h"
#include "collision/brute_force.h"
#include "collision/sort_and_sweep.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace tumble {
namespace {

/// A box pairs can be found with: finite, and min <= max on every axis. Inverted boxes
/// would "overlap" in odd ways (a test can pass on both sides of an empty interval).
bool isUsable(const Aabb& b) {
    for (int i = 0; i < 3; ++i)
        if (!std::isfinite(b.min[i]) || !std::isfinite(b.max[i]) || b.min[i] > b.max[i])
            return false;
    return true;
}

/// Tight box grown by the margin. An unusable box becomes the empty box (min = +inf,
/// max = -inf), which `overlaps()` rejects against everything, itself included.
Aabb fatten(const Aabb& tight, float margin) {
    if (!isUsable(tight)) {
        const float inf = std::numeric_limits<float>::infinity();
        return {glm::vec3(inf), glm::vec3(-inf)};
    }
    glm::vec3 m(margin);
    return {tight.min - m, tight.max + m};
}

} // namespace

Broadphase::Broadphase(float margin)
    : margin_(std::isfinite(margin) && margin > 0.0f ? margin : 0.0f) {}

void Broadphase::add(uint32_t body, const Aabb& tight, const ProxyDef& def) {
    if (body == kNoBody) return;
    if (has(body)) remove(body);
    if (body >= proxies_.size()) proxies_.resize(size_t(body) + 1);
    BroadphaseProxy& p = proxies_[body];
    p.tight = tight;
    p.box = fatten(tight, margin_);
    p.body = body;
    p.layer = def.layer;
    p.mask = def.mask;
    p.isStatic = def.isStatic;
    p.sleeping = def.sleeping;
    ++count_;
    onAdd(body);
}

void Broadphase::remove(uint32_t body) {
    if (!has(body)) return;
    onRemove(body);
    proxies_[body] = BroadphaseProxy{};
    --count_;
}

void Broadphase::move(uint32_t body, const Aabb& tight, const glm::vec3& displacement) {
    if (!has(body)) return;
    BroadphaseProxy& p = proxies_[body];
    p.tight = tight;
    p.box = fatten(tight, margin_);
    bool finite = std::isfinite(displacement.x) && std::isfinite(displacement.y) &&
                  std::isfinite(displacement.z);
    onMove(body, finite ? displacement : glm::vec3(0.0f));
}

void Broadphase::setSleeping(uint32_t body, bool sleeping) {
    if (has(body)) proxies_[body].sleeping = sleeping;
}

void Broadphase::setLayers(uint32_t body, uint32_t layer, uint32_t mask) {
    if (!has(body)) return;
    proxies_[body].layer = layer;
    proxies_[body].mask = mask;
}

void Broadphase::findPairs(const PairFilter& filter, std::vector<BodyPair>& out,
                           BroadphaseStats& stats) {
    stats = {};
    out.clear();
    collectPairs(out, stats);
    filter.applyHook(out);
    stats.pairsFound = int64_t(out.size());
}

void Broadphase::sortPairs(std::vector<BodyPair>& pairs) {
    // Counting sort on a: pairs come from dense body indices, so this is O(bodies + pairs)
    // where a comparison sort would be O(pairs log pairs) and dominate a cheap sweep.
    const size_t n = proxies_.size();
    runStart_.assign(n + 1, 0);
    for (const BodyPair& p : pairs)
        ++runStart_[p.a + 1];
    for (size_t i = 0; i < n; ++i)
        runStart_[i + 1] += runStart_[i];
    sorted_.resize(pairs.size());
    for (const BodyPair& p : pairs)
        sorted_[runStart_[p.a]++] = p;
    // runStart_[a] now holds the end of a's run; each run is short except for bodies that
    // touch everything (a ground plane), which get a comparison sort.
    size_t begin = 0;
    for (size_t a = 0; a < n; ++a) {
        size_t end = runStart_[a];
        if (end - begin > 16) {
            std::sort(sorted_.begin() + begin, sorted_.begin() + end);
        } else {
            for (size_t i = begin + 1; i < end; ++i) {
                BodyPair key = sorted_[i];
                size_t j = i;
                for (; j > begin && key.b < sorted_[j - 1].b; --j)
                    sorted_[j] = sorted_[j - 1];
                sorted_[j] = key;
            }
        }
        begin = end;
    }
    pairs.swap(sorted_);
}

std::unique_ptr<Broadphase> makeBroadphase(BroadphaseType type, float margin) {
    switch (type) {
    case BroadphaseType::BruteForce:
        return std::make_unique<BruteForceBroadphase>(margin);
    case BroadphaseType::SortAndSweep:
        return std::make_unique<SortAndSweepBroadphase>(margin);
    case BroadphaseType::DynamicTree:
        break;
    }
    return std::make_unique<TreeBroadphase>(margin);
}

std::unique_ptr<Broadphase> rebuildBroadphase(const Broadphase& from, BroadphaseType type,
                                              float margin) {
    std::unique_ptr<Broadphase> to = makeBroadphase(type, margin);
    for (const BroadphaseProxy& p : from.proxies()) {
        if (p.body == kNoBody) continue;
        to->add(p.body, p.tight, ProxyDef{p.layer, p.mask, p.isStatic, p.sleeping});
    }
    return to;
}

} // namespace tumble
