// Playing a script in the frame loop: each input command as the SDL events a user's hands
// would make, over the frames they would take; each expectation against the app's state.
#include "window/script_runner.h"

#include "tumble/scene.h"

#include <imgui.h>
#include <imgui_internal.h>
#include <nlohmann/json.hpp>

#include <glm/vec4.hpp>
#include <algorithm>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <sstream>

namespace tumble::app {
namespace {

/// Frames a click-item looks for its item before giving up: a menu or a popup shows its items
/// a frame or two after it opens.
constexpr int kFindItemFrames = 30;
/// Frames a click or drag waits for SDL to see a warped pointer arrive.
constexpr int kWarpFrames = 60;

Uint32 windowId(SDL_Window* window) { return SDL_GetWindowID(window); }

void pushMouseButton(SDL_Window* window, float x, float y, uint8_t button, bool down) {
    SDL_Event e{};
    e.type = down ? SDL_MOUSEBUTTONDOWN : SDL_MOUSEBUTTONUP;
    e.button.timestamp = SDL_GetTicks();
    e.button.windowID = windowId(window);
    e.button.button = button;
    e.button.state = down ? SDL_PRESSED : SDL_RELEASED;
    e.button.clicks = 1;
    e.button.x = static_cast<Sint32>(std::lround(x));
    e.button.y = static_cast<Sint32>(std::lround(y));
    SDL_PushEvent(&e);
}

void pushKeyEvent(SDL_Window* window, SDL_Keycode sym, SDL_Scancode scancode, uint16_t mod, bool down) {
    SDL_Event e{};
    e.type = down ? SDL_KEYDOWN : SDL_KEYUP;
    e.key.timestamp = SDL_GetTicks();
    e.key.windowID = windowId(window);
    e.key.state = down ? SDL_PRESSED : SDL_RELEASED;
    e.key.keysym.scancode = scancode;
    e.key.keysym.sym = sym;
    e.key.keysym.mod = mod;
    SDL_PushEvent(&e);
}

/// The modifier keys a script's key names hold, as keys of their own.
struct ModifierKey {
    uint16_t mod;
    SDL_Keycode sym;
    SDL_Scancode scancode;
};
constexpr ModifierKey kModifierKeys[] = {{KMOD_LCTRL, SDLK_LCTRL, SDL_SCANCODE_LCTRL},
                                         {KMOD_LSHIFT, SDLK_LSHIFT, SDL_SCANCODE_LSHIFT},
                                         {KMOD_LALT, SDLK_LALT, SDL_SCANCODE_LALT}};

/// A key going down or up, with its modifiers as a hand presses them: first down, last up.
/// Dear ImGui's backend reads Ctrl and Shift from SDL's modifier state when it takes each key
/// event (after this frame's pushes), and keeps them until the next key event: hence the
/// modifiers' own releases, without which Ctrl would stay held for ImGui and swallow typing.
void pushKey(SDL_Window* window, const ScriptKey& key, bool down) {
    const uint16_t after = down ? key.mod : uint16_t(KMOD_NONE);
    SDL_SetModState(static_cast<SDL_Keymod>(after));
    if (!down) pushKeyEvent(window, key.sym, key.scancode, key.mod, false);
    for (const ModifierKey& m : kModifierKeys)
        if ((key.mod & m.mod) != 0) pushKeyEvent(window, m.sym, m.scancode, after, down);
    if (down) pushKeyEvent(window, key.sym, key.scancode, key.mod, true);
}

/// The pointer itself moves (a warp), so SDL's mouse state, which Dear ImGui's backend and
/// the body drag read every frame, follows; SDL reports the move as a motion event.
void movePointer(SDL_Window* window, float x, float y) {
    SDL_WarpMouseInWindow(window, static_cast<int>(std::lround(x)), static_cast<int>(std::lround(y)));
}

/// A motion event with the buttons held (the warp's own event carries none: the pointer's
/// buttons are not really down), as a drag in the view reads them.
void pushMotion(SDL_Window* window, glm::vec2 from, glm::vec2 to, uint8_t button) {
    SDL_Event e{};
    e.type = SDL_MOUSEMOTION;
    e.motion.timestamp = SDL_GetTicks();
    e.motion.windowID = windowId(window);
    e.motion.state = SDL_BUTTON(button);
    e.motion.x = static_cast<Sint32>(std::lround(to.x));
    e.motion.y = static_cast<Sint32>(std::lround(to.y));
    e.motion.xrel = e.motion.x - static_cast<Sint32>(std::lround(from.x));
    e.motion.yrel = e.motion.y - static_cast<Sint32>(std::lround(from.y));
    SDL_PushEvent(&e);
}

void pushWheel(SDL_Window* window, int notches) {
    SDL_Event e{};
    e.type = SDL_MOUSEWHEEL;
    e.wheel.timestamp = SDL_GetTicks();
    e.wheel.windowID = windowId(window);
    e.wheel.y = notches;
    e.wheel.direction = SDL_MOUSEWHEEL_NORMAL;
    SDL_PushEvent(&e);
}

/// As the window system reports a drop: the absolute path, in memory the handler frees.
void pushDrop(SDL_Window* window, const std::string& path) {
    SDL_Event e{};
    e.type = SDL_DROPFILE;
    e.drop.timestamp = SDL_GetTicks();
    e.drop.windowID = windowId(window);
    e.drop.file = SDL_strdup(std::filesystem::absolute(path).string().c_str());
    SDL_PushEvent(&e);
}

/// Typed text, in as many events as SDL's 32-byte text field needs (not splitting a UTF-8
/// character).
void pushText(SDL_Window* window, const std::string& text) {
    constexpr size_t kChunk = sizeof(SDL_TextInputEvent::text) - 1;
    for (size_t start = 0; start < text.size();) {
        size_t end = std::min(start + kChunk, text.size());
        while (end < text.size() && end > start && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;
        SDL_Event e{};
        e.type = SDL_TEXTINPUT;
        e.text.timestamp = SDL_GetTicks();
        e.text.windowID = windowId(window);
        std::memcpy(e.text.text, text.data() + start, end - start);
        SDL_PushEvent(&e);
        start = end;
    }
}

/// A window's name as shown: without ImGui's "##id" part, and for a child window
/// ("Parent/Name_0123ABCD") its own name.
std::string shownName(const ImGuiWindow& w) {
    std::string name = w.Name;
    if ((w.Flags & ImGuiWindowFlags_ChildWindow) != 0) {
        const size_t slash = name.rfind('/');
        if (slash != std::string::npos) name = name.substr(slash + 1);
        const size_t underscore = name.rfind('_');
        if (underscore != std::string::npos) name = name.substr(0, underscore);
    }
    return name.substr(0, name.find("##"));
}

/// True when a window of that name (or a dock tab's child) was drawn in the last frame and
/// neither it nor a window holding it is folded to its title bar. Read between frames, a
/// window's Active flag is still the last frame's.
bool panelDrawn(const std::string& name) {
    for (const ImGuiWindow* w : GImGui->Windows) {
        if (!w->Active || w->Hidden || shownName(*w) != name) continue;
        bool folded = false;
        for (const ImGuiWindow* p = w; p != nullptr; p = p->ParentWindow) folded |= p->Collapsed;
        if (!folded) return true;
    }
    return false;
}

std::string quoted(const std::string& s) {
    std::string out = "\"";
    out += s;
    return out + "\"";
}

/// The titles of the popups open now, comma separated, for messages.
std::string openPopups() {
    std::string list;
    for (const ImGuiPopupData& p : GImGui->OpenPopupStack) {
        if (p.Window == nullptr) continue;
        if (!list.empty()) list += ", ";
        const std::string shown = shownName(*p.Window);
        list += quoted(shown.empty() ? p.Window->Name : shown); // a menu is "##Menu_00"
    }
    return list.empty() ? "none" : list;
}

bool popupOpen(const std::string& title) {
    for (const ImGuiPopupData& p : GImGui->OpenPopupStack)
        if (p.Window != nullptr && shownName(*p.Window) == title) return true;
    return false;
}

bool compare(double actual, Compare op, double expected) {
    switch (op) {
    case Compare::Equal: return actual == expected;
    case Compare::NotEqual: return actual != expected;
    case Compare::Less: return actual < expected;
    case Compare::LessEqual: return actual <= expected;
    case Compare::Greater: return actual > expected;
    case Compare::GreaterEqual: return actual >= expected;
    }
    return false;
}

/// Setting values as the scene file writes them: numbers equal to float precision (the
/// settings hold floats), everything else exactly.
bool sameValue(const nlohmann::json& a, const nlohmann::json& b) {
    if (a.is_number() && b.is_number()) {
        const double x = a.get<double>(), y = b.get<double>();
        return std::abs(x - y) <= 1e-6 * std::max(1.0, std::abs(y));
    }
    if (a.is_array() && b.is_array()) {
        if (a.size() != b.size()) return false;
        for (size_t i = 0; i < a.size(); ++i)
            if (!sameValue(a[i], b[i])) return false;
        return true;
    }
    return a == b;
}

nlohmann::json settingValue(const Settings& settings, const std::string& key) {
    nlohmann::json at = settingsToJson(settings);
    std::istringstream parts(key);
    for (std::string part; std::getline(parts, part, '.');) at = nlohmann::json(at[part]);
    return at;
}

/// Empty when `e` holds; else what was found instead.
std::string checkExpectation(const App& app, const Expectation& e) {
    auto numeric = [&](const char* what, double actual) {
        std::ostringstream text;
        text << what << " is " << actual;
        return compare(actual, e.compare, e.number) ? std::string() : text.str();
    };
    auto flag = [&](bool actual, const char* yes, const char* no) {
        return actual != e.negated ? std::string() : std::string("it is ") + (actual ? yes : no);
    };
    auto text = [&](const char* what, bool matches, const std::string& actual) {
        return matches == (e.compare == Compare::Equal) ? std::string() : std::string(what) + " is " + actual;
    };
    switch (e.subject) {
    case ExpectSubject::Step: return numeric("step", double(app.world.stepCount()));
    case ExpectSubject::RecordingLength: return numeric("recording-length", double(app.recorder.size()));
    case ExpectSubject::Bodies: return numeric("bodies", double(app.world.bodyIds().size()));
    case ExpectSubject::Forks: return numeric("forks", double(app.forks.size()));
    case ExpectSubject::BodyPosition: {
        const BodyId id = app.world.findBody(e.name);
        if (!app.world.isValid(id)) return "no body is named " + quoted(e.name);
        const char axis[] = {char('x' + e.axis), '\0'};
        return numeric(axis, double(app.world.body(id).position[e.axis]));
    }
    case ExpectSubject::Paused: return flag(app.stepper.paused, "paused", "running");
    case ExpectSubject::Rewound:
        return flag(app.viewingPast(), "rewound", ("at the newest step, " + std::to_string(app.world.stepCount())).c_str());
    case ExpectSubject::Scene: {
        const std::string file = std::filesystem::path(app.scenePath).filename().string();
        const bool matches = e.text == app.scene.name || e.text == app.scenePath || e.text == file;
        return text("scene", matches, quoted(app.scene.name) + " (" + app.scenePath + ")");
    }
    case ExpectSubject::Selected: {
        const std::string name = app.world.isValid(app.selected) ? app.world.body(app.selected).name : "";
        return text("selected", name == e.text, app.world.isValid(app.selected) ? quoted(name) : "nothing");
    }
    case ExpectSubject::Setting: {
        const nlohmann::json actual = settingValue(app.world.settings(), e.name);
        return text(e.name.c_str(), sameValue(actual, nlohmann::json::parse(e.text)), actual.dump());
    }
    case ExpectSubject::Popups: {
        const std::string found = numeric("popups", double(GImGui->OpenPopupStack.Size));
        return found.empty() ? found : found + " (" + openPopups() + ")";
    }
    case ExpectSubject::Popup:
        return popupOpen(e.name) != e.negated ? std::string() : "open popups: " + openPopups();
    case ExpectSubject::Layer:
        for (const DebugDrawFlag& f : debugDrawFlags())
            if (e.name == f.name && app.debugDraw.*f.member == e.negated)
                return std::string("it is ") + (e.negated ? "on" : "off");
        return {};
    case ExpectSubject::Panel:
        return panelDrawn(e.name) != e.negated ? std::string()
                                               : std::string("it is ") + (e.negated ? "visible" : "not drawn");
    }
    return {};
}

/// Where a body's centre is drawn, in display units; false when it is not in front of the camera.
bool bodyOnScreen(const App& app, BodyId id, glm::vec2& at) {
    const glm::vec4 clip = app.viewProjection * glm::vec4(app.world.body(id).position, 1.0f);
    if (clip.w <= 1e-6f) return false;
    const ImVec2 size = ImGui::GetIO().DisplaySize;
    at = {(0.5f + 0.5f * clip.x / clip.w) * size.x, (0.5f - 0.5f * clip.y / clip.w) * size.y};
    return at.x >= 0.0f && at.y >= 0.0f && at.x < size.x && at.y < size.y;
}

/// The centre of the item labelled `label` in window `window` (its own name or a parent's, as
/// shown; "*" for any) in the last frame drawn.
bool findItem(const std::vector<ScriptItem>& items, const std::string& window, const std::string& label,
              glm::vec2& at) {
    for (const ScriptItem& item : items) {
        const bool inWindow = window == "*" || std::find(item.windows.begin(), item.windows.end(), window) != item.windows.end();
        if (!inWindow || ImHashStr(label.c_str(), 0, item.seed) != item.id) continue;
        at = {0.5f * (item.minX + item.maxX), 0.5f * (item.minY + item.maxY)};
        return true;
    }
    return false;
}

} // namespace

void recordScriptItem() {
    auto* items = static_cast<ScriptItems*>(ImGui::GetIO().UserData);
    if (items == nullptr) return;
    const ImGuiWindow* window = GImGui->CurrentWindow;
    // A window's first frame is laid out unseen (auto-sized popups move once sized): only
    // items a user could see are where a click would find them.
    if (window->Hidden) return;
    ScriptItem item;
    for (const ImGuiWindow* w = window; w != nullptr; w = w->ParentWindow) item.windows.push_back(shownName(*w));
    item.seed = window->IDStack.back();
    item.id = ImGui::GetItemID();
    const ImVec2 min = ImGui::GetItemRectMin(), max = ImGui::GetItemRectMax();
    item.minX = min.x, item.minY = min.y, item.maxX = max.x, item.maxY = max.y;
    items->drawing.push_back(std::move(item));
}

void ScriptRunner::beforeEvents(App& app, SDL_Window* window) {
    items_.beforeLast.swap(items_.last);
    items_.last.swap(items_.drawing);
    items_.drawing.clear();
    // The script starts once the window has settled: the panels take a frame to appear and
    // another to size themselves, and the view centres itself beside them a frame later.
    if (settleFrames_ > 0) {
        --settleFrames_;
        return;
    }
    while (state_ == ScriptState::Running) {
        if (next_ == script_.commands.size()) {
            state_ = ScriptState::Passed;
            app.quit = true;
            return;
        }
        const ScriptCommand& c = script_.commands[next_];
        if (!perform(app, window, c, frame_++)) return;
        ++next_;
        frame_ = 0;
        targetFrame_ = -1;
        arrivedFrame_ = -1;
    }
}

bool ScriptRunner::clickAt(SDL_Window* window, float x, float y, uint8_t button, int frame) {
    // A frame between each: ImGui reads the pointer once a frame, and a press it did not see
    // hovering, or a release in the frame of the press, would not be a click. An ImGui button
    // acts in the frame of the release, so one more frame draws what it changed (a window
    // unfolded in the middle of a frame shows its contents in the next).
    if (frame == 0) {
        movePointer(window, x, y);
        return false;
    }
    if (!pointerArrived(x, y, frame)) return false;
    switch (frame - arrivedFrame_) {
    case 0: return false; // ImGui sees the pointer hover first
    case 1: pushMouseButton(window, x, y, button, true); return false;
    case 2: pushMouseButton(window, x, y, button, false); return false;
    default: return frame - arrivedFrame_ >= 4;
    }
}

bool ScriptRunner::pointerArrived(float x, float y, int frame) {
    if (arrivedFrame_ >= 0) return true;
    int mx = 0, my = 0;
    SDL_GetMouseState(&mx, &my);
    const bool there = std::abs(mx - int(std::lround(x))) <= 1 && std::abs(my - int(std::lround(y))) <= 1;
    if (!there && frame < kWarpFrames) return false;
    arrivedFrame_ = frame;
    return true;
}

bool ScriptRunner::drag(SDL_Window* window, glm::vec2 from, glm::vec2 to, uint8_t button, int frames, int frame) {
    auto along = [&](int f) { return glm::mix(from, to, std::clamp(float(f) / float(frames), 0.0f, 1.0f)); };
    if (frame == 0) {
        movePointer(window, from.x, from.y);
        return false;
    }
    if (!pointerArrived(from.x, from.y, frame)) return false;
    frame -= arrivedFrame_ - 1; // from here on as if the pointer had arrived in frame 1
    if (frame == 1) {
        pushMouseButton(window, from.x, from.y, button, true);
    } else if (frame <= frames + 1) {
        const glm::vec2 at = along(frame - 1);
        movePointer(window, at.x, at.y);
        pushMotion(window, along(frame - 2), at, button);
    } else if (frame == frames + 2) {
        pushMouseButton(window, to.x, to.y, button, false);
    } else {
        return true;
    }
    return false;
}

bool ScriptRunner::perform(App& app, SDL_Window* window, const ScriptCommand& c, int frame) {
    switch (c.op) {
    case ScriptOp::Wait: return frame >= c.count;
    case ScriptOp::WaitSteps:
        if (frame == 0) startStep_ = app.world.stepCount();
        if (app.world.stepCount() >= startStep_ + uint64_t(c.count)) return true;
        if (frame >= c.frameCap) {
            fail(app, c, "the world took " + std::to_string(app.world.stepCount() - startStep_) + " steps in " +
                             std::to_string(c.frameCap) + " frames" + (app.stepper.paused ? " (it is paused)" : ""));
        }
        return false;
    case ScriptOp::Key:
        if (frame < 2) pushKey(window, c.key, frame == 0);
        return frame >= 2;
    case ScriptOp::KeyDown:
    case ScriptOp::KeyUp:
        if (frame == 0) pushKey(window, c.key, c.op == ScriptOp::KeyDown);
        return frame >= 1;
    case ScriptOp::Move:
        if (frame == 0) movePointer(window, c.x, c.y);
        return frame >= 1;
    case ScriptOp::Click: return clickAt(window, c.x, c.y, c.button, frame);
    case ScriptOp::ClickItem:
    case ScriptOp::ClickBody:
    case ScriptOp::DragBody:
        if (targetFrame_ < 0 && !aim(app, c, frame)) return false;
        if (c.op == ScriptOp::DragBody)
            return drag(window, target_, target_ + glm::vec2(c.x2, c.y2), c.button, c.count, frame - targetFrame_);
        return clickAt(window, target_.x, target_.y, c.button, frame - targetFrame_);
    case ScriptOp::Drag: return drag(window, {c.x, c.y}, {c.x2, c.y2}, c.button, c.count, frame);
    case ScriptOp::Wheel:
        if (frame == 0) movePointer(window, c.x, c.y);
        else if (frame == 1) pushWheel(window, c.count);
        return frame >= 2;
    case ScriptOp::Drop:
    case ScriptOp::Text:
        if (frame == 0) (c.op == ScriptOp::Drop ? pushDrop : pushText)(window, c.text);
        return frame >= 1;
    case ScriptOp::Screenshot:
        if (frame == 0) screenshot_ = c.text;
        return frame >= 1;
    case ScriptOp::Expect: {
        const std::string actual = checkExpectation(app, c.expect);
        if (!actual.empty()) fail(app, c, actual);
        return actual.empty();
    }
    case ScriptOp::Quit:
        state_ = ScriptState::Passed;
        app.quit = true;
        return false;
    }
    return true;
}

bool ScriptRunner::aim(App& app, const ScriptCommand& c, int frame) {
    if (c.op == ScriptOp::ClickItem) {
        // Found where it was drawn in the last two frames alike: a panel still settling (one
        // that follows another's size, or sizes itself to its text) would move it under the
        // pointer. Past the frame limit the last place is taken.
        glm::vec2 before{-1.0f};
        if (findItem(items_.last, c.window, c.text, target_) &&
            ((findItem(items_.beforeLast, c.window, c.text, before) && before == target_) ||
             frame >= kFindItemFrames)) {
            targetFrame_ = frame;
            return true;
        }
        if (frame >= kFindItemFrames)
            fail(app, c, "no item " + quoted(c.text) + " in a window " + quoted(c.window) + " was drawn in " +
                             std::to_string(kFindItemFrames) + " frames");
        return false;
    }
    const BodyId id = app.world.findBody(c.text);
    if (!app.world.isValid(id)) {
        fail(app, c, "no body is named " + quoted(c.text));
        return false;
    }
    if (!bodyOnScreen(app, id, target_)) {
        fail(app, c, "the body is not in the view");
        return false;
    }
    targetFrame_ = frame;
    return true;
}

void ScriptRunner::screenshotFailed(App& app, const std::string& error) {
    fail(app, script_.commands[next_], "cannot save the screenshot: " + error);
}

void ScriptRunner::fail(App& app, const ScriptCommand& c, const std::string& why) {
    std::cerr << "tumble: " << script_.file << ":" << c.line << ": " << c.source << ": " << why << "\n";
    state_ = ScriptState::Failed;
    app.quit = true;
}

std::string ScriptRunner::takeScreenshot() {
    std::string path;
    path.swap(screenshot_);
    return path;
}

void ScriptRunner::windowClosed() {
    if (state_ != ScriptState::Running) return;
    std::cerr << "tumble: " << script_.file;
    if (next_ < script_.commands.size())
        std::cerr << ":" << script_.commands[next_].line << ": " << script_.commands[next_].source;
    std::cerr << ": the window closed before the script ended\n";
    state_ = ScriptState::Failed;
}

} // namespace tumble::app
