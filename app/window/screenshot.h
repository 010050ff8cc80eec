#pragma once
/// \file screenshot.h
/// Saving the rendered frame as a PNG (--screenshot).
#include <string>

namespace tumble::app {

/// Read the back buffer (call after drawing the frame, before swapping), flip it to top-down
/// rows and write it as an RGB PNG. On failure returns false with a message in `error`.
bool saveScreenshot(const std::string& path, int width, int height, std::string& error);

/// Part of the back buffer: the rectangle at (x, y) (pixels from the top left) of width x
/// height, clipped to the framebuffer of fbWidth x fbHeight (the Plots tab's PNG export).
bool saveScreenshotRegion(const std::string& path, int fbWidth, int fbHeight, int x, int y, int width, int height,
                          std::string& error);

} // namespace tumble::app
