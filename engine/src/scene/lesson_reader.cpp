// The lesson keys of scene files: the catalogue topic, the lesson's numbered steps and the
// "Break it" / "Fix it" actions.
#include "scene/lesson_reader.h"

#include "scene/settings_json.h"

#include <algorithm>
#include <array>

namespace tumble {

namespace {

constexpr std::array<SceneTopic, 9> kTopics{{
    {"integration", "Time stepping and integration"},
    {"collision", "Collision detection"},
    {"contacts", "Contact solving"},
    {"methods", "Solver methods"},
    {"friction", "Friction and restitution"},
    {"joints", "Joints"},
    {"stress", "Stress and performance"},
    {"bugs", "Bug gallery"},
    {"other", "Other"},
}};

/// The app's panels by the names it shows them under (window titles and dock tabs): a step
/// may open any of them. The app's test checks it knows every one.
constexpr std::array<std::string_view, 17> kLessonPanels{
    "Solver", "Materials", "Collision", "Inspector", "Debug draw", "System", "Step debugger",
    "Plots", "Forks", "Contact events", "Spawn", "Time", "Scene", "Stats", "Settings", "Timeline", "Help",
};

} // namespace

std::span<const SceneTopic> sceneTopics() { return kTopics; }

std::span<const std::string_view> lessonPanels() { return kLessonPanels; }

std::string_view sceneTopicTitle(std::string_view id) {
    for (const SceneTopic& t : kTopics)
        if (t.id == id) return t.title;
    return id;
}

std::string applyLessonAction(const LessonAction& action, World& world) {
    Settings candidate = world.settings();
    for (const std::string& assignment : action.settings) {
        std::string error = applySettingOverride(candidate, assignment);
        if (!error.empty()) return error;
    }
    for (const auto& [name, flag] : action.bullets)
        if (world.findBody(name).isNull()) return "no body named '" + name + "'";
    const bool threadsOnly = action.bullets.empty() && sameSimulation(candidate, world.settings()) &&
                             candidate.threads != world.settings().threads;
    world.settings() = candidate;
    for (const auto& [name, flag] : action.bullets) world.setBullet(world.findBody(name), flag);
    // A lesson's change must be seen at once, also on a pile that has gone to sleep; the
    // thread count changes nothing to see (the same bits at any count), so it wakes nothing.
    if (!threadsOnly) world.wakeAll();
    return "";
}

void applyLessonDebugDraw(const LessonStep& step, DebugDrawOptions& options) {
    for (const auto& [name, on] : step.debugDraw)
        for (const DebugDrawFlag& flag : debugDrawFlags())
            if (name == flag.name) options.*flag.member = on;
}

namespace scene {

void readTopic(const Json& v, const std::string& path, Checker& check, std::string& out) {
    std::vector<std::string_view> ids;
    for (const SceneTopic& t : sceneTopics()) ids.push_back(t.id);
    if (std::optional<size_t> k = readChoice(v, path, check, ids)) out = std::string(ids[*k]);
}

namespace {

/// {"solver": {"erp": 0.8}} -> "solver.erp=0.8", leaves in file order.
void flatten(const Json& v, const std::string& prefix, std::vector<std::string>& out) {
    if (v.is_object()) {
        for (auto it = v.begin(); it != v.end(); ++it)
            flatten(it.value(), prefix.empty() ? it.key() : prefix + "." + it.key(), out);
        return;
    }
    out.push_back(prefix + "=" + v.dump());
}

} // namespace

namespace {

/// The `settings` and `bullet` keys, shared by breakIt / fixIt and the lesson's steps.
std::array<Field, 2> actionFields(Checker& check, LessonAction& action) {
    return {{
        {"settings", [&check, &action](const Json& j, const std::string& p) {
             // Validated like the scene's own settings section; kept as --set assignments so
             // that the button changes only the keys it names.
             Settings scratch;
             readSettings(j, p, check, scratch);
             if (j.is_object()) flatten(j, "", action.settings);
         }},
        {"bullet", [&check, &action](const Json& j, const std::string& p) {
             if (!j.is_object()) {
                 check.error(p, "must be an object of body names and flags such as "
                                "{\"ball\": true}, got " + describe(j));
                 return;
             }
             for (auto it = j.begin(); it != j.end(); ++it) {
                 bool flag = false;
                 if (readBool(it.value(), childPath(p, it.key()), check, flag))
                     action.bullets.emplace_back(it.key(), flag);
             }
         }},
    }};
}

/// A string that must say something (a lesson shows it).
void readText(const Json& v, const std::string& path, Checker& check, std::string& out) {
    std::string text;
    if (!readString(v, path, check, text)) return;
    if (text.find_first_not_of(" \t\n") == std::string::npos) {
        check.error(path, "must not be empty");
        return;
    }
    out = std::move(text);
}

/// One of `names`, with the closest one suggested when it is a likely typo.
void readName(const Json& v, const std::string& path, Checker& check, std::string_view what,
              std::span<const std::string_view> names, std::string& out) {
    std::string name;
    if (!readString(v, path, check, name)) return;
    if (std::find(names.begin(), names.end(), name) != names.end()) {
        out = std::move(name);
        return;
    }
    std::string message = "unknown " + std::string(what) + " \"" + name + "\"";
    if (std::optional<std::string_view> near = closestKey(name, names))
        message += " (did you mean \"" + std::string(*near) + "\"?)";
    else {
        std::string all;
        for (std::string_view n : names) all += (all.empty() ? "" : ", ") + std::string(n);
        message += "; one of " + all;
    }
    check.error(path, message);
}

/// `{"contacts": true, "normals": false}`: debug-draw flags by name, in file order.
void readDebugFlags(const Json& v, const std::string& path, Checker& check,
                    std::vector<std::pair<std::string, bool>>& out) {
    if (!v.is_object()) {
        check.error(path, "must be an object of debug-draw flags such as {\"contacts\": true}, got " +
                              describe(v));
        return;
    }
    std::vector<std::string_view> names;
    for (const DebugDrawFlag& flag : debugDrawFlags()) names.push_back(flag.name);
    for (auto it = v.begin(); it != v.end(); ++it) {
        const std::string at = childPath(path, it.key());
        std::string name;
        readName(Json(it.key()), at, check, "debug-draw flag", names, name);
        bool on = false;
        if (!name.empty() && readBool(it.value(), at, check, on)) out.emplace_back(name, on);
    }
}

LessonStep readStep(const Json& v, const std::string& path, Checker& check) {
    LessonStep step;
    std::array<Field, 2> action = actionFields(check, step.change);
    const Field fields[] = {
        {"do", [&](const Json& j, const std::string& p) { readText(j, p, check, step.text); }},
        action[0],
        action[1],
        {"debugDraw", [&](const Json& j, const std::string& p) { readDebugFlags(j, p, check, step.debugDraw); }},
        {"panel", [&](const Json& j, const std::string& p) {
             readName(j, p, check, "panel", lessonPanels(), step.panel);
         }},
        {"control", [&](const Json& j, const std::string& p) { readText(j, p, check, step.control); }},
        {"restart", [&](const Json& j, const std::string& p) { readBool(j, p, check, step.restart); }},
    };
    if (readObject(v, path, check, fields)) {
        requireKeys(v, path, check, {"do"});
        if (!step.control.empty() && !v.contains("panel"))
            check.error(childPath(path, "control"), "needs a 'panel' that holds the control \"" +
                                                        step.control + "\"");
    }
    return step;
}

} // namespace

void readLessonAction(const Json& v, const std::string& path, Checker& check, LessonAction& out) {
    size_t errorsBefore = check.count();
    LessonAction action;
    std::array<Field, 2> fields = actionFields(check, action);
    readObject(v, path, check, fields);
    if (check.count() == errorsBefore) out = std::move(action);
}

void readLesson(const Json& v, const std::string& path, Checker& check, Lesson& out) {
    size_t errorsBefore = check.count();
    Lesson lesson;
    const Field fields[] = {
        {"look", [&](const Json& j, const std::string& p) { readText(j, p, check, lesson.look); }},
        {"steps", [&](const Json& j, const std::string& p) {
             if (!j.is_array()) {
                 check.error(p, "must be an array of steps such as [{\"do\": \"Turn warm starting "
                                "off: the stack sags.\", \"settings\": {\"solver\": "
                                "{\"warmStarting\": false}}}], got " + describe(j));
                 return;
             }
             for (size_t k = 0; k < j.size(); ++k) lesson.steps.push_back(readStep(j[k], indexPath(p, k), check));
         }},
    };
    if (readObject(v, path, check, fields)) requireKeys(v, path, check, {"look"});
    if (check.count() == errorsBefore) out = std::move(lesson);
}

void checkLessonStepBodies(const Lesson& lesson, const std::vector<BodyDef>& bodies, Checker& check) {
    for (size_t k = 0; k < lesson.steps.size(); ++k)
        checkLessonBodies(lesson.steps[k].change, indexPath("lesson.steps", k), bodies, check);
}

void checkLessonBodies(const LessonAction& action, const std::string& path,
                       const std::vector<BodyDef>& bodies, Checker& check) {
    for (const auto& bullet : action.bullets) {
        // A plain reference rather than a structured binding: clang 14 (the fuzz build) cannot
        // capture a binding in a lambda.
        const std::string& name = bullet.first;
        bool found = std::any_of(bodies.begin(), bodies.end(),
                                 [&](const BodyDef& b) { return b.name == name; });
        if (!found) check.error(childPath(childPath(path, "bullet"), name), "no body named '" + name + "'");
    }
}

Json lessonActionJson(const LessonAction& action) {
    Json j = Json::object();
    if (!action.settings.empty()) {
        Json settings = Json::object();
        for (const std::string& assignment : action.settings) {
            size_t equals = assignment.find('=');
            Json* node = &settings;
            std::string key = assignment.substr(0, equals);
            for (size_t start = 0;;) {
                size_t dot = key.find('.', start);
                node = &(*node)[key.substr(start, dot - start)];
                if (dot == std::string::npos) break;
                start = dot + 1;
            }
            *node = Json::parse(assignment.substr(equals + 1));
        }
        j["settings"] = std::move(settings);
    }
    if (!action.bullets.empty()) {
        Json bullets = Json::object();
        for (const auto& [name, flag] : action.bullets) bullets[name] = flag;
        j["bullet"] = std::move(bullets);
    }
    return j;
}

Json lessonJson(const Lesson& lesson) {
    Json j = Json::object();
    j["look"] = lesson.look;
    Json steps = Json::array();
    for (const LessonStep& step : lesson.steps) {
        Json s = Json::object();
        s["do"] = step.text;
        const Json action = lessonActionJson(step.change);
        for (auto it = action.begin(); it != action.end(); ++it) s[it.key()] = it.value();
        if (!step.debugDraw.empty()) {
            Json flags = Json::object();
            for (const auto& [name, on] : step.debugDraw) flags[name] = on;
            s["debugDraw"] = std::move(flags);
        }
        if (!step.panel.empty()) s["panel"] = step.panel;
        if (!step.control.empty()) s["control"] = step.control;
        if (step.restart) s["restart"] = true;
        steps.push_back(std::move(s));
    }
    j["steps"] = std::move(steps);
    return j;
}

} // namespace scene
} // namespace tumble
