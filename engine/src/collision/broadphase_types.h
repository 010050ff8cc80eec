#pragma once
/// \file broadphase_types.h
/// Plain records shared by every broad phase: a proxy per body and the pairs they report.
#include "tumble/shape.h"
#include <cstdint>
#include <limits>

namespace tumble {

/// Marks "no body" / "no node" in broad-phase arrays.
inline constexpr uint32_t kNoBody = std::numeric_limits<uint32_t>::max();

/// What a body tells the broad phase about how it may be paired.
struct ProxyDef {
    uint32_t layer = 1;     ///< collision layer bits this body is on
    uint32_t mask = 0xFFFF; ///< layers this body collides with
    bool isStatic = false;  ///< static or kinematic: contacts never push it
    bool sleeping = false;  ///< asleep: pairs with other non-moving proxies are skipped
};

/// The broad phase's record of one body. `box` is what pairs are found with.
struct BroadphaseProxy {
    Aabb box;                ///< m, fat box: tight box grown by the broad phase's margin
    Aabb tight;              ///< m, the shape's box as last given (kept to rebuild)
    uint32_t body = kNoBody; ///< dense body index; kNoBody when the slot is empty
    uint32_t layer = 1;
    uint32_t mask = 0xFFFF;
    bool isStatic = false;
    bool sleeping = false;
};

/// A candidate pair of bodies, a < b.
struct BodyPair {
    uint32_t a = 0;
    uint32_t b = 0;
    friend bool operator==(const BodyPair&, const BodyPair&) = default;
    friend bool operator<(const BodyPair& l, const BodyPair& r) {
        return l.a != r.a ? l.a < r.a : l.b < r.b;
    }
};

/// What one findPairs call did (the stats panel shows these).
struct BroadphaseStats {
    int64_t pairsTested = 0; ///< box-vs-box overlap tests (tree nodes included)
    int64_t pairsFound = 0;  ///< pairs reported after filtering
    int64_t reinserted = 0;  ///< tree: leaves re-inserted since the last call
};

/// Boxes overlap when they overlap or touch on all three axes. Every broad phase decides
/// with these same comparisons, so they agree bit for bit.
inline bool overlaps(const Aabb& a, const Aabb& b) {
    return a.min.x <= b.max.x && b.min.x <= a.max.x && a.min.y <= b.max.y && b.min.y <= a.max.y &&
           a.min.z <= b.max.z && b.min.z <= a.max.z;
}

/// The same comparisons as `overlaps()`, joined with & so the compiler emits no branches:
/// for hot loops where the outcome is unpredictable.
inline bool overlapsFlat(const Aabb& a, const Aabb& b) {
    return (a.min.x <= b.max.x) & (b.min.x <= a.max.x) & (a.min.y <= b.max.y) &
           (b.min.y <= a.max.y) & (a.min.z <= b.max.z) & (b.min.z <= a.max.z);
}

/// True when `outer` holds `inner` entirely (touching faces included).
inline bool encloses(const Aabb& outer, const Aabb& inner) {
    return outer.min.x <= inner.min.x && outer.min.y <= inner.min.y && outer.min.z <= inner.min.z &&
           inner.max.x <= outer.max.x && inner.max.y <= outer.max.y && inner.max.z <= outer.max.z;
}

} // namespace tumble
