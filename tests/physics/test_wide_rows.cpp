// The wide method prepares its contact rows straight into its groups (wide.cpp's prepare and
// warmStart): the ordinary rows are then never written out, and the cache is written from the
// groups. While the probe reads the rows between passes they are prepared whole and packed.
// Both ways must give the same bits, landing bounces, overflow and figures included.
#include "physics/contact_fixtures.h"
#include "tumble/scene.h"
#include "tumble/world.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <string>

using namespace tumble;
using namespace tumble::test;

namespace {

/// What compareRowPaths saw of the world with its rows in the groups.
struct Seen {
    int landingSteps = 0; ///< steps with a landing point
    int overflow = 0;     ///< the most overflow manifolds of a step
};

/// The world `make` builds, stepped `steps` times twice, rows into the groups and (the probe
/// on) whole: the same state hash after every step, and with `figures`, the same figures at
/// the end.
Seen compareWorlds(const std::function<World()>& make, int steps, bool figures = true) {
    World direct = make(), whole = make();
    direct.setContactFigures(figures);
    whole.setContactFigures(figures);
    whole.setSolverProbe(true);
    Seen seen;
    for (int i = 0; i < steps; ++i) {
        direct.step();
        whole.step();
        EXPECT_TRUE(direct.solverStats().rowsInGroups) << "step " << i;
        EXPECT_FALSE(whole.solverStats().rowsInGroups) << "step " << i;
        EXPECT_EQ(direct.stateHash(), whole.stateHash()) << "step " << i;
        if (direct.stateHash() != whole.stateHash()) return seen;
        seen.overflow = std::max(seen.overflow, direct.solverStats().overflowManifolds);
        bool lands = false;
        for (const ContactManifoldInfo& m : direct.contacts())
            for (int k = 0; k < m.pointCount; ++k)
                lands = lands || m.points[k].landing;
        seen.landingSteps += lands ? 1 : 0;
    }
    if (!figures) return seen;
    EXPECT_EQ(firstDifferentFigures(direct.contactFigures(), whole.contactFigures()), -1)
        << "the first manifold whose figures differ";
    return seen;
}

/// compareWorlds on a world of the wide method with `settings`' other values, built by `build`.
Seen compareRowPaths(const std::function<void(World&)>& build, int steps,
                     Settings settings = wideNoSleep(), bool figures = true) {
    return compareWorlds(
        [&] {
            World w(settings);
            build(w);
            return w;
        },
        steps, figures);
}

} // namespace

TEST(WideRows, APyramidPreparedIntoTheGroupsGivesTheBitsOfWholeRows) {
    // Its shock pass runs on the groups, and the cache must get the passes' impulses, not the
    // shock pass's (found with frozen bodies).
    compareRowPaths(
        [](World& w) {
            addGround(w);
            addPyramid(w, 8);
        },
        120);
}

TEST(WideRows, LandingBouncesComputeTheRowsTheGroupsDidNotWriteOut) {
    // Balls dropped onto the ground and onto each other with restitution 0.6: points land within
    // a step and bounce after the positions, through every normal row (bounceLandings), which
    // it builds from the manifolds and bodies when the rows are not whole.
    const Seen seen = compareRowPaths(
        [](World& w) {
            addMaterial(w, "Bouncy", 0.6f, 0.5f, 0.4f);
            addGround(w, "Bouncy");
            for (int i = 0; i < 6; ++i) {
                addSphere(w, {0.9f * i, 0.6f + 0.4f * i, 0.0f}, 0.4f, "Bouncy");
                addSphere(w, {0.9f * i, 1.6f + 0.4f * i, 0.05f}, 0.4f, "Bouncy");
            }
        },
        150);
    EXPECT_GE(seen.landingSteps, 3) << "the test must see points land";
}

TEST(WideRows, TheOverflowsRowsArePreparedWholeBesideTheGroups) {
    // A plank under 40 cubes: 9 of its manifolds find no colour and are solved from whole rows.
    const Seen seen = compareRowPaths(
        [](World& w) {
            addGround(w);
            addBox(w, {0.0f, 0.1f, 0.0f}, {3.2f, 0.1f, 1.4f});
            for (int i = 0; i < 10; ++i)
                for (int j = 0; j < 4; ++j)
                    addBox(w, {-2.7f + 0.6f * i, 0.45f, -0.9f + 0.6f * j}, glm::vec3(0.25f));
        },
        60);
    EXPECT_EQ(seen.overflow, 9);
}

TEST(WideRows, APairThatRollsOrTwistsHasItsRowsPreparedWhole) {
    // Its angular friction reads the rows' normal impulses after the passes.
    Material m;
    m.name = "Rubber";
    m.density = 1000.0f;
    m.staticFriction = m.dynamicFriction = 0.8f;
    m.rollingResistance = 0.01f;
    World w(wideNoSleep());
    w.setMaterial(m);
    addGround(w);
    addSphere(w, {0.0f, 0.5f, 0.0f}, 0.5f, "Rubber");
    addBox(w, {2.0f, 0.5f, 0.0f});
    w.step();
    EXPECT_FALSE(w.solverStats().rowsInGroups);
    World plain(wideNoSleep());
    addGround(plain);
    addSphere(plain, {0.0f, 0.5f, 0.0f}, 0.5f);
    plain.step();
    EXPECT_TRUE(plain.solverStats().rowsInGroups);
}

TEST(WideRows, FourLanesTwoThreadsAndTheFiguresOffGiveTheBitsOfWholeRowsToo) {
    // The production path: no figures written; the SSE build's four-lane packing; a colour's
    // groups filled, and their rows prepared, on two threads.
    auto pyramid = [](World& w) {
        addGround(w);
        addPyramid(w, 8);
    };
    Settings fourLanes = wideNoSleep();
    fourLanes.solver.simdLanes = 4;
    Settings twoThreads = wideNoSleep();
    twoThreads.threads = 2;
    compareRowPaths(pyramid, 60, wideNoSleep(), false);
    compareRowPaths(pyramid, 60, fourLanes, true);
    compareRowPaths(pyramid, 60, twoThreads, false);
}

TEST(WideRows, CatalogueScenesWithJointsAndBaumgarteGiveTheBitsOfWholeRows) {
    // Joint rows are prepared and warm started around the contacts' (the ragdoll, the car);
    // Baumgarte instead of split impulse biases the rows themselves.
    for (const char* file : {"ragdoll.json", "car.json", "restitution-row.json"}) {
        SceneLoadResult r = loadSceneFile(std::string(TUMBLE_SOURCE_DIR) + "/scenes/" + file);
        ASSERT_TRUE(r.ok()) << file;
        for (PositionCorrection correction :
             {PositionCorrection::SplitImpulse, PositionCorrection::Baumgarte}) {
            SceneDef scene = r.scene;
            scene.settings.solver.method = "wide";
            scene.settings.solver.positionCorrection = correction;
            SCOPED_TRACE(file);
            compareWorlds([&] { return buildWorld(scene); }, 90, false);
        }
    }
}
