#pragma once
// The simplex GJK leaves behind (gjk.cpp), for EPA (epa.cpp) to grow into a polytope when the
// cores overlap. Everything is in A's local frame.
#include "collision/gjk.h"

namespace tumble::gjk {

/// One vertex of the simplex: a point of the Minkowski difference B - A.
struct SimplexVertex {
    glm::vec3 wA{0.0f}; ///< support point of A (A's frame)
    glm::vec3 wB{0.0f}; ///< support point of B (A's frame)
    glm::vec3 w{0.0f};  ///< wB - wA
    int iA = 0, iB = 0; ///< the points' indices, to notice a repeat (-1: computed, never repeats)
    float weight = 1.0f; ///< barycentric weight of the closest point
};

struct Simplex {
    SimplexVertex v[4];
    int count = 0;
};

/// The point of B - A furthest along `direction` (A's frame); `rel` maps B's frame into A's.
SimplexVertex supportOfDifference(const ConvexProxy& a, const ConvexProxy& b, const Frame& rel,
                                  const glm::vec3& direction);

/// What the GJK loop ends with: the simplex, its point v closest to the origin, and whether
/// the cores overlap (then v is meaningless and the simplex encloses the origin, or is a
/// smaller simplex touching it).
struct Run {
    Simplex simplex;
    glm::vec3 v{0.0f};
    bool overlap = false;
    float scale = 1.0f; ///< m, the lengths round-off is measured against
    int iterations = 0;
};
Run run(const ConvexProxy& a, const ConvexProxy& b, const Frame& rel);

} // namespace tumble::gjk
