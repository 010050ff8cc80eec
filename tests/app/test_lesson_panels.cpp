// Lesson steps name panels as scene files spell them (lessonPanels()); the window must know
// each one, open it with the flag the View menu uses, and say where it lives.
#include "window/lesson_steps.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

using namespace tumble;
using namespace tumble::app;

TEST(LessonPanels, EveryPanelAStepMayNameOpensItsOwnFlag) {
    std::vector<bool PanelFlags::*> flags;
    for (std::string_view name : lessonPanels()) {
        const LessonPanel* panel = findLessonPanel(name);
        ASSERT_NE(panel, nullptr) << name << " is a panel scene files may name, but the window has none";
        EXPECT_EQ(panel->name, name);
        // No two names share a flag: a step opens the panel it names.
        for (bool PanelFlags::*other : flags) EXPECT_NE(other, panel->open) << name << " shares its flag with another panel";
        flags.push_back(panel->open);
    }
    EXPECT_EQ(flags.size(), lessonPanels().size());
}

TEST(LessonPanels, TheDockTabsAreDockedAndTheWindowsAreNot) {
    for (const char* tab : {"Solver", "Materials", "Collision", "Inspector", "Debug draw", "Forks", "Plots"})
        EXPECT_TRUE(findLessonPanel(tab)->docked) << tab;
    for (const char* window : {"Time", "Scene", "Stats", "Settings", "Timeline", "Help"})
        EXPECT_FALSE(findLessonPanel(window)->docked) << window;
    EXPECT_EQ(findLessonPanel("Solvr"), nullptr);
    EXPECT_EQ(findLessonPanel("Lesson"), nullptr) << "a step never points at the panel it is in";
}

namespace {

/// Every source file of the window, as one text.
std::string windowSources() {
    std::string all;
    for (const auto& entry : std::filesystem::directory_iterator(std::filesystem::path(TUMBLE_SOURCE_DIR) / "app" / "window")) {
        if (entry.path().extension() != ".cpp") continue;
        std::ifstream in(entry.path());
        all += std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    }
    return all;
}

/// True when some widget call takes `label` as its label and an itemTooltip follows within a
/// few lines: itemTooltip is the hook that outlines a lesson's control.
bool labelledWithTooltip(const std::string& sources, const std::string& label) {
    const std::string call = "(\"" + label + "\"";
    for (size_t at = sources.find(call); at != std::string::npos; at = sources.find(call, at + 1))
        if (sources.substr(at, 800).find("itemTooltip(") != std::string::npos) return true;
    return false;
}

} // namespace

// The outline finds a control by its ImGui label (panel_lesson.cpp): a step whose control no
// widget carries would open its panel and outline nothing.
TEST(LessonPanels, EveryControlACatalogueStepNamesIsALabelTheWindowDraws) {
    const std::string sources = windowSources();
    int controls = 0;
    for (const auto& entry : std::filesystem::directory_iterator(std::filesystem::path(TUMBLE_SOURCE_DIR) / "scenes")) {
        if (entry.path().extension() != ".json") continue;
        SceneLoadResult r = loadSceneFile(entry.path().string());
        ASSERT_TRUE(r.ok()) << r.errorText();
        for (const LessonStep& step : r.scene.lesson.steps) {
            if (step.control.empty()) continue;
            ++controls;
            // The Debug draw panel's checkboxes are labelled with the flags' names.
            const bool flag = step.panel == "Debug draw" &&
                              std::any_of(debugDrawFlags().begin(), debugDrawFlags().end(),
                                          [&](const DebugDrawFlag& f) { return step.control == f.name; });
            EXPECT_TRUE(flag || labelledWithTooltip(sources, step.control))
                << entry.path().filename() << ": no widget labelled \"" << step.control << "\" followed by its itemTooltip";
        }
    }
    EXPECT_GT(controls, 80);
}
