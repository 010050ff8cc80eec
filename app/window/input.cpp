// Shortcuts and the orbit camera's mouse bindings.
#include "window/input.h"

#include "window/picking.h"

#include <imgui.h>

namespace tumble::app {
namespace {

void handleKey(App& app, const SDL_KeyboardEvent& key) {
    if (key.repeat != 0 && key.keysym.sym != SDLK_n) return; // holding N steps repeatedly
    switch (key.keysym.sym) {
    case SDLK_SPACE: app.togglePause(); break;
    case SDLK_n: app.singleStep(); break;
    case SDLK_r: app.reloadScene(); break;
    case SDLK_f: app.frameAll(); break;
    case SDLK_HOME: app.resetCamera(); break;
    case SDLK_ESCAPE: app.quit = true; break;
    default: break;
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

/// Left click (without Alt, which orbits) selects the body under the cursor, or nothing.
void handleButton(App& app, const SDL_MouseButtonEvent& button) {
    if (button.button != SDL_BUTTON_LEFT || (SDL_GetModState() & KMOD_ALT) != 0) return;
    const ImGuiIO& io = ImGui::GetIO();
    glm::vec2 cursor{static_cast<float>(button.x), static_cast<float>(button.y)};
    app.select(pickBody(app, cursor, {io.DisplaySize.x, io.DisplaySize.y}));
}

} // namespace

void handleEvent(App& app, const SDL_Event& event, float viewHeight) {
    const ImGuiIO& io = ImGui::GetIO();
    switch (event.type) {
    case SDL_QUIT: app.quit = true; break;
    case SDL_KEYDOWN:
        if (!io.WantTextInput) handleKey(app, event.key);
        break;
    case SDL_MOUSEMOTION:
        if (!io.WantCaptureMouse) handleMotion(app, event.motion, viewHeight);
        break;
    case SDL_MOUSEBUTTONDOWN:
        if (!io.WantCaptureMouse) handleButton(app, event.button);
        break;
    case SDL_MOUSEWHEEL:
        if (!io.WantCaptureMouse) app.camera.zoom(static_cast<float>(event.wheel.y));
        break;
    default: break;
    }
}

} // namespace tumble::app
