// The wide method (solver/methods/wide.cpp) and its colouring (solver/colouring.h): every
// manifold is coloured once and no colour holds two manifolds of one moving body; eight lanes
// and four give the same step bit for bit; and the method holds what block Gauss-Seidel holds
// (a resting box's weight, a sliding box's Coulomb deceleration, a tall stack, a pyramid).
#include "physics/contact_fixtures.h"
#include "solver/colouring.h"
#include "solver/contact_solver.h"
#include "solver/wide_contacts.h"
#include "tumble/scene.h"

#include <gtest/gtest.h>

#include <glm/gtc/quaternion.hpp>

#include <algorithm>
#include <cmath>
#include <random>
#include <set>
#include <vector>

using namespace tumble;
using namespace tumble::test;

namespace {

Settings wide() { return wideNoSleep(); }

/// Constraints between random pairs of `bodies` bodies, every tenth body static.
std::vector<ContactConstraint> randomConstraints(int bodies, int count, std::vector<SolverBody>& out) {
    out.assign(bodies, {});
    for (int i = 0; i < bodies; ++i) out[i].invMass = i % 10 == 0 ? 0.0f : 1.0f;
    std::mt19937 random(7);
    std::vector<ContactConstraint> constraints(count);
    for (ContactConstraint& c : constraints) {
        c.indexA = random() % bodies;
        do c.indexB = random() % bodies; while (c.indexB == c.indexA);
    }
    return constraints;
}

/// A four-point manifold between two tumbling bodies with lever arms, axes and masses of its
/// own (the axes per point: a sliding point's t1 is its own slip), its couplings as `which` has them.
ContactConstraint fourPointRows(std::vector<SolverBody>& bodies, RowCouplings which) {
    bodies.assign(2, {});
    for (int k = 0; k < 2; ++k) {
        bodies[k].invMass = k == 0 ? 0.5f : 2.0f;
        bodies[k].invI = glm::mat3(1.5f, 0.2f, 0.0f, 0.2f, 0.9f, 0.1f, 0.0f, 0.1f, 1.2f) * (k + 1.0f);
        bodies[k].v = glm::vec3(0.3f, -1.0f + k, 0.2f * k);
        bodies[k].w = glm::vec3(0.5f, -0.2f, 1.0f - k);
    }
    ContactConstraint c;
    c.indexA = 0, c.indexB = 1, c.pointCount = 4;
    c.invMassA = bodies[0].invMass, c.invMassB = bodies[1].invMass;
    const glm::vec3 n(0.0f, 1.0f, 0.0f);
    for (int i = 0; i < 4; ++i) {
        const float angle = 0.7f * i;
        const glm::vec3 t1(std::cos(angle), 0.0f, std::sin(angle));
        const glm::vec3 axes[3] = {n, t1, glm::cross(n, t1)};
        const glm::vec3 rA(i % 2 ? 0.5f : -0.5f, 0.5f, i < 2 ? 0.4f : -0.4f);
        for (int a = 0; a < 3; ++a)
            c.axis[a].x[i] = axes[a].x, c.axis[a].y[i] = axes[a].y, c.axis[a].z[i] = axes[a].z;
        c.rA.x[i] = rA.x, c.rA.y[i] = rA.y, c.rA.z[i] = rA.z;
        c.rB.x[i] = rA.x + 0.1f, c.rB.y[i] = -0.5f, c.rB.z[i] = rA.z;
        c.friction[i] = 0.6f;
        c.bias[i] = 0.05f * i;
    }
    for (int a = 0; a < 3; ++a)
        for (int i = 0; i < 4; ++i) {
            const glm::vec3 axis = laneVector(c.axis[a], i);
            const glm::vec3 ra = bodies[0].invI * glm::cross(laneVector(c.rA, i), axis);
            const glm::vec3 rb = bodies[1].invI * glm::cross(laneVector(c.rB, i), axis);
            c.responseA[a].x[i] = ra.x, c.responseA[a].y[i] = ra.y, c.responseA[a].z[i] = ra.z;
            c.responseB[a].x[i] = rb.x, c.responseB[a].y[i] = rb.y, c.responseB[a].z[i] = rb.z;
        }
    const RowDiagonals diagonal = computeCoupling(c, 1.0f, 1.0f, which);
    for (int i = 0; i < 4; ++i) {
        c.normalMass[i] = 1.0f / diagonal.axis[kNormalRow][i];
        c.tangentMass[0][i] = 1.0f / diagonal.axis[kTangent1Row][i];
        c.tangentMass[1][i] = 1.0f / diagonal.axis[kTangent2Row][i];
    }
    return c;
}

/// The rows' headers, as the colouring reads them (row k: manifold k).
std::vector<ContactRowHeader> headersOf(const std::vector<ContactConstraint>& constraints) {
    std::vector<ContactRowHeader> headers;
    for (uint32_t k = 0; k < constraints.size(); ++k)
        headers.push_back({k, constraints[k].indexA, constraints[k].indexB});
    return headers;
}

} // namespace

TEST(Colouring, EveryManifoldOnceAndNoMovingBodyTwiceInAColour) {
    std::vector<SolverBody> bodies;
    const std::vector<ContactConstraint> constraints = randomConstraints(300, 1500, bodies);
    ConstraintColours colours;
    std::vector<uint32_t> bits;
    colourConstraints(headersOf(constraints), bodies, colours, bits);
    std::vector<int> seen(constraints.size(), 0);
    for (const std::vector<uint32_t>& colour : colours.colours) {
        std::set<uint32_t> moving;
        for (uint32_t k : colour) {
            ++seen[k];
            for (uint32_t b : {constraints[k].indexA, constraints[k].indexB})
                if (bodies[b].invMass > 0.0f) {
                    EXPECT_TRUE(moving.insert(b).second) << "body " << b << " twice";
                }
        }
    }
    for (uint32_t k : colours.overflow) ++seen[k];
    for (size_t k = 0; k < seen.size(); ++k) EXPECT_EQ(seen[k], 1) << "constraint " << k;
    // 1,500 random edges over 270 moving bodies: about 10 per body, well under the colour cap.
    EXPECT_TRUE(colours.overflow.empty());
    EXPECT_LE(colours.colours.size(), 24u);
}

TEST(Colouring, ABodyTouchingMoreThanTheCapOverflowsAndStaticBodiesNever) {
    // A moving hub touching 40 moving bodies needs 40 colours: 32 get one, 8 overflow. A static
    // hub touching 40 moving bodies needs one colour.
    std::vector<SolverBody> bodies(82);
    for (SolverBody& b : bodies) b.invMass = 1.0f;
    bodies[41].invMass = 0.0f;
    std::vector<ContactConstraint> constraints(80);
    for (uint32_t i = 0; i < 40; ++i) {
        constraints[i].indexA = 0, constraints[i].indexB = 1 + i;       // moving hub 0
        constraints[40 + i].indexA = 41, constraints[40 + i].indexB = 42 + i; // static hub 41
    }
    ConstraintColours colours;
    std::vector<uint32_t> bits;
    colourConstraints(headersOf(constraints), bodies, colours, bits);
    EXPECT_EQ(colours.overflow.size(), 8u);
    EXPECT_EQ(colours.colours.size(), size_t(ConstraintColours::kMaxColours));
    EXPECT_EQ(colours.colours[0].size(), 41u) << "the hub's first edge and all 40 static-hub edges";
}

TEST(WideMethod, EightLanesAndFourGiveTheSameStepBitForBit) {
    if (!wideAvx2Available()) GTEST_SKIP() << "no AVX2 on this CPU: only the four-lane path runs";
    // Eight lanes run the AVX2 build, or the AVX-512VL one where the CPU has it: all three
    // builds of the kernel give the same bits.
    auto run = [](int lanes, bool avx512, bool cone) {
        allowWideAvx512(avx512);
        Settings s = wide();
        s.solver.simdLanes = lanes;
        if (cone) s.solver.frictionModel = FrictionModel::Cone;
        World w(s);
        addGround(w);
        addPyramid(w, 8);
        for (int i = 0; i < 120; ++i) w.step();
        EXPECT_EQ(w.solverStats().lanes, lanes);
        EXPECT_STREQ(w.solverStats().simdBuild, lanes == 4 ? "SSE2" : avx512 ? "AVX-512VL" : "AVX2");
        allowWideAvx512(true);
        return w.stateHash();
    };
    for (bool cone : {false, true}) {
        const uint64_t four = run(4, false, cone);
        EXPECT_EQ(four, run(8, false, cone)) << "AVX2, cone " << cone;
        if (wideAvx512Used()) {
            EXPECT_EQ(four, run(8, true, cone)) << "AVX-512VL, cone " << cone;
        }
    }
}

TEST(WideMethod, TheLaneWidthIsASceneSettingAndOnlyZeroFourOrEightLoad) {
    auto parse = [](const std::string& lanes) {
        return parseScene(R"({"format": "tumble-scene", "version": 1, "settings": {"solver": {"method": "wide", "simdLanes": )" +
                              lanes + "}}, \"bodies\": []}",
                          "lanes.json");
    };
    const SceneLoadResult four = parse("4");
    ASSERT_TRUE(four.ok()) << four.errorText();
    EXPECT_EQ(four.scene.settings.solver.simdLanes, 4);
    const SceneLoadResult six = parse("6");
    ASSERT_FALSE(six.ok());
    EXPECT_NE(six.errorText().find("lanes.json"), std::string::npos) << six.errorText();
    EXPECT_NE(six.errorText().find("simdLanes"), std::string::npos) << six.errorText();
    EXPECT_NE(six.errorText().find("got 6"), std::string::npos) << six.errorText();
}

TEST(WideMethod, ARestingBoxCarriesItsWeight) {
    World w(wide());
    addGround(w);
    const BodyId box = addBox(w, {0.0f, 0.5f, 0.0f});
    for (int i = 0; i < 120; ++i) w.step();
    float impulse = 0.0f;
    for (const ContactManifoldInfo& m : w.contacts())
        for (int k = 0; k < m.pointCount; ++k) impulse += m.points[k].normalImpulse;
    const float weight = w.body(box).mass * 9.81f * w.settings().timestep;
    EXPECT_NEAR(impulse, weight, 1e-3f * weight) << "sum lambda_n = m g dt";
    EXPECT_NEAR(w.body(box).position.y, 0.5f, 0.01f);
    EXPECT_EQ(w.solverStats().colours, 1);
    EXPECT_EQ(w.solverStats().overflowManifolds, 0);
}

TEST(WideMethod, ASlidingBoxDeceleratesAtMuDG) {
    World w(wide());
    addMaterial(w, "Slide", 0.0f, 0.4f, 0.3f);
    setPair(w, "Slide", "Static", 0.0f, 0.4f, 0.3f);
    addGround(w);
    const BodyId box = addBox(w, {0.0f, 0.5f, 0.0f}, glm::vec3(0.5f), "Slide");
    for (int i = 0; i < 30; ++i) w.step();
    w.setVelocity(box, {4.0f, 0.0f, 0.0f}, glm::vec3(0.0f));
    w.step();
    const float v0 = w.body(box).linearVelocity.x;
    const int steps = 30;
    for (int i = 0; i < steps; ++i) w.step();
    const float a = (v0 - w.body(box).linearVelocity.x) / (steps * w.settings().timestep);
    EXPECT_NEAR(a, 0.3f * 9.81f, 0.01f * 0.3f * 9.81f) << "a = mu_d g";
}

TEST(WideMethod, AStackOfTwentyStandsAndAPyramidHolds) {
    {
        World w(wide());
        addGround(w);
        const std::vector<BodyId> stack = addStack(w, 20);
        for (int i = 0; i < 600; ++i) w.step();
        const glm::vec3 top = w.body(stack.back()).position;
        EXPECT_LT(glm::length(glm::vec2(top.x, top.z)), 0.05f) << "the top box stays over the base";
        EXPECT_NEAR(top.y, 19.5f, 0.1f);
    }
    {
        World w(wide());
        addGround(w);
        const std::vector<BodyId> ids = addPyramid(w, 12);
        std::vector<glm::vec3> start;
        for (BodyId id : ids) start.push_back(w.body(id).position);
        for (int i = 0; i < 600; ++i) w.step();
        const float most = maxDisplacement(w, ids, start);
        EXPECT_LT(most, 0.05f) << "every box of a base-12 pyramid within 5 cm after 10 s";
        EXPECT_GT(w.solverStats().colours, 2);
    }
}

TEST(WideMethod, TheFiguresCarryEachManifoldsColourForTheDebugDraw) {
    // What the Debug draw's graph colours show, read through the public API: every touching
    // manifold of a pyramid has a colour, and no moving body appears twice in one colour.
    World w(wide());
    w.setContactFigures(true); // this test reads them
    addGround(w);
    addPyramid(w, 6);
    for (int i = 0; i < 30; ++i) w.step();
    const std::vector<ContactManifoldInfo>& contacts = w.contacts();
    const std::vector<ContactManifoldFigures>& figures = w.contactFigures();
    ASSERT_EQ(contacts.size(), figures.size());
    std::vector<std::set<uint32_t>> bodiesOf(w.solverStats().colours);
    int coloured = 0;
    for (size_t i = 0; i < contacts.size(); ++i) {
        if (contacts[i].pointCount == 0 || contacts[i].sleeping) continue;
        const int colour = figures[i].colour;
        ASSERT_GE(colour, 0) << "manifold " << i;
        ASSERT_LT(colour, w.solverStats().colours);
        ++coloured;
        for (BodyId id : {contacts[i].bodyA, contacts[i].bodyB})
            if (w.body(id).invMass > 0.0f) {
                EXPECT_TRUE(bodiesOf[colour].insert(id.index).second) << "a body twice in colour " << colour;
            }
    }
    EXPECT_EQ(coloured, w.solverStats().manifolds);
    // Block Gauss-Seidel does not colour.
    Settings s = noSleep();
    World block(s);
    block.setContactFigures(true); // this test reads them
    addGround(block);
    addPyramid(block, 3);
    block.step();
    for (const ContactManifoldFigures& f : block.contactFigures()) EXPECT_EQ(f.colour, -1);
}

namespace {

/// The sum of the normal impulses (N s) of the manifold between bodies a and b, 0 if none.
float normalImpulseBetween(const World& w, BodyId a, BodyId b) {
    float sum = 0.0f;
    for (const ContactManifoldInfo& m : w.contacts())
        if ((m.bodyA == a && m.bodyB == b) || (m.bodyA == b && m.bodyB == a))
            for (int k = 0; k < m.pointCount; ++k) sum += m.points[k].normalImpulse;
    return sum;
}

} // namespace

TEST(WideMethod, ManifoldsPastTheColourCapAreSolvedAndCarryTheirLoad) {
    // A plank on the ground under 40 cubes: all 41 of the plank's manifolds need a colour of
    // their own, so 9 overflow and are solved one by one after the colours. Every cube's
    // manifold carries its weight, m g dt, and the plank's the weight of all.
    World w(wide());
    const BodyId ground = addGround(w);
    const BodyId plank = addBox(w, {0.0f, 0.1f, 0.0f}, {3.2f, 0.1f, 1.4f});
    std::vector<BodyId> cubes;
    for (int i = 0; i < 10; ++i)
        for (int j = 0; j < 4; ++j)
            cubes.push_back(addBox(w, {-2.7f + 0.6f * i, 0.45f, -0.9f + 0.6f * j}, glm::vec3(0.25f)));
    for (int i = 0; i < 90; ++i) w.step();
    EXPECT_EQ(w.solverStats().colours, ConstraintColours::kMaxColours);
    EXPECT_EQ(w.solverStats().overflowManifolds, 9);
    const float dt = w.settings().timestep, g = 9.81f;
    float total = w.body(plank).mass;
    for (BodyId cube : cubes) {
        const float weight = w.body(cube).mass * g * dt;
        EXPECT_NEAR(normalImpulseBetween(w, plank, cube), weight, 0.01f * weight);
        EXPECT_NEAR(w.body(cube).position.y, 0.45f, 0.01f);
        total += w.body(cube).mass;
    }
    EXPECT_NEAR(normalImpulseBetween(w, ground, plank), total * g * dt, 0.01f * total * g * dt);
}

TEST(WideMethod, AKinematicPlatformSharedByManyLanesCarriesItsBoxesAndIsNeverPushed) {
    // Eight boxes on a kinematic platform moving at 1 m/s: their manifolds share the platform,
    // which does not move under impulses, so they fill lanes of one group side by side. The
    // boxes are brought to the platform's speed by friction (within v / (mu g) = 0.2 s) and the
    // platform keeps its velocity exactly.
    World w(wide());
    BodyDef platform;
    platform.type = BodyType::Kinematic;
    platform.shape.type = ShapeType::Box;
    platform.shape.halfExtents = {4.0f, 0.25f, 2.0f};
    platform.position = {0.0f, 0.0f, 0.0f};
    platform.linearVelocity = {1.0f, 0.0f, 0.0f};
    platform.material = "Static";
    const BodyId carrier = w.createBody(platform);
    std::vector<BodyId> boxes;
    for (int i = 0; i < 8; ++i) boxes.push_back(addBox(w, {-3.0f + 0.85f * i, 0.75f, 0.0f}, glm::vec3(0.4f)));
    const int steps = 120;
    for (int i = 0; i < steps; ++i) w.step();
    EXPECT_GE(w.solverStats().manifolds, 8);
    EXPECT_EQ(w.body(carrier).linearVelocity, glm::vec3(1.0f, 0.0f, 0.0f));
    EXPECT_NEAR(w.body(carrier).position.x, steps * w.settings().timestep, 1e-4f);
    for (BodyId box : boxes) {
        EXPECT_NEAR(w.body(box).linearVelocity.x, 1.0f, 1e-3f) << "carried at the platform's speed";
        EXPECT_NEAR(w.body(box).position.y, 0.65f, 0.01f) << "resting on its top face";
    }
}

TEST(WideMethod, RowsPreparedWithTheNormalBlockAloneSolveInBlockGaussSeidelAsFullyCoupledOnes) {
    // The wide method prepares only the normal block's couplings; the manifolds it hands to
    // block Gauss-Seidel's kernel (the overflow, the shock pass) get their friction columns
    // there. Without them a point's friction would not reach the rows after it in the pass.
    std::vector<SolverBody> coupledBodies, normalOnlyBodies;
    ContactConstraint coupled = fourPointRows(coupledBodies, RowCouplings::All);
    ContactConstraint normalOnly = fourPointRows(normalOnlyBodies, RowCouplings::NormalBlock);
    EXPECT_TRUE(coupled.frictionCoupled);
    EXPECT_FALSE(normalOnly.frictionCoupled);
    EXPECT_NE(coupled.frictionToNormal[0][0][1], 0.0f) << "the fixture's friction reaches its normal rows";
    StepContext step;
    VelocityScratch scratch;
    scratch.iterationCount = 3;
    for (int pass = 0; pass < 3; ++pass) {
        scratch.iteration = pass;
        solveContactsGaussSeidel(std::span(&coupled, 1), coupledBodies, step, scratch);
        solveContactsGaussSeidel(std::span(&normalOnly, 1), normalOnlyBodies, step, scratch);
    }
    EXPECT_TRUE(normalOnly.frictionCoupled);
    for (int k = 0; k < 2; ++k) {
        EXPECT_EQ(coupledBodies[k].v, normalOnlyBodies[k].v) << "body " << k;
        EXPECT_EQ(coupledBodies[k].w, normalOnlyBodies[k].w) << "body " << k;
    }
    for (int i = 0; i < 4; ++i) {
        EXPECT_EQ(coupled.normalImpulse[i], normalOnly.normalImpulse[i]) << "point " << i;
        EXPECT_EQ(coupled.tangentImpulse[0][i], normalOnly.tangentImpulse[0][i]) << "point " << i;
    }
}

TEST(WideMethod, ItsShockPassKeepsATwentyBoxStackFromLeaning) {
    // The wide method's shock pass (shockWideGroup, on its groups): bottom-up, each lower body
    // frozen, friction carried through the velocities. Without the pass the residual of 10
    // iterations tilts the column a little more every step.
    auto drift = [](bool shock) {
        Settings s = wide();
        s.solver.shockPropagation = shock;
        return displacementAfterTenSeconds(s, [](World& w) { return addStack(w, 20); });
    };
    const float with = drift(true), without = drift(false);
    EXPECT_LT(with, 0.01f);
    EXPECT_GT(without, 5.0f * with + 0.01f) << "with " << with << " without " << without;
}

TEST(WideMethod, ItsShockPassMovesNoFrozenBodyAndStopsTheRowsFromApproaching) {
    // One manifold the colours could not take (the overflow's visit, shockManifoldGaussSeidel),
    // side A frozen (nearer the ground): A keeps its velocity bit for bit, and B leaves with no
    // normal velocity into A at any point.
    std::vector<SolverBody> bodies;
    ContactConstraint c = fourPointRows(bodies, RowCouplings::NormalBlock);
    for (int i = 0; i < 4; ++i) c.bias[i] = 0.0f;
    bodies[1].v.y = -3.0f; // B falls onto A at every point
    const SolverBody before = bodies[0];
    const NormalBlock block = c.block;
    shockManifoldGaussSeidel(c, bodies, StepContext{}, 1);
    EXPECT_EQ(bodies[0].v, before.v);
    EXPECT_EQ(bodies[0].w, before.w);
    for (int k = 0; k < 4; ++k)
        for (int i = 0; i < 4; ++i) EXPECT_EQ(c.block.K[k][i], block.K[k][i]) << "the split pass reads the real block";
    for (int i = 0; i < 4; ++i) {
        const glm::vec3 rA = laneVector(c.rA, i), rB = laneVector(c.rB, i);
        const glm::vec3 vrel = bodies[1].v + glm::cross(bodies[1].w, rB) - bodies[0].v - glm::cross(bodies[0].w, rA);
        EXPECT_GT(glm::dot(vrel, laneVector(c.axis[kNormalRow], i)), -1e-3f) << "point " << i;
    }
    EXPECT_GT(c.normalImpulse[0] + c.normalImpulse[1] + c.normalImpulse[2] + c.normalImpulse[3], 0.0f);
}

namespace {

/// `count` manifolds with fourPointRows' rows between random pairs of `bodyCount` tumbling
/// bodies (every tenth static), for passes over many lanes.
std::vector<ContactConstraint> randomRows(int bodyCount, int count, std::vector<SolverBody>& bodies) {
    std::vector<SolverBody> pair;
    const ContactConstraint rows = fourPointRows(pair, RowCouplings::NormalBlock);
    std::vector<ContactConstraint> constraints = randomConstraints(bodyCount, count, bodies);
    std::mt19937 random(11);
    std::uniform_real_distribution<float> speed(-1.0f, 1.0f);
    for (int i = 0; i < bodyCount; ++i) {
        if (bodies[i].invMass == 0.0f) continue;
        bodies[i].invI = pair[i % 2].invI;
        bodies[i].v = glm::vec3(speed(random), speed(random), speed(random));
        bodies[i].w = glm::vec3(speed(random), speed(random), speed(random));
    }
    for (ContactConstraint& c : constraints) {
        const uint32_t a = c.indexA, b = c.indexB;
        c = rows;
        c.indexA = a, c.indexB = b;
        c.invMassA = bodies[a].invMass, c.invMassB = bodies[b].invMass;
        c.normalImpulse = float4{} + 0.1f;
    }
    return constraints;
}

} // namespace

TEST(Colouring, PackingAColourBottomUpMovesItsManifoldsBetweenLanesNotWhatAPassGivesThem) {
    // The wide shock pass needs each colour's manifolds in level order (orderColours); the
    // iterations must give every manifold and body the same bits either way.
    std::vector<SolverBody> bodies;
    const std::vector<ContactConstraint> constraints = randomRows(200, 900, bodies);
    ConstraintColours asColoured;
    std::vector<uint32_t> bits;
    colourConstraints(headersOf(constraints), bodies, asColoured, bits);
    ConstraintColours reordered = asColoured;
    std::vector<uint32_t> order(constraints.size());
    for (uint32_t i = 0; i < order.size(); ++i) order[i] = static_cast<uint32_t>(order.size()) - 1 - i;
    std::vector<uint8_t> scratch;
    orderColours(reordered, order, scratch);
    ASSERT_EQ(reordered.colours.size(), asColoured.colours.size());
    for (size_t k = 0; k < asColoured.colours.size(); ++k) {
        std::vector<uint32_t> expected = asColoured.colours[k];
        std::reverse(expected.begin(), expected.end());
        EXPECT_EQ(reordered.colours[k], expected) << "colour " << k << ": its own manifolds, in the order given";
    }
    auto solve = [&](const ConstraintColours& colours) {
        std::vector<ContactConstraint> rows = constraints;
        std::vector<SolverBody> moved = bodies;
        std::vector<WideGroup<4>> groups;
        std::vector<WideSplitGroup<4>> splits;
        std::vector<uint32_t> segmentStart;
        buildWideGroups<4>(rows, colours.colours, groups, splits, segmentStart);
        WidePassSettings pass;
        for (int i = 0; i < 3; ++i) solveWideGroups<4>(groups, moved, pass);
        scatterWideImpulses<4>(groups, rows);
        return std::make_pair(rows, moved);
    };
    const auto [rowsA, bodiesA] = solve(asColoured);
    const auto [rowsB, bodiesB] = solve(reordered);
    for (size_t i = 0; i < bodies.size(); ++i) {
        EXPECT_EQ(bodiesA[i].v, bodiesB[i].v) << "body " << i;
        EXPECT_EQ(bodiesA[i].w, bodiesB[i].w) << "body " << i;
    }
    for (size_t i = 0; i < rowsA.size(); ++i)
        for (int p = 0; p < 4; ++p) {
            EXPECT_EQ(rowsA[i].normalImpulse[p], rowsB[i].normalImpulse[p]) << "constraint " << i;
            EXPECT_EQ(rowsA[i].tangentImpulse[0][p], rowsB[i].tangentImpulse[0][p]) << "constraint " << i;
        }
    EXPECT_NE(bodiesA[1].v, bodies[1].v) << "the passes moved the bodies";
}

TEST(WideMethod, AShockVisitSolvesOnlyItsLevelsLanesAndMovesNoFrozenBody) {
    // Two manifolds in one group: 0-1 at level 0 (A frozen) and 2-3 at level 1 (B frozen). A
    // visit of level 0 leaves the other lane's bodies and impulses as they were, leaves body 0
    // as it was, and leaves body 1 with no normal velocity into body 0 at any point.
    std::vector<SolverBody> pair;
    const ContactConstraint rows = fourPointRows(pair, RowCouplings::NormalBlock);
    std::vector<SolverBody> bodies = {pair[0], pair[1], pair[0], pair[1]};
    std::vector<ContactConstraint> constraints = {rows, rows};
    constraints[1].indexA = 2, constraints[1].indexB = 3;
    for (ContactConstraint& c : constraints)
        for (int i = 0; i < 4; ++i) c.bias[i] = 0.0f, c.normalImpulse[i] = 0.2f;
    bodies[1].v.y = bodies[3].v.y = -3.0f; // B falls onto A at every point
    std::vector<WideGroup<4>> groups;
    std::vector<WideSplitGroup<4>> splits;
    std::vector<uint32_t> segmentStart;
    buildWideGroups<4>(constraints, {{0, 1}}, groups, splits, segmentStart);
    ASSERT_EQ(groups.size(), 1u);
    const std::vector<SolverBody> before = bodies;
    const std::vector<uint32_t> level = {0, 1};
    const std::vector<uint8_t> frozen = {1, 2};
    WideShockBlock<4> block;
    shockWideGroup<4>(groups[0], 0, bodies, WidePassSettings{}, level, frozen, block, false);
    // The level's second visit reads the frozen blocks the first computed: the same as
    // computing them again.
    {
        std::vector<WideGroup<4>> again = groups, fresh = groups;
        std::vector<SolverBody> bodiesAgain = bodies, bodiesFresh = bodies;
        WideShockBlock<4> freshBlock;
        shockWideGroup<4>(again[0], 0, bodiesAgain, WidePassSettings{}, level, frozen, block, true);
        shockWideGroup<4>(fresh[0], 0, bodiesFresh, WidePassSettings{}, level, frozen, freshBlock, false);
        for (size_t k = 0; k < bodies.size(); ++k) {
            EXPECT_EQ(bodiesAgain[k].v, bodiesFresh[k].v) << "body " << k;
            EXPECT_EQ(bodiesAgain[k].w, bodiesFresh[k].w) << "body " << k;
        }
        EXPECT_NE(bodiesAgain[1].v, bodies[1].v) << "the second visit did not move body 1";
    }
    scatterWideImpulses<4>(groups, constraints);
    EXPECT_EQ(bodies[0].v, before[0].v);
    EXPECT_EQ(bodies[0].w, before[0].w);
    for (int k : {2, 3}) {
        EXPECT_EQ(bodies[k].v, before[k].v) << "body " << k << " of the lane at level 1";
        EXPECT_EQ(bodies[k].w, before[k].w) << "body " << k << " of the lane at level 1";
    }
    const ContactConstraint& c = constraints[0];
    for (int i = 0; i < 4; ++i) {
        EXPECT_EQ(constraints[1].normalImpulse[i], 0.2f) << "point " << i << " of the lane at level 1";
        const glm::vec3 rA = laneVector(c.rA, i), rB = laneVector(c.rB, i);
        const glm::vec3 vrel = bodies[1].v + glm::cross(bodies[1].w, rB) - bodies[0].v - glm::cross(bodies[0].w, rA);
        EXPECT_GT(glm::dot(vrel, laneVector(c.axis[kNormalRow], i)), -1e-3f) << "point " << i;
    }
    EXPECT_GT(c.normalImpulse[0] + c.normalImpulse[1] + c.normalImpulse[2] + c.normalImpulse[3], 0.8f);
}

TEST(WideMethod, ColoursAndShockOrderKeptAtRestGiveWhatAFreshWorldBuildsAcrossEveryChange) {
    // At rest the contact graph does not change, so the world keeps the shock pass's order and
    // the wide method its colours, their bottom-up order and the shock visits. After each change
    // below, the world that kept them must step as one that starts from the same state with
    // nothing kept: a change that failed to invalidate them would leave the first on stale
    // colours or levels. Block Gauss-Seidel reads the world's kept order too.
    for (const char* method : {"wide", "gaussSeidel"}) {
        auto build = [&] {
            Settings s = noSleep();
            s.solver.method = method;
            World w(s);
            addGround(w);
            addPyramid(w, 6);
            return w;
        };
        World w = build();
        const BodyId one = w.bodyIds()[8], other = w.bodyIds()[3];
        using Change = void (*)(World&, BodyId, BodyId);
        const Change changes[] = {
            [](World& x, BodyId a, BodyId) { x.setBodyType(a, BodyType::Kinematic); }, // anchored, not moving
            [](World& x, BodyId a, BodyId b) { // as many anchored bodies as before, another one
                x.setBodyType(a, BodyType::Dynamic);
                x.setBodyType(b, BodyType::Kinematic);
            },
            [](World& x, BodyId, BodyId b) { x.setBodyType(b, BodyType::Dynamic); },
            [](World& x, BodyId, BodyId) { x.settings().solver.shockPropagation = false; },
            [](World& x, BodyId, BodyId) { x.settings().solver.shockPropagation = true; },
            [](World& x, BodyId, BodyId) { x.settings().solver.simdLanes = 4; },
            [](World& x, BodyId, BodyId) { x.settings().solver.simdLanes = 8; },
        };
        for (int i = 0; i < 30; ++i) w.step(); // at rest: the graph repeats
        for (Change change : changes) {
            const WorldState before = w.captureState();
            World fresh = build();
            ASSERT_TRUE(fresh.restoreState(before));
            fresh.settings() = w.settings();
            change(w, one, other);
            change(fresh, one, other);
            for (int i = 0; i < 15; ++i) {
                w.step();
                fresh.step();
            }
            ASSERT_EQ(w.stateHash(), fresh.stateHash()) << method;
        }
    }
}
