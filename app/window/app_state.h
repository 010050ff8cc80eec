#pragma once
/// \file app_state.h
/// Everything the windowed app knows between frames, in one struct that is passed to the
/// panels, the input handlers and the draw code. No GL objects live here (they need a
/// context and live in window_app.cpp), so this state can be made and changed without one.
#include "headless/sweep.h"
#include "window/camera.h"
#include "window/capture.h"
#include "window/contact_log.h"
#include "window/interaction.h"
#include "window/watch.h"
#include "window_app.h"

#include "tumble/debug_draw.h"
#include "tumble/bullet_world.h"
#include "tumble/peer_fork.h"
#include "tumble/fork.h"
#include "tumble/recorder.h"
#include "tumble/constraint_system.h"
#include "tumble/solver_compare.h"
#include "tumble/scene.h"
#include "tumble/stepper.h"
#include "tumble/world.h"

#include <glm/mat4x4.hpp>

#include <cstdint>
#include <string>
#include <system_error>
#include <vector>

namespace tumble::app {

/// The last `capacity` values of one quantity, oldest first, for ImGui::PlotLines.
class History {
public:
    explicit History(size_t capacity = 300) : values_(capacity, 0.0f) {}
    void push(float value);
    void clear();
    /// Arguments for PlotLines(label, data(), count(), offset()).
    const float* data() const { return values_.data(); }
    int count() const { return full_ ? static_cast<int>(values_.size()) : static_cast<int>(next_); }
    int offset() const { return full_ ? static_cast<int>(next_) : 0; }
    float latest() const;
    float minimum() const;
    float maximum() const;

private:
    std::vector<float> values_;
    size_t next_ = 0;
    bool full_ = false;
};

/// Which panels are open (the View menu toggles these; ImGui's ini keeps their layout).
/// Solver, Materials, Collision, Inspector, Debug draw and Spawn are tabs of the dock on the right.
struct PanelFlags {
    bool time = true;
    bool scene = true;
    bool stats = false;
    bool settings = false;
    bool solver = true;
    bool materials = true;
    bool collision = true;
    bool inspector = true;
    bool debugDraw = true;
    bool spawn = true;
    bool debugger = true;
    bool system = true;
    bool forks = true;
    bool plots = true;
    bool contactEvents = false;
    bool timeline = true;
    bool lesson = true;
    bool help = false;
};

/// How the main world's moving bodies are drawn, so contacts inside a stack can be seen
/// (static bodies stay solid: the floor keeps hiding what is under it).
enum class BodyStyle : uint8_t { Solid, Transparent, Wireframe, XRay };

/// The UI scale's range (Ctrl + / Ctrl -), and the thickest debug lines (presentation mode).
inline constexpr float kMinUiScale = 0.75f, kMaxUiScale = 2.5f, kMaxLineScale = 3.0f;

/// The 3D view's right-click menu (view_menu.h): the press it may come from, and what was
/// under the cursor when it opened (kept, since the world steps on under an open menu).
struct ViewMenuState {
    bool pressed = false;         ///< the right button is down in the view
    glm::vec2 pressAt{0.0f};      ///< display units
    bool requested = false;       ///< open it in this frame
    glm::vec2 at{0.0f};
    BodyId body = kNullBody;      ///< the body under the cursor
    bool onContact = false;       ///< a drawn contact point was under the cursor
    ContactManifoldInfo contact;  ///< its manifold as it was then
    int point = -1;               ///< and which of its points
};

/// File > Open's browser (panel_open.cpp): the folder shown and the entry picked.
struct OpenDialog {
    bool requested = false;       ///< open the popup in this frame (File > Open, Ctrl+O)
    std::string folder;           ///< the folder listed ("" until first opened: the scene's)
    std::string picked;           ///< full path of the entry clicked once ("" none)
    bool allFiles = false;        ///< list files that are not .json too
    char typed[1024] = {};        ///< the path field
};

/// The selected body's recorded path, drawn in the view (the Debug draw panel's Trail
/// section). Kept across loads, like the other view options.
struct TrailOptions {
    bool show = false;          ///< the centre-of-mass path around the step shown
    float seconds = 2.0f;       ///< s of recording drawn before the step shown, and after it when rewound
    int onionEvery = 0;         ///< steps between the faint poses of the onion skin; 0 off
};

/// The trail as last built from the recording, and what it was built from: rebuilt only when
/// one of those changes (the step shown moves every frame while running, so this matters less
/// for the cost of one build than for not repeating it while paused or rewound).
struct TrailCache {
    bool built = false;
    BodyId body = kNullBody;
    uint64_t sceneGeneration = 0;
    int bodyCount = 0;                 ///< a body added or removed renumbers the ordinals
    uint64_t shown = 0, first = 0, last = 0; ///< the step shown, the recording's first and last
    uint64_t spanSteps = 0;
    int onionEvery = 0;                ///< as asked for
    uint64_t onionStride = 0;          ///< steps between the poses drawn (onionEvery, thinned on long spans)
    std::vector<RecordedPose> past;    ///< up to the step shown, oldest first (ends at it)
    std::vector<RecordedPose> future;  ///< from the step shown on, when rewound (starts at it)
    std::vector<RecordedPose> onion;   ///< the poses every onionEvery steps along the span
};

/// The Plots tab's "Sweep a setting" (panel_sweeps.cpp): the question as the controls hold it,
/// the job running on its own thread, and the rows of the last sweep (kept after it ends).
struct SweepPanel {
    std::string key = "solver.velocityIterations"; ///< a numericSettingKeys() path
    double from = 1.0, to = 10.0, step = 1.0;      ///< in the setting's unit
    int metric = 0;                    ///< index into sweepMetrics(): the quality
    int cost = 0;                      ///< 0 none, else 1 + index into sweepMetrics()
    int steps = 300;                   ///< physics steps per run
    std::string error;                 ///< why the range or a value was refused
    SweepJob job;                      ///< runs on a copy of the scene; cancelled on load, joined on exit
    bool awaitingRows = false;         ///< the job was started and its rows are not yet taken
    std::string sweptKey;              ///< the last sweep's setting, metrics and rows
    std::vector<std::string> sweptMetrics;
    std::vector<SweepRow> rows;
    /// Stop the job and forget its rows (a new scene: they measured the old one).
    void reset() {
        job.cancel();
        awaitingRows = false;
        rows.clear();
    }
};

struct App {
    WindowOptions options;

    // --- the running scene ---------------------------------------------------------
    SceneDef scene;                    ///< as loaded: a reload rebuilds the world from its file
    World world;                       ///< the one source of truth for state and Settings
    std::string scenePath;             ///< file the scene came from
    int windowWidth = 0, windowHeight = 0; ///< px, the window now (session_memory.h keeps it for the next run)
    uint64_t sceneGeneration = 0;      ///< bumped on every successful load (drops GPU caches)
    FixedStepper stepper;              ///< owns timeScale and pause
    bool interpolate = true;           ///< draw lerp/slerp(previous, current, alpha)
    bool keepSettingsOnReload = false; ///< R keeps the live Settings instead of the file's
    DebugDrawOptions debugDraw;
    TrailOptions trail;                ///< the selected body's recorded path and onion skin
    TrailCache trailCache;             ///< built by updateTrail (window/trail.h)
    OrbitCamera camera;

    // --- record and rewind (the Timeline panel) -------------------------------------
    Recorder recorder;                 ///< every step since the load, within its memory budget
    bool playBackward = false;         ///< the timeline plays the recording backward
    float backwardAccumulator = 0.0f;  ///< s of frame time not yet turned into a step back
    std::string seekWarning;           ///< why the last rewind could not re-run its step exactly

    // --- A/B forks (the Forks tab) ------------------------------------------------------
    Forks forks;                       ///< variants stepping in lockstep, drawn as ghosts
    std::string forkChanges;           ///< the Forks tab's text: "key=value; key=value"
    std::string forkError;             ///< why the last fork was refused
    /// Bullet beside the main world (the Forks tab's Bullet fork, tumble/peer_fork.h), drawn as
    /// a ghost like a fork. It records Bullet's poses step by step, so a rewind shows Bullet's
    /// pose of the step shown (hidden before the split), and stepping on from a rewound step
    /// follows the recorded run (Bullet's run depends only on the state it was split from; a
    /// step no longer recorded is found by running Bullet again from that state). A snapshot
    /// lists it (engine "bullet"), and loading that snapshot splits it off again from the
    /// snapshot's state.
    PeerFork bulletFork;

    // --- watch plots (the Plots tab) -------------------------------------------------------
    std::vector<Watch> watches;        ///< sampled after every step, main world and forks
    ViewMenuState viewMenu;            ///< the 3D view's right-click menu
    BodyStyle bodyStyle = BodyStyle::Solid; ///< X cycles; kept across loads, like the other view options
    float bodyOpacity = 0.35f;         ///< the Transparent style's opacity, 0.05..1
    bool outlines = true;              ///< dark creases and silhouettes, so same-material bodies part
    bool shadows = true;               ///< the key light's shadows on the ground and the bodies
    glm::vec2 lastDisplaySize{0.0f};   ///< the window's size at the last frame (panels follow a resize)
    bool debugLegend = true;           ///< L: what the debug colours mean, over the view
    float uiScale = 1.0f;              ///< the panels' text size (Ctrl + / - / 0), kMinUiScale..kMaxUiScale
    float lineScale = 1.0f;            ///< debug lines and points thicker by this (presentation mode: 2)
    /// F9: for a projector, larger text and thicker lines and points; again: back as it was.
    void togglePresentation();
    /// The Plots tab's PNG export: the file, and the plots' rectangle (display units: x, y,
    /// width, height) read from the frame once it is drawn.
    std::string pendingPlotPicture;
    bool plotPictureWanted = false;    ///< Export PNG was pressed: take it in the next frame
    glm::vec4 plotPictureRect{0.0f};
    SweepPanel sweep;                  ///< one setting over a range, run in the background

    // --- inside the solve (the Solver panel's Convergence section) -------------------
    bool probeSolver = false;          ///< the solver probe is on (World::setSolverProbe), kept across loads
    /// A panel showed the solver's contact figures this frame (the Inspector's contact table,
    /// the System panel's row): the world keeps them while something shows them.
    bool figuresShown = false;
    uint64_t figuresRefillFailed = 0;  ///< the state hash a refill of the figures last failed at (not tried again)
    /// The step debugger: the last traced step and where its cursor is (an event of the trace).
    struct Debugger {
        StepTrace trace;
        size_t cursor = 0;
        uint64_t hash = 0;             ///< the world's state hash when it was traced
    } debugger;
    uint64_t comparisonHash = 0;       ///< the world's state hash when comparison was made
    uint32_t systemRow = UINT32_MAX;   ///< the Constraint system tab's row (index into the probe's rows)
    MethodComparison comparison;       ///< the last "Compare methods on this step", shown while the world is at its step
    /// A message for the status line (saved files, refused actions) and when it was set.
    std::string status;
    double statusTime = 0.0;
    /// Set by "Save bug report" and F12: the frame loop draws the next frame without panels
    /// and writes it there, then shows pendingScreenshotNote (if any) in the status line.
    std::string pendingScreenshot;
    std::string pendingScreenshotNote;
    Capture capture;                   ///< Shift+F12's recording of the window (capture.h)
    /// Which lesson button was pressed last on this scene: 0 none, 1 break it, 2 fix it
    /// (reloads keep it; opening a scene clears it).
    int lessonState = 0;
    /// The Lesson panel's step buttons: the step pressed last (-1 none; a restart step is
    /// replayed by R like Break it), and the control it points at, outlined in its panel until
    /// `until` (s, SDL ticks) by itemTooltip's hook (panel_lesson.cpp).
    struct LessonFocus {
        int step = -1;
        std::string panel, control;
        double until = 0.0;
        bool found = false;            ///< the control was drawn (and scrolled to) since the press
        bool focusWindow = false;      ///< bring the panel's window to the front after this frame's panels
    } lessonFocus;
    /// The Lesson panel sits under the left column's panels (panel_lesson.cpp) until it is dragged.
    bool lessonFollowsColumn = true;
    float lessonPanelHeight = 0.0f;    ///< the Lesson panel's text as last drawn, display units (it sizes itself to it)
    float lessonPanelRoom = 0.0f;      ///< the height it may take, down to the window's bottom

    // --- picking ---------------------------------------------------------------------
    BodyId selected = kNullBody;       ///< the Inspector's body; checked with isValid every frame
    ContactLog contactLog;             ///< every step's contact events, for the Contact events panel
    BodyId hovered = kNullBody;        ///< body under the cursor this frame
    /// A dock tab to bring forward (and the dock to expand) next frame: set by the View menu
    /// and by a new selection (the Inspector); null otherwise.
    bool PanelFlags::*focusTab = nullptr;

    // --- hands-on interaction (left drag, T, B, Delete) ---------------------------------
    SpawnSettings spawn;               ///< what B drops and T throws, and the drag spring
    MouseDrag mouseDrag;               ///< the left press in the view and the drag it became
    int spawnCounter = 0;              ///< last number given to a dropped or thrown body's name
    std::string spawnError;            ///< why the last drop or throw was refused

    // --- the catalogue and load errors -----------------------------------------------
    std::string scenesFolder;
    std::vector<SceneCatalogEntry> catalogue;
    int selectedScene = -1;            ///< index into catalogue
    std::string loadError;             ///< last failed load's errorText(); empty after a success
    /// What the running scene's .bullet import could not map (tumble/bullet_import.h); empty
    /// for a scene file. The Scene panel lists it.
    std::vector<std::string> importNotes;
    bool openLoadErrorPopup = false;

    // --- measurements for the Time and Stats panels ----------------------------------
    History frameMs{300};              ///< wall time per frame (~5 s at 60 fps)
    History physicsMs{300};            ///< wall time of the frame's world.step() calls
    History kineticEnergy{300};
    History potentialEnergy{300};
    History totalEnergy{300};
    int stepsThisFrame = 0;
    bool nonFiniteNoticed = false;     ///< the world reported a non-finite body; we paused once

    // --- the window ---------------------------------------------------------------------
    PanelFlags panels;
    bool quit = false;
    bool askQuit = false;              ///< open the "Quit Tumble?" question (the recording would go)
    bool uiHidden = false;             ///< Tab: every panel hidden, the view alone
    /// Esc came this frame: the open popup closes. Read from SDL's event, not Dear ImGui's key
    /// state, which (in 1.86) misses a press and release within one frame.
    bool escapePressed = false;
    float viewAspect = 1.6f;           ///< width / height of the uncovered 3D view, for "frame all"
    float viewLeftInset = 0.0f;        ///< display units hidden by panels against the left edge
    float viewRightInset = 0.0f;       ///< display units hidden by the dock against the right edge
    float viewBottomInset = 0.0f;      ///< display units hidden by the Timeline along the bottom edge
    glm::mat4 viewProjection{1.0f};    ///< of the last drawn frame: picking unprojects the cursor with it
    std::string materialError;         ///< why the last material removal was refused
    char newMaterialName[48] = {};     ///< the Materials panel's name field for "Add"
    std::vector<std::string> recentFiles; ///< File > Open recent, newest first (kept in imgui.ini)
    OpenDialog openDialog;             ///< File > Open's browser

    /// Load a scene file or a .bullet world (imported). Atomic: on failure nothing changes but
    /// loadError (and the popup).
    bool openScene(const std::string& path);
    /// `[` and `]`: the catalogue's scene before or after the one running (wrapping around).
    void openNeighbourScene(int delta);
    /// A scene or snapshot file, or a bug-report folder (its snapshot), opened by the user
    /// (File > Open, Open recent, a drop on the window): on success it heads the recent files.
    bool openFile(const std::string& path);
    /// Re-read the current scene's file (R). Keeps the live Settings if keepSettingsOnReload.
    bool reloadScene();
    /// Re-list the scenes folder for the Scene panel and the File menu.
    void refreshCatalogue();
    /// Point the camera at the bounding box of the moving bodies, or of all bodies but
    /// planes when nothing moves (F).
    void frameAll();
    /// Back to the scene's own camera (Home); in the collision gallery, framing its exhibits.
    void resetCamera();
    /// Set by a load or Home in a scene with exhibits (window/gallery.h): the frame loop calls
    /// frameExhibits once it knows how much of the window the panels leave to the view.
    bool frameExhibitsPending = false;
    /// Point the camera at all exhibits, from the scene's yaw and pitch, filling the view.
    void frameExhibits();
    /// Pause, or run again.
    void togglePause();
    /// Pause if needed, then advance exactly one step (N).
    void singleStep();
    /// N and the Timeline's right arrow: the next recorded step when rewound (the recording is
    /// kept), else one new step.
    void stepForward();
    /// Move `count` steps through the recording (negative: back), clamped to what it holds.
    void stepThroughRecording(int64_t count);
    /// Quit, or first ask when a recording would be lost (window close, Ctrl+Q, File > Quit).
    void requestQuit();
    /// Run `steps` world steps, stopping early (and pausing) if the world turns non-finite.
    void stepWorld(int steps);
    /// Select a body for the Inspector (kNullBody clears the selection).
    void select(BodyId id);
    /// Drop the Spawn panel's shape where `ray` meets the scene (B). Null if refused.
    BodyId dropBody(const Ray& ray);
    /// Throw the Spawn panel's shape along `ray` at its speed (T). Null if refused.
    BodyId throwBody(const Ray& ray);
    /// Destroy the selected body and clear the selection (Delete).
    void deleteSelected();
    /// Record this frame's measurements.
    void recordFrame(float frameSeconds, float physicsSeconds);

    /// True while the world shows a recorded step older than the newest one.
    bool viewingPast() const { return !recorder.empty() && world.stepCount() < recorder.lastStep(); }
    /// Go to a recorded step (pauses; stops a drag). False when it is not recorded.
    bool seekTo(uint64_t step);
    /// Split a variant off the world as it is now (changes: "key=value" assignments); the
    /// error, if any, goes to forkError.
    void addFork(const std::vector<std::string>& changes);
    /// Make fork i the main world: its world, settings and recording (the main recording's
    /// steps up to the fork stay on the timeline).
    void promoteFork(size_t i);
    /// Build the Bullet fork from the world as it is now (replacing one there was).
    void addBulletFork();
    /// Step the forks after the main world stepped, or follow it to a step it was put at.
    void followForks(bool stepped);
    /// The recorded state before the step shown and the settings that step ran with: what
    /// re-running it needs (compare methods, the step debugger). False, with a status line,
    /// when the recording does not hold them.
    /// quietly: no status line when it cannot (a view that tries on its own, not on a click).
    bool recordedStepStart(WorldState& before, Settings& stepSettings, bool quietly = false);
    /// Once a frame, before stepping: turn the world's contact figures on while last frame's
    /// panels or the debug draw showed them and off otherwise; stopped without them (turned
    /// on while paused, or rewound onto a recorded state), re-run the shown step to fill them.
    void keepContactFigures();
    /// Forget the comparison, the trace and the chosen row: the world left the step they show.
    void forgetStepViews();
    /// Close what compares or watches the bodies (forks, the Bullet fork, watches) after they
    /// changed, or restart the forks from step 0 after the settings did.
    void resetComparisons(bool bodiesChanged);
    /// Hand the probe switch and options to the world.
    void applyProbe() { world.setSolverProbe(probeSolver); }
    /// True when a comparison or trace of `step` taken at `hash` belongs to the step shown.
    bool showsStep(uint64_t step, uint64_t hash) const { return step == world.stepCount() && hash == world.stateHash(); }
    /// Start the recording again from the world as it is (settings changed at step 0).
    /// bodiesChanged: a body was added or removed, so the forks no longer match and close;
    /// else they are split off again with their changes.
    void restartRecording(bool bodiesChanged);
    /// What the recorder needs before a first edit of the bodies: the world as a scene (null
    /// when it already has one). Take it before the edit, hand it to bodiesEdited after.
    std::shared_ptr<const SceneDef> definitionBeforeEdit() const;
    /// A body was added or removed after the step shown: the recording goes on through it
    /// (the Timeline marks `label` there; a rewind before it brings the old bodies back), the
    /// views of the old bodies (forks, watches, step views) close.
    void bodiesEdited(const std::string& label, std::shared_ptr<const SceneDef> before);
    /// The world object was replaced (a promoted fork, a rewind across an edit): its handles
    /// may name other bodies, so selection, hover and step views go, and its shapes are new.
    void adoptReplacedWorld();
    /// Empty the world's contact cache (World::clearContactCache) and record the step shown
    /// again without it, so the steps recorded after it replay cold as they ran.
    void clearContactCache();
    /// Start the scene again with the lesson's "Break it" (broken = true) or "Fix it"
    /// settings; later reloads (R) keep them until another scene is opened.
    void applyLesson(bool broken);
    /// Lesson step k (the Lesson panel's numbered buttons): its settings and bullet flags on the
    /// running world (or the scene started again with them, for a restart step), its debug
    /// overlays on, its panel open and in front, its control outlined for a few seconds.
    void applyLessonStep(size_t k);
    /// Apply the action of lessonState, and a restart step pressed last, to the freshly
    /// loaded world (reloadScene calls it).
    void reapplyLesson();
    /// Write a snapshot of the current step to snapshots/ (Ctrl+S).
    void saveSnapshot();
    /// Write a bug-report folder for the current step (the screenshot follows after drawing).
    void saveBugReport();
    /// F12: the view without panels as captures/<scene>-step<N>.png (written after drawing).
    void saveViewPicture();
    /// Shift+F12: start recording every drawn frame into captures/<scene>-rec<n>/, or stop and
    /// hand the frames to ffmpeg when it is installed.
    void toggleRecordingVideo();
    /// Show a message in the status line for a few seconds.
    void setStatus(std::string message);
};

/// Where a file saved from the window goes: `folder`/<scene file's stem><suffix> ("scene" when
/// the scene came from no file), with the folder made if it is missing (its error, if any, in
/// `error`).
std::string savedFilePath(const App& app, const std::string& folder, const std::string& suffix,
                          std::error_code& error);

} // namespace tumble::app
