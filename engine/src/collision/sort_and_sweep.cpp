#include "collision/sort_and_sweep.h"

#include <algorithm>
#include <cmath>

namespace tumble {

void SortAndSweepBroadphase::onAdd(uint32_t body) {
    if (body >= entryOf_.size()) entryOf_.resize(size_t(body) + 1, kNoBody);
    entryOf_[body] = uint32_t(entries_.size());
    entries_.push_back(Entry{proxies_[body].box, body});
    ++addedSinceSort_;
}

void SortAndSweepBroadphase::onRemove(uint32_t body) {
    // Leave a hole and compact once per step: erasing here would shift every later index.
    entries_[entryOf_[body]].body = kNoBody;
    entryOf_[body] = kNoBody;
    hasRemoved_ = true;
}

void SortAndSweepBroadphase::onMove(uint32_t body, const glm::vec3&) {
    entries_[entryOf_[body]].box = proxies_[body].box;
}

void SortAndSweepBroadphase::compact() {
    // Stable, so the list stays as sorted as it was.
    auto end = std::remove_if(entries_.begin(), entries_.end(),
                              [](const Entry& e) { return e.body == kNoBody; });
    entries_.erase(end, entries_.end());
    hasRemoved_ = false;
}

void SortAndSweepBroadphase::chooseAxis() {
    // Variance of the box centres per axis, in double so 10k bodies far from the origin
    // do not cancel. Parked (non-finite) boxes are left out.
    double sum[3] = {0, 0, 0}, sum2[3] = {0, 0, 0};
    size_t n = 0;
    for (const Entry& e : entries_) {
        if (!std::isfinite(e.box.min.x) || !std::isfinite(e.box.max.x)) continue;
        for (int k = 0; k < 3; ++k) {
            double c = 0.5 * (double(e.box.min[k]) + double(e.box.max[k]));
            sum[k] += c;
            sum2[k] += c * c;
        }
        ++n;
    }
    if (n == 0) {
        if (axis_ < 0) axis_ = 0;
        return;
    }
    double var[3];
    for (int k = 0; k < 3; ++k)
        var[k] = sum2[k] / double(n) - (sum[k] / double(n)) * (sum[k] / double(n));
    int best = 0;
    for (int k = 1; k < 3; ++k)
        if (var[k] > var[best]) best = k;
    if (axis_ < 0 || var[best] > kAxisSwitchRatio * var[axis_]) {
        if (best != axis_) needsFullSort_ = true;
        axis_ = best;
    }
}

void SortAndSweepBroadphase::sortEntries() {
    const int ax = axis_;
    auto key = [ax](const Entry& e) { return e.box.min[ax]; };
    // Many new entries at the tail would make insertion sort quadratic.
    if (addedSinceSort_ > 64 && addedSinceSort_ * 8 > entries_.size()) needsFullSort_ = true;
    if (!needsFullSort_) {
        // Insertion sort: the list is nearly sorted from the last step. A budget on the
        // shifts catches big rearrangements (teleports, an explosion) and falls back.
        size_t budget = 8 * entries_.size() + 256;
        const size_t n = entries_.size();
        for (size_t i = 1; i < n && !needsFullSort_; ++i) {
            Entry e = entries_[i];
            float k = key(e);
            size_t j = i;
            for (; j > 0 && k < key(entries_[j - 1]); --j)
                entries_[j] = entries_[j - 1];
            entries_[j] = e;
            size_t shifts = i - j;
            if (shifts > budget)
                needsFullSort_ = true;
            else
                budget -= shifts;
        }
    }
    if (needsFullSort_) {
        std::sort(entries_.begin(), entries_.end(),
                  [&](const Entry& a, const Entry& b) { return key(a) < key(b); });
    }
    needsFullSort_ = false;
    addedSinceSort_ = 0;
    for (size_t i = 0; i < entries_.size(); ++i)
        entryOf_[entries_[i].body] = uint32_t(i);
}

void SortAndSweepBroadphase::collectPairs(std::vector<BodyPair>& out, BroadphaseStats& stats) {
    if (hasRemoved_) compact();
    chooseAxis();
    sortEntries();

    const int ax = axis_, ax1 = (ax + 1) % 3, ax2 = (ax + 2) % 3;
    const size_t n = entries_.size();
    lo_.resize(n);
    cross_.resize(n);
    for (size_t i = 0; i < n; ++i) {
        const Aabb& b = entries_[i].box;
        lo_[i] = b.min[ax];
        cross_[i] = {b.min[ax1], b.max[ax1], b.min[ax2], b.max[ax2]};
    }

    // Every box j after i starts at or after i's start, so j can only touch i when it
    // starts before i ends; the first j that starts later ends the scan for i. On the
    // sweep axis that leaves lo[j] <= hi[i] (lo[i] <= hi[j] follows from the order, as
    // usable boxes have lo <= hi); the other axes are the comparisons of `overlaps()`,
    // joined with & rather than && because most candidates fail on one axis or the other
    // at random, and one rarely taken branch beats four mispredicted ones.
    int64_t tested = 0;
    for (size_t i = 0; i < n; ++i) {
        const float hi = entries_[i].box.max[ax];
        const Cross ci = cross_[i];
        for (size_t j = i + 1; j < n && lo_[j] <= hi; ++j) {
            ++tested;
            const Cross& cj = cross_[j];
            bool hit = (cj.min1 <= ci.max1) & (ci.min1 <= cj.max1) & (cj.min2 <= ci.max2) &
                       (ci.min2 <= cj.max2);
            if (!hit) continue;
            uint32_t a = entries_[i].body, b = entries_[j].body;
            if (!PairFilter::passes(proxies_[a], proxies_[b])) continue;
            out.push_back(a < b ? BodyPair{a, b} : BodyPair{b, a});
        }
    }
    stats.pairsTested += tested;
    sortPairs(out);
}

void SortAndSweepBroadphase::walk(const BroadphaseVisitor& visit) const {
    for (size_t i = 0; i < entries_.size(); ++i) {
        if (entries_[i].body == kNoBody) continue;
        visit(BroadphaseNode{entries_[i].box, 0, int(i), entries_[i].body});
    }
}

} // namespace tumble
