// Hostile input on the command line (issue 19): every case exits 2 with a message that
// names the file, the path inside it and the value, in well under the time and memory a
// user would notice. Each run is capped (timeout, 1 GiB address space), so a regression
// shows as a failed status, not a hung or swapping test machine.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <array>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace {

namespace fs = std::filesystem;

struct CommandResult {
    int status = -1;    ///< exit status; -1 killed by a signal (a crash, or the timeout)
    std::string out;    ///< stdout and stderr together
    double seconds = 0; ///< wall time
};

/// Run tumble under a 60 s timeout and a 1 GiB address-space cap.
#if defined(__SANITIZE_ADDRESS__)
constexpr bool kAddressSanitizer = true;
#elif defined(__has_feature)
constexpr bool kAddressSanitizer = __has_feature(address_sanitizer);
#else
constexpr bool kAddressSanitizer = false;
#endif

CommandResult runCapped(const std::string& args) {
    // AddressSanitizer reserves terabytes of address space for its shadow at start, so under it
    // (TUMBLE_SANITIZE) the 1 GiB cap would stop every run; there the time cap stays, and the
    // ordinary build checks the memory cap.
    const std::string memoryCap = kAddressSanitizer ? "" : "prlimit --as=1073741824 ";
    const std::string cmd = "timeout -s KILL 60 " + memoryCap + std::string(TUMBLE_EXE) + " " + args + " 2>&1";
    CommandResult r;
    const auto start = std::chrono::steady_clock::now();
    FILE* p = popen(cmd.c_str(), "r");
    if (!p) return r;
    std::array<char, 4096> buf;
    size_t n;
    while ((n = fread(buf.data(), 1, buf.size(), p)) > 0)
        r.out.append(buf.data(), n);
    const int raw = pclose(p);
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    // timeout and prlimit report a killed child as 128 + signal.
    if (r.status >= 124 && r.status != 125) r.status = -1;
    return r;
}

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

/// A fresh folder for one test, removed afterwards.
class Hostile : public testing::Test {
  protected:
    void SetUp() override {
        const testing::TestInfo* test = testing::UnitTest::GetInstance()->current_test_info();
        dir_ = fs::temp_directory_path() /
               ("tumble_hostile_" + std::string(test->name()) + "_" + std::to_string(getpid()));
        fs::remove_all(dir_);
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }
    std::string at(const std::string& name) const { return (dir_ / name).string(); }
    std::string write(const std::string& name, const std::string& text) const {
        std::ofstream(at(name), std::ios::binary) << text;
        return at(name);
    }
    /// A scene: a ground box and the given bodies / extra top-level members.
    std::string scene(const std::string& name, const std::vector<nlohmann::json>& bodies,
                      const nlohmann::json& extra = nlohmann::json::object()) const {
        nlohmann::json j = {{"format", "tumble-scene"}, {"version", 1}};
        j["bodies"] =
            nlohmann::json::array({{{"name", "ground"},
                                    {"type", "static"},
                                    {"shape", {{"type", "box"}, {"halfExtents", {20, 0.5, 20}}}},
                                    {"position", {0, -0.5, 0}}}});
        for (const auto& b : bodies)
            j["bodies"].push_back(b);
        for (auto it = extra.begin(); it != extra.end(); ++it)
            j[it.key()] = it.value();
        return write(name, j.dump());
    }
    static nlohmann::json ball(const std::string& name, double radius = 0.5) {
        return {{"name", name},
                {"shape", {{"type", "sphere"}, {"radius", radius}}},
                {"position", {0, 3, 0}}};
    }

  private:
    fs::path dir_;
};

/// The run refused the input: status 2, fast, and the message holds every part.
void expectRefused(const CommandResult& r, std::initializer_list<std::string> parts) {
    EXPECT_EQ(r.status, 2) << r.out;
    EXPECT_LT(r.seconds, 5.0) << r.out;
    for (const std::string& part : parts)
        EXPECT_TRUE(contains(r.out, part)) << "missing '" << part << "' in: " << r.out;
}

} // namespace

// --- 1: --steps ----------------------------------------------------------------------------

TEST_F(Hostile, StepsBeyondTheCapExitWith2InsteadOfAbortingOnAllocation) {
    const std::string s = scene("s.json", {ball("ball")});
    expectRefused(runCapped("--headless " + s + " --steps 10000000000000"),
                  {"--steps", "10000000", "got 10000000000000"});
    expectRefused(runCapped("--headless " + s + " --steps 9223372036854775807"),
                  {"--steps", "got 9223372036854775807"});
    expectRefused(runCapped("--sweep timestep=0.01:0.02:0.01 " + s + " --steps 10000000000000"),
                  {"--steps", "got 10000000000000"});
    EXPECT_TRUE(contains(runCapped("--help").out, "at most 10000000"));
}

// --- 2: nesting in every JSON the program reads -------------------------------------------

TEST_F(Hostile, ABugReportNested100000DeepIsRefusedWithoutOverflowingTheStack) {
    fs::create_directories(at("deep"));
    write("deep/report.json", std::string(100000, '[') + std::string(100000, ']'));
    expectRefused(runCapped("--verify " + at("deep")),
                  {"deep/report.json", "line 1, column 33", "nesting deeper than 32 levels"});
}

TEST_F(Hostile, ABugReportWithANumberBeyondDoubleRangeIsRefusedNotTerminated) {
    // nlohmann throws out_of_range (not parse_error) for 1e400; found by fuzz_bug_report.
    fs::create_directories(at("huge"));
    write("huge/report.json", R"({"format": "tumble-bug-report", "verifySteps": 1e400})");
    expectRefused(runCapped("--verify " + at("huge")),
                  {"huge/report.json", "number overflow parsing '1e400'"});
}

TEST_F(Hostile, ASetValueNestedTooDeepIsRefusedLikeAFile) {
    const std::string s = scene("s.json", {ball("ball")});
    expectRefused(runCapped("--headless " + s + " --set 'gravity=" + std::string(5000, '[') +
                            std::string(5000, ']') + "'"),
                  {"--set", "nesting deeper than 32 levels"});
}

// --- 3: a bound written as it prints -------------------------------------------------------

TEST_F(Hostile, ATimestepOfOneFifteenthAsPrintedOrInFullIsAccepted) {
    for (const char* dt : {"0.0666667", "0.06666666666666667"}) {
        const std::string s =
            scene("s.json", {ball("ball")},
                  {{"settings", nlohmann::json::parse(std::string("{\"timestep\": ") + dt + "}")}});
        const CommandResult r = runCapped("--headless " + s + " --steps 2 --quiet");
        EXPECT_EQ(r.status, 0) << dt << ": " << r.out;
        EXPECT_EQ(runCapped("--headless " + s + " --steps 2 --quiet --set timestep=" + dt).status,
                  0)
            << dt;
    }
}

TEST_F(Hostile, ARejectedTimestepAndItsBoundPrintApart) {
    const std::string s = scene("s.json", {ball("ball")});
    const CommandResult r = runCapped("--headless " + s + " --set timestep=0.0666668");
    expectRefused(r, {"timestep", "0.0666668"});
    // The bound and the value differ on the page.
    EXPECT_TRUE(contains(r.out, "0.0666667]")) << r.out;
}

// --- 4: a report that is not a file --------------------------------------------------------

TEST_F(Hostile, AReportThatIsADirectoryAFifoOrASymlinkLoopIsNotARegularFile) {
    fs::create_directories(at("dir/report.json"));
    fs::create_directories(at("fifo"));
    ASSERT_EQ(mkfifo(at("fifo/report.json").c_str(), 0600), 0);
    fs::create_directories(at("loop"));
    fs::create_symlink("report.json", at("loop/report.json"));
    expectRefused(runCapped("--verify " + at("dir")),
                  {"dir/report.json", "not a regular file (a directory)"});
    expectRefused(runCapped("--verify " + at("fifo")),
                  {"fifo/report.json", "not a regular file (a FIFO)"});
    expectRefused(runCapped("--verify " + at("loop")), {"loop/report.json", "not a regular file"});
    // The scene loader says the same.
    expectRefused(runCapped("--headless " + at("loop/report.json")),
                  {"loop/report.json", "not a regular file"});
}

// --- 5: values that load but freeze or explode the world -----------------------------------

TEST_F(Hostile, ValuesThatWouldTurnNonFiniteAtStepOneAreRefusedNamingTheirPath) {
    const nlohmann::json heavy = {{"name", "m"}, {"density", 1e-40}};
    expectRefused(runCapped("--headless " + scene("dens.json", {ball("ball")},
                                                  {{"materials", nlohmann::json::array({heavy})}})),
                  {"dens.json", "materials[0].density", "1e-40"});
    expectRefused(runCapped("--headless " + scene("dt.json", {ball("ball")},
                                                  {{"settings", {{"timestep", 1e-40}}}})),
                  {"dt.json", "settings.timestep", "1e-40"});
    const nlohmann::json spring = {
        {"type", "distance"}, {"bodyA", "a"}, {"bodyB", "b"}, {"spring", {{"frequencyHz", 1e30}}}};
    const nlohmann::json motor = {
        {"type", "hinge"},     {"bodyA", "a"},      {"bodyB", "b"},
        {"anchor", {0, 3, 0}}, {"axis", {0, 0, 1}}, {"motor", {{"speed", 1}, {"maxTorque", 1e30}}}};
    nlohmann::json b = ball("b");
    b["position"] = {1, 3, 0};
    const std::string springs =
        scene("spring.json", {ball("a"), b}, {{"joints", nlohmann::json::array({spring})}});
    expectRefused(runCapped("--headless " + springs),
                  {"spring.json", "joints[0].spring.frequencyHz", "1e+30"});
    const std::string motors =
        scene("motor.json", {ball("a"), b}, {{"joints", nlohmann::json::array({motor})}});
    expectRefused(runCapped("--headless " + motors),
                  {"motor.json", "joints[0].motor.maxTorque", "1e+30"});
}

TEST_F(Hostile, SizesAndDensitiesWhoseMassOverflowsOrUnderflowsAreRefused) {
    expectRefused(runCapped("--headless " + scene("big.json", {ball("big", 1e38)})),
                  {"big.json", "bodies[1].shape.radius", "1e+38"});
    nlohmann::json dense = ball("dense");
    dense["material"] = "m";
    expectRefused(runCapped("--headless " +
                            scene("d.json", {dense},
                                  {{"materials",
                                    nlohmann::json::array({{{"name", "m"}, {"density", 3e38}}})}})),
                  {"d.json", "materials[0].density", "3e+38"});
    const nlohmann::json tiny = {
        {"name", "tiny"}, {"shape", {{"type", "box"}, {"halfExtents", {1e-30, 1e-30, 1e-30}}}}};
    expectRefused(runCapped("--headless " + scene("tiny.json", {tiny})),
                  {"tiny.json", "bodies[1].shape.halfExtents", "1e-30"});
}

TEST_F(Hostile, AMassRatioOfABillionIsRefusedNamingBothBodies) {
    nlohmann::json anvil = ball("anvil"), feather = ball("feather");
    anvil["material"] = "lead";
    feather["material"] = "fluff";
    feather["position"] = {3, 3, 0};
    const nlohmann::json materials = nlohmann::json::array(
        {{{"name", "lead"}, {"density", 1e6}}, {{"name", "fluff"}, {"density", 1e-3}}});
    expectRefused(runCapped("--headless " +
                            scene("ratio.json", {anvil, feather}, {{"materials", materials}})),
                  {"ratio.json", "bodies[1]", "anvil", "feather", "bodies[2]", "1e+06 times"});
    // A ratio of 1000 (the catalogue's heaviest lesson) loads.
    const nlohmann::json mild = nlohmann::json::array(
        {{{"name", "lead"}, {"density", 1000}}, {{"name", "fluff"}, {"density", 1}}});
    EXPECT_EQ(runCapped("--headless " +
                        scene("mild.json", {anvil, feather}, {{"materials", mild}}) +
                        " --steps 2 --quiet")
                  .status,
              0);
}

TEST_F(Hostile, ASnapshotWithAZeroQuaternionIsRefusedNamingTheField) {
    const std::string s = scene("s.json", {ball("ball")});
    ASSERT_EQ(runCapped("--headless " + s + " --steps 3 --quiet --snapshot-out " + at("snap.json"))
                  .status,
              0);
    nlohmann::json snap = nlohmann::json::parse(std::ifstream(at("snap.json")));
    ASSERT_TRUE(snap["state"]["bodies"].is_array()) << snap["state"].dump();
    snap["state"]["bodies"][1]["orientation"] = {0, 0, 0, 0};
    write("zero.json", snap.dump());
    expectRefused(runCapped("--headless " + at("zero.json") + " --steps 1"),
                  {"zero.json", "state.bodies[1].orientation", "[0,0,0,0]", "unit quaternion"});
}

// --- 6: materials ---------------------------------------------------------------------------

TEST_F(Hostile, TwentyThousandMaterialsAreRefusedAtOnceAndTheCapLoadsQuickly) {
    nlohmann::json many = nlohmann::json::array();
    for (int i = 0; i < 20000; ++i)
        many.push_back({{"name", "m" + std::to_string(i)}});
    expectRefused(
        runCapped("--headless " + scene("many.json", {ball("ball")}, {{"materials", many}})),
        {"many.json", "materials", "has 20000 materials, more than the limit of 256"});
    // 256 materials and 1000 pair overrides among them step at once.
    nlohmann::json capped = nlohmann::json::array(), pairs = nlohmann::json::array();
    for (int i = 0; i < 256; ++i)
        capped.push_back({{"name", "m" + std::to_string(i)}});
    for (int i = 0; i < 1000; ++i)
        pairs.push_back({{"a", "m" + std::to_string(i % 256)},
                         {"b", "m" + std::to_string((i / 256 + i) % 256)},
                         {"restitution", 0.5}});
    // Keep the pairs distinct: (i % 256, (i / 256 + i) % 256) repeats none for i < 1000.
    const CommandResult r = runCapped(
        "--headless " +
        scene("cap.json", {ball("ball")}, {{"materials", capped}, {"materialPairs", pairs}}) +
        " --steps 10 --quiet");
    EXPECT_EQ(r.status, 0) << r.out.substr(0, 2000);
    EXPECT_LT(r.seconds, 5.0);
}

// --- 7: joints ------------------------------------------------------------------------------

TEST_F(Hostile, TenThousandJointsLoadInWellUnderASecond) {
    std::vector<nlohmann::json> bodies;
    nlohmann::json joints = nlohmann::json::array();
    for (int i = 0; i <= 10000; ++i) {
        nlohmann::json b = ball("b" + std::to_string(i), 0.1);
        b["position"] = {i * 0.3, 10, 0};
        bodies.push_back(b);
    }
    for (int i = 0; i < 10000; ++i)
        joints.push_back({{"type", "ballSocket"},
                          {"bodyA", "b" + std::to_string(i)},
                          {"bodyB", "b" + std::to_string(i + 1)},
                          {"anchor", {i * 0.3 + 0.15, 10, 0}}});
    const CommandResult r = runCapped(
        "--headless " + scene("chain.json", bodies, {{"joints", joints}}) + " --steps 0 --quiet");
    EXPECT_EQ(r.status, 0) << r.out.substr(0, 2000);
    EXPECT_LT(r.seconds, 5.0) << "a regression guard, not a benchmark";
}

// --- 8: floods of unknown keys --------------------------------------------------------------

TEST_F(Hostile, SixteenMebibytesOfUnknownKeysAreRefusedInAMoment) {
    // One object with a million short keys, then many objects of long ones.
    std::string flat = R"({"format": "tumble-scene", "version": 1, "bodies": [])";
    for (int i = 0; flat.size() < (16u << 20) - 64; ++i)
        flat += ",\"k" + std::to_string(i) + "\":1";
    flat += "}";
    expectRefused(runCapped("--headless " + write("flat.json", flat)),
                  {"flat.json", "has more than 256 keys"});

    std::string nested = R"({"format": "tumble-scene", "version": 1, "bodies": [)";
    const std::string longKey(1000, 'x');
    for (int body = 0; nested.size() < (16u << 20) - 300000; ++body) {
        nested += std::string(body ? "," : "") + "{";
        for (int k = 0; k < 250; ++k)
            nested += std::string(k ? "," : "") + "\"" + longKey + std::to_string(k) + "\":1";
        nested += "}";
    }
    nested += "]}";
    const CommandResult r = runCapped("--headless " + write("nested.json", nested));
    expectRefused(r, {"nested.json", "bodies[0]: unknown key 'xxx", "more errors"});
    EXPECT_LT(r.out.size(), 100000u) << "the flood is summarised";
}

// --- 9: events that keep what matters -------------------------------------------------------

TEST_F(Hostile,
       ARunThatEndsNonFiniteAfterAThousandSpeedWarningsReportsTheBodyAndStepThatStoppedIt) {
    // The victim flies at 1.7e37 m/s, "too fast" (over 1 m/s) every step, until its
    // position overflows float after some 1200 steps (the world bounds, which would freeze
    // it at once, are off).
    nlohmann::json victim = ball("victim");
    victim["linearVelocity"] = {1.7e37, 0, 0};
    const nlohmann::json extra = {{"settings", {{"watchdog", {{"maxSpeed", 1.0}}},
                                                {"worldBounds", {{"enabled", false}}}}}};
    const CommandResult r = runCapped("--headless " + scene("fly.json", {victim}, extra) +
                                      " --steps 3000 --report " + at("report.json"));
    ASSERT_EQ(r.status, 3) << r.out;
    const nlohmann::json report = nlohmann::json::parse(std::ifstream(at("report.json")));
    const nlohmann::json& events = report["events"];
    ASSERT_LE(events.size(), 10u) << events.dump();
    const nlohmann::json* fast = nullptr;
    const nlohmann::json* stopped = nullptr;
    for (const nlohmann::json& e : events) {
        if (e["nonFinite"] == true)
            stopped = &e;
        else if (contains(e["what"].get<std::string>(), "speed"))
            fast = &e;
    }
    ASSERT_NE(fast, nullptr) << events.dump();
    ASSERT_NE(stopped, nullptr) << "the non-finite event is kept: " << events.dump();
    EXPECT_EQ((*fast)["body"], "victim");
    EXPECT_GT((*fast)["count"].get<int>(), 900);
    EXPECT_GT((*fast)["lastStep"].get<int>(), (*fast)["step"].get<int>());
    EXPECT_EQ((*stopped)["body"], "victim");
    EXPECT_GT((*stopped)["step"].get<int>(), 1000);
    // The exit message names the step and body that stopped the run, not the first warning.
    EXPECT_TRUE(contains(r.out, "step " + std::to_string((*stopped)["step"].get<int>()) +
                                    ": body 'victim': non-finite"))
        << r.out;
}
