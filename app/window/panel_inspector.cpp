// The Inspector panel: the body picked in the 3D view, edited live through World's setters;
// its joints with their reaction forces; and for each of its contact points what the solver
// computed and did in the last step.
#include "window/panels.h"
#include "window/picking.h"
#include "window/view_menu.h"

#include "tumble/feature_names.h"
#include "window/widgets.h"

#include <imgui.h>

#include <glm/gtc/constants.hpp>
#include <glm/gtc/quaternion.hpp>
#include <algorithm>
#include <cfloat>
#include <cmath>
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
    case ShapeType::Cylinder:
        std::snprintf(text, sizeof text, "cylinder, radius %.3f m, half height %.3f m", shape.radius,
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
    case ShapeType::Mesh:
    case ShapeType::HeightField:
        std::snprintf(text, sizeof text, "%s, %zu triangles, %s", std::string(toString(shape.type)).c_str(),
                      shape.mesh ? meshTriangles(*shape.mesh).size() : 0u,
                      shape.mesh && meshTwoSided(*shape.mesh) ? "two-sided" : "one-sided (front only)");
        break;
    case ShapeType::Compound:
        std::snprintf(text, sizeof text, "compound, %u children, %.4f m^3", partCount(shape),
                      shape.compound ? shape.compound->volume : 0.0f);
        break;
    case ShapeType::Count: std::snprintf(text, sizeof text, "?"); break;
    }
    return text;
}

/// The label cell of an editable row, with its tooltip; the caller then draws the widget in
/// the value cell, as wide as the column, and gives it the same tooltip.
void editRowLabel(const char* name, const char* help) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(name);
    itemTooltip(help);
    ImGui::TableNextColumn();
    ImGui::SetNextItemWidth(-FLT_MIN);
}

const char* const kBodyTypeHelp[] = {
    "static: never moves, infinite mass; its velocity is zeroed.",
    "dynamic: moved by gravity, forces, contacts and joints; mass from density x volume.",
    "kinematic: moved by its velocity only, infinite mass; pushes dynamic bodies, is not pushed.",
};

bool materialCombo(const World& world, int& material) {
    const std::vector<Material>& materials = world.materials();
    const bool known = material >= 0 && material < static_cast<int>(materials.size());
    bool changed = false;
    if (ImGui::BeginCombo("##material", known ? materials[static_cast<size_t>(material)].name.c_str() : "?")) {
        for (int i = 0; i < static_cast<int>(materials.size()); ++i) {
            const Material& m = materials[static_cast<size_t>(i)];
            if (ImGui::Selectable(m.name.c_str(), i == material)) {
                material = i;
                changed = true;
            }
            if (ImGui::IsItemHovered()) {
                ImGui::SetTooltip("density %.0f kg/m^3, restitution %.2f, mu_s %.2f, mu_d %.2f, c_r %.4f m, "
                                  "c_t %.4f m",
                                  m.density, m.restitution, m.staticFriction, m.dynamicFriction,
                                  m.rollingResistance, m.torsionalFriction);
            }
        }
        ImGui::EndCombo();
    }
    return changed;
}

/// The body's properties; the editable ones as widgets that call World's setters at once
/// (each wakes the body and keeps mass and inertia right). R reloads the scene's values.
void drawBody(App& app, BodyId id) {
    World& world = app.world;
    const Body& b = world.body(id);
    char text[160];
    if (!ImGui::BeginTable("body", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) return;
    ImGui::TableSetupColumn("property", ImGuiTableColumnFlags_WidthFixed, 110.0f);
    ImGui::TableSetupColumn("value", ImGuiTableColumnFlags_WidthStretch);
    std::snprintf(text, sizeof text, "%s   (slot %u, generation %u)", bodyLabel(world, id).c_str(), id.index,
                  id.generation);
    propertyRow("name", "The body's name in the scene file (or its slot number). Slot and generation "
                        "form its handle.", text);

    const char* help = nullptr;
    const bool plane = b.shape.type == ShapeType::Plane;
    help = "static: never moves; dynamic: moved by forces and contacts; kinematic: moved "
           "by its velocity only. Planes stay static.";
    editRowLabel("type", help);
    BodyType type = b.type;
    if (plane) ImGui::BeginDisabled();
    if (enumCombo("##type", type, 3, kBodyTypeHelp)) world.setBodyType(id, type);
    itemTooltip(help);
    if (plane) ImGui::EndDisabled();
    propertyRow("shape", "Shape type and dimensions in the body's frame, m.", shapeText(b.shape));

    help = "Material (Materials panel): density (kg/m^3, sets the mass), restitution "
           "and friction.";
    editRowLabel("material", help);
    int material = b.material;
    if (materialCombo(world, material)) world.setBodyMaterial(id, material);
    itemTooltip(help);
    // Read again after the edits above: the mass follows the type and the material.
    std::snprintf(text, sizeof text, world.body(id).mass > 0.0f ? "%.4g kg" : "infinite", world.body(id).mass);
    propertyRow("mass", "kg, density x volume; infinite for static and kinematic bodies (inverse mass 0).",
                text);

    const Body& now = world.body(id);
    help = "Centre of mass in world space, m. Drag to move the body (World::setPose); "
           "it wakes, and what it overlaps is pushed out by the solver.";
    editRowLabel("position", help);
    glm::vec3 position = now.position;
    if (ImGui::DragFloat3("##position", &position.x, 0.01f, 0.0f, 0.0f, "%.3f"))
        world.setPose(id, position, now.orientation);
    itemTooltip(help);
    std::snprintf(text, sizeof text, "%.4f %.4f %.4f %.4f", now.orientation.w, now.orientation.x,
                  now.orientation.y, now.orientation.z);
    propertyRow("orientation", "Unit quaternion w x y z (body to world).", text);
    help = "The same rotation as X, Y, Z Euler angles in degrees (glm::eulerAngles: "
           "pitch about X, yaw about Y, roll about Z). Drag to turn the body.";
    editRowLabel("Euler angles", help);
    glm::vec3 euler = glm::degrees(glm::eulerAngles(now.orientation));
    for (int k = 0; k < 3; ++k)
        if (std::abs(euler[k]) < 0.005f) euler[k] = 0.0f; // "0.00", not "-0.00"
    if (ImGui::DragFloat3("##euler", &euler.x, 0.5f, 0.0f, 0.0f, "%.2f"))
        world.setPose(id, now.position, glm::quat(glm::radians(euler)));
    itemTooltip(help);

    const bool still = world.body(id).type == BodyType::Static;
    if (still) ImGui::BeginDisabled();
    glm::vec3 linear = world.body(id).linearVelocity, angular = world.body(id).angularVelocity;
    help = "Linear velocity of the centre of mass, m/s (world). Static bodies have none.";
    editRowLabel("velocity", help);
    bool velocityChanged = ImGui::DragFloat3("##velocity", &linear.x, 0.05f, 0.0f, 0.0f, "%.3f");
    itemTooltip(help);
    help = "rad/s, world frame: the axis is the direction, the rate its length.";
    editRowLabel("angular velocity", help);
    velocityChanged |= ImGui::DragFloat3("##angular", &angular.x, 0.05f, 0.0f, 0.0f, "%.3f");
    itemTooltip(help);
    if (velocityChanged) world.setVelocity(id, linear, angular);
    if (still) ImGui::EndDisabled();

    help = "Multiplies Settings::gravity for this body, dimensionless: 0 floats, "
           "-1 falls up.";
    editRowLabel("gravity scale", help);
    float gravityScale = world.body(id).gravityScale;
    if (ImGui::DragFloat("##gravityScale", &gravityScale, 0.01f, -10.0f, 10.0f, "%.2f"))
        world.setGravityScale(id, gravityScale);
    itemTooltip(help);
    float linearDamping = world.body(id).linearDamping, angularDamping = world.body(id).angularDamping;
    help = "1/s: each step v *= 1 / (1 + dt * damping). Air drag of a sort; 0 is none.";
    editRowLabel("linear damping", help);
    bool dampingChanged = ImGui::DragFloat("##linearDamping", &linearDamping, 0.01f, 0.0f, 100.0f, "%.3f 1/s");
    itemTooltip(help);
    help = "1/s: each step w *= 1 / (1 + dt * damping).";
    editRowLabel("angular damping", help);
    dampingChanged |= ImGui::DragFloat("##angularDamping", &angularDamping, 0.01f, 0.0f, 100.0f, "%.3f 1/s");
    itemTooltip(help);
    if (dampingChanged) world.setDamping(id, std::max(linearDamping, 0.0f), std::max(angularDamping, 0.0f));

    uint32_t layer = world.body(id).layer, mask = world.body(id).mask;
    help = "Collision layer bits this body is on, hexadecimal (1 = layer 0). Two bodies "
           "collide when each one's layer meets the other's mask.";
    editRowLabel("layer", help);
    bool layersChanged = ImGui::InputScalar("##layer", ImGuiDataType_U32, &layer, nullptr, nullptr, "%08X",
                                            ImGuiInputTextFlags_CharsHexadecimal);
    itemTooltip(help);
    help = "Layers this body collides with, hexadecimal bits (FFFF = the first 16 layers, "
           "0 = nothing).";
    editRowLabel("mask", help);
    layersChanged |= ImGui::InputScalar("##mask", ImGuiDataType_U32, &mask, nullptr, nullptr, "%08X",
                                        ImGuiInputTextFlags_CharsHexadecimal);
    itemTooltip(help);
    if (layersChanged) world.setLayers(id, layer, mask);
    const bool sweepable = world.body(id).shape.type != ShapeType::Compound;
    help = sweepable ? "Continuous collision: a fast body is swept along its step's path, so it "
                       "cannot tunnel through thin walls."
                     : "Continuous collision sweeps convex bodies only: a compound cannot be a bullet.";
    editRowLabel("bullet", help);
    bool bullet = world.body(id).bullet;
    ImGui::BeginDisabled(!sweepable);
    if (ImGui::Checkbox("##bullet", &bullet)) world.setBullet(id, bullet);
    ImGui::EndDisabled();
    itemTooltip(help);

    const Body& after = world.body(id);
    std::snprintf(text, sizeof text, "%s   (still for %.2f s)", after.sleeping ? "yes" : "no", after.sleepTime);
    propertyRow("sleeping", "A sleeping body is not simulated until something wakes its island. The time "
                            "is how long it has stayed under the sleep thresholds, s.", text);
    int island = world.islandOf(id);
    propertyRow("island", "Island of the last step (slot of its root body); -1 for static and kinematic "
                          "bodies, which do not join islands.", std::to_string(island));
    ImGui::EndTable();
}

const ColumnHelp kJointColumns[] = {
    {"joint", "The joint's name in the scene file (or its slot number)."},
    {"type", "distance, ballSocket, hinge, slider, fixed, coneTwist, angle, universal, sixDof or gear."},
    {"position", "hinge: angle from its zero direction, rad, counted over whole turns (degrees and "
                 "turns on hover); slider: travel along its axis, m; angle joint: rotation away from "
                 "its locked one, rad; universal: angle between the cross's arms, rad (pi/2 held); "
                 "sixDof: its x, y, z translations (m) and rotations (rad) on hover; gear: the "
                 "invariant thetaA + ratio thetaB it holds, rad; other types have none."},
    {"|F| N", "Reaction force of the last step, N: the force the joint puts on body B (A feels the "
              "opposite). Hover a value for its components."},
    {"torque N m", "Magnitude of the joint's reaction torque in the last step, N m."},
    {"broken", "A joint with a break force snaps once its reaction force exceeds it, and stays broken."},
    {"to", "The other body (world: joined to a fixed point); A or B says which end this body is."},
};
constexpr int kJointColumnCount = static_cast<int>(sizeof kJointColumns / sizeof kJointColumns[0]);

std::string jointLabel(const JointInfo& j, JointId id) {
    if (!j.def.name.empty()) return j.def.name;
    std::string slot = "#";
    slot += std::to_string(id.index);
    return slot;
}

/// The position column: each type's own coordinate (kJointColumns says which).
void jointPosition(const JointInfo& j) {
    char text[200];
    switch (j.def.type) {
    case JointType::Hinge:
        ImGui::Text("%.3f rad", j.angle);
        std::snprintf(text, sizeof text, "%.2f degrees, %.2f turns", glm::degrees(j.angle),
                      j.angle / glm::two_pi<float>());
        itemTooltip(text);
        break;
    case JointType::Slider: ImGui::Text("%.4f m", j.angle); break;
    case JointType::Angle:
    case JointType::Universal:
    case JointType::Gear: ImGui::Text("%.4f rad", j.angle); break;
    case JointType::SixDof: {
        const std::array<float, 6>& c = j.coordinates;
        ImGui::Text("%.3f m, %.3f rad", c[0], c[3]);
        std::snprintf(text, sizeof text,
                      "translation x %.4f, y %.4f, z %.4f m\nrotation: twist x %.4f, swing y %.4f, "
                      "swing z %.4f rad",
                      c[0], c[1], c[2], c[3], c[4], c[5]);
        itemTooltip(text);
        break;
    }
    default: ImGui::TextDisabled("-"); break;
    }
}

void jointRow(const World& world, BodyId self, JointId id) {
    const JointInfo& j = world.joint(id);
    const bool selfIsA = j.def.bodyA == self;
    const BodyId other = selfIsA ? j.def.bodyB : j.def.bodyA;
    char text[96];
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(jointLabel(j, id).c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(std::string(toString(j.def.type)).c_str());
    ImGui::TableNextColumn();
    jointPosition(j);
    ImGui::TableNextColumn();
    ImGui::Text("%.4g", glm::length(j.reactionForce));
    std::snprintf(text, sizeof text, "on B: %s N", formatVec3(j.reactionForce, 2).c_str());
    itemTooltip(text);
    ImGui::TableNextColumn();
    ImGui::Text("%.4g", j.reactionTorque);
    ImGui::TableNextColumn();
    if (j.broken) ImGui::TextColored(ImVec4(1.0f, 0.4f, 0.4f, 1.0f), "broken");
    else ImGui::TextDisabled("no");
    ImGui::TableNextColumn();
    ImGui::Text("%s (%s)", other.isNull() ? "world" : bodyLabel(world, other).c_str(), selfIsA ? "A" : "B");
}

void drawJoints(const World& world, BodyId id) {
    const std::vector<JointId> joints = world.jointsOf(id);
    if (joints.empty()) {
        ImGui::TextDisabled("no joints attached");
        return;
    }
    const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollX |
                                  ImGuiTableFlags_SizingFixedFit;
    const ImGuiStyle& style = ImGui::GetStyle();
    float rowHeight = ImGui::GetTextLineHeight() + 2.0f * style.CellPadding.y;
    float height = rowHeight * static_cast<float>(joints.size() + 1) + style.ScrollbarSize + 4.0f;
    if (ImGui::BeginTable("joints", kJointColumnCount, flags, ImVec2(0.0f, height))) {
        ImGui::TableSetupScrollFreeze(1, 1);
        for (const ColumnHelp& c : kJointColumns) ImGui::TableSetupColumn(c.name);
        tableHeaderRow(kJointColumns, kJointColumnCount);
        for (JointId j : joints) jointRow(world, id, j);
        ImGui::EndTable();
    }
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
    {"split", "Split-impulse pseudo impulse of the normal row, N s (position correction = split "
              "impulse): lambda_s >= 0 solved on pseudo-velocities v' toward b = min(ERP/dt * "
              "max(depth - slop, 0), maxCorrectionVelocity), dlambda_s = -m_n (n . (vB' + wB' x rB "
              "- vA' - wA' x rA) - b). It moves the bodies this step only and is discarded (never "
              "warm started); 0 with the other corrections."},
    {"NGS", "Nonlinear Gauss-Seidel push-out at this point in the last step, m (position "
            "correction = nonlinear Gauss-Seidel): the sum over the positionIterations passes of "
            "-C = min(ERP * max(depth - slop, 0), maxCorrectionVelocity dt), the depth re-measured "
            "at each pass's poses; the bodies are moved directly, no velocity is added. 0 with the "
            "other corrections."},
    {"tbias t1", "Friction anchor target of the t1 row, m/s: -frictionAnchorRate/dt * (drift . t1), "
                 "the whole pull capped at maxCorrectionVelocity in length. The friction rows aim the "
                 "tangential velocity at it to take back the creep of a sticking point; 0 while "
                 "sliding or with anchors off."},
    {"tbias t2", "Friction anchor target of the t2 row, m/s: -frictionAnchorRate/dt * (drift . t2), "
                 "capped like tbias t1."},
    {"warm n", "Warm-start normal impulse applied before iterating, N s: factor * last step's "
               "lambda_n (0 for a new point)."},
    {"warm t1", "Warm-start friction impulse along t1, N s."},
    {"warm t2", "Warm-start friction impulse along t2, N s."},
    {"lambda_n", "Final accumulated normal impulse, N s (>= 0: contacts push, never pull). "
                 "lambda_n / dt is the contact force, N."},
    {"lambda_t1", "Final accumulated friction impulse along t1, N s."},
    {"lambda_t2", "Final accumulated friction impulse along t2, N s."},
    {"friction", "stick: static friction mu_s holds the point; slide: dynamic friction mu_d resists "
                 "sliding. A point sticks when its tangential speed at the start of the step is under "
                 "1 cm/s, or when it persisted and its friction stayed under the bound last step "
                 "(clamp none): a held point stays held while a settling pile jitters."},
    {"drift", "How far the surfaces have crept over each other at this point since it last stuck, "
              "mm (summed from the relative velocity at the point). Friction anchors aim the "
              "friction rows at taking frictionAnchorRate of it back each step: target = -rate/dt "
              "(drift . t). Reset when the point slides."},
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

void pointRow(App& app, const ContactManifoldInfo& m, const ContactManifoldFigures* figures, int index) {
    const ContactPointInfo& p = m.points[index];
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    char number[32];
    std::snprintf(number, sizeof number, "%d%s##point%d", index + 1, p.persisted ? "" : "*", index);
    ImGui::Selectable(number);
    if (ImGui::BeginPopupContextItem()) {
        contactWatchItems(app, m, index);
        ImGui::EndPopup();
    }
    const std::string help = std::string(p.persisted ? "Matched last step's point (same feature id): warm started."
                                                     : "* new this step: no impulse to warm start from.") +
                             "\nFeatures: " + describeFeature(app.world, m, index) +
                             "\nRight-click to watch its impulses or depth in the Plots tab.";
    itemTooltip(help.c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(formatVec3(m.normal, 2).c_str());
    ImGui::TableNextColumn();
    ImGui::Text("%.5f", -p.separation);
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(formatVec3(p.rA, 2).c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(formatVec3(p.rB, 2).c_str());
    // The solver's figures, "-" until the world has them (the step after they are asked for),
    // then the cache's impulses.
    const ContactPointFigures f = figures ? figures->points[index] : ContactPointFigures{};
    const float solved[] = {f.normalMass,          f.tangentMass[0],      f.tangentMass[1],
                            f.bias,                f.restitutionTarget,   f.splitImpulse,
                            f.positionCorrection,  f.tangentBias[0],      f.tangentBias[1],
                            f.warmStartImpulse[0], f.warmStartImpulse[1], f.warmStartImpulse[2]};
    for (float v : solved) {
        ImGui::TableNextColumn();
        if (figures) ImGui::Text("%.4g", v);
        else ImGui::TextDisabled("-");
    }
    for (float v : {p.normalImpulse, p.tangentImpulse[0], p.tangentImpulse[1]}) {
        ImGui::TableNextColumn();
        ImGui::Text("%.4g", v);
    }
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(p.sticking ? "stick" : "slide");
    ImGui::TableNextColumn();
    ImGui::Text("%.3f", 1000.0f * glm::length(p.drift));
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(clampName(p.clamp));
}

void drawManifold(App& app, const ContactManifoldInfo& m, const ContactManifoldFigures* figures, BodyId self,
                  int number) {
    const World& world = app.world;
    BodyId other = m.bodyA == self ? m.bodyB : m.bodyA;
    // A compound's or mesh's manifolds name their parts: which part of this body touches which of the other.
    const std::string selfPart = describePart(world, self, m.bodyA == self ? m.childA : m.childB);
    const std::string otherPart = describePart(world, other, m.bodyA == self ? m.childB : m.childA);
    std::string parts;
    if (!selfPart.empty() || !otherPart.empty())
        parts = ", " + (selfPart.empty() ? std::string("this body") : selfPart) + " vs " +
                (otherPart.empty() ? std::string("that body") : otherPart);
    char title[220];
    std::snprintf(title, sizeof title, "vs %s  (this body is %s, %d point%s%s)%s###manifold%d",
                  bodyLabel(world, other).c_str(), m.bodyA == self ? "A" : "B", m.pointCount,
                  m.pointCount == 1 ? "" : "s", parts.c_str(), m.sleeping ? "  asleep" : "", number);
    // A pair asleep is greyed like its points in the view: kept as it fell asleep, not solved.
    if (m.sleeping) ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    const bool open = ImGui::TreeNodeEx(title, ImGuiTreeNodeFlags_DefaultOpen);
    if (m.sleeping) ImGui::PopStyleColor();
    if (ImGui::BeginPopupContextItem()) {
        contactWatchItems(app, m, -1);
        ImGui::EndPopup();
    }
    itemTooltip(m.sleeping ? "Asleep: no body of the pair moves, so the pair is kept as it was when "
                             "they fell asleep (its overlap and impulses), neither measured again "
                             "nor solved, until a body wakes. Right-click to watch it in the Plots tab."
                           : "Right-click to watch the pair's summed impulses or deepest overlap in the Plots tab.");
    if (!open) return;
    ImGui::Text("e %.2f   mu_s %.2f   mu_d %.2f", m.restitution, m.staticFriction, m.dynamicFriction);
    itemTooltip("The pair's restitution and static / dynamic friction from the material table "
                "(combine rules or an override, Materials panel).");
    if (m.rollingResistance > 0.0f || m.torsionalFriction > 0.0f) {
        ImGui::Text("c_r %.4f m   c_t %.4f m", m.rollingResistance, m.torsionalFriction);
        itemTooltip("The pair's rolling resistance and torsional friction: the torque against "
                    "rolling is at most c_r sum(lambda_n), against spinning about the normal "
                    "c_t sum(lambda_n), over the manifold's normal impulses (N m s per step).");
    }
    const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollX |
                                  ImGuiTableFlags_SizingFixedFit;
    const ImGuiStyle& style = ImGui::GetStyle();
    float rowHeight = ImGui::GetTextLineHeight() + 2.0f * style.CellPadding.y;
    float height = rowHeight * static_cast<float>(m.pointCount + 1) + style.ScrollbarSize + 4.0f;
    if (ImGui::BeginTable("points", kPointColumnCount, flags, ImVec2(0.0f, height))) {
        ImGui::TableSetupScrollFreeze(1, 1);
        for (const ColumnHelp& c : kPointColumns) ImGui::TableSetupColumn(c.name);
        tableHeaderRow(kPointColumns, kPointColumnCount);
        for (int i = 0; i < m.pointCount; ++i) pointRow(app, m, figures, i);
        ImGui::EndTable();
    }
    ImGui::TreePop();
}

void drawContacts(App& app, BodyId id) {
    const World& world = app.world;
    int count = 0;
    const std::vector<ContactManifoldInfo>& contacts = world.contacts();
    const std::vector<ContactManifoldFigures>& figures = world.contactFigures();
    app.figuresShown = true;
    for (size_t i = 0; i < contacts.size(); ++i) {
        const ContactManifoldInfo& m = contacts[i];
        if (m.pointCount == 0 || (m.bodyA != id && m.bodyB != id)) continue;
        if (count == 0 && figures.empty()) {
            ImGui::TextDisabled("solver figures (-): at the next step");
            itemTooltip("The world works out the solver's figures (effective masses, targets, warm-start "
                        "impulses) only while something shows them: they fill in with the next step, "
                        "or at once when paused and the step before is in the recording.");
        }
        drawManifold(app, m, figures.empty() ? nullptr : &figures[i], id, count++);
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
    ImGui::SameLine();
    if (ImGui::Button("Delete (Del)")) {
        app.deleteSelected();
        return;
    }
    itemTooltip("Destroy this body and the joints attached to it (World::destroyBody). R reloads the "
                "scene to bring it back.");
    ImGui::SameLine();
    ImGui::TextDisabled("edits apply at once; R undoes them");
    itemTooltip("Every widget below calls a World setter as you change it (the body wakes, mass and "
                "inertia follow). Reloading the scene (R) restores the file's values.");
    drawBody(app, id);
    if (!app.world.isValid(id)) return;
    if (ImGui::CollapsingHeader("Joints", ImGuiTreeNodeFlags_DefaultOpen)) drawJoints(app.world, id);
    if (ImGui::CollapsingHeader("Contacts of the last step", ImGuiTreeNodeFlags_DefaultOpen)) {
        ImGui::TextDisabled("hover a column header for its meaning and unit");
        drawContacts(app, id);
    }
}

} // namespace tumble::app
