// The solver-methods lessons: each scene of topic "methods" holds with the method it is saved
// with (and its Fix it) and fails in the way its description says with Break it. Both worlds
// run side by side from the same file; every check is one the other world fails.
#include "physics/lesson_fixtures.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

using namespace tumble;
using namespace tumble::test;

namespace {

/// Largest distance between the two anchors of any joint: how far the joints gape.
float worstJointGap(const World& w) {
    float worst = 0.0f;
    for (JointId j : w.jointIds())
        worst = std::max(worst, glm::length(w.joint(j).worldAnchorB - w.joint(j).worldAnchorA));
    return worst;
}

} // namespace

TEST(MethodLessons, JacobiToppleTheTowerThatGaussSeidelHoldsWithoutTheShockPass) {
    SceneDef scene = loadScene("jacobi-vs-gauss-seidel.json");
    World jacobi = worldWith(scene, scene.breakIt);
    World gaussSeidel = worldWith(scene, scene.fixIt);
    run(jacobi, 600);
    run(gaussSeidel, 600);
    const glm::vec3 start = scene.bodies[12].position; // stack/11, the top of the tower
    EXPECT_LT(glm::length(bodyNamed(gaussSeidel, "stack/11").position - start), 0.05f);
    EXPECT_GT(glm::length(bodyNamed(jacobi, "stack/11").position - start), 1.0f) << "the tower falls";
    // The squat pyramid stands under both.
    EXPECT_NEAR(bodyNamed(jacobi, "pyramid/4-0").position.y, 4.5f, 0.05f);
}

TEST(MethodLessons, SoftStepHoldsAThousandToOneMassRatioThatGaussSeidelWithoutTheShockPassDrops) {
    SceneDef scene = loadScene("soft-step-mass-ratio.json");
    World broken = worldWith(scene, scene.breakIt);
    World fixed = worldWith(scene, scene.fixIt);
    EXPECT_NEAR(bodyNamed(fixed, "heavy/block").mass / bodyNamed(fixed, "light/0").mass, 1000.0f, 1.0f);
    run(broken, 600);
    run(fixed, 600);
    // The block starts at y = 4 on three 1 m boxes.
    EXPECT_GT(bodyNamed(fixed, "heavy/block").position.y, 3.9f) << "the stack stands";
    EXPECT_LT(bodyNamed(broken, "heavy/block").position.y, 3.5f) << "the block crushes the stack";
}

TEST(MethodLessons, XpbdKeepsASixtyLinkChainJoinedWhereFourGaussSeidelPassesLetItStretch) {
    SceneDef scene = loadScene("xpbd-chain.json");
    World broken = worldWith(scene, scene.breakIt);
    World fixed = worldWith(scene, scene.fixIt);
    float gap[2] = {0.0f, 0.0f};
    for (int i = 0; i < 300; ++i) {
        broken.step();
        fixed.step();
        gap[0] = std::max(gap[0], worstJointGap(broken));
        gap[1] = std::max(gap[1], worstJointGap(fixed));
    }
    EXPECT_LT(gap[1], 0.005f) << "XPBD keeps every joint within 5 mm";
    EXPECT_GT(gap[0], 4.0f * gap[1]) << "Gauss-Seidel at 4 passes lets the chain stretch";
}

TEST(MethodLessons, TheExactSolverHoldsTheHouseOfCardsThatThreeColdPgsPassesDrop) {
    SceneDef scene = loadScene("exact-card-house.json");
    World broken = worldWith(scene, scene.breakIt);
    World fixed = worldWith(scene, scene.fixIt);
    const double standing = fixed.potentialEnergy();
    int exactSteps = 0;
    for (int i = 0; i < 600; ++i) {
        broken.step();
        fixed.step();
        if (fixed.solverStats().exactIslands > 0) ++exactSteps;
    }
    EXPECT_GT(exactSteps, 0) << "the exact solver never ran";
    EXPECT_NEAR(fixed.potentialEnergy(), standing, 0.01 * standing) << "the house stands";
    EXPECT_LT(broken.potentialEnergy(), 0.5 * standing) << "the house comes down";
}

TEST(MethodLessons, WatchItConvergeJacobiLeavesTheColdStackFartherFromItsSolutionAndItFalls) {
    SceneDef scene = loadScene("watch-it-converge.json");
    World jacobi = worldWith(scene, scene.breakIt);
    World gaussSeidel = worldWith(scene, scene.fixIt);
    run(jacobi, 180);
    run(gaussSeidel, 180);
    // One probed step each: the residual after the last of the 20 cold passes.
    jacobi.setSolverProbe(true);
    gaussSeidel.setSolverProbe(true);
    jacobi.step();
    gaussSeidel.step();
    const float rJacobi = jacobi.solverProbe().iterations.back().residual;
    const float rGaussSeidel = gaussSeidel.solverProbe().iterations.back().residual;
    EXPECT_GT(rJacobi, 1.5f * rGaussSeidel);
    // Jacobi's unconverged passes let the cubes sink into each other deeper.
    EXPECT_GT(jacobi.counters().maxPenetration, gaussSeidel.counters().maxPenetration);
    // And the debugger's trace shows Gauss-Seidel's first pass pushing every contact up.
    gaussSeidel.setStepTrace(true);
    gaussSeidel.step();
    const StepTrace& t = gaussSeidel.stepTrace();
    ASSERT_EQ(t.visits.size(), 20u * 5u);
    for (int i = 0; i < 5; ++i) EXPECT_GT(t.visits[i].deltaNormal, 0.0f) << "contact " << i;
    // Ten seconds: Gauss-Seidel's stack stands (the top cube within 15 cm), Jacobi's falls.
    run(jacobi, 420);
    run(gaussSeidel, 420);
    EXPECT_GT(bodyNamed(gaussSeidel, "stack/4").position.y, 4.3f);
    EXPECT_LT(std::fabs(bodyNamed(gaussSeidel, "stack/4").position.x), 0.15f);
    EXPECT_LT(bodyNamed(jacobi, "stack/4").position.y, 3.0f) << "the stack falls";
}

namespace {

/// The most any body named "pyramid/..." moved from where the scene put it, after `steps`, and
/// how many of them sleep then.
struct PileRun {
    float moved = 0.0f;
    int sleeping = 0, count = 0;
};

PileRun runPile(const SceneDef& scene, const LessonAction& action, int steps) {
    World w = worldWith(scene, action);
    const std::vector<BodyId> ids = bodiesNamed(w, "pyramid/");
    std::vector<glm::vec3> start;
    for (BodyId id : ids) start.push_back(w.body(id).position);
    run(w, steps);
    PileRun r;
    r.count = static_cast<int>(ids.size());
    for (size_t k = 0; k < ids.size(); ++k) {
        r.moved = std::max(r.moved, glm::length(w.body(ids[k]).position - start[k]));
        r.sleeping += w.body(ids[k]).sleeping ? 1 : 0;
    }
    return r;
}

} // namespace

// The warm-starting steps of the pyramid lessons, as their texts give them: the shock pass
// holds a cold pile (so warm-start-jitter turns it off), and without it the cold pile goes.
TEST(ShockLessons, TheShockPassHoldsTheColdPilesTheWarmStartingStepsShow) {
    {
        SceneDef scene = loadScene("warm-start-jitter.json");
        const PileRun cold = runPile(scene, scene.lesson.steps[1].change, 300); // cold, pass on
        EXPECT_LT(cold.moved, 0.02f) << "the step says under 2 cm";
        EXPECT_EQ(cold.sleeping, cold.count);
    }
    {
        SceneDef scene = loadScene("pyramid.json");
        const PileRun cold = runPile(scene, scene.lesson.steps[1].change, 600); // cold, pass on
        EXPECT_LT(cold.moved, 0.08f) << "the step says about 5 cm";
        EXPECT_EQ(cold.sleeping, cold.count);
        const PileRun bare = runPile(scene, scene.lesson.steps[2].change, 300); // cold, pass off
        EXPECT_GT(bare.moved, 1.0f) << "the step says it slides apart within seconds";
    }
    {
        SceneDef scene = loadScene("pyramid-large.json");
        const PileRun cold = runPile(scene, scene.lesson.steps[1].change, 600); // cold, pass on
        EXPECT_GT(cold.moved, 0.3f) << "the step says its top slumps some 0.8 m in ten seconds";
        EXPECT_EQ(cold.sleeping, 0);
    }
}
