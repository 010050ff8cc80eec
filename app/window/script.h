#pragma once
/// \file script.h
/// The scripted-input language of `tumble --script FILE`: one command a line, `#` starts a
/// comment. Input commands (keys, mouse, drops, text) become SDL events that the window takes
/// the same way as a user's; `expect` checks the app's state and ends the run with status 1
/// when it does not hold. This file only reads and checks the text (no window needed): a bad
/// script is refused with its file, line and token before any window opens.
/// script_runner.h plays a parsed script inside the frame loop.
#include <SDL_keycode.h>

#include <cstdint>
#include <string>
#include <vector>

namespace tumble::app {

enum class ScriptOp : uint8_t {
    Wait,       ///< wait N: N frames
    WaitSteps,  ///< waitsteps N [F]: until the world has taken N more steps, at most F frames
    Key,        ///< key NAME: press and release
    KeyDown,    ///< keydown NAME
    KeyUp,      ///< keyup NAME
    Move,       ///< move X Y: the pointer to (X, Y), window pixels from the top left
    Click,      ///< click X Y [BUTTON]
    ClickItem,  ///< click-item "WINDOW" "LABEL": an ImGui item found by its label
    ClickBody,  ///< click-body "NAME" [BUTTON]: a body where it is drawn
    Drag,       ///< drag X1 Y1 X2 Y2 [BUTTON] [FRAMES]
    DragBody,   ///< drag-body "NAME" DX DY [BUTTON] [FRAMES]: from where a body is drawn, by (DX, DY)
    Wheel,      ///< wheel X Y NOTCHES
    Drop,       ///< drop PATH: a file dropped on the window
    Text,       ///< text "...": typed text
    Expect,     ///< expect ...: a check of the app's state
    Screenshot, ///< screenshot PATH: the window as drawn in this frame, as a PNG
    Quit,       ///< quit: end the run (status 0: every expectation held)
};

/// A key as SDL reports it, with the modifiers held while it is pressed.
struct ScriptKey {
    SDL_Keycode sym = SDLK_UNKNOWN;
    SDL_Scancode scancode = SDL_SCANCODE_UNKNOWN;
    uint16_t mod = KMOD_NONE;
};

enum class Compare : uint8_t { Equal, NotEqual, Less, LessEqual, Greater, GreaterEqual };

/// What an `expect` looks at.
enum class ExpectSubject : uint8_t {
    Step,            ///< the step shown (World::stepCount)
    RecordingLength, ///< steps the recording holds
    Bodies,          ///< bodies in the world
    Forks,           ///< forks (variants) stepping beside the world
    BodyPosition,    ///< a coordinate of a body's centre, m
    Paused,          ///< the stepper is paused
    Rewound,         ///< the step shown is older than the newest recorded one
    Scene,           ///< the scene's name, its file's path or its file's name
    Selected,        ///< the selected body's name ("" when none)
    Setting,         ///< a setting's value by its scene-file path, e.g. solver.warmStarting
    Popup,           ///< a popup (or modal) of that title is open
    Popups,          ///< popups, modals and menus open
    Panel,           ///< a panel or dock tab of that name was drawn in the last frame
    Layer,           ///< a debug layer (a debugDraw flag by its scene-file name) is on
};

struct Expectation {
    ExpectSubject subject = ExpectSubject::Step;
    bool negated = false;           ///< `not paused`, `popup ... closed`, `panel ... hidden`
    Compare compare = Compare::Equal;
    double number = 0.0;            ///< Step, RecordingLength, Bodies, Forks, Popups, BodyPosition
    int axis = 0;                   ///< BodyPosition: 0 x, 1 y, 2 z
    std::string name;               ///< Setting: its key; Popup: its title; Panel, Layer: its name; BodyPosition: the body
    std::string text;               ///< Scene, Selected; Setting: the value as JSON
};

struct ScriptCommand {
    ScriptOp op = ScriptOp::Wait;
    int line = 0;                   ///< 1-based, in the script file
    std::string source;             ///< the line as written (without its comment), for messages
    int count = 0;                  ///< Wait: frames; WaitSteps: steps; Drag, DragBody: frames; Wheel: notches
    int frameCap = 0;               ///< WaitSteps: frames before giving up
    ScriptKey key;
    float x = 0.0f, y = 0.0f, x2 = 0.0f, y2 = 0.0f; ///< window pixels (display units); DragBody: x2, y2 the offset
    uint8_t button = 1;             ///< SDL_BUTTON_LEFT, _MIDDLE or _RIGHT
    std::string text;               ///< Drop/Screenshot: path; Text: text; ClickItem: label; Click/DragBody: name
    std::string window;             ///< ClickItem: the window's name
    Expectation expect;
};

struct Script {
    std::string file;               ///< as named on the command line, for messages
    std::vector<ScriptCommand> commands;
};

/// Frames a waitsteps waits at most unless the script says otherwise.
inline constexpr int kDefaultWaitStepsFrames = 600;
/// Frames a drag takes from press to release unless the script says otherwise.
inline constexpr int kDefaultDragFrames = 10;

/// Read a script from text; `file` names it in messages. False with `error` set to
/// "FILE:LINE: what is wrong ('token')" on the first bad line.
bool parseScript(const std::string& text, const std::string& file, Script& out, std::string& error);
/// The same for a file on disk (a file that cannot be read is an error too).
bool loadScript(const std::string& path, Script& out, std::string& error);
/// A key name as scripts write it: "Space", "N", "Left", "F9", "[", "ctrl+s", "shift+Left".
bool parseKeyName(const std::string& name, ScriptKey& key);

} // namespace tumble::app
