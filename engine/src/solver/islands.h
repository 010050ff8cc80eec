#pragma once
// Islands and sleeping. An island is a set of dynamic bodies connected through touching
// contacts (static bodies do not connect islands: a floor would glue the whole world into
// one). An island sleeps when every body in it has stayed under both thresholds for
// timeToSleep; a sleeping island wakes as a whole when an awake body touches any of it.
#include <cstdint>
#include <span>
#include <vector>

namespace tumble {

/// Union-find over body slots with path halving; deterministic (the root is the smallest index).
class IslandBuilder {
public:
    void reset(size_t bodyCount);
    void link(uint32_t a, uint32_t b);
    uint32_t find(uint32_t a);
    /// Number of islands among the given bodies.
    int count(std::span<const uint32_t> bodies);

private:
    std::vector<uint32_t> parent_;
};

} // namespace tumble
