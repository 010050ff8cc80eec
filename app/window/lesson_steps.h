#pragma once
/// \file lesson_steps.h
/// What a lesson step's button needs from the window besides the settings: the panel it
/// names (scene files name panels as lessonPanels() lists them) and where that panel lives.
#include "window/app_state.h"

#include <string_view>

namespace tumble::app {

/// A panel a lesson step may open: its name (the window title, or the dock tab's name) and
/// the View menu's flag that shows it.
struct LessonPanel {
    std::string_view name;
    bool PanelFlags::*open;
    bool docked;                       ///< a tab of the dock on the right, not a window of its own
};

/// The panel called `name`, or null when the app has none by that name.
const LessonPanel* findLessonPanel(std::string_view name);

/// How long a step's button outlines the control it points at, s.
inline constexpr double kLessonHighlightSeconds = 3.0;

} // namespace tumble::app
