// Hands-on interaction: the mouse's side of the world's drag spring, and the bodies that
// B drops and T throws. All changes go through World's public API.
#include "window/interaction.h"

#include <algorithm>
#include <cmath>
#include <glm/common.hpp>
#include <glm/gtc/constants.hpp>
#include <glm/geometric.hpp>
#include <glm/gtc/quaternion.hpp>
#include <glm/matrix.hpp>

namespace tumble::app {

void clampSpawnSettings(SpawnSettings& s) {
    // The Spawn panel offers these (a compound is its dumbbell); hulls, planes and meshes need
    // data a size cannot give.
    if (s.shape != ShapeType::Sphere && s.shape != ShapeType::Box && s.shape != ShapeType::Capsule &&
        s.shape != ShapeType::Cylinder && s.shape != ShapeType::Compound)
        s.shape = ShapeType::Box;
    s.size = std::clamp(s.size, kMinSpawnSize, kMaxSpawnSize);
    s.throwSpeed = std::clamp(s.throwSpeed, kMinThrowSpeed, kMaxThrowSpeed);
    s.drag.frequencyHz = std::clamp(s.drag.frequencyHz, 0.1f, 60.0f);
    s.drag.dampingRatio = std::clamp(s.drag.dampingRatio, 0.0f, 10.0f);
    s.drag.maxForceOverWeight = std::clamp(s.drag.maxForceOverWeight, 0.1f, 10000.0f);
    s.drag.pushPerMetre = std::clamp(s.drag.pushPerMetre, 0.1f, 100.0f);
    s.drag.twistPerMetre = std::clamp(s.drag.twistPerMetre, 0.1f, 1000.0f);
}

ShapeDef spawnShape(const SpawnSettings& s) {
    ShapeDef shape;
    shape.type = s.shape;
    shape.radius = s.size;
    shape.halfExtents = glm::vec3(s.size);
    shape.halfHeight = s.size;
    if (s.shape == ShapeType::Compound) {
        // The dumbbell: two balls of radius size, 4 x size apart along X, on a bar between them.
        ShapeDef ball;
        ball.type = ShapeType::Sphere;
        ball.radius = s.size;
        ShapeDef bar;
        bar.type = ShapeType::Cylinder;
        bar.radius = 0.3f * s.size;
        bar.halfHeight = 2.0f * s.size;
        const glm::quat alongX = glm::angleAxis(0.5f * glm::pi<float>(), glm::vec3(0.0f, 0.0f, 1.0f));
        shape.children = {{ball, glm::vec3(-2.0f * s.size, 0.0f, 0.0f), glm::quat(1.0f, 0.0f, 0.0f, 0.0f)},
                          {ball, glm::vec3(2.0f * s.size, 0.0f, 0.0f), glm::quat(1.0f, 0.0f, 0.0f, 0.0f)},
                          {bar, glm::vec3(0.0f), alongX}};
    }
    return shape;
}

float spawnMass(const World& world, const SpawnSettings& s) {
    int material = world.findMaterial(s.material);
    if (material < 0) material = world.findMaterial(kDefaultMaterialName);
    if (material < 0) return 0.0f;
    Shape shape;
    std::string error;
    if (!buildShape(spawnShape(s), shape, error, nullptr)) return 0.0f;
    return computeMassProperties(shape, world.materials()[static_cast<size_t>(material)].density)
        .mass;
}

float supportDistance(const ShapeDef& shape, const glm::vec3& n) {
    switch (shape.type) {
    case ShapeType::Sphere:
        return shape.radius;
    case ShapeType::Box:
        return glm::dot(shape.halfExtents, glm::abs(n));
    case ShapeType::Capsule:
        return shape.radius + shape.halfHeight * std::abs(n.y);
    case ShapeType::Cylinder: // the end disc's rim reaches r sqrt(1 - n_y^2) across the axis
        return shape.halfHeight * std::abs(n.y) + shape.radius * std::sqrt(std::max(0.0f, 1.0f - n.y * n.y));
    case ShapeType::Compound: { // the farthest child along n, each in its place
        float reach = 0.0f;
        for (const CompoundChildDef& c : shape.children)
            reach = std::max(reach, glm::dot(c.position, n) + supportDistance(c.shape, glm::conjugate(c.orientation) * n));
        return reach;
    }
    default:
        return 0.0f; // hulls and planes are not spawned
    }
}

namespace {

/// The settings' material if the world has it, else the default material.
std::string spawnMaterial(const World& world, const SpawnSettings& s) {
    return world.findMaterial(s.material) >= 0 ? s.material : std::string(kDefaultMaterialName);
}

BodyDef spawnDefinition(const World& world, const SpawnSettings& s) {
    BodyDef def;
    def.type = BodyType::Dynamic;
    def.shape = spawnShape(s);
    def.material = spawnMaterial(world, s);
    return def;
}

} // namespace

BodyDef dropDefinition(const World& world, const SpawnSettings& s, const Ray& ray) {
    BodyDef def = spawnDefinition(world, s);
    RayHit hit;
    if (world.rayCast(ray.origin, ray.direction, kPickDistance, hit)) {
        // Lift along the surface's normal (turned to face the ray) by the shape's extent that
        // way: the new body touches nothing, whatever the slope it lands on.
        glm::vec3 n = glm::dot(hit.normal, ray.direction) > 0.0f ? -hit.normal : hit.normal;
        def.position = hit.point + n * (supportDistance(def.shape, n) + kSpawnGap);
    } else {
        def.position = ray.origin + ray.direction * kSpawnFallbackDistance;
    }
    return def;
}

BodyDef throwDefinition(const World& world, const SpawnSettings& s, const Ray& ray) {
    BodyDef def = spawnDefinition(world, s);
    // Start with the body's near surface kThrowClearance ahead of the camera.
    def.position =
        ray.origin + ray.direction * (supportDistance(def.shape, ray.direction) + kThrowClearance);
    def.linearVelocity = ray.direction * s.throwSpeed;
    // Continuous collision sweeps convex bodies only: a thrown compound is never a bullet.
    def.bullet = s.throwBullet && s.shape != ShapeType::Compound;
    return def;
}

BodyId createNamed(World& world, BodyDef def, const char* prefix, int& counter,
                   std::string* error) {
    std::string name;
    do {
        name = prefix;
        name += ' ';
        name += std::to_string(++counter);
    } while (!world.findBody(name).isNull());
    def.name = std::move(name);
    return world.createBody(def, error);
}

BodyId pressDrag(MouseDrag& drag, const World& world, const Ray& ray, glm::vec2 cursor, DragMode mode) {
    drag = MouseDrag{};
    drag.pressed = true;
    drag.mode = mode;
    drag.pressCursor = cursor;
    RayHit hit;
    if (!world.rayCast(ray.origin, ray.direction, kPickDistance, hit)) return kNullBody;
    const Body& b = world.body(hit.body);
    // Static and kinematic bodies follow no force: a press on one only selects it.
    if (b.isDynamic()) {
        drag.body = hit.body;
        drag.localGrab = glm::conjugate(b.orientation) * (hit.point - b.position);
    }
    return hit.body;
}

void updateDrag(MouseDrag& drag, World& world, const DragSettings& settings, const Ray& ray,
                glm::vec2 cursor, const glm::vec3& viewDirection) {
    if (!drag.pressed || drag.body.isNull()) return;
    const bool spring = drag.mode == DragMode::Spring;
    const bool lost = !world.isValid(drag.body) || !world.body(drag.body).isDynamic() ||
                      (spring && drag.active && world.dragBody() != drag.body);
    if (lost) {
        // Destroyed, made static or kinematic in the Inspector, or stopped by the world:
        // the press stays a press, with nothing on the hook.
        if (drag.active && world.dragBody() == drag.body) world.stopDrag();
        drag.body = kNullBody;
        drag.active = false;
        return;
    }
    if (!drag.active) {
        if (glm::distance(cursor, drag.pressCursor) < kDragThreshold) return; // still a click
        // Grab the pressed material point where the body is now (it may have moved since).
        const Body& b = world.body(drag.body);
        drag.planePoint = b.position + b.orientation * drag.localGrab;
        drag.target = drag.planePoint;
        if (spring)
            world.startDrag(drag.body, drag.planePoint, settings.frequencyHz, settings.dampingRatio,
                            settings.maxForceOverWeight);
        drag.active = true;
    }
    drag.viewDirection = viewDirection;
    // The target is where the cursor's ray meets the plane through the grab point facing the
    // camera: dot(x - planePoint, viewDirection) = 0 with x = origin + t direction.
    float denominator = glm::dot(ray.direction, viewDirection);
    if (std::abs(denominator) < 1e-6f) return; // ray parallel to the plane: keep the target
    float t = glm::dot(drag.planePoint - ray.origin, viewDirection) / denominator;
    if (!(t > 0.0f) || !std::isfinite(t)) return; // plane behind the camera
    drag.target = ray.origin + t * ray.direction;
    if (spring) world.moveDrag(drag.target);
}

Push pushOf(const MouseDrag& drag, const World& world, const DragSettings& settings) {
    Push push;
    if (!drag.active || drag.mode == DragMode::Spring || !world.isValid(drag.body)) return push;
    const Body& b = world.body(drag.body);
    if (!b.isDynamic()) return push;
    push.point = b.position + b.orientation * drag.localGrab;
    const glm::vec3 pull = drag.target - push.point; // m
    const float g = glm::length(world.settings().gravity);
    const float weight = b.mass * (g > 0.0f ? g : 9.81f); // N: the unit both caps are in
    const float cap = settings.maxForceOverWeight * weight;
    if (drag.mode == DragMode::Force) {
        push.force = settings.pushPerMetre * weight * pull;
        const float size = glm::length(push.force);
        if (size > cap) push.force *= cap / size;
        return push;
    }
    // Twist: the pull seen from the camera turns the body the way the cursor moved, about the
    // axis in the view plane at right angles to the pull (towards-camera x pull), with the
    // torque I a that gives it the angular acceleration a whatever its shape.
    const glm::vec3 alpha = settings.twistPerMetre * glm::cross(-drag.viewDirection, pull); // rad/s^2
    const glm::mat3 rotation = glm::mat3_cast(b.orientation);
    push.torque = rotation * (b.localInertia * (glm::transpose(rotation) * alpha));
    // The cap is the force cap on a lever of the radius of gyration, sqrt(tr(I) / 2m).
    const float lever = std::sqrt(std::max(b.localInertia[0][0] + b.localInertia[1][1] + b.localInertia[2][2], 0.0f) /
                                  (2.0f * b.mass));
    const float size = glm::length(push.torque);
    if (size > cap * lever) push.torque *= cap * lever / size;
    return push;
}

void applyPush(const MouseDrag& drag, World& world, const DragSettings& settings) {
    const Push push = pushOf(drag, world, settings);
    if (push.force != glm::vec3(0.0f)) world.applyForce(drag.body, push.force, push.point);
    if (push.torque != glm::vec3(0.0f)) world.applyTorque(drag.body, push.torque);
}

void releaseDrag(MouseDrag& drag, World& world) {
    if (drag.mode == DragMode::Spring && drag.active && world.dragBody() == drag.body) world.stopDrag();
    drag = MouseDrag{};
}

bool deleteBody(MouseDrag& drag, World& world, BodyId id) {
    if (!world.isValid(id)) return false;
    if (drag.body == id) releaseDrag(drag, world);
    return world.destroyBody(id);
}

} // namespace tumble::app
