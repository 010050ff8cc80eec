#pragma once
/// \file session_memory.h
/// What the window remembers between runs beside the panels (panel_ini.h): its size and the
/// scene it last showed, kept in imgui.ini as a "[Tumble][Session]" entry. main.cpp reads it
/// before the window exists (ImGui reads its ini only in the first frame): with no scene on
/// the command line the last one opens again, and with no --size the window opens at the size
/// it was closed at. A screenshot run neither reads nor writes it.
#include <string>

namespace tumble::app {

struct RememberedSession {
    int width = 0, height = 0; ///< px; 0 when not remembered (or out of the window limits)
    std::string scenePath;     ///< absolute; empty when not remembered
};

/// The "[Tumble][Session]" entry of an ini text: `width=`, `height=` (kept only within
/// minSide..maxSide) and `scene=`. Anything else, or a malformed line, is passed over.
RememberedSession parseRememberedSession(const std::string& iniText, int minSide, int maxSide);

/// The same from a file; a missing or unreadable file remembers nothing.
RememberedSession readRememberedSession(const std::string& iniPath, int minSide, int maxSide);

/// The entry's text for the current window size and scene (the path made absolute, so the
/// next run finds it from any working directory).
std::string rememberedSessionEntry(int width, int height, const std::string& scenePath);

} // namespace tumble::app
