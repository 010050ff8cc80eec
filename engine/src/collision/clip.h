#pragma once
// Face contact between two polyhedra: the incident face clipped against the reference face.
#include "collision/contact_candidate.h"
#include "collision/polyhedron.h"

namespace tumble {

/// The face of `poly` most anti-parallel to `direction` (both in poly's frame).
int findIncidentFace(const Polyhedron& poly, const glm::vec3& direction);

/// Clips the incident face (of `inc`, mapped into the reference frame by `incInRef`) against
/// the side planes of face `refFace` of `ref` (Sutherland-Hodgman), keeps the clipped points
/// lying less than `margin` in front of the reference face, and writes them as candidates in
/// the reference frame: the point on the incident face and its projection on the reference
/// face, assigned to A and B by `referenceIsA`. Returns the number written (at most
/// `capacity`; a face has at most 256 corners, so 512 always suffices).
int clipFaces(const Polyhedron& ref, int refFace, const Polyhedron& inc, int incFace,
              const Frame& incInRef, float margin, bool referenceIsA, ContactCandidate* out,
              int capacity);

/// Room for the clipped polygon of any two hull faces.
inline constexpr int kMaxClipPoints = 512;

} // namespace tumble
