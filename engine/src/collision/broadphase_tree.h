#pragma once
/// \file broadphase_tree.h
/// The dynamic-tree broad phase. Each proxy is a tree leaf whose *enlarged* box is its fat
/// box grown by a slack and stretched ahead of its motion; a leaf is re-inserted only when
/// its fat box leaves the enlarged box (or the enlarged box has become far too big).
///
/// Pairs whose enlarged boxes overlap ("candidates") are kept from step to step, sorted.
/// They can only change when an enlarged box changes, so each step queries the tree for
/// the re-inserted leaves only (Box2D's move buffer), merges what they find into the
/// candidates, drops candidates whose enlarged boxes have parted, and reports those whose
/// fat boxes overlap. The step costs O(candidates + re-inserted * log n), not O(n log n).
#include "collision/broadphase.h"
#include "collision/dynamic_tree.h"

namespace tumble {

/// How generously the tree enlarges boxes. Larger: fewer re-insertions, more candidates.
struct TreeOptions {
    float slack = 0.2f;        ///< m added to every side of the fat box
    float predict = 4.0f;      ///< the box stretches by this many last-step displacements
    float shrinkFactor = 4.0f; ///< re-insert when the box exceeds this multiple of the above
};

class TreeBroadphase final : public Broadphase {
  public:
    explicit TreeBroadphase(float margin, const TreeOptions& options = {})
        : Broadphase(margin), options_(options) {}
    BroadphaseType type() const override { return BroadphaseType::DynamicTree; }
    void walk(const BroadphaseVisitor& visit) const override;

    const DynamicTree& tree() const { return tree_; }
    /// Pairs whose enlarged boxes overlapped at the last findPairs.
    size_t candidateCount() const { return candidates_.size(); }

  protected:
    void onAdd(uint32_t body) override;
    void onRemove(uint32_t body) override;
    void onMove(uint32_t body, const glm::vec3& displacement) override;
    void collectPairs(std::vector<BodyPair>& out, BroadphaseStats& stats) override;

  private:
    Aabb enlarge(const Aabb& fat, const glm::vec3& displacement, float scale) const;
    void markMoved(uint32_t body);
    void findNewCandidates(BroadphaseStats& stats);

    TreeOptions options_;
    DynamicTree tree_;
    std::vector<uint32_t> leafOf_;      ///< by body: tree leaf, or kNoBody
    std::vector<uint8_t> moved_;        ///< by body: re-inserted since the last findPairs
    std::vector<uint32_t> movedBodies_; ///< the bodies with moved_ set (may repeat)
    std::vector<BodyPair> candidates_;  ///< sorted, unique (merged with fresh_ in place)
    std::vector<BodyPair> fresh_;       ///< scratch: pairs found by this step's queries
    std::vector<uint32_t> queried_;     ///< scratch: this step's moved bodies, each once
    /// Scratch: what one block of queries found (they run on the step's threads).
    struct QueryBlock {
        std::vector<BodyPair> pairs;
        int64_t tested = 0;
    };
    std::vector<QueryBlock> queryBlocks_;
    int64_t reinserted_ = 0;
};

} // namespace tumble
