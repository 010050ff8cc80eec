// Shape names and closed-form mass properties of uniform-density shapes.
#include "tumble/shape.h"

#include <glm/gtc/constants.hpp>

namespace tumble {

std::string_view toString(ShapeType t) {
    switch (t) {
    case ShapeType::Sphere:
        return "sphere";
    case ShapeType::Box:
        return "box";
    case ShapeType::Capsule:
        return "capsule";
    case ShapeType::Hull:
        return "hull";
    case ShapeType::Plane:
        return "plane";
    case ShapeType::Cylinder:
        return "cylinder";
    case ShapeType::Mesh:
        return "mesh";
    case ShapeType::HeightField:
        return "heightfield";
    case ShapeType::Compound:
        return "compound";
    case ShapeType::Count:
        break;
    }
    return "unknown";
}

namespace {

glm::mat3 diagonal(float xx, float yy, float zz) {
    glm::mat3 m(0.0f);
    m[0][0] = xx;
    m[1][1] = yy;
    m[2][2] = zz;
    return m;
}

// Solid sphere: I = 2/5 m r^2 about any axis through the centre.
MassProperties sphereMass(float r, float density) {
    MassProperties mp;
    mp.volume = 4.0f / 3.0f * glm::pi<float>() * r * r * r;
    mp.mass = density * mp.volume;
    float i = 0.4f * mp.mass * r * r;
    mp.inertia = diagonal(i, i, i);
    return mp;
}

// Solid box with half extents (a, b, c): Ixx = m/3 (b^2 + c^2), and cyclically
// (the familiar m/12 (w^2 + h^2) with full widths w = 2b, h = 2c).
MassProperties boxMass(const glm::vec3& h, float density) {
    MassProperties mp;
    mp.volume = 8.0f * h.x * h.y * h.z;
    mp.mass = density * mp.volume;
    float k = mp.mass / 3.0f;
    mp.inertia = diagonal(k * (h.y * h.y + h.z * h.z), k * (h.x * h.x + h.z * h.z),
                          k * (h.x * h.x + h.y * h.y));
    return mp;
}

// Capsule along Y: a cylinder of radius r and length 2h plus two hemispheres.
//
// Cylinder (mass mc):  Iyy = mc r^2 / 2,  Ixx = Izz = mc (r^2/4 + (2h)^2/12).
// Hemisphere (mass mh): about its flat face's centre, every axis gives 2/5 mh r^2 (half a
// sphere, same distribution of r^2). Its centre of mass sits 3r/8 above the face, so about
// its own centre of mass the perpendicular moment is 2/5 mh r^2 - mh (3r/8)^2. The capsule's
// centre is d = h + 3r/8 away, so by the parallel-axis theorem
//   I_perp = 2/5 mh r^2 - mh (3r/8)^2 + mh (h + 3r/8)^2 = mh (2r^2/5 + h^2 + 3hr/4).
// (Written with the full cylinder length H = 2h this is the often-quoted
// mh (2r^2/5 + H^2/4 + 3Hr/8).) About Y the hemisphere keeps 2/5 mh r^2.
MassProperties capsuleMass(float r, float h, float density) {
    const float pi = glm::pi<float>();
    float cylinderVolume = pi * r * r * 2.0f * h;
    float hemisphereVolume = 2.0f / 3.0f * pi * r * r * r;
    float mc = density * cylinderVolume;
    float mh = density * hemisphereVolume;

    MassProperties mp;
    mp.volume = cylinderVolume + 2.0f * hemisphereVolume;
    mp.mass = mc + 2.0f * mh;
    float iyy = 0.5f * mc * r * r + 2.0f * (0.4f * mh * r * r);
    float iperp =
        mc * (0.25f * r * r + h * h / 3.0f) + 2.0f * mh * (0.4f * r * r + h * h + 0.75f * h * r);
    mp.inertia = diagonal(iperp, iyy, iperp);
    return mp;
}

// Solid cylinder of radius r and height 2h about local Y:
//   V = 2 pi r^2 h,  I_yy = m r^2 / 2,  I_xx = I_zz = m (3 r^2 + (2h)^2) / 12.
MassProperties cylinderMass(float r, float h, float density) {
    MassProperties mp;
    mp.volume = 2.0f * glm::pi<float>() * r * r * h;
    mp.mass = density * mp.volume;
    const float iperp = mp.mass * (3.0f * r * r + 4.0f * h * h) / 12.0f;
    mp.inertia = diagonal(iperp, 0.5f * mp.mass * r * r, iperp);
    return mp;
}

/// A shape whose volume and inertia at density 1 were found when it was built (hull, compound).
MassProperties scaledMass(float volume, const glm::mat3& unitInertia, float density) {
    MassProperties mp;
    mp.volume = volume;
    mp.mass = density * volume;
    mp.inertia = density * unitInertia;
    return mp;
}

} // namespace

MassProperties computeMassProperties(const Shape& shape, float density) {
    switch (shape.type) {
    case ShapeType::Sphere:
        return sphereMass(shape.radius, density);
    case ShapeType::Box:
        return boxMass(shape.halfExtents, density);
    case ShapeType::Capsule:
        return capsuleMass(shape.radius, shape.halfHeight, density);
    case ShapeType::Cylinder:
        return cylinderMass(shape.radius, shape.halfHeight, density);
    case ShapeType::Hull:
        return shape.hull ? scaledMass(shape.hull->volume, shape.hull->unitInertia, density) : MassProperties{};
    case ShapeType::Compound:
        return shape.compound ? scaledMass(shape.compound->volume, shape.compound->unitInertia, density)
                              : MassProperties{};
    case ShapeType::Plane:
    case ShapeType::Mesh:
    case ShapeType::HeightField:
    case ShapeType::Count:
        break;
    }
    return MassProperties{}; // planes, meshes and height fields are static: no volume, no mass
}

} // namespace tumble
