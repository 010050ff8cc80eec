#pragma once
// The parts of the general convex path (collide_convex.cpp) that the triangle-mesh narrow
// phase (collide_mesh.cpp) shares: the rounded cores GJK/EPA read, the snapping of a nearly
// face-aligned normal, and the contact points of two supporting features along a normal.
#include "collision/epa.h"
#include "collision/manifold.h"
#include "collision/supporting_feature.h"

namespace tumble {

/// m: how much a box's or cylinder's core is shrunk (and then rounded by) for GJK/EPA; 0 for
/// the shapes that have a radius already.
float convexSkin(const Shape& s);

/// The shape's core for GJK/EPA: shrunk by convexSkin and rounded back by it.
ConvexProxy roundedProxy(const Shape& s);

/// Replaces n by the normal of the better-aligned face (a polygon before a line) when it lies
/// within 2 degrees of n; returns whether it did.
bool snapNormal(const SupportingFeature& fa, const SupportingFeature& fb, glm::vec3& n);

/// The manifold of features fa (on A) and fb (on B) facing each other along n (unit, A to B):
/// a face clips the other feature, two edges give their closest points, a point is projected.
/// When nothing is left and `fallback` is given, its closest points serve as one point.
void featureManifold(const SupportingFeature& fa, const SupportingFeature& fb, const glm::vec3& n,
                     float margin, const SignedDistance* fallback, const Transform& xa,
                     const Transform& xb, Manifold& out);

} // namespace tumble
