#pragma once
/// \file sort_and_sweep.h
/// Sort and sweep (sweep and prune on one axis): proxies sorted by the low end of their
/// fat box on the axis where box centres spread most; a sweep compares each box only with
/// the boxes that start before it ends on that axis.
///
/// Between steps the list is nearly sorted already (bodies move a little), so it is
/// re-sorted by insertion sort in O(n + swaps). The axis is re-chosen only when the spread
/// on another axis grows well past the current one, because a new axis costs a full sort.
#include "collision/broadphase.h"

namespace tumble {

class SortAndSweepBroadphase final : public Broadphase {
  public:
    explicit SortAndSweepBroadphase(float margin) : Broadphase(margin) {}
    BroadphaseType type() const override { return BroadphaseType::SortAndSweep; }
    void walk(const BroadphaseVisitor& visit) const override;
    int sweepAxis() const override { return axis_; }

    /// Switch axis when another axis's centre variance exceeds the current one's by this.
    static constexpr double kAxisSwitchRatio = 1.5;

  protected:
    void onAdd(uint32_t body) override;
    void onRemove(uint32_t body) override;
    void onMove(uint32_t body, const glm::vec3& displacement) override;
    void collectPairs(std::vector<BodyPair>& out, BroadphaseStats& stats) override;

  private:
    struct Entry {
        Aabb box;      ///< fat box (copy, so the sweep never leaves this array)
        uint32_t body; ///< kNoBody once removed, until the next compaction
    };
    void compact();
    void chooseAxis();
    void sortEntries();

    std::vector<Entry> entries_;    ///< in sweep order after each collectPairs
    std::vector<uint32_t> entryOf_; ///< by body: index into entries_
    /// The two other axes of an entry, packed for the sweep's inner loop.
    struct Cross {
        float min1, max1, min2, max2;
    };
    std::vector<float> lo_;    ///< sweep scratch: entries_[i].box.min[axis_]
    std::vector<Cross> cross_; ///< sweep scratch: entries_[i] on the other two axes
    int axis_ = -1;            ///< -1 until the first sort
    bool needsFullSort_ = true;
    bool hasRemoved_ = false;
    size_t addedSinceSort_ = 0;
};

} // namespace tumble
