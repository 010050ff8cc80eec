// Picking: the cursor's ray, the body it hits, the hover tooltip and the selection box.
#include "window/picking.h"

#include <imgui.h>

#include <glm/geometric.hpp>
#include <glm/mat4x4.hpp>
#include <cmath>

namespace tumble::app {
namespace {

/// The highlight box stands off the body's bounding box by this fraction of its size (at
/// least 1 cm), so its lines are not buried in the faces they run along.
constexpr float kBoxGrowth = 0.04f;

void wireBox(DebugDraw& draw, const Aabb& box, const glm::vec3& color) {
    glm::vec3 grow = glm::max(kBoxGrowth * (box.max - box.min), glm::vec3(0.01f));
    glm::vec3 lo = box.min - grow, hi = box.max + grow;
    glm::vec3 p[8];
    for (int i = 0; i < 8; ++i)
        p[i] = {(i & 1) ? hi.x : lo.x, (i & 2) ? hi.y : lo.y, (i & 4) ? hi.z : lo.z};
    const int edges[12][2] = {{0, 1}, {2, 3}, {4, 5}, {6, 7}, {0, 2}, {1, 3},
                              {4, 6}, {5, 7}, {0, 4}, {1, 5}, {2, 6}, {3, 7}};
    for (const auto& e : edges) draw.line(p[e[0]], p[e[1]], color);
}

/// Planes are infinite: a box around one would fill the view.
bool hasFiniteBox(const World& world, BodyId id) {
    return world.body(id).shape.type != ShapeType::Plane;
}

} // namespace

bool cursorRay(const App& app, glm::vec2 cursor, glm::vec2 displaySize, glm::vec3& origin,
               glm::vec3& direction) {
    if (!(displaySize.x > 0.0f && displaySize.y > 0.0f)) return false;
    // Cursor to normalised device coordinates, then back through the frame's matrices: the
    // near and far points under the cursor span the ray.
    float x = 2.0f * cursor.x / displaySize.x - 1.0f;
    float y = 1.0f - 2.0f * cursor.y / displaySize.y;
    glm::mat4 inverse = glm::inverse(app.viewProjection);
    glm::vec4 nearPoint = inverse * glm::vec4(x, y, -1.0f, 1.0f);
    glm::vec4 farPoint = inverse * glm::vec4(x, y, 1.0f, 1.0f);
    if (std::abs(nearPoint.w) < 1e-12f || std::abs(farPoint.w) < 1e-12f) return false;
    origin = glm::vec3(nearPoint) / nearPoint.w;
    glm::vec3 d = glm::vec3(farPoint) / farPoint.w - origin;
    float length = glm::length(d);
    if (!(length > 0.0f) || !std::isfinite(length)) return false;
    direction = d / length;
    return true;
}

BodyId pickBody(const App& app, glm::vec2 cursor, glm::vec2 displaySize) {
    glm::vec3 origin, direction;
    if (!cursorRay(app, cursor, displaySize, origin, direction)) return kNullBody;
    RayHit hit;
    if (!app.world.rayCast(origin, direction, kPickDistance, hit)) return kNullBody;
    return hit.body;
}

std::string bodyLabel(const World& world, BodyId id) {
    if (!world.isValid(id)) return "(none)";
    const std::string& name = world.body(id).name;
    if (!name.empty()) return name;
    std::string slot = "#"; // appended, not "#" + ...: GCC 12 warns falsely about the latter
    slot += std::to_string(id.index);
    return slot;
}

void validateSelection(App& app) {
    if (!app.selected.isNull() && !app.world.isValid(app.selected)) app.selected = kNullBody;
    if (!app.hovered.isNull() && !app.world.isValid(app.hovered)) app.hovered = kNullBody;
}

void updateHover(App& app) {
    const ImGuiIO& io = ImGui::GetIO();
    app.hovered = kNullBody;
    // A screenshot must not depend on where the (virtual) display left the pointer.
    if (!app.options.screenshotPath.empty()) return;
    if (io.WantCaptureMouse || !ImGui::IsMousePosValid() || ImGui::IsAnyMouseDown()) return;
    app.hovered = pickBody(app, {io.MousePos.x, io.MousePos.y}, {io.DisplaySize.x, io.DisplaySize.y});
    if (app.hovered.isNull()) return;
    const Body& b = app.world.body(app.hovered);
    ImGui::BeginTooltip();
    ImGui::TextUnformatted(bodyLabel(app.world, app.hovered).c_str());
    ImGui::TextDisabled("%s %s, click to inspect%s", std::string(toString(b.type)).c_str(),
                        std::string(toString(b.shape.type)).c_str(), b.isDynamic() ? ", drag to pull" : "");
    ImGui::EndTooltip();
}

void emitSelection(const App& app, DebugDraw& draw) {
    const World& world = app.world;
    if (!app.hovered.isNull() && app.hovered != app.selected && world.isValid(app.hovered) &&
        hasFiniteBox(world, app.hovered))
        wireBox(draw, world.bodyAabb(app.hovered), glm::vec3(0.55f));
    if (!app.selected.isNull() && world.isValid(app.selected) && hasFiniteBox(world, app.selected))
        wireBox(draw, world.bodyAabb(app.selected), glm::vec3(1.0f));
    // A push drag: the pull from the grabbed point to the cursor (orange: a force there;
    // violet: a twist about the axis across it).
    const Push push = pushOf(app.mouseDrag, world, app.spawn.drag);
    if (push.force != glm::vec3(0.0f)) draw.arrow(push.point, app.mouseDrag.target, glm::vec3(1.0f, 0.55f, 0.1f));
    if (push.torque != glm::vec3(0.0f)) {
        draw.arrow(push.point, app.mouseDrag.target, glm::vec3(0.75f, 0.45f, 1.0f));
        const glm::vec3 centre = world.body(app.mouseDrag.body).position;
        draw.line(centre, centre + glm::normalize(push.torque) * glm::distance(push.point, app.mouseDrag.target),
                  glm::vec3(0.75f, 0.45f, 1.0f));
    }
}

} // namespace tumble::app
