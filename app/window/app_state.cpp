// The app's state changes: loading scenes atomically, stepping, framing the camera.
#include "window/app_state.h"

#include "tumble/bullet_import.h"
#include "tumble/solver_compare.h"

#include "window/lesson_steps.h"
#include "window/gallery.h"
#include "window/paths.h"

#include <SDL.h>

#include <algorithm>
#include <limits>

namespace tumble::app {

void History::push(float value) {
    values_[next_] = value;
    next_ = (next_ + 1) % values_.size();
    if (next_ == 0) full_ = true;
}

void History::clear() {
    std::fill(values_.begin(), values_.end(), 0.0f);
    next_ = 0;
    full_ = false;
}

float History::latest() const {
    if (count() == 0) return 0.0f;
    return values_[(next_ + values_.size() - 1) % values_.size()];
}

float History::minimum() const {
    if (count() == 0) return 0.0f;
    return *std::min_element(values_.begin(), values_.begin() + (full_ ? values_.size() : next_));
}

float History::maximum() const {
    if (count() == 0) return 0.0f;
    return *std::max_element(values_.begin(), values_.begin() + (full_ ? values_.size() : next_));
}

bool App::openScene(const std::string& path) {
    // Resolved once, so the catalogue (listed from the same resolved folder) matches it.
    const std::string resolved = findResource(path);
    std::vector<std::string> notes;
    SceneLoadResult loaded = loadWorldFile(resolved, notes);
    if (!loaded.ok()) {
        // Keep the running scene: a typo in a file must not cost the user their session.
        loadError = loaded.errorText();
        openLoadErrorPopup = true;
        return false;
    }
    world = buildWorld(loaded.scene);
    contactLog.clear(); // the old world's events name its bodies
    scene = std::move(loaded.scene);
    scenePath = resolved;
    loadError.clear();
    importNotes = std::move(notes);
    if (!importNotes.empty())
        setStatus("Imported " + resolved + ": " + std::to_string(importNotes.size()) +
                  " items not mapped (listed in the Scene panel)");
    debugDraw = scene.debugDraw;
    resetCamera();
    stepper.reset();
    // Handles carry no world identity: a handle of the old world could name another body
    // of the new one, so the selection goes with the world it was made in.
    selected = kNullBody;
    hovered = kNullBody;
    // The old world's drag went with it; the button may still be down, but pulls nothing.
    mouseDrag = MouseDrag{};
    spawnCounter = 0;
    spawnError.clear();
    materialError.clear();
    nonFiniteNoticed = false;
    lessonState = 0;
    lessonFocus = {};
    playBackward = false;
    seekWarning.clear();
    forgetStepViews();
    forks.clear(); // they were forks of the old world
    watches.clear(); // they named the old world's bodies
    sweep.reset();   // its runs and rows belong to the old scene
    bulletFork.clear();
    forkError.clear();
    applyProbe(); // the probe switch outlives the world it was set on
    recorder.clear();
    recorder.record(world); // step 0, so the timeline can go back to the very start
    forkError = forks.addSceneForks(scene, world);
    for (const ForkDef& f : scene.forks)
        if (f.engine == "bullet") addBulletFork();
    frameMs.clear();
    physicsMs.clear();
    kineticEnergy.clear();
    potentialEnergy.clear();
    totalEnergy.clear();
    ++sceneGeneration;
    for (size_t i = 0; i < catalogue.size(); ++i)
        if (catalogue[i].path == resolved) selectedScene = static_cast<int>(i);
    return true;
}

bool App::reloadScene() {
    const int lesson = lessonState, lessonStep = lessonFocus.step;
    Settings live = world.settings();
    std::vector<Material> liveMaterials = world.materials();
    std::vector<MaterialPair> livePairs = world.materialPairs();
    OrbitCamera keptCamera = camera;
    DebugDrawOptions keptDebugDraw = debugDraw;
    std::vector<Watch> keptWatches = watches;
    const int bodiesBefore = world.bodyCount(), jointsBefore = static_cast<int>(world.jointIds().size());
    if (!openScene(scenePath)) return false;
    // A reload is "run it again": the user's view and overlays stay as they were, and so do
    // the watches when the file still has the same bodies and joints (they name them by place).
    camera = keptCamera;
    frameExhibitsPending = false;
    debugDraw = keptDebugDraw;
    if (world.bodyCount() == bodiesBefore && static_cast<int>(world.jointIds().size()) == jointsBefore) {
        watches = std::move(keptWatches);
        for (Watch& w : watches) w.main.clear(), w.forks.clear(), w.bullet.clear();
        sampleWatches(watches, world, forks, &bulletFork); // step 0: the start of every curve
    }
    if (keepSettingsOnReload) {
        // The Materials panel's edits count as settings too: the scene's bodies find their
        // materials by name, so re-applying them by name gives every body its edited values.
        world.settings() = live;
        for (const Material& m : liveMaterials) world.setMaterial(m);
        world.materialPairs() = livePairs;
        restartRecording(false); // step 0 with the kept settings, not the file's
    }
    // A reload replays the lesson button pressed last (openScene forgot it).
    lessonState = lesson;
    lessonFocus.step = lessonStep;
    reapplyLesson();
    return true;
}

void App::refreshCatalogue() {
    catalogue = listScenes(findResource(scenesFolder));
    selectedScene = -1;
    for (size_t i = 0; i < catalogue.size(); ++i)
        if (catalogue[i].path == scenePath) selectedScene = static_cast<int>(i);
}

void App::frameAll() {
    // With a body selected, F is a focus key: the view frames that body.
    if (!selected.isNull() && world.isValid(selected) && world.body(selected).shape.type != ShapeType::Plane) {
        const Body& b = world.body(selected);
        camera.frame(computeAabb(b.shape, b.position, b.orientation), viewAspect);
        return;
    }
    Aabb all{glm::vec3(std::numeric_limits<float>::max()), glm::vec3(-std::numeric_limits<float>::max())};
    // The moving bodies are what a user wants to see; a 40 m ground box would make them
    // specks. Static bodies count only when nothing moves. Planes are infinite: never.
    bool any = false;
    for (bool includeStatic : {false, true}) {
        for (BodyId id : world.bodyIds()) {
            const Body& b = world.body(id);
            if (b.shape.type == ShapeType::Plane || (b.type == BodyType::Static && !includeStatic)) continue;
            Aabb box = computeAabb(b.shape, b.position, b.orientation);
            all.min = glm::min(all.min, box.min);
            all.max = glm::max(all.max, box.max);
            any = true;
        }
        if (any) break;
    }
    if (any) camera.frame(all, viewAspect);
    else resetCamera();
}

void App::resetCamera() {
    camera.reset(scene.camera);
    frameExhibitsPending = !findExhibits(world).empty();
}

void App::frameExhibits() {
    frameExhibitsPending = false;
    Aabb bounds;
    // Some of the half-view spare at the edges: room for the labels, which hang up and to the
    // right of their exhibits. The projection already leaves out what the panels cover, the
    // Timeline included (viewParams), so the box fits the uncovered view's aspect.
    if (exhibitsBounds(findExhibits(world), bounds)) camera.fitBox(bounds, viewAspect, 0.15f);
}

void App::select(BodyId id) {
    if (!id.isNull() && !world.isValid(id)) id = kNullBody;
    if (!id.isNull() && id != selected) {
        panels.inspector = true;
        focusTab = &PanelFlags::inspector;
    }
    selected = id;
}

BodyId App::dropBody(const Ray& ray) {
    spawnError.clear();
    std::shared_ptr<const SceneDef> before = definitionBeforeEdit();
    BodyId id = createNamed(world, dropDefinition(world, spawn, ray), "dropped", spawnCounter, &spawnError);
    if (!id.isNull()) bodiesEdited("dropped '" + world.body(id).name + "'", std::move(before));
    return id;
}

BodyId App::throwBody(const Ray& ray) {
    spawnError.clear();
    std::shared_ptr<const SceneDef> before = definitionBeforeEdit();
    BodyId id = createNamed(world, throwDefinition(world, spawn, ray), "thrown", spawnCounter, &spawnError);
    if (!id.isNull()) bodiesEdited("threw '" + world.body(id).name + "'", std::move(before));
    return id;
}

void App::deleteSelected() {
    if (selected.isNull()) return;
    std::shared_ptr<const SceneDef> before = definitionBeforeEdit();
    const std::string name = world.body(selected).name;
    deleteBody(mouseDrag, world, selected);
    select(kNullBody);
    bodiesEdited("deleted '" + (name.empty() ? std::string("unnamed body") : name) + "'", std::move(before));
}

std::shared_ptr<const SceneDef> App::definitionBeforeEdit() const {
    if (!recorder.needsDefinitionBeforeEdit()) return nullptr;
    SceneLoadResult before = sceneOfWorld(scene, world);
    return before.ok() ? std::make_shared<const SceneDef>(std::move(before.scene)) : nullptr;
}

void App::bodiesEdited(const std::string& label, std::shared_ptr<const SceneDef> before) {
    forgetStepViews();
    playBackward = false;
    const uint64_t dropped = recorder.lastStep() > world.stepCount() ? recorder.lastStep() - world.stepCount() : 0;
    SceneLoadResult after = sceneOfWorld(scene, world);
    if (after.ok()) {
        recorder.recordEdit(world, label, std::make_shared<const SceneDef>(std::move(after.scene)), std::move(before));
    } else {
        // Cannot happen for a world the program built; if it does, the old way is safe.
        recorder.clear();
        recorder.record(world);
        setStatus("The recording starts again here: the edited world could not be kept (" + after.errorText() + ")");
    }
    if (dropped > 0)
        setStatus("Step " + std::to_string(world.stepCount()) + ": " + label + "; the " + std::to_string(dropped) +
                  " recorded steps after it were dropped (they had the old bodies).");
    resetComparisons(true);
}

void App::adoptReplacedWorld() {
    select(kNullBody);
    hovered = kNullBody;
    mouseDrag = MouseDrag{};
    forgetStepViews();
    applyProbe();
    ++sceneGeneration; // new shapes for the renderer
}

void App::forgetStepViews() {
    comparison = MethodComparison{};
    debugger = Debugger{};
    systemRow = UINT32_MAX;
}

void App::restartRecording(bool bodiesChanged) {
    forgetStepViews();
    recorder.clear();
    recorder.record(world);
    playBackward = false;
    resetComparisons(bodiesChanged);
}

void App::resetComparisons(bool bodiesChanged) {
    if (bodiesChanged) watches.clear(); // bodies are watched by ordinal: it may name another now
    for (Watch& w : watches) w.main.clear(), w.forks.clear(), w.bullet.clear();
    if (bulletFork.active()) {
        if (bodiesChanged) bulletFork.clear();
        else addBulletFork(); // the main world starts again: so does Bullet's run
    }
    if (forks.empty()) return;
    if (bodiesChanged) {
        // Forks are compared body by body; with a body more or less they no longer match.
        forks.clear();
        setStatus("The forks were closed: the main world's bodies changed, so they no longer match it.");
        return;
    }
    // The main world starts again with other settings: each fork is split off it again, with
    // the same changes on top of them.
    std::vector<std::pair<std::vector<std::string>, std::string>> kept;
    for (size_t i = 0; i < forks.size(); ++i) kept.emplace_back(forks[i].changes, forks[i].name);
    forks.clear();
    for (const auto& [changes, name] : kept) {
        forkError = forks.add(scene, world, changes, name);
        if (!forkError.empty()) break;
    }
}

void App::clearContactCache() {
    // The bodies stay, so the recording does too; but the step shown was recorded with its
    // cache, and the next step runs from this world without one. Recording the step again
    // (which drops any recorded future, as stepping from here would) keeps every later rewind
    // exact; only a rewind to this step itself re-runs it warm and says it ran differently.
    world.clearContactCache();
    forgetStepViews();
    recorder.record(world);
    playBackward = false;
}

bool App::seekTo(uint64_t step) {
    if (!recorder.contains(step)) return false;
    stepper.paused = true;
    releaseDrag(mouseDrag, world);
    std::string message;
    const bool rebuilds = recorder.seekRebuilds(step);
    bool ok = recorder.seek(world, step, &message);
    if (rebuilds) adoptReplacedWorld(); // the step lies across an edit of the bodies
    seekWarning = message;
    if (!ok) playBackward = false;
    if (ok) followForks(false);
    return ok;
}

void App::addBulletFork() {
    std::string error;
    if (!bulletFork.start(scene, world, error)) setStatus("No Bullet fork: the copy of the world failed: " + error);
}

void App::followForks(bool stepped) {
    if (stepped) {
        forks.follow(world);
        bulletFork.follow(world);
    } else {
        forks.seek(world);
        bulletFork.seek(world);
    }
}

void App::addFork(const std::vector<std::string>& changes) {
    forkError = forks.add(scene, world, changes);
}

void App::promoteFork(size_t i) {
    if (i >= forks.size()) return;
    releaseDrag(mouseDrag, world);
    Fork promoted = forks.take(i);
    // A Bullet fork split off the old main world later than this fork started from a state
    // that the new main world's timeline does not have.
    if (bulletFork.active() && bulletFork.forkStep() > promoted.forkStep) bulletFork.clear();
    world = std::move(promoted.world);
    contactLog.clear(); // the fork's events were not logged
    recorder.continueWith(std::move(promoted.recorder));
    adoptReplacedWorld(); // the copy numbers its bodies afresh
    setStatus("Promoted the fork \"" + promoted.label + "\" to the main world.");
}

void App::togglePause() {
    stepper.paused = !stepper.paused;
    const uint64_t now = world.stepCount(), last = recorder.lastStep();
    if (!stepper.paused && now < last)
        setStatus("Resumed at step " + std::to_string(now) + ": the recorded steps " + std::to_string(now + 1) + " to " +
                  std::to_string(last) + " are dropped and simulated again (the same, unless a setting changed).");
}

void App::togglePresentation() {
    const bool on = lineScale > 1.0f;
    uiScale = on ? 1.0f : 1.5f;
    lineScale = on ? 1.0f : 2.0f;
    setStatus(on ? "Presentation mode off." : "Presentation mode: text x1.5, lines and points x2 (F9 again to leave).");
}

void App::stepForward() {
    const uint64_t next = world.stepCount() + 1;
    if (recorder.contains(next)) seekTo(next);
    else singleStep();
}

void App::stepThroughRecording(int64_t count) {
    if (recorder.size() == 0) return;
    const int64_t first = static_cast<int64_t>(recorder.firstStep()), last = static_cast<int64_t>(recorder.lastStep());
    const int64_t target = std::clamp(static_cast<int64_t>(world.stepCount()) + count, first, last);
    playBackward = false;
    seekTo(static_cast<uint64_t>(target));
}

void App::requestQuit() {
    // One step recorded is the scene as loaded: nothing to lose.
    if (recorder.size() > 1 && options.screenshotPath.empty()) askQuit = true;
    else quit = true;
}

void App::singleStep() {
    stepper.paused = true;
    stepper.requestSingleStep();
}

void App::stepWorld(int steps) {
    stepsThisFrame = 0;
    for (int i = 0; i < steps; ++i) {
        // From a rewound step the recorded future is discarded: this step forks a new one
        // (the same one, bit for bit, unless a setting was changed here).
        applyPush(mouseDrag, world, spawn.drag); // a force lasts one step: again before each
        world.step();
        contactLog.record(world);
        recorder.record(world);
        followForks(true);
        sampleWatches(watches, world, forks, &bulletFork);
        seekWarning.clear();
        ++stepsThisFrame;
        if (world.hasNonFinite() && !nonFiniteNoticed) {
            // Caught, paused and pointed at: the Time panel lists the world's events, the
            // timeline marks the step, and the body is selected for the Inspector. The world
            // freezes the bad body, so resuming afterwards is safe.
            nonFiniteNoticed = true;
            stepper.paused = true;
            for (auto it = world.events().rbegin(); it != world.events().rend(); ++it)
                if (it->nonFinite) {
                    select(it->body);
                    break;
                }
            break;
        }
    }
}

void App::applyLesson(bool broken) {
    // Many lessons happen in the first second (a bullet reaches its wall in 0.1 s), so a
    // button starts the scene again with its settings rather than changing them mid-run.
    lessonState = broken ? 1 : 2;
    reloadScene();
}

void App::reapplyLesson() {
    const LessonStep* step = lessonFocus.step >= 0 && lessonFocus.step < static_cast<int>(scene.lesson.steps.size())
                                 ? &scene.lesson.steps[static_cast<size_t>(lessonFocus.step)]
                                 : nullptr;
    if (step != nullptr && !step->restart) step = nullptr; // a live change is not replayed
    if (lessonState == 0 && step == nullptr) return;
    if (lessonState != 0) {
        const bool broken = lessonState == 1;
        std::string error = applyLessonAction(broken ? scene.breakIt : scene.fixIt, world);
        if (!error.empty()) {
            setStatus("The lesson's " + std::string(broken ? "Break it" : "Fix it") + " failed: " + error);
            lessonState = 0;
        }
    }
    if (step != nullptr) {
        std::string error = applyLessonAction(step->change, world);
        if (!error.empty()) setStatus("Lesson step " + std::to_string(lessonFocus.step + 1) + " failed: " + error);
    }
    restartRecording(false); // step 0 with the lesson's settings
}

void App::applyLessonStep(size_t k) {
    if (k >= scene.lesson.steps.size()) return;
    const LessonStep step = scene.lesson.steps[k]; // a copy: a restart replaces the scene
    lessonFocus.step = static_cast<int>(k);
    if (step.restart) {
        reloadScene(); // replays the step from the start (reapplyLesson)
    } else {
        std::string error = applyLessonAction(step.change, world);
        if (!error.empty()) setStatus("Lesson step " + std::to_string(k + 1) + " failed: " + error);
    }
    applyLessonDebugDraw(step, debugDraw);
    lessonFocus.panel = step.panel;
    lessonFocus.control = step.control;
    lessonFocus.until = static_cast<double>(SDL_GetTicks()) / 1000.0 + kLessonHighlightSeconds;
    lessonFocus.found = false;
    if (const LessonPanel* panel = findLessonPanel(step.panel)) {
        panels.*panel->open = true;
        if (panel->docked) focusTab = panel->open;
        else lessonFocus.focusWindow = true;
    }
}

void App::recordFrame(float frameSeconds, float physicsSeconds) {
    frameMs.push(frameSeconds * 1000.0f);
    physicsMs.push(physicsSeconds * 1000.0f);
    float kinetic = static_cast<float>(world.kineticEnergy());
    float potential = static_cast<float>(world.potentialEnergy());
    kineticEnergy.push(kinetic);
    potentialEnergy.push(potential);
    totalEnergy.push(kinetic + potential);
}

bool App::recordedStepStart(WorldState& before, Settings& stepSettings, bool quietly) {
    const uint64_t step = world.stepCount();
    WorldState unused;
    Settings beforeSettings;
    // The first step after an edit of the bodies ran from a world with other bodies.
    if (step == 0 || recorder.epochStart(step) == step || !recorder.stateAt(step - 1, before, beforeSettings) ||
        !recorder.stateAt(step, unused, stepSettings)) {
        if (!quietly) setStatus("Re-running a step needs the step before it in the recording (Timeline).");
        return false;
    }
    return true;
}

void App::keepContactFigures() {
    const bool wanted = figuresShown || needsContactFigures(debugDraw);
    figuresShown = false; // the panels say so again as they draw
    world.setContactFigures(wanted);
    if (!wanted || !stepper.paused || !world.contactFigures().empty() || world.contacts().empty()) return;
    const uint64_t hash = world.stateHash();
    if (hash == figuresRefillFailed) return; // this state was edited since its step: a replay cannot fill them
    WorldState before;
    Settings stepSettings;
    if (!recordedStepStart(before, stepSettings, true) || !refillContactFigures(world, before, stepSettings))
        figuresRefillFailed = hash;
}

} // namespace tumble::app
