// Reading scene files (shared/SCENE_FORMAT.md, version 1): the top level and its small
// sections. Strict (unknown keys are errors) and atomic (a scene is returned only when the
// whole file is valid); every error names the file, the JSON path and the value.
#include "tumble/input_checks.h"
#include "tumble/scene.h"

#include "dynamics/material_table.h"
#include "scene/document.h"
#include "scene/generators.h"
#include "scene/joint_reader.h"
#include "scene/lesson_reader.h"
#include "scene/mass_check.h"
#include "scene/settings_json.h"
#include "scene/state_reader.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>

namespace tumble {
namespace scene {
namespace {

constexpr const char* kFormatName = "tumble-scene";
constexpr int kFormatVersion = 1;

/// A material pair as written, before missing values are filled from the combine rules.
struct PairDraft {
    MaterialPair pair;
    bool hasRestitution = false, hasStaticFriction = false, hasDynamicFriction = false;
    bool hasRollingResistance = false, hasTorsionalFriction = false;
};

/// One pass over a scene document, section by section in file order.
class SceneReader {
public:
    SceneReader(Checker& check, const SceneLimits& limits, SceneDef& scene)
        : check_(check), limits_(limits), scene_(scene),
          bodies_{check, materialNames_, limits} {}

    void read(const Json& root) {
        if (!root.is_object()) {
            check_.error("", "a scene file must hold a JSON object, got " + describe(root));
            return;
        }
        collectMaterialNames(root);
        auto section = [this](std::string_view key, void (SceneReader::*reader)(const Json&,
                                                                                const std::string&)) {
            return Field{key, [this, reader](const Json& v, const std::string& p) {
                             (this->*reader)(v, p);
                         }};
        };
        const Field fields[] = {
            section("format", &SceneReader::readFormat),
            section("version", &SceneReader::readVersion),
            {"name", [this](const Json& v, const std::string& p) {
                 readString(v, p, check_, scene_.name);
             }},
            {"description", [this](const Json& v, const std::string& p) {
                 readString(v, p, check_, scene_.description);
             }},
            {"topic", [this](const Json& v, const std::string& p) {
                 readTopic(v, p, check_, scene_.topic);
             }},
            {"lesson", [this](const Json& v, const std::string& p) {
                 readLesson(v, p, check_, scene_.lesson);
             }},
            {"breakIt", [this](const Json& v, const std::string& p) {
                 readLessonAction(v, p, check_, scene_.breakIt);
             }},
            {"fixIt", [this](const Json& v, const std::string& p) {
                 readLessonAction(v, p, check_, scene_.fixIt);
             }},
            {"settings", [this](const Json& v, const std::string& p) {
                 readSettings(v, p, check_, scene_.settings, limits_.maxIterations);
             }},
            section("materials", &SceneReader::readMaterials),
            section("materialPairs", &SceneReader::readMaterialPairs),
            section("bodies", &SceneReader::readBodies),
            section("generators", &SceneReader::readGenerators),
            section("joints", &SceneReader::readJoints),
            section("forceFields", &SceneReader::readForceFields),
            section("camera", &SceneReader::readCamera),
            {"debugDraw", [this](const Json& v, const std::string& p) {
                 readDebugDraw(v, p, check_, scene_.debugDraw);
             }},
            {"state", [this](const Json& v, const std::string& p) {
                 scene_.hasState = readState(v, p, check_, scene_.state);
             }},
            section("forks", &SceneReader::readForks),
        };
        readObject(root, "", check_, fields);
        if (!root.contains("format"))
            check_.error("", "missing required key 'format' (must be \"tumble-scene\")");
        if (!root.contains("version"))
            check_.error("", "missing required key 'version' (must be 1)");
        if (!root.contains("bodies"))
            check_.error("", "missing required key 'bodies' (an array of bodies, may be empty)");
        finishPairs();
        expandGenerators();
        checkBodyNames();
        checkMasses(scene_, bodyPaths_, check_);
        if (joints_.size() > static_cast<size_t>(limits_.maxJoints))
            check_.error("joints", "the scene would have " + std::to_string(joints_.size()) +
                                       " joints with its generators', more than the limit of " +
                                       std::to_string(limits_.maxJoints));
        checkLessonBodies(scene_.breakIt, "breakIt", scene_.bodies, check_);
        checkLessonBodies(scene_.fixIt, "fixIt", scene_.bodies, check_);
        checkLessonStepBodies(scene_.lesson, scene_.bodies, check_);
        resolveJoints(joints_, scene_.bodies, missingBodies_, check_, scene_.joints);
        // A snapshot's state is checked against the bodies and joints it belongs to.
        if (scene_.hasState)
            checkStateAgainstScene(scene_.state, "state", scene_.bodies, scene_.joints.size(),
                                   check_);
        checkForks();
    }

private:
    // --- forks ----------------------------------------------------------------------------

    void readForks(const Json& v, const std::string& path) {
        if (!v.is_array()) {
            check_.error(path, "must be an array of forks such as [{\"set\": [\"solver.warmStarting=false\"]}], got " +
                                   describe(v));
            return;
        }
        for (size_t i = 0; i < v.size(); ++i) {
            const std::string at = path + "[" + std::to_string(i) + "]";
            ForkDef fork;
            const Field fields[] = {
                {"name", [&](const Json& j, const std::string& p) { readString(j, p, check_, fork.name); }},
                {"engine", [&](const Json& j, const std::string& p) {
                     if (!j.is_string() || (j.get<std::string>() != "tumble" && j.get<std::string>() != "bullet")) {
                         check_.error(p, "must be \"tumble\" or \"bullet\", got " + describe(j));
                         return;
                     }
                     fork.engine = j.get<std::string>();
                 }},
                {"set", [&](const Json& j, const std::string& p) {
                     if (!j.is_array()) {
                         check_.error(p, "must be an array of \"key=value\" strings, got " + describe(j));
                         return;
                     }
                     for (size_t k = 0; k < j.size(); ++k) {
                         std::string change;
                         if (readString(j[k], p + "[" + std::to_string(k) + "]", check_, change))
                             fork.changes.push_back(change);
                     }
                 }},
                {"state", [&](const Json& j, const std::string& p) { fork.hasState = readState(j, p, check_, fork.state); }},
            };
            readObject(v[i], at, check_, fields);
            forks_.push_back(at);
            scene_.forks.push_back(std::move(fork));
        }
    }

    /// Once the scene's own settings and bodies are known: every change applies to them, every
    /// state fits them, and there are at most four Tumble forks (Forks::kMaxForks) and one
    /// Bullet fork (the app has one), as a snapshot of the Forks tab holds.
    void checkForks() {
        const auto bullet = std::count_if(scene_.forks.begin(), scene_.forks.end(),
                                          [](const ForkDef& f) { return f.engine == "bullet"; });
        const size_t tumble = scene_.forks.size() - static_cast<size_t>(bullet);
        if (tumble > 4) check_.error("forks", "at most 4 Tumble forks, got " + std::to_string(tumble));
        if (bullet > 1) check_.error("forks", "at most 1 Bullet fork, got " + std::to_string(bullet));
        for (size_t i = 0; i < scene_.forks.size(); ++i) {
            const ForkDef& f = scene_.forks[i];
            if (f.engine == "bullet" && (!f.changes.empty() || f.hasState))
                check_.error(forks_[i], "a Bullet fork runs the scene's own settings from its start: it takes no 'set' or 'state'");
            Settings candidate = scene_.settings;
            for (size_t k = 0; k < f.changes.size(); ++k) {
                const std::string why = applySettingOverride(candidate, f.changes[k]);
                if (!why.empty()) check_.error(forks_[i] + ".set[" + std::to_string(k) + "]", why);
            }
            if (f.hasState)
                checkStateAgainstScene(f.state, forks_[i] + ".state", scene_.bodies, scene_.joints.size(), check_);
        }
    }

    // --- header ---------------------------------------------------------------------------

    void readFormat(const Json& v, const std::string& path) {
        if (!v.is_string() || v.get<std::string>() != kFormatName)
            check_.error(path, "must be \"tumble-scene\", got " + describe(v));
    }

    void readVersion(const Json& v, const std::string& path) {
        if (!v.is_number_integer()) {
            check_.error(path, "must be the integer 1, got " + describe(v));
        } else if (v.get<int64_t>() != kFormatVersion) {
            check_.error(path, "unsupported version " + describe(v) +
                                   ": this build reads version 1");
        }
    }

    /// Bodies may name a material defined anywhere in the file, before or after them.
    void collectMaterialNames(const Json& root) {
        for (const Material& m : materialPresets()) materialNames_.push_back(m.name);
        auto it = root.find("materials");
        if (it == root.end() || !it->is_array()) return;
        for (const Json& m : *it) {
            if (!m.is_object()) continue;
            auto name = m.find("name");
            if (name != m.end() && name->is_string()) materialNames_.push_back(name->get<std::string>());
        }
    }

    /// `v` must be an array; `each` reads its elements.
    template <class Each> void readArray(const Json& v, const std::string& path, Each each) {
        if (!v.is_array()) {
            check_.error(path, "must be an array, got " + describe(v));
            return;
        }
        for (size_t i = 0; i < v.size(); ++i) each(v[i], indexPath(path, i));
    }

    // --- materials ------------------------------------------------------------------------

    void readMaterials(const Json& v, const std::string& path) {
        // The world's pair table has a cell for every two materials: cap them first.
        if (v.is_array() && v.size() > static_cast<size_t>(limits_.maxMaterials)) {
            check_.error(path, "has " + std::to_string(v.size()) +
                                   " materials, more than the limit of " +
                                   std::to_string(limits_.maxMaterials));
            return;
        }
        readArray(v, path, [this](const Json& m, const std::string& p) { readMaterial(m, p); });
    }

    void readMaterial(const Json& v, const std::string& path) {
        if (!v.is_object()) {
            check_.error(path, "must be an object such as {\"name\": \"ice\", ...}, got " +
                                   describe(v));
            return;
        }
        size_t errorsBefore = check_.count();
        auto nameIt = v.find("name");
        std::string name;
        if (nameIt == v.end()) {
            check_.error(path, "missing required key 'name'");
        } else if (readString(*nameIt, childPath(path, "name"), check_, name) && name.empty()) {
            check_.error(childPath(path, "name"), "must not be empty");
        }
        // A scene material named like a preset starts from the preset's values.
        Material m;
        for (const Material& preset : materialPresets())
            if (preset.name == name) m = preset;
        m.name = name;
        const Field fields[] = {
            {"name", [](const Json&, const std::string&) {}},
            {"density", [&](const Json& d, const std::string& p) { readDensity(d, p, m.density); }},
            floatField("restitution", m.restitution, Range::closed(0.0, 1.0)),
            floatField("staticFriction", m.staticFriction, Range::atLeast(0.0)),
            floatField("dynamicFriction", m.dynamicFriction, Range::atLeast(0.0)),
            floatField("rollingResistance", m.rollingResistance, Range::closed(0.0, 1.0)),
            floatField("torsionalFriction", m.torsionalFriction, Range::closed(0.0, 1.0)),
            {"color", [&](const Json& c, const std::string& p) {
                 readVec3(c, p, check_, m.color, Range::closed(0.0, 1.0));
             }},
        };
        readObject(v, path, check_, fields);
        if (!name.empty()) {
            auto [first, inserted] = materialPaths_.emplace(name, path);
            if (!inserted)
                check_.error(childPath(path, "name"), "duplicate material name '" + name +
                                                          "' (first defined at " + first->second + ")");
        }
        if (check_.count() == errorsBefore) scene_.materials.push_back(m);
    }

    /// 0 (massless) or in kDensityRange: a denormal density makes a denormal mass.
    void readDensity(const Json& v, const std::string& path, float& out) {
        float density = 0.0f;
        if (!readFloat(v, path, check_, density, Range::closed(0.0, kDensityRange.hi))) return;
        if (density != 0.0f && !kDensityRange.contains(density)) {
            check_.error(path, "must be 0 (massless) or " + kDensityRange.text() + ", got " +
                                   describe(v));
            return;
        }
        out = density;
    }

    void readMaterialPairs(const Json& v, const std::string& path) {
        readArray(v, path, [this](const Json& m, const std::string& p) { readPair(m, p); });
    }

    void readPair(const Json& v, const std::string& path) {
        size_t errorsBefore = check_.count();
        PairDraft d;
        auto materialName = [this](std::string* target) {
            return [this, target](const Json& j, const std::string& p) {
                if (!readString(j, p, check_, *target)) return;
                if (std::find(materialNames_.begin(), materialNames_.end(), *target) ==
                    materialNames_.end())
                    check_.error(p, "unknown material '" + *target + "'");
            };
        };
        // Remember which values were given; the others come from the combine rules.
        auto flagged = [](Field f, bool* given) {
            f.read = [read = f.read, given](const Json& j, const std::string& p) {
                *given = true;
                read(j, p);
            };
            return f;
        };
        const Field fields[] = {
            {"a", materialName(&d.pair.a)},
            {"b", materialName(&d.pair.b)},
            flagged(floatField("restitution", d.pair.restitution, Range::closed(0.0, 1.0)),
                    &d.hasRestitution),
            flagged(floatField("staticFriction", d.pair.staticFriction, Range::atLeast(0.0)),
                    &d.hasStaticFriction),
            flagged(floatField("dynamicFriction", d.pair.dynamicFriction, Range::atLeast(0.0)),
                    &d.hasDynamicFriction),
            flagged(floatField("rollingResistance", d.pair.rollingResistance, Range::closed(0.0, 1.0)),
                    &d.hasRollingResistance),
            flagged(floatField("torsionalFriction", d.pair.torsionalFriction, Range::closed(0.0, 1.0)),
                    &d.hasTorsionalFriction),
        };
        if (!readObject(v, path, check_, fields)) return;
        requireKeys(v, path, check_, {"a", "b"});
        if (check_.count() != errorsBefore) return;
        std::string key = std::min(d.pair.a, d.pair.b) + "\n" + std::max(d.pair.a, d.pair.b);
        auto [first, inserted] = pairPaths_.emplace(key, path);
        if (!inserted) {
            check_.error(path, "duplicate material pair '" + d.pair.a + "' / '" + d.pair.b +
                                   "' (first defined at " + first->second + ")");
            return;
        }
        pairs_.push_back(d);
    }

    /// Values a pair leaves out are what the combine rules give for its two materials.
    void finishPairs() {
        auto find = [this](const std::string& name) {
            for (const Material& m : scene_.materials)
                if (m.name == name) return m;
            for (const Material& m : materialPresets())
                if (m.name == name) return m;
            return Material{};
        };
        const Settings& s = scene_.settings;
        for (PairDraft& d : pairs_) {
            Material a = find(d.pair.a), b = find(d.pair.b);
            if (!d.hasRestitution)
                d.pair.restitution = combine(s.restitutionCombine, a.restitution, b.restitution);
            if (!d.hasStaticFriction)
                d.pair.staticFriction = combine(s.frictionCombine, a.staticFriction, b.staticFriction);
            if (!d.hasDynamicFriction)
                d.pair.dynamicFriction =
                    combine(s.frictionCombine, a.dynamicFriction, b.dynamicFriction);
            if (!d.hasRollingResistance)
                d.pair.rollingResistance = combine(s.rollingCombine, a.rollingResistance, b.rollingResistance);
            if (!d.hasTorsionalFriction)
                d.pair.torsionalFriction = combine(s.rollingCombine, a.torsionalFriction, b.torsionalFriction);
            scene_.materialPairs.push_back(d.pair);
        }
    }

    // --- bodies and generators ------------------------------------------------------------

    void readBodies(const Json& v, const std::string& path) {
        if (v.is_array() && v.size() > static_cast<size_t>(limits_.maxBodies)) {
            check_.error(path, "has " + std::to_string(v.size()) +
                                   " bodies, more than the limit of " +
                                   std::to_string(limits_.maxBodies));
            return;
        }
        readArray(v, path, [this](const Json& b, const std::string& p) {
            ++listedBodies_;
            BodyDef def;
            if (!readBody(b, p, bodies_, def)) {
                if (auto name = stringMember(b, "name")) missingBodies_.names.insert(*name);
                return;
            }
            scene_.bodies.push_back(std::move(def));
            bodyPaths_.push_back(childPath(p, "name"));
        });
    }

    void readGenerators(const Json& v, const std::string& path) {
        readArray(v, path, [this](const Json& g, const std::string& p) {
            GeneratorPlan plan;
            if (!readGenerator(g, p, bodies_, plan)) {
                // Its bodies are "<name>/<index>"; the name defaults to the type.
                std::optional<std::string> name = stringMember(g, "name");
                if (!name) name = stringMember(g, "type");
                if (name) missingBodies_.prefixes.push_back(*name + "/");
                return;
            }
            plans_.push_back(std::move(plan));
            planPaths_.push_back(childPath(p, "name"));
            generatorPaths_.push_back(p);
        });
    }

    /// The body cap is checked on the generators' counts, before any body is made.
    void expandGenerators() {
        int64_t total = static_cast<int64_t>(listedBodies_);
        for (const GeneratorPlan& plan : plans_) total += plan.count;
        if (total > limits_.maxBodies) {
            check_.error("generators", "the scene would have " + std::to_string(total) +
                                           " bodies, more than the limit of " +
                                           std::to_string(limits_.maxBodies));
            for (const GeneratorPlan& plan : plans_) missingBodies_.prefixes.push_back(plan.name + "/");
            return;
        }
        scene_.bodies.reserve(static_cast<size_t>(total));
        std::vector<SceneJointDef> generated;
        for (size_t i = 0; i < plans_.size(); ++i) {
            plans_[i].emit(scene_.bodies);
            bodyPaths_.resize(scene_.bodies.size(), planPaths_[i]);
            if (!plans_[i].emitJoints) continue;
            generated.clear();
            plans_[i].emitJoints(generated);
            for (SceneJointDef& j : generated)
                joints_.push_back(generatedJoint(std::move(j), generatorPaths_[i]));
        }
    }

    void checkBodyNames() {
        std::map<std::string, size_t> first;
        for (size_t i = 0; i < scene_.bodies.size(); ++i) {
            const std::string& name = scene_.bodies[i].name;
            if (name.empty()) continue;
            auto [it, inserted] = first.emplace(name, i);
            if (!inserted)
                check_.error(bodyPaths_[i], "duplicate body name '" + name +
                                                "' (first used at " + bodyPaths_[it->second] + ")");
        }
    }

    /// Joints are read here and resolved once every body exists (generators come later).
    void readJoints(const Json& v, const std::string& path) {
        if (v.is_array() && v.size() > static_cast<size_t>(limits_.maxJoints)) {
            check_.error(path, "has " + std::to_string(v.size()) + " joints, more than the limit of " +
                                   std::to_string(limits_.maxJoints));
            return;
        }
        readArray(v, path, [this](const Json& j, const std::string& p) {
            JointDraft draft;
            if (readJoint(j, p, check_, draft)) joints_.push_back(std::move(draft));
        });
    }

    /// `obj[key]` when `obj` is an object and that member a string.
    static std::optional<std::string> stringMember(const Json& obj, const char* key) {
        if (!obj.is_object()) return std::nullopt;
        auto it = obj.find(key);
        if (it == obj.end() || !it->is_string()) return std::nullopt;
        return it->get<std::string>();
    }

    // --- force fields, camera -------------------------------------------------------------

    void readForceFields(const Json& v, const std::string& path) {
        readArray(v, path, [this](const Json& f, const std::string& p) {
            static constexpr std::string_view kTypes[] = {"attractor"};
            size_t errorsBefore = check_.count();
            ForceField field;
            const Field fields[] = {
                {"type", [&](const Json& j, const std::string& tp) { readChoice(j, tp, check_, kTypes); }},
                {"position", [&](const Json& j, const std::string& fp) {
                     readVec3(j, fp, check_, field.position);
                 }},
                floatField("strength", field.strength),
                floatField("radius", field.radius, Range::above(0.0)),
            };
            readObject(f, p, check_, fields);
            if (check_.count() == errorsBefore) scene_.forceFields.push_back(field);
        });
    }

    void readCamera(const Json& v, const std::string& path) {
        CameraDef& c = scene_.camera;
        const Field fields[] = {
            {"target", [&](const Json& j, const std::string& p) { readVec3(j, p, check_, c.target); }},
            floatField("distance", c.distance, Range::above(0.0)),
            floatField("yawDeg", c.yawDeg),
            floatField("pitchDeg", c.pitchDeg, Range::closed(-90.0, 90.0)),
        };
        readObject(v, path, check_, fields);
    }

    Field floatField(std::string_view key, float& target, const Range& range = Range::any()) {
        return {key, [this, &target, range](const Json& v, const std::string& p) {
                    readFloat(v, p, check_, target, range);
                }};
    }

    Checker& check_;
    const SceneLimits& limits_;
    SceneDef& scene_;
    std::vector<std::string> materialNames_;
    BodyContext bodies_;
    std::map<std::string, std::string> materialPaths_;
    std::map<std::string, std::string> pairPaths_;
    std::vector<PairDraft> pairs_;
    size_t listedBodies_ = 0;
    std::vector<std::string> bodyPaths_; ///< where each of scene_.bodies was defined
    std::vector<GeneratorPlan> plans_;
    std::vector<std::string> planPaths_;
    std::vector<std::string> generatorPaths_;
    std::vector<JointDraft> joints_;     ///< listed joints, then the generators'
    std::vector<std::string> forks_;     ///< where each of scene_.forks was defined
    MissingBodies missingBodies_;        ///< bodies whose own errors are already reported
};

std::string fileStem(const std::string& label) {
    return std::filesystem::path(label).stem().string();
}

} // namespace
} // namespace scene

// --- public face --------------------------------------------------------------------------

std::string SceneError::format() const {
    if (line > 0)
        return (file.empty() ? "" : file + ":") + std::to_string(line) + ":" +
               std::to_string(column) + ": " + message;
    std::string out = file;
    if (!path.empty()) out += (out.empty() ? "" : ": ") + path;
    return out + (out.empty() ? "" : ": ") + message;
}

std::string SceneLoadResult::errorText() const {
    std::string text;
    for (const SceneError& e : errors) text += e.format() + "\n";
    return text;
}

SceneLoadResult parseScene(const std::string& text, const std::string& fileLabel,
                           const SceneLimits& limits) {
    SceneLoadResult result;
    scene::Checker check(fileLabel, result.errors);
    if (std::optional<scene::Json> root = scene::parseDocument(text, limits, check)) {
        scene::SceneReader(check, limits, result.scene).read(*root);
    }
    check.finish();
    if (!result.ok()) {
        result.scene = SceneDef{}; // never a partial scene
        return result;
    }
    result.scene.sourcePath = fileLabel;
    if (result.scene.name.empty()) result.scene.name = scene::fileStem(fileLabel);
    return result;
}

SceneLoadResult loadSceneFile(const std::string& path, const SceneLimits& limits) {
    SceneLoadResult result;
    auto fail = [&](std::string message) {
        result.errors.push_back({path, "", std::move(message), 0, 0});
        return result;
    };
    if (std::string problem = regularFileProblem(path); !problem.empty()) return fail(problem);
    std::error_code ec;
    // The size cap comes before reading.
    uintmax_t size = std::filesystem::file_size(path, ec);
    if (ec) return fail("cannot read the file size: " + ec.message());
    if (size > limits.maxFileBytes)
        return fail("the file is " + std::to_string(size) + " bytes, more than the limit of " +
                    std::to_string(limits.maxFileBytes));
    std::ifstream in(path, std::ios::binary);
    if (!in) return fail("cannot open the file");
    std::ostringstream text;
    text << in.rdbuf();
    if (in.bad()) return fail("cannot read the file");
    return parseScene(text.str(), path, limits);
}

} // namespace tumble
