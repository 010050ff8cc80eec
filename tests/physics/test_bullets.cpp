// Bullet bodies at an angle: a box and a ball fired at 10 to 200 m/s (60 Hz) and at 0 to 85
// degrees from the hit face's normal at a box, a hull and a capsule, resting (no gravity) or
// static, some aimed at the face's edge or from above and beside, starting where their faces do
// not overlap the target's sideways. The time of impact (world_continuous.cpp) must keep every
// one on the near side and no deeper in than twice the slop after the hit, and a frictionless
// face-on hit must leave the bullet box without spin.
#include "physics/bullet_shots.h"
#include "physics/lesson_fixtures.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <vector>

using namespace tumble;
using namespace tumble::test;

namespace {

constexpr float kSpeeds[] = {10.0f, 50.0f, 100.0f, 150.0f, 200.0f};
constexpr float kSlop = 0.005f; // Settings::solver.slop's default

struct Aim {
    float thetaDeg;
    glm::vec3 tangent;
    float y, z;
};

// Every angle through the face's middle; every angle but 0 near the face's edge (half the
// bullet past it); and diagonals from above and beside that clip the target's edge or corner.
std::vector<Aim> aims(Target target) {
    const float w = targetHalfWidth(target);
    std::vector<Aim> out;
    for (int deg = 0; deg <= 80; deg += 10) out.push_back({float(deg), {0, 0, -1}, 0.0f, 0.0f});
    out.push_back({85.0f, {0, 0, -1}, 0.0f, 0.0f});
    for (int deg = 10; deg <= 80; deg += 10) out.push_back({float(deg), {0, 0, -1}, 0.0f, w});
    // The capsule is round about Z: its shots stay level, or they would slide round it.
    const float up = target == Target::Capsule ? 0.0f : 1.0f;
    for (float deg : {30.0f, 45.0f, 60.0f}) {
        out.push_back({deg, {0, -up, -1}, 0.3f * up, w + 0.5f * kBulletHalf});
        out.push_back({deg, {0, up, -1}, -0.45f * up, 0.5f * w});
    }
    return out;
}

std::string describe(const Shot& s, const Aim& a) {
    char text[200];
    std::snprintf(text, sizeof text, "%s at %s %s, %.0f deg towards (%.0f, %.0f, %.0f), y %.2f z %.2f, %.0f m/s",
                  s.bullet == ShapeType::Box ? "box" : "ball",
                  s.targetType == BodyType::Static ? "static" : "resting",
                  s.target == Target::Box ? "box" : s.target == Target::Hull ? "hull" : "capsule", a.thetaDeg,
                  a.tangent.x, a.tangent.y, a.tangent.z, a.y, a.z, s.speed);
    return text;
}

struct GridFigures {
    int shots = 0, through = 0;
    float deepestAtHit = 0.0f;  ///< m, over the hit step and the one after
    float deepestStatic = 0.0f; ///< m, over all six steps, static targets
    float deepestResting = 0.0f; ///< m, over all six steps, resting targets
    std::string worstAtHit;
};

} // namespace

TEST(Bullets, AtAnyAngleAndSpeedUpTo200MetresPerSecondABulletNeverPassesThroughOrSinksDeeperThanTwiceTheSlop) {
    GridFigures g;
    for (ShapeType bullet : {ShapeType::Box, ShapeType::Sphere})
        for (Target target : {Target::Box, Target::Hull, Target::Capsule})
            for (BodyType type : {BodyType::Dynamic, BodyType::Static})
                for (const Aim& a : aims(target))
                    for (float speed : kSpeeds) {
                        Shot s;
                        s.bullet = bullet;
                        s.target = target;
                        s.targetType = type;
                        s.direction = shotDirection(a.thetaDeg, a.tangent);
                        s.y = a.y;
                        s.z = a.z;
                        s.speed = speed;
                        s.stepFraction = 0.2f + 0.3f * float(g.shots % 3);
                        ++g.shots;
                        const ShotResult r = fire(s);
                        SCOPED_TRACE(describe(s, a));
                        // Passed through, it would be metres beyond the far side; a resting
                        // target hit off-centre turns away, so its centre is the line.
                        EXPECT_GT(r.side, 0.0f);
                        EXPECT_LE(r.deepestAtHit, 2.0f * kSlop);
                        if (type == BodyType::Static) {
                            EXPECT_LE(r.deepest, 2.0f * kSlop);
                        }
                        // Frictionless and without bounce, the hit can only take energy away.
                        EXPECT_LE(r.energyGain, 1.0 + 1e-4);
                        g.through += r.side <= 0.0f;
                        if (r.deepestAtHit > g.deepestAtHit) {
                            g.deepestAtHit = r.deepestAtHit;
                            g.worstAtHit = describe(s, a);
                        }
                        float& all = type == BodyType::Static ? g.deepestStatic : g.deepestResting;
                        all = std::max(all, r.deepest);
                    }
    EXPECT_EQ(g.shots, 2 * 3 * 2 * 24 * 5);
    std::printf("%d shots, %d through; deepest overlap after the hit %.2f mm (%s); over six steps %.2f mm "
                "against static targets, %.2f mm against resting ones\n",
                g.shots, g.through, g.deepestAtHit * 1000.0f, g.worstAtHit.c_str(), g.deepestStatic * 1000.0f,
                g.deepestResting * 1000.0f);
}

// Frictionless, every impulse the bullet box gets is along the face's normal, through points
// spread over its face, which lies flat on the target's face and centred on the line of the
// hit. Come to rest along the normal at all four corners (restitution 0), the box cannot be
// turning about any axis in the face; about the normal no impulse has a moment. So |w| after
// the hit (the step that finds the time of impact and the one whose contact stops it) is only
// what the iterations leave unconverged: the corners' spin speed stays under a thousandth of
// the impact speed. (Before the time of impact, contacts made a step ahead at the wrong
// normal spun such a box at up to 780 rad/s.) Later, sliding off the face's edge, the box may
// rightly turn: its contact is then no longer centred.
TEST(Bullets, AFrictionlessFaceOnHitAtAnyAngleLeavesTheBulletBoxWithoutSpin) {
    float worst = 0.0f;
    for (BodyType type : {BodyType::Dynamic, BodyType::Static})
        for (int deg = 0; deg <= 80; deg += 10)
            for (float speed : kSpeeds) {
                Shot s;
                s.targetType = type;
                s.direction = shotDirection(float(deg));
                s.speed = speed;
                const ShotResult r = fire(s);
                SCOPED_TRACE(describe(s, Aim{float(deg), {0, 0, -1}, 0.0f, 0.0f}));
                EXPECT_LE(r.spinAfterHit * kBulletHalf, 1e-3f * speed) << r.spinAfterHit << " rad/s";
                // The velocity along the face is untouched.
                EXPECT_NEAR(r.velocity.z, s.direction.z * speed, 1e-3f * speed);
                worst = std::max(worst, r.spinAfterHit);
            }
    std::printf("largest spin after a face-on hit: %.3f rad/s\n", worst);
}

// The time of impact keeps nothing between steps: a snapshot taken just before the step that
// finds it, or just after (the shots put back, a hair from their crates), resumes bit for bit.
TEST(Bullets, ASnapshotTakenAroundTheTimeOfImpactResumesBitForBit) {
    const SceneDef scene = loadScene("angled-bullet.json");
    World straight = buildWorld(scene);
    run(straight, 3);
    const int impactsBefore = straight.counters().bulletImpacts;
    run(straight, 1);
    EXPECT_EQ(impactsBefore, 0);
    EXPECT_EQ(straight.counters().bulletImpacts, 2) << "both shots put back in step 4";
    run(straight, 6);
    for (int split : {3, 4}) {
        World first = buildWorld(scene);
        run(first, split);
        SceneLoadResult loaded = parseScene(writeSnapshot(scene, first), "snapshot.json");
        ASSERT_TRUE(loaded.ok()) << loaded.errorText();
        World resumed = buildWorld(loaded.scene);
        EXPECT_EQ(resumed.stateHash(), first.stateHash()) << "split " << split;
        run(resumed, 10 - split);
        EXPECT_EQ(resumed.stateHash(), straight.stateHash()) << "split " << split;
    }
}
