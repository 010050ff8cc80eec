// The Inspector panel: the body picked in the 3D view, and for each of its contact points
// what the solver computed and did in the last step.
#include "window/panels.h"
#include "window/picking.h"
#include "window/widgets.h"

#include <imgui.h>

#include <glm/gtc/quaternion.hpp>
#include <cstdio>
#include <string>

namespace tumble::app {
namespace {

void propertyRow(const char* name, const char* help, const std::string& value) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(name);
    itemTooltip(help);
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(value.c_str());
}

std::string shapeText(const Shape& shape) {
    char text[160];
    switch (shape.type) {
    case ShapeType::Sphere: std::snprintf(text, sizeof text, "sphere, radius %.3f m", shape.radius); break;
    case ShapeType::Box:
        std::snprintf(text, sizeof text, "box, half extents %.3f %.3f %.3f m", shape.halfExtents.x,
                      shape.halfExtents.y, shape.halfExtents.z);
        break;
    case ShapeType::Capsule:
        std::snprintf(text, sizeof text, "capsule, radius %.3f m, half height %.3f m", shape.radius,
                      shape.halfHeight);
        break;
    case ShapeType::Hull:
        std::snprintf(text, sizeof text, "hull, %zu vertices, %zu faces, %.4f m^3",
                      shape.hull ? shape.hull->vertices.size() : 0u, shape.hull ? shape.hull->faces.size() : 0u,
                      shape.hull ? shape.hull->volume : 0.0f);
        break;
    case ShapeType::Plane:
        std::snprintf(text, sizeof text, "plane, normal %.2f %.2f %.2f, offset %.3f m", shape.normal.x,
                      shape.normal.y, shape.normal.z, shape.offset);
        break;
    case ShapeType::Count: std::snprintf(text, sizeof text, "?"); break;
    }
    return text;
}

void drawBody(const App& app, BodyId id) {
    const World& world = app.world;
    const Body& b = world.body(id);
    const std::vector<Material>& materials = world.materials();
    std::string material = b.material >= 0 && b.material < static_cast<int>(materials.size())
                               ? materials[static_cast<size_t>(b.material)].name
                               : "?";
    glm::vec3 euler = glm::degrees(glm::eulerAngles(b.orientation));
    char text[128];
    if (!ImGui::BeginTable("body", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) return;
    ImGui::TableSetupColumn("property", ImGuiTableColumnFlags_WidthFixed, 110.0f);
    ImGui::TableSetupColumn("value", ImGuiTableColumnFlags_WidthStretch);
    propertyRow("name", "The body's name in the scene file (or its slot number).", bodyLabel(world, id));
    std::snprintf(text, sizeof text, "%s   (slot %u, generation %u)", std::string(toString(b.type)).c_str(),
                  id.index, id.generation);
    propertyRow("type", "static: never moves; dynamic: moved by forces and contacts; kinematic: moved "
                        "by its velocity only. Slot and generation form the handle.", text);
    propertyRow("shape", "Shape type and dimensions in the body's frame, m.", shapeText(b.shape));
    propertyRow("material", "Material (Materials panel): density, restitution, friction.", material);
    std::snprintf(text, sizeof text, b.mass > 0.0f ? "%.4g kg" : "infinite", b.mass);
    propertyRow("mass", "kg, density x volume; infinite for static and kinematic bodies (inverse mass 0).",
                text);
    propertyRow("position", "Centre of mass in world space, m.", formatVec3(b.position));
    std::snprintf(text, sizeof text, "%.4f %.4f %.4f %.4f", b.orientation.w, b.orientation.x,
                  b.orientation.y, b.orientation.z);
    propertyRow("orientation", "Unit quaternion w x y z (body to world).", text);
    propertyRow("Euler angles", "The same rotation as X, Y, Z Euler angles in degrees (glm::eulerAngles: "
                                "pitch about X, yaw about Y, roll about Z).", formatVec3(euler, 2));
    propertyRow("velocity", "Linear velocity of the centre of mass, m/s (world).",
                formatVec3(b.linearVelocity));
    propertyRow("angular velocity", "rad/s, world frame.", formatVec3(b.angularVelocity));
    std::snprintf(text, sizeof text, "%s   (still for %.2f s)", b.sleeping ? "yes" : "no", b.sleepTime);
    propertyRow("sleeping", "A sleeping body is not simulated until something wakes its island. The time "
                            "is how long it has stayed under the sleep thresholds, s.", text);
    int island = world.islandOf(id);
    propertyRow("island", "Island of the last step (slot of its root body); -1 for static and kinematic "
                          "bodies, which do not join islands.", std::to_string(island));
    ImGui::EndTable();
}

const ColumnHelp kPointColumns[] = {
    {"#", "Point index in the manifold (1 to 4)."},
    {"normal", "Unit contact normal, from body A to body B (shared by the manifold's points)."},
    {"depth", "Penetration depth = -separation, m. Negative: a speculative point still apart by "
              "that much (within the contact margin)."},
    {"rA", "From A's centre of mass to the point, m (world)."},
    {"rB", "From B's centre of mass to the point, m (world)."},
    {"m_n", "Effective mass of the normal row, kg: 1 / (J M^-1 J^T) = 1 / (1/mA + 1/mB + "
            "(rA x n).IA^-1(rA x n) + (rB x n).IB^-1(rB x n)). Impulse per m/s of velocity change."},
    {"m_t1", "Effective mass of the first friction row (along tangent t1), kg."},
    {"m_t2", "Effective mass of the second friction row (along tangent t2), kg."},
    {"bias", "Target separating velocity of the normal row, m/s: max(restitution target, "
             "ERP/dt * max(depth - slop, 0) capped) with Baumgarte; -separation/dt for a "
             "speculative point."},
    {"e target", "Restitution target, m/s: e * approach speed when it exceeds the restitution "
                 "threshold, else 0. Measured before any iteration."},
    {"warm n", "Warm-start normal impulse applied before iterating, N s: factor * last step's "
               "lambda_n (0 for a new point)."},
    {"warm t1", "Warm-start friction impulse along t1, N s."},
    {"warm t2", "Warm-start friction impulse along t2, N s."},
    {"lambda_n", "Final accumulated normal impulse, N s (>= 0: contacts push, never pull). "
                 "lambda_n / dt is the contact force, N."},
    {"lambda_t1", "Final accumulated friction impulse along t1, N s."},
    {"lambda_t2", "Final accumulated friction impulse along t2, N s."},
    {"friction", "stick: static friction mu_s holds the point; slide: dynamic friction mu_d resists "
                 "sliding."},
    {"clamp", "Which bound limited the accumulated impulse at the end:\nnone: interior, the point "
              "pushes and friction holds;\nseparating: lambda_n clamped at 0, the bodies pull apart;\n"
              "friction limit: |lambda_t| reached mu lambda_n, the point slides."},
};
constexpr int kPointColumnCount = static_cast<int>(sizeof kPointColumns / sizeof kPointColumns[0]);

const char* clampName(ClampState c) {
    switch (c) {
    case ClampState::None: return "none";
    case ClampState::Separating: return "separating";
    case ClampState::FrictionLimit: return "friction limit";
    }
    return "?";
}

void pointRow(const ContactManifoldInfo& m, int index) {
    const ContactPointInfo& p = m.points[index];
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::Text("%d%s", index + 1, p.persisted ? "" : "*");
    itemTooltip(p.persisted ? "Matched last step's point (same feature id): warm started."
                            : "* new this step: no impulse to warm start from.");
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(formatVec3(m.normal, 2).c_str());
    ImGui::TableNextColumn();
    ImGui::Text("%.5f", -p.separation);
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(formatVec3(p.rA, 2).c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(formatVec3(p.rB, 2).c_str());
    const float values[] = {p.normalMass, p.tangentMass[0], p.tangentMass[1], p.bias, p.restitutionTarget,
                            p.warmStartImpulse[0], p.warmStartImpulse[1], p.warmStartImpulse[2],
                            p.normalImpulse, p.tangentImpulse[0], p.tangentImpulse[1]};
    for (float v : values) {
        ImGui::TableNextColumn();
        ImGui::Text("%.4g", v);
    }
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(p.sticking ? "stick" : "slide");
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(clampName(p.clamp));
}

void drawManifold(const World& world, const ContactManifoldInfo& m, BodyId self, int number) {
    BodyId other = m.bodyA == self ? m.bodyB : m.bodyA;
    char title[160];
    std::snprintf(title, sizeof title, "vs %s  (this body is %s, %d point%s)###manifold%d",
                  bodyLabel(world, other).c_str(), m.bodyA == self ? "A" : "B", m.pointCount,
                  m.pointCount == 1 ? "" : "s", number);
    if (!ImGui::TreeNodeEx(title, ImGuiTreeNodeFlags_DefaultOpen)) return;
    ImGui::Text("e %.2f   mu_s %.2f   mu_d %.2f", m.restitution, m.staticFriction, m.dynamicFriction);
    itemTooltip("The pair's restitution and static / dynamic friction from the material table "
                "(combine rules or an override, Materials panel).");
    const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollX |
                                  ImGuiTableFlags_SizingFixedFit;
    const ImGuiStyle& style = ImGui::GetStyle();
    float rowHeight = ImGui::GetTextLineHeight() + 2.0f * style.CellPadding.y;
    float height = rowHeight * static_cast<float>(m.pointCount + 1) + style.ScrollbarSize + 4.0f;
    if (ImGui::BeginTable("points", kPointColumnCount, flags, ImVec2(0.0f, height))) {
        ImGui::TableSetupScrollFreeze(1, 1);
        for (const ColumnHelp& c : kPointColumns) ImGui::TableSetupColumn(c.name);
        tableHeaderRow(kPointColumns, kPointColumnCount);
        for (int i = 0; i < m.pointCount; ++i) pointRow(m, i);
        ImGui::EndTable();
    }
    ImGui::TreePop();
}

void drawContacts(const World& world, BodyId id) {
    int count = 0;
    for (const ContactManifoldInfo& m : world.contacts()) {
        if (m.pointCount == 0 || (m.bodyA != id && m.bodyB != id)) continue;
        drawManifold(world, m, id, count++);
    }
    if (count == 0) ImGui::TextDisabled("no contact points in the last step");
}

} // namespace

void drawInspectorPanel(App& app) {
    BodyId id = app.selected;
    if (id.isNull() || !app.world.isValid(id)) {
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextDisabled("Click a body in the 3D view to inspect it; hover one to see its name.");
        ImGui::PopTextWrapPos();
        return;
    }
    if (ImGui::Button("Deselect")) {
        app.select(kNullBody);
        return;
    }
    itemTooltip("Clear the selection (or click empty space in the 3D view).");
    drawBody(app, id);
    if (ImGui::CollapsingHeader("Contacts of the last step", ImGuiTreeNodeFlags_DefaultOpen)) {
        ImGui::TextDisabled("hover a column header for its meaning and unit");
        drawContacts(app.world, id);
    }
}

} // namespace tumble::app
