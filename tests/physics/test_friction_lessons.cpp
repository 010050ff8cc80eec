// The friction lessons of the catalogue against the closed forms their descriptions state:
// spinning-friction (a cube braked by the Coulomb friction of its corners, a ball by torsional
// friction only) and rolling-resistance (balls that stop after v^2 / 2a). Each test loads the
// scene file as the app does and measures what the lesson tells the user to look at.
#include "physics/lesson_fixtures.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

using namespace tumble;
using namespace tumble::test;

namespace {

constexpr float kG = 9.81f;      // m/s^2, the scenes' gravity
constexpr float kSpin = 12.0f;   // rad/s, spinning-friction's initial spin
constexpr float kHalf = 0.5f;    // m, the cubes' half extent a
constexpr float kBallR = 0.5f;   // m, spinning-friction's balls
constexpr float kRollR = 0.25f;  // m, rolling-resistance's balls
constexpr float kSpeed = 2.0f;   // m/s, rolling-resistance's start
constexpr float kStopped = 1e-3f;

/// The cube's Coulomb deceleration: four corners at sqrt(2) a, I = m (2a)^2 / 6.
float cubeRate(float mu) { return 1.5f * std::sqrt(2.0f) * mu * kG / kHalf; }

/// Seconds until the named body's spin about the vertical falls below kStopped (or `limit`).
float timeToStopSpinning(World& w, const std::string& name, float limit) {
    const float dt = w.settings().timestep;
    int steps = 0;
    while (bodyNamed(w, name).angularVelocity.y > kStopped && steps * dt < limit) {
        w.step();
        ++steps;
    }
    return steps * dt;
}

/// Rolling distance in x until the named ball stops (or `limit` seconds pass).
float rollingDistance(World& w, const std::string& name, float limit) {
    const float x0 = bodyNamed(w, name).position.x;
    const float dt = w.settings().timestep;
    for (int steps = 0; bodyNamed(w, name).linearVelocity.x > kStopped && steps * dt < limit; ++steps) w.step();
    return bodyNamed(w, name).position.x - x0;
}

float rollingStop(float cr) { return kSpeed * kSpeed / (2.0f * 5.0f / 7.0f * kG * cr / kRollR); }

} // namespace

// spinning-friction: slick (mu_d 0.1) at 4.16 rad/s^2 stops after 2.88 s, rough (0.2) at 8.32
// rad/s^2 after 1.44 s; in both friction models, since each corner is braked along its slip.
TEST(SpinningFrictionLesson, EachCubeStopsSpinningAfterItsCoulombTimeInBothFrictionModelsWithoutDrifting) {
    SceneDef scene = loadScene("spinning-friction.json");
    for (FrictionModel model : {FrictionModel::Cone, FrictionModel::Pyramid}) {
        for (auto [name, mu] : {std::pair{"slick", 0.1f}, std::pair{"rough", 0.2f}}) {
            SCOPED_TRACE(std::string(name) + (model == FrictionModel::Cone ? " cone" : " pyramid"));
            World w = buildWorld(scene);
            w.settings().solver.frictionModel = model;
            const glm::vec3 start = bodyNamed(w, name).position;
            // The rate over the first second (rough stops at 1.44 s, so over its first 0.9 s).
            const int steps = mu > 0.15f ? 54 : 60;
            run(w, steps);
            const float rate = (kSpin - bodyNamed(w, name).angularVelocity.y) / (steps * w.settings().timestep);
            EXPECT_NEAR(rate, cubeRate(mu), 0.02f * cubeRate(mu));
            const float stop = steps * w.settings().timestep + timeToStopSpinning(w, name, 10.0f);
            const float expected = kSpin / cubeRate(mu);
            EXPECT_NEAR(stop, expected, 0.02f * expected);
            const glm::vec3 moved = bodyNamed(w, name).position - start;
            EXPECT_LT(std::hypot(moved.x, moved.z), 0.02f) << "the corners' pulls cancel";
        }
    }
}

// twist (c_t 0.01 m) slows at 5/2 g c_t / R^2 = 0.98 rad/s^2 and stops after 12.2 s; smooth,
// a point contact without torsional friction, is still at 12 rad/s then.
TEST(SpinningFrictionLesson, OnlyTheBallWithTorsionalFrictionStopsSpinningOnTheSpot) {
    SceneDef scene = loadScene("spinning-friction.json");
    World w = buildWorld(scene);
    const float expectedRate = 2.5f * kG * 0.01f / (kBallR * kBallR);
    const int steps = 300; // 5 s
    run(w, steps);
    const float rate = (kSpin - bodyNamed(w, "twist").angularVelocity.y) / (steps * w.settings().timestep);
    EXPECT_NEAR(rate, expectedRate, 0.02f * expectedRate);
    const float stop = steps * w.settings().timestep + timeToStopSpinning(w, "twist", 20.0f);
    EXPECT_NEAR(stop, kSpin / expectedRate, 0.02f * kSpin / expectedRate);
    EXPECT_NEAR(bodyNamed(w, "smooth").angularVelocity.y, kSpin, 1e-3f);
    EXPECT_LT(glm::length(bodyNamed(w, "smooth").linearVelocity), 1e-3f) << "spins on the spot";
}

// rolling-resistance: pairs 0.005, 0.01, 0.02 m stop after 14.27, 7.14, 3.57 m; the ball with
// none keeps its 2 m/s.
TEST(RollingResistanceLesson, EachBallStopsAfterTheDistanceItsPairCoefficientGives) {
    SceneDef scene = loadScene("rolling-resistance.json");
    for (auto [name, cr] : {std::pair{"0.005", 0.005f}, std::pair{"0.01", 0.01f}, std::pair{"0.02", 0.02f}}) {
        SCOPED_TRACE(name);
        World w = buildWorld(scene);
        const float travelled = rollingDistance(w, name, 30.0f);
        EXPECT_NEAR(travelled, rollingStop(cr), 0.02f * rollingStop(cr));
        EXPECT_LT(std::fabs(bodyNamed(w, name).linearVelocity.x), 0.01f);
    }
    World w = buildWorld(scene);
    run(w, 480); // 8 s: 16 m, before it reaches the far wall
    EXPECT_NEAR(bodyNamed(w, "0").linearVelocity.x, kSpeed, 1e-3f);
    EXPECT_NEAR(bodyNamed(w, "0").position.x, -8.0f + 8.0f * kSpeed, 0.05f);
}

// The posts stand where the closed form stops each ball, and inside the walls.
TEST(RollingResistanceLesson, EachPostStandsAtItsBallsStoppingPoint) {
    SceneDef scene = loadScene("rolling-resistance.json");
    World w = buildWorld(scene);
    for (auto [name, cr] : {std::pair{"0.005", 0.005f}, std::pair{"0.01", 0.01f}, std::pair{"0.02", 0.02f}}) {
        SCOPED_TRACE(name);
        const float stop = bodyNamed(w, name).position.x + rollingStop(cr);
        EXPECT_NEAR(bodyNamed(w, std::string("post ") + name).position.x, stop, 0.02f);
        EXPECT_LT(stop, bodyNamed(w, "far wall").position.x - 0.5f);
    }
}

// The rolling combine rule: give the floor 0.01 m, and under max (the default) even the ball
// with none stops after 7.14 m; under min the 0.02 ball gets the floor's 0.01 as well.
TEST(RollingResistanceLesson, WithAFloorOfItsOwnTheCombineRuleDecidesEachPair) {
    SceneDef scene = loadScene("rolling-resistance.json");
    auto withFloor = [&](CombineRule rule) {
        World w = buildWorld(scene);
        Material floor = w.materials()[static_cast<size_t>(w.findMaterial("floor"))];
        floor.rollingResistance = 0.01f;
        w.setMaterial(floor);
        w.settings().rollingCombine = rule;
        return w;
    };
    World maxRule = withFloor(CombineRule::Max);
    const float travelled = rollingDistance(maxRule, "0", 30.0f);
    EXPECT_NEAR(travelled, rollingStop(0.01f), 0.02f * rollingStop(0.01f));
    World minRule = withFloor(CombineRule::Min);
    const float highTravelled = rollingDistance(minRule, "0.02", 30.0f);
    EXPECT_NEAR(highTravelled, rollingStop(0.01f), 0.02f * rollingStop(0.01f));
}
