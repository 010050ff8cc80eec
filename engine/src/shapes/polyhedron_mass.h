#pragma once
// Exact mass properties of a closed polyhedron of uniform density 1.
#include <cstdint>
#include <glm/mat3x3.hpp>
#include <glm/vec3.hpp>
#include <vector>

namespace tumble {

/// Volume (m^3), centre of mass (m) and inertia tensor about the centre of mass for density 1
/// (kg m^2 per kg/m^3).
struct PolyhedronMass {
    double volume = 0.0;
    glm::dvec3 centerOfMass{0.0};
    glm::dmat3 inertia{0.0};
};

/// Mass properties of a closed polyhedron whose faces are convex polygons listed
/// counter-clockwise seen from outside (indices into `vertices`).
PolyhedronMass computePolyhedronMass(const std::vector<glm::dvec3>& vertices,
                                     const std::vector<std::vector<uint16_t>>& faces);

} // namespace tumble
