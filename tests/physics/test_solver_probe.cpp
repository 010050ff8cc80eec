// The solver probe (tumble/solver_probe.h): its residual falls as Gauss-Seidel iterates and
// stays higher for Jacobi at the same count, the tolerance stops the passes where the residual
// says, the exported rows of an exact step satisfy complementarity, and looking changes
// nothing: every method's state hash is the same with the probe on or off.
#include "physics/joint_fixtures.h"
#include "physics/scenarios.h"

#include "tumble/constraint_system.h"
#include "tumble/solver_compare.h"
#include "tumble/solver_methods.h"

#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>
#include <string>

using namespace tumble;
using namespace tumble::test;

namespace {

/// A ten-box stack settled for a second, then one cold step (no warm start, no shock pass:
/// the passes alone carry the weight) by `method` with `iterations` passes, probed. A
/// tolerance has every pass measured by a measure pass of its own (kNeverReached: all passes).
constexpr float kNeverReached = 1e-30f;
World probedStackStep(const std::string& method, int iterations, float tolerance = 0.0f) {
    Settings s = noSleep();
    World w(s);
    addGround(w);
    addStack(w, 10);
    for (int i = 0; i < 60; ++i) w.step();
    SolverSettings& ss = w.settings().solver;
    ss.method = method;
    ss.velocityIterations = iterations;
    ss.warmStarting = false;
    ss.shockPropagation = false;
    ss.tolerance = tolerance;
    w.setSolverProbe(true);
    w.step();
    return w;
}

float residualAt(const World& w, int iteration) { return w.solverProbe().iterations.at(iteration).residual; }

} // namespace

TEST(SolverProbe, RecordsNothingWhenOff) {
    World w(noSleep());
    addGround(w);
    addStack(w, 3);
    w.step();
    EXPECT_FALSE(w.solverProbeOn());
    EXPECT_TRUE(w.solverProbe().iterations.empty());
    EXPECT_TRUE(w.solverProbe().rows.empty());
}

TEST(SolverProbe, GaussSeidelResidualFallsWithIterationsOnAStack) {
    const World w = probedStackStep("gaussSeidel", 40);
    const SolverProbe& probe = w.solverProbe();
    ASSERT_EQ(probe.iterations.size(), 40u);
    EXPECT_EQ(probe.method, "gaussSeidel");
    EXPECT_EQ(probe.iterationsUsed, 40);
    // Cold, one pass leaves the stack sinking into itself (every normal row's w < 0); each
    // pass carries a little more of the weight down, so the residual falls pass after pass,
    // slowly: the stack's rows are coupled box to box (the classic slow mode of Gauss-Seidel).
    for (int i = 1; i < 40; ++i) EXPECT_LT(residualAt(w, i), residualAt(w, i - 1)) << "pass " << i;
    EXPECT_LT(residualAt(w, 39), 0.35f * residualAt(w, 0));
    for (const ProbeIteration& it : probe.iterations) EXPECT_GT(it.maxDelta, 0.0f) << "measured every pass";
    // 10 boxes x 4 points x 3 rows.
    EXPECT_EQ(probe.rows.size(), 120u);
    for (const ProbeIteration& it : probe.iterations) EXPECT_GT(it.kineticEnergy, 0.0);
}

TEST(SolverProbe, JacobiStaysAboveGaussSeidelAtEqualIterations) {
    for (int iterations : {5, 10, 20}) {
        const float gs = residualAt(probedStackStep("gaussSeidel", iterations), iterations - 1);
        const float jacobi = residualAt(probedStackStep("jacobi", iterations), iterations - 1);
        std::printf("%d passes: Gauss-Seidel residual %.4g m/s, Jacobi %.4g m/s\n", iterations, gs, jacobi);
        EXPECT_GT(jacobi, 1.5f * gs) << iterations << " passes";
    }
}

TEST(SolverProbe, RowByRowPgsResidualFallsToo) {
    const World w = probedStackStep("pgs", 40);
    EXPECT_LT(residualAt(w, 39), 0.35f * residualAt(w, 0));
    EXPECT_LT(residualAt(w, 39), residualAt(w, 9));
}

TEST(SolverProbe, ToleranceStopsThePassesOnceTheResidualIsUnderIt) {
    const World full = probedStackStep("gaussSeidel", 100);
    const float tolerance = 4.0f * residualAt(full, 99);
    const World early = probedStackStep("gaussSeidel", 100, tolerance);
    const SolverProbe& probe = early.solverProbe();
    EXPECT_TRUE(probe.converged);
    EXPECT_LT(probe.iterationsUsed, 100);
    EXPECT_EQ(early.solverStats().velocityIterations, probe.iterationsUsed);
    EXPECT_LE(probe.iterations.back().residual, tolerance);
    EXPECT_GT(probe.iterations[probe.iterations.size() - 2].residual, tolerance) << "stopped at the first pass under it";
    // The passes it ran are the same passes as the full run's.
    for (size_t i = 0; i < probe.iterations.size(); ++i)
        EXPECT_EQ(probe.iterations[i].residual, full.solverProbe().iterations[i].residual);
}

TEST(SolverProbe, MeasuredInsideTheNextPassIsExactlyAMeasurePassOfItsOwn) {
    // Block Gauss-Seidel and Jacobi measure each pass inside the next one, from the velocities
    // it left; a tolerance that is never reached has a measure pass after every pass instead.
    // The same figures, bit for bit, and the same step.
    for (const char* method : {"gaussSeidel", "jacobi"}) {
        const World inSweep = probedStackStep(method, 12);
        const World measured = probedStackStep(method, 12, kNeverReached);
        const SolverProbe& a = inSweep.solverProbe();
        const SolverProbe& b = measured.solverProbe();
        EXPECT_TRUE(a.inSweep) << method;
        EXPECT_FALSE(b.inSweep) << method;
        ASSERT_EQ(a.iterations.size(), b.iterations.size()) << method;
        for (size_t i = 0; i < a.iterations.size(); ++i) {
            EXPECT_EQ(a.iterations[i].residual, b.iterations[i].residual) << method << " pass " << i;
            EXPECT_EQ(a.iterations[i].complementarity, b.iterations[i].complementarity) << method << " pass " << i;
            EXPECT_EQ(a.iterations[i].clampedRows, b.iterations[i].clampedRows) << method << " pass " << i;
            EXPECT_EQ(a.iterations[i].kineticEnergy, b.iterations[i].kineticEnergy) << method << " pass " << i;
            EXPECT_EQ(a.iterations[i].maxDelta, b.iterations[i].maxDelta) << method << " pass " << i;
        }
        EXPECT_EQ(inSweep.stateHash(), measured.stateHash()) << method;
    }
}

TEST(SolverProbe, TheShockPassMeasuresTheLastPassAsAMeasurePassWould) {
    // With the shock pass on, it measures the last velocity pass (visiting the manifolds
    // bottom-up, so the same rows summed in another order).
    auto run = [](float tolerance) {
        World w = probedStackStep("gaussSeidel", 8, tolerance);
        w.settings().solver.shockPropagation = true;
        w.step();
        return w.solverProbe();
    };
    const SolverProbe a = run(0.0f), b = run(kNeverReached);
    ASSERT_EQ(a.iterations.size(), 8u);
    ASSERT_EQ(b.iterations.size(), 8u);
    EXPECT_TRUE(a.inSweep);
    const ProbeIteration& x = a.iterations.back();
    const ProbeIteration& y = b.iterations.back();
    EXPECT_GT(x.residual, 0.0f);
    EXPECT_NEAR(x.residual, y.residual, 1e-5f * y.residual);
    EXPECT_EQ(x.complementarity, y.complementarity);
    EXPECT_EQ(x.clampedRows, y.clampedRows);
    EXPECT_NEAR(x.kineticEnergy, y.kineticEnergy, 1e-9 * y.kineticEnergy);
}

TEST(SolverProbe, ExportedRowsOfAnExactStepSatisfyComplementarity) {
    // A three-box stack and a rolling ball, friction included, solved by Dantzig's pivoting:
    // every exported row is inside its bounds, a normal row pushes only where its velocity
    // meets its target, friction inside its bound holds the slip to its target.
    World w = stackAndRollingBall("dantzig");
    for (int i = 0; i < 30; ++i) w.step();
    w.setSolverProbe(true);
    w.step();
    const SolverProbe& probe = w.solverProbe();
    ASSERT_EQ(w.solverStats().fallbackIslands, 0);
    ASSERT_FALSE(probe.rows.empty());
    int normals = 0;
    for (const ProbeRow& r : probe.rows) {
        const float scale = 1.0f + std::fabs(r.lambda);
        EXPECT_GE(r.lambda, r.lower - 1e-5f * scale);
        EXPECT_LE(r.lambda, r.upper + 1e-5f * scale);
        if (r.lower == r.upper) continue;
        if (r.kind == ProbeRowKind::Normal) {
            ++normals;
            EXPECT_GE(r.w, -1e-5f) << "a normal row lets its bodies approach";
            EXPECT_LT(std::fabs(r.lambda * r.w), 1e-5f) << "a normal row pushes while separating";
        }
        EXPECT_LT(std::fabs(r.residual), 1e-5f);
    }
    EXPECT_EQ(normals, 3 * 4 + 1);
    EXPECT_LT(probe.iterations.back().residual, 1e-4f);
}

TEST(SolverProbe, LookingChangesNothingForAnyMethod) {
    // A hanging chain over a small stack: joints and contacts. Same hash with the probe on,
    // with and without its rows, with the tolerance (the one place a measure decides how many
    // passes run), with the cone and without the shock pass.
    for (const SolverMethodInfo& m : solverMethods())
        for (int variant = 0; variant < 4; ++variant) {
            auto run = [&](bool probe) {
                World w = pileAndChain(std::string(m.name));
                if (variant == 1) w.settings().solver.tolerance = 0.01f;
                if (variant == 2) w.settings().solver.frictionModel = FrictionModel::Cone;
                if (variant == 3) w.settings().solver.shockPropagation = false; // the last pass by a measure pass
                w.setSolverProbe(probe, {.withRows = variant != 1});
                for (int i = 0; i < 40; ++i) w.step();
                if (probe) {
                    EXPECT_FALSE(w.solverProbe().iterations.empty()) << m.name;
                }
                return w.stateHash();
            };
            EXPECT_EQ(run(false), run(true)) << m.name << " variant " << variant;
        }
}

TEST(SolverProbe, CompareMethodsResolvesTheSameStepWithEveryMethodAndPutsTheWorldBack) {
    Settings s = noSleep();
    World w(s);
    addGround(w);
    addStack(w, 5);
    for (int i = 0; i < 30; ++i) w.step();
    const WorldState before = w.captureState();
    w.step();
    const uint64_t hash = w.stateHash();
    const MethodComparison cmp = compareSolverMethods(w, before, w.settings());
    EXPECT_TRUE(cmp.replayMatched);
    EXPECT_EQ(w.stateHash(), hash) << "the world is back where it was";
    EXPECT_FALSE(w.solverProbeOn());
    ASSERT_EQ(cmp.runs.size(), solverMethods().size());
    ASSERT_TRUE(cmp.exactReference);
    EXPECT_EQ(cmp.step, 31u);
    auto run = [&](const char* name) -> const MethodRun& {
        for (const MethodRun& r : cmp.runs)
            if (r.method == name) return r;
        throw std::runtime_error(name);
    };
    EXPECT_EQ(run("dantzig").velocityError, 0.0f);
    EXPECT_FALSE(run("gaussSeidel").probe.iterations.empty());
    // Warm started from the same impulses, Gauss-Seidel ends near the exact answer; Jacobi,
    // which converges slower, farther from it.
    EXPECT_LT(run("gaussSeidel").velocityError, 0.01f);
    EXPECT_GT(run("jacobi").velocityError, run("gaussSeidel").velocityError);
    for (const MethodRun& r : cmp.runs) EXPECT_FALSE(r.probe.iterations.empty()) << r.method;
}

TEST(SolverProbe, TheIslandSystemHasTheFreeVelocitiesOfGravityAndASymmetricA) {
    // Three cubes resting on the ground: w = A lambda + b over their whole island. Without any
    // impulse every cube falls g dt in the step, so the ground's normal rows have b = -g dt
    // and the rows between two cubes (falling together) b = 0; A = J M^-1 J^T is symmetric
    // with the rows' K on its diagonal.
    Settings s = noSleep();
    World w(s);
    addGround(w);
    const std::vector<BodyId> boxes = addStack(w, 3);
    for (int i = 0; i < 120; ++i) w.step();
    w.setSolverProbe(true);
    w.step();
    const SolverProbe& probe = w.solverProbe();
    const std::vector<uint32_t> rows = islandRows(probe, boxes[1].index, 1000);
    ASSERT_EQ(rows.size(), 36u) << "3 contacts x 4 points x 3 rows";
    const ConstraintSystem sys = assembleSystem(probe, rows);
    const double gdt = 9.81 * w.settings().timestep;
    int groundNormals = 0, stackNormals = 0;
    for (int i = 0; i < sys.size(); ++i) {
        const ProbeRow& r = probe.rows[sys.rows[i]];
        EXPECT_NEAR(sys.at(i, i), r.K + r.softness, 1e-5 * r.K);
        for (int j = 0; j < sys.size(); ++j) EXPECT_NEAR(sys.at(i, j), sys.at(j, i), 1e-9);
        if (r.kind != ProbeRowKind::Normal) continue;
        const bool onGround = r.bodyA != boxes[0].index && r.bodyA != boxes[1].index && r.bodyA != boxes[2].index;
        if (onGround) {
            ++groundNormals;
            EXPECT_NEAR(sys.b[i] + r.target, -gdt, 0.02 * gdt) << "row " << i;
        } else {
            ++stackNormals;
            EXPECT_NEAR(sys.b[i] + r.target, 0.0, 0.02 * gdt) << "row " << i;
        }
    }
    EXPECT_EQ(groundNormals, 4);
    EXPECT_EQ(stackNormals, 8);
}

TEST(SolverProbe, TheLaneMeasureAgreesWithTheExportedRowsResiduals) {
    // Block Gauss-Seidel's passes are measured on the contact lanes, four points at once; the
    // exported rows are measured one by one from scalar rows. After the last pass both see the
    // same rows, so ||r||_2 over the exported rows is the last pass's residual.
    for (bool cone : {false, true}) {
        World w = probedStackStep("gaussSeidel", 7);
        w.settings().solver.frictionModel = cone ? FrictionModel::Cone : FrictionModel::Pyramid;
        w.step();
        const SolverProbe& probe = w.solverProbe();
        double sum = 0.0;
        for (const ProbeRow& r : probe.rows) sum += double(r.residual) * r.residual;
        EXPECT_NEAR(std::sqrt(sum), probe.iterations.back().residual, 1e-4 * probe.iterations.back().residual)
            << (cone ? "cone" : "pyramid");
    }
}
