// The collision pipeline inside World::step: broad phase choice, the contact cache, the
// dispatch counts, layers and masks.
#include "physics/contact_fixtures.h"

#include "tumble/snapshot.h"

#include <glm/gtc/quaternion.hpp>
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
    w.setContactFigures(true); // this test reads them
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
    const ContactManifoldFigures& figures = w.contactFigures()[later - w.contacts().data()];
    float total = 0.0f;
    for (int i = 0; i < later->pointCount; ++i) {
        EXPECT_TRUE(later->points[i].persisted);
        // Warm started from last step: the start impulse is already (close to) the answer.
        EXPECT_GT(figures.points[i].warmStartImpulse[0], 0.0f);
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

// Persistent contacts (Settings::contactReuseSteps): one world re-measures its manifolds,
// a twin restored to the same state before every step builds them afresh; both see the same
// poses, so their manifolds must agree.
struct TwinWorlds {
    World reusing{noSleep()}, fresh{noSleep()};
    BodyId box{};
    explicit TwinWorlds(const char* material, glm::quat tilt) {
        Settings s = noSleep();
        s.contactReuseSteps = 1;
        fresh.settings() = s;
        for (World* w : {&reusing, &fresh}) {
            addMaterial(*w, "Ice", 0.0f, 0.0f, 0.0f);
            addGround(*w, material);
            box = addBox(*w, {0, 0.31f, 0}, glm::vec3(0.5f, 0.3f, 0.4f), material, tilt);
        }
    }
    /// Steps both from the reusing world's state; returns whether its manifold was re-measured
    /// and checks it against the fresh one point by point (matched by feature id).
    bool stepAndCompare() {
        std::string error;
        EXPECT_TRUE(fresh.restoreState(reusing.captureState(), &error)) << error;
        reusing.step();
        fresh.step();
        EXPECT_EQ(reusing.contacts().size(), 1u);
        EXPECT_EQ(fresh.contacts().size(), 1u);
        if (reusing.contacts().size() != 1 || fresh.contacts().size() != 1) return false;
        const ContactManifoldInfo& r = reusing.contacts()[0];
        const ContactManifoldInfo& f = fresh.contacts()[0];
        EXPECT_FALSE(f.remeasured);
        EXPECT_EQ(r.pointCount, f.pointCount);
        EXPECT_GT(glm::dot(r.normal, f.normal), 0.99999f);
        for (int i = 0; i < r.pointCount; ++i)
            for (int j = 0; j < f.pointCount; ++j)
                if (r.points[i].featureId == f.points[j].featureId) {
                    EXPECT_NEAR(r.points[i].separation, f.points[j].separation, 1e-5f);
                    EXPECT_LT(glm::length(r.points[i].position - f.points[j].position),
                              reusing.settings().contactReuseSlide);
                }
        return r.remeasured;
    }
};

TEST(PersistentContacts, ARestingPairReMeasuresThreeStepsInFourAndAgreesWithAFreshTest) {
    // Tilted a little about two axes, so it rocks onto its face while the test runs.
    TwinWorlds twins("Wood", glm::angleAxis(0.02f, glm::normalize(glm::vec3(1, 0, 0.6f))));
    twins.reusing.settings().contactReuseSteps = 4;
    int remeasured = 0;
    const int steps = 120;
    for (int i = 0; i < steps; ++i) remeasured += twins.stepAndCompare() ? 1 : 0;
    // The first step has no manifold to keep, a fresh one comes one step in four, and a few
    // more while the box rocks down onto its face (its points slide, the normals turn).
    EXPECT_GE(remeasured, steps * 2 / 3);
    EXPECT_LE(remeasured, steps * 3 / 4);
    EXPECT_EQ(twins.reusing.counters().pairsRemeasured, twins.reusing.contacts()[0].remeasured ? 1 : 0);

    // With contactReuseSteps = 1 every pair is measured afresh.
    twins.reusing.settings().contactReuseSteps = 1;
    for (int i = 0; i < 8; ++i) EXPECT_FALSE(twins.stepAndCompare());
    EXPECT_EQ(twins.reusing.counters().pairsRemeasured, 0);
}

TEST(PersistentContacts, APairThatSlidesIsMeasuredAfreshOnceItsPointsHaveSlidTheReuseSlide) {
    // On ice at 0.05 m/s the box slides 0.83 mm a step: two steps re-measured (1.7 mm), then
    // the third would pass the 2 mm slide and the pair is measured afresh.
    TwinWorlds twins("Ice", glm::quat(1, 0, 0, 0));
    for (int i = 0; i < 30; ++i) twins.stepAndCompare(); // settle
    twins.reusing.setVelocity(twins.box, {0.05f, 0, 0}, glm::vec3(0.0f));
    int remeasured = 0, longestRun = 0, run = 0;
    for (int i = 0; i < 60; ++i) {
        const bool kept = twins.stepAndCompare();
        remeasured += kept ? 1 : 0;
        run = kept ? run + 1 : 0;
        longestRun = std::max(longestRun, run);
    }
    EXPECT_EQ(longestRun, 2);
    EXPECT_GE(remeasured, 30);
    // Moving it by hand drops its manifold for a fresh one.
    twins.reusing.setPose(twins.box, twins.reusing.body(twins.box).position, glm::quat(1, 0, 0, 0));
    EXPECT_FALSE(twins.stepAndCompare());
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

TEST(Narrowphase, CandidatesWhoseBoxesAreFartherApartThanTheMarginAreNotMeasured) {
    Settings s = noSleep();
    s.gravity = glm::vec3(0.0f);
    World w(s);
    const float margin = w.settings().contactMargin;
    // 6 cm apart: past the 2 cm contact margin, within the broad phase's enlarged boxes.
    BodyId a = addBox(w, {0, 0, 0});
    BodyId b = addBox(w, {1.06f, 0, 0});
    w.step();
    EXPECT_EQ(w.counters().pairsCulled, 1);
    EXPECT_EQ(w.counters().pairs, 0);
    EXPECT_EQ(w.dispatchCounts()[int(ShapeType::Box)][int(ShapeType::Box)], 0)
        << "culled before any collide function";
    // 1 cm apart: within the margin, measured, one speculative manifold at that gap.
    w.setPose(b, {1.01f, 0, 0}, glm::quat(1, 0, 0, 0));
    w.step();
    EXPECT_EQ(w.counters().pairsCulled, 0);
    const ContactManifoldInfo* m = manifoldOf(w, a, b);
    ASSERT_NE(m, nullptr);
    EXPECT_NEAR(m->points[0].separation, 0.01f, 1e-4f);
    EXPECT_LT(m->points[0].separation, margin);

    // Closing from 6 cm at 1 m/s on a static A, the pair is culled until the gap is within the
    // margin, then its speculative contact stops B on A's face (and Wood on Wood bounces it
    // back): it neither passes into A nor turns back short of it.
    w.setBodyType(a, BodyType::Static);
    w.setPose(b, {1.06f, 0, 0}, glm::quat(1, 0, 0, 0));
    w.setVelocity(b, {-1.0f, 0, 0}, glm::vec3(0.0f));
    int culledSteps = 0;
    float closest = 1.06f;
    for (int i = 0; i < 30; ++i) {
        w.step();
        culledSteps += w.counters().pairsCulled;
        closest = std::min(closest, w.body(b).position.x);
    }
    EXPECT_GE(culledSteps, 2); // 6 cm - 2 cm at 1.67 cm a step
    EXPECT_GT(closest, 1.0f - w.settings().solver.slop - 1e-3f);
    EXPECT_LT(closest, 1.0f + 1e-3f);
    EXPECT_GE(w.body(b).linearVelocity.x, 0.0f);
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
