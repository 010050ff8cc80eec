// The watchdog flags what a user should look at: a body too fast, an overlap too deep, total
// energy jumping in one step. Each fires on a world made to trigger it and stays silent on a
// quiet one (every scene in scenes/ is checked silent in tests/scene).
#include "physics/contact_fixtures.h"

#include <gtest/gtest.h>

using namespace tumble;
using namespace tumble::test;

namespace {
bool anyEventContains(const World& w, const std::string& text) {
    for (const WorldEvent& e : w.events())
        if (e.what.find(text) != std::string::npos) return true;
    return false;
}
} // namespace

TEST(Watchdog, ABodyFasterThanTheLimitIsFlagged) {
    Settings s = noSleep();
    s.gravity = glm::vec3(0.0f);
    World w(s);
    BodyId b = addSphere(w, {0, 0, 0}, 0.1f);
    w.setVelocity(b, {150, 0, 0}, glm::vec3(0.0f));
    w.step();
    EXPECT_FALSE(w.stepFlags().tooFast);
    w.setVelocity(b, {250, 0, 0}, glm::vec3(0.0f));
    w.step();
    EXPECT_TRUE(w.stepFlags().tooFast);
    EXPECT_TRUE(anyEventContains(w, "over the 200 m/s limit"));
}

TEST(Watchdog, AnOverlapDeeperThanTheLimitIsFlagged) {
    Settings s = noSleep();
    s.gravity = glm::vec3(0.0f);
    s.solver.positionCorrection = PositionCorrection::None;
    World w(s);
    addBox(w, {0, 0, 0});
    addBox(w, {0, 0.4f, 0}); // 0.6 m deep
    w.step();
    EXPECT_TRUE(w.stepFlags().tooDeep);
    EXPECT_TRUE(anyEventContains(w, "penetration"));
}

TEST(Watchdog, BaumgartePoppingADeepOverlapIsAnEnergyJumpButSplitImpulseIsNot) {
    auto popped = [](PositionCorrection mode) {
        Settings s = noSleep();
        s.gravity = glm::vec3(0.0f);
        s.solver.positionCorrection = mode;
        s.solver.erp = 1.0f;
        s.solver.maxCorrectionVelocity = 100.0f;
        World w(s);
        addBox(w, {0, 0, 0});
        addBox(w, {0, 0.6f, 0}); // 0.4 m deep
        bool jumped = false;
        for (int i = 0; i < 30; ++i) {
            w.step();
            jumped |= w.stepFlags().energyJump;
        }
        return jumped;
    };
    EXPECT_TRUE(popped(PositionCorrection::Baumgarte));
    EXPECT_FALSE(popped(PositionCorrection::SplitImpulse));
}

TEST(Watchdog, AQuietStackRaisesNoFlag) {
    World w(noSleep());
    addGround(w);
    addStack(w, 10);
    for (int i = 0; i < 600; ++i) {
        w.step();
        ASSERT_FALSE(w.stepFlags().any()) << "step " << i;
    }
    EXPECT_TRUE(w.events().empty());
}

TEST(Watchdog, AFlagRaisedEveryStepForOneBodyIsOneEventWithItsFirstAndLastStepAndCount) {
    Settings s = noSleep();
    s.gravity = glm::vec3(0.0f);
    s.worldBounds.enabled = false; // 250 m/s for 25 s: 6 km, past the default bounds of 1 km
    World w(s);
    BodyId fast = addSphere(w, {0, 0, 0}, 0.1f);
    BodyId other = addSphere(w, {0, 50, 0}, 0.1f);
    w.setVelocity(fast, {250, 0, 0}, glm::vec3(0.0f));
    for (int i = 0; i < 1500; ++i) w.step();
    ASSERT_EQ(w.events().size(), 1u) << "1500 repeats are one event, not 1000 and a cut";
    const WorldEvent& e = w.events().front();
    EXPECT_EQ(e.step, 1u);
    EXPECT_EQ(e.lastStep, 1500u);
    EXPECT_EQ(e.count, 1500u);
    EXPECT_EQ(e.body, fast);
    EXPECT_EQ(w.droppedEvents(), 0u);
    // Another body flagged for the same reason is its own event.
    w.setVelocity(fast, glm::vec3(0.0f), glm::vec3(0.0f));
    w.setVelocity(other, {0, 300, 0}, glm::vec3(0.0f));
    w.step();
    ASSERT_EQ(w.events().size(), 2u);
    EXPECT_EQ(w.events().back().body, other);
    EXPECT_EQ(w.events().back().count, 1u);
}
