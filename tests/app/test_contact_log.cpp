// The Contact events panel's log: balls rolling through the sensor gate are logged as they
// enter and leave, the gate's count follows the step shown, and a run again from a rewound
// step replaces the future it forked from.
#include "window/contact_log.h"

#include "tumble/recorder.h"
#include "tumble/scene.h"

#include <gtest/gtest.h>

using namespace tumble;
using namespace tumble::app;

namespace {

World sensorGate() {
    SceneLoadResult r = loadSceneFile(std::string(TUMBLE_SOURCE_DIR) + "/scenes/sensor-gate.json");
    EXPECT_TRUE(r.ok()) << r.errorText();
    return buildWorld(r.scene);
}

void stepAndLog(World& w, ContactLog& log, int steps) {
    for (int i = 0; i < steps; ++i) {
        w.step();
        log.record(w);
    }
}

} // namespace

TEST(ContactLog, CountsTheBodiesTheGateLetInAndLeavesOutPersistEvents) {
    World w = sensorGate();
    ContactLog log;
    stepAndLog(w, log, 600);
    const BodyId gate = w.findBody("gate");
    EXPECT_EQ(log.entered(gate, w.stepCount()), 8u);
    EXPECT_EQ(log.entered(gate, 1), 0u);
    for (const ContactEvent& e : log.events()) EXPECT_NE(e.kind, ContactEventKind::Persist);
    // Oldest first.
    for (size_t i = 1; i < log.events().size(); ++i) EXPECT_LE(log.events()[i - 1].step, log.events()[i].step);
}

TEST(ContactLog, ARunFromARewoundStepForgetsTheFutureItForkedFrom) {
    World w = sensorGate();
    ContactLog log;
    stepAndLog(w, log, 30);
    const WorldState early = w.captureState();
    stepAndLog(w, log, 570);
    const BodyId gate = w.findBody("gate");
    ASSERT_EQ(log.entered(gate, w.stepCount()), 8u);
    // Back to step 30 (before any body reached the gate) and on with everything stopped
    // and no gravity: the re-run makes no event, and what the first run logged after step
    // 30 is gone.
    ASSERT_TRUE(w.restoreState(early));
    w.settings().gravity = glm::vec3(0.0f);
    for (BodyId id : w.bodyIds()) w.setVelocity(id, glm::vec3(0.0f), glm::vec3(0.0f));
    stepAndLog(w, log, 100);
    for (const ContactEvent& e : log.events()) EXPECT_LE(e.step, 30u) << toString(e.kind);
    EXPECT_EQ(log.entered(gate, w.stepCount()), 0u);
}
