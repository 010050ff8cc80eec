// A body's recorded path (tumble/recorder.h, recordedPath), what the app's trail and onion skin
// draw: a thrown ball's path is the integrator's parabola, `every` picks the multiples of k, and
// the pose read straight from the packed bytes is the one a full unpack gives.
#include "tumble/recorder.h"
#include "tumble/scene.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace tumble;

namespace {

constexpr float kDt = 1.0f / 60.0f;
constexpr float kG = 9.81f;

/// Record the world as it is, then after each of `steps` steps.
void recordSteps(World& w, Recorder& recorder, int steps) {
    recorder.record(w);
    for (int i = 0; i < steps; ++i) {
        w.step();
        recorder.record(w);
    }
}

/// A ball thrown from (0, 2, 0) at (3, 8, 0) m/s in an empty world, recorded for `steps` steps.
World throwBall(Recorder& recorder, int steps) {
    Settings s;
    s.integrator = Integrator::SymplecticEuler;
    s.gravity = {0.0f, -kG, 0.0f};
    s.timestep = kDt;
    World w(s);
    BodyDef d;
    d.shape.type = ShapeType::Sphere;
    d.shape.radius = 0.25f;
    d.position = {0.0f, 2.0f, 0.0f};
    d.linearVelocity = {3.0f, 8.0f, 0.0f};
    d.angularVelocity = {0.0f, 0.0f, 2.0f};
    w.createBody(d);
    recordSteps(w, recorder, steps);
    return w;
}

} // namespace

// Symplectic Euler updates v before x, so after n steps y_n = y0 + vy t - g dt^2 n(n+1)/2 (the
// exact parabola lowered by g t dt / 2), and x moves at constant speed.
TEST(RecordedPath, ThrownBallTracesTheSymplecticEulerParabola) {
    Recorder recorder;
    World w = throwBall(recorder, 120);
    std::vector<RecordedPose> path = recordedPath(recorder, 0, 0, 120);
    ASSERT_EQ(path.size(), 121u);
    double highest = -1e9;
    for (size_t i = 0; i < path.size(); ++i) {
        const double n = static_cast<double>(path[i].step), t = n * kDt;
        EXPECT_EQ(path[i].step, i);
        EXPECT_NEAR(path[i].position.x, 3.0 * t, 1e-4) << "step " << n;
        EXPECT_NEAR(path[i].position.y, 2.0 + 8.0 * t - kG * kDt * kDt * n * (n + 1) / 2.0, 2e-4) << "step " << n;
        EXPECT_NEAR(path[i].position.z, 0.0, 1e-6);
        highest = std::max(highest, static_cast<double>(path[i].position.y));
    }
    // The top of the path is the closed form's apex y0 + vy^2 / 2g, within the integrator's
    // lag of g t dt / 2 at t = vy / g (about 0.07 m here).
    const double apex = 2.0 + 8.0 * 8.0 / (2.0 * kG);
    EXPECT_NEAR(highest, apex - 0.5 * 8.0 * kDt, 0.02);
    // The last point is where the world is now, orientation included (the ball spins).
    const Body& ball = w.body(w.bodyIds()[0]);
    EXPECT_EQ(path.back().position, ball.position);
    EXPECT_EQ(path.back().orientation, ball.orientation);
}

TEST(RecordedPath, EveryKTakesTheMultiplesOfKInsideTheRecordedWindow) {
    Recorder recorder;
    throwBall(recorder, 60);
    const std::vector<RecordedPose> all = recordedPath(recorder, 0, 0, 60);
    const std::vector<RecordedPose> fifth = recordedPath(recorder, 0, 7, 50, 5);
    ASSERT_EQ(fifth.size(), 9u); // 10, 15, ..., 50
    for (size_t i = 0; i < fifth.size(); ++i) {
        EXPECT_EQ(fifth[i].step, 10 + 5 * i);
        EXPECT_EQ(fifth[i].position, all[static_cast<size_t>(fifth[i].step)].position);
    }
    // The same steps whatever the window's start, so onion-skin poses do not crawl.
    EXPECT_EQ(recordedPath(recorder, 0, 8, 50, 5).front().step, 10u);
    // 0 counts as every step; the window is clipped to what is recorded; no such body, no path.
    EXPECT_EQ(recordedPath(recorder, 0, 0, 60, 0).size(), all.size());
    EXPECT_EQ(recordedPath(recorder, 0, 55, 1000).size(), 6u);
    EXPECT_TRUE(recordedPath(recorder, 0, 61, 1000).empty());
    EXPECT_TRUE(recordedPath(recorder, 1, 0, 60).empty());
    EXPECT_TRUE(recordedPath(Recorder{}, 0, 0, 60).empty());
}

// poseAt reads one body's pose straight from the packed bytes; it must be the pose a full
// unpack gives, also for a later body in a step full of contacts and joints.
TEST(RecordedPath, PoseReadFromTheBytesIsTheUnpackedOne) {
    SceneLoadResult r = loadSceneFile(std::string(TUMBLE_SOURCE_DIR) + "/scenes/ragdoll.json");
    ASSERT_TRUE(r.ok()) << r.errorText();
    World w = buildWorld(r.scene);
    Recorder recorder;
    recordSteps(w, recorder, 90);
    WorldState state;
    Settings settings;
    ASSERT_TRUE(recorder.stateAt(90, state, settings));
    ASSERT_FALSE(state.contacts.empty());
    for (uint32_t k = 0; k < state.bodies.size(); ++k) {
        glm::vec3 p;
        glm::quat q;
        ASSERT_TRUE(recorder.poseAt(90, k, p, q));
        EXPECT_EQ(p, state.bodies[k].position);
        EXPECT_EQ(q, state.bodies[k].orientation);
    }
    glm::vec3 p;
    glm::quat q;
    EXPECT_FALSE(recorder.poseAt(90, static_cast<uint32_t>(state.bodies.size()), p, q));
    EXPECT_FALSE(recorder.poseAt(91, 0, p, q));
}
