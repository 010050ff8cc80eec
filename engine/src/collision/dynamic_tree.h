#pragma once
/// \file dynamic_tree.h
/// A dynamic bounding-volume tree: leaves hold boxes and a 32-bit user value, internal
/// nodes hold the union of their two children. Insertion descends toward the sibling
/// that grows the tree's surface area least (the surface-area heuristic: a query's cost
/// is roughly proportional to the area of the boxes it must open) down to a node of
/// height 0 or 1. Every insertion and removal then rebalances on the way up with AVL
/// rotations, so two siblings never differ in height by more than one and the height
/// stays below 1.44 log2(n + 2) whatever the insertion order.
///
/// Nodes live in one array with a free list: no heap allocation per node, and node
/// indices stay valid while the array grows. The tree knows nothing of bodies or margins.
#include "collision/broadphase_types.h"
#include <cstdint>
#include <vector>

namespace tumble {

class DynamicTree {
  public:
    static constexpr uint32_t kNull = kNoBody;

    /// Add a leaf; returns its node index (stable until the leaf is removed).
    uint32_t insert(const Aabb& box, uint32_t userData);
    void remove(uint32_t leaf);
    /// Give a leaf a new box and move it to the best place for it (same node index).
    void update(uint32_t leaf, const Aabb& box);

    const Aabb& box(uint32_t node) const { return nodes_[node].box; }
    uint32_t userData(uint32_t node) const { return nodes_[node].child2; }
    bool isLeaf(uint32_t node) const { return nodes_[node].child1 == kNull; }
    uint32_t root() const { return root_; }
    /// Edges on the longest root-to-leaf path; 0 for a single leaf, -1 when empty.
    int height() const { return root_ == kNull ? -1 : links_[root_].height; }
    int leafCount() const { return leafCount_; }

    /// Call `hit(leaf, userData)` for every leaf whose box overlaps `box`; adds the number
    /// of node boxes compared to `tested`. Leaves are visited in a fixed (tree) order.
    template <class Hit> void query(const Aabb& box, Hit&& hit, int64_t& tested) const;

    /// Call `visit(node, depth)` for every node, parents before children.
    template <class Visit> void walk(Visit&& visit) const;

    /// Check parents, children, heights, balance and that every box holds its children.
    bool validate() const;

  private:
    /// What a query reads, 32 bytes: two nodes per cache line.
    struct Node {
        Aabb box;
        uint32_t child1 = kNull; ///< kNull for a leaf
        uint32_t child2 = kNull; ///< a leaf's user value
    };
    /// What only edits read, kept apart so queries do not drag it through the cache.
    struct Link {
        uint32_t parent = kNull; ///< for a free node: the next free node
        int32_t height = -1;     ///< 0 for a leaf, -1 for a free node
    };

    uint32_t allocate();
    void release(uint32_t node);
    uint32_t findSibling(const Aabb& box) const;
    void insertLeaf(uint32_t leaf);
    void removeLeaf(uint32_t leaf);
    void refit(uint32_t node);
    uint32_t balance(uint32_t a);
    uint32_t rotateUp(uint32_t a, uint32_t tall);
    void replaceChild(uint32_t parent, uint32_t oldChild, uint32_t newChild);
    bool validateNode(uint32_t node, uint32_t parent, int& leaves) const;

    /// A traversal stack that lives on the machine stack unless the tree is unusually deep.
    class Stack {
      public:
        explicit Stack(int height);
        void push(uint32_t node) { data_[size_++] = node; }
        /// Writes unconditionally, keeps the entry only when `keep`.
        void pushIf(uint32_t node, bool keep) {
            data_[size_] = node;
            size_ += keep;
        }
        uint32_t pop() { return data_[--size_]; }
        bool empty() const { return size_ == 0; }

      private:
        uint32_t local_[128];
        std::vector<uint32_t> heap_;
        uint32_t* data_;
        size_t size_ = 0;
    };

    std::vector<Node> nodes_;
    std::vector<Link> links_; ///< parallel to nodes_
    uint32_t root_ = kNull;
    uint32_t freeList_ = kNull;
    int leafCount_ = 0;
};

inline DynamicTree::Stack::Stack(int height) : data_(local_) {
    // Depth-first search holds at most one pending sibling per level, plus the node;
    // pushIf writes one slot past the end before deciding.
    size_t need = size_t(height < 0 ? 0 : height) + 3;
    if (need > sizeof(local_) / sizeof(local_[0])) {
        heap_.resize(need);
        data_ = heap_.data();
    }
}

template <class Hit> void DynamicTree::query(const Aabb& box, Hit&& hit, int64_t& tested) const {
    if (root_ == kNull) return;
    ++tested;
    if (!overlaps(nodes_[root_].box, box)) return;
    // Only nodes already known to overlap go on the stack. Both children are tested
    // together and pushed without a branch: whether a child overlaps is close to a coin
    // toss, and a mispredicted branch costs more than the test.
    Stack stack(height());
    stack.push(root_);
    int64_t count = 0;
    while (!stack.empty()) {
        uint32_t index = stack.pop();
        const Node& n = nodes_[index];
        if (n.child1 == kNull) {
            hit(index, n.child2);
            continue;
        }
        bool o1 = overlapsFlat(nodes_[n.child1].box, box);
        bool o2 = overlapsFlat(nodes_[n.child2].box, box);
        stack.pushIf(n.child2, o2);
        stack.pushIf(n.child1, o1);
        count += 2;
    }
    tested += count;
}

template <class Visit> void DynamicTree::walk(Visit&& visit) const {
    if (root_ == kNull) return;
    struct Item {
        uint32_t node;
        int depth;
    };
    std::vector<Item> stack{{root_, 0}};
    while (!stack.empty()) {
        Item it = stack.back();
        stack.pop_back();
        visit(it.node, it.depth);
        const Node& n = nodes_[it.node];
        if (n.child1 != kNull) {
            stack.push_back({n.child2, it.depth + 1});
            stack.push_back({n.child1, it.depth + 1});
        }
    }
}

} // namespace tumble
