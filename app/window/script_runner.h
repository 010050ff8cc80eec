#pragma once
/// \file script_runner.h
/// Plays a script (script.h) inside the window's frame loop, a command at a time: input
/// commands become SDL events pushed with SDL_PushEvent (and pointer moves real pointer
/// warps), so they reach Dear ImGui's backend and the app's handlers exactly as a user's do;
/// `expect` reads the app's state and ImGui's between two frames.
#include "window/app_state.h"
#include "window/script.h"

#include <SDL.h>

#include <cstdint>
#include <string>
#include <vector>

namespace tumble::app {

/// An ImGui item drawn in a frame, as itemTooltip saw it: enough to find it again by its label
/// (ImGui hashes a label with the ID on top of the window's ID stack) and to click its centre.
struct ScriptItem {
    std::vector<std::string> windows;   ///< its window's name, then each parent's (as shown)
    uint32_t seed = 0;                  ///< the ID stack's top when it was drawn
    uint32_t id = 0;                    ///< its own ID
    float minX = 0, minY = 0, maxX = 0, maxY = 0; ///< display units
};

/// The items of the frame being drawn and of the last one. While a script runs, ImGui's
/// io.UserData points here and itemTooltip (every control has one) records each item.
struct ScriptItems {
    std::vector<ScriptItem> drawing, last, beforeLast; ///< this frame's, the last, the one before
};

/// Record ImGui's last item, when a script is running (itemTooltip calls it).
void recordScriptItem();

/// Frames the window draws before a script's first command: panels that size themselves to
/// their text (the Lesson panel) take a few frames to settle, a scrollbar coming and going
/// once as the text wraps.
inline constexpr int kScriptSettleFrames = 8;

/// Where a command stands when the frame ends.
enum class ScriptState : uint8_t { Running, Passed, Failed };

class ScriptRunner {
public:
    explicit ScriptRunner(Script script) : script_(std::move(script)) {}

    /// Once per frame, before SDL's events are read: run the commands due in this frame (those
    /// that need no frame, then the one that does, which pushes its events now). At the end of
    /// the script or at `quit` it sets app.quit; when an expectation fails it prints why,
    /// naming the file and line, and sets app.quit.
    void beforeEvents(App& app, SDL_Window* window);
    /// The path of a `screenshot` due in this frame, then "" until the next one.
    std::string takeScreenshot();
    /// The frame loop could not write that screenshot: the run fails, naming its line.
    void screenshotFailed(App& app, const std::string& error);
    /// The run's outcome once it ended; the exit status is 0 for Passed, 1 for Failed.
    ScriptState state() const { return state_; }
    /// The window closed before the script ended (the app quit by itself): a failure, with the
    /// command the script was at.
    void windowClosed();
    ScriptItems& items() { return items_; }

private:
    /// Run command `c` in its `frame`-th frame (0 the first); true when it is done and the
    /// next command may start in this same frame.
    bool perform(App& app, SDL_Window* window, const ScriptCommand& c, int frame);
    /// Find where a click-item, click-body or drag-body goes (target_, from targetFrame_ on).
    /// False while it is not found yet, or after failing the run when it cannot be.
    bool aim(App& app, const ScriptCommand& c, int frame);
    /// The pointer to (x, y), a press a frame later, the release a frame after that: true once done.
    bool clickAt(SDL_Window* window, float x, float y, uint8_t button, int frame);
    /// Press at `from`, move to `to` over `frames` frames, release: true once done.
    bool drag(SDL_Window* window, glm::vec2 from, glm::vec2 to, uint8_t button, int frames, int frame);
    /// End the run with status 1 and a message naming the file and line of `c`.
    void fail(App& app, const ScriptCommand& c, const std::string& why);

    Script script_;
    ScriptItems items_;
    int settleFrames_ = kScriptSettleFrames; ///< frames left before the first command
    size_t next_ = 0;                  ///< the command running
    int frame_ = 0;                    ///< frames the command has run
    uint64_t startStep_ = 0;           ///< waitsteps: the step it started at
    int targetFrame_ = -1;             ///< click-item, click-body: the frame their target was found
    int arrivedFrame_ = -1;            ///< a click or drag: the frame SDL saw the pointer arrive
    /// The warp reaches SDL through the window system, a frame or more later on a busy
    /// machine: true once SDL's mouse state is at (x, y), recording the frame in arrivedFrame_
    /// (or after kWarpFrames frames, so a pointer the system will not move cannot hang a run).
    bool pointerArrived(float x, float y, int frame);
    glm::vec2 target_{0.0f};           ///< and where it is
    std::string screenshot_;
    ScriptState state_ = ScriptState::Running;
};

} // namespace tumble::app
