#pragma once
/// \file debug_legend.h
/// What the debug draw's colours mean, flag by flag: the legend the window shows over the
/// view for the overlays that are on. Kept beside the colours themselves (debug_draw.cpp), so
/// a colour changed there changes here.
#include <glm/vec3.hpp>

#include <vector>

namespace tumble {

struct DebugLegendEntry {
    const char* flag;    ///< DebugDrawFlag::name it belongs to
    glm::vec3 color;     ///< linear RGB 0..1, as drawn
    const char* meaning; ///< a few words
};

/// Every colour of every flag, in panel order.
const std::vector<DebugLegendEntry>& debugLegend();

} // namespace tumble
