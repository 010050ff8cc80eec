#include "collision/dynamic_tree.h"

#include <algorithm>
#include <cstdlib>
#include <glm/common.hpp>

namespace tumble {
namespace {

Aabb merge(const Aabb& a, const Aabb& b) {
    return {glm::min(a.min, b.min), glm::max(a.max, b.max)};
}

/// Half the surface area, m^2: the SAH only compares areas, so the factor 2 is dropped.
float area(const Aabb& b) {
    glm::vec3 d = b.max - b.min;
    return d.x * d.y + d.y * d.z + d.z * d.x;
}

} // namespace

uint32_t DynamicTree::allocate() {
    if (freeList_ == kNull) {
        nodes_.emplace_back();
        links_.emplace_back();
        return uint32_t(nodes_.size() - 1);
    }
    uint32_t node = freeList_;
    freeList_ = links_[node].parent;
    nodes_[node] = Node{};
    links_[node] = Link{};
    return node;
}

void DynamicTree::release(uint32_t node) {
    nodes_[node] = Node{};
    links_[node] = Link{freeList_, -1};
    freeList_ = node;
}

uint32_t DynamicTree::insert(const Aabb& box, uint32_t userData) {
    uint32_t leaf = allocate();
    nodes_[leaf].box = box;
    nodes_[leaf].child2 = userData;
    links_[leaf].height = 0;
    insertLeaf(leaf);
    ++leafCount_;
    return leaf;
}

void DynamicTree::remove(uint32_t leaf) {
    removeLeaf(leaf);
    release(leaf);
    --leafCount_;
}

void DynamicTree::update(uint32_t leaf, const Aabb& box) {
    removeLeaf(leaf);
    nodes_[leaf].box = box;
    insertLeaf(leaf);
}

uint32_t DynamicTree::findSibling(const Aabb& box) const {
    // Greedy descent on the surface-area heuristic. Pairing the new leaf with node n
    // costs area(n + leaf) for the new parent, and every ancestor grows by its own
    // (area(ancestor + leaf) - area(ancestor)): the "inherited" cost of going deeper.
    uint32_t index = root_;
    while (links_[index].height > 0) {
        const Node& n = nodes_[index];
        float nodeArea = area(n.box);
        float combinedArea = area(merge(n.box, box));
        float cost = 2.0f * combinedArea;                   // new parent here
        float inherited = 2.0f * (combinedArea - nodeArea); // this node grows
        auto descendCost = [&](uint32_t c) {
            const Aabb& child = nodes_[c].box;
            float grown = area(merge(box, child));
            return links_[c].height == 0 ? grown + inherited : grown - area(child) + inherited;
        };
        float cost1 = descendCost(n.child1);
        float cost2 = descendCost(n.child2);
        // Stopping here would hang the leaf beside a subtree of height >= 2 and leave the
        // new parent out of balance by more than one rotation can mend; only subtrees of
        // height <= 1 may take the leaf as a sibling, which keeps the tree strictly AVL.
        if (links_[index].height <= 1 && cost < cost1 && cost < cost2) break;
        index = cost1 < cost2 ? n.child1 : n.child2;
    }
    return index;
}

void DynamicTree::replaceChild(uint32_t parent, uint32_t oldChild, uint32_t newChild) {
    if (parent == kNull) {
        root_ = newChild;
        return;
    }
    Node& p = nodes_[parent];
    (p.child1 == oldChild ? p.child1 : p.child2) = newChild;
}

void DynamicTree::insertLeaf(uint32_t leaf) {
    if (root_ == kNull) {
        root_ = leaf;
        links_[leaf].parent = kNull;
        return;
    }
    const Aabb box = nodes_[leaf].box;
    uint32_t sibling = findSibling(box);
    uint32_t parent = allocate(); // may grow the arrays: take no references before this
    uint32_t oldParent = links_[sibling].parent;
    nodes_[parent].box = merge(box, nodes_[sibling].box);
    nodes_[parent].child1 = sibling;
    nodes_[parent].child2 = leaf;
    links_[parent] = Link{oldParent, links_[sibling].height + 1};
    links_[sibling].parent = parent;
    links_[leaf].parent = parent;
    replaceChild(oldParent, sibling, parent);
    refit(oldParent);
}

void DynamicTree::removeLeaf(uint32_t leaf) {
    if (leaf == root_) {
        root_ = kNull;
        return;
    }
    uint32_t parent = links_[leaf].parent;
    uint32_t grand = links_[parent].parent;
    const Node& p = nodes_[parent];
    uint32_t sibling = p.child1 == leaf ? p.child2 : p.child1;
    links_[sibling].parent = grand;
    replaceChild(grand, parent, sibling);
    release(parent);
    links_[leaf].parent = kNull;
    refit(grand);
}

void DynamicTree::refit(uint32_t node) {
    // Walk to the root, rebalancing, then recomputing each box and height.
    while (node != kNull) {
        node = balance(node);
        Node& n = nodes_[node];
        n.box = merge(nodes_[n.child1].box, nodes_[n.child2].box);
        links_[node].height = 1 + std::max(links_[n.child1].height, links_[n.child2].height);
        node = links_[node].parent;
    }
}

uint32_t DynamicTree::balance(uint32_t a) {
    if (links_[a].height < 2) return a;
    const Node& n = nodes_[a];
    int diff = links_[n.child2].height - links_[n.child1].height;
    if (diff > 1) return rotateUp(a, n.child2);
    if (diff < -1) return rotateUp(a, n.child1);
    return a;
}

uint32_t DynamicTree::rotateUp(uint32_t a, uint32_t tall) {
    // Before: a = (short, tall), tall = (keep, give), keep the higher of tall's children.
    // After:  tall = (a, keep), a = (short, give).
    // This is one AVL rotation: when tall is two levels above short, every sibling pair
    // ends within one level of each other.
    Node& A = nodes_[a];
    Node& T = nodes_[tall];
    uint32_t f = T.child1, g = T.child2;
    uint32_t keep = links_[f].height > links_[g].height ? f : g;
    uint32_t give = keep == f ? g : f;

    uint32_t up = links_[a].parent;
    links_[tall].parent = up;
    replaceChild(up, a, tall);
    links_[a].parent = tall;
    (A.child1 == tall ? A.child1 : A.child2) = give;
    links_[give].parent = a;
    T.child1 = a;
    T.child2 = keep;

    A.box = merge(nodes_[A.child1].box, nodes_[A.child2].box);
    links_[a].height = 1 + std::max(links_[A.child1].height, links_[A.child2].height);
    T.box = merge(A.box, nodes_[keep].box);
    links_[tall].height = 1 + std::max(links_[a].height, links_[keep].height);
    return tall;
}

bool DynamicTree::validate() const {
    int leaves = 0;
    if (root_ != kNull && !validateNode(root_, kNull, leaves)) return false;
    int freeCount = 0;
    for (uint32_t f = freeList_; f != kNull; f = links_[f].parent) {
        if (links_[f].height != -1 || ++freeCount > int(nodes_.size())) return false;
    }
    // Every node is either free or in the tree: a full binary tree has 2 * leaves - 1.
    int used = leaves == 0 ? 0 : 2 * leaves - 1;
    return leaves == leafCount_ && used + freeCount == int(nodes_.size());
}

bool DynamicTree::validateNode(uint32_t node, uint32_t parent, int& leaves) const {
    const Node& n = nodes_[node];
    const Link& l = links_[node];
    if (l.parent != parent) return false;
    if (n.child1 == kNull) {
        ++leaves;
        return l.height == 0;
    }
    if (l.height <= 0 || n.child2 == kNull) return false;
    int h1 = links_[n.child1].height, h2 = links_[n.child2].height;
    if (l.height != 1 + std::max(h1, h2) || std::abs(h1 - h2) > 1) return false;
    if (!encloses(n.box, nodes_[n.child1].box) || !encloses(n.box, nodes_[n.child2].box))
        return false;
    return validateNode(n.child1, node, leaves) && validateNode(n.child2, node, leaves);
}

} // namespace tumble
