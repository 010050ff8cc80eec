// The command line as a public contract: exit statuses, the report's fields, --set, --trace.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <array>
#include <cstdio>
#include <fstream>
#include <string>
#include <sys/wait.h>

namespace {

struct CommandResult {
    int status = -1;
    std::string out;   ///< stdout and stderr together
};

CommandResult tumble(const std::string& args) {
    std::string cmd = std::string(TUMBLE_EXE) + " " + args + " 2>&1";
    CommandResult r;
    FILE* p = popen(cmd.c_str(), "r");
    if (!p) return r;
    std::array<char, 4096> buf;
    size_t n;
    while ((n = fread(buf.data(), 1, buf.size(), p)) > 0) r.out.append(buf.data(), n);
    int raw = pclose(p);
    r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    return r;
}

std::string dataFile(const char* name) { return std::string(TUMBLE_TEST_DATA_DIR) + "/" + name; }
std::string sceneFile(const char* name) { return std::string(TUMBLE_SOURCE_DIR) + "/scenes/" + name; }

nlohmann::json reportOf(const std::string& args) {
    CommandResult r = tumble(args + " --report -");
    EXPECT_EQ(r.status, 0) << r.out;
    return nlohmann::json::parse(r.out, nullptr, false);
}

} // namespace

TEST(CommandLine, ReportIsValidJsonWithEveryDocumentedField) {
    nlohmann::json j = reportOf("--headless " + sceneFile("projectile.json") + " --steps 30");
    ASSERT_FALSE(j.is_discarded());
    for (const char* key : {"scene", "steps", "timestep", "settings", "bodies", "stats", "hash", "events"})
        EXPECT_TRUE(j.contains(key)) << key;
    EXPECT_EQ(j["steps"], 30);
    ASSERT_FALSE(j["bodies"].empty());
    for (const char* key : {"name", "position", "orientation", "linearVelocity", "angularVelocity", "sleeping"})
        EXPECT_TRUE(j["bodies"][0].contains(key)) << key;
    EXPECT_EQ(j["bodies"][0]["orientation"].size(), 4u);
    for (const char* key : {"msPerStepMedian", "msPerStepMean", "bodyCount", "contactCount", "pairCount",
                            "maxPenetration", "maxPenetrationAtEnd", "kineticEnergy", "potentialEnergy"})
        EXPECT_TRUE(j["stats"].contains(key)) << key;
    EXPECT_EQ(j["hash"].get<std::string>().size(), 16u);
    EXPECT_TRUE(j["settings"].contains("solver"));
}

TEST(CommandLine, SameSceneGivesTheSameHashInTwoProcesses) {
    std::string args = "--headless " + sceneFile("tennis-racket.json") + " --steps 200";
    EXPECT_EQ(reportOf(args)["hash"], reportOf(args)["hash"]);
}

TEST(CommandLine, SetChangesTheSettingsUsedAndBadValuesExitWith2) {
    nlohmann::json j = reportOf("--headless " + sceneFile("orbit.json") +
                                " --steps 1 --set solver.velocityIterations=4 --set integrator=explicitEuler");
    EXPECT_EQ(j["settings"]["solver"]["velocityIterations"], 4);
    EXPECT_EQ(j["settings"]["integrator"], "explicitEuler");
    CommandResult bad = tumble("--headless " + sceneFile("orbit.json") + " --steps 1 --set solver.erp=7");
    EXPECT_EQ(bad.status, 2);
    EXPECT_NE(bad.out.find("solver.erp"), std::string::npos) << bad.out;
    CommandResult unknown = tumble("--headless " + sceneFile("orbit.json") + " --steps 1 --set solver.iters=4");
    EXPECT_EQ(unknown.status, 2);
}

TEST(CommandLine, TraceRecordsAFreeFallThatMatchesTheClosedForm) {
    nlohmann::json j = reportOf("--headless " + dataFile("free_fall.json") +
                                " --steps 60 --set integrator=velocityVerlet --trace ball");
    ASSERT_TRUE(j.contains("trace"));
    const auto& trace = j["trace"]["ball"];
    ASSERT_EQ(trace["position"].size(), 60u);
    ASSERT_EQ(trace["linearVelocity"].size(), 60u);
    // Velocity Verlet under constant gravity is exact: y(t) = y0 + g t^2 / 2.
    const double g = j["settings"]["gravity"][1], dt = j["timestep"];
    for (int n : {1, 30, 60}) {
        double t = n * dt;
        EXPECT_NEAR(trace["position"][n - 1][1].get<double>(), 10.0 + 0.5 * g * t * t, 1e-3);
        EXPECT_NEAR(trace["linearVelocity"][n - 1][1].get<double>(), g * t, 1e-3);
    }
    CommandResult unknown = tumble("--headless " + dataFile("free_fall.json") + " --steps 1 --trace nobody");
    EXPECT_EQ(unknown.status, 2);
}

TEST(CommandLine, BrokenSceneExitsWith2AndNamesFilePathAndValue) {
    CommandResult r = tumble("--headless " + dataFile("cli_bad_radius.json") + " --steps 1");
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.out.find("cli_bad_radius.json"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("radius"), std::string::npos) << r.out;
    CommandResult missing = tumble("--headless /nonexistent/scene.json --steps 1");
    EXPECT_EQ(missing.status, 2);
    CommandResult badSteps = tumble("--headless " + sceneFile("orbit.json") + " --steps -5");
    EXPECT_EQ(badSteps.status, 2);
}

TEST(CommandLine, NonFiniteSimulationExitsWith3AndReportsTheEvent) {
    CommandResult r = tumble("--headless " + dataFile("nonfinite_attractor.json") + " --steps 50 --report -");
    EXPECT_EQ(r.status, 3) << r.out;
    EXPECT_NE(r.out.find("non-finite"), std::string::npos) << r.out;
}

TEST(CommandLine, ListScenesShowsTheCatalogue) {
    CommandResult r = tumble("--list-scenes");
    EXPECT_EQ(r.status, 0) << r.out;
    EXPECT_NE(r.out.find("orbit"), std::string::npos);
    EXPECT_NE(r.out.find("projectile"), std::string::npos);
}

TEST(CommandLine, SnapshotOutResumesToTheSameHashAsTheStraightRun) {
    std::string snapshot = testing::TempDir() + "tumble_snapshot_pyramid.json";
    nlohmann::json first = reportOf("--headless " + sceneFile("pyramid.json") +
                                    " --steps 300 --snapshot-out " + snapshot);
    ASSERT_FALSE(first.is_discarded());
    nlohmann::json resumed = reportOf("--headless " + snapshot + " --steps 200");
    nlohmann::json straight = reportOf("--headless " + sceneFile("pyramid.json") + " --steps 500");
    EXPECT_EQ(resumed["hash"], straight["hash"]);
    EXPECT_NE(first["hash"], straight["hash"]);
    std::remove(snapshot.c_str());
}
