// The exact methods (dantzig.cpp, lemke.cpp): their answer satisfies complementarity on real
// contact steps, the iterative methods approach it as their passes grow, and an island over
// the row cap falls back to PGS and is counted.
#include "physics/scenarios.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

using namespace tumble;
using namespace tumble::test;

namespace {

/// A pyramid of `base` settled for half a second by the default method without its shock pass
/// (the iterations alone, as the exact methods run), then one step by
/// `method` (the island solved whole: the cap raised).
World pyramidStep(int base, const std::string& method, int iterations = 10, bool frictionless = false) {
    Settings s = noSleep();
    s.solver.shockPropagation = false;
    World w(s);
    if (frictionless) {
        setPair(w, "Wood", "Wood", 0.0f, 0.0f, 0.0f);
        setPair(w, "Wood", "Static", 0.0f, 0.0f, 0.0f);
    }
    addGround(w);
    addPyramid(w, base);
    addSphere(w, {0.2f, float(base) + 1.0f, 0.1f}, 0.4f); // lands on top mid-run: a fresh impact too
    for (int i = 0; i < 30; ++i) w.step();
    w.settings().solver.method = method;
    w.settings().solver.exactMaxRows = 20000;
    w.settings().solver.velocityIterations = iterations;
    w.settings().solver.warmStarting = false; // every method starts from zero: a fair comparison
    w.step();
    return w;
}

/// Every body's velocity after the step, linear then angular. The velocities are what to
/// compare: four points of a box face carry a three-dimensional load, so the impulses that
/// produce them are not unique, while the velocities of a complementarity solution are.
std::vector<glm::vec3> velocities(const World& w) {
    std::vector<glm::vec3> out;
    for (BodyId id : w.bodyIds()) {
        out.push_back(w.body(id).linearVelocity);
        out.push_back(w.body(id).angularVelocity);
    }
    return out;
}

} // namespace

TEST(ExactMethods, DantzigAnswerSatisfiesComplementarityOnAFrictionlessPyramidStep) {
    // lambda_n >= 0, w_n >= 0, lambda_n w_n = 0 over the whole island of a base-8 pyramid
    // (36 boxes, 1,107 rows): the natural residual is zero to round-off.
    const World w = pyramidStep(8, "dantzig", 10, true);
    const SolverStats& st = w.solverStats();
    EXPECT_EQ(st.fallbackIslands, 0) << "the island was not solved exactly";
    EXPECT_GE(st.exactIslands, 1);
    EXPECT_GT(st.largestIslandRows, 500);
    EXPECT_LT(st.exactError, 1e-5f);
}

TEST(ExactMethods, DantzigAnswerSatisfiesComplementarityWithFrictionOnAStack) {
    // Friction inside mu lambda_n and sliding only at the bound, too: three boxes and a ball
    // rolling on the ground, 40 rows with friction, every step exact.
    World w = stackAndRollingBall("dantzig");
    for (int i = 0; i < 60; ++i) {
        w.step();
        ASSERT_EQ(w.solverStats().fallbackIslands, 0) << "step " << i;
        EXPECT_LT(w.solverStats().exactError, 1e-5f) << "step " << i;
    }
    EXPECT_EQ(w.solverStats().exactIslands, 2);
}

TEST(ExactMethods, LemkeNormalsSatisfyComplementarityOnAPyramidStep) {
    const World w = pyramidStep(8, "lemke");
    const SolverStats& st = w.solverStats();
    EXPECT_EQ(st.fallbackIslands, 0);
    EXPECT_LT(st.exactError, 1e-5f);
}

TEST(ExactMethods, PgsApproachesTheExactAnswerAsItsPassesGrow) {
    // Frictionless: the normal LCP is a convex problem whose velocities are unique, so PGS has
    // one answer to converge to (with friction, several velocity fields can satisfy the
    // conditions, and PGS may settle on another one).
    const World exactWorld = pyramidStep(6, "dantzig", 10, true);
    ASSERT_EQ(exactWorld.solverStats().fallbackIslands, 0);
    const std::vector<glm::vec3> exact = velocities(exactWorld);
    auto error = [&](int iterations) {
        const std::vector<glm::vec3> pgs = velocities(pyramidStep(6, "pgs", iterations, true));
        double sum = 0.0;
        for (size_t i = 0; i < exact.size(); ++i) sum += glm::dot(pgs[i] - exact[i], pgs[i] - exact[i]);
        return std::sqrt(sum / double(exact.size())); // RMS velocity error, m/s and rad/s
    };
    const double e2 = error(2), e10 = error(10), e50 = error(50), e200 = error(200);
    std::printf("PGS against the exact velocities (RMS): 2 passes %.3g, 10: %.3g, 50: %.3g, 200: %.3g\n",
                e2, e10, e50, e200);
    EXPECT_GT(e2, e10);
    EXPECT_GT(e10, e50);
    EXPECT_GT(e50, e200);
    EXPECT_LT(e200, 0.1 * e2);
}

TEST(ExactMethods, AnIslandOverTheRowCapFallsBackToPgsAndIsCounted) {
    Settings s = noSleep();
    s.solver.method = "dantzig";
    s.solver.exactMaxRows = 30; // a three-box stack has 36 contact rows in one island
    World w(s);
    addGround(w);
    std::vector<BodyId> ids = addStack(w, 3);
    addSphere(w, {5.0f, 0.5f, 0.0f}, 0.5f); // an island of its own, under the cap
    for (int i = 0; i < 60; ++i) w.step();
    EXPECT_EQ(w.solverStats().fallbackIslands, 1);
    EXPECT_EQ(w.solverStats().exactIslands, 1);
    EXPECT_NEAR(w.body(ids.back()).position.y, 2.5f, 0.01f) << "PGS still holds the stack";
}
