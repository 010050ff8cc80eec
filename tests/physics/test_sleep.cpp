// Sleep: an island waits for its position correction before it sleeps, and a sleeping pile
// keeps its contacts (counted, reported, greyed) without solving them, until a body wakes.
#include "physics/contact_fixtures.h"
#include "scene/scene_writer.h"
#include "tumble/debug_draw.h"
#include "tumble/scene.h"
#include "tumble/snapshot.h"
#include "world/state_codec.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace tumble;
using namespace tumble::test;

namespace {

float deepestSeparation(const World& w) {
    float deepest = 0.0f;
    for (const ContactManifoldInfo& m : w.contacts())
        for (int k = 0; k < m.pointCount; ++k) deepest = std::min(deepest, m.points[k].separation);
    return deepest;
}

/// Steps until every dynamic body sleeps (at most `limit` steps); false if they never do.
bool stepUntilAsleep(World& w, int limit) {
    for (int i = 0; i < limit; ++i) {
        w.step();
        if (w.counters().awakeBodies == 0) return true;
    }
    return false;
}

} // namespace

// A unit box started 2 x slop (1 cm) deep in the floor, at rest: at erp 0.05 the push-out
// takes a few seconds, far longer than timeToSleep (0.5 s). Before, the box fell asleep
// with 6 mm left (1 mm short of the slop) and stayed there; a correction pending now keeps
// it awake until it is out to the slop (within 20 um), and then it sleeps.
TEST(Sleep, ABoxStartedTwiceTheSlopDeepRisesToTheSlopBeforeItSleeps) {
    for (PositionCorrection mode : {PositionCorrection::Baumgarte, PositionCorrection::SplitImpulse,
                                    PositionCorrection::NonlinearGaussSeidel}) {
        SCOPED_TRACE(std::string(toString(mode)));
        Settings s;
        s.solver.positionCorrection = mode;
        s.solver.erp = 0.05f;
        World w(s);
        addGround(w);
        const float slop = s.solver.slop;
        BodyId box = addBox(w, {0.0f, 0.5f - 2.0f * slop, 0.0f});
        float separationWhenAsleep = 1.0f;
        for (int i = 0; i < 1200 && separationWhenAsleep > 0.5f; ++i) {
            w.step();
            if (w.body(box).sleeping) separationWhenAsleep = w.body(box).position.y - 0.5f;
        }
        ASSERT_LT(separationWhenAsleep, 0.5f) << "the box never fell asleep";
        EXPECT_GE(separationWhenAsleep, -slop - 2e-5f);
        EXPECT_LE(separationWhenAsleep, 0.0f);
    }
}

// With position correction off nothing is pending: a deep overlap sleeps as it is.
TEST(Sleep, WithoutPositionCorrectionADeepBoxStillSleeps) {
    Settings s;
    s.solver.positionCorrection = PositionCorrection::None;
    World w(s);
    addGround(w);
    addBox(w, {0.0f, 0.49f, 0.0f});
    EXPECT_TRUE(stepUntilAsleep(w, 120));
}

// Two crates created 0.4 m inside each other on the floor, no position correction: once they
// sleep, their contacts stay counted with the same depth (before, the counters and the report
// said 0 while the crates overlapped by 0.4 m), flagged asleep and left unsolved.
TEST(Sleep, ASleepingPileKeepsItsContactsAndTheirDepth) {
    Settings s;
    s.solver.positionCorrection = PositionCorrection::None;
    World w(s);
    addGround(w);
    BodyId low = addBox(w, {0.0f, 0.5f, 0.0f});
    BodyId high = addBox(w, {0.0f, 1.1f, 0.0f}); // 0.4 m into the lower one
    for (int i = 0; i < 300 && !w.body(high).sleeping; ++i) w.step();
    ASSERT_TRUE(w.body(high).sleeping && w.body(low).sleeping);
    // The counters of the step they fell asleep in: its contacts are the ones kept.
    const Counters lastAwake = w.counters();
    EXPECT_GT(lastAwake.maxPenetration, 0.35f);
    const glm::vec3 where = w.body(high).position;
    for (int i = 0; i < 120; ++i) w.step();
    ASSERT_TRUE(w.body(high).sleeping);
    const Counters& c = w.counters();
    EXPECT_EQ(c.pairs, 2);
    EXPECT_EQ(c.sleepingPairs, 2);
    EXPECT_EQ(c.contacts, c.sleepingContacts);
    EXPECT_GE(c.contacts, 2 * 4);
    EXPECT_NEAR(c.maxPenetration, -deepestSeparation(w), 1e-7f);
    // The depth the crates fell asleep with, to the bit.
    EXPECT_EQ(c.maxPenetration, lastAwake.maxPenetration);
    EXPECT_EQ(c.contacts, lastAwake.contacts);
    for (const ContactManifoldInfo& m : w.contacts()) EXPECT_TRUE(m.sleeping);
    EXPECT_EQ(w.solverStats().manifolds, 0); // kept, not solved
    EXPECT_EQ(w.body(high).position, where);
}

// Woken, a sleeping stack is solved again at once from the contacts it slept with: no step
// without contacts in which it drops by g dt^2 (2.7 mm at 60 Hz), and the pairs are measured
// afresh (no longer flagged asleep) from the next step on.
TEST(Sleep, WakingRestoresNormalSolving) {
    World w;
    addGround(w);
    std::vector<BodyId> stack = addStack(w, 3);
    ASSERT_TRUE(stepUntilAsleep(w, 600));
    for (int i = 0; i < 30; ++i) w.step();
    ASSERT_GT(w.counters().sleepingPairs, 0);
    const float bottom = w.body(stack[0]).position.y;
    const float top = w.body(stack[2]).position.y;
    w.setVelocity(stack[2], {0.0f, 0.0f, 0.0f}, {0.0f, 0.0f, 0.0f}); // wakes the island
    w.step();
    EXPECT_FALSE(w.body(stack[0]).sleeping);
    EXPECT_EQ(w.counters().sleepingPairs, 0);
    EXPECT_GE(w.solverStats().manifolds, 3);
    EXPECT_NEAR(w.body(stack[0]).position.y, bottom, 5e-4f);
    EXPECT_NEAR(w.body(stack[2]).position.y, top, 5e-4f);
    for (int i = 0; i < 60; ++i) w.step();
    EXPECT_NEAR(w.body(stack[2]).position.y, top, 2e-3f);
}

// A ball rolled into a sleeping stack wakes it; the stack's pairs are solved again.
TEST(Sleep, ABodyThatHitsASleepingPileWakesItsPairs) {
    World w;
    addGround(w);
    std::vector<BodyId> stack = addStack(w, 2);
    ASSERT_TRUE(stepUntilAsleep(w, 600));
    BodyId ball = addSphere(w, {-3.0f, 0.5f, 0.0f}, 0.5f);
    w.setVelocity(ball, {4.0f, 0.0f, 0.0f}, glm::vec3(0.0f));
    bool woke = false;
    for (int i = 0; i < 120 && !woke; ++i) {
        w.step();
        woke = !w.body(stack[0]).sleeping;
    }
    ASSERT_TRUE(woke);
    for (const ContactManifoldInfo& m : w.contacts()) {
        const bool ofTheStack = m.bodyA == stack[0] || m.bodyB == stack[0];
        EXPECT_FALSE(ofTheStack && m.sleeping);
    }
}

// The asleep flag is part of the contact cache in snapshots (JSON) and in the recorder's
// packed states, and a run resumed from a sleeping pile's snapshot is bit-identical.
TEST(Sleep, TheAsleepFlagSurvivesSnapshotsAndRewind) {
    SceneDef scene;
    scene.settings.solver.positionCorrection = PositionCorrection::None;
    BodyDef ground;
    ground.name = "ground";
    ground.type = BodyType::Static;
    ground.shape.type = ShapeType::Box;
    ground.shape.halfExtents = {10.0f, 0.5f, 10.0f};
    ground.position = {0.0f, -0.5f, 0.0f};
    BodyDef crate;
    crate.shape.type = ShapeType::Box;
    crate.shape.halfExtents = glm::vec3(0.5f);
    crate.name = "low";
    crate.position = {0.0f, 0.5f, 0.0f};
    BodyDef upper = crate;
    upper.name = "high";
    upper.position = {0.0f, 1.1f, 0.0f};
    scene.bodies = {ground, crate, upper};
    World w = buildWorld(scene);
    ASSERT_TRUE(stepUntilAsleep(w, 300));
    w.step();
    ASSERT_EQ(w.counters().sleepingPairs, 2);

    SceneLoadResult loaded = parseScene(writeSnapshot(scene, w), "snapshot.json");
    ASSERT_TRUE(loaded.ok()) << loaded.errorText();
    World resumed = buildWorld(loaded.scene);
    ASSERT_EQ(resumed.contacts().size(), w.contacts().size());
    for (const ContactManifoldInfo& m : resumed.contacts()) EXPECT_TRUE(m.sleeping);

    WorldState st = w.captureState();
    std::vector<std::byte> bytes;
    packState(st, bytes);
    WorldState back;
    ASSERT_TRUE(unpackState(bytes, back));
    ASSERT_EQ(back.contacts.size(), st.contacts.size());
    for (const ContactManifoldInfo& m : back.contacts) EXPECT_TRUE(m.sleeping);

    // Wake it with a push and run on: the resumed world follows bit for bit.
    BodyId high = w.findBody("high"), high2 = resumed.findBody("high");
    w.setVelocity(high, {0.5f, 0.0f, 0.0f}, glm::vec3(0.0f));
    resumed.setVelocity(high2, {0.5f, 0.0f, 0.0f}, glm::vec3(0.0f));
    for (int i = 0; i < 120; ++i) {
        w.step();
        resumed.step();
    }
    EXPECT_EQ(resumed.stateHash(), w.stateHash());
}

namespace {

/// The colours of the points and arrows the debug draw emits.
struct ColourRecording final : DebugDraw {
    std::vector<glm::vec3> points, arrows;
    void line(const glm::vec3&, const glm::vec3&, const glm::vec3&) override {}
    void point(const glm::vec3&, float, const glm::vec3& c) override { points.push_back(c); }
    void arrow(const glm::vec3&, const glm::vec3&, const glm::vec3& c) override { arrows.push_back(c); }
    void label(const glm::vec3&, const std::string&, const glm::vec3&) override {}
};

bool isGrey(const glm::vec3& c) { return c.r == c.g && c.g == c.b; }

ColourRecording contactColours(const World& w) {
    DebugDrawOptions o;
    o.contacts = true;
    o.normals = true;
    o.joints = o.forceFields = o.trajectories = false; // contacts and normals alone
    ColourRecording r;
    emitDebugDraw(w, o, r);
    return r;
}

} // namespace

// The lecture hall's question "is that pile solved?": the points and normals of a sleeping
// stack are drawn grey (every one of them), and once it is woken they are back in colour
// (yellow or orange points, cyan normals).
TEST(Sleep, ASleepingStacksContactsAreDrawnGreyAndInColourOnceWoken) {
    World w;
    addGround(w);
    std::vector<BodyId> stack = addStack(w, 3);
    ASSERT_TRUE(stepUntilAsleep(w, 600));
    ColourRecording asleep = contactColours(w);
    ASSERT_GE(asleep.points.size(), 3u * 4u);
    ASSERT_EQ(asleep.arrows.size(), asleep.points.size());
    for (const glm::vec3& c : asleep.points) EXPECT_TRUE(isGrey(c)) << c.r << " " << c.g << " " << c.b;
    for (const glm::vec3& c : asleep.arrows) EXPECT_TRUE(isGrey(c)) << c.r << " " << c.g << " " << c.b;

    w.setVelocity(stack[2], {0.0f, 0.0f, 0.0f}, {0.0f, 0.0f, 0.0f}); // wakes the island
    w.step();
    ColourRecording awake = contactColours(w);
    ASSERT_GE(awake.points.size(), 3u * 4u);
    for (const glm::vec3& c : awake.points) EXPECT_FALSE(isGrey(c)) << c.r << " " << c.g << " " << c.b;
    for (const glm::vec3& c : awake.arrows) EXPECT_FALSE(isGrey(c)) << c.r << " " << c.g << " " << c.b;
}
