// The lesson keys of scene files: the catalogue topic and the "Break it" / "Fix it" actions.
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

} // namespace

std::span<const SceneTopic> sceneTopics() { return kTopics; }

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
    world.settings() = candidate;
    for (const auto& [name, flag] : action.bullets) world.setBullet(world.findBody(name), flag);
    // A lesson's change must be seen at once, also on a pile that has gone to sleep.
    world.wakeAll();
    return "";
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

void readLessonAction(const Json& v, const std::string& path, Checker& check, LessonAction& out) {
    size_t errorsBefore = check.count();
    LessonAction action;
    const Field fields[] = {
        {"settings", [&](const Json& j, const std::string& p) {
             // Validated like the scene's own settings section; kept as --set assignments so
             // that the button changes only the keys it names.
             Settings scratch;
             readSettings(j, p, check, scratch);
             if (j.is_object()) flatten(j, "", action.settings);
         }},
        {"bullet", [&](const Json& j, const std::string& p) {
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
    };
    readObject(v, path, check, fields);
    if (check.count() == errorsBefore) out = std::move(action);
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

} // namespace scene
} // namespace tumble
