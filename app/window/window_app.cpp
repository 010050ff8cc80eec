// runWindow: the SDL2 window, the GL 3.3 context, ImGui, and the frame loop that ties the
// fixed-step simulation to drawing (shared/ARCHITECTURE.md, "One frame in the app").
#include "window_app.h"

#include "window/app_state.h"
#include "window/debug_lines.h"
#include "window/gallery.h"
#include "window/input.h"
#include "window/panel_ini.h"
#include "window/palette.h"
#include "window/panels.h"
#include "window/picking.h"
#include "window/renderer.h"
#include "window/screenshot.h"
#include "window/script_runner.h"
#include "window/trail.h"

#include <glad/gl.h>

#include <SDL.h>
#include <backends/imgui_impl_opengl3.h>
#include <backends/imgui_impl_sdl.h>
#include <imgui.h>

#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>
#include <algorithm>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

namespace tumble::app {
namespace {

/// Frame time fed to the stepper in --screenshot and --script runs: the picture and the steps
/// a script sees must not depend on how fast the (often software) renderer is.
constexpr float kScreenshotFrameTime = 1.0f / 60.0f;
/// A fork's ghost: enough to see where its bodies are, little enough to see the main world's.
constexpr float kGhostOpacity = 0.38f;
/// The onion skin's poses: fainter than a fork's ghosts, since many of them overlap, and the
/// ones after the step shown (rewound) fainter still, like the future part of the trail.
constexpr float kOnionOpacity = 0.2f;
constexpr float kOnionFutureOpacity = 0.09f;

/// The window and its GL context, released in reverse order of creation.
struct WindowContext {
    SDL_Window* window = nullptr;
    SDL_GLContext gl = nullptr;
    ~WindowContext() {
        if (gl != nullptr) SDL_GL_DeleteContext(gl);
        if (window != nullptr) SDL_DestroyWindow(window);
        SDL_Quit();
    }
};

/// GL objects; destroyed before the context they belong to.
struct Graphics {
    Renderer renderer;
    DebugLines debugLines;
};

/// True for Mesa's software rasterisers (as under Xvfb), where multisampling doubles the
/// cost of a frame: there, a fluid frame rate matters more than smooth edges.
bool softwareRenderer() {
    const char* name = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
    std::string renderer = name != nullptr ? name : "";
    return renderer.find("llvmpipe") != std::string::npos || renderer.find("softpipe") != std::string::npos;
}

/// A resizable, high-DPI aware window with a GL 3.3 core context: with 4x multisampling
/// on a GPU that offers it, without otherwise.
bool createWindow(const WindowOptions& options, WindowContext& out, std::string& error) {
    // Ctrl+C and kill end the program as any other's; only the window asks before closing.
    SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1");
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_TIMER) != 0) {
        error = SDL_GetError();
        return false;
    }
    // Without a display SDL falls back to an off-screen driver. That is fine for a screenshot
    // (Mesa renders into a buffer), but an interactive window nobody can see would just hang,
    // and a script's pointer would reach the app but not Dear ImGui (no window has the focus).
    std::string driver = SDL_GetCurrentVideoDriver() ? SDL_GetCurrentVideoDriver() : "";
    const bool unattended = !options.screenshotPath.empty() || !options.scriptPath.empty();
    if (options.screenshotPath.empty() && (driver == "offscreen" || driver == "dummy")) {
        error = "no window system found (SDL video driver '" + driver + "'); set DISPLAY, or use --headless";
        return false;
    }
    const Uint32 flags = SDL_WINDOW_OPENGL | SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI;
    for (int samples : {4, 0}) {
        SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
        SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 3);
        SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_CORE);
        SDL_GL_SetAttribute(SDL_GL_CONTEXT_FLAGS, SDL_GL_CONTEXT_FORWARD_COMPATIBLE_FLAG);
        SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
        SDL_GL_SetAttribute(SDL_GL_DEPTH_SIZE, 24);
        SDL_GL_SetAttribute(SDL_GL_STENCIL_SIZE, 8);
        SDL_GL_SetAttribute(SDL_GL_MULTISAMPLEBUFFERS, samples > 0 ? 1 : 0);
        SDL_GL_SetAttribute(SDL_GL_MULTISAMPLESAMPLES, samples);
        out.window = SDL_CreateWindow("Tumble", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED,
                                      options.width, options.height, flags);
        out.gl = out.window != nullptr ? SDL_GL_CreateContext(out.window) : nullptr;
        if (out.gl == nullptr) {
            error = SDL_GetError();
        } else {
            SDL_GL_MakeCurrent(out.window, out.gl);
            if (gladLoadGL(reinterpret_cast<GLADloadfunc>(SDL_GL_GetProcAddress)) == 0) {
                error = "cannot load the OpenGL 3.3 functions";
                return false;
            }
            if (samples == 0 || !softwareRenderer()) break;
        }
        if (out.gl != nullptr) SDL_GL_DeleteContext(out.gl);
        if (out.window != nullptr) SDL_DestroyWindow(out.window);
        out.gl = nullptr;
        out.window = nullptr;
    }
    if (out.gl == nullptr) {
        error = "cannot create an OpenGL 3.3 core context: " + error;
        return false;
    }
    // Screenshots and scripts run as fast as they can; interactive frames follow the display.
    SDL_GL_SetSwapInterval(unattended ? 0 : 1);
    return true;
}

void initImGui(const WindowContext& context, App& app, ScriptRunner* script) {
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    // Layout and open panels persist in imgui.ini; a screenshot or script run must neither
    // read nor write it, so it sees the default layout and a test leaves no files behind.
    if (!app.options.screenshotPath.empty() || script != nullptr) io.IniFilename = nullptr;
    // The items a script can click by label are recorded there (script_runner.h).
    if (script != nullptr) io.UserData = &script->items();
    registerPanelIniHandler(app);
    ImGui::StyleColorsDark();
    ImGuiStyle& style = ImGui::GetStyle();
    style.WindowRounding = 4.0f;
    style.FrameRounding = 3.0f;
    style.Colors[ImGuiCol_WindowBg].w = 0.92f;
    ImGui_ImplSDL2_InitForOpenGL(context.window, context.gl);
    ImGui_ImplOpenGL3_Init("#version 330");
}

void shutdownImGui() {
    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplSDL2_Shutdown();
    ImGui::DestroyContext();
}

/// Every body at the pose to draw: lerp/slerp between the last two physics poses at the
/// stepper's alpha, or the current pose when paused or when interpolation is off.
std::vector<BodyVisual> collectVisuals(const App& app) {
    const bool blend = app.interpolate && !app.stepper.paused;
    const float alpha = app.stepper.alpha();
    const std::vector<Material>& materials = app.world.materials();
    std::vector<BodyVisual> visuals;
    for (BodyId id : app.world.bodyIds()) {
        const Body& b = app.world.body(id);
        BodyVisual v;
        v.shape = &b.shape;
        v.position = blend ? glm::mix(b.previousPosition, b.position, alpha) : b.position;
        v.orientation = blend ? glm::slerp(b.previousOrientation, b.orientation, alpha) : b.orientation;
        if (b.material >= 0 && b.material < static_cast<int>(materials.size()))
            v.color = materials[static_cast<size_t>(b.material)].color;
        // The selected body lit up, the hovered one a little (its wire box comes from picking).
        if (id == app.selected) v.color = glm::mix(v.color, glm::vec3(1.0f), 0.45f);
        else if (id == app.hovered) v.color = glm::mix(v.color, glm::vec3(1.0f), 0.2f);
        v.type = b.type;
        v.sleeping = b.sleeping;
        v.sensor = b.sensor;
        visuals.push_back(v);
    }
    return visuals;
}

/// The main world's bodies in the Debug draw panel's style: static ones solid, the moving ones
/// solid, see-through, as edges, or as faint fills with their edges (X-ray).
void drawMainBodies(const App& app, Renderer& renderer, const ViewParams& params) {
    std::vector<BodyVisual> visuals = collectVisuals(app);
    // Sensors collide with nothing, so they must not look solid: a faint fill with their edges,
    // drawn last (see-through over what is behind them), casting no shadow.
    std::vector<BodyVisual> sensors;
    for (const BodyVisual& v : visuals)
        if (v.sensor) sensors.push_back(v);
    std::erase_if(visuals, [](const BodyVisual& v) { return v.sensor; });
    if (params.shadows) renderer.drawShadowMap(visuals, params);
    std::vector<BodyVisual> still, moving;
    for (const BodyVisual& v : visuals)
        (v.type == BodyType::Static || app.bodyStyle == BodyStyle::Solid ? still : moving).push_back(v);
    renderer.drawBodies(still, params);
    switch (app.bodyStyle) {
    case BodyStyle::Transparent: renderer.drawBodies(moving, params, std::clamp(app.bodyOpacity, 0.05f, 1.0f)); break;
    case BodyStyle::Wireframe: renderer.drawBodies(moving, params, 1.0f, true); break;
    case BodyStyle::XRay:
        renderer.drawBodies(moving, params, 0.12f);
        renderer.drawBodies(moving, params, 0.6f, true);
        break;
    case BodyStyle::Solid: break;
    }
    if (sensors.empty()) return;
    renderer.drawBodies(sensors, params, 0.18f);
    renderer.drawBodies(sensors, params, 0.9f, true);
}

/// The dynamic bodies of every fork at the main world's step, in its colour, at the same
/// interpolated pose as the main world's (they step in lockstep): the ghosts.
std::vector<BodyVisual> forkVisuals(const App& app, size_t i) {
    const bool blend = app.interpolate && !app.stepper.paused;
    const float alpha = app.stepper.alpha();
    const palette::Rgb c = palette::forkColor(static_cast<unsigned>(i));
    std::vector<BodyVisual> visuals;
    const World& w = app.forks[i].world;
    for (BodyId id : w.bodyIds()) {
        const Body& b = w.body(id);
        if (b.type == BodyType::Static) continue; // the same as the main world's
        BodyVisual v;
        v.shape = &b.shape;
        v.position = blend ? glm::mix(b.previousPosition, b.position, alpha) : b.position;
        v.orientation = blend ? glm::slerp(b.previousOrientation, b.orientation, alpha) : b.orientation;
        v.color = {c.r, c.g, c.b};
        v.type = b.type;
        visuals.push_back(v);
    }
    return visuals;
}

/// The Bullet fork's dynamic bodies, with the main world's shapes (the same bodies, by
/// ordinal) at Bullet's recorded poses of the step shown, interpolated from the step before
/// like the main world's (the recording holds both while running).
std::vector<BodyVisual> bulletVisuals(const App& app) {
    const PeerFork& b = app.bulletFork;
    const uint64_t now = app.world.stepCount();
    const std::vector<PeerPose>* current = b.posesAt(now);
    if (current == nullptr) return {};
    const std::vector<PeerPose>* previous = now > 0 ? b.posesAt(now - 1) : nullptr;
    const bool blend = app.interpolate && !app.stepper.paused && previous != nullptr;
    const float alpha = app.stepper.alpha();
    const palette::Rgb c = palette::kBulletGhost;
    std::vector<BodyVisual> visuals;
    const std::vector<BodyId> ids = app.world.bodyIds();
    const size_t n = std::min(current->size(), ids.size());
    for (size_t k = 0; k < n; ++k) {
        const Body& body = app.world.body(ids[k]);
        if (body.type == BodyType::Static) continue;
        const PeerPose& to = (*current)[k];
        BodyVisual v;
        v.shape = &body.shape;
        v.position = blend ? glm::mix((*previous)[k].position, to.position, alpha) : to.position;
        v.orientation = blend ? glm::slerp((*previous)[k].orientation, to.orientation, alpha) : to.orientation;
        v.color = {c.r, c.g, c.b};
        v.type = body.type;
        visuals.push_back(v);
    }
    return visuals;
}

/// The Plots tab's export: the plots' part of the frame just drawn, as a PNG.
void savePlotPicture(App& app, int pixelsW, int pixelsH, int windowW) {
    const float scale = windowW > 0 ? static_cast<float>(pixelsW) / static_cast<float>(windowW) : 1.0f;
    const glm::vec4 r = app.plotPictureRect * scale;
    std::string error;
    const bool ok = saveScreenshotRegion(app.pendingPlotPicture, pixelsW, pixelsH, int(std::lround(r.x)),
                                         int(std::lround(r.y)), int(std::lround(r.z)), int(std::lround(r.w)), error);
    app.setStatus(ok ? "Saved the plots to " + app.pendingPlotPicture : "Could not save the plots: " + error);
    app.pendingPlotPicture.clear();
}

/// The camera's matrices. `leftFraction`, `rightFraction` and `bottomFraction` of the window
/// are covered by panels: the projection is shifted so the orbit target sits in the middle of
/// the uncovered part (whose centre is at NDC (leftFraction - rightFraction, bottomFraction)),
/// and scaled so the camera's vertical field of view spans the uncovered height.
ViewParams viewParams(const OrbitCamera& camera, float aspect, float leftFraction, float rightFraction,
                      float bottomFraction) {
    ViewParams p;
    p.view = camera.view();
    const float height = 1.0f - bottomFraction;
    p.projection = glm::translate(glm::mat4(1.0f), glm::vec3(leftFraction - rightFraction, bottomFraction, 0.0f)) *
                   glm::scale(glm::mat4(1.0f), glm::vec3(height, height, 1.0f)) * camera.projection(aspect);
    p.eye = camera.eye();
    p.focus = camera.target;
    p.distance = camera.distance;
    return p;
}

/// Playing the recording backward: one recorded step back per dt of (scaled) frame time.
void playBackward(App& app, float frameTime) {
    const float dt = app.world.settings().timestep;
    app.backwardAccumulator = std::min(app.backwardAccumulator + frameTime * app.stepper.timeScale,
                                       app.world.settings().maxFrameTime);
    uint64_t back = 0;
    while (app.backwardAccumulator >= dt) {
        app.backwardAccumulator -= dt;
        ++back;
    }
    const uint64_t now = app.world.stepCount(), first = app.recorder.firstStep();
    const uint64_t target = now > first + back ? now - back : first;
    if (target != now) app.seekTo(target);
    if (target == first) app.playBackward = false;
}

/// Advance the simulation by one frame's worth of time.
void simulate(App& app, float frameTime) {
    if (app.playBackward) {
        playBackward(app, frameTime);
        app.recordFrame(frameTime, 0.0f);
        return;
    }
    Settings& s = app.world.settings();
    int steps = app.stepper.advance(frameTime, s.timestep, s.maxFrameTime);
    Uint64 start = SDL_GetPerformanceCounter();
    app.stepWorld(steps);
    float physicsSeconds = static_cast<float>(SDL_GetPerformanceCounter() - start) /
                           static_cast<float>(SDL_GetPerformanceFrequency());
    app.recordFrame(frameTime, physicsSeconds);
}

/// Run frames until quit (or until the screenshot is written, or the script ends). Returns
/// the exit status.
int frameLoop(App& app, const WindowContext& context, Graphics& graphics, ScriptRunner* script) {
    const WindowOptions& options = app.options;
    const bool screenshot = !options.screenshotPath.empty();
    const bool fixedFrameTime = screenshot || script != nullptr;
    const ImGuiIO& io = ImGui::GetIO();
    uint64_t drawnGeneration = 0;
    int frame = 0;
    Uint64 last = SDL_GetPerformanceCounter();
    while (!app.quit) {
        int windowW = 0, windowH = 0, pixelsW = 0, pixelsH = 0;
        SDL_GetWindowSize(context.window, &windowW, &windowH);
        SDL_GL_GetDrawableSize(context.window, &pixelsW, &pixelsH);
        // Remembered in imgui.ini: the size of the window as a window, not full screen or maximised.
        if ((SDL_GetWindowFlags(context.window) & (SDL_WINDOW_FULLSCREEN | SDL_WINDOW_MAXIMIZED)) == 0)
            app.windowWidth = windowW, app.windowHeight = windowH;
        const float aspect = pixelsH > 0 ? static_cast<float>(pixelsW) / static_cast<float>(pixelsH) : 1.0f;
        // Last frame's panels decide how much of the view is covered (at most half of it).
        const float leftFraction =
            windowW > 0 ? std::clamp(app.viewLeftInset / static_cast<float>(windowW), 0.0f, 0.5f) : 0.0f;
        const float rightFraction =
            windowW > 0 ? std::clamp(app.viewRightInset / static_cast<float>(windowW), 0.0f, 0.5f) : 0.0f;
        const float bottomFraction =
            windowH > 0 ? std::clamp(app.viewBottomInset / static_cast<float>(windowH), 0.0f, 0.4f) : 0.0f;
        app.viewAspect = aspect * std::max(1.0f - leftFraction - rightFraction, 0.1f) / (1.0f - bottomFraction);
        // After the first frame: by then the panels have said how much of the window they cover.
        if (app.frameExhibitsPending && frame > 0) app.frameExhibits();

        if (script != nullptr) {
            script->beforeEvents(app, context.window);
            if (app.quit) break;
        }
        SDL_Event event;
        while (SDL_PollEvent(&event)) {
            ImGui_ImplSDL2_ProcessEvent(&event);
            if (event.type == SDL_WINDOWEVENT && event.window.event == SDL_WINDOWEVENT_CLOSE) app.requestQuit();
            handleEvent(app, event, static_cast<float>(windowH));
        }
        // The drag target follows the cursor every frame, also while the mouse rests and the
        // body swings toward it.
        updateMouseDrag(app);

        Uint64 now = SDL_GetPerformanceCounter();
        float frameTime = fixedFrameTime ? kScreenshotFrameTime
                                     : static_cast<float>(now - last) / static_cast<float>(SDL_GetPerformanceFrequency());
        last = now;
        app.keepContactFigures();
        simulate(app, frameTime);
        validateSelection(app);

        ImGui_ImplOpenGL3_NewFrame();
        ImGui_ImplSDL2_NewFrame();
        ImGui::GetIO().FontGlobalScale = app.uiScale;
        ImGui::NewFrame();
        // A bug report's picture is of the view as the user sees it without the menu that
        // asked for it: the frame after the request is drawn bare and read back.
        const bool bareFrame = !app.pendingScreenshot.empty();
        if (bareFrame) {
            // The insets stay as the last frame left them: the same view, without the panels.
        } else if (!screenshot || options.panels) {
            drawPanels(app);
        } else {
            app.viewLeftInset = 0.0f;
            app.viewRightInset = 0.0f;
            app.viewBottomInset = 0.0f;
        }

        if (drawnGeneration != app.sceneGeneration) {
            // A new world: its capsules and hulls need their own meshes.
            graphics.renderer.clearShapeCache();
            drawnGeneration = app.sceneGeneration;
            std::string title = "Tumble - " + (app.scene.name.empty() ? app.scenePath : app.scene.name);
            SDL_SetWindowTitle(context.window, title.c_str());
        }
        ViewParams params = viewParams(app.camera, aspect, leftFraction, rightFraction, bottomFraction);
        params.outlines = app.outlines;
        params.shadows = app.shadows;
        glm::mat4 viewProj = params.projection * params.view;
        app.viewProjection = viewProj; // what the user sees is what a click picks from
        graphics.debugLines.clear();
        emitExhibitLabels(findExhibits(app.world), graphics.debugLines);
        emitDebugDraw(app.world, app.debugDraw, graphics.debugLines);
        emitSelection(app, graphics.debugLines);
        updateTrail(app);
        emitTrail(app, graphics.debugLines);
        emitDebuggerCursor(app, graphics.debugLines);
        graphics.debugLines.drawLabels(ImGui::GetBackgroundDrawList(), viewProj, io.DisplaySize.x, io.DisplaySize.y);
        ImGui::Render();

        graphics.renderer.beginFrame(pixelsW, pixelsH);
        drawMainBodies(app, graphics.renderer, params);
        graphics.renderer.drawGrid(params);
        for (size_t i = 0; i < app.forks.size(); ++i)
            if (app.forks[i].inStep) graphics.renderer.drawBodies(forkVisuals(app, i), params, kGhostOpacity);
        if (app.bulletFork.inStep())
            graphics.renderer.drawBodies(bulletVisuals(app), params, kGhostOpacity);
        if (!app.trailCache.onion.empty()) {
            graphics.renderer.drawBodies(onionVisuals(app, false), params, kOnionOpacity);
            graphics.renderer.drawBodies(onionVisuals(app, true), params, kOnionFutureOpacity);
        }
        DebugView debugView;
        debugView.viewProj = viewProj;
        debugView.eye = params.eye;
        debugView.viewport = {static_cast<float>(pixelsW), static_cast<float>(pixelsH)};
        debugView.pixelScale = (windowW > 0 ? static_cast<float>(pixelsW) / static_cast<float>(windowW) : 1.0f) * app.lineScale;
        graphics.debugLines.draw(debugView);
        ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());

        if (bareFrame) {
            // The bug report's picture: this frame, the view alone.
            std::string error;
            if (!saveScreenshot(app.pendingScreenshot, pixelsW, pixelsH, error))
                app.setStatus((app.pendingScreenshotNote.empty() ? "Bug report saved, but not its screenshot: "
                                                                 : "Could not save the view: ") + error);
            else if (!app.pendingScreenshotNote.empty())
                app.setStatus(app.pendingScreenshotNote);
            app.pendingScreenshot.clear();
            app.pendingScreenshotNote.clear();
        }
        if (!app.pendingPlotPicture.empty()) savePlotPicture(app, pixelsW, pixelsH, windowW);
        captureDrawnFrame(app, pixelsW, pixelsH);
        if (const std::string shot = script != nullptr ? script->takeScreenshot() : ""; !shot.empty()) {
            std::string error;
            if (!saveScreenshot(shot, pixelsW, pixelsH, error)) script->screenshotFailed(app, error);
        }
        ++frame;
        if (screenshot && frame >= options.frames) {
            std::string error;
            if (!saveScreenshot(options.screenshotPath, pixelsW, pixelsH, error)) {
                std::cerr << "tumble: screenshot: " << error << "\n";
                return 1;
            }
            return 0;
        }
        SDL_GL_SwapWindow(context.window);
    }
    if (script == nullptr) return 0;
    script->windowClosed();
    return script->state() == ScriptState::Passed ? 0 : 1;
}

} // namespace

int runWindow(const WindowOptions& options) {
    // A script that does not read is bad input, refused before anything opens.
    std::unique_ptr<ScriptRunner> script;
    if (!options.scriptPath.empty()) {
        Script parsed;
        std::string error;
        if (!loadScript(options.scriptPath, parsed, error)) {
            std::cerr << "tumble: " << error << "\n";
            return 2;
        }
        script = std::make_unique<ScriptRunner>(std::move(parsed));
    }
    App app;
    app.options = options;
    app.scenesFolder = options.scenesFolder;
    app.recentFiles = options.recentFiles;
    app.refreshCatalogue();
    // The scene first: bad input is exit status 2 whether or not there is a display.
    // The last run's scene, if it no longer loads, gives way to the default (the error stays
    // for the popup); a scene the command line named that does not load is exit status 2.
    bool opened = app.openScene(options.scenePath);
    const bool showError = !opened && !options.fallbackScenePath.empty();
    if (showError) {
        std::cerr << "tumble: the last scene, " << options.scenePath << ", did not load; opening "
                  << options.fallbackScenePath << "\n";
        const std::string lastError = app.loadError;
        opened = app.openScene(options.fallbackScenePath);
        if (opened) app.loadError = lastError;
    }
    if (!opened) {
        std::cerr << app.loadError << (app.loadError.empty() || app.loadError.back() != '\n' ? "\n" : "");
        return 2;
    }
    app.openLoadErrorPopup = showError;
    if (opened && !showError && options.restoreLastView) {
        // The last scene as it was left; step 0 is recorded again with its settings.
        CameraDef view = app.scene.camera;
        const int changed = restoreSceneView(options.lastSession, view, app.debugDraw, app.world.settings());
        app.camera.reset(view);
        if (changed > 0) app.restartRecording(false);
    }
    if (options.startPaused) app.stepper.paused = true;

    WindowContext context;
    std::string error;
    if (!createWindow(options, context, error)) {
        std::cerr << "tumble: no display: " << error << "\n";
        return 1;
    }
    initImGui(context, app, script.get());
    int status = 1;
    {
        Graphics graphics;
        if (!graphics.renderer.init(error) || !graphics.debugLines.init(error)) {
            std::cerr << "tumble: renderer: " << error << "\n";
        } else {
            status = frameLoop(app, context, graphics, script.get());
        }
    }
    shutdownImGui();
    return status;
}

} // namespace tumble::app
