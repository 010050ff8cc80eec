#pragma once
/// \file pair_filter.h
/// Which overlapping pairs the broad phase keeps. Every broad phase applies the same
/// filter to the same pairs, so switching algorithms never changes the pair list.
#include "collision/broadphase_types.h"
#include <cstdint>
#include <functional>
#include <vector>

namespace tumble {

/// Decides whether two proxies whose fat boxes overlap become a pair.
///
/// The cheap tests (`passes`) run inside each broad phase's loop:
///   1. layers: kept when (a.mask & b.layer) && (b.mask & a.layer);
///   2. motion: at least one of the two must be able to move now, i.e. be neither static
///      (static and kinematic bodies: nothing pushes them) nor sleeping. This skips
///      static-static, sleeping-sleeping and sleeping-static.
/// The hook runs last, once per surviving pair, in sorted (a, b) order, so a hook with
/// side effects sees the same calls whichever broad phase is active.
struct PairFilter {
    /// Optional veto for pairs that must not collide (the two bodies of a joint with
    /// collideConnected off, say). Bodies are dense indices, a < b. Return false to drop.
    std::function<bool(uint32_t a, uint32_t b)> shouldCollide;

    /// The layer and motion tests (everything but the hook).
    static bool passes(const BroadphaseProxy& a, const BroadphaseProxy& b) {
        if ((a.mask & b.layer) == 0 || (b.mask & a.layer) == 0) return false;
        bool aMoves = !a.isStatic && !a.sleeping;
        bool bMoves = !b.isStatic && !b.sleeping;
        return aMoves || bMoves;
    }

    /// Run the hook over sorted pairs, keeping those it accepts (order preserved).
    void applyHook(std::vector<BodyPair>& pairs) const;
};

} // namespace tumble
