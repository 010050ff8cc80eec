// The command line as a public contract: exit statuses, the report's fields, --set, --trace,
// bug reports and --verify, the grouped catalogue.
#include "tumble/scene.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace {

struct CommandResult {
    int status = -1;
    std::string out;   ///< stdout and stderr together
};

/// Run the program with `args`, from `directory` when given.
CommandResult runTumble(const std::string& args, const std::string& directory = "") {
    std::string cmd = (directory.empty() ? "" : "cd '" + directory + "' && ") + std::string(TUMBLE_EXE) + " " + args + " 2>&1";
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
    CommandResult r = runTumble(args + " --report -");
    EXPECT_EQ(r.status, 0) << r.out;
    return nlohmann::json::parse(r.out, nullptr, false);
}

nlohmann::json readJson(const std::filesystem::path& file) {
    std::ifstream in(file);
    return nlohmann::json::parse(in, nullptr, false);
}

void writeJson(const std::filesystem::path& file, const nlohmann::json& j) {
    std::ofstream out(file);
    out << j.dump(2) << "\n";
}

/// A fresh folder under the system's temporary folder for one test, removed afterwards.
class CommandLineFolder : public testing::Test {
protected:
    void SetUp() override {
        const testing::TestInfo* test = testing::UnitTest::GetInstance()->current_test_info();
        dir_ = std::filesystem::temp_directory_path() /
               ("tumble_cli_" + std::string(test->name()) + "_" + std::to_string(getpid()));
        std::filesystem::remove_all(dir_);
        std::filesystem::create_directories(dir_);
    }
    void TearDown() override { std::filesystem::remove_all(dir_); }
    /// A path inside the folder, as a string for the command line.
    std::string at(const std::string& name) const { return (dir_ / name).string(); }

private:
    std::filesystem::path dir_;
};

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
                            "maxPenetration", "maxPenetrationAtEnd", "kineticEnergy", "potentialEnergy",
                            "sleepingBodyCount", "sleepingPairCount", "sleepingContactCount"})
        EXPECT_TRUE(j["stats"].contains(key)) << key;
    EXPECT_EQ(j["hash"].get<std::string>().size(), 16u);
    EXPECT_TRUE(j["settings"].contains("solver"));
}

// The sensor gate's report: every passage through the sensor in full, counts per sensor, and
// the contact pairs tallied; a ball rolling at 3 m/s enters when rolling resistance's closed
// form says its front reaches the gate.
TEST(CommandLine, TheReportCountsTheBodiesASensorLetInAndWhenTheyEntered) {
    nlohmann::json j = reportOf("--headless " + sceneFile("sensor-gate.json") + " --steps 600");
    ASSERT_FALSE(j.is_discarded());
    const nlohmann::json& ce = j["contactEvents"];
    for (const char* key : {"begin", "persist", "end", "sensorBegin", "sensorEnd", "pairs", "pairsDropped",
                            "sensors", "sensorEvents", "sensorEventsDropped"})
        EXPECT_TRUE(ce.contains(key)) << key;
    ASSERT_EQ(ce["sensors"].size(), 1u);
    const nlohmann::json& gate = ce["sensors"][0];
    EXPECT_EQ(gate["name"], "gate");
    EXPECT_EQ(gate["entered"], 8);  // six balls and two crates
    EXPECT_EQ(gate["left"], 6);     // the crates rest inside it
    EXPECT_EQ(gate["insideAtEnd"], nlohmann::json::array({"crate 1", "crate 2"}));
    EXPECT_EQ(ce["sensorBegin"], 8);
    ASSERT_EQ(ce["sensorEvents"].size(), 14u);
    int ballOneEnters = -1;
    for (const nlohmann::json& e : ce["sensorEvents"])
        if (e["body"] == "ball 1" && e["kind"] == "sensorBegin") ballOneEnters = e["step"].get<int>();
    // Its front starts 1.7 m from the gate at v0 = 3 m/s, slowed at a = 5/7 g c_r / R
    // (0.467 m/s^2): 1.7 = v0 t - a t^2 / 2, seen by the next step's collide stage.
    const double a = 5.0 / 7.0 * 9.81 * 0.02 / 0.3, t = (3.0 - std::sqrt(9.0 - 2.0 * a * 1.7)) / a;
    EXPECT_NEAR(ballOneEnters, std::ceil(t * 60.0) + 1.0, 2.0);
    // Each ball rolls on the floor from the first step and never leaves it; the crates land.
    int floorPairs = 0;
    for (const nlohmann::json& p : ce["pairs"]) {
        if (p["bodyA"] != "floor") continue;
        ++floorPairs;
        if (p["bodyB"].get<std::string>().rfind("ball", 0) == 0) {
            EXPECT_EQ(p["end"], 0) << p["bodyB"];
        }
        EXPECT_TRUE(p["touchingAtEnd"].get<bool>()) << p["bodyB"];
    }
    EXPECT_EQ(floorPairs, 8);
    EXPECT_EQ(ce["sensorEventsDropped"], 0);
}

// A settled pile sleeps: its contacts stay in the report, flagged asleep, with their depth
// (before, the report said 0 contacts and a largest penetration of 0 once they slept).
TEST(CommandLine, TheReportListsTheContactsOfSleepingBodies) {
    nlohmann::json j = reportOf("--headless " + sceneFile("pyramid.json") + " --steps 900 --contacts");
    ASSERT_FALSE(j.is_discarded());
    const nlohmann::json& stats = j["stats"];
    EXPECT_EQ(stats["sleepingBodyCount"], 210);
    EXPECT_GT(stats["sleepingPairCount"].get<int>(), 200);
    EXPECT_EQ(stats["sleepingPairCount"], stats["pairCount"]);
    EXPECT_EQ(stats["sleepingContactCount"], stats["contactCount"]);
    EXPECT_GT(stats["maxPenetrationAtEnd"].get<double>(), 0.0);
    int asleep = 0;
    for (const nlohmann::json& c : j["contacts"]) asleep += c["sleeping"].get<bool>() ? 1 : 0;
    EXPECT_EQ(asleep, stats["sleepingPairCount"].get<int>());
}

TEST(CommandLine, SameSceneGivesTheSameHashInTwoProcesses) {
    std::string args = "--headless " + sceneFile("tennis-racket.json") + " --steps 200";
    EXPECT_EQ(reportOf(args)["hash"], reportOf(args)["hash"]);
}

TEST(CommandLine, EveryCatalogueSceneGivesTheSameHashInTwoProcesses) {
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::directory_iterator(std::string(TUMBLE_SOURCE_DIR) + "/scenes"))
        if (entry.path().extension() == ".json") files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    ASSERT_FALSE(files.empty());
    for (const auto& file : files) {
        std::string args = "--headless " + file.string() + " --steps 120";
        nlohmann::json first = reportOf(args), second = reportOf(args);
        ASSERT_FALSE(first.is_discarded() || second.is_discarded()) << file;
        EXPECT_EQ(first["hash"].get<std::string>().size(), 16u) << file;
        EXPECT_EQ(first["hash"], second["hash"]) << file;
    }
}

TEST(CommandLine, SetChangesTheSettingsUsedAndBadValuesExitWith2) {
    nlohmann::json j = reportOf("--headless " + sceneFile("orbit.json") +
                                " --steps 1 --set solver.velocityIterations=4 --set integrator=explicitEuler");
    EXPECT_EQ(j["settings"]["solver"]["velocityIterations"], 4);
    EXPECT_EQ(j["settings"]["integrator"], "explicitEuler");
    CommandResult bad = runTumble("--headless " + sceneFile("orbit.json") + " --steps 1 --set solver.erp=7");
    EXPECT_EQ(bad.status, 2);
    EXPECT_NE(bad.out.find("solver.erp"), std::string::npos) << bad.out;
    CommandResult unknown = runTumble("--headless " + sceneFile("orbit.json") + " --steps 1 --set solver.iters=4");
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
    CommandResult unknown = runTumble("--headless " + dataFile("free_fall.json") + " --steps 1 --trace nobody");
    EXPECT_EQ(unknown.status, 2);
}

TEST(CommandLine, SolverProbeReportsEveryPassAndRowOfTheStepAsked) {
    // Five cubes solved cold with 20 passes: the report's solverProbe holds the 20 passes of
    // step 60, the residual falls, and the 60 rows' normal impulses carry the stack.
    nlohmann::json j = reportOf("--headless " + sceneFile("watch-it-converge.json") + " --steps 60 --solver-probe 60");
    ASSERT_TRUE(j.contains("solverProbe"));
    const auto& probe = j["solverProbe"];
    EXPECT_EQ(probe["step"], 60);
    EXPECT_EQ(probe["method"], "gaussSeidel");
    ASSERT_EQ(probe["iterations"].size(), 20u);
    EXPECT_LT(probe["iterations"][19]["residual"].get<double>(), probe["iterations"][0]["residual"].get<double>());
    ASSERT_EQ(probe["rows"].size(), 60u);
    double normal = 0.0;
    for (const auto& r : probe["rows"])
        if (r["kind"] == "normal" && r["bodyA"] == "ground") normal += r["lambda"].get<double>();
    EXPECT_GT(normal, 0.0);
    CommandResult late = runTumble("--headless " + sceneFile("watch-it-converge.json") + " --steps 10 --solver-probe 11");
    EXPECT_EQ(late.status, 2);
    EXPECT_NE(late.out.find("--solver-probe"), std::string::npos) << late.out;
}

TEST(CommandLine, BrokenSceneExitsWith2AndNamesFilePathAndValue) {
    CommandResult r = runTumble("--headless " + dataFile("cli_bad_radius.json") + " --steps 1");
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.out.find("cli_bad_radius.json"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("radius"), std::string::npos) << r.out;
    CommandResult missing = runTumble("--headless /nonexistent/scene.json --steps 1");
    EXPECT_EQ(missing.status, 2);
    CommandResult badSteps = runTumble("--headless " + sceneFile("orbit.json") + " --steps -5");
    EXPECT_EQ(badSteps.status, 2);
}

TEST(CommandLine, NonFiniteSimulationExitsWith3AndReportsTheEvent) {
    CommandResult r = runTumble("--headless " + dataFile("nonfinite_attractor.json") + " --steps 50 --report -");
    EXPECT_EQ(r.status, 3) << r.out;
    EXPECT_NE(r.out.find("non-finite"), std::string::npos) << r.out;
}

TEST(CommandLine, ListScenesShowsTheCatalogue) {
    CommandResult r = runTumble("--list-scenes");
    EXPECT_EQ(r.status, 0) << r.out;
    EXPECT_NE(r.out.find("orbit"), std::string::npos);
    EXPECT_NE(r.out.find("projectile"), std::string::npos);
}

TEST(CommandLine, ListScenesFindsTheCatalogueFromAnyWorkingDirectory) {
    // The root has no scenes/: the source tree's catalogue is listed, with paths that load.
    CommandResult r = runTumble("--list-scenes", "/");
    ASSERT_EQ(r.status, 0) << r.out;
    EXPECT_NE(r.out.find("orbit"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("/scenes/projectile.json"), std::string::npos) << r.out;
}

TEST(CommandLine, ABadWindowSizeIsRefusedNamingTheValue) {
    for (const char* size : {"1920", "10x10", "1920x1080x3", "wide", "99999x800"}) {
        CommandResult r = runTumble(std::string("--size ") + size);
        EXPECT_EQ(r.status, 2) << size << ": " << r.out;
        EXPECT_NE(r.out.find(std::string("'") + size + "'"), std::string::npos) << r.out;
    }
}

TEST(CommandLine, ListScenesGroupsEverySceneUnderItsTopicsHeading) {
    CommandResult r = runTumble("--list-scenes");
    ASSERT_EQ(r.status, 0) << r.out;
    EXPECT_NE(r.out.find("\nBug gallery\n"), std::string::npos) << r.out;

    // Headings are unindented topic titles, in sceneTopics() order, each once; scene lines are
    // indented and start with the file, whose own topic must be the heading's.
    std::vector<std::string_view> titles;
    for (const tumble::SceneTopic& t : tumble::sceneTopics()) titles.push_back(t.title);
    std::istringstream lines(r.out);
    std::string line;
    size_t headingRank = 0;
    const tumble::SceneTopic* heading = nullptr;
    int sceneLines = 0;
    while (std::getline(lines, line)) {
        if (line.empty()) continue;
        if (line[0] != ' ') {
            auto it = std::find(titles.begin(), titles.end(), line);
            ASSERT_NE(it, titles.end()) << "not a topic title: " << line;
            size_t rank = static_cast<size_t>(it - titles.begin());
            EXPECT_TRUE(!heading || rank > headingRank) << "heading out of order: " << line;
            headingRank = rank;
            heading = &tumble::sceneTopics()[rank];
            continue;
        }
        ASSERT_NE(heading, nullptr) << "scene before any heading: " << line;
        std::istringstream fields(line);
        std::string path;
        fields >> path;
        tumble::SceneLoadResult loaded = tumble::loadSceneFile(path);
        ASSERT_TRUE(loaded.ok()) << loaded.errorText();
        EXPECT_EQ(loaded.scene.topic, heading->id) << path << " listed under " << heading->title;
        ++sceneLines;
    }
    EXPECT_EQ(sceneLines, static_cast<int>(tumble::listScenes("scenes").size()));
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

TEST_F(CommandLineFolder, BugReportVerifiesAndAnEditedSnapshotDoesNot) {
    const std::string report = at("r");
    // Sleep off: the pyramid sleeps within half a second, and the edit below needs a box awake.
    CommandResult written = runTumble("--headless " + sceneFile("pyramid.json") +
                                      " --steps 60 --set sleep.enabled=false --bug-report " + report);
    ASSERT_EQ(written.status, 0) << written.out;
    EXPECT_TRUE(std::filesystem::exists(report + "/snapshot.json"));
    nlohmann::json fields = readJson(report + "/report.json");
    ASSERT_FALSE(fields.is_discarded());
    EXPECT_EQ(fields["step"], 60);
    EXPECT_EQ(fields["verifySteps"], 120);
    EXPECT_EQ(fields["scene"], "Pyramid");
    EXPECT_TRUE(fields["settings"].contains("solver"));
    EXPECT_TRUE(fields["camera"].contains("target"));

    CommandResult verified = runTumble("--verify " + report);
    EXPECT_EQ(verified.status, 0) << verified.out;
    EXPECT_NE(verified.out.find(fields["expectedHash"].get<std::string>()), std::string::npos) << verified.out;
    EXPECT_NE(verified.out.find("OK"), std::string::npos) << verified.out;
    // The replay --verify runs is the one a headless run of the snapshot takes.
    nlohmann::json resumed = reportOf("--headless " + report + "/snapshot.json --steps 120");
    EXPECT_EQ(resumed["hash"], fields["expectedHash"]);

    // Reading and rewriting the snapshot changes no float: it still verifies...
    nlohmann::json snapshot = readJson(report + "/snapshot.json");
    ASSERT_FALSE(snapshot.is_discarded());
    writeJson(report + "/snapshot.json", snapshot);
    EXPECT_EQ(runTumble("--verify " + report).status, 0);
    // ...but 1 cm/s more on one awake box sends the replay elsewhere.
    auto& bodies = snapshot["state"]["bodies"];
    auto awake = std::find_if(bodies.rbegin(), bodies.rend(),
                              [](const nlohmann::json& b) { return !b["sleeping"].get<bool>(); });
    ASSERT_NE(awake, bodies.rend());
    (*awake)["linearVelocity"][0] = (*awake)["linearVelocity"][0].get<double>() + 0.01;
    writeJson(report + "/snapshot.json", snapshot);
    CommandResult edited = runTumble("--verify " + report);
    EXPECT_EQ(edited.status, 1) << edited.out;
    EXPECT_NE(edited.out.find("expected " + fields["expectedHash"].get<std::string>()), std::string::npos)
        << edited.out;
    EXPECT_NE(edited.out.find("step 60"), std::string::npos) << edited.out;

    // A malformed report is bad input, named by file, key and value.
    fields["expectedHash"] = "zz";
    writeJson(report + "/report.json", fields);
    CommandResult malformed = runTumble("--verify " + report);
    EXPECT_EQ(malformed.status, 2) << malformed.out;
    EXPECT_NE(malformed.out.find("report.json: expectedHash"), std::string::npos) << malformed.out;
    EXPECT_NE(malformed.out.find("\"zz\""), std::string::npos) << malformed.out;

    CommandResult missing = runTumble("--verify " + at("no-such-report"));
    EXPECT_EQ(missing.status, 2) << missing.out;
    EXPECT_NE(missing.out.find("no-such-report"), std::string::npos) << missing.out;
}

TEST_F(CommandLineFolder, BugReportOfBoxesInMidFallReplaysBitForBit) {
    const std::string report = at("rain");
    CommandResult written = runTumble("--headless " + sceneFile("box-rain.json") + " --steps 45 --bug-report " +
                                   report + " --verify-steps 30 --quiet");
    ASSERT_EQ(written.status, 0) << written.out;
    nlohmann::json fields = readJson(report + "/report.json");
    EXPECT_EQ(fields["step"], 45);
    EXPECT_EQ(fields["verifySteps"], 30);
    // Mid-motion: the boxes are still falling (0.75 s after release from 5 m).
    nlohmann::json snapshot = readJson(report + "/snapshot.json");
    double fastest = 0.0;
    for (const auto& b : snapshot["state"]["bodies"]) {
        const auto& v = b["linearVelocity"];
        fastest = std::max(fastest, std::hypot(v[0].get<double>(), v[1].get<double>(), v[2].get<double>()));
    }
    EXPECT_GT(fastest, 1.0);
    CommandResult verified = runTumble("--verify " + report);
    EXPECT_EQ(verified.status, 0) << verified.out;
    EXPECT_NE(verified.out.find("after 30 steps from step 45: OK"), std::string::npos) << verified.out;
}

TEST_F(CommandLineFolder, BugReportOptionsAreCheckedLikeTheRest) {
    EXPECT_EQ(runTumble("--headless " + sceneFile("orbit.json") + " --steps 1 --bug-report " + at("x") +
                     " --verify-steps 0").status, 2);
    EXPECT_EQ(runTumble("--headless " + sceneFile("orbit.json") + " --steps 1 --verify-steps 10").status, 2);
    EXPECT_EQ(runTumble(sceneFile("orbit.json") + " --bug-report " + at("x")).status, 2);
    EXPECT_FALSE(std::filesystem::exists(at("x")));
}

TEST(CommandLine, CompareBulletAddsTheCompareSectionWithEveryDocumentedField) {
    // --quiet keeps the unmapped warnings off the stream the report is read from.
    nlohmann::json j = reportOf("--headless " + sceneFile("vertical-stack.json") +
                                " --steps 60 --compare bullet --quiet");
    ASSERT_FALSE(j.is_discarded());
    ASSERT_TRUE(j.contains("compare"));
    const nlohmann::json& c = j["compare"];
    for (const char* key : {"peer", "peerName", "peerVersion", "steps", "unmapped", "runs", "divergence"})
        EXPECT_TRUE(c.contains(key)) << key;
    EXPECT_EQ(c["peer"], "bullet");
    EXPECT_EQ(c["peerName"], "Bullet");
    EXPECT_EQ(c["peerVersion"].get<std::string>().rfind("3.", 0), 0u) << c["peerVersion"];
    EXPECT_EQ(c["steps"], 60);
    EXPECT_FALSE(c["unmapped"].empty()); // the stack's default block solver, at least
    for (const char* run : {"tumble", "bullet"}) {
        ASSERT_TRUE(c["runs"].contains(run)) << run;
        for (const char* key : {"energy", "kineticEnergy", "potentialEnergy", "positions"})
            EXPECT_TRUE(c["runs"][run].contains(key)) << run << "." << key;
        for (const nlohmann::json& body : j["bodies"])
            EXPECT_TRUE(c["runs"][run]["positions"].contains(body["name"].get<std::string>()))
                << run << " " << body["name"];
    }
    const nlohmann::json& d = c["divergence"];
    for (const char* key : {"apartDistance", "firstApartStep", "sampleEvery", "samples", "final", "largest"})
        EXPECT_TRUE(d.contains(key)) << key;
    ASSERT_EQ(d["samples"].size(), 60u);
    EXPECT_EQ(d["samples"][0]["step"], 1);
    EXPECT_EQ(d["samples"][59]["step"], 60);
    for (const char* key : {"step", "largest", "mean", "worstBody", "energyDifference"})
        EXPECT_TRUE(d["samples"][0].contains(key)) << key;
    EXPECT_GE(d["largest"]["largest"].get<double>(), d["final"]["largest"].get<double>());
    // Tumble's final positions in the report's bodies are the compare section's.
    EXPECT_EQ(c["runs"]["tumble"]["positions"][j["bodies"][0]["name"].get<std::string>()],
              j["bodies"][0]["position"]);
}

TEST(CommandLine, CompareBulletOnAFreeFallNeverComesAMillimetreApart) {
    // Both integrate symplectic Euler: after 60 steps the ball is in the same place to float
    // rounding, and the energies agree.
    nlohmann::json j = reportOf("--headless " + dataFile("free_fall.json") +
                                " --steps 60 --compare bullet --quiet");
    const nlohmann::json& d = j["compare"]["divergence"];
    EXPECT_TRUE(d["firstApartStep"].is_null()) << d["firstApartStep"];
    EXPECT_LT(d["largest"]["largest"].get<double>(), 1e-4);
    EXPECT_LT(std::fabs(d["final"]["energyDifference"].get<double>()), 0.05);
}

TEST(CommandLine, CompareWarnsOfWhatItCannotMapAndSummarisesTheDivergence) {
    CommandResult r = runTumble("--headless " + sceneFile("orbit.json") + " --steps 30 --compare bullet --summary");
    EXPECT_EQ(r.status, 0) << r.out;
    EXPECT_NE(r.out.find("tumble: warning: --compare bullet: forceFields[0]"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("compare bullet 3."), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("apart"), std::string::npos) << r.out;
}

TEST(CommandLine, CompareWithAnUnknownEngineExitsWith2AndNamesTheValue) {
    CommandResult r = runTumble("--headless " + sceneFile("orbit.json") + " --steps 1 --compare nosuchengine");
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.out.find("--compare"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("'nosuchengine'"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("bullet"), std::string::npos) << r.out;
    EXPECT_EQ(runTumble(sceneFile("orbit.json") + " --compare bullet").status, 2); // needs --headless
}

// --- sweeps ------------------------------------------------------------------------------

/// A 0.5 m ball 100 m up, never sleeping: free fall for the sweeps to measure.
void writeFallingBall(const std::string& path) {
    writeJson(path, {{"format", "tumble-scene"},
                     {"version", 1},
                     {"settings", {{"sleep", {{"enabled", false}}}}},
                     {"bodies", {{{"name", "ball"},
                                  {"shape", {{"type", "sphere"}, {"radius", 0.5}}},
                                  {"position", {0, 100, 0}}}}}});
}

TEST_F(CommandLineFolder, ASweepOfTheTimestepGivesFreeFallsClosedFormOneRowPerValue) {
    // A ball falling freely for 60 steps, swept over dt: symplectic Euler moves it
    // g dt^2 n (n + 1) / 2, one CSV row per value, on every core.
    writeFallingBall(at("fall.json"));
    const CommandResult r = runTumble("--sweep timestep=0.005:0.02:0.005 --metric displacement --steps 60 " +
                                      at("fall.json") + " --sweep-out " + at("fall-sweep"));
    ASSERT_EQ(r.status, 0) << r.out;
    std::ifstream csv(at("fall-sweep.csv"));
    std::string line;
    std::getline(csv, line);
    EXPECT_EQ(line, "timestep,displacement (m),nonFinite");
    int rows = 0;
    for (double dt : {0.005, 0.01, 0.015, 0.02}) {
        ASSERT_TRUE(std::getline(csv, line)) << "a row per value";
        double value = 0.0, metric = 0.0;
        int nonFinite = 1;
        ASSERT_EQ(std::sscanf(line.c_str(), "%lf,%lf,%d", &value, &metric, &nonFinite), 3) << line;
        EXPECT_NEAR(value, dt, 1e-9);
        EXPECT_NEAR(metric, 9.81 * dt * dt * 60 * 61 / 2, 1e-4 * metric) << "dt " << dt;
        EXPECT_EQ(nonFinite, 0);
        ++rows;
    }
    EXPECT_FALSE(std::getline(csv, line)) << "no more rows than values";
    EXPECT_EQ(rows, 4);
    EXPECT_TRUE(std::filesystem::file_size(at("fall-sweep.png")) > 1000) << "the chart";
    EXPECT_NE(r.out.find("displacement"), std::string::npos) << r.out;
}

TEST_F(CommandLineFolder, ASweepOfTwoMetricsWritesAColumnForEachAndBothCharts) {
    // Quality against cost: displacement and msPerStep measured in the same runs.
    writeFallingBall(at("fall.json"));
    const CommandResult r = runTumble("--sweep solver.velocityIterations=1:4:1 --metric displacement,msPerStep --steps 30 " +
                                      at("fall.json") + " --sweep-out " + at("two"));
    ASSERT_EQ(r.status, 0) << r.out;
    std::ifstream csv(at("two.csv"));
    std::string line;
    std::getline(csv, line);
    EXPECT_EQ(line, "solver.velocityIterations,displacement (m),msPerStep (ms),nonFinite");
    for (int passes = 1; passes <= 4; ++passes) {
        ASSERT_TRUE(std::getline(csv, line)) << "a row per value";
        double value = 0.0, displacement = 0.0, ms = -1.0;
        int nonFinite = 1;
        ASSERT_EQ(std::sscanf(line.c_str(), "%lf,%lf,%lf,%d", &value, &displacement, &ms, &nonFinite), 4) << line;
        EXPECT_EQ(value, passes);
        // A lone falling ball has no contacts: the passes change nothing of its fall.
        EXPECT_NEAR(displacement, 9.81 * (1.0 / 60) * (1.0 / 60) * 30 * 31 / 2, 1e-4) << line;
        EXPECT_GE(ms, 0.0);
        EXPECT_EQ(nonFinite, 0);
    }
    EXPECT_FALSE(std::getline(csv, line)) << "no more rows than values";
    EXPECT_NE(r.out.find("msPerStep"), std::string::npos) << "the table has both: " << r.out;
    EXPECT_TRUE(std::filesystem::file_size(at("two.png")) > 1000) << "the charts";
}

TEST(CommandLine, MoreThanTwoMetricsOrAnUnknownOneAreRefusedNamingTheValue) {
    const std::string scene = sceneFile("projectile.json");
    CommandResult r = runTumble("--sweep solver.erp=0.1:0.2:0.1 --metric displacement,msPerStep,iterations " + scene);
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.out.find("at most two"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("displacement,msPerStep,iterations"), std::string::npos) << r.out;
    r = runTumble("--sweep solver.erp=0.1:0.2:0.1 --metric displacement,cost " + scene);
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.out.find("unknown metric 'cost'"), std::string::npos) << r.out;
}

TEST(CommandLine, ABadSweepNamesItsValueAndRunsNothing) {
    const std::string scene = sceneFile("projectile.json");
    CommandResult r = runTumble("--sweep solver.velocityIterations=4:1:1 " + scene);
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.out.find("4:1:1"), std::string::npos) << r.out;
    r = runTumble("--sweep solver.erp=0.5:2:0.5 " + scene);
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.out.find("solver.erp=1.5"), std::string::npos) << "the first value out of range: " << r.out;
    r = runTumble("--sweep solver.erp=0.1:0.2:0.1 --metric speed " + scene);
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.out.find("'speed'"), std::string::npos) << r.out;
}

// --- Bullet worlds (tumble/bullet_import.h) ------------------------------------------------

TEST(CommandLine, HeadlessRunsABulletFileAndSaysWhatItDidNotMap) {
    const nlohmann::json report = reportOf("--headless " + dataFile("bullet/falling.bullet") + " --steps 60");
    ASSERT_EQ(report.at("bodies").size(), 3u);
    EXPECT_NEAR(report.at("bodies")[1].at("position")[1].get<double>(), 5.01325, 1e-4); // the ball, 1 s down
    const CommandResult r = runTumble("--headless " + sceneFile("imported-bullet-world.bullet") + " --steps 2 --quiet");
    EXPECT_EQ(r.status, 0) << r.out;
    EXPECT_NE(r.out.find("imported-bullet-world.bullet: not mapped: btConeShape on body 'cone': no Tumble shape "
                         "(body left out)\n"),
              std::string::npos)
        << r.out;
}

TEST_F(CommandLineFolder, ImportWritesTheSceneFileAndRefusesBrokenInput) {
    CommandResult r = runTumble("--import " + sceneFile("imported-bullet-world.bullet") + " --out " + at("w.json"));
    EXPECT_EQ(r.status, 0) << r.out;
    EXPECT_EQ(readJson(at("w.json")).at("bodies").size(), 13u); // 14 in the file, the cone left out
    // The written scene runs like any other.
    EXPECT_EQ(runTumble("--headless " + at("w.json") + " --steps 5 --quiet").status, 0);
    r = runTumble("--import " + at("none.bullet") + " --out " + at("x.json"));
    EXPECT_EQ(r.status, 2);
    EXPECT_EQ(r.out, at("none.bullet") + ": no such file\n");
    EXPECT_FALSE(std::filesystem::exists(at("x.json")));
    r = runTumble("--import " + sceneFile("imported-bullet-world.bullet"));
    EXPECT_EQ(r.status, 2);
    EXPECT_EQ(r.out, "tumble: --import FILE.bullet needs --out FILE.json, and takes no scene or --headless\n");
}
