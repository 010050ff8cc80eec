// Claims particular to the sub-stepping methods (methods/soft_step.cpp, methods/tgs.cpp): what
// sub-steps with soft contacts buy over iterations (a heavy box on a light one, a long chain),
// what relaxing buys over keeping the push-out speed (a deep overlap), and the impulse
// convention: the cache and the joints hold the whole step's impulse, so forces come out in
// newtons whatever the sub-step count.
#include "physics/joint_fixtures.h"
#include "physics/scenarios.h"

#include <gtest/gtest.h>

#include <glm/gtx/quaternion.hpp>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

using namespace tumble;
using namespace tumble::test;

namespace {

Settings methodSettings(const std::string& method) {
    Settings s = noSleep();
    s.solver.method = method;
    return s;
}

struct HeavyOnLight {
    float gap;     ///< m, heavy centre above light centre after 10 s (1 m when resting face to face)
    float lightY;  ///< m, light box's centre height after 10 s (0.5 m resting on the ground)
    float sideways;///< m, largest horizontal displacement of either box
};

/// A 1 kg cube (1 m, density 1) on the ground with a cube `ratio` times heavier on it, 10 s.
HeavyOnLight heavyOnLight(const Settings& s, float ratio) {
    World w(s);
    addGround(w);
    Material light;
    light.name = "Light";
    light.density = 1.0f;
    w.setMaterial(light);
    Material heavy = light;
    heavy.name = "Heavy";
    heavy.density = ratio;
    w.setMaterial(heavy);
    const BodyId lo = addBox(w, {0.0f, 0.5f, 0.0f}, glm::vec3(0.5f), "Light");
    const BodyId hi = addBox(w, {0.0f, 1.5f, 0.0f}, glm::vec3(0.5f), "Heavy");
    for (int i = 0; i < 600; ++i) w.step();
    const glm::vec3 a = w.body(lo).position, b = w.body(hi).position;
    return {b.y - a.y, a.y, std::max(std::hypot(a.x, a.z), std::hypot(b.x, b.z))};
}

bool holds(const HeavyOnLight& r) { return r.gap > 0.85f && r.lightY > 0.4f && r.sideways < 0.05f; }

/// The largest height a box started `depth` into the ground reaches in 2 s, and the largest
/// rise in one step over the first half second (m).
struct PushOut {
    float peak;
    float fastestRise;
};

PushOut pushOutOfGround(const Settings& s, float depth) {
    World w(s);
    addGround(w);
    const BodyId box = addBox(w, {0.0f, 0.5f - depth, 0.0f});
    PushOut r{0.0f, 0.0f};
    float previous = w.body(box).position.y;
    for (int i = 0; i < 120; ++i) {
        w.step();
        const float y = w.body(box).position.y;
        if (i < 30) r.fastestRise = std::max(r.fastestRise, y - previous);
        r.peak = std::max(r.peak, y);
        previous = y;
    }
    return r;
}

} // namespace

TEST(SoftStep, HoldsAHeavyBoxOnALightOneWhereGaussSeidelWithoutShockPropagationLetsItThrough) {
    // 300 kg on 1 kg. The soft contacts' stiffness follows the light box's effective mass, so
    // the heavy one sinks into it until the spring carries its weight (s = F / (m_eff omega^2),
    // about 8 cm) and stays there, centred. Block Gauss-Seidel at 4 iterations without the
    // bottom-up pass cannot pass 300 kg's weight through a 1 kg body in 4 sweeps: the light
    // box is squeezed out sideways.
    Settings soft = methodSettings("softStep");
    const HeavyOnLight r = heavyOnLight(soft, 300.0f);
    EXPECT_TRUE(holds(r)) << "gap " << r.gap << " m, light at " << r.lightY << " m, sideways " << r.sideways << " m";

    Settings gs = methodSettings("gaussSeidel");
    gs.solver.velocityIterations = 4;
    gs.solver.shockPropagation = false;
    const HeavyOnLight g = heavyOnLight(gs, 300.0f);
    EXPECT_FALSE(holds(g)) << "gap " << g.gap << " m, light at " << g.lightY << " m, sideways " << g.sideways << " m";
}

TEST(SoftStep, HoldsAThousandToOneStackWithEightSubstepsAtSixtyHertz) {
    // At 1000:1 a 30 Hz contact (Box2D v3's default, with its 4 sub-steps) would have to sink
    // about 30 cm to carry the weight and the pair topples within 10 s. Twice the sub-steps
    // allow twice the frequency (capped at a quarter of the sub-step rate): a quarter of the
    // sinking, and it holds; Tumble's defaults are these 8 sub-steps at 60 Hz.
    Settings s = methodSettings("softStep");
    s.solver.substeps = 4;
    s.solver.contactHertz = 30.0f;
    const HeavyOnLight loose = heavyOnLight(s, 1000.0f);
    EXPECT_FALSE(holds(loose)) << "gap " << loose.gap << " m, sideways " << loose.sideways << " m";
    s.solver.substeps = 8;
    s.solver.contactHertz = 60.0f;
    const HeavyOnLight r = heavyOnLight(s, 1000.0f);
    EXPECT_TRUE(holds(r)) << "gap " << r.gap << " m, light at " << r.lightY << " m, sideways " << r.sideways << " m";
}

TEST(SoftStep, PushesADeepOverlapOutNoFasterThanMaxCorrectionVelocityAndDoesNotLaunchIt) {
    // A box started 30 cm into the ground. The push-out bias is capped at maxCorrectionVelocity
    // (3 m/s: at most 5 cm a step at 60 Hz), and the relax passes take that velocity back after
    // each sub-step's move, so the box comes to rest on the surface instead of flying off.
    // TGS keeps the push-out speed in the box (no relax passes) and launches it.
    const Settings soft = methodSettings("softStep");
    const float dt = soft.timestep, cap = soft.solver.maxCorrectionVelocity;
    const PushOut s = pushOutOfGround(soft, 0.3f);
    EXPECT_LE(s.fastestRise, cap * dt * 1.001f);
    EXPECT_GT(s.fastestRise, 0.5f * cap * dt) << "the overlap should be pushed out near the cap";
    EXPECT_LT(s.peak, 0.51f) << "rest height 0.5 m";

    const PushOut t = pushOutOfGround(methodSettings("tgs"), 0.3f);
    EXPECT_LE(t.fastestRise, cap * dt * 1.001f);
    EXPECT_GT(t.peak, 0.6f) << "TGS keeps the push-out speed";
}

TEST(Tgs, EightSubstepsKeepASwingingChainTighterThanGaussSeidelAtEightIterations) {
    // The same work per step: 8 sub-steps of one pass against 8 passes over one step. The
    // sub-steps integrate between passes, so each sees the chain where it is, and their small
    // step makes the rows' linearisation error small.
    Settings tgs = methodSettings("tgs");
    tgs.solver.substeps = 8;
    Settings gs = methodSettings("gaussSeidel");
    gs.solver.velocityIterations = 8;
    const float tgsGap = worstChainGap(tgs), gsGap = worstChainGap(gs);
    EXPECT_LT(tgsGap, 0.5f * gsGap) << "TGS " << tgsGap << " m, Gauss-Seidel " << gsGap << " m";
}

TEST(SubstepMethods, JointReactionIsTheWeightInNewtonsAtAnySubstepCount) {
    // The rows hold one sub-step's impulse; what the joints and the cache keep is the whole
    // step's, so impulse / dt is a force whatever the sub-step count.
    for (const char* method : {"softStep", "tgs"})
        for (int substeps : {1, 4, 8}) {
            Settings s = methodSettings(method);
            s.solver.substeps = substeps;
            World w(s);
            const BodyId bob = addSphere(w, {0.0f, 2.0f, 0.0f}, 0.1f, "Metal");
            JointDef def;
            def.type = JointType::BallSocket;
            def.bodyB = bob;
            def.anchor = {0.0f, 2.5f, 0.0f};
            const JointId joint = w.createJoint(def);
            for (int i = 0; i < 120; ++i) w.step();
            const float weight = w.body(bob).mass * kGravity;
            EXPECT_NEAR(w.joint(joint).reactionForce.y, weight, 0.01f * weight)
                << method << ", " << substeps << " sub-steps";
        }
}

TEST(SubstepMethods, ContactCacheHoldsTheWholeStepsImpulse) {
    // A resting box: its points' normal impulses add up to m g dt, as for every method, so the
    // warm start, the Inspector and a switch of method read the same figure.
    for (const char* method : {"softStep", "tgs"}) {
        World w(methodSettings(method));
        addGround(w);
        const BodyId box = addBox(w, {0.0f, 0.5f, 0.0f});
        for (int i = 0; i < 120; ++i) w.step();
        float total = 0.0f;
        for (const ContactManifoldInfo& m : w.contacts())
            for (int k = 0; k < m.pointCount; ++k) total += m.points[k].normalImpulse;
        const float expected = w.body(box).mass * kGravity * w.settings().timestep;
        EXPECT_NEAR(total, expected, 0.01f * expected) << method;
    }
}
