#pragma once
// The persistent contact cache's matching rule: a point of this step's manifold inherits the
// accumulated impulses of last step's point with the same feature id, or failing that, of
// the nearest unmatched old point within a short distance. Matching by feature id and never
// by a point's index in the clipped polygon is what keeps warm starting stable when the
// clipper returns the same points in another order.
#include "tumble/contact.h"

namespace tumble {

/// Distance (m) within which an old point without a matching feature id is taken as the
/// same contact.
inline constexpr float kContactMatchDistance = 0.02f;

/// Copy impulses from `old` into the points of `fresh` that match; sets `persisted`.
/// `old` may be null (a new pair). Points left unmatched start from zero impulses. The
/// friction impulses stay in the old tangent basis, which is copied along with them.
void inheritImpulses(const ContactManifoldInfo* old, ContactManifoldInfo& fresh);

} // namespace tumble
