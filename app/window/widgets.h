#pragma once
/// \file widgets.h
/// Small ImGui building blocks the panels share: enum combos labelled with the scene-file
/// names, table headers with a tooltip per column, and the text of vectors.
#include "window/panels.h"

#include <imgui.h>

#include <glm/vec3.hpp>
#include <string>

namespace tumble::app {

/// A combo over an enum's values [0, count), labelled with the scene-file names (toString).
/// `itemHelp`, when given, holds one tooltip per value, shown while that entry is hovered.
template <class Enum>
bool enumCombo(const char* label, Enum& value, int count, const char* const* itemHelp = nullptr) {
    bool changed = false;
    std::string current(toString(value));
    if (ImGui::BeginCombo(label, current.c_str())) {
        for (int i = 0; i < count; ++i) {
            Enum candidate = static_cast<Enum>(i);
            std::string name(toString(candidate));
            if (ImGui::Selectable(name.c_str(), candidate == value)) {
                value = candidate;
                changed = true;
            }
            if (itemHelp != nullptr) itemTooltip(itemHelp[i]);
        }
        ImGui::EndCombo();
    }
    return changed;
}

/// A table column's header and what the column shows; the table's setup columns and its
/// header row both read it.
struct ColumnHelp {
    const char* name;
    const char* help;
};

/// The header row of the current table, one tooltip per column.
void tableHeaderRow(const ColumnHelp* columns, int count);

/// "x y z" with `decimals` digits after the point.
std::string formatVec3(const glm::vec3& v, int decimals = 3);

/// A two-column table row: a name with its tooltip, and a value printed with `format`.
void valueRow(const char* name, const char* help, const char* format, double value);

/// The name of the body in slot `slot` (BodyId::index), or "#slot" when it has none (or no
/// body lives there: the solver's static record of world-anchored joints).
std::string slotName(const World& world, uint32_t slot);

} // namespace tumble::app
