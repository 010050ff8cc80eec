// Shortcuts, the orbit camera's mouse bindings, and selecting and dragging bodies.
#include "window/input.h"
#include "window/debug_keys.h"
#include "window/view_menu.h"

#include "window/picking.h"

#include <imgui.h>

#include <glm/geometric.hpp>
#include <algorithm>
#include <cstdint>

namespace tumble::app {
namespace {

glm::vec2 displaySize() {
    const ImGuiIO& io = ImGui::GetIO();
    return {io.DisplaySize.x, io.DisplaySize.y};
}

/// The ray under a cursor position in display units.
bool rayAt(const App& app, glm::vec2 cursor, Ray& ray) {
    return cursorRay(app, cursor, displaySize(), ray.origin, ray.direction);
}

/// The cursor in display units, when the pointer is over the window.
bool cursorInWindow(glm::vec2& cursor) {
    if (SDL_GetMouseFocus() == nullptr) return false;
    int x = 0, y = 0;
    SDL_GetMouseState(&x, &y);
    cursor = {static_cast<float>(x), static_cast<float>(y)};
    return true;
}

void toggleFullscreen(const SDL_KeyboardEvent& key) {
    SDL_Window* window = SDL_GetWindowFromID(key.windowID);
    if (window == nullptr) return;
    const bool full = (SDL_GetWindowFlags(window) & SDL_WINDOW_FULLSCREEN_DESKTOP) != 0;
    SDL_SetWindowFullscreen(window, full ? 0 : SDL_WINDOW_FULLSCREEN_DESKTOP);
}

/// The wheel zooms toward what is under the cursor: the orbit centre moves along with the
/// distance, so the point under the cursor stays under it (a body, else the ground plane y = 0;
/// with neither, the plain zoom toward the centre).
void zoomTowardCursor(App& app, float notches) {
    const float before = app.camera.distance;
    app.camera.zoom(notches);
    glm::vec2 cursor;
    Ray ray;
    if (!cursorInWindow(cursor) || !rayAt(app, cursor, ray)) return;
    glm::vec3 aim;
    RayHit hit;
    if (app.world.rayCast(ray.origin, ray.direction, kPickDistance, hit)) {
        aim = hit.point;
    } else if (ray.direction.y < -1e-4f) {
        aim = ray.origin + ray.direction * (-ray.origin.y / ray.direction.y);
    } else {
        return;
    }
    // The camera sits at target - distance * forward; scaling about `aim` keeps it in place on screen.
    app.camera.target = aim + (app.camera.target - aim) * (app.camera.distance / before);
}

void handleKey(App& app, const SDL_KeyboardEvent& key) {
    // Holding N or an arrow keeps stepping.
    const SDL_Keycode sym = key.keysym.sym;
    if (key.repeat != 0 && sym != SDLK_n && sym != SDLK_LEFT && sym != SDLK_RIGHT) return;
    const bool ctrl = (key.keysym.mod & KMOD_CTRL) != 0, shift = (key.keysym.mod & KMOD_SHIFT) != 0;
    Ray ray;
    switch (sym) {
    case SDLK_SPACE: app.togglePause(); break;
    case SDLK_n: app.stepForward(); break;
    case SDLK_LEFT: app.stepThroughRecording(shift ? -10 : -1); break;
    case SDLK_RIGHT:
        if (!shift) app.stepForward();
        else app.stepThroughRecording(10);
        break;
    case SDLK_HOME: app.stepThroughRecording(INT64_MIN / 2); break;
    case SDLK_END: app.stepThroughRecording(INT64_MAX / 2); break;
    case SDLK_r: app.reloadScene(); break;
    case SDLK_f: app.frameAll(); break;
    case SDLK_c: app.resetCamera(); break;
    case SDLK_TAB: app.uiHidden = !app.uiHidden; break;
    case SDLK_l: app.debugLegend = !app.debugLegend; break;
    case SDLK_x: app.bodyStyle = static_cast<BodyStyle>((static_cast<int>(app.bodyStyle) + 1) % 4); break;
    case SDLK_F11: toggleFullscreen(key); break;
    case SDLK_F9: app.togglePresentation(); break;
    case SDLK_F12:
        if (shift) app.toggleRecordingVideo();
        else app.saveViewPicture();
        break;
    case SDLK_EQUALS:
    case SDLK_PLUS:
    case SDLK_KP_PLUS:
        if (ctrl) app.uiScale = std::min(app.uiScale + 0.125f, kMaxUiScale);
        break;
    case SDLK_MINUS:
    case SDLK_KP_MINUS:
        if (ctrl) app.uiScale = std::max(app.uiScale - 0.125f, kMinUiScale);
        break;
    case SDLK_0:
        if (ctrl) app.uiScale = 1.0f;
        break;
    case SDLK_t:
        if (spawnRay(app, ray)) app.throwBody(ray);
        break;
    case SDLK_b:
        if (spawnRay(app, ray)) app.dropBody(ray);
        break;
    case SDLK_DELETE: app.deleteSelected(); break;
    case SDLK_LEFTBRACKET: app.openNeighbourScene(-1); break;
    case SDLK_RIGHTBRACKET: app.openNeighbourScene(+1); break;
    case SDLK_s:
        if (ctrl) app.saveSnapshot();
        break;
    case SDLK_q:
        if (ctrl) app.requestQuit();
        break;
    case SDLK_o:
        if (ctrl) app.openDialog.requested = true;
        break;
    case SDLK_1: case SDLK_2: case SDLK_3: case SDLK_4: case SDLK_5:
    case SDLK_6: case SDLK_7: case SDLK_8: case SDLK_9:
        if (const DebugLayerKey* layer = debugLayerForKey(static_cast<char>(sym)); layer != nullptr && !ctrl) {
            bool& on = app.debugDraw.*layer->flag;
            on = !on;
            app.setStatus(std::string(layer->name) + (on ? " on" : " off") + " (key " + layer->key + ")");
        }
        break;
    default: break; // Esc closes the popup on top (drawPanels), never the window
    }
}

void handleMotion(App& app, const SDL_MouseMotionEvent& motion, float viewHeight) {
    SDL_Keymod mods = SDL_GetModState();
    bool left = (motion.state & SDL_BUTTON_LMASK) != 0;
    bool middle = (motion.state & SDL_BUTTON_MMASK) != 0;
    bool right = (motion.state & SDL_BUTTON_RMASK) != 0;
    bool shift = (mods & KMOD_SHIFT) != 0;
    bool alt = (mods & KMOD_ALT) != 0;
    float dx = static_cast<float>(motion.xrel), dy = static_cast<float>(motion.yrel);
    // Left drag alone is kept free for picking and dragging bodies.
    if (middle || (right && shift)) app.camera.pan(dx, dy, viewHeight);
    else if (right || (left && alt)) app.camera.rotate(dx, dy);
}

/// Left press (without Alt, which orbits) selects the body under the cursor, or nothing;
/// on a dynamic body it also readies a drag, which starts once the cursor moves.
void handleButton(App& app, const SDL_MouseButtonEvent& button) {
    if (button.button != SDL_BUTTON_LEFT || (SDL_GetModState() & KMOD_ALT) != 0) return;
    glm::vec2 cursor{static_cast<float>(button.x), static_cast<float>(button.y)};
    Ray ray;
    if (!rayAt(app, cursor, ray)) {
        app.select(kNullBody);
        return;
    }
    // Ctrl pushes with a force, Ctrl+Shift twists with a torque; plain pulls with the spring.
    const SDL_Keymod mods = SDL_GetModState();
    const DragMode mode = (mods & KMOD_CTRL) == 0    ? DragMode::Spring
                          : (mods & KMOD_SHIFT) != 0 ? DragMode::Torque
                                                     : DragMode::Force;
    app.select(pressDrag(app.mouseDrag, app.world, ray, cursor, mode));
}

} // namespace

void handleEvent(App& app, const SDL_Event& event, float viewHeight) {
    const ImGuiIO& io = ImGui::GetIO();
    switch (event.type) {
    case SDL_QUIT: app.requestQuit(); break;
    case SDL_DROPFILE:
        if (event.drop.file != nullptr) {
            app.openFile(event.drop.file);
            SDL_free(event.drop.file);
        }
        break;
    case SDL_KEYDOWN:
        if (event.key.keysym.sym == SDLK_ESCAPE) app.escapePressed = true;
        if (!io.WantTextInput) handleKey(app, event.key);
        break;
    case SDL_MOUSEMOTION:
        if (!io.WantCaptureMouse) handleMotion(app, event.motion, viewHeight);
        break;
    case SDL_MOUSEBUTTONDOWN:
        if (io.WantCaptureMouse) break;
        if (event.button.button == SDL_BUTTON_RIGHT)
            viewMenuPress(app, {static_cast<float>(event.button.x), static_cast<float>(event.button.y)});
        else
            handleButton(app, event.button);
        break;
    case SDL_MOUSEBUTTONUP:
        // Wherever the button comes up (over a panel, outside the window), the drag ends.
        if (event.button.button == SDL_BUTTON_LEFT) releaseDrag(app.mouseDrag, app.world);
        if (event.button.button == SDL_BUTTON_RIGHT)
            viewMenuRelease(app, {static_cast<float>(event.button.x), static_cast<float>(event.button.y)});
        break;
    case SDL_MOUSEWHEEL:
        if (!io.WantCaptureMouse) zoomTowardCursor(app, static_cast<float>(event.wheel.y));
        break;
    default: break;
    }
}

void updateMouseDrag(App& app) {
    if (!app.mouseDrag.pressed) return;
    glm::vec2 cursor;
    Ray ray;
    if (!cursorInWindow(cursor) || !rayAt(app, cursor, ray)) return; // keep the last target
    glm::vec3 viewDirection = glm::normalize(app.camera.target - app.camera.eye());
    updateDrag(app.mouseDrag, app.world, app.spawn.drag, ray, cursor, viewDirection);
}

bool viewCentreRay(const App& app, Ray& ray) {
    glm::vec2 size = displaySize();
    // The projection is shifted so the orbit target sits in the middle of the part of the
    // window the panels leave uncovered (window_app.cpp, viewParams).
    float left = std::clamp(app.viewLeftInset, 0.0f, 0.5f * size.x);
    float right = std::clamp(app.viewRightInset, 0.0f, 0.5f * size.x);
    float bottom = std::clamp(app.viewBottomInset, 0.0f, 0.4f * size.y);
    return rayAt(app, {0.5f * (size.x + left - right), 0.5f * (size.y - bottom)}, ray);
}

bool spawnRay(const App& app, Ray& ray) {
    glm::vec2 cursor;
    if (!ImGui::GetIO().WantCaptureMouse && cursorInWindow(cursor) && rayAt(app, cursor, ray)) return true;
    return viewCentreRay(app, ray);
}

} // namespace tumble::app
