#pragma once
// Shape definitions the tests build bodies from: one line per shape instead of four.
#include "tumble/shape.h"

#include <glm/vec3.hpp>

namespace tumble::test {

inline ShapeDef sphereDef(float r) {
    ShapeDef s;
    s.type = ShapeType::Sphere;
    s.radius = r;
    return s;
}

inline ShapeDef boxDef(glm::vec3 h) {
    ShapeDef s;
    s.type = ShapeType::Box;
    s.halfExtents = h;
    return s;
}

inline ShapeDef capsuleDef(float r, float halfHeight) {
    ShapeDef s;
    s.type = ShapeType::Capsule;
    s.radius = r;
    s.halfHeight = halfHeight;
    return s;
}

inline ShapeDef cylinderDef(float r, float halfHeight) {
    ShapeDef s;
    s.type = ShapeType::Cylinder;
    s.radius = r;
    s.halfHeight = halfHeight;
    return s;
}

} // namespace tumble::test
