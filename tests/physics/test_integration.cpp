// Integrators against closed forms: free fall, projectile, orbit energy.
#include "tumble/world.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace tumble;

namespace {

constexpr float kDt = 1.0f / 60.0f;
constexpr float kG = 9.81f;

World worldWith(Integrator integrator, glm::vec3 gravity = {0, -kG, 0}) {
    Settings s;
    s.integrator = integrator;
    s.gravity = gravity;
    s.timestep = kDt;
    return World(s);
}

BodyId addBall(World& w, glm::vec3 p, glm::vec3 v) {
    BodyDef d;
    d.shape.type = ShapeType::Sphere;
    d.shape.radius = 0.25f;
    d.position = p;
    d.linearVelocity = v;
    return w.createBody(d);
}

} // namespace

// Symplectic Euler: v_n = v0 - g n dt, y_n = y0 + v0 t - g dt^2 n(n+1)/2: the exact parabola
// shifted by its known error -g t dt / 2.
TEST(FreeFall, SymplecticEulerFollowsItsKnownDiscreteParabola) {
    World w = worldWith(Integrator::SymplecticEuler);
    BodyId id = addBall(w, {0, 100, 0}, {0, 0, 0});
    for (int n = 1; n <= 120; ++n) {
        w.step();
        double t = n * kDt;
        double exact = 100.0 - 0.5 * kG * t * t;
        double discrete = 100.0 - kG * kDt * kDt * n * (n + 1) / 2.0;
        EXPECT_NEAR(w.body(id).position.y, discrete, 2e-4);
        EXPECT_NEAR(w.body(id).position.y - exact, -0.5 * kG * t * kDt, 2e-4); // the known error
        EXPECT_NEAR(w.body(id).linearVelocity.y, -kG * t, 1e-4);
    }
}

TEST(FreeFall, ExplicitEulerLagsByHalfAStepAndVerletIsExact) {
    World explicitWorld = worldWith(Integrator::ExplicitEuler);
    World verletWorld = worldWith(Integrator::VelocityVerlet);
    BodyId e = addBall(explicitWorld, {0, 100, 0}, {0, 0, 0});
    BodyId v = addBall(verletWorld, {0, 100, 0}, {0, 0, 0});
    const int n = 120;
    for (int i = 0; i < n; ++i) {
        explicitWorld.step();
        verletWorld.step();
    }
    double t = n * kDt;
    EXPECT_NEAR(explicitWorld.body(e).position.y, 100.0 - kG * kDt * kDt * n * (n - 1) / 2.0, 2e-4);
    EXPECT_NEAR(verletWorld.body(v).position.y, 100.0 - 0.5 * kG * t * t, 2e-4);
    EXPECT_NEAR(verletWorld.body(v).linearVelocity.y, -kG * t, 1e-4);
}

TEST(Projectile, EveryIntegratorKeepsHorizontalMotionExactAndLandsWhereItsFormulaSays) {
    const glm::vec3 v0{6.0f, 8.0f, 0.0f};
    const double flight = 2.0 * v0.y / kG; // exact time to return to y = 0
    for (Integrator integrator :
         {Integrator::ExplicitEuler, Integrator::SymplecticEuler, Integrator::VelocityVerlet}) {
        World w = worldWith(integrator);
        BodyId id = addBall(w, {0, 0, 0}, v0);
        int n = static_cast<int>(std::round(flight / kDt));
        for (int i = 0; i < n; ++i) w.step();
        double t = n * kDt;
        const Body& b = w.body(id);
        EXPECT_NEAR(b.position.x, v0.x * t, 1e-3) << toString(integrator);
        double exactY = v0.y * t - 0.5 * kG * t * t;
        double errorBound = integrator == Integrator::VelocityVerlet ? 1e-3 : 0.5 * kG * t * kDt + 1e-3;
        EXPECT_NEAR(b.position.y, exactY, errorBound) << toString(integrator);
    }
}

namespace {
// Total energy drift of a circular orbit around an attractor after `orbits` revolutions.
double orbitEnergyDrift(Integrator integrator, int orbits) {
    World w = worldWith(integrator, {0, 0, 0});
    const float mu = 50.0f, r = 5.0f;
    w.forceFields().push_back({ForceField::Type::Attractor, {0, 0, 0}, mu, 1000.0f});
    const float speed = std::sqrt(mu / r);
    addBall(w, {r, 0, 0}, {0, 0, speed});
    double e0 = w.kineticEnergy() + w.potentialEnergy();
    const double period = 2.0 * M_PI * r / speed;
    int steps = static_cast<int>(orbits * period / kDt);
    for (int i = 0; i < steps; ++i) w.step();
    double e1 = w.kineticEnergy() + w.potentialEnergy();
    return (e1 - e0) / std::abs(e0);
}
} // namespace

TEST(Orbit, ExplicitEulerGainsEnergyAndSpiralsOutWhileSymplecticEulerStaysBounded) {
    double explicitDrift = orbitEnergyDrift(Integrator::ExplicitEuler, 5);
    double symplecticDrift = orbitEnergyDrift(Integrator::SymplecticEuler, 5);
    double verletDrift = orbitEnergyDrift(Integrator::VelocityVerlet, 5);
    EXPECT_GT(explicitDrift, 0.10);             // gains energy every step
    EXPECT_LT(std::abs(symplecticDrift), 0.01); // bounded oscillation
    EXPECT_LT(std::abs(verletDrift), 0.01);
}
