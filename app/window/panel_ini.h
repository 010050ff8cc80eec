#pragma once
/// \file panel_ini.h
/// Which panels are open, and the view's style (UI scale, line scale, how bodies are drawn),
/// are kept in imgui.ini next to ImGui's own window layout, as a "[Tumble][Panels]" entry, so
/// the app reopens as it was closed.
#include "window/app_state.h"

namespace tumble::app {

/// Register the entry's reader and writer with the current ImGui context. Call after
/// ImGui::CreateContext and before the first frame (ImGui reads the ini in its first
/// NewFrame). `app` must outlive the context.
void registerPanelIniHandler(App& app);

} // namespace tumble::app
