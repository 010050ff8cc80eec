#pragma once
// A rounded segment (a capsule; a sphere when both ends coincide) against a polyhedron.
#include "collision/contact_candidate.h"
#include "collision/polyhedron.h"

namespace tumble {

/// Contact between the rounded segment p0 p1 of radius `radius` (shape A) and the polyhedron
/// (shape B), everything in the polyhedron's frame. Writes at most 2 candidates and the normal
/// from A to B; returns the number of candidates (0: apart by the margin or more).
int collideSegmentPolyhedron(const glm::vec3& p0, const glm::vec3& p1, float radius,
                             const Polyhedron& poly, float margin, ContactCandidate out[2],
                             glm::vec3& normal);

} // namespace tumble
