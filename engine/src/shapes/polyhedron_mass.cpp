// Polyhedral mass properties by decomposition into tetrahedra.
//
// Every face is fanned into triangles (a, b, c); each triangle with a reference point o inside
// or near the solid forms a tetrahedron whose signed volume is
//   V = dot(a, cross(b, c)) / 6          (a, b, c relative to o).
// Over a tetrahedron with corners o = 0, a, b, c the first and second moments are exact:
//   int x dV     = V (a + b + c) / 4
//   int x x^T dV = V / 20 (a a^T + b b^T + c c^T + s s^T),  s = a + b + c
// (the covariance form of Tonon's closed formulas). Summing signed tetrahedra over a closed
// surface gives the moments of the solid. The inertia tensor about the origin follows from the
// second-moment matrix C as I = trace(C) 1 - C, and about the centre of mass c by removing
// V c c^T from C first (the parallel-axis theorem in matrix form).
#include "shapes/polyhedron_mass.h"

#include <glm/geometric.hpp>
#include <glm/matrix.hpp>

namespace tumble {

PolyhedronMass computePolyhedronMass(const std::vector<glm::dvec3>& vertices,
                                     const std::vector<std::vector<uint16_t>>& faces) {
    PolyhedronMass out;
    if (vertices.empty()) return out;

    // The vertex average as reference point keeps the tetrahedra small and the sums well
    // conditioned when the solid is far from the origin.
    glm::dvec3 o(0.0);
    for (const glm::dvec3& v : vertices)
        o += v;
    o /= static_cast<double>(vertices.size());

    double volume = 0.0;
    glm::dvec3 firstMoment(0.0);
    glm::dmat3 secondMoment(0.0);
    for (const std::vector<uint16_t>& face : faces) {
        if (face.size() < 3) continue;
        glm::dvec3 a = vertices[face[0]] - o;
        for (size_t i = 1; i + 1 < face.size(); ++i) {
            glm::dvec3 b = vertices[face[i]] - o;
            glm::dvec3 c = vertices[face[i + 1]] - o;
            double v = glm::dot(a, glm::cross(b, c)) / 6.0;
            glm::dvec3 s = a + b + c;
            volume += v;
            firstMoment += v * 0.25 * s;
            secondMoment += (v / 20.0) * (glm::outerProduct(a, a) + glm::outerProduct(b, b) +
                                          glm::outerProduct(c, c) + glm::outerProduct(s, s));
        }
    }
    if (!(volume > 0.0)) return out;

    glm::dvec3 c = firstMoment / volume;
    glm::dmat3 central = secondMoment - volume * glm::outerProduct(c, c);
    double trace = central[0][0] + central[1][1] + central[2][2];
    out.volume = volume;
    out.centerOfMass = o + c;
    out.inertia = glm::dmat3(trace) - central;
    return out;
}

} // namespace tumble
