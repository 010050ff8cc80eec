#pragma once
// The collide functions behind the narrow-phase table (narrowphase.cpp). Each takes shape A
// and shape B with their transforms, and writes a manifold whose normal points from A to B and
// whose points all have separation < margin (speculative points within the margin included).
// `out` arrives with pointCount = 0. The table reaches the mirrored pairs by swapping the
// arguments and flipping the result, so only one order of each pair is written.
#include "collision/manifold.h"
#include "core/transform.h"
#include "tumble/shape.h"

namespace tumble {

// collide_sphere.cpp
void collideSpheres(const Shape& a, const Transform& xa, const Shape& b, const Transform& xb,
                    float margin, Manifold& out);
void collideSphereCapsule(const Shape& a, const Transform& xa, const Shape& b, const Transform& xb,
                          float margin, Manifold& out);
void collideSphereBox(const Shape& a, const Transform& xa, const Shape& b, const Transform& xb,
                      float margin, Manifold& out);
void collideSphereHull(const Shape& a, const Transform& xa, const Shape& b, const Transform& xb,
                       float margin, Manifold& out);

// collide_capsule.cpp
void collideCapsules(const Shape& a, const Transform& xa, const Shape& b, const Transform& xb,
                     float margin, Manifold& out);
void collideCapsuleBox(const Shape& a, const Transform& xa, const Shape& b, const Transform& xb,
                       float margin, Manifold& out);
void collideCapsuleHull(const Shape& a, const Transform& xa, const Shape& b, const Transform& xb,
                        float margin, Manifold& out);

// collide_polyhedra.cpp
void collideBoxes(const Shape& a, const Transform& xa, const Shape& b, const Transform& xb,
                  float margin, Manifold& out);
void collideBoxHull(const Shape& a, const Transform& xa, const Shape& b, const Transform& xb,
                    float margin, Manifold& out);
void collideHulls(const Shape& a, const Transform& xa, const Shape& b, const Transform& xb,
                  float margin, Manifold& out);

// collide_plane.cpp: B is the plane.
void collideSpherePlane(const Shape& a, const Transform& xa, const Shape& b, const Transform& xb,
                        float margin, Manifold& out);
void collideBoxPlane(const Shape& a, const Transform& xa, const Shape& b, const Transform& xb,
                     float margin, Manifold& out);
void collideCapsulePlane(const Shape& a, const Transform& xa, const Shape& b, const Transform& xb,
                         float margin, Manifold& out);
void collideHullPlane(const Shape& a, const Transform& xa, const Shape& b, const Transform& xb,
                      float margin, Manifold& out);

// collide_convex.cpp: the general convex path (GJK/EPA, then the facing features clipped) and
// the cylinder against a plane (B).
void collideConvex(const Shape& a, const Transform& xa, const Shape& b, const Transform& xb,
                   float margin, Manifold& out);
void collideCylinderPlane(const Shape& a, const Transform& xa, const Shape& b, const Transform& xb,
                          float margin, Manifold& out);

} // namespace tumble
