#pragma once
// The persistent contact cache's matching rule: a point of this step's manifold inherits the
// accumulated impulses of last step's point with the same feature id, or failing that, of
// the nearest unmatched old point within a short distance. Matching by feature id and never
// by a point's index in the clipped polygon is what keeps warm starting stable when the
// clipper returns the same points in another order.
#include "core/float4.h"
#include "tumble/contact.h"

#include <glm/gtc/quaternion.hpp>

namespace tumble {

/// Distance (m) within which an old point without a matching feature id is taken as the
/// same contact.
inline constexpr float kContactMatchDistance = 0.02f;

/// A field of a manifold's four points as lanes (lane i: point i), zero in the lanes not
/// `present` (presentLanes). Built whole in registers: lanes stored one by one and then read
/// as a vector wait for the stores to drain.
template <class F> float4 pointLanes(const ContactPointInfo (&p)[4], int4 present, F field) {
    return present ? float4{field(p[0]), field(p[1]), field(p[2]), field(p[3])} : float4{};
}
inline LaneVectors pointLanes(const ContactPointInfo (&p)[4], int4 present,
                              glm::vec3 ContactPointInfo::*member) {
    return {pointLanes(p, present, [&](const ContactPointInfo& q) { return (q.*member).x; }),
            pointLanes(p, present, [&](const ContactPointInfo& q) { return (q.*member).y; }),
            pointLanes(p, present, [&](const ContactPointInfo& q) { return (q.*member).z; })};
}

/// Copy impulses from `old` into the points of `fresh` that match; sets `persisted`.
/// `old` may be null (a new pair). Points left unmatched start from zero impulses. The
/// friction impulses stay in the old tangent basis, which is copied along with them.
void inheritImpulses(const ContactManifoldInfo* old, ContactManifoldInfo& fresh);

/// A touching pair of polyhedra at rest against each other keeps its manifold: its points are
/// the same surface points (the local anchors), measured again at the bodies' new poses,
///   pA = xA + qA anchorA,  pB = xB + qB anchorB,  n = qA localNormalA,
///   separation = (pB - pA) . n,  position = (pA + pB) / 2,
/// instead of running the separating-axis test and clipping afresh (Bullet's persistent
/// manifold). The pair is measured afresh when any point has slid more than `slide` (m)
/// across the normal since the manifold was built, when the two local normals have turned
/// apart by more than `slide` per metre, or when a point left the margin. Returns false then.
///
/// In place: `m` is last step's manifold (the cache's record kept, not rebuilt: the record
/// itself where the narrow phase rewrites the cache in place, else a copy of it). Its
/// points are last step's, so each carries its own history exactly as inheritImpulses would
/// match it to itself: persisted, impulses, clamp and drift (dropped where it slid), the
/// friction basis; what belongs to one step (approach speed, landing, sticking) is reset.
/// When it returns false, `m` is unchanged (every test comes before the first write): the
/// caller measures the pair afresh, matching it with `m`, which a rewrite in place relies on.
bool remeasureManifold(ContactManifoldInfo& m, const glm::vec3& xa, const glm::quat& qa, const glm::vec3& xb,
                       const glm::quat& qb, float margin, float slide);

} // namespace tumble
