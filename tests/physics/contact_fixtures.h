#pragma once
// Small worlds built in code for the contact-solver tests.
#include "tumble/world.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace tumble::test {

constexpr float kPi = 3.14159265358979f;

inline BodyId addGround(World& w, const char* material = "Static") {
    BodyDef d;
    d.name = "ground";
    d.type = BodyType::Static;
    d.shape.type = ShapeType::Box;
    d.shape.halfExtents = {50.0f, 0.5f, 50.0f};
    d.position = {0.0f, -0.5f, 0.0f};
    d.material = material;
    return w.createBody(d);
}

inline BodyId addBox(World& w, glm::vec3 position, glm::vec3 halfExtents = glm::vec3(0.5f),
                     const char* material = "Wood", glm::quat q = glm::quat(1, 0, 0, 0)) {
    BodyDef d;
    d.shape.type = ShapeType::Box;
    d.shape.halfExtents = halfExtents;
    d.position = position;
    d.orientation = q;
    d.material = material;
    return w.createBody(d);
}

inline BodyId addSphere(World& w, glm::vec3 position, float radius, const char* material = "Wood") {
    BodyDef d;
    d.shape.type = ShapeType::Sphere;
    d.shape.radius = radius;
    d.position = position;
    d.material = material;
    return w.createBody(d);
}

/// A material with the given restitution and friction (density 1000).
inline void addMaterial(World& w, const char* name, float restitution, float muS, float muD) {
    Material m;
    m.name = name;
    m.density = 1000.0f;
    m.restitution = restitution;
    m.staticFriction = muS;
    m.dynamicFriction = muD;
    w.setMaterial(m);
}

/// Pin the pair table cell of two materials.
inline void setPair(World& w, const char* a, const char* b, float restitution, float muS, float muD) {
    w.materialPairs().push_back({a, b, restitution, muS, muD});
}

/// The first manifold whose figures differ between a and b (colour; per point normal mass,
/// bias, split impulse, warm-start impulse), or -1 when none does and both hold as many.
inline int firstDifferentFigures(const std::vector<ContactManifoldFigures>& a,
                                 const std::vector<ContactManifoldFigures>& b) {
    for (size_t i = 0; i < std::min(a.size(), b.size()); ++i) {
        bool same = a[i].colour == b[i].colour;
        for (int k = 0; k < 4; ++k)
            same = same && a[i].points[k].normalMass == b[i].points[k].normalMass &&
                   a[i].points[k].bias == b[i].points[k].bias &&
                   a[i].points[k].splitImpulse == b[i].points[k].splitImpulse &&
                   a[i].points[k].warmStartImpulse[0] == b[i].points[k].warmStartImpulse[0];
        if (!same) return static_cast<int>(i);
    }
    return a.size() == b.size() ? -1 : static_cast<int>(std::min(a.size(), b.size()));
}

inline Settings noSleep() {
    Settings s;
    s.sleep.enabled = false;
    return s;
}

/// The wide method, sleeping off.
inline Settings wideNoSleep() {
    Settings s = noSleep();
    s.solver.method = "wide";
    return s;
}

/// Boxes of half extent h stacked from the ground up, a small gap between them.
inline std::vector<BodyId> addStack(World& w, int count, float h = 0.5f) {
    std::vector<BodyId> ids;
    for (int i = 0; i < count; ++i) ids.push_back(addBox(w, {0.0f, h + i * (2.0f * h), 0.0f}, glm::vec3(h)));
    return ids;
}

/// Friction both holding and rolling under `method`: three boxes stacked on the ground and,
/// beside them, a ball of radius 0.5 rolling off at 2 m/s.
inline World stackAndRollingBall(const std::string& method) {
    Settings s = noSleep();
    s.solver.method = method;
    World w(s);
    addGround(w);
    addStack(w, 3);
    BodyId ball = addSphere(w, {3.0f, 0.5f, 0.0f}, 0.5f);
    w.setVelocity(ball, {2.0f, 0.0f, 0.0f}, glm::vec3(0.0f));
    return w;
}

/// A pyramid of boxes (half extent h) with `base` boxes in its bottom row, in the XY plane.
inline std::vector<BodyId> addPyramid(World& w, int base, float h = 0.5f) {
    std::vector<BodyId> ids;
    for (int row = 0; row < base; ++row) {
        int n = base - row;
        for (int i = 0; i < n; ++i) {
            float x = (i - 0.5f * (n - 1)) * 2.0f * h;
            ids.push_back(addBox(w, {x, h + row * 2.0f * h, 0.0f}, glm::vec3(h)));
        }
    }
    return ids;
}

inline float maxDisplacement(const World& w, const std::vector<BodyId>& ids,
                             const std::vector<glm::vec3>& start) {
    float worst = 0.0f;
    for (size_t i = 0; i < ids.size(); ++i)
        worst = std::max(worst, glm::length(w.body(ids[i]).position - start[i]));
    return worst;
}

inline std::vector<glm::vec3> positions(const World& w, const std::vector<BodyId>& ids) {
    std::vector<glm::vec3> out;
    for (BodyId id : ids) out.push_back(w.body(id).position);
    return out;
}

/// The largest displacement of any box of `build`'s structure (on the ground) after 10 s
/// (600 steps) with settings s.
template <class Build> float displacementAfterTenSeconds(const Settings& s, Build build) {
    World w(s);
    addGround(w);
    std::vector<BodyId> ids = build(w);
    std::vector<glm::vec3> start = positions(w, ids);
    for (int i = 0; i < 600; ++i) w.step();
    return maxDisplacement(w, ids, start);
}

} // namespace tumble::test
