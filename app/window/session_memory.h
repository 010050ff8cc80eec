#pragma once
/// \file session_memory.h
/// What the window remembers between runs beside the panels (panel_ini.h): its size, the
/// scene it last showed as it was left (camera, debug layers, the settings changed from the
/// file's), and the files opened lately (File > Open recent), kept in imgui.ini as a
/// "[Tumble][Session]" entry. main.cpp reads it before the window exists (ImGui reads its ini
/// only in the first frame): with no scene on the command line the last one opens again, as it
/// was left, and with no --size the window opens at the size it was closed at. A scene named on
/// the command line opens as its file says. A screenshot or script run neither reads nor
/// writes it.
#include "tumble/scene.h"

#include <string>
#include <vector>

namespace tumble::app {

struct RememberedSession {
    int width = 0, height = 0; ///< px; 0 when not remembered (or out of the window limits)
    std::string scenePath;     ///< absolute; empty when not remembered
    std::vector<std::string> recentFiles; ///< newest first, at most kMaxRecentFiles
    /// The last scene as it was left (applied only when that scene opens again at start):
    bool hasCamera = false;
    CameraDef camera;
    bool hasDebugLayers = false;
    std::vector<std::string> debugLayers; ///< the debugDraw flags that were on, by name
    std::vector<std::string> settings;    ///< "key=value" (as --set takes them): changed from the file's
};

/// The settings in which `now` differs from `file`, as "key=value" assignments that
/// applySettingOverride turns `file` into `now` with (leaves of the settings JSON, in its order).
std::vector<std::string> settingChanges(const Settings& file, const Settings& now);

/// The names of the debug layers that are on.
std::vector<std::string> debugLayersOn(const DebugDrawOptions& options);

/// Put the remembered view of the last scene back: camera, debug layers (any other off), and
/// each setting change that still applies (one the file's format no longer takes is passed
/// over). Returns how many setting changes were applied.
int restoreSceneView(const RememberedSession& session, CameraDef& camera, DebugDrawOptions& debug,
                     Settings& settings);

/// The "[Tumble][Session]" entry of an ini text: `width=`, `height=` (kept only within
/// minSide..maxSide), `scene=`, any number of `recent=` lines (newest first; the first
/// kMaxRecentFiles kept), `camera=tx,ty,tz,distance,yaw,pitch` (finite numbers, else left out),
/// `debug=name,name,...` and `set=key=value` lines. Anything else, or a malformed line, is passed over.
RememberedSession parseRememberedSession(const std::string& iniText, int minSide, int maxSide);

/// The same from a file; a missing or unreadable file remembers nothing.
RememberedSession readRememberedSession(const std::string& iniPath, int minSide, int maxSide);

/// The entry's text for `session` (paths made absolute, so the next run finds them from any
/// working directory).
std::string rememberedSessionEntry(const RememberedSession& session);

} // namespace tumble::app
