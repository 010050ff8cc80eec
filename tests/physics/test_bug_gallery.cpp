// The bug gallery: every scene of topic "bugs" shows a failure with its "Break it" action and
// the cure with its "Fix it" action. Each test loads the scene file, applies one action to one
// world and the other action to a second world (before the first step, as a reload with the
// change would), runs both and checks the physical difference the scene's description claims.
// Every check is one the other world fails, so swapping the two actions breaks the test.
// Last, the catalogue as a whole: every scene has a topic and every topic has lessons.
#include "physics/lesson_fixtures.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

using namespace tumble;
using namespace tumble::test;

namespace {

constexpr float kG = 9.81f; // m/s^2, the scenes' gravity

int sleepingCount(const World& w, const std::vector<BodyId>& ids) {
    return static_cast<int>(std::count_if(ids.begin(), ids.end(), [&](BodyId id) { return w.body(id).sleeping; }));
}

} // namespace

// bullet-wall: 100 m/s balls, a 5 cm wall, 1.67 m per step.
TEST(BugGallery, WithoutTheBulletFlagBothBallsTunnelThroughTheThinWallAndWithItBothStopAtIt) {
    SceneDef scene = loadScene("bullet-wall.json");
    World broken = worldWith(scene, scene.breakIt);
    World fixed = worldWith(scene, scene.fixIt);
    // 0.5 s: the balls would be 39 m past the wall (at x = 0) if nothing stopped them.
    run(broken, 30);
    run(fixed, 30);
    for (const char* name : {"bullet", "ordinary"}) {
        SCOPED_TRACE(name);
        EXPECT_GT(bodyNamed(broken, name).position.x, 10.0f) << "tunnelled: far beyond the wall";
        EXPECT_LT(bodyNamed(fixed, name).position.x, 0.0f) << "stopped on the near side of the wall";
        EXPECT_LT(glm::length(bodyNamed(fixed, name).linearVelocity), 1.0f);
    }
}

// angled-bullet: 150 m/s shots at 45 degrees onto the side of resting crates, 2.5 m per step;
// each would touch its crate 3.5 steps in.
TEST(BugGallery, WithoutTheBulletFlagAngledShotsPassThroughTheCratesAndWithItTheyGlanceOffTheFaceWithoutSpin) {
    SceneDef scene = loadScene("angled-bullet.json");
    World broken = worldWith(scene, scene.breakIt);
    World fixed = worldWith(scene, scene.fixIt);
    // 0.1 s: a shot that nothing stopped is 15 m along its path, 3.8 m beyond x = 0.
    run(broken, 6);
    run(fixed, 6);
    const float glance = 150.0f * std::sqrt(0.5f); // m/s, the speed along the face
    for (auto [name, target] : {std::pair{"box shot", "crate"}, std::pair{"ball shot", "crate 2"}}) {
        SCOPED_TRACE(name);
        EXPECT_LT(bodyNamed(broken, name).position.x, -3.0f) << "passed through: beyond the crate";
        const Body& shot = bodyNamed(fixed, name);
        const Body& crate = bodyNamed(fixed, target);
        // On the near side of its crate (which the shove set turning); frictionless and
        // without bounce, the shot keeps its speed along the face and turns not at all.
        EXPECT_GT(shot.position.x - crate.position.x, 0.0f);
        EXPECT_NEAR(shot.linearVelocity.z, -glance, 0.01f * glance);
        EXPECT_LT(glm::length(shot.angularVelocity), 0.5f);
    }
    for (const char* crate : {"crate", "crate 2"}) {
        SCOPED_TRACE(crate);
        EXPECT_LT(glm::length(bodyNamed(broken, crate).linearVelocity), 1e-3f) << "never touched";
        EXPECT_LT(bodyNamed(fixed, crate).linearVelocity.x, -1.0f) << "shoved away from the hit face";
    }
}

// warm-start-jitter: a 55-box pyramid at 4 velocity iterations, the shock pass off.
TEST(BugGallery, WithoutWarmStartingThePyramidTremblesCreepsAndNeverSleepsWithItItRestsAndSleeps) {
    SceneDef scene = loadScene("warm-start-jitter.json");
    World broken = worldWith(scene, scene.breakIt);
    World fixed = worldWith(scene, scene.fixIt);
    const glm::vec3 topStart = bodyNamed(broken, "pyramid/54").position;
    run(broken, 300);
    run(fixed, 300);
    auto creep = [&](const World& w) {
        glm::vec3 d = bodyNamed(w, "pyramid/54").position - topStart;
        return std::hypot(d.x, d.z);
    };
    std::vector<BodyId> brokenBoxes = bodiesNamed(broken, "pyramid/");
    std::vector<BodyId> fixedBoxes = bodiesNamed(fixed, "pyramid/");
    ASSERT_EQ(brokenBoxes.size(), 55u);
    // After 5 s the cold pile has sheared away (its top metres off) and still moves.
    EXPECT_GT(creep(broken), 0.5f);
    EXPECT_GT(broken.kineticEnergy(), 1.0) << broken.kineticEnergy();
    EXPECT_EQ(sleepingCount(broken, brokenBoxes), 0);
    // Warm started, the same 4 iterations hold it within 1.5 cm, and it sleeps.
    EXPECT_LT(creep(fixed), 0.015f);
    EXPECT_LT(fixed.kineticEnergy(), 0.01);
    EXPECT_EQ(sleepingCount(fixed, fixedBoxes), 55);
}

// deep-overlap-pop: crates created 30-40 cm inside each other.
TEST(BugGallery, BaumgarteTurnsADeepOverlapIntoKineticEnergyAndSplitImpulseAddsNone) {
    SceneDef scene = loadScene("deep-overlap-pop.json");
    World broken = worldWith(scene, scene.breakIt);
    World fixed = worldWith(scene, scene.fixIt);
    // Fix it after Break it: split impulse with Break it's erp 0.8 and 20 m/s cap.
    World brokenThenFixed = worldWith(scene, scene.breakIt);
    ASSERT_EQ(applyLessonAction(scene.fixIt, brokenThenFixed), "");

    double peakEnergy[3] = {0.0, 0.0, 0.0};
    float peakHeight[3] = {0.0f, 0.0f, 0.0f};
    World* worlds[3] = {&broken, &fixed, &brokenThenFixed};
    for (int step = 0; step < 60; ++step) {
        for (int k = 0; k < 3; ++k) {
            worlds[k]->step();
            peakEnergy[k] = std::max(peakEnergy[k], worlds[k]->kineticEnergy());
            peakHeight[k] = std::max(peakHeight[k], bodyNamed(*worlds[k], "sunk40/top").position.y);
        }
    }
    // Baumgarte at erp 0.8: 0.8 * 60 * 0.4 m = 19 m/s into a 300 kg crate, some 10^5 J.
    EXPECT_GT(peakEnergy[0], 1.0e4);
    EXPECT_GT(peakHeight[0], 5.0f) << "the top crate shoots up";
    EXPECT_FALSE(broken.events().empty()) << "the watchdog flags the energy jump";
    // Split impulse moves the crates apart without giving them speed.
    for (int k = 1; k < 3; ++k) {
        SCOPED_TRACE(k == 1 ? "fixed" : "broken, then fixed");
        EXPECT_LT(peakEnergy[k], 1.0);
        EXPECT_LT(peakHeight[k], 1.6f) << "the top crate comes to rest on the bottom one (centre at 1.5 m)";
        EXPECT_TRUE(worlds[k]->events().empty());
    }
    EXPECT_GT(bodyNamed(brokenThenFixed, "sunk40/top").position.y, 1.45f) << "the overlap is resolved";
}

// heavy-on-light: a 12,000 kg block on three 120 kg boxes.
TEST(BugGallery, WithoutShockPropagationAndWithFourIterationsTheHeavyBlockCrushesTheLightStack) {
    SceneDef scene = loadScene("heavy-on-light.json");
    World broken = worldWith(scene, scene.breakIt);
    World fixed = worldWith(scene, scene.fixIt);
    float deepest[2] = {0.0f, 0.0f};
    for (int step = 0; step < 300; ++step) {
        broken.step();
        fixed.step();
        deepest[0] = std::max(deepest[0], broken.counters().maxPenetration);
        deepest[1] = std::max(deepest[1], fixed.counters().maxPenetration);
    }
    // The block starts at y = 4 on the stack; on the ground it would be at y = 1.
    EXPECT_LT(bodyNamed(broken, "heavy/block").position.y, 2.0f) << "crushed to the ground";
    EXPECT_GT(deepest[0], 0.03f) << "the contacts give way by centimetres";
    EXPECT_GT(bodyNamed(fixed, "heavy/block").position.y, 3.95f) << "the stack stands";
    EXPECT_LT(deepest[1], 0.01f);
    // The light stack is the control: it stands either way.
    EXPECT_GT(bodyNamed(broken, "light/block").position.y, 3.95f);
    EXPECT_GT(bodyNamed(fixed, "light/block").position.y, 3.95f);
}

// sleeping-pile, healthy: the ball rolls down the ramp and reaches the tower at about 4.2 s.
TEST(BugGallery, TheTowerSleepsUntilTheRollingBallReachesItAndWakesWhenStruck) {
    SceneDef scene = loadScene("sleeping-pile.json");
    World fixed = worldWith(scene, scene.fixIt);
    std::vector<BodyId> tower = bodiesNamed(fixed, "pile/");
    ASSERT_EQ(tower.size(), 5u);
    const glm::vec3 bottomStart = bodyNamed(fixed, "pile/0").position;
    run(fixed, 240); // 4.0 s
    EXPECT_EQ(sleepingCount(fixed, tower), 5) << "asleep before the ball arrives";
    EXPECT_FALSE(bodyNamed(fixed, "ball").sleeping);
    EXPECT_LT(bodyNamed(fixed, "ball").position.x, 1.5f) << "the ball has not reached the tower yet";
    EXPECT_GT(bodyNamed(fixed, "ball").linearVelocity.x, 3.0f);
    run(fixed, 60); // 5.0 s
    EXPECT_EQ(sleepingCount(fixed, tower), 0) << "the impact woke the whole tower";
    EXPECT_GT(glm::length(bodyNamed(fixed, "pile/0").position - bottomStart), 0.5f) << "bottom crate knocked out";
    EXPECT_LT(bodyNamed(fixed, "pile/4").position.y, 3.3f) << "the top crate (3.6 m) is falling";
}

// sleeping-pile, broken: sleep thresholds of 1.5 m/s and 5 rad/s.
TEST(BugGallery, WithHighSleepThresholdsTheBallFreezesOnTheRampAndTheTowerIsNeverWoken) {
    SceneDef scene = loadScene("sleeping-pile.json");
    World broken = worldWith(scene, scene.breakIt);
    World fixed = worldWith(scene, scene.fixIt);
    const glm::vec3 ballStart = bodyNamed(broken, "ball").position;
    run(broken, 60);
    run(fixed, 60);
    // From rest the ball gains 1.46 m/s per second: under 1.5 m/s for the whole 0.5 s delay.
    EXPECT_TRUE(bodyNamed(broken, "ball").sleeping) << "asleep on a slope, where no ball can rest";
    EXPECT_LT(glm::length(bodyNamed(broken, "ball").position - ballStart), 0.3f);
    EXPECT_FALSE(bodyNamed(fixed, "ball").sleeping);
    EXPECT_GT(glm::length(bodyNamed(fixed, "ball").position - ballStart), 0.5f);
    run(broken, 300); // 6.0 s: the healthy ball would have struck the tower 1.8 s ago
    std::vector<BodyId> tower = bodiesNamed(broken, "pile/");
    EXPECT_EQ(sleepingCount(broken, tower), 5);
    EXPECT_NEAR(bodyNamed(broken, "pile/4").position.y, 3.6f, 0.01f) << "the tower still stands";
    EXPECT_LT(glm::length(bodyNamed(broken, "ball").position - ballStart), 0.3f) << "still frozen on the ramp";
}

namespace {

// spinning-sphere-slope: 15 degree ramp, rock on the Static preset, mu_k = sqrt(0.6 * 0.5).
constexpr float kSlope = 15.0f * 3.14159265f / 180.0f;

/// How far up the slope (m, along it) a ball has moved from `start`; negative is downhill.
float upSlope(const glm::vec3& position, const glm::vec3& start) {
    const glm::vec3 uphill(-std::cos(kSlope), std::sin(kSlope), 0.0f);
    return glm::dot(position - start, uphill);
}

/// The spinning ball's highest point up the slope over 2 s (0 when it never climbs).
float climb(World& w) {
    const glm::vec3 start = bodyNamed(w, "spinning").position;
    float best = 0.0f;
    for (int i = 0; i < 120; ++i) {
        w.step();
        best = std::max(best, upSlope(bodyNamed(w, "spinning").position, start));
    }
    return best;
}

} // namespace

TEST(BugGallery, WithOneColdIterationAndNoShockPassFrictionVanishesAndTheSpinningBallSlidesDown) {
    SceneDef scene = loadScene("spinning-sphere-slope.json");
    World broken = worldWith(scene, scene.breakIt);
    World fixed = worldWith(scene, scene.fixIt);
    const glm::vec3 spinningStart = bodyNamed(broken, "spinning").position;
    const glm::vec3 plainStart = bodyNamed(broken, "plain").position;
    run(broken, 60); // 1 s
    run(fixed, 60);
    // Broken: no friction at all. Both balls slide at g sin 15 = 2.54 m/s^2 and keep their spin.
    EXPECT_NEAR(glm::length(bodyNamed(broken, "plain").linearVelocity), kG * std::sin(kSlope), 0.05f);
    EXPECT_NEAR(bodyNamed(broken, "spinning").angularVelocity.z, 30.0f, 0.1f);
    EXPECT_LT(upSlope(bodyNamed(broken, "spinning").position, spinningStart), -1.0f) << "slid downhill";
    EXPECT_NEAR(glm::length(bodyNamed(broken, "plain").angularVelocity), 0.0f, 0.01f) << "slides without turning";
    // Fixed: the plain ball rolls at 5/7 g sin 15 = 1.81 m/s^2 (rolling: w r = v) ...
    const Body& plain = bodyNamed(fixed, "plain");
    EXPECT_NEAR(glm::length(plain.linearVelocity), 5.0f / 7.0f * kG * std::sin(kSlope), 0.05f);
    EXPECT_NEAR(glm::length(plain.angularVelocity) * 0.25f, glm::length(plain.linearVelocity), 0.02f);
    EXPECT_LT(upSlope(plain.position, plainStart), 0.0f);
    // ... and the spinning ball is on its way up the slope, its spin drained by friction.
    EXPECT_GT(upSlope(bodyNamed(fixed, "spinning").position, spinningStart), 0.5f);
    EXPECT_LT(bodyNamed(fixed, "spinning").angularVelocity.z, 3.0f);
}

TEST(BugGallery, HealthySpinningBallClimbsThreeQuartersOfAMetreUpTheSlopeAsTheClosedFormSays) {
    // Sliding: a = g (sin - mu cos) uphill-decelerating, spin drains at 5/2 mu g cos / r, until
    // v + w r = 0 at t = 0.48 s (v = 1.27 m/s up); then rolling at 5/7 g sin to the top.
    const float mu = std::sqrt(0.6f * 0.5f);
    const float r = 0.25f, w0 = 30.0f;
    const float aSlide = kG * (std::sin(kSlope) - mu * std::cos(kSlope)); // downhill positive
    const float alpha = -2.5f * mu * kG * std::cos(kSlope) / r;
    const float tSlide = -w0 * r / (aSlide + alpha * r);
    const float vSlide = aSlide * tSlide; // negative: uphill
    const float expected = -(0.5f * aSlide * tSlide * tSlide) + vSlide * vSlide / (2.0f * 5.0f / 7.0f * kG * std::sin(kSlope));
    SceneDef scene = loadScene("spinning-sphere-slope.json");
    World w = worldWith(scene, scene.fixIt);
    EXPECT_NEAR(climb(w), expected, 0.03f) << "closed form " << expected << " m";
}

TEST(BugGallery, AnyOneOfWarmStartingASecondIterationOrTheShockPassBringsFrictionBack) {
    SceneDef scene = loadScene("spinning-sphere-slope.json");
    World broken = worldWith(scene, scene.breakIt);
    EXPECT_LT(climb(broken), 0.01f) << "no friction, no climb";
    for (const char* cure : {"solver.warmStarting=true", "solver.velocityIterations=2", "solver.shockPropagation=true"}) {
        SCOPED_TRACE(cure);
        World w = worldWith(scene, scene.breakIt);
        LessonAction oneSetting;
        oneSetting.settings.push_back(cure);
        ASSERT_EQ(applyLessonAction(oneSetting, w), "");
        EXPECT_GT(climb(w), 0.6f);
    }
}

// The catalogue: scenes grouped by topic, each lesson in its place.
TEST(Catalogue, EverySceneHasATopicAndEveryTopicHasAtLeastThreeScenes) {
    std::map<std::string, int> perTopic;
    int scenes = 0;
    for (const auto& entry : std::filesystem::directory_iterator(sceneFolder())) {
        if (entry.path().extension() != ".json") continue;
        SceneLoadResult r = loadSceneFile(entry.path().string());
        ASSERT_TRUE(r.ok()) << r.errorText();
        EXPECT_NE(r.scene.topic, "other") << entry.path().filename() << " names no topic";
        ++perTopic[r.scene.topic];
        ++scenes;
    }
    EXPECT_GE(scenes, 30);
    for (const SceneTopic& topic : sceneTopics()) {
        if (topic.id == "other") continue;
        EXPECT_GE(perTopic[std::string(topic.id)], 3) << "topic " << topic.id << " (" << topic.title << ")";
    }
}

TEST(Catalogue, EveryBugGallerySceneHasBreakItAndFixItAndEveryLessonActionApplies) {
    int bugs = 0;
    for (const auto& entry : std::filesystem::directory_iterator(sceneFolder())) {
        if (entry.path().extension() != ".json") continue;
        SceneLoadResult r = loadSceneFile(entry.path().string());
        ASSERT_TRUE(r.ok()) << r.errorText();
        const SceneDef& scene = r.scene;
        if (scene.topic == "bugs") {
            ++bugs;
            EXPECT_FALSE(scene.breakIt.empty()) << entry.path().filename();
            EXPECT_FALSE(scene.fixIt.empty()) << entry.path().filename();
        }
        if (scene.breakIt.empty() && scene.fixIt.empty()) continue;
        World w = buildWorld(scene);
        EXPECT_EQ(applyLessonAction(scene.breakIt, w), "") << entry.path().filename();
        EXPECT_EQ(applyLessonAction(scene.fixIt, w), "") << entry.path().filename();
    }
    EXPECT_GE(bugs, 6);
}
