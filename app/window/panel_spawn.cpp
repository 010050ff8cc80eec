// The Spawn panel: what B drops and T throws (shape, size, material, speed), the spring a
// left drag pulls with, and Delete. Widgets point into App::spawn; the world is changed only
// by the buttons, through World's API.
#include "window/input.h"
#include "window/panels.h"
#include "window/picking.h"
#include "window/widgets.h"

#include <imgui.h>

#include <glm/geometric.hpp>
#include <string>

namespace tumble::app {
namespace {

struct ShapeChoice {
    ShapeType type;
    const char* help;
};

constexpr ShapeChoice kShapes[] = {
    {ShapeType::Sphere, "A ball of radius = size."},
    {ShapeType::Box, "A cube of half extent = size (edge 2 x size)."},
    {ShapeType::Capsule,
     "Radius = size, core half height = size: 4 x size tall, standing along Y."},
    {ShapeType::Cylinder, "Radius = size, half height = size: 2 x size tall, standing along Y."},
    {ShapeType::Compound,
     "A dumbbell, one compound body: two balls of radius = size, 4 x size apart, on a bar of "
     "radius 0.3 x size. Thrown, it is never a bullet (continuous collision sweeps convex bodies only)."},
};

/// The combo's name for a shape: the compound it offers is a dumbbell.
std::string choiceName(ShapeType t) {
    return t == ShapeType::Compound ? std::string("dumbbell (compound)") : std::string(toString(t));
}

bool shapeCombo(ShapeType& shape) {
    bool changed = false;
    if (ImGui::BeginCombo("shape", choiceName(shape).c_str())) {
        for (const ShapeChoice& c : kShapes) {
            if (ImGui::Selectable(choiceName(c.type).c_str(), c.type == shape)) {
                shape = c.type;
                changed = true;
            }
            itemTooltip(c.help);
        }
        ImGui::EndCombo();
    }
    itemTooltip("Shape of the bodies B drops and T throws.");
    return changed;
}

bool materialCombo(const World& world, std::string& material) {
    bool changed = false;
    const int current = world.findMaterial(material);
    const std::string shown =
        current >= 0 ? material : std::string(kDefaultMaterialName) + " (default)";
    if (ImGui::BeginCombo("material", shown.c_str())) {
        for (const Material& m : world.materials()) {
            if (ImGui::Selectable(m.name.c_str(), m.name == material)) {
                material = m.name;
                changed = true;
            }
            if (ImGui::IsItemHovered()) {
                ImGui::SetTooltip("density %.0f kg/m^3, restitution %.2f, mu_s %.2f, mu_d %.2f",
                                  m.density, m.restitution, m.staticFriction, m.dynamicFriction);
            }
        }
        ImGui::EndCombo();
    }
    itemTooltip("Material of new bodies (Materials panel): density (kg/m^3), restitution and "
                "friction. Kept by name across reloads; a name the scene lacks falls back to the "
                "default material.");
    return changed;
}

void spawnSection(App& app) {
    SpawnSettings& s = app.spawn;
    bool changed = shapeCombo(s.shape);
    changed |= ImGui::SliderFloat("size", &s.size, kMinSpawnSize, kMaxSpawnSize, "%.3f m",
                                  ImGuiSliderFlags_Logarithmic);
    itemTooltip("m: radius of a sphere, capsule or cylinder, half extent of a box (a cube). A "
                "capsule's core half height and a cylinder's half height equal the radius.");
    changed |= materialCombo(app.world, s.material);
    ImGui::TextDisabled("mass %.4g kg", spawnMass(app.world, s));
    itemTooltip("Mass of one new body, kg: the material's density x the shape's volume.");
    changed |= ImGui::SliderFloat("throw speed", &s.throwSpeed, kMinThrowSpeed, kMaxThrowSpeed,
                                  "%.1f m/s", ImGuiSliderFlags_Logarithmic);
    itemTooltip("Speed T gives a thrown body along the view ray, m/s (1 to 100). At 100 m/s a body "
                "crosses 1.7 m per 60 Hz step.");
    changed |= ImGui::Checkbox("thrown bodies are bullets", &s.throwBullet);
    itemTooltip("Continuous collision for thrown bodies: a fast one is swept along its path each "
                "step, so it cannot pass through a thin wall. Costs a little time per body.");
    if (changed) clampSpawnSettings(s);

    Ray ray;
    if (ImGui::Button("Drop (B)") && viewCentreRay(app, ray)) app.dropBody(ray);
    itemTooltip("Drop the shape onto what lies under the view's centre (the B key drops it under "
                "the cursor), lifted by its own extent; 10 m ahead when nothing is there.");
    ImGui::SameLine();
    if (ImGui::Button("Throw (T)") && viewCentreRay(app, ray)) app.throwBody(ray);
    itemTooltip("Throw the shape from the camera through the view's centre at the throw speed "
                "(the T key throws it through the cursor).");
    if (!app.spawnError.empty()) {
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextColored(ImVec4(1.0f, 0.4f, 0.4f, 1.0f), "%s", app.spawnError.c_str());
        ImGui::PopTextWrapPos();
    }
}

void dragSection(App& app) {
    DragSettings& d = app.spawn.drag;
    bool changed = ImGui::SliderFloat("stiffness", &d.frequencyHz, 0.5f, 30.0f, "%.1f Hz",
                                      ImGuiSliderFlags_Logarithmic);
    itemTooltip("Drag spring stiffness as its natural frequency on the body's mass, Hz: "
                "k = m (2 pi f)^2, so light and heavy bodies follow alike. Soft below 2 Hz, stiff "
                "above 10; keep it under half the physics rate.");
    changed |= ImGui::SliderFloat("damping ratio", &d.dampingRatio, 0.0f, 2.0f, "%.2f");
    itemTooltip("Drag spring damping, dimensionless: c = 2 m zeta (2 pi f). 1 is critical (no "
                "overshoot), below 1 the body swings about the cursor, 0 never settles.");
    changed |= ImGui::SliderFloat("max force", &d.maxForceOverWeight, 1.0f, 1000.0f,
                                  "%.0f x weight", ImGuiSliderFlags_Logarithmic);
    itemTooltip("Cap on the drag force as a multiple of the body's weight m |g| (9.81 m/s^2 when "
                "gravity is off). 1 can barely hold it up; 30 flings it. It caps the Ctrl+drag push "
                "too, and the Ctrl+Shift+drag twist (times the radius of gyration).");
    changed |= ImGui::SliderFloat("push", &d.pushPerMetre, 0.1f, 100.0f, "%.1f x weight / m",
                                  ImGuiSliderFlags_Logarithmic);
    itemTooltip("Ctrl+drag pushes with a force instead of the spring: F = k m |g| d at the grabbed "
                "point, d the pull from it to the cursor (m), k this value. At 5, a 20 cm pull is the "
                "body's own weight. Drawn as an orange arrow.");
    changed |= ImGui::SliderFloat("twist", &d.twistPerMetre, 0.1f, 1000.0f, "%.1f rad/s^2 / m",
                                  ImGuiSliderFlags_Logarithmic);
    itemTooltip("Ctrl+Shift+drag twists with a torque: tau = I a, the torque that gives the body the "
                "angular acceleration a = k (d x the view direction's reverse) whatever its shape, k "
                "this value (rad/s^2 per metre of pull). The body turns the way the cursor moves, "
                "about the axis across the pull (violet).");
    if (changed) clampSpawnSettings(app.spawn);
    const World& world = app.world;
    if (world.isValid(world.dragBody())) {
        float stretch = glm::distance(world.dragPoint(), world.dragTarget());
        ImGui::Text("dragging %s, stretch %.3f m", bodyLabel(world, world.dragBody()).c_str(),
                    stretch);
        itemTooltip("Distance from the grabbed point to the cursor's target, m (the white line in "
                    "the view with the joints layer on). Takes effect for the next drag: the "
                    "settings above are read when it starts.");
    } else {
        ImGui::TextDisabled("left-drag a dynamic body to pull it (Ctrl: push, Ctrl+Shift: twist)");
        itemTooltip("Press on a body and move the mouse: the grabbed point follows the cursor on "
                    "the plane through it facing the camera. A click without moving selects. With "
                    "Ctrl held at the press a force pushes it instead; with Ctrl+Shift a torque.");
    }
}

} // namespace

void drawSpawnPanel(App& app) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("B drops and T throws at the cursor (at the view's centre while it is over "
                        "a panel); Del removes the selected body; R undoes it all.");
    ImGui::PopTextWrapPos();
    if (ImGui::CollapsingHeader("New bodies", ImGuiTreeNodeFlags_DefaultOpen)) spawnSection(app);
    if (ImGui::CollapsingHeader("Mouse drag", ImGuiTreeNodeFlags_DefaultOpen)) dragSection(app);
    if (ImGui::CollapsingHeader("Delete", ImGuiTreeNodeFlags_DefaultOpen)) {
        const bool haveSelection = app.world.isValid(app.selected);
        if (!haveSelection) ImGui::BeginDisabled();
        if (ImGui::Button("Delete selected (Del)")) app.deleteSelected();
        if (!haveSelection) ImGui::EndDisabled();
        itemTooltip("Destroy the selected body (World::destroyBody) and the joints attached to it; "
                    "the selection clears. R reloads the scene to bring it back.");
        if (haveSelection) {
            ImGui::SameLine();
            ImGui::TextUnformatted(bodyLabel(app.world, app.selected).c_str());
        }
    }
}

} // namespace tumble::app
