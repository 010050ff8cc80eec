// Lessons as numbered steps (the scene file's `lesson` key): read, written back, refused with
// path-qualified errors; and every catalogue scene's lesson is in that form, each step's
// settings are real keys that change exactly what the step names, and a step that changes the
// solver changes the simulation.
#include "tumble/scene.h"

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>
#include <sstream>
#include <string>

using namespace tumble;

namespace {

/// A one-ball scene around a `lesson` value (JSON text).
std::string sceneWithLesson(const std::string& lesson) {
    return R"({"format": "tumble-scene", "version": 1, "name": "L", "lesson": )" + lesson +
           R"(, "bodies": [{"name": "ball", "shape": {"type": "sphere", "radius": 0.5}, "position": [0, 2, 0]}]})";
}

const char* const kGoodLesson = R"({
    "look": "Watch the ball land.",
    "steps": [
        {"do": "Turn warm starting off: the ball lands the same.", "settings": {"solver": {"warmStarting": false}},
         "panel": "Solver", "control": "Warm starting"},
        {"do": "Show the contacts and normals.", "debugDraw": {"contacts": true, "impulses": true}, "panel": "Debug draw"},
        {"do": "Make the ball a bullet and start again.", "bullet": {"ball": true}, "restart": true},
        {"do": "Just look."}
    ]})";

/// Every leaf of a settings object as "dotted.key" -> its JSON text.
void flatten(const nlohmann::json& j, const std::string& prefix, std::map<std::string, std::string>& out) {
    if (j.is_object()) {
        for (auto it = j.begin(); it != j.end(); ++it)
            flatten(it.value(), prefix.empty() ? it.key() : prefix + "." + it.key(), out);
        return;
    }
    out[prefix] = j.dump();
}

/// The dotted keys whose values differ between two settings.
std::set<std::string> changedKeys(const Settings& a, const Settings& b) {
    std::map<std::string, std::string> fa, fb;
    flatten(settingsToJson(a), "", fa);
    flatten(settingsToJson(b), "", fb);
    std::set<std::string> changed;
    for (const auto& [key, value] : fa)
        if (fb[key] != value) changed.insert(key);
    return changed;
}

/// The keys a step's assignments name ("solver.erp=0.8" -> "solver.erp").
std::set<std::string> namedKeys(const LessonAction& action) {
    std::set<std::string> keys;
    for (const std::string& s : action.settings) keys.insert(s.substr(0, s.find('=')));
    return keys;
}

size_t words(const std::string& text) {
    std::istringstream in(text);
    return static_cast<size_t>(std::distance(std::istream_iterator<std::string>(in), std::istream_iterator<std::string>()));
}

std::vector<std::filesystem::path> catalogue() {
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::directory_iterator(std::filesystem::path(TUMBLE_SOURCE_DIR) / "scenes"))
        if (entry.path().extension() == ".json") files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    return files;
}

} // namespace

// --- reading and writing ---------------------------------------------------------------------

TEST(LessonSteps, AreReadWithTheirSettingsOverlaysPanelControlAndRestart) {
    SceneLoadResult r = parseScene(sceneWithLesson(kGoodLesson), "scenes/x.json");
    ASSERT_TRUE(r.ok()) << r.errorText();
    const Lesson& lesson = r.scene.lesson;
    EXPECT_EQ(lesson.look, "Watch the ball land.");
    ASSERT_EQ(lesson.steps.size(), 4u);
    EXPECT_EQ(lesson.steps[0].change.settings, std::vector<std::string>{"solver.warmStarting=false"});
    EXPECT_EQ(lesson.steps[0].panel, "Solver");
    EXPECT_EQ(lesson.steps[0].control, "Warm starting");
    EXPECT_FALSE(lesson.steps[0].restart);
    const std::vector<std::pair<std::string, bool>> flags{{"contacts", true}, {"impulses", true}};
    EXPECT_EQ(lesson.steps[1].debugDraw, flags);
    EXPECT_EQ(lesson.steps[2].change.bullets, (std::vector<std::pair<std::string, bool>>{{"ball", true}}));
    EXPECT_TRUE(lesson.steps[2].restart);
    EXPECT_TRUE(lesson.steps[3].change.empty());
    EXPECT_TRUE(lesson.steps[3].panel.empty());
}

TEST(LessonSteps, ASnapshotWritesTheLessonBackAsItWasRead) {
    SceneLoadResult r = parseScene(sceneWithLesson(kGoodLesson), "scenes/x.json");
    ASSERT_TRUE(r.ok()) << r.errorText();
    World world = buildWorld(r.scene);
    SceneLoadResult back = parseScene(writeSnapshot(r.scene, world), "snapshot.json");
    ASSERT_TRUE(back.ok()) << back.errorText();
    const Lesson &a = r.scene.lesson, &b = back.scene.lesson;
    EXPECT_EQ(b.look, a.look);
    ASSERT_EQ(b.steps.size(), a.steps.size());
    for (size_t k = 0; k < a.steps.size(); ++k) {
        EXPECT_EQ(b.steps[k].text, a.steps[k].text) << k;
        EXPECT_EQ(b.steps[k].change.settings, a.steps[k].change.settings) << k;
        EXPECT_EQ(b.steps[k].change.bullets, a.steps[k].change.bullets) << k;
        EXPECT_EQ(b.steps[k].debugDraw, a.steps[k].debugDraw) << k;
        EXPECT_EQ(b.steps[k].panel, a.steps[k].panel) << k;
        EXPECT_EQ(b.steps[k].control, a.steps[k].control) << k;
        EXPECT_EQ(b.steps[k].restart, a.steps[k].restart) << k;
    }
}

TEST(LessonSteps, AFileWithoutALessonStillLoadsAndTheCatalogueShowsItsDescription) {
    SceneLoadResult r = parseScene(R"({"format": "tumble-scene", "version": 1, "description": "Old prose.", "bodies": []})",
                                   "old.json");
    ASSERT_TRUE(r.ok()) << r.errorText();
    EXPECT_TRUE(r.scene.lesson.empty());
    EXPECT_EQ(r.scene.description, "Old prose.");
    // And a snapshot of it writes no lesson key (it would be refused: no look).
    World world = buildWorld(r.scene);
    EXPECT_EQ(writeSnapshot(r.scene, world).find("\"lesson\""), std::string::npos);
}

/// A bad lesson and the whole formatted error it must give.
struct BadLesson {
    const char* name;       ///< the test's name
    const char* lesson;
    const char* expected;
};

class MalformedLesson : public ::testing::TestWithParam<BadLesson> {};

TEST_P(MalformedLesson, IsRefusedWithFileAndPath) {
    SceneLoadResult r = parseScene(sceneWithLesson(GetParam().lesson), "scenes/x.json");
    ASSERT_FALSE(r.ok());
    EXPECT_TRUE(r.scene.lesson.empty()) << "a refused file yields no lesson";
    ASSERT_EQ(r.errors.size(), 1u) << r.errorText();
    EXPECT_EQ(r.errors[0].format(), GetParam().expected);
}

const BadLesson kBadLessons[] = {
    {"UnknownPanelSuggestsTheClosest", R"({"look": "x", "steps": [{"do": "a"}, {"do": "b"}, {"do": "c", "panel": "Solvr"}]})",
     R"(scenes/x.json: lesson.steps[2].panel: unknown panel "Solvr" (did you mean "Solver"?))"},
    {"UnknownPanelListsThemAll", R"({"look": "x", "steps": [{"do": "a", "panel": "Physics"}]})",
     R"(scenes/x.json: lesson.steps[0].panel: unknown panel "Physics"; one of Solver, Materials, Collision, Inspector, Debug draw, System, Step debugger, Plots, Forks, Contact events, Spawn, Time, Scene, Stats, Settings, Timeline, Help)"},
    {"UnknownSettingSuggestsTheClosest", R"({"look": "x", "steps": [{"do": "a", "settings": {"solver": {"warmStartin": false}}}]})",
     R"(scenes/x.json: lesson.steps[0].settings.solver: unknown key 'warmStartin' (did you mean 'warmStarting'?))"},
    {"SettingOutOfRange", R"({"look": "x", "steps": [{"do": "a", "settings": {"solver": {"velocityIterations": -3}}}]})",
     R"(scenes/x.json: lesson.steps[0].settings.solver.velocityIterations: must be an integer in [0, 200], got -3)"},
    {"UnknownOverlaySuggestsTheClosest", R"({"look": "x", "steps": [{"do": "a", "debugDraw": {"contact": true}}]})",
     R"(scenes/x.json: lesson.steps[0].debugDraw.contact: unknown debug-draw flag "contact" (did you mean "contacts"?))"},
    {"OverlayNotABool", R"({"look": "x", "steps": [{"do": "a", "debugDraw": {"normals": 1}}]})",
     R"(scenes/x.json: lesson.steps[0].debugDraw.normals: must be true or false, got 1)"},
    {"BulletFlagOfNoBody", R"({"look": "x", "steps": [{"do": "a", "bullet": {"ghost": true}}]})",
     R"(scenes/x.json: lesson.steps[0].bullet.ghost: no body named 'ghost')"},
    {"StepWithoutDo", R"({"look": "x", "steps": [{"settings": {}}]})",
     R"(scenes/x.json: lesson.steps[0]: missing required key 'do')"},
    {"BlankDo", R"({"look": "x", "steps": [{"do": "  "}]})", R"(scenes/x.json: lesson.steps[0].do: must not be empty)"},
    {"ControlWithoutPanel", R"({"look": "x", "steps": [{"do": "a", "control": "Warm starting"}]})",
     R"(scenes/x.json: lesson.steps[0].control: needs a 'panel' that holds the control "Warm starting")"},
    {"RestartNotABool", R"({"look": "x", "steps": [{"do": "a", "restart": "yes"}]})",
     R"(scenes/x.json: lesson.steps[0].restart: must be true or false, got "yes")"},
    {"UnknownStepKey", R"({"look": "x", "steps": [{"do": "a", "pannel": "Solver"}]})",
     R"(scenes/x.json: lesson.steps[0]: unknown key 'pannel' (did you mean 'panel'?))"},
    {"StepsNotAnArray", R"({"look": "x", "steps": {"do": "a"}})",
     R"(scenes/x.json: lesson.steps: must be an array of steps such as [{"do": "Turn warm starting off: the stack sags.", "settings": {"solver": {"warmStarting": false}}}], got {"do":"a"})"},
    {"LessonWithoutLook", R"({"steps": []})", R"(scenes/x.json: lesson: missing required key 'look')"},
    {"LessonNotAnObject", R"("Watch the ball.")", R"(scenes/x.json: lesson: must be an object, got "Watch the ball.")"},
};

INSTANTIATE_TEST_SUITE_P(Table, MalformedLesson, ::testing::ValuesIn(kBadLessons),
                         [](const ::testing::TestParamInfo<BadLesson>& param) { return std::string(param.param.name); });

// --- the catalogue ---------------------------------------------------------------------------

TEST(CatalogueLessons, EverySceneHasALookParagraphAndTwoToFiveShortSteps) {
    int scenes = 0;
    for (const auto& file : catalogue()) {
        SceneLoadResult r = loadSceneFile(file.string());
        ASSERT_TRUE(r.ok()) << r.errorText();
        const Lesson& lesson = r.scene.lesson;
        ++scenes;
        EXPECT_FALSE(lesson.look.empty()) << file;
        EXPECT_LE(words(lesson.look), 70u) << file << ": the look paragraph is 1-3 sentences";
        EXPECT_GE(lesson.steps.size(), 2u) << file;
        EXPECT_LE(lesson.steps.size(), 5u) << file;
        for (size_t k = 0; k < lesson.steps.size(); ++k)
            EXPECT_LE(words(lesson.steps[k].text), 45u) << file << " step " << k + 1 << ": one short sentence or two";
        EXPECT_LE(words(r.scene.description), 40u) << file << ": the description is a one-sentence summary";
    }
    EXPECT_EQ(scenes, 49);
}

TEST(CatalogueLessons, EachStepChangesExactlyTheSettingsItNames) {
    int steps = 0, withSettings = 0;
    for (const auto& file : catalogue()) {
        SceneLoadResult r = loadSceneFile(file.string());
        ASSERT_TRUE(r.ok()) << r.errorText();
        for (size_t k = 0; k < r.scene.lesson.steps.size(); ++k) {
            const LessonStep& step = r.scene.lesson.steps[k];
            World world = buildWorld(r.scene);
            const Settings before = world.settings();
            ASSERT_EQ(applyLessonAction(step.change, world), "") << file << " step " << k + 1;
            EXPECT_EQ(changedKeys(before, world.settings()), namedKeys(step.change))
                << file << " step " << k + 1 << ": a step must change what it names, and only that";
            for (const auto& [name, flag] : step.change.bullets)
                EXPECT_EQ(world.body(world.findBody(name)).bullet, flag) << file << " step " << k + 1;
            ++steps;
            withSettings += step.change.settings.empty() ? 0 : 1;
        }
    }
    EXPECT_GE(steps, 98) << "49 scenes, at least two steps each";
    EXPECT_GT(withSettings, 44);
}

TEST(CatalogueLessons, AStepThatChangesTheSolverChangesTheSimulationWithin240Steps) {
    // Four seconds: the restitution row's threshold step shows on the BouncyBall's third
    // landing, at about 3 s.
    constexpr int kSteps = 240;
    int checked = 0;
    for (const auto& file : catalogue()) {
        SceneLoadResult r = loadSceneFile(file.string());
        ASSERT_TRUE(r.ok()) << r.errorText();
        World file0 = buildWorld(r.scene);
        for (int i = 0; i < kSteps; ++i) file0.step();
        for (size_t k = 0; k < r.scene.lesson.steps.size(); ++k) {
            const LessonStep& step = r.scene.lesson.steps[k];
            const bool solver = std::any_of(step.change.settings.begin(), step.change.settings.end(),
                                            [](const std::string& s) { return s.rfind("solver.", 0) == 0; });
            if (!solver) continue;
            World changed = buildWorld(r.scene);
            ASSERT_EQ(applyLessonAction(step.change, changed), "");
            for (int i = 0; i < kSteps; ++i) changed.step();
            EXPECT_NE(changed.stateHash(), file0.stateHash()) << file << " step " << k + 1 << " changes nothing in 4 s";
            ++checked;
        }
    }
    EXPECT_GE(checked, 30);
}

TEST(CatalogueLessons, StepOverlaysSwitchOnlyTheFlagsTheyName) {
    for (const auto& file : catalogue()) {
        SceneLoadResult r = loadSceneFile(file.string());
        ASSERT_TRUE(r.ok()) << r.errorText();
        for (const LessonStep& step : r.scene.lesson.steps) {
            DebugDrawOptions options = r.scene.debugDraw;
            applyLessonDebugDraw(step, options);
            for (const DebugDrawFlag& flag : debugDrawFlags()) {
                auto named = std::find_if(step.debugDraw.begin(), step.debugDraw.end(),
                                          [&](const auto& f) { return f.first == flag.name; });
                const bool expected = named != step.debugDraw.end() ? named->second : r.scene.debugDraw.*flag.member;
                EXPECT_EQ(options.*flag.member, expected) << file << ": " << flag.name;
            }
        }
    }
}
