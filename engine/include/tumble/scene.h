#pragma once
/// \file scene.h
/// Scene files (shared/SCENE_FORMAT.md, version 1): strict, atomic loading with errors that
/// name the file, the JSON path and the value; building a world from a loaded scene; and
/// `--set KEY=VALUE` overrides of settings through the same validator.
#include "tumble/body.h"
#include "tumble/debug_draw.h"
#include "tumble/material.h"
#include "tumble/settings.h"
#include "tumble/snapshot.h"
#include "tumble/world.h"
#include <nlohmann/json_fwd.hpp>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tumble {

/// Where the camera starts (orbit camera around a target).
struct CameraDef {
    glm::vec3 target{0.0f, 2.0f, 0.0f}; ///< m
    float distance = 15.0f;             ///< m
    float yawDeg = 30.0f;               ///< degrees about +Y
    float pitchDeg = 20.0f;             ///< degrees above the horizon
};

/// A joint of a scene file: the engine's definition plus the names of the bodies it joins.
/// buildWorld resolves the names to handles once the bodies exist; anchors and axes are
/// already in world space, as JointDef wants them.
struct SceneJointDef {
    JointDef def;                       ///< bodyA / bodyB are left null; buildWorld fills them
    std::string bodyA;                  ///< body name; "" = joined to the world
    std::string bodyB;                  ///< body name; "" only for a gear (its hinges' bodies)
    std::string hingeA, hingeB;         ///< gear: the names of two hinges listed before it
};

/// A group of the catalogue: the Scene panel's sections and --list-scenes' headings.
struct SceneTopic {
    std::string_view id;                ///< as written in a scene file's `topic`
    std::string_view title;             ///< as shown
};
/// Every topic in catalogue order; the last, "other", holds scenes that name none.
std::span<const SceneTopic> sceneTopics();
/// The title of a topic id ("bugs" -> "Bug gallery"); the id itself when unknown.
std::string_view sceneTopicTitle(std::string_view id);

/// What a lesson's "Break it" or "Fix it" button changes on the running world.
struct LessonAction {
    /// Settings as "dotted.key=value" assignments (the form of `--set`), in file order.
    std::vector<std::string> settings;
    /// Bodies whose bullet flag is set (name, flag).
    std::vector<std::pair<std::string, bool>> bullets;
    bool empty() const { return settings.empty() && bullets.empty(); }
};

/// Apply a lesson action to a world built from its scene: settings through the same
/// validator as `--set`, bullet flags by body name. Returns "" or what went wrong.
std::string applyLessonAction(const LessonAction& action, World& world);

/// One numbered step of a lesson (the scene file's `lesson.steps[k]`): a short instruction,
/// what its button changes, and where in the app to look.
struct LessonStep {
    std::string text;                  ///< `do`: what to try and what you will see
    LessonAction change;               ///< `settings` and `bullet`, as breakIt / fixIt hold them
    /// `debugDraw`: overlays the button switches (a debugDrawFlags() name, on or off), in file order.
    std::vector<std::pair<std::string, bool>> debugDraw;
    std::string panel;                 ///< `panel`: one of lessonPanels(), "" = none
    std::string control;               ///< `control`: the label of the control to highlight in it
    /// `restart`: the scene starts again with the change (for what happens in the first
    /// moments, such as a bullet reaching its wall), instead of changing the running world.
    bool restart = false;
};

/// A scene's lesson (the `lesson` key): what to look at, then the steps to try.
struct Lesson {
    std::string look;                  ///< one paragraph: what to look at
    std::vector<LessonStep> steps;
    bool empty() const { return look.empty() && steps.empty(); }
};

/// The panels a lesson step may open, by the names the app shows them under.
std::span<const std::string_view> lessonPanels();
/// Switch a step's debug-draw flags in `options` (the others stay as they are).
void applyLessonDebugDraw(const LessonStep& step, DebugDrawOptions& options);

/// A loaded, validated scene: everything needed to build a world, and nothing that
/// could fail when building it.
/// A fork the scene starts with (the `forks` key; tumble/fork.h): a variant of the world with
/// some settings changed, split off when the scene is loaded.
struct ForkDef {
    std::string name;                   ///< its legend ("" = the changes themselves)
    /// "tumble", or "bullet": the scene run by the Bullet peer with the scene's own settings
    /// (the app's Bullet fork, headless --compare bullet; Forks::addSceneForks leaves it out).
    std::string engine = "tumble";
    std::vector<std::string> changes;   ///< "key=value" assignments, as --set takes them
    /// A snapshot's fork carries its own state (it had drifted from the main world).
    bool hasState = false;
    WorldState state;
};

struct SceneDef {
    std::string name;
    std::string description;            ///< one-sentence summary (the catalogue's tooltip)
    Lesson lesson;                      ///< what to look at and the numbered steps to try
    std::string topic = "other";        ///< an id of sceneTopics()
    LessonAction breakIt;               ///< settings that show the problem (may be empty)
    LessonAction fixIt;                 ///< settings that cure it (may be empty)
    std::string sourcePath;             ///< file it came from ("" when parsed from text)
    Settings settings;
    std::vector<Material> materials;    ///< added to / overriding the presets
    std::vector<MaterialPair> materialPairs;
    std::vector<BodyDef> bodies;        ///< generators already expanded
    std::vector<SceneJointDef> joints;  ///< the listed joints, then the generators' joints
    std::vector<ForceField> forceFields;
    CameraDef camera;
    DebugDrawOptions debugDraw;
    /// A snapshot's `state` section: buildWorld restores it after creating everything.
    bool hasState = false;
    WorldState state;
    std::vector<ForkDef> forks;         ///< the `forks` key: buildWorld ignores them (Forks::addSceneForks)
};

/// One problem in a scene file.
struct SceneError {
    std::string file;     ///< path as given
    std::string path;     ///< JSON path, e.g. "bodies[3].shape.radius"
    std::string message;  ///< e.g. "must be > 0, got -1"
    int line = 0;         ///< 1-based, when the parser knows it (syntax errors), else 0
    int column = 0;
    /// "file: path: message" (or "file:line:col: message" for syntax errors).
    std::string format() const;
};

/// Caps checked before anything is allocated.
struct SceneLimits {
    size_t maxFileBytes = 16u << 20;   ///< 16 MiB
    int maxBodies = 100000;            ///< after generators expand
    int maxDepth = 32;                 ///< JSON nesting
    int maxHullPoints = 256;
    int maxIterations = 200;           ///< solver iteration counts
    int maxMaterials = 256;            ///< a scene's own materials (the pair table is N x N)
    int maxJoints = 100000;            ///< listed and generated together
};

struct SceneLoadResult {
    bool ok() const { return errors.empty(); }
    SceneDef scene;                    ///< valid only when ok()
    std::vector<SceneError> errors;    ///< every problem found, in file order
    /// All errors, one per line.
    std::string errorText() const;
};

/// Read and validate a scene file. Never throws; never returns a partial scene.
SceneLoadResult loadSceneFile(const std::string& path, const SceneLimits& limits = {});
/// Same for text already in memory; `fileLabel` is the name used in messages.
SceneLoadResult parseScene(const std::string& text, const std::string& fileLabel,
                           const SceneLimits& limits = {});

/// Build a world from a validated scene (replaces nothing: returns a new world).
World buildWorld(const SceneDef& scene);

/// Settings as the scene file's `settings` object (every key, defaults included).
nlohmann::json settingsToJson(const Settings& s);
/// Validate a `settings` object into `out` (only keys present change). Errors carry
/// `pathPrefix` + key path. Unknown keys, wrong types and out-of-range values are errors.
void settingsFromJson(const nlohmann::json& j, Settings& out, const std::string& file,
                      const std::string& pathPrefix, std::vector<SceneError>& errors);

/// Apply "dotted.key=value" (e.g. "solver.velocityIterations=4", "gravity=[0,-1,0]",
/// "integrator=explicitEuler") to `s` through the same validator as scene files.
/// Returns an empty string on success, else the error message; `s` is unchanged on error.
std::string applySettingOverride(Settings& s, const std::string& assignment);

/// Debug-draw options as a JSON object and back (scene files' `debugDraw` section).
nlohmann::json debugDrawToJson(const DebugDrawOptions& o);

/// A snapshot of `world` as scene-file text: `scene`'s name, description, camera and debug
/// draw, the world's settings, materials, pairs, bodies (at their current poses), joints and
/// force fields, and a `state` section (tumble/snapshot.h) with every float written so it
/// reads back exactly. Loading it with buildWorld and stepping gives bit for bit the states
/// `world` would have reached. `scene` supplies the shapes' definitions (hull points as the
/// user gave them) when its bodies match the world's, body for body.
/// With `forks`, each is written to the `forks` key with its changes and its own state, so
/// that loading the snapshot brings them back where they were. With `bulletFork`, a Bullet
/// fork (`{"engine": "bullet"}`) is listed after them: Bullet's state cannot be saved, so
/// loading the snapshot splits it off again from the snapshot's own state.
std::string writeSnapshot(const SceneDef& scene, const World& world, const class Forks* forks = nullptr,
                          bool bulletFork = false);

/// The world as a scene definition: writeSnapshot's text read back, so buildWorld of it steps
/// bit for bit like `world` from its current step (the recorder rebuilds a world from it when
/// a rewind crosses an edit of the bodies). Only the size caps of files are lifted.
SceneLoadResult sceneOfWorld(const SceneDef& scene, const World& world);

/// Name, topic and description of every scene file in a folder, sorted by topic (in
/// sceneTopics() order), then by file name.
struct SceneCatalogEntry {
    std::string path;
    std::string name;
    std::string description;
    std::string topic = "other";       ///< an id of sceneTopics()
    std::string error;                 ///< non-empty when the file does not load
};
std::vector<SceneCatalogEntry> listScenes(const std::string& folder);

} // namespace tumble
