// The row-by-row methods (pgs.cpp, sor.cpp, random_order.cpp) and constraint force mixing:
// what each changes, measured against the block method and closed forms.
#include "physics/scenarios.h"

#include <gtest/gtest.h>

using namespace tumble;
using namespace tumble::test;

namespace {

Settings with(const char* method) {
    Settings s = noSleep();
    s.solver.method = method;
    return s;
}

/// Balls dropped onto the ground side by side, some rolling: every manifold has one point.
std::vector<glm::vec3> ballsAfterTwoSeconds(const Settings& s) {
    World w(s);
    addGround(w);
    std::vector<BodyId> ids;
    for (int i = 0; i < 6; ++i) {
        ids.push_back(addSphere(w, {1.2f * float(i), 0.4f + 0.3f * float(i), 0.0f}, 0.25f));
        w.setVelocity(ids.back(), {0.5f * float(i), 0.0f, 0.2f}, glm::vec3(0.0f));
    }
    for (int i = 0; i < 120; ++i) w.step();
    return positions(w, ids);
}

/// How far the top box of an n-box stack sinks in one second from a cold start without
/// position correction: what the iterations alone leave unconverged.
float coldSink(Settings s, int boxes, int iterations) {
    s.solver.warmStarting = false;
    s.solver.shockPropagation = false;
    s.solver.positionCorrection = PositionCorrection::None;
    s.solver.velocityIterations = iterations;
    World w(s);
    addGround(w);
    std::vector<BodyId> ids = addStack(w, boxes);
    const float top = w.body(ids.back()).position.y;
    for (int i = 0; i < 60; ++i) w.step();
    return top - w.body(ids.back()).position.y;
}

} // namespace

TEST(RowMethods, BlockGaussSeidelAndRowByRowPgsAgreeWhereEveryManifoldHasOnePoint) {
    // With one point a manifold's block is one row: the inner sweeps settle it in one step,
    // so the two methods make the same updates in the same order.
    const std::vector<glm::vec3> block = ballsAfterTwoSeconds(with("gaussSeidel"));
    const std::vector<glm::vec3> rows = ballsAfterTwoSeconds(with("pgs"));
    for (size_t i = 0; i < block.size(); ++i)
        EXPECT_LT(glm::length(block[i] - rows[i]), 1e-4f) << "ball " << i;
}

TEST(RowMethods, OverRelaxationSettlesAColdStackInFewerPassesThanPlainPgs) {
    Settings sor = with("sor");
    sor.solver.overRelaxation = 1.5f;
    const float plain = coldSink(with("pgs"), 8, 6), relaxed = coldSink(sor, 8, 6);
    EXPECT_LT(relaxed, 0.7f * plain) << "pgs " << plain << " m, sor " << relaxed << " m";
}

TEST(RowMethods, RandomOrderIsRepeatableForOneSeedAndChangesWithTheSeed) {
    auto hash = [](const char* method, uint32_t seed) {
        Settings s = with(method);
        s.solver.seed = seed;
        World w(s);
        addGround(w);
        addPyramid(w, 5);
        for (int i = 0; i < 90; ++i) w.step();
        return w.stateHash();
    };
    EXPECT_EQ(hash("randomOrder", 7), hash("randomOrder", 7));
    EXPECT_NE(hash("randomOrder", 7), hash("randomOrder", 8));
    EXPECT_NE(hash("randomOrder", 7), hash("pgs", 7)) << "the order is not shuffled";
}

TEST(RowMethods, ConstraintForceMixingLetsARestingBallSinkAtCfmTimesItsWeightImpulse) {
    // Without position correction the converged row of a resting ball satisfies
    // Cdot = -cfm lambda with lambda = m g dt: the ball sinks at v = cfm m g dt. (The shock
    // pass, a rigid block pass, would take the give back: it is off here.)
    for (const char* method : {"pgs", "sor", "randomOrder"}) {
        Settings s = with(method);
        s.solver.positionCorrection = PositionCorrection::None;
        s.solver.shockPropagation = false;
        s.solver.cfm = 0.001f;
        World w(s);
        addGround(w);
        BodyId ball = addSphere(w, {0.0f, 0.25f, 0.0f}, 0.25f);
        for (int i = 0; i < 30; ++i) w.step();
        const float y0 = w.body(ball).position.y;
        for (int i = 0; i < 30; ++i) w.step();
        const float speed = (y0 - w.body(ball).position.y) / (30.0f * s.timestep);
        const float expected = s.solver.cfm * w.body(ball).mass * kGravity * s.timestep;
        EXPECT_NEAR(speed, expected, 0.05f * expected) << method;
    }
    // And with cfm = 0 it does not sink at all.
    Settings rigid = with("pgs");
    rigid.solver.positionCorrection = PositionCorrection::None;
    World w(rigid);
    addGround(w);
    BodyId ball = addSphere(w, {0.0f, 0.25f, 0.0f}, 0.25f);
    for (int i = 0; i < 60; ++i) w.step();
    EXPECT_NEAR(w.body(ball).position.y, 0.25f, 1e-4f);
}
