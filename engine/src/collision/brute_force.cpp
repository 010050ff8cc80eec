#include "collision/brute_force.h"

namespace tumble {

void BruteForceBroadphase::onAdd(uint32_t body) {
    if (body >= slotOf_.size()) slotOf_.resize(size_t(body) + 1, kNoBody);
    slotOf_[body] = uint32_t(boxes_.size());
    boxes_.push_back(proxies_[body].box);
    bodies_.push_back(body);
}

void BruteForceBroadphase::onRemove(uint32_t body) {
    // Swap with the last entry; order does not matter because the output is sorted.
    uint32_t slot = slotOf_[body];
    uint32_t last = uint32_t(boxes_.size() - 1);
    boxes_[slot] = boxes_[last];
    bodies_[slot] = bodies_[last];
    slotOf_[bodies_[slot]] = slot;
    boxes_.pop_back();
    bodies_.pop_back();
    slotOf_[body] = kNoBody;
}

void BruteForceBroadphase::onMove(uint32_t body, const glm::vec3&) {
    boxes_[slotOf_[body]] = proxies_[body].box;
}

void BruteForceBroadphase::collectPairs(std::vector<BodyPair>& out, BroadphaseStats& stats) {
    const size_t n = boxes_.size();
    for (size_t i = 0; i < n; ++i) {
        const Aabb bi = boxes_[i];
        for (size_t j = i + 1; j < n; ++j) {
            if (!overlaps(bi, boxes_[j])) continue;
            uint32_t a = bodies_[i], b = bodies_[j];
            if (!PairFilter::passes(proxies_[a], proxies_[b])) continue;
            out.push_back(a < b ? BodyPair{a, b} : BodyPair{b, a});
        }
    }
    stats.pairsTested += int64_t(n) * int64_t(n > 0 ? n - 1 : 0) / 2;
    sortPairs(out);
}

void BruteForceBroadphase::walk(const BroadphaseVisitor& visit) const {
    for (size_t i = 0; i < boxes_.size(); ++i)
        visit(BroadphaseNode{boxes_[i], 0, int(i), bodies_[i]});
}

} // namespace tumble
