// The broad phases: brute force is the oracle; sort and sweep and the dynamic tree must
// return exactly its pair list (same pairs, same order) on random scenes, through motion,
// additions and removals, with every filter rule, and in degenerate cases.
#include "collision/broadphase.h"
#include "collision/broadphase_tree.h"
#include "collision/dynamic_tree.h"
#include "tumble/debug_draw.h"

#include <cmath>
#include <gtest/gtest.h>
#include <limits>
#include <random>

using namespace tumble;

namespace {

/// Uniform float in [lo, hi) from the raw 32-bit mt19937 output, so every platform
/// generates the same scene (std::uniform_real_distribution is not portable).
float uniform(std::mt19937& rng, float lo, float hi) {
    return lo + (hi - lo) * float(rng() >> 8) * (1.0f / 16777216.0f);
}

Aabb boxAt(const glm::vec3& c, const glm::vec3& half) {
    return {c - half, c + half};
}

Aabb randomBox(std::mt19937& rng, float extent) {
    glm::vec3 c(uniform(rng, -extent, extent), uniform(rng, -extent, extent),
                uniform(rng, -extent, extent));
    // Mixed sizes: mostly small boxes, a few large ones.
    float s = rng() % 10 == 0 ? uniform(rng, 1.0f, 3.0f) : uniform(rng, 0.1f, 0.6f);
    glm::vec3 half(s * uniform(rng, 0.5f, 1.0f), s * uniform(rng, 0.5f, 1.0f),
                   s * uniform(rng, 0.5f, 1.0f));
    return boxAt(c, half);
}

constexpr float kMargin = 0.05f;
constexpr BroadphaseType kTypes[] = {BroadphaseType::BruteForce, BroadphaseType::SortAndSweep,
                                     BroadphaseType::DynamicTree};

/// The three broad phases fed the same calls.
struct Trio {
    std::unique_ptr<Broadphase> bp[3];
    explicit Trio(float margin = kMargin) {
        for (int i = 0; i < 3; ++i)
            bp[i] = makeBroadphase(kTypes[i], margin);
    }
    void add(uint32_t b, const Aabb& box, const ProxyDef& d = {}) {
        for (auto& p : bp)
            p->add(b, box, d);
    }
    void remove(uint32_t b) {
        for (auto& p : bp)
            p->remove(b);
    }
    void move(uint32_t b, const Aabb& box, const glm::vec3& d) {
        for (auto& p : bp)
            p->move(b, box, d);
    }
    /// The oracle's pairs, after checking the others match it exactly.
    std::vector<BodyPair> agree(const PairFilter& filter = {}) {
        std::vector<BodyPair> out[3];
        for (int i = 0; i < 3; ++i) {
            BroadphaseStats stats;
            bp[i]->findPairs(filter, out[i], stats);
            EXPECT_EQ(stats.pairsFound, int64_t(out[i].size()));
        }
        for (size_t k = 1; k < out[0].size(); ++k)
            EXPECT_TRUE(out[0][k - 1] < out[0][k]);
        for (const BodyPair& p : out[0])
            EXPECT_LT(p.a, p.b);
        EXPECT_EQ(out[1], out[0]) << "sort and sweep differs from brute force";
        EXPECT_EQ(out[2], out[0]) << "dynamic tree differs from brute force";
        EXPECT_TRUE(static_cast<const TreeBroadphase&>(*bp[2]).tree().validate());
        return out[0];
    }
};

/// A random scene the test keeps its own copy of.
struct Scene {
    std::vector<Aabb> boxes;
    std::vector<bool> present;
    void fill(Trio& t, std::mt19937& rng, int n, float extent) {
        for (int i = 0; i < n; ++i) {
            boxes.push_back(randomBox(rng, extent));
            present.push_back(true);
            t.add(uint32_t(i), boxes.back());
        }
    }
    /// Every present body moves by up to `step` m; one in `jumpEvery` jumps anywhere.
    void shake(Trio& t, std::mt19937& rng, float step, int jumpEvery, float extent) {
        for (size_t i = 0; i < boxes.size(); ++i) {
            if (!present[i]) continue;
            glm::vec3 d(uniform(rng, -step, step), uniform(rng, -step, step),
                        uniform(rng, -step, step));
            if (jumpEvery > 0 && rng() % uint32_t(jumpEvery) == 0) {
                glm::vec3 c = 0.5f * (boxes[i].min + boxes[i].max);
                d = glm::vec3(uniform(rng, -extent, extent), uniform(rng, -extent, extent),
                              uniform(rng, -extent, extent)) -
                    c;
            }
            boxes[i] = {boxes[i].min + d, boxes[i].max + d};
            t.move(uint32_t(i), boxes[i], d);
        }
    }
};

TEST(Broadphase, OracleReportsExactlyThePairsWhoseFatBoxesOverlap) {
    std::mt19937 rng(7);
    Trio t;
    Scene s;
    s.fill(t, rng, 300, 6.0f);
    std::vector<BodyPair> expected;
    for (uint32_t a = 0; a < 300; ++a)
        for (uint32_t b = a + 1; b < 300; ++b) {
            glm::vec3 m(kMargin);
            if (overlaps({s.boxes[a].min - m, s.boxes[a].max + m},
                         {s.boxes[b].min - m, s.boxes[b].max + m}))
                expected.push_back({a, b});
        }
    ASSERT_GT(expected.size(), 100u);
    EXPECT_EQ(t.agree(), expected);
}

TEST(Broadphase, ThreeThousandMixedBoxesGiveIdenticalPairLists) {
    std::mt19937 rng(2024);
    Trio t;
    Scene s;
    s.fill(t, rng, 3000, 12.0f);
    std::vector<BodyPair> pairs = t.agree();
    EXPECT_GT(pairs.size(), 1000u);
}

TEST(Broadphase, PairListsStayIdenticalThroughSmallMovesAndLargeJumps) {
    std::mt19937 rng(99);
    Trio t;
    Scene s;
    s.fill(t, rng, 3000, 25.0f);
    for (int frame = 0; frame < 8; ++frame) {
        s.shake(t, rng, 0.05f, 0, 25.0f); // many frames of small motion
        t.agree();
    }
    for (int frame = 0; frame < 4; ++frame) {
        s.shake(t, rng, 0.5f, 20, 25.0f); // fast motion and teleports
        t.agree();
    }
}

TEST(Broadphase, PairListsStayIdenticalAsBodiesAreAddedAndRemoved) {
    std::mt19937 rng(5);
    Trio t;
    Scene s;
    s.fill(t, rng, 2000, 20.0f);
    t.agree();
    for (int frame = 0; frame < 6; ++frame) {
        for (size_t i = 0; i < s.boxes.size(); ++i) {
            uint32_t r = rng() % 10;
            if (s.present[i] && r == 0) { // remove, sometimes re-add at once under the same index
                t.remove(uint32_t(i));
                s.present[i] = false;
            } else if (!s.present[i] && r < 3) {
                s.boxes[i] = randomBox(rng, 20.0f);
                t.add(uint32_t(i), s.boxes[i]);
                s.present[i] = true;
            }
        }
        for (int k = 0; k < 50; ++k) { // new, higher indices
            s.boxes.push_back(randomBox(rng, 20.0f));
            s.present.push_back(true);
            t.add(uint32_t(s.boxes.size() - 1), s.boxes.back());
        }
        s.shake(t, rng, 0.1f, 50, 20.0f);
        t.agree();
    }
    EXPECT_EQ(t.bp[2]->proxyCount(), t.bp[0]->proxyCount());
}

TEST(Broadphase, PairAppearsAndDisappearsExactlyWhenFatBoxesStartAndStopOverlapping) {
    // Body 1 sweeps through body 0 and out again in 1 cm steps; the pair must be listed
    // exactly on the steps where the fat boxes overlap, by every broad phase (the contact
    // cache drops a pair the step it leaves the list).
    Trio t;
    const Aabb still = boxAt(glm::vec3(0.0f), glm::vec3(0.5f));
    t.add(0, still, ProxyDef{1, 1, true, false});
    glm::vec3 x(-3.0f, 0.3f, 0.0f);
    t.add(1, boxAt(x, glm::vec3(0.25f)));
    int listed = 0;
    for (int k = 0; k < 600; ++k) {
        glm::vec3 d(0.01f, 0.0f, 0.0f);
        x += d;
        Aabb moving = boxAt(x, glm::vec3(0.25f));
        t.move(1, moving, d);
        glm::vec3 m(kMargin);
        bool expected = overlaps({still.min - m, still.max + m}, {moving.min - m, moving.max + m});
        std::vector<BodyPair> pairs = t.agree();
        ASSERT_EQ(pairs.size(), expected ? 1u : 0u) << "step " << k;
        listed += expected;
    }
    EXPECT_GT(listed, 100);
}

TEST(Broadphase, GroundBoxWithASleepingPileAgreesWithTheOracle) {
    // A static ground (the huge box of a plane) under a pile where some bodies sleep.
    std::mt19937 rng(17);
    Trio t;
    t.add(0, {glm::vec3(-1e6f), glm::vec3(1e6f, 0.0f, 1e6f)}, ProxyDef{1, 0xFFFF, true, false});
    for (uint32_t i = 1; i < 800; ++i) {
        Aabb b = randomBox(rng, 8.0f);
        b.min.y = std::abs(b.min.y) * 0.2f; // resting on or just above the ground
        b.max.y = b.min.y + 0.5f;
        t.add(i, b, ProxyDef{1, 0xFFFF, false, i % 3 == 0});
    }
    std::vector<BodyPair> pairs = t.agree();
    for (const BodyPair& p : pairs)
        EXPECT_FALSE(p.a == 0 && p.b % 3 == 0); // sleeping-static
    for (auto& p : t.bp)
        p->setSleeping(3, false);
    t.agree();
}

TEST(Broadphase, LayersPairOnlyWhenEachMaskAcceptsTheOthersLayer) {
    Trio t;
    Aabb box = boxAt(glm::vec3(0.0f), glm::vec3(1.0f));
    t.add(0, box, ProxyDef{0b001, 0b010}); // on layer 1, sees layer 2
    t.add(1, box, ProxyDef{0b010, 0b001}); // on layer 2, sees layer 1: pairs with 0
    t.add(2, box, ProxyDef{0b010, 0b100}); // sees only layer 3: pairs with nobody here
    t.add(3, box, ProxyDef{0b100, 0b010}); // layer 3, sees layer 2: pairs with 2
    std::vector<BodyPair> expected{{0, 1}, {2, 3}};
    EXPECT_EQ(t.agree(), expected);
    for (auto& p : t.bp)
        p->setLayers(2, 0b010, 0b000);
    expected = {{0, 1}};
    EXPECT_EQ(t.agree(), expected);
}

TEST(Broadphase, StaticStaticSleepingSleepingAndSleepingStaticPairsAreSkipped) {
    Trio t;
    Aabb box = boxAt(glm::vec3(0.0f), glm::vec3(1.0f));
    t.add(0, box, ProxyDef{1, 1, true, false}); // static
    t.add(1, box, ProxyDef{1, 1, true, false}); // static
    t.add(2, box, ProxyDef{1, 1, false, true}); // sleeping
    t.add(3, box, ProxyDef{1, 1, false, true}); // sleeping
    EXPECT_TRUE(t.agree().empty());
    t.add(4, box); // awake: pairs with everyone
    std::vector<BodyPair> expected{{0, 4}, {1, 4}, {2, 4}, {3, 4}};
    EXPECT_EQ(t.agree(), expected);
    for (auto& p : t.bp)
        p->setSleeping(2, false); // 2 wakes: now pairs with 0, 1, 3
    expected = {{0, 2}, {0, 4}, {1, 2}, {1, 4}, {2, 3}, {2, 4}, {3, 4}};
    EXPECT_EQ(t.agree(), expected);
}

TEST(Broadphase, HookSeesOnlySurvivingPairsInSortedOrderAndCanVetoThem) {
    std::mt19937 rng(11);
    Trio t;
    Scene s;
    s.fill(t, rng, 500, 5.0f);
    for (auto& p : t.bp)
        p->setLayers(0, 0, 0); // body 0 pairs with nothing
    std::vector<BodyPair> all = t.agree();
    std::vector<BodyPair> calls[3], out[3];
    for (int i = 0; i < 3; ++i) {
        PairFilter f;
        f.shouldCollide = [&, i](uint32_t a, uint32_t b) {
            calls[i].push_back({a, b});
            return (a + b) % 3 != 0; // veto a third of them, like joints would
        };
        BroadphaseStats stats;
        t.bp[i]->findPairs(f, out[i], stats);
    }
    EXPECT_EQ(calls[0], all);
    EXPECT_EQ(calls[1], all);
    EXPECT_EQ(calls[2], all);
    for (const BodyPair& p : all)
        EXPECT_NE(p.a, 0u);
    EXPECT_EQ(out[1], out[0]);
    EXPECT_EQ(out[2], out[0]);
    for (const BodyPair& p : out[0])
        EXPECT_NE((p.a + p.b) % 3, 0u);
    EXPECT_LT(out[0].size(), all.size());
}

TEST(DynamicTree, HeightStaysLogarithmicAfterTenThousandInsertsAndMoves) {
    std::mt19937 rng(1);
    TreeBroadphase bp(kMargin);
    const int n = 10000;
    std::vector<Aabb> boxes;
    for (int i = 0; i < n; ++i) {
        // Sorted insertion along x is the worst case for an unbalanced tree.
        boxes.push_back(
            boxAt(glm::vec3(0.01f * float(i), uniform(rng, 0, 1), 0.0f), glm::vec3(0.2f)));
        bp.add(uint32_t(i), boxes.back());
    }
    const int bound = 2 * int(std::ceil(std::log2(double(n)))) + 2;
    EXPECT_LE(bp.tree().height(), bound);
    EXPECT_TRUE(bp.tree().validate());
    for (int frame = 0; frame < 3; ++frame) {
        for (int i = 0; i < n; ++i) {
            glm::vec3 d(uniform(rng, -3, 3), uniform(rng, -3, 3), uniform(rng, -3, 3));
            boxes[i] = {boxes[i].min + d, boxes[i].max + d};
            bp.move(uint32_t(i), boxes[i], d);
        }
        EXPECT_LE(bp.tree().height(), bound);
    }
    EXPECT_TRUE(bp.tree().validate());
    for (int i = 0; i < n; i += 2)
        bp.remove(uint32_t(i));
    EXPECT_TRUE(bp.tree().validate());
    EXPECT_EQ(bp.tree().leafCount(), n / 2);
    EXPECT_LE(bp.tree().height(), 2 * int(std::ceil(std::log2(double(n / 2)))) + 2);
}

TEST(DynamicTree, SlowBodiesAreNotReinsertedEveryStep) {
    TreeBroadphase bp(kMargin);
    for (uint32_t i = 0; i < 100; ++i)
        bp.add(i, boxAt(glm::vec3(float(i), 0.0f, 0.0f), glm::vec3(0.4f)));
    std::vector<BodyPair> out;
    BroadphaseStats stats;
    bp.findPairs({}, out, stats);
    EXPECT_EQ(stats.reinserted, 100);
    for (uint32_t i = 0; i < 100; ++i) // 1 cm: well inside the 0.1 m slack
        bp.move(i, boxAt(glm::vec3(float(i), -0.01f, 0.0f), glm::vec3(0.4f)), {0, -0.01f, 0});
    bp.findPairs({}, out, stats);
    EXPECT_EQ(stats.reinserted, 0);
    EXPECT_TRUE(out.empty());
}

TEST(DynamicTree, AtRestTheKeptCandidatesAreTestedOnceAndGiveTheSamePairs) {
    // Boxes 0.85 m apart on a line, each 0.8 m wide: neighbours' fat boxes overlap (a 0.05 m
    // margin each), so each neighbour pair is a candidate and a pair. While no leaf is re-inserted, a
    // pass tests each kept candidate's fat boxes only (its enlarged boxes overlap as before):
    // one test a candidate instead of two, and the same pairs.
    TreeBroadphase bp(kMargin);
    for (uint32_t i = 0; i < 50; ++i)
        bp.add(i, boxAt(glm::vec3(0.85f * float(i), 0.0f, 0.0f), glm::vec3(0.4f)));
    std::vector<BodyPair> first, again;
    BroadphaseStats stats;
    bp.findPairs({}, first, stats);
    ASSERT_EQ(first.size(), 49u);
    for (uint32_t i = 0; i < 50; ++i) // 1 mm: inside the slack, nothing re-inserted
        bp.move(i, boxAt(glm::vec3(0.85f * float(i), -0.001f, 0.0f), glm::vec3(0.4f)), {0, -0.001f, 0});
    BroadphaseStats rest;
    bp.findPairs({}, again, rest);
    EXPECT_EQ(rest.reinserted, 0);
    EXPECT_EQ(again, first);
    EXPECT_EQ(rest.pairsTested, 49) << "one test a kept candidate";
}

TEST(Broadphase, EmptyAndSingleBodyGiveNoPairs) {
    Trio t;
    EXPECT_TRUE(t.agree().empty());
    t.add(42, boxAt(glm::vec3(1.0f), glm::vec3(0.5f)));
    EXPECT_TRUE(t.agree().empty());
    t.remove(42);
    t.remove(42); // removing twice is harmless
    EXPECT_TRUE(t.agree().empty());
}

TEST(Broadphase, IdenticalBoxesPairEveryBodyWithEveryOther) {
    Trio t;
    const uint32_t n = 150;
    for (uint32_t i = 0; i < n; ++i)
        t.add(i, boxAt(glm::vec3(3.0f), glm::vec3(0.5f)));
    EXPECT_EQ(t.agree().size(), size_t(n * (n - 1) / 2));
}

TEST(Broadphase, BoxesOnALinePairOnlyWithNeighboursAndTouchingCounts) {
    Trio t;
    // Tight boxes 1 m wide, 1 m apart centre to centre: fat boxes overlap by 2 margins.
    for (uint32_t i = 0; i < 200; ++i)
        t.add(i, boxAt(glm::vec3(float(i), 0.0f, 0.0f), glm::vec3(0.5f)));
    std::vector<BodyPair> pairs = t.agree();
    ASSERT_EQ(pairs.size(), 199u);
    for (uint32_t i = 0; i < 199; ++i)
        EXPECT_EQ(pairs[i], (BodyPair{i, i + 1}));
    // Fat boxes that exactly touch (tight gap = 2 margins; values exact in binary) pair.
    Trio u(0.25f);
    u.add(0, {glm::vec3(0.0f), glm::vec3(1.0f)});
    u.add(1, {glm::vec3(1.5f, 0.0f, 0.0f), glm::vec3(2.5f, 1.0f, 1.0f)});
    u.add(2, {glm::vec3(0.0f, 1.5f + 1.0f / 1024, 0.0f), glm::vec3(1.0f, 2.0f, 1.0f)});
    EXPECT_EQ(u.agree(), (std::vector<BodyPair>{{0, 1}}));
}

TEST(Broadphase, NonFiniteBoxIsParkedAndPairsWithNothing) {
    Trio t;
    const float nan = std::numeric_limits<float>::quiet_NaN();
    Aabb box = boxAt(glm::vec3(0.0f), glm::vec3(1.0f));
    t.add(0, box);
    t.add(1, box);
    t.add(2, {glm::vec3(nan), glm::vec3(nan)});
    t.add(3, {glm::vec3(0.0f), glm::vec3(std::numeric_limits<float>::infinity())});
    EXPECT_EQ(t.agree(), (std::vector<BodyPair>{{0, 1}}));
    t.move(0, {glm::vec3(nan), glm::vec3(nan)}, glm::vec3(nan));
    EXPECT_TRUE(t.agree().empty());
    t.move(0, box, glm::vec3(0.0f)); // back to finite: pairs again
    EXPECT_EQ(t.agree(), (std::vector<BodyPair>{{0, 1}}));
}

TEST(SortAndSweep, SweepsTheAxisOfLargestSpreadAndSwitchesWhenItChanges) {
    auto bp = makeBroadphase(BroadphaseType::SortAndSweep, kMargin);
    std::mt19937 rng(3);
    for (uint32_t i = 0; i < 500; ++i)
        bp->add(i, boxAt(glm::vec3(uniform(rng, -1, 1), uniform(rng, -1, 1), uniform(rng, -50, 50)),
                         glm::vec3(0.3f)));
    std::vector<BodyPair> out;
    BroadphaseStats stats;
    bp->findPairs({}, out, stats);
    EXPECT_EQ(bp->sweepAxis(), 2);
    for (uint32_t i = 0; i < 500; ++i) { // the cloud turns to lie along x
        glm::vec3 c(uniform(rng, -50, 50), uniform(rng, -1, 1), uniform(rng, -1, 1));
        bp->move(i, boxAt(c, glm::vec3(0.3f)), glm::vec3(0.0f));
    }
    bp->findPairs({}, out, stats);
    EXPECT_EQ(bp->sweepAxis(), 0);
    // Far fewer comparisons than the n(n-1)/2 of brute force.
    EXPECT_LT(stats.pairsTested, 500 * 499 / 2 / 10);
}

TEST(Broadphase, RebuildingAsAnotherTypeKeepsThePairs) {
    std::mt19937 rng(8);
    auto tree = makeBroadphase(BroadphaseType::DynamicTree, kMargin);
    for (uint32_t i = 0; i < 400; ++i)
        tree->add(i * 2, randomBox(rng, 6.0f), ProxyDef{1, 1, i % 7 == 0, i % 5 == 0});
    std::vector<BodyPair> before, after;
    BroadphaseStats stats;
    tree->findPairs({}, before, stats);
    for (BroadphaseType type : kTypes) {
        auto other = rebuildBroadphase(*tree, type, kMargin);
        EXPECT_EQ(other->type(), type);
        other->findPairs({}, after, stats);
        EXPECT_EQ(after, before);
    }
}

struct LineCounter : DebugDraw {
    int lines = 0;
    void line(const glm::vec3&, const glm::vec3&, const glm::vec3&) override { ++lines; }
    void point(const glm::vec3&, float, const glm::vec3&) override {}
    void arrow(const glm::vec3&, const glm::vec3&, const glm::vec3&) override {}
    void label(const glm::vec3&, const std::string&, const glm::vec3&) override {}
};

TEST(Broadphase, WalkVisitsEveryTreeNodeWithDepthAndDrawsTwelveEdgesPerBox) {
    auto bp = makeBroadphase(BroadphaseType::DynamicTree, kMargin);
    for (uint32_t i = 0; i < 64; ++i)
        bp->add(i, boxAt(glm::vec3(float(i), 0.0f, 0.0f), glm::vec3(0.4f)));
    int nodes = 0, leaves = 0, maxDepth = 0;
    bp->walk([&](const BroadphaseNode& n) {
        ++nodes;
        leaves += n.body != kNoBody;
        maxDepth = std::max(maxDepth, n.depth);
    });
    EXPECT_EQ(leaves, 64);
    EXPECT_EQ(nodes, 2 * 64 - 1);
    EXPECT_LE(maxDepth, 8);
    LineCounter draw;
    drawBroadphase(*bp, draw);
    EXPECT_EQ(draw.lines, 12 * nodes);
}

} // namespace
