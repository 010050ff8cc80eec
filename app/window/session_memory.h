#pragma once
/// \file session_memory.h
/// What the window remembers between runs beside the panels (panel_ini.h): its size and the
/// scene it last showed and the files opened lately (File > Open recent), kept in imgui.ini as a "[Tumble][Session]" entry. main.cpp reads it
/// before the window exists (ImGui reads its ini only in the first frame): with no scene on
/// the command line the last one opens again, and with no --size the window opens at the size
/// it was closed at. A screenshot run neither reads nor writes it.
#include <string>
#include <vector>

namespace tumble::app {

struct RememberedSession {
    int width = 0, height = 0; ///< px; 0 when not remembered (or out of the window limits)
    std::string scenePath;     ///< absolute; empty when not remembered
    std::vector<std::string> recentFiles; ///< newest first, at most kMaxRecentFiles
};

/// The "[Tumble][Session]" entry of an ini text: `width=`, `height=` (kept only within
/// minSide..maxSide), `scene=` and any number of `recent=` lines (newest first; the first
/// kMaxRecentFiles kept). Anything else, or a malformed line, is passed over.
RememberedSession parseRememberedSession(const std::string& iniText, int minSide, int maxSide);

/// The same from a file; a missing or unreadable file remembers nothing.
RememberedSession readRememberedSession(const std::string& iniPath, int minSide, int maxSide);

/// The entry's text for the current window size, scene and recent files (paths made
/// absolute, so the next run finds them from any working directory).
std::string rememberedSessionEntry(int width, int height, const std::string& scenePath,
                                   const std::vector<std::string>& recentFiles);

} // namespace tumble::app
