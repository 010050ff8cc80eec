#pragma once
/// \file window_app.h
/// The windowed program: SDL2 window, GL 3.3 renderer, ImGui panels. main.cpp parses the
/// command line and calls runWindow(); headless runs never touch this file's code.
#include "window/session_memory.h"

#include <string>
#include <vector>

namespace tumble::app {

struct WindowOptions {
    std::string scenePath = "scenes/default.json"; ///< scene to open
    std::string scenesFolder = "scenes";           ///< catalogue for the Scene panel
    std::string screenshotPath;                    ///< non-empty: render `frames` frames, save PNG, exit
    int frames = 60;                               ///< frames to run before the screenshot
    bool panels = false;                           ///< with --screenshot: draw the ImGui panels too
    bool startPaused = false;                      ///< --paused: open the scene paused at step 0
    /// Non-empty: play this script of input and checks (window/script.h); the exit status is
    /// its outcome.
    std::string scriptPath;
    int width = 1280;
    int height = 800;
    /// Non-empty when scenePath is the last run's scene (session_memory.h) rather than one the
    /// command line named: if it no longer loads, this one opens instead, with the error shown.
    std::string fallbackScenePath;
    std::vector<std::string> recentFiles;         ///< File > Open recent, newest first (session_memory.h)
    /// The last run's view of its scene (camera, debug layers, changed settings), put back when
    /// scenePath is that scene and it opens (not the fallback).
    bool restoreLastView = false;
    RememberedSession lastSession;
};

/// Open the window and run until closed (or until the screenshot is written).
/// Returns the process exit status: 0 ok, 2 bad input (scene failed to load at start-up, or
/// a script that does not read), 1 no display / GL failure, or a script's expectation failed.
int runWindow(const WindowOptions& options);

} // namespace tumble::app
