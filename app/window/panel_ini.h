#pragma once
/// \file panel_ini.h
/// Which panels are open is kept in imgui.ini next to ImGui's own window layout, as a
/// "[Tumble][Panels]" entry, so the app reopens as it was closed.
#include "window/app_state.h"

namespace tumble::app {

/// Register the entry's reader and writer with the current ImGui context. Call after
/// ImGui::CreateContext and before the first frame (ImGui reads the ini in its first
/// NewFrame). `panels` must outlive the context.
void registerPanelIniHandler(PanelFlags& panels);

} // namespace tumble::app
