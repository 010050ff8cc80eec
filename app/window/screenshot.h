#pragma once
/// \file screenshot.h
/// Saving the rendered frame as a PNG (--screenshot).
#include <string>

namespace tumble::app {

/// Read the back buffer (call after drawing the frame, before swapping), flip it to top-down
/// rows and write it as an RGB PNG. On failure returns false with a message in `error`.
bool saveScreenshot(const std::string& path, int width, int height, std::string& error);

} // namespace tumble::app
