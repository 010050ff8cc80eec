// Stacks and pyramids: what warm starting and iterations buy.
#include "physics/contact_fixtures.h"

#include <gtest/gtest.h>

using namespace tumble;
using namespace tumble::test;

namespace {
struct StackResult {
    float drift;  ///< m, largest sideways displacement of any box
    float sag;    ///< m, how far the top box sank
};

StackResult runStack(int count, float seconds, bool warmStarting) {
    Settings s = noSleep(); // the solver alone holds it up, not sleeping
    s.solver.warmStarting = warmStarting;
    World w(s);
    addGround(w);
    std::vector<BodyId> ids = addStack(w, count);
    std::vector<glm::vec3> start = positions(w, ids);
    int steps = static_cast<int>(seconds * 60.0f);
    for (int i = 0; i < steps; ++i) w.step();
    StackResult r{0.0f, start.back().y - w.body(ids.back()).position.y};
    for (size_t i = 0; i < ids.size(); ++i) {
        glm::vec3 d = w.body(ids[i]).position - start[i];
        r.drift = std::max(r.drift, std::hypot(d.x, d.z));
    }
    return r;
}

} // namespace

TEST(Stacking, TwentyBoxStackStandsTenSecondsAtTenIterations) {
    // Standing: no box moves 5 cm sideways. Each contact may rest up to `slop` deep (the
    // position correction leaves that band alone), so the top may sink by at most 20 slop.
    StackResult r = runStack(20, 10.0f, true);
    EXPECT_LT(r.drift, 0.05f);
    EXPECT_LT(r.sag, 20 * Settings{}.solver.slop);
}

TEST(Stacking, WithoutWarmStartingTheSameStackJittersAndLeavesTheSolverUnconverged) {
    // Warm starting begins each step from last step's impulses, so 10 iterations only refine.
    // Cold, they restart from zero: the resting stack keeps jittering (kinetic energy that
    // should be zero) and the last iteration still changes impulses by whole N s.
    auto run = [](bool warm, double& meanEnergy, float& lastDelta) {
        Settings s = noSleep();
        s.solver.warmStarting = warm;
        World w(s);
        addGround(w);
        addStack(w, 20);
        meanEnergy = 0.0;
        for (int i = 0; i < 600; ++i) {
            w.step();
            if (i >= 300) meanEnergy += w.kineticEnergy() / 300.0;
        }
        lastDelta = w.solverStats().maxDelta;
    };
    double warmEnergy, coldEnergy;
    float warmDelta, coldDelta;
    run(true, warmEnergy, warmDelta);
    run(false, coldEnergy, coldDelta);
    EXPECT_GT(coldEnergy, 10.0 * warmEnergy) << "warm " << warmEnergy << " J, cold " << coldEnergy << " J";
    EXPECT_GT(coldDelta, 100.0f * warmDelta) << "warm " << warmDelta << " N s, cold " << coldDelta << " N s";
}

TEST(Stacking, WithoutShockPropagationATwentyBoxStackLeans) {
    // The last bottom-up pass is what keeps the lean from growing: without it the residual
    // of 10 iterations tilts the column a little more every step.
    auto drift = [](bool shock) {
        Settings s = noSleep();
        s.solver.shockPropagation = shock;
        World w(s);
        addGround(w);
        std::vector<BodyId> ids = addStack(w, 20);
        std::vector<glm::vec3> start = positions(w, ids);
        for (int i = 0; i < 600; ++i) w.step();
        return maxDisplacement(w, ids, start);
    };
    float with = drift(true), without = drift(false);
    EXPECT_LT(with, 0.01f);
    EXPECT_GT(without, 5.0f * with + 0.01f) << "with " << with << " without " << without;
}

TEST(Stacking, PyramidOfBase20StandsTenSecondsWithEveryBoxWithin5cm) {
    Settings s = noSleep();
    World w(s);
    addGround(w);
    std::vector<BodyId> ids = addPyramid(w, 20);
    std::vector<glm::vec3> start = positions(w, ids);
    for (int i = 0; i < 600; ++i) w.step();
    EXPECT_LT(maxDisplacement(w, ids, start), 0.05f);
}

TEST(Stacking, JacobiConvergesSlowerThanGaussSeidelOnTheSameStack) {
    auto sink = [](SolverMethod method) {
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
    EXPECT_GT(sink(SolverMethod::Jacobi), sink(SolverMethod::GaussSeidel) + 0.002f);
}
