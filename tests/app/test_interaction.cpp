// Hands-on interaction as the window drives it, with rays instead of a mouse: a press that
// moves pulls the pressed point to the cursor's plane, a click only selects, static bodies
// stay put, dropped bodies land on what is under the cursor, thrown ones leave along the ray
// at the chosen speed.
#include "physics/contact_fixtures.h"
#include "window/interaction.h"

#include <gtest/gtest.h>

#include <glm/geometric.hpp>

using namespace tumble;
using namespace tumble::app;
using namespace tumble::test;

namespace {

/// A ray looking down -Z from z = 10 through (x, y): the camera of these tests.
Ray rayThrough(float x, float y) {
    return Ray{{x, y, 10.0f}, {0.0f, 0.0f, -1.0f}};
}
const glm::vec3 kViewDirection{0.0f, 0.0f, -1.0f};

/// One frame of the window: the drag follows the cursor, then the world steps.
void frame(MouseDrag& drag, World& world, const Ray& ray, glm::vec2 cursor) {
    updateDrag(drag, world, DragSettings{}, ray, cursor, kViewDirection);
    world.step();
}

} // namespace

TEST(Interaction, DragHoldsThePressedPointAtTheCursorWithinTheSpringsSag) {
    World world(noSleep());
    BodyId ball = addSphere(world, {0.0f, 2.0f, 0.0f}, 0.5f);
    world.setDamping(ball, 0.0f, 2.0f); // let the swing about the grab point die out
    MouseDrag drag;
    ASSERT_EQ(pressDrag(drag, world, rayThrough(0.0f, 2.0f), {100.0f, 100.0f}), ball);
    // The cursor moves 40 px; its ray meets the plane z = 0.5 (through the pressed point on the
    // ball's front, facing the camera) at (1, 3, 0.5).
    const Ray moved = rayThrough(1.0f, 3.0f);
    const glm::vec3 target{1.0f, 3.0f, 0.5f};
    for (int i = 0; i < 300; ++i)
        frame(drag, world, moved, {140.0f, 60.0f});
    ASSERT_EQ(world.dragBody(), ball);
    EXPECT_LT(glm::distance(world.dragTarget(), target), 1e-5f);
    // A spring k = m w^2 holding the weight m g sags by g / w^2 (1 cm at 5 Hz).
    const float omega = 2.0f * kPi * DragSettings{}.frequencyHz;
    const float sag = 9.81f / (omega * omega);
    EXPECT_LT(glm::distance(world.dragPoint(), target), 2.0f * sag + 0.005f);
    releaseDrag(drag, world);
    EXPECT_TRUE(world.dragBody().isNull());
    EXPECT_FALSE(drag.pressed);
}

TEST(Interaction, ClickWithoutMovingSelectsButDoesNotDrag) {
    World world(noSleep());
    addGround(world);
    BodyId box = addBox(world, {0.0f, 0.5f, 0.0f});
    MouseDrag drag;
    EXPECT_EQ(pressDrag(drag, world, rayThrough(0.0f, 0.5f), {100.0f, 100.0f}), box);
    // Jitter under the threshold is still a click.
    for (int i = 0; i < 10; ++i)
        frame(drag, world, rayThrough(0.0f, 0.5f), {101.0f, 101.0f});
    EXPECT_TRUE(world.dragBody().isNull());
    releaseDrag(drag, world);
    EXPECT_TRUE(pressDrag(drag, world, rayThrough(5.0f, 5.0f), {300.0f, 20.0f}).isNull())
        << "a press on empty space selects nothing";
}

TEST(Interaction, DraggingAStaticBodyLeavesItWhereItIs) {
    World world(noSleep());
    BodyDef wall;
    wall.type = BodyType::Static;
    wall.shape.type = ShapeType::Box;
    wall.shape.halfExtents = {1.0f, 1.0f, 0.2f};
    wall.position = {0.0f, 1.0f, 0.0f};
    BodyId id = world.createBody(wall);
    MouseDrag drag;
    EXPECT_EQ(pressDrag(drag, world, rayThrough(0.0f, 1.0f), {100.0f, 100.0f}), id)
        << "it is still selected";
    for (int i = 0; i < 60; ++i)
        frame(drag, world, rayThrough(3.0f, 4.0f), {200.0f, 20.0f});
    EXPECT_TRUE(world.dragBody().isNull());
    EXPECT_EQ(world.body(id).position, wall.position);
}

TEST(Interaction, ABodyMadeStaticOrDeletedWhileDraggedIsLetGo) {
    World world(noSleep());
    BodyId a = addSphere(world, {0.0f, 2.0f, 0.0f}, 0.5f);
    MouseDrag drag;
    pressDrag(drag, world, rayThrough(0.0f, 2.0f), {100.0f, 100.0f});
    frame(drag, world, rayThrough(1.0f, 2.0f), {140.0f, 100.0f});
    ASSERT_EQ(world.dragBody(), a);
    world.setBodyType(a, BodyType::Static);
    frame(drag, world, rayThrough(2.0f, 2.0f), {180.0f, 100.0f});
    EXPECT_TRUE(world.dragBody().isNull());

    BodyId b = addSphere(world, {0.0f, 5.0f, 0.0f}, 0.5f);
    pressDrag(drag, world, rayThrough(0.0f, 5.0f), {100.0f, 50.0f});
    frame(drag, world, rayThrough(1.0f, 5.0f), {140.0f, 50.0f});
    ASSERT_EQ(world.dragBody(), b);
    EXPECT_TRUE(deleteBody(drag, world, b));
    EXPECT_FALSE(world.isValid(b));
    EXPECT_TRUE(world.dragBody().isNull());
    EXPECT_FALSE(drag.pressed);
    frame(drag, world, rayThrough(2.0f, 5.0f), {180.0f, 50.0f}); // a stale handle is never touched
}

TEST(Interaction, DroppedShapesComeToRestOnTheSurfaceUnderTheCursor) {
    // The compound is the dumbbell: it lies on its two balls, their radius above the ground.
    for (ShapeType shape : {ShapeType::Sphere, ShapeType::Box, ShapeType::Capsule, ShapeType::Compound}) {
        World world(noSleep());
        addGround(world);
        SpawnSettings s;
        s.shape = shape;
        s.size = 0.3f;
        // A slanted ray from above that meets the ground at (1, 0, -2).
        const glm::vec3 hit{1.0f, 0.0f, -2.0f}, origin{4.0f, 8.0f, 3.0f};
        BodyDef def = dropDefinition(world, s, Ray{origin, glm::normalize(hit - origin)});
        // Lifted by the shape's extent along the ground's normal, plus the gap.
        const float extent = shape == ShapeType::Capsule ? 2.0f * s.size : s.size;
        EXPECT_NEAR(def.position.x, hit.x, 1e-4f);
        EXPECT_NEAR(def.position.z, hit.z, 1e-4f);
        EXPECT_NEAR(def.position.y, extent + kSpawnGap, 1e-4f) << toString(shape);
        EXPECT_EQ(def.linearVelocity, glm::vec3(0.0f));
        BodyId id = world.createBody(def);
        ASSERT_FALSE(id.isNull());
        for (int i = 0; i < 120; ++i)
            world.step();
        // It fell the 1 cm gap and rests where it was put, within the solver's slop.
        EXPECT_NEAR(world.body(id).position.y, extent, 0.01f) << toString(shape);
        EXPECT_NEAR(world.body(id).position.x, hit.x, 0.01f) << toString(shape);
    }
}

TEST(Interaction, ThePanelsShapeChoicesSurviveTheClampAndOthersBecomeABox) {
    for (ShapeType t : {ShapeType::Sphere, ShapeType::Box, ShapeType::Capsule, ShapeType::Cylinder,
                        ShapeType::Compound}) {
        SpawnSettings s;
        s.shape = t;
        clampSpawnSettings(s);
        EXPECT_EQ(s.shape, t) << toString(t);
    }
    for (ShapeType t : {ShapeType::Hull, ShapeType::Plane, ShapeType::Mesh, ShapeType::HeightField}) {
        SpawnSettings s;
        s.shape = t;
        clampSpawnSettings(s);
        EXPECT_EQ(s.shape, ShapeType::Box) << toString(t);
    }
}

TEST(Interaction, AThrownDumbbellIsACompoundThatIsNeverABullet) {
    World world(noSleep());
    SpawnSettings s;
    s.shape = ShapeType::Compound;
    s.size = 0.2f;
    ASSERT_TRUE(s.throwBullet);
    const Ray ray{{0.0f, 1.0f, 10.0f}, glm::vec3(0.0f, 0.0f, -1.0f)};
    BodyDef def = throwDefinition(world, s, ray);
    EXPECT_FALSE(def.bullet) << "continuous collision sweeps convex bodies only";
    // Thrown along -Z, across the bar: its near surface is a ball's, size ahead of its centre.
    EXPECT_NEAR(glm::dot(def.position - ray.origin, ray.direction), s.size + kThrowClearance, 1e-5f);
    std::string error;
    const BodyId id = world.createBody(def, &error);
    ASSERT_FALSE(id.isNull()) << error;
    EXPECT_EQ(partCount(world.body(id).shape), 3u);
    // Two balls of radius r and a bar of radius 0.3 r and length 4 r (the balls' overlap
    // with the bar counted twice, as for any compound).
    const float r = s.size, pi = glm::pi<float>();
    const float volume = 2.0f * 4.0f / 3.0f * pi * r * r * r + pi * 0.09f * r * r * 4.0f * r;
    const float density = world.materials()[static_cast<size_t>(world.findMaterial(kDefaultMaterialName))].density;
    EXPECT_NEAR(spawnMass(world, s), density * volume, 1e-3f);
}

TEST(Interaction, DropWithNothingUnderTheCursorIsTenMetresAlongTheRay) {
    World world;
    const Ray ray{{1.0f, 2.0f, 3.0f}, glm::normalize(glm::vec3(1.0f, 1.0f, 0.0f))};
    BodyDef def = dropDefinition(world, SpawnSettings{}, ray);
    EXPECT_LT(glm::distance(def.position, ray.origin + kSpawnFallbackDistance * ray.direction),
              1e-5f);
}

TEST(Interaction, ThrownBodyFliesAlongTheRayAtTheChosenSpeed) {
    Settings settings = noSleep();
    settings.gravity = glm::vec3(0.0f);
    World world(settings);
    SpawnSettings s;
    s.shape = ShapeType::Sphere;
    s.size = 0.2f;
    s.throwSpeed = 40.0f;
    const Ray ray{{0.0f, 1.0f, 10.0f}, glm::normalize(glm::vec3(0.3f, 0.1f, -1.0f))};
    BodyDef def = throwDefinition(world, s, ray);
    // Starts on the ray, its near surface kThrowClearance ahead of the camera.
    const glm::vec3 offset = def.position - ray.origin;
    EXPECT_NEAR(glm::dot(offset, ray.direction), s.size + kThrowClearance, 1e-5f);
    EXPECT_LT(glm::length(offset - glm::dot(offset, ray.direction) * ray.direction), 1e-5f);
    EXPECT_TRUE(def.bullet);
    BodyId id = world.createBody(def);
    ASSERT_FALSE(id.isNull());
    const int steps = 30;
    for (int i = 0; i < steps; ++i)
        world.step();
    // Free flight without gravity: x = x0 + v t.
    const float t = steps * settings.timestep;
    EXPECT_LT(glm::distance(world.body(id).position, def.position + ray.direction * (40.0f * t)),
              1e-3f);
    EXPECT_NEAR(glm::length(world.body(id).linearVelocity), 40.0f, 1e-3f);
}

TEST(Interaction, SpawnMassIsDensityTimesVolume) {
    World world;
    SpawnSettings s;
    s.shape = ShapeType::Box;
    s.size = 0.25f;
    s.material = "Rock";
    const float density =
        world.materials()[static_cast<size_t>(world.findMaterial("Rock"))].density;
    EXPECT_NEAR(spawnMass(world, s), density * 0.125f, 1e-3f * density);
    s.shape = ShapeType::Sphere;
    EXPECT_NEAR(spawnMass(world, s), density * 4.0f / 3.0f * kPi * 0.25f * 0.25f * 0.25f,
                1e-3f * density);
    s.material = "no such material"; // falls back to the default material, as the drop does
    const float wood =
        world.materials()[static_cast<size_t>(world.findMaterial(kDefaultMaterialName))].density;
    EXPECT_NEAR(spawnMass(world, s), wood * 4.0f / 3.0f * kPi * 0.25f * 0.25f * 0.25f,
                1e-3f * wood);
    EXPECT_EQ(dropDefinition(world, s, rayThrough(0.0f, 0.0f)).material, kDefaultMaterialName);
}

TEST(Interaction, SpawnedBodiesGetNamesNotYetTaken) {
    World world;
    BodyDef taken;
    taken.name = "dropped 1";
    world.createBody(taken);
    int counter = 0;
    BodyId id = createNamed(world, BodyDef{}, "dropped", counter);
    ASSERT_FALSE(id.isNull());
    EXPECT_EQ(world.body(id).name, "dropped 2");
    EXPECT_EQ(world.body(createNamed(world, BodyDef{}, "dropped", counter)).name, "dropped 3");
}

namespace {

/// Press at the ball's front along the test camera's ray, then move the cursor's ray to
/// (x, y): the pull is from the grabbed point to where that ray meets the drag plane.
MouseDrag pushDrag(World& world, DragMode mode, float x, float y) {
    MouseDrag drag;
    pressDrag(drag, world, rayThrough(0.0f, 2.0f), {100.0f, 100.0f}, mode);
    updateDrag(drag, world, DragSettings{}, rayThrough(x, y), {140.0f, 100.0f}, kViewDirection);
    return drag;
}

} // namespace

TEST(Interaction, CtrlDragPushesWithAForceOfKWeightPerMetreAtTheGrabbedPoint) {
    World world(noSleep());
    BodyId ball = addSphere(world, {0.0f, 2.0f, 0.0f}, 0.5f);
    const float m = world.body(ball).mass, g = 9.81f, dt = world.settings().timestep;
    // A pull of 0.2 m along +x from the ball's front point (0, 2, 0.5).
    MouseDrag drag = pushDrag(world, DragMode::Force, 0.2f, 2.0f);
    EXPECT_TRUE(world.dragBody().isNull()); // no spring: a force instead
    const Push push = pushOf(drag, world, DragSettings{});
    EXPECT_NEAR(push.force.x, DragSettings{}.pushPerMetre * m * g * 0.2f, 1e-3f * m * g);
    EXPECT_NEAR(push.force.y, 0.0f, 1e-5f);
    applyPush(drag, world, DragSettings{});
    world.step();
    // One step of F: the momentum changes by F dt; the force off the centre also spins it.
    EXPECT_NEAR(world.body(ball).linearVelocity.x, push.force.x / m * dt, 1e-5f);
    EXPECT_GT(std::abs(world.body(ball).angularVelocity.y), 1e-3f);
    // A long pull is capped at maxForceOverWeight times the weight, like the spring.
    MouseDrag far = pushDrag(world, DragMode::Force, 500.0f, 2.0f);
    EXPECT_NEAR(glm::length(pushOf(far, world, DragSettings{}).force), DragSettings{}.maxForceOverWeight * m * g,
                1e-3f * m * g);
}

TEST(Interaction, CtrlShiftDragTwistsWithTheTorqueOfTheChosenAngularAcceleration) {
    World world(noSleep());
    BodyId ball = addSphere(world, {0.0f, 2.0f, 0.0f}, 0.5f);
    const float dt = world.settings().timestep;
    // Pulling 0.1 m to the right, seen down -Z, turns the ball about +Y (its front goes right).
    MouseDrag drag = pushDrag(world, DragMode::Torque, 0.1f, 2.0f);
    const Push push = pushOf(drag, world, DragSettings{});
    EXPECT_EQ(push.force, glm::vec3(0.0f));
    applyPush(drag, world, DragSettings{});
    world.step();
    // tau = I a: the ball gains exactly a dt about +Y, and its centre is not pushed sideways.
    const float alpha = DragSettings{}.twistPerMetre * 0.1f;
    const glm::vec3 w = world.body(ball).angularVelocity;
    EXPECT_NEAR(w.y, alpha * dt, 1e-4f * alpha * dt + 1e-7f);
    EXPECT_NEAR(w.x, 0.0f, 1e-6f);
    EXPECT_NEAR(w.z, 0.0f, 1e-6f);
    EXPECT_EQ(world.body(ball).linearVelocity.x, 0.0f);
    // Released, nothing more is applied.
    releaseDrag(drag, world);
    EXPECT_EQ(pushOf(drag, world, DragSettings{}).torque, glm::vec3(0.0f));
}
