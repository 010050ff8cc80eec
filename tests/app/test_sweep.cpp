// Sweeps (app/headless/sweep.h): the job gives a row per value in the values' order, stops
// early when asked, counts its progress to the total; what it measures obeys free fall, and
// more solver passes hold a tower up.
#include "app_fixtures.h"
#include "headless/sweep.h"

#include "tumble/scene.h"
#include "tumble/world.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <thread>

using namespace tumble;
using namespace tumble::app;

namespace {

using tumble::app::fixtures::fallingBall;

SweepPlan timestepPlan(long steps) {
    SweepPlan plan;
    plan.scene = fallingBall();
    plan.key = "timestep";
    plan.values = {0.005, 0.01, 0.015, 0.02};
    plan.metrics = {"displacement", "energyDrift"};
    plan.steps = steps;
    return plan;
}

} // namespace

TEST(Sweeps, ATimestepSweepOfAFreeFallGivesARowPerValueInOrderOnSymplecticEulersClosedForm) {
    const SweepPlan plan = timestepPlan(60);
    SweepControl control;
    std::atomic<int> calls{0};
    control.onRunDone = [&](size_t) { ++calls; };
    const std::vector<SweepRow> rows = runSweepJob(plan, control);
    ASSERT_EQ(rows.size(), plan.values.size());
    EXPECT_EQ(control.done.load(), plan.values.size()) << "progress reaches the total";
    EXPECT_EQ(calls.load(), int(plan.values.size()));
    const int n = 60;
    const World world = buildWorld(plan.scene);
    const double mass = world.body(world.bodyIds().front()).mass;
    for (size_t i = 0; i < rows.size(); ++i) {
        const double dt = plan.values[i];
        EXPECT_EQ(rows[i].value, dt) << "rows in the order of the values";
        ASSERT_TRUE(rows[i].finished);
        EXPECT_FALSE(rows[i].nonFinite);
        ASSERT_EQ(rows[i].metrics.size(), 2u) << "one number per metric";
        // Symplectic Euler: y_n = y_0 - g dt^2 n (n + 1) / 2 (t = n dt: about g t^2 / 2).
        EXPECT_NEAR(rows[i].metrics[0], 9.81 * dt * dt * n * (n + 1) / 2, 1e-4 * rows[i].metrics[0]) << "dt " << dt;
        // Its energy: v_n = -g dt n, so kinetic m g^2 dt^2 n^2 / 2 against the potential lost,
        // m g^2 dt^2 n (n + 1) / 2: it drifts by -m g^2 dt^2 n / 2, first order in dt.
        EXPECT_NEAR(rows[i].metrics[1], -mass * 9.81 * 9.81 * dt * dt * n / 2, 1e-3 * mass * 9.81 * rows[i].metrics[0])
            << "dt " << dt;
    }
}

TEST(Sweeps, MoreSolverPassesHoldATowerThatOnePassLetsFall) {
    SceneLoadResult loaded = loadSceneFile(std::string(TUMBLE_SOURCE_DIR) + "/scenes/vertical-stack.json");
    ASSERT_TRUE(loaded.ok()) << loaded.errorText();
    SweepPlan plan;
    plan.scene = loaded.scene;
    ASSERT_EQ(applySettingOverride(plan.scene.settings, "solver.shockPropagation=false"), "");
    plan.key = "solver.velocityIterations";
    plan.values = {1, 10};
    plan.metrics = {"displacement"};
    plan.steps = 300;
    SweepControl control;
    const std::vector<SweepRow> rows = runSweepJob(plan, control);
    ASSERT_EQ(rows.size(), 2u);
    ASSERT_TRUE(rows[0].finished && rows[1].finished);
    EXPECT_GT(rows[0].metrics[0], 2.0) << "one pass: the tower falls";
    EXPECT_LT(rows[1].metrics[0], 0.2) << "ten passes: it stands";
}

TEST(Sweeps, AStopRequestEndsTheSweepWithFewerFinishedRows) {
    SweepPlan plan = timestepPlan(200);
    plan.workers = 1; // one run at a time, so "stop after the first" is exact
    SweepControl control;
    control.onRunDone = [&](size_t) { control.stop = true; };
    const std::vector<SweepRow> rows = runSweepJob(plan, control);
    ASSERT_EQ(rows.size(), plan.values.size()) << "a row per value, finished or not";
    EXPECT_TRUE(rows[0].finished);
    EXPECT_EQ(std::count_if(rows.begin(), rows.end(), [](const SweepRow& r) { return r.finished; }), 1);
    EXPECT_EQ(control.done.load(), 1u);
}

TEST(Sweeps, ABackgroundJobReachesItsTotalAndACancelledOneStopsShortOfIt) {
    SweepJob job;
    job.start(timestepPlan(60));
    EXPECT_EQ(job.total(), 4u);
    for (int k = 0; k < 2000 && job.running(); ++k) std::this_thread::sleep_for(std::chrono::milliseconds(5));
    ASSERT_FALSE(job.running());
    EXPECT_EQ(job.done(), 4u);
    EXPECT_EQ(job.rows().size(), 4u);

    // Long runs: cancelled at once, the job stops between steps.
    SweepPlan slow = timestepPlan(50'000'000);
    slow.values.assign(20, 0.01);
    job.start(slow);
    job.cancel();
    EXPECT_FALSE(job.running());
    const std::vector<SweepRow>& rows = job.rows();
    ASSERT_EQ(rows.size(), 20u);
    EXPECT_LT(job.done(), 20u);
    EXPECT_TRUE(std::none_of(rows.begin(), rows.end(), [](const SweepRow& r) { return r.finished; }));
}

TEST(Sweeps, MetricListsOfMoreThanTwoOrUnknownNamesAreRefusedNamingTheValue) {
    std::vector<std::string> names;
    std::string error;
    ASSERT_TRUE(parseSweepMetrics("displacement,msPerStep", names, error)) << error;
    EXPECT_EQ(names, (std::vector<std::string>{"displacement", "msPerStep"}));
    EXPECT_FALSE(parseSweepMetrics("displacement,msPerStep,iterations", names, error));
    EXPECT_NE(error.find("displacement,msPerStep,iterations"), std::string::npos) << error;
    EXPECT_FALSE(parseSweepMetrics("displacement,speed", names, error));
    EXPECT_NE(error.find("'speed'"), std::string::npos) << error;
    EXPECT_FALSE(parseSweepMetrics("penetration,penetration", names, error));
}

TEST(Sweeps, TheSweepableSettingsAreTheNumericOnesAndOutOfRangeValuesAreNamed) {
    const std::vector<std::string> keys = numericSettingKeys();
    auto has = [&](const char* key) { return std::find(keys.begin(), keys.end(), key) != keys.end(); };
    EXPECT_TRUE(has("timestep"));
    EXPECT_TRUE(has("solver.velocityIterations"));
    EXPECT_TRUE(has("solver.erp"));
    EXPECT_FALSE(has("gravity")) << "a vector, not one number";
    EXPECT_FALSE(has("solver.warmStarting")) << "a switch";
    EXPECT_FALSE(has("integrator")) << "a name";
    const std::string why = checkSweepValues(Settings{}, "solver.erp", {0.5, 1.0, 1.5});
    EXPECT_NE(why.find("solver.erp=1.5"), std::string::npos) << why;
    EXPECT_EQ(checkSweepValues(Settings{}, "solver.erp", {0.1, 0.2}), "");
}

TEST(Sweeps, TheCsvHasAColumnPerMetricAndARowPerFinishedRun) {
    std::vector<SweepRow> rows(3);
    for (size_t i = 0; i < rows.size(); ++i) {
        rows[i].value = double(i + 1);
        rows[i].metrics = {0.5 * double(i), 2.0};
        rows[i].finished = i != 1; // a cancelled run leaves no row
    }
    const std::string path = (std::filesystem::temp_directory_path() / "tumble_sweep_test.csv").string();
    ASSERT_TRUE(writeSweepCsv(path, "solver.velocityIterations", {"displacement", "msPerStep"}, rows));
    std::ifstream in(path);
    std::string header, first, second, more;
    std::getline(in, header);
    EXPECT_EQ(header, "solver.velocityIterations,displacement (m),msPerStep (ms),nonFinite");
    std::getline(in, first);
    std::getline(in, second);
    EXPECT_EQ(first, "1,0,2,0");
    EXPECT_EQ(second, "3,1,2,0");
    EXPECT_FALSE(std::getline(in, more));
    std::filesystem::remove(path);
}
