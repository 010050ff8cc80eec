#pragma once
/// \file broadphase.h
/// The broad phase: which pairs of bodies are close enough for the narrow phase to look at.
///
/// What every implementation reports, exactly: the pairs whose *fat* boxes overlap (or
/// touch) and that pass the PairFilter, each pair once with a < b, sorted by (a, b). The
/// fat box is the tight box given to add()/move() grown by `margin` on every side; all
/// three broad phases store it with the same arithmetic and compare it with the same
/// `overlaps()`, so they return identical lists and the step stays deterministic whichever
/// is chosen. The fat box does not depend on history, so the contact cache can drop a pair
/// as soon as it leaves the list ("its fat boxes stopped overlapping").
///
/// The dynamic tree keeps its own, larger *enlarged* boxes (fat box + slack + predicted
/// motion) to stay incremental: a leaf is re-inserted only when the fat box leaves the
/// enlarged box. Enlarged boxes only prune; the final test is always on the fat boxes.
///
/// A non-finite or inverted (min > max) tight box is parked: its fat box becomes empty
/// (min = +inf, max = -inf) and overlaps nothing. Every usable fat box has min <= max.
#include "collision/broadphase_types.h"
#include "collision/pair_filter.h"
#include "tumble/settings.h"
#include <cstdint>
#include <functional>
#include <glm/vec3.hpp>
#include <memory>
#include <vector>

namespace tumble {

class DebugDraw;

/// One node the UI can show: a tree node, or an entry of the sort-and-sweep list.
struct BroadphaseNode {
    Aabb box;                ///< m: the tree's enlarged box, or a proxy's fat box
    int depth = 0;           ///< tree depth (root 0); 0 for flat lists
    int order = 0;           ///< visiting order (position on the sweep axis for sort and sweep)
    uint32_t body = kNoBody; ///< the proxy's body; kNoBody for an internal tree node
};
using BroadphaseVisitor = std::function<void(const BroadphaseNode&)>;

/// The interface World::step talks to. Body indices are dense and need not be contiguous;
/// per-body arrays grow to the largest index added.
class Broadphase {
  public:
    /// `margin` (m) is added to every side of a tight box to make its fat box.
    explicit Broadphase(float margin);
    virtual ~Broadphase() = default;
    Broadphase(const Broadphase&) = delete;
    Broadphase& operator=(const Broadphase&) = delete;

    virtual BroadphaseType type() const = 0;

    /// Start tracking a body. Adding a body that is already present replaces it.
    void add(uint32_t body, const Aabb& tight, const ProxyDef& def = {});
    /// Stop tracking a body; ignored when absent.
    void remove(uint32_t body);
    /// The body's new tight box (m) and how far it moved since the last call (m), which
    /// the tree uses to stretch its enlarged box ahead of the motion.
    void move(uint32_t body, const Aabb& tight, const glm::vec3& displacement);
    void setSleeping(uint32_t body, bool sleeping);
    void setLayers(uint32_t body, uint32_t layer, uint32_t mask);

    /// Replace `out` with the current pairs (see the file comment) and `stats` with counts.
    void findPairs(const PairFilter& filter, std::vector<BodyPair>& out, BroadphaseStats& stats);
    /// Threads findPairs may spread its queries over (the step's; null: this thread alone).
    void setTasks(class TaskSystem* tasks) { tasks_ = tasks; }

    /// Visit every node for drawing (tree: all nodes, parents first; flat: every proxy).
    virtual void walk(const BroadphaseVisitor& visit) const = 0;
    /// The axis (0 x, 1 y, 2 z) sort and sweep currently sorts on; -1 for the others.
    virtual int sweepAxis() const { return -1; }

    bool has(uint32_t body) const {
        return body < proxies_.size() && proxies_[body].body != kNoBody;
    }
    /// The proxy of a present body (check has() first).
    const BroadphaseProxy& proxy(uint32_t body) const { return proxies_[body]; }
    /// All proxy slots by body index; empty slots have body == kNoBody.
    const std::vector<BroadphaseProxy>& proxies() const { return proxies_; }
    int proxyCount() const { return count_; }
    float margin() const { return margin_; }

  protected:
    virtual void onAdd(uint32_t body) = 0;
    virtual void onRemove(uint32_t body) = 0;
    virtual void onMove(uint32_t body, const glm::vec3& displacement) = 0;
    /// Replace `out` with every pair whose fat boxes overlap and that passes
    /// PairFilter::passes: a < b, no duplicates, sorted by (a, b).
    virtual void collectPairs(std::vector<BodyPair>& out, BroadphaseStats& stats) = 0;

    /// Sort pairs by (a, b): a counting sort on a (bodies are dense), then each run by b.
    void sortPairs(std::vector<BodyPair>& pairs);

    std::vector<BroadphaseProxy> proxies_; ///< by body index
    class TaskSystem* tasks_ = nullptr;    ///< setTasks

  private:
    float margin_;
    int count_ = 0;
    std::vector<uint32_t> runStart_; ///< sortPairs scratch
    std::vector<BodyPair> sorted_;   ///< sortPairs scratch
};

/// A new, empty broad phase of the given type.
std::unique_ptr<Broadphase> makeBroadphase(BroadphaseType type, float margin);

/// A broad phase of another type holding the same proxies (tight boxes, layers, flags)
/// as `from`, for switching live when Settings::broadphase changes.
std::unique_ptr<Broadphase> rebuildBroadphase(const Broadphase& from, BroadphaseType type,
                                              float margin);

/// Draw the broad phase's boxes: tree nodes coloured by depth (up to maxDepth), or the
/// proxies' fat boxes with their intervals on the sweep axis.
void drawBroadphase(const Broadphase& broadphase, DebugDraw& draw, int maxDepth = 64);

} // namespace tumble
