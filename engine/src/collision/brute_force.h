#pragma once
/// \file brute_force.h
/// Every unique pair (i < j) compared: O(n^2), no cleverness, the oracle the other broad
/// phases are tested against.
#include "collision/broadphase.h"

namespace tumble {

class BruteForceBroadphase final : public Broadphase {
  public:
    explicit BruteForceBroadphase(float margin) : Broadphase(margin) {}
    BroadphaseType type() const override { return BroadphaseType::BruteForce; }
    void walk(const BroadphaseVisitor& visit) const override;

  protected:
    void onAdd(uint32_t body) override;
    void onRemove(uint32_t body) override;
    void onMove(uint32_t body, const glm::vec3& displacement) override;
    void collectPairs(std::vector<BodyPair>& out, BroadphaseStats& stats) override;

  private:
    // Dense copies of the fat boxes so the double loop streams through memory.
    std::vector<Aabb> boxes_;
    std::vector<uint32_t> bodies_; ///< body of boxes_[i]
    std::vector<uint32_t> slotOf_; ///< by body: index into boxes_
};

} // namespace tumble
