// Shared panel building blocks.
#include "window/widgets.h"

#include <cstdio>

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
    char text[96];
    std::snprintf(text, sizeof text, "%.*f %.*f %.*f", decimals, v.x, decimals, v.y, decimals, v.z);
    return text;
}

} // namespace tumble::app
