// Stacks and pyramids: what warm starting and iterations buy.
#include "physics/scenarios.h"

#include <gtest/gtest.h>

using namespace tumble;
using namespace tumble::test;

namespace {

StackResult runStack(int count, float seconds, bool warmStarting) {
    Settings s = noSleep(); // the solver alone holds it up, not sleeping
    s.solver.warmStarting = warmStarting;
    return tumble::test::runStack(s, count, seconds);
}

} // namespace

TEST(Stacking, TwentyBoxStackStandsTenSecondsAtTenIterations) {
    // Standing: no box moves 5 cm sideways. Each contact may rest up to `slop` deep (the
    // position correction leaves that band alone), so the top may sink by at most 20 slop.
    StackResult r = runStack(20, 10.0f, true);
    EXPECT_LT(r.drift, 0.05f);
    EXPECT_LT(r.sag, 20 * Settings{}.solver.slop);
}

TEST(Stacking, WithoutWarmStartingTheSameStackLeavesTheSolverUnconverged) {
    // Warm starting begins each step from last step's impulses, so 10 iterations only refine.
    // Cold, they restart from zero: the last iteration still changes impulses by whole N s.
    // The shock pass that follows hides it from the positions (the stack stands either way);
    // without that pass the cold stack sinks deeper, as its contacts carry a wrong share of
    // the weight.
    auto run = [](bool warm, bool shock, float& lastDelta, float& sag) {
        Settings s = noSleep();
        s.solver.warmStarting = warm;
        s.solver.shockPropagation = shock;
        World w(s);
        addGround(w);
        std::vector<BodyId> ids = addStack(w, 20);
        const float top = w.body(ids.back()).position.y;
        for (int i = 0; i < 600; ++i) w.step();
        lastDelta = w.solverStats().maxDelta;
        sag = top - w.body(ids.back()).position.y;
    };
    float warmDelta, coldDelta, warmSag, coldSag;
    run(true, true, warmDelta, warmSag);
    run(false, true, coldDelta, coldSag);
    EXPECT_GT(coldDelta, 100.0f * warmDelta) << "warm " << warmDelta << " N s, cold " << coldDelta << " N s";
    EXPECT_LT(coldSag, 20 * Settings{}.solver.slop) << "the shock pass holds the cold stack";
    run(true, false, warmDelta, warmSag);
    run(false, false, coldDelta, coldSag);
    EXPECT_GT(coldSag, warmSag) << "warm " << warmSag << " m, cold " << coldSag << " m";
}

TEST(Stacking, WithoutShockPropagationATwentyBoxStackLeans) {
    // The last bottom-up pass is what keeps the lean from growing: without it the residual
    // of 10 iterations tilts the column a little more every step.
    auto drift = [](bool shock) {
        Settings s = noSleep();
        s.solver.shockPropagation = shock;
        return displacementAfterTenSeconds(s, [](World& w) { return addStack(w, 20); });
    };
    float with = drift(true), without = drift(false);
    EXPECT_LT(with, 0.01f);
    EXPECT_GT(without, 5.0f * with + 0.01f) << "with " << with << " without " << without;
}

TEST(Stacking, PyramidOfBase20StandsTenSecondsWithEveryBoxWithin5cm) {
    EXPECT_LT(displacementAfterTenSeconds(noSleep(), [](World& w) { return addPyramid(w, 20); }), 0.05f);
}

TEST(Stacking, PyramidOfBase40StandsTenSecondsAndFrictionAnchorsAreWhatStopsItsCreep) {
    // 820 boxes, 10 iterations (issue 4's stability target: every box within 5 cm). The
    // unconverged solve lets sticking points slip a little every step; the anchors take a
    // share of each point's drift back, so the slips do not add up.
    auto creep = [](float anchorRate) {
        Settings s = noSleep();
        s.solver.frictionAnchorRate = anchorRate;
        return displacementAfterTenSeconds(s, [](World& w) { return addPyramid(w, 40); });
    };
    // Measured: 3.8 cm anchored, 5.3 cm without (each sliding point braked along its own slip).
    const float anchored = creep(Settings{}.solver.frictionAnchorRate), loose = creep(0.0f);
    EXPECT_LT(anchored, 0.05f);
    EXPECT_GT(loose, 0.05f) << "anchored " << anchored << " m, loose " << loose << " m";
    EXPECT_GT(loose, 1.3f * anchored) << "anchored " << anchored << " m, loose " << loose << " m";
}

TEST(Stacking, JacobiConvergesSlowerThanGaussSeidelOnTheSameStack) {
    auto sink = [](const char* method) {
        Settings s = noSleep();
        s.solver.method = method;
        s.solver.positionCorrection = PositionCorrection::None;
        s.solver.shockPropagation = false; // compare the iterations alone
        World w(s);
        addGround(w);
        std::vector<BodyId> ids = addStack(w, 6);
        for (int i = 0; i < 60; ++i) w.step();
        return 5.5f - w.body(ids.back()).position.y; // how far the top box sank
    };
    EXPECT_GT(sink("jacobi"), sink("gaussSeidel") + 0.002f);
}

TEST(Stacking, TheShockPassChangesVelocitiesOnlyNotTheImpulsesThatWarmStartTheNextStep) {
    // From one state, a step with the shock pass and one without store the same impulses in the
    // contact cache, bit for bit (the pass's own, found with infinite masses, are set aside),
    // while the pass does change the velocities.
    for (const char* method : {"gaussSeidel", "wide"}) {
        SCOPED_TRACE(method);
        Settings s = noSleep();
        s.solver.method = method;
        auto settled = [&] {
            World w(s);
            addGround(w);
            addPyramid(w, 10);
            for (int i = 0; i < 30; ++i) w.step();
            return w;
        };
        World with = settled(), without = settled();
        without.settings().solver.shockPropagation = false;
        with.step();
        without.step();
        ASSERT_EQ(with.contacts().size(), without.contacts().size());
        size_t points = 0;
        for (size_t m = 0; m < with.contacts().size(); ++m)
            for (int k = 0; k < with.contacts()[m].pointCount; ++k, ++points) {
                const ContactPointInfo& a = with.contacts()[m].points[k];
                const ContactPointInfo& b = without.contacts()[m].points[k];
                EXPECT_EQ(a.normalImpulse, b.normalImpulse) << "manifold " << m << " point " << k;
                EXPECT_EQ(a.tangentImpulse[0], b.tangentImpulse[0]) << "manifold " << m << " point " << k;
                EXPECT_EQ(a.tangentImpulse[1], b.tangentImpulse[1]) << "manifold " << m << " point " << k;
            }
        EXPECT_GT(points, 200u);
        EXPECT_NE(with.stateHash(), without.stateHash()) << "the pass changed nothing";
    }
}

TEST(Stacking, TheShockPassLaunchesNoBoxOffATallPyramid) {
    // The shock pass visits each level's manifolds twice before the level above
    // (kShockVisitsPerLevel). Once, a box on two frozen supports kept the spin the first push
    // gave it, the second push lifted the side that spin turned down, and every row handed
    // more to the row above: the top of this 5,050-box pyramid left at 4 m/s on the first
    // step and was a metre up after ten. Its impulses stay out of the warm start (without
    // that, the base-40 pyramid above moves metres).
    for (const char* method : {"gaussSeidel", "wide"}) {
        SCOPED_TRACE(method);
        Settings s = noSleep();
        s.solver.method = method;
        World w(s);
        addGround(w);
        const std::vector<BodyId> ids = addPyramid(w, 100);
        const glm::vec3 top = w.body(ids.back()).position;
        w.step();
        EXPECT_LT(glm::length(w.body(ids.back()).linearVelocity), 0.05f);
        for (int i = 1; i < 10; ++i) w.step();
        EXPECT_LT(glm::length(w.body(ids.back()).position - top), 0.01f);
    }
}
