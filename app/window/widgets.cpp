// Shared panel building blocks.
#include "window/widgets.h"

#include <cmath>
#include <cstdio>
#include <string>

namespace tumble::app {

void tableHeaderRow(const ColumnHelp* columns, int count) {
    // TableHeadersRow() takes no tooltips: lay the header row out by hand.
    ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
    for (int i = 0; i < count; ++i) {
        if (!ImGui::TableSetColumnIndex(i)) continue;
        ImGui::TableHeader(columns[i].name);
        itemTooltip(columns[i].help);
    }
}

std::string formatVec3(const glm::vec3& v, int decimals) {
    // Components that round to zero print as 0, not -0.00: a resting box's normal should read
    // "0.00 1.00 0.00".
    const float half = 0.5f * std::pow(10.0f, -static_cast<float>(decimals));
    auto clean = [half](float c) { return std::abs(c) < half ? 0.0f : c; };
    char text[96];
    std::snprintf(text, sizeof text, "%.*f %.*f %.*f", decimals, clean(v.x), decimals, clean(v.y), decimals,
                  clean(v.z));
    return text;
}

void valueRow(const char* name, const char* help, const char* format, double value) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(name);
    itemTooltip(help);
    ImGui::TableNextColumn();
    ImGui::Text(format, value);
}

std::string slotName(const World& world, uint32_t slot) {
    for (BodyId id : world.bodyIds())
        if (id.index == slot && !world.body(id).name.empty()) return world.body(id).name;
    std::string out = "#"; // built in two steps: GCC 12 warns falsely on "#" + std::string
    out += std::to_string(slot);
    return out;
}

} // namespace tumble::app
