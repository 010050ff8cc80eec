// The solver's contact figures (World::contactFigures): kept only while something shows them,
// never a change to what a step computes, and refilled for a stopped world by re-running its
// step (refillContactFigures).
#include "physics/joint_fixtures.h"

#include "tumble/solver_compare.h"
#include "tumble/solver_methods.h"

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

using namespace tumble;
using namespace tumble::test;

namespace {

/// Bit for bit: the figures are copies of what the step computed, so equal steps give equal bits.
bool sameBits(const std::vector<ContactManifoldFigures>& a, const std::vector<ContactManifoldFigures>& b) {
    return a.size() == b.size() &&
           (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(ContactManifoldFigures)) == 0);
}

bool anyNormalMass(const std::vector<ContactManifoldFigures>& figures) {
    for (const ContactManifoldFigures& f : figures)
        for (const ContactPointFigures& p : f.points)
            if (p.normalMass > 0.0f) return true;
    return false;
}

} // namespace

TEST(ContactFigures, OffByDefaultEmptyAndEveryMethodStepsTheSameBitsWithThemOn) {
    for (const SolverMethodInfo& m : solverMethods()) {
        World off = pileAndChain(std::string(m.name)), on = pileAndChain(std::string(m.name));
        EXPECT_FALSE(off.contactFiguresOn());
        on.setContactFigures(true);
        for (int i = 0; i < 40; ++i) {
            off.step();
            on.step();
        }
        EXPECT_EQ(off.stateHash(), on.stateHash()) << m.name;
        EXPECT_TRUE(off.contactFigures().empty()) << m.name;
        ASSERT_EQ(on.contactFigures().size(), on.contacts().size()) << m.name;
        EXPECT_TRUE(anyNormalMass(on.contactFigures())) << m.name;
        // Turned off again, the next step drops them.
        on.setContactFigures(false);
        on.step();
        EXPECT_TRUE(on.contactFigures().empty()) << m.name;
    }
}

TEST(ContactFigures, RefillingAStoppedWorldGivesTheFiguresItsStepHadAndLeavesItBitForBit) {
    for (const char* method : {"gaussSeidel", "wide", "softStep", "xpbd"}) {
        World kept = pileAndChain(method), w = pileAndChain(method);
        kept.setContactFigures(true);
        for (int i = 0; i < 31; ++i) kept.step();
        for (int i = 0; i < 30; ++i) w.step();
        const WorldState before = w.captureState();
        const Settings settings = w.settings();
        w.step();
        const uint64_t hash = w.stateHash();
        ASSERT_TRUE(w.contactFigures().empty()) << method;
        EXPECT_TRUE(refillContactFigures(w, before, settings)) << method;
        EXPECT_TRUE(w.contactFiguresOn()) << method;
        EXPECT_EQ(w.stateHash(), hash) << method;
        EXPECT_TRUE(anyNormalMass(w.contactFigures())) << method;
        EXPECT_TRUE(sameBits(w.contactFigures(), kept.contactFigures())) << method;
        // And it steps on as the world that kept them all along.
        for (int i = 0; i < 5; ++i) {
            w.step();
            kept.step();
        }
        EXPECT_EQ(w.stateHash(), kept.stateHash()) << method;
        EXPECT_TRUE(sameBits(w.contactFigures(), kept.contactFigures())) << method;
    }
}

TEST(ContactFigures, ARefillOfAWorldEditedSinceItsStepPutsTheEditBackAndKeepsNoFigures) {
    World w = pileAndChain("gaussSeidel");
    for (int i = 0; i < 20; ++i) w.step();
    const WorldState before = w.captureState();
    const Settings settings = w.settings();
    w.step();
    const BodyId moved = w.bodyIds().back();
    w.setPose(moved, w.body(moved).position + glm::vec3(0.0f, 2.0f, 0.0f), w.body(moved).orientation);
    const uint64_t edited = w.stateHash();
    EXPECT_FALSE(refillContactFigures(w, before, settings));
    EXPECT_EQ(w.stateHash(), edited);
    EXPECT_TRUE(w.contactFigures().empty());
}

TEST(ContactFigures, ABoxSetDeepShowsItsSplitImpulseUnderBlockGaussSeidelAndTheWideMethod) {
    // The wide method writes its pseudo impulses back from its groups only for the figures.
    for (const char* method : {"gaussSeidel", "wide"}) {
        Settings s = noSleep();
        s.solver.method = method;
        s.solver.positionCorrection = PositionCorrection::SplitImpulse;
        World w(s);
        w.setContactFigures(true);
        addGround(w);
        addBox(w, {0.0f, 0.47f, 0.0f}); // 3 cm into the ground
        w.step();
        ASSERT_EQ(w.contactFigures().size(), w.contacts().size()) << method;
        float pushed = 0.0f;
        for (const ContactManifoldFigures& f : w.contactFigures())
            for (const ContactPointFigures& p : f.points) pushed += p.splitImpulse;
        EXPECT_GT(pushed, 0.0f) << method;
    }
}
