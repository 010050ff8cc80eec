// Contact events and sensors (tumble/contact_events.h) against free fall: when a dropped
// sphere begins to touch, that resting never ends a contact, that a sensor reports a body
// passing at the steps free fall predicts without slowing it, and that a restored world
// reports the events the original reported.
#include "contact_fixtures.h"
#include "tumble/scene.h"
#include "world/state_codec.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

namespace tumble::test {
namespace {

constexpr float kG = 9.81f;

/// A world without sleep unless asked for, and without bounce (restitution 0), so a dropped
/// sphere lands and stays.
World quietWorld(bool sleep = false) {
    Settings s;
    s.sleep.enabled = sleep;
    World w(s);
    addMaterial(w, "Dead", 0.0f, 0.6f, 0.5f);
    return w;
}

BodyId addSensorBox(World& w, glm::vec3 position, glm::vec3 halfExtents, bool sensor = true) {
    BodyDef d;
    d.name = "gate";
    d.type = BodyType::Static;
    d.shape.type = ShapeType::Box;
    d.shape.halfExtents = halfExtents;
    d.position = position;
    d.material = "Dead";
    d.sensor = sensor;
    return w.createBody(d);
}

/// Every event of `steps` steps, in order.
std::vector<ContactEvent> run(World& w, int steps) {
    std::vector<ContactEvent> all;
    for (int i = 0; i < steps; ++i) {
        w.step();
        all.insert(all.end(), w.contactEvents().begin(), w.contactEvents().end());
    }
    return all;
}

std::vector<ContactEvent> ofKind(const std::vector<ContactEvent>& events, ContactEventKind kind) {
    std::vector<ContactEvent> out;
    for (const ContactEvent& e : events)
        if (e.kind == kind) out.push_back(e);
    return out;
}

/// The step whose collide stage first sees a body dropped from rest fall `drop` metres. Free
/// fall covers h = g t^2 / 2; symplectic Euler, which updates the velocity first, covers
/// g dt^2 n (n + 1) / 2 in n steps (half a step ahead of t = n dt), and the collide stage of
/// a step sees the poses the step before left.
uint64_t freeFallStep(float drop, float dt) {
    const double n = std::ceil(0.5 * (std::sqrt(1.0 + 8.0 * drop / (kG * dt * dt)) - 1.0));
    return static_cast<uint64_t>(n) + 1;
}

TEST(ContactEvents, DroppedSphereBeginsOnceWhenFreeFallReachesTheFloorAndNeverEndsWhileResting) {
    World w = quietWorld();
    const BodyId ground = addGround(w, "Dead");
    const float r = 0.5f, drop = 2.0f;
    BodyDef d;
    d.shape.type = ShapeType::Sphere;
    d.shape.radius = r;
    d.position = {0.0f, r + drop, 0.0f};
    d.material = "Dead";
    const BodyId ball = w.createBody(d);
    const std::vector<ContactEvent> events = run(w, 180);

    const auto begins = ofKind(events, ContactEventKind::Begin);
    ASSERT_EQ(begins.size(), 1u);
    EXPECT_TRUE(ofKind(events, ContactEventKind::End).empty());
    EXPECT_EQ(begins[0].pair.bodyA, ground);
    EXPECT_EQ(begins[0].pair.bodyB, ball);
    // Free fall reaches the floor in sqrt(2 h / g) = 0.639 s, during step 38 (n (n + 1) >=
    // 2 h / (g dt^2) = 1468). At the start of that step the ball is still 8.4 cm up, beyond
    // the 2 cm contact margin, so no speculative contact catches it: it ends the step 1.9 cm
    // deep, and step 39 measures it touching.
    const float dt = w.settings().timestep;
    const uint64_t predicted = freeFallStep(drop, dt);
    EXPECT_EQ(predicted, 39u);
    EXPECT_NEAR(std::sqrt(2.0 * drop / kG) / dt, static_cast<double>(predicted), 1.0);
    EXPECT_EQ(begins[0].step, predicted);
    EXPECT_EQ(begins[0].pair.pointCount, 1);
    EXPECT_LE(begins[0].pair.deepest, 0.0f);
    // Every later step the pair persists, carrying the weight: impulse m g dt at rest.
    const auto persists = ofKind(events, ContactEventKind::Persist);
    EXPECT_EQ(persists.size(), 180u - begins[0].step);
    const float weightImpulse = w.body(ball).mass * kG * w.settings().timestep;
    EXPECT_NEAR(persists.back().pair.normalImpulse, weightImpulse, 0.02f * weightImpulse);
}

TEST(ContactEvents, ThrowingTheRestingSphereUpEndsTheContactWithinTwoSteps) {
    World w = quietWorld();
    addGround(w, "Dead");
    const BodyId ball = addSphere(w, {0.0f, 0.5f, 0.0f}, 0.5f, "Dead");
    run(w, 60);
    ASSERT_EQ(w.contactEvents().size(), 1u);
    ASSERT_EQ(w.contactEvents()[0].kind, ContactEventKind::Persist);
    const uint64_t thrown = w.stepCount();
    w.setVelocity(ball, {0.0f, 5.0f, 0.0f}, glm::vec3(0.0f));
    // Up at 5 m/s the ball is in the air for 2 v / g = 1.02 s: 40 steps see only the end.
    const std::vector<ContactEvent> events = run(w, 40);
    const auto ends = ofKind(events, ContactEventKind::End);
    ASSERT_EQ(ends.size(), 1u);
    EXPECT_LE(ends[0].step, thrown + 2);
    EXPECT_TRUE(ofKind(events, ContactEventKind::Begin).empty());
    EXPECT_TRUE(w.contactEvents().empty());
}

TEST(ContactEvents, SleepingSphereStillPersists) {
    World w = quietWorld(true);
    addGround(w, "Dead");
    const BodyId ball = addSphere(w, {0.0f, 0.5f, 0.0f}, 0.5f, "Dead");
    const std::vector<ContactEvent> events = run(w, 120);
    ASSERT_TRUE(w.body(ball).sleeping);
    EXPECT_TRUE(ofKind(events, ContactEventKind::End).empty());
    ASSERT_EQ(w.contactEvents().size(), 1u);
    EXPECT_EQ(w.contactEvents()[0].kind, ContactEventKind::Persist);
}

/// A sphere of radius 0.25 dropped from rest at y = 10 through a gate 2 x 0.5 x 2 m centred
/// at y = 5, with (when `sensor`) or without its sensor flag, and a floor far below.
struct Gate {
    World world = quietWorld();
    BodyId gate, ball;
    static constexpr float kTop = 5.25f, kBottom = 4.75f, kStart = 10.0f, kRadius = 0.25f;
    explicit Gate(bool sensor) {
        gate = addSensorBox(world, {0.0f, 5.0f, 0.0f}, {1.0f, 0.25f, 1.0f}, sensor);
        ball = addSphere(world, {0.0f, kStart, 0.0f}, kRadius, "Dead");
    }
};

TEST(Sensors, SphereFallsThroughASensorAtFreeFallSpeedAndIsReportedEnteringAndLeaving) {
    Gate g(true);
    World& w = g.world;
    const float dt = w.settings().timestep;
    std::vector<ContactEvent> events;
    for (int i = 0; i < 90; ++i) {
        w.step();
        events.insert(events.end(), w.contactEvents().begin(), w.contactEvents().end());
        // Never slowed: v = g t after every step (symplectic Euler gains g dt a step).
        const float t = static_cast<float>(w.stepCount()) * dt;
        ASSERT_NEAR(w.body(g.ball).linearVelocity.y, -kG * t, 1e-4f) << "step " << w.stepCount();
    }
    ASSERT_EQ(events.size(), 2u);
    EXPECT_EQ(events[0].kind, ContactEventKind::SensorBegin);
    EXPECT_EQ(events[1].kind, ContactEventKind::SensorEnd);
    EXPECT_EQ(events[0].pair.bodyA, g.gate);
    EXPECT_EQ(events[0].pair.bodyB, g.ball);
    EXPECT_EQ(events[0].pair.normalImpulse, 0.0f);
    // Enters when its bottom reaches the top face, leaves when its top passes the bottom face.
    const uint64_t enter = freeFallStep(Gate::kStart - Gate::kRadius - Gate::kTop, dt);
    const uint64_t leave = freeFallStep(Gate::kStart + Gate::kRadius - Gate::kBottom, dt);
    EXPECT_NEAR(static_cast<double>(events[0].step), static_cast<double>(enter), 1.0);
    EXPECT_NEAR(static_cast<double>(events[1].step), static_cast<double>(leave), 1.0);
    EXPECT_TRUE(w.sensorOverlaps().empty());
    // And no contact was ever made: nothing for the solver.
    EXPECT_EQ(w.counters().contacts, 0);
}

TEST(Sensors, TheSameBoxWithoutTheSensorFlagStopsTheSphere) {
    Gate g(false);
    const std::vector<ContactEvent> events = run(g.world, 150);
    const Body& ball = g.world.body(g.ball);
    EXPECT_NEAR(ball.position.y, Gate::kTop + Gate::kRadius, 0.01f);
    EXPECT_NEAR(ball.linearVelocity.y, 0.0f, 0.01f);
    EXPECT_EQ(ofKind(events, ContactEventKind::Begin).size(), 1u);
    EXPECT_TRUE(ofKind(events, ContactEventKind::SensorBegin).empty());
}

TEST(Sensors, SphereAsleepInsideASensorStaysInside) {
    World w = quietWorld(true);
    addGround(w);
    const BodyId gate = addSensorBox(w, {0.0f, 0.5f, 0.0f}, glm::vec3(1.0f, 0.5f, 1.0f));
    const BodyId ball = addSphere(w, {0.0f, 0.5f, 0.0f}, 0.5f, "Dead");
    const std::vector<ContactEvent> events = run(w, 150);
    ASSERT_TRUE(w.body(ball).sleeping);
    EXPECT_EQ(ofKind(events, ContactEventKind::SensorBegin).size(), 1u);
    EXPECT_TRUE(ofKind(events, ContactEventKind::SensorEnd).empty());
    ASSERT_EQ(w.sensorOverlaps().size(), 1u);
    EXPECT_EQ(w.sensorOverlaps()[0].bodyA, gate);
    EXPECT_EQ(w.sensorOverlaps()[0].bodyB, ball);
}

bool sameEvents(const std::vector<ContactEvent>& a, const std::vector<ContactEvent>& b) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i) {
        const ContactEvent &x = a[i], &y = b[i];
        if (x.step != y.step || x.kind != y.kind || x.pair.bodyA != y.pair.bodyA ||
            x.pair.bodyB != y.pair.bodyB || x.pair.pointCount != y.pair.pointCount ||
            std::memcmp(&x.pair.deepest, &y.pair.deepest, sizeof(float)) != 0 ||
            std::memcmp(&x.pair.normalImpulse, &y.pair.normalImpulse, sizeof(float)) != 0)
            return false;
    }
    return true;
}

/// Boxes and spheres falling through a sensor onto the ground and onto each other.
World busyGate() {
    World w = quietWorld(true);
    addGround(w);
    addSensorBox(w, {0.0f, 2.0f, 0.0f}, {2.0f, 0.3f, 2.0f});
    for (int i = 0; i < 4; ++i) {
        addSphere(w, {0.3f * i - 0.4f, 4.0f + 1.1f * i, 0.1f * i}, 0.4f, "Dead");
        addBox(w, {0.5f - 0.3f * i, 4.5f + 1.1f * i, -0.2f}, glm::vec3(0.3f), "Dead");
    }
    return w;
}

TEST(ContactEvents, RestoredWorldReportsTheOriginalRunsEvents) {
    World original = busyGate();
    run(original, 40);
    const WorldState state = original.captureState();
    const std::vector<ContactEvent> expected = run(original, 160);
    ASSERT_GT(ofKind(expected, ContactEventKind::SensorBegin).size(), 2u);
    ASSERT_GT(ofKind(expected, ContactEventKind::SensorEnd).size(), 2u);
    ASSERT_GT(ofKind(expected, ContactEventKind::Begin).size(), 4u);

    World restored = busyGate();
    ASSERT_TRUE(restored.restoreState(state));
    EXPECT_TRUE(restored.contactEvents().empty());
    EXPECT_TRUE(sameEvents(run(restored, 160), expected));

    // The recorder's bytes keep the sensor overlaps too.
    std::vector<std::byte> bytes;
    packState(state, bytes);
    WorldState unpacked;
    ASSERT_TRUE(unpackState(bytes, unpacked));
    World replayed = busyGate();
    ASSERT_TRUE(replayed.restoreState(unpacked));
    EXPECT_TRUE(sameEvents(run(replayed, 160), expected));
}

// The snapshot file keeps the sensor flag and the sensor overlaps: the sensor gate saved while
// a ball is inside the gate and loaded again reports the same events from there on.
TEST(ContactEvents, ASnapshotFileOfTheSensorGateResumesWithTheSameEvents) {
    SceneLoadResult loaded = loadSceneFile(std::string(TUMBLE_SOURCE_DIR) + "/scenes/sensor-gate.json");
    ASSERT_TRUE(loaded.ok()) << loaded.errorText();
    World original = buildWorld(loaded.scene);
    run(original, 45);
    ASSERT_FALSE(original.sensorOverlaps().empty()) << "a ball should be inside the gate at step 45";
    const std::string text = writeSnapshot(loaded.scene, original);
    EXPECT_NE(text.find("\"sensorOverlaps\""), std::string::npos);
    SceneLoadResult again = parseScene(text, "snapshot.json");
    ASSERT_TRUE(again.ok()) << again.errorText();
    World resumed = buildWorld(again.scene);
    EXPECT_TRUE(resumed.body(resumed.findBody("gate")).sensor);
    const std::vector<ContactEvent> expected = run(original, 300);
    EXPECT_FALSE(ofKind(expected, ContactEventKind::SensorEnd).empty());
    EXPECT_TRUE(sameEvents(run(resumed, 300), expected));
}

TEST(ContactEvents, EventsComeInTheOrderOfTheBodies) {
    World w = busyGate();
    for (int i = 0; i < 200; ++i) {
        w.step();
        const auto& events = w.contactEvents();
        for (size_t k = 1; k < events.size(); ++k) {
            const PairTouch &p = events[k - 1].pair, &q = events[k].pair;
            ASSERT_TRUE(p.bodyA.index < q.bodyA.index ||
                        (p.bodyA.index == q.bodyA.index && p.bodyB.index < q.bodyB.index));
        }
    }
}

} // namespace
} // namespace tumble::test
