#include "solver/islands.h"

#include <numeric>

namespace tumble {

void IslandBuilder::reset(size_t bodyCount) {
    parent_.resize(bodyCount);
    std::iota(parent_.begin(), parent_.end(), 0u);
}

uint32_t IslandBuilder::find(uint32_t a) {
    while (parent_[a] != a) {
        parent_[a] = parent_[parent_[a]];
        a = parent_[a];
    }
    return a;
}

void IslandBuilder::link(uint32_t a, uint32_t b) {
    uint32_t ra = find(a), rb = find(b);
    if (ra == rb) return;
    // The smaller index becomes the root, so island ids do not depend on link order.
    if (ra < rb) parent_[rb] = ra;
    else parent_[ra] = rb;
}

int IslandBuilder::count(std::span<const uint32_t> bodies) {
    int n = 0;
    for (uint32_t b : bodies)
        if (find(b) == b) ++n;
    return n;
}

} // namespace tumble
