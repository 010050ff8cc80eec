// Free rigid-body rotation: Euler's equations, angular momentum, the intermediate-axis flip.
#include "tumble/world.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace tumble;

namespace {

constexpr float kDt = 1.0f / 60.0f;

World freeSpace(Gyroscopic g) {
    Settings s;
    s.gravity = {0, 0, 0};
    s.gyroscopic = g;
    s.timestep = kDt;
    return World(s);
}

BodyId addBox(World& w, glm::vec3 halfExtents, glm::vec3 omega) {
    BodyDef d;
    d.shape.type = ShapeType::Box;
    d.shape.halfExtents = halfExtents;
    d.angularVelocity = omega;
    d.material = "Wood";
    return w.createBody(d);
}

glm::vec3 angularMomentum(const Body& b) {
    glm::vec3 wb = glm::conjugate(b.orientation) * b.angularVelocity;
    return b.orientation * (b.localInertia * wb);
}

double rotationalEnergy(const Body& b) {
    glm::vec3 wb = glm::conjugate(b.orientation) * b.angularVelocity;
    return 0.5 * glm::dot(wb, b.localInertia * wb);
}

glm::vec3 bodyOmega(const Body& b) { return glm::conjugate(b.orientation) * b.angularVelocity; }

} // namespace

TEST(FreeRotation, QuaternionStaysUnitOver100kSteps) {
    World w = freeSpace(Gyroscopic::Explicit);
    BodyId id = addBox(w, {0.3f, 0.5f, 0.7f}, {4.0f, -9.0f, 2.5f});
    for (int i = 0; i < 100000; ++i) w.step();
    EXPECT_NEAR(glm::length(w.body(id).orientation), 1.0f, 1e-5f);
}

TEST(FreeRotation, TorqueFreeBoxKeepsAngularMomentumAndEnergyWithTheDefault) {
    World w = freeSpace(Settings{}.gyroscopic);
    BodyId id = addBox(w, {1, 2, 3}, {3, 7, 2});
    glm::vec3 L0 = angularMomentum(w.body(id));
    double e0 = rotationalEnergy(w.body(id));
    double worstMagnitude = 0.0, worstCosine = 1.0, worstEnergy = 0.0;
    for (int i = 0; i < 600; ++i) {
        w.step();
        glm::vec3 L = angularMomentum(w.body(id));
        worstMagnitude = std::max(worstMagnitude, std::abs(glm::length(L) / glm::length(L0) - 1.0));
        worstCosine = std::min(worstCosine, double(glm::dot(L, L0) / (glm::length(L) * glm::length(L0))));
        worstEnergy = std::max(worstEnergy, std::abs(rotationalEnergy(w.body(id)) / e0 - 1.0));
    }
    EXPECT_LT(worstMagnitude, 0.02);
    EXPECT_GT(worstCosine, 0.995);
    EXPECT_LT(worstEnergy, 0.05);
}

TEST(FreeRotation, ImplicitGyroscopicLosesAngularMomentumWhereExplicitKeepsIt) {
    // The trade-off the Gyroscopic setting teaches: backward Euler is unconditionally stable
    // but damps the tumble; over 10 s at 60 Hz it loses a large share of |L|.
    auto lossAfter10s = [](Gyroscopic g) {
        World w = freeSpace(g);
        BodyId id = addBox(w, {1, 2, 3}, {3, 7, 2});
        double l0 = glm::length(angularMomentum(w.body(id)));
        for (int i = 0; i < 600; ++i) w.step();
        return 1.0 - glm::length(angularMomentum(w.body(id))) / l0;
    };
    double implicitLoss = lossAfter10s(Gyroscopic::Implicit);
    double explicitLoss = lossAfter10s(Gyroscopic::Explicit);
    EXPECT_GT(implicitLoss, 0.10);
    EXPECT_LT(std::abs(explicitLoss), 0.02);
}

namespace {
// Times (s) at which the body-frame component `axis` of w changes sign.
std::vector<double> signFlips(glm::vec3 halfExtents, glm::vec3 omega, int axis, double seconds) {
    World w = freeSpace(Gyroscopic::Explicit);
    BodyId id = addBox(w, halfExtents, omega);
    std::vector<double> flips;
    float last = bodyOmega(w.body(id))[axis];
    int steps = static_cast<int>(seconds / kDt);
    for (int i = 1; i <= steps; ++i) {
        w.step();
        float now = bodyOmega(w.body(id))[axis];
        if ((now < 0.0f) != (last < 0.0f)) flips.push_back(i * kDt);
        last = now;
    }
    return flips;
}
} // namespace

TEST(FreeRotation, SpinningBookFlipsAboutItsIntermediateAxisOnly) {
    // Half extents (0.35, 0.08, 0.5): I_x is the intermediate moment. A spin about x with a
    // tiny perturbation flips over and back (the Dzhanibekov / tennis-racket effect).
    const glm::vec3 book{0.35f, 0.08f, 0.5f};
    std::vector<double> flips = signFlips(book, {5.0f, 0.01f, 0.01f}, 0, 10.0);
    ASSERT_GE(flips.size(), 2u);
    EXPECT_NEAR(flips[0], 2.9, 0.3);
    EXPECT_NEAR(flips[1], 8.2, 0.4);
    // Spins about the largest (y) and the smallest (z) moment are stable: they never flip.
    EXPECT_TRUE(signFlips(book, {0.01f, 5.0f, 0.01f}, 1, 10.0).empty());
    EXPECT_TRUE(signFlips(book, {0.01f, 0.01f, 5.0f}, 2, 10.0).empty());
}

TEST(FreeRotation, WithoutGyroscopicTermsTheBookNeverFlips) {
    World w = freeSpace(Gyroscopic::None);
    BodyId id = addBox(w, {0.35f, 0.08f, 0.5f}, {5.0f, 0.01f, 0.01f});
    for (int i = 0; i < 600; ++i) {
        w.step();
        ASSERT_GT(bodyOmega(w.body(id)).x, 0.0f);
    }
}

// A cube's inertia is the same about every axis, so w x (I w) = 0 and a free cube keeps its
// spin exactly: neither gyroscopic step takes it through their rotations' rounding, and its
// world inertia is its body-frame one. 600 steps leave the same bits as the first.
TEST(FreeRotation, AFreeCubeKeepsItsSpinBitForBit) {
    for (Gyroscopic g : {Gyroscopic::Explicit, Gyroscopic::Implicit}) {
        World w = freeSpace(g);
        const glm::vec3 omega(3.0f, 7.0f, 2.0f);
        BodyId cube = addBox(w, glm::vec3(0.5f), omega);
        w.step();
        const glm::vec3 first = w.body(cube).angularVelocity;
        for (int i = 0; i < 599; ++i) w.step();
        EXPECT_EQ(w.body(cube).angularVelocity, first) << static_cast<int>(g);
        EXPECT_NEAR(glm::length(first), glm::length(omega), 1e-3f) << "only the default damping's share lost";
    }
}
