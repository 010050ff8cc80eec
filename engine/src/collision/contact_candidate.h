#pragma once
// Contact points before they become a manifold: a point on each surface, in one working frame.
// Every collide function fills candidates, then reduces them and writes the manifold here.
#include "collision/manifold.h"
#include "core/transform.h"

#include <cstdint>
#include <glm/vec3.hpp>

namespace tumble {

struct ContactCandidate {
    glm::vec3 pA;     ///< m, the point on A's surface (working frame)
    glm::vec3 pB;     ///< m, the point on B's surface (working frame)
    float separation; ///< m, (pB - pA) along the normal; negative = overlap
    uint32_t id;      ///< feature id (feature_id.h)
};

/// Chooses at most 4 of `count` candidates to keep the contact stable with few points: the
/// deepest first, then the one farthest from it, then the one making the largest triangle,
/// then the one adding the most area to that triangle (all measured in the plane normal to
/// `normal`). Writes indices into `keep` and returns how many.
int reduceCandidates(const ContactCandidate* candidates, int count, const glm::vec3& normal,
                     int keep[4]);

/// Reduces the candidates (given in the frame `working`, with the normal from A to B in that
/// frame) and writes them into `out` in world coordinates with A's and B's local anchors.
void writeManifold(const ContactCandidate* candidates, int count, const glm::vec3& normal,
                   const Frame& working, const Transform& xa, const Transform& xb, Manifold& out);

} // namespace tumble
