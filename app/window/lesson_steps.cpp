// The panels lesson steps may open, by the names scene files use (lessonPanels()).
#include "window/lesson_steps.h"

#include <array>

namespace tumble::app {
namespace {

constexpr std::array<LessonPanel, 17> kPanels{{
    {"Solver", &PanelFlags::solver, true},
    {"Materials", &PanelFlags::materials, true},
    {"Collision", &PanelFlags::collision, true},
    {"Inspector", &PanelFlags::inspector, true},
    {"Debug draw", &PanelFlags::debugDraw, true},
    {"System", &PanelFlags::system, true},
    {"Step debugger", &PanelFlags::debugger, true},
    {"Plots", &PanelFlags::plots, true},
    {"Forks", &PanelFlags::forks, true},
    {"Contact events", &PanelFlags::contactEvents, true},
    {"Spawn", &PanelFlags::spawn, true},
    {"Time", &PanelFlags::time, false},
    {"Scene", &PanelFlags::scene, false},
    {"Stats", &PanelFlags::stats, false},
    {"Settings", &PanelFlags::settings, false},
    {"Timeline", &PanelFlags::timeline, false},
    {"Help", &PanelFlags::help, false},
}};

} // namespace

const LessonPanel* findLessonPanel(std::string_view name) {
    for (const LessonPanel& p : kPanels)
        if (p.name == name) return &p;
    return nullptr;
}

} // namespace tumble::app
