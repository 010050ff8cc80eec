// The narrow phase rewrites the contact cache in place when one thread runs it (world_narrow.cpp,
// CacheRewrite): this step's records go over last step's already read, and where pairs are
// added ahead of kept ones, the unread records move to a second array first. Several threads write each
// block's records into a list of its own from last step's cache, as the step always did. The
// two must give the same bits and the same contact events, whatever the cache does in a step:
// pairs begin ahead of kept ones, end, fall asleep and are kept asleep, come back, and a pair
// gains a manifold.
#include "contact_fixtures.h"

#include "tumble/contact_events.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

using namespace tumble;
using namespace tumble::test;

namespace {

/// Ground first; then boxes dropped from 2 to 6 m over one patch, whose pairs with the ground
/// begin after some steps, ahead of those of the boxes created after them, which rest on the
/// ground from the start on another patch (and fall asleep there, with sleeping on); last, bouncy
/// balls, whose pairs are measured afresh every step where last step's records lie (a record
/// written there must not keep anything of the one it replaces: a landing flag left over would
/// bounce a ball twice).
World dropAheadOfResting(int threads, bool sleep) {
    Settings s;
    s.threads = threads;
    s.sleep.enabled = sleep;
    World w(s);
    addMaterial(w, "Rubber", 0.8f, 0.6f, 0.5f);
    addGround(w);
    // A dumbbell tipped 15 degrees: one end lands, then the other, so its pair with the ground
    // goes from one manifold to two while last step's record of it is still to be matched.
    BodyDef dumbbell;
    dumbbell.shape.type = ShapeType::Compound;
    for (float x : {-0.6f, 0.6f}) {
        CompoundChildDef end;
        end.shape.type = ShapeType::Box;
        end.shape.halfExtents = glm::vec3(0.25f);
        end.position = {x, 0.0f, 0.0f};
        dumbbell.shape.children.push_back(end);
    }
    dumbbell.position = {-20.0f, 0.6f, 0.0f};
    dumbbell.orientation = glm::angleAxis(0.26f, glm::vec3(0.0f, 0.0f, 1.0f));
    w.createBody(dumbbell);
    constexpr int kSide = 9; // boxes a row
    for (int i = 0; i < kSide * kSide; ++i)
        addBox(w, {-12.0f + 1.5f * float(i % kSide), 2.0f + 0.05f * float(i), 1.5f * float(i / kSide)});
    for (int i = 0; i < kSide * kSide; ++i)
        addBox(w, {3.0f + 1.5f * float(i % kSide), 0.5f, 1.5f * float(i / kSide)});
    for (int i = 0; i < kSide; ++i)
        addSphere(w, {3.0f + 1.5f * float(i), 1.0f + 0.2f * float(i), -3.0f}, 0.4f, "Rubber");
    return w;
}

struct StepRecord {
    uint64_t hash = 0;
    size_t manifolds = 0;
    /// Manifolds re-measured rather than measured afresh (nothing else shows a record's flags).
    int remeasured = 0;
    int asleep = 0;
    std::vector<ContactEvent> events;
    int dumbbell = 0; ///< the dumbbell's manifolds with the ground
    bool cacheInPlace = false, cacheSpilled = false; ///< how the step wrote the cache
};

std::vector<StepRecord> run(int threads, int steps, bool removeOne, bool sleep) {
    World w = dropAheadOfResting(threads, sleep);
    const std::vector<BodyId> ids = w.bodyIds();
    std::vector<StepRecord> out;
    for (int i = 0; i < steps; ++i) {
        // An edit between steps: the cache the next step reads is not the one the last step
        // recorded its touching pairs from, so the narrow phase takes them (keepTouchingBefore,
        // the same in both runs: this checks it does so before the cache is rewritten).
        if (removeOne && i == 150) w.destroyBody(ids[100]);
        // A resting box thrown up: its pair ends, and the records after it are written a place
        // earlier than last step's (then it lands again).
        if (i == 100) w.setVelocity(ids[120], {0.0f, 6.0f, 0.0f}, glm::vec3(0.0f));
        w.step();
        StepRecord r{w.stateHash(), w.contacts().size(), 0, 0, w.contactEvents()};
        r.cacheInPlace = w.counters().cacheInPlace;
        r.cacheSpilled = w.counters().cacheSpilled;
        for (const ContactManifoldInfo& m : w.contacts()) {
            r.remeasured += m.remeasured ? 1 : 0;
            r.dumbbell += m.bodyA == ids[0] && m.bodyB == ids[1] ? 1 : 0;
        }
        for (BodyId id : w.bodyIds()) r.asleep += w.body(id).sleeping ? 1 : 0;
        out.push_back(r);
    }
    return out;
}

bool sameEvents(const std::vector<ContactEvent>& a, const std::vector<ContactEvent>& b) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i)
        if (a[i].kind != b[i].kind || a[i].step != b[i].step || a[i].pair.bodyA != b[i].pair.bodyA ||
            a[i].pair.bodyB != b[i].pair.bodyB || a[i].pair.pointCount != b[i].pair.pointCount)
            return false;
    return true;
}

/// Steps the world with one thread and with two, comparing every step; returns how many
/// steps compared the cache rewritten in place with lists per block, and how many of those
/// spilled. With sleeping on, once the resting boxes sleep the pairs are few enough for two
/// threads to run one block too: those steps compare two rewrites in place.
std::pair<int, int> compareSteps(bool removeOne, bool sleep) {
    const std::vector<StepRecord> inPlace = run(1, 240, removeOne, sleep);
    const std::vector<StepRecord> blocks = run(2, 240, removeOne, sleep);
    size_t most = 0, fewest = ~size_t(0);
    int begins = 0, ends = 0, mostAsleep = 0, dumbbell = 0, compared = 0, spills = 0;
    for (size_t i = 0; i < inPlace.size(); ++i) {
        const std::string at = "step " + std::to_string(i + 1) + (removeOne ? " with a removal" : "") +
                               (sleep ? ", sleeping on" : "");
        EXPECT_EQ(inPlace[i].hash, blocks[i].hash) << at;
        EXPECT_EQ(inPlace[i].manifolds, blocks[i].manifolds) << at;
        EXPECT_EQ(inPlace[i].remeasured, blocks[i].remeasured) << at;
        EXPECT_TRUE(sameEvents(inPlace[i].events, blocks[i].events)) << at;
        if (inPlace[i].hash != blocks[i].hash) break;
        most = std::max(most, inPlace[i].manifolds);
        fewest = std::min(fewest, inPlace[i].manifolds);
        mostAsleep = std::max(mostAsleep, inPlace[i].asleep);
        dumbbell = std::max(dumbbell, inPlace[i].dumbbell);
        const bool againstLists = inPlace[i].cacheInPlace && !blocks[i].cacheInPlace;
        compared += againstLists ? 1 : 0;
        spills += againstLists && inPlace[i].cacheSpilled ? 1 : 0;
        for (const ContactEvent& e : inPlace[i].events) {
            begins += e.kind == ContactEventKind::Begin ? 1 : 0;
            ends += e.kind == ContactEventKind::End ? 1 : 0;
        }
    }
    // What the run was to cover: the resting boxes' pairs from the start, the dropped boxes'
    // pairs begun ahead of them (every box on the ground at the end), the dumbbell's second
    // manifold, the thrown box's pair ended, boxes asleep where sleeping is on.
    EXPECT_GE(fewest, 81u);
    EXPECT_GE(most, 162u);
    EXPECT_GE(begins, 81 + 81);
    EXPECT_EQ(dumbbell, 2);
    EXPECT_GE(ends, 1);
    if (sleep) {
        EXPECT_GT(mostAsleep, 40);
    }
    return {compared, spills};
}

} // namespace

TEST(CacheRewrite, InPlaceGivesWhatAListPerBlockGivesStepByStep) {
    for (bool removeOne : {false, true}) {
        // Sleeping off: two threads always write lists, one rewrites in place on most steps.
        const auto [compared, spills] = compareSteps(removeOne, false);
        EXPECT_GE(compared, 100);
        EXPECT_GE(spills, 3);
    }
    // Sleeping on: pairs kept asleep, written in place where they lie.
    const auto [compared, spills] = compareSteps(false, true);
    EXPECT_GE(compared, 20);
    EXPECT_GE(spills, 1);
}
