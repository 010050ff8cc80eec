// The collision pipeline inside World::step: broad phase choice, the contact cache, the
// dispatch counts, layers and masks.
#include "physics/contact_fixtures.h"

#include <gtest/gtest.h>

using namespace tumble;
using namespace tumble::test;

namespace {
const ContactManifoldInfo* manifoldOf(const World& w, BodyId a, BodyId b) {
    for (const ContactManifoldInfo& m : w.contacts())
        if ((m.bodyA == a && m.bodyB == b) || (m.bodyA == b && m.bodyB == a)) return &m;
    return nullptr;
}
} // namespace

TEST(ContactCache, RestingPointsPersistAndCarryTheirImpulsesFromStepToStep) {
    World w(noSleep());
    BodyId ground = addGround(w);
    BodyId box = addBox(w, {0, 0.5f, 0});
    w.step();
    const ContactManifoldInfo* first = manifoldOf(w, ground, box);
    ASSERT_NE(first, nullptr);
    ASSERT_EQ(first->pointCount, 4);
    for (int i = 0; i < 4; ++i) EXPECT_FALSE(first->points[i].persisted);
    for (int i = 0; i < 10; ++i) w.step();
    const ContactManifoldInfo* later = manifoldOf(w, ground, box);
    ASSERT_NE(later, nullptr);
    float total = 0.0f;
    for (int i = 0; i < later->pointCount; ++i) {
        EXPECT_TRUE(later->points[i].persisted);
        // Warm started from last step: the start impulse is already (close to) the answer.
        EXPECT_GT(later->points[i].warmStartImpulse[0], 0.0f);
        total += later->points[i].normalImpulse;
    }
    // The four points hold the box's weight: sum of lambda_n = m g dt.
    float weight = w.body(box).mass * 9.81f * w.settings().timestep;
    EXPECT_NEAR(total, weight, 0.01f * weight);
}

TEST(ContactCache, APairLeavesTheCacheWhenItsBoxesStopOverlapping) {
    Settings s = noSleep();
    s.gravity = glm::vec3(0.0f);
    World w(s);
    BodyId a = addBox(w, {0, 0, 0});
    BodyId b = addBox(w, {0, 1.0f, 0});
    w.step();
    ASSERT_NE(manifoldOf(w, a, b), nullptr);
    w.setVelocity(b, {0, 3.0f, 0}, glm::vec3(0.0f));
    for (int i = 0; i < 30; ++i) w.step();
    EXPECT_EQ(manifoldOf(w, a, b), nullptr);
    EXPECT_EQ(w.counters().pairs, 0);
}

TEST(Broadphase, SwitchingTheBroadPhaseLiveKeepsTheSimulationBitIdentical) {
    auto run = [](BroadphaseType first, BroadphaseType second) {
        Settings s = noSleep();
        s.broadphase = first;
        World w(s);
        addGround(w);
        addPyramid(w, 6);
        addSphere(w, {0.2f, 9, 0.1f}, 0.4f, "Metal");
        for (int i = 0; i < 60; ++i) w.step();
        w.settings().broadphase = second;
        for (int i = 0; i < 60; ++i) w.step();
        return w.stateHash();
    };
    uint64_t tree = run(BroadphaseType::DynamicTree, BroadphaseType::DynamicTree);
    EXPECT_EQ(run(BroadphaseType::BruteForce, BroadphaseType::SortAndSweep), tree);
    EXPECT_EQ(run(BroadphaseType::SortAndSweep, BroadphaseType::DynamicTree), tree);
}

TEST(Dispatch, CountsOneCallPerCandidatePairInItsCell) {
    World w(noSleep());
    addGround(w);                              // box
    addSphere(w, {0, 0.5f, 0}, 0.5f);          // sphere on the box
    addBox(w, {3, 0.5f, 0});                   // box on the box
    w.step();
    const DispatchCounts& d = w.dispatchCounts();
    int box = static_cast<int>(ShapeType::Box), sphere = static_cast<int>(ShapeType::Sphere);
    EXPECT_EQ(d[box][sphere] + d[sphere][box], 1);
    EXPECT_EQ(d[box][box], 1);
    EXPECT_EQ(w.counters().pairs, 2);
}

TEST(Filtering, BodiesWhoseMasksExcludeEachOtherPassThrough) {
    World w(noSleep());
    BodyDef ground;
    ground.type = BodyType::Static;
    ground.shape.type = ShapeType::Box;
    ground.shape.halfExtents = {10, 0.5f, 10};
    ground.position = {0, -0.5f, 0};
    ground.layer = 1;
    w.createBody(ground);
    BodyDef ghost;
    ghost.shape.type = ShapeType::Sphere;
    ghost.shape.radius = 0.5f;
    ghost.position = {0, 2, 0};
    ghost.layer = 2;
    ghost.mask = 2; // collides with layer 2 only: not the ground
    BodyId id = w.createBody(ghost);
    for (int i = 0; i < 90; ++i) w.step();
    EXPECT_LT(w.body(id).position.y, -1.0f);
    EXPECT_EQ(w.counters().contacts, 0);
}
