// Compound bodies: mass properties against closed forms, each child colliding on its own (one
// manifold per touching pair of parts), the dynamics of an off-centre body, events, and
// snapshots that carry the parts of each manifold.
#include "core/math.h"
#include "physics/contact_fixtures.h"
#include "tumble/feature_names.h"
#include "tumble/scene.h"
#include "unit/shape_defs.h"
#include "world/state_codec.h"

#include <gtest/gtest.h>

using namespace tumble;
using namespace tumble::test;

namespace {

constexpr float kDensity = 1000.0f; // kg/m^3, for the shapes' own mass properties (closed forms scale with it)

CompoundChildDef child(ShapeDef shape, glm::vec3 position, glm::quat q = glm::quat(1, 0, 0, 0)) {
    return CompoundChildDef{std::move(shape), position, q};
}

ShapeDef compoundDef(std::vector<CompoundChildDef> children) {
    ShapeDef s;
    s.type = ShapeType::Compound;
    s.children = std::move(children);
    return s;
}

Shape built(const ShapeDef& def, glm::vec3* com = nullptr) {
    Shape shape;
    std::string error;
    EXPECT_TRUE(buildShape(def, shape, error, com)) << error;
    return shape;
}

void expectMatrixNear(const glm::mat3& a, const glm::mat3& b, float tolerance) {
    for (int c = 0; c < 3; ++c)
        for (int r = 0; r < 3; ++r) EXPECT_NEAR(a[c][r], b[c][r], tolerance) << "[" << c << "][" << r << "]";
}

/// A table: a top 1.2 x 0.1 x 0.8 m on four legs 0.1 x 0.6 x 0.1 m, in the frame of the floor
/// under its middle (legs from y = 0 to 0.6, the top from 0.6 to 0.7).
ShapeDef tableDef() {
    std::vector<CompoundChildDef> parts{child(boxDef({0.6f, 0.05f, 0.4f}), {0, 0.65f, 0})};
    for (float x : {-0.5f, 0.5f})
        for (float z : {-0.3f, 0.3f}) parts.push_back(child(boxDef({0.05f, 0.3f, 0.05f}), {x, 0.3f, z}));
    return compoundDef(std::move(parts));
}

BodyId addCompound(World& w, const ShapeDef& shape, glm::vec3 position, glm::quat q = glm::quat(1, 0, 0, 0)) {
    BodyDef d;
    d.shape = shape;
    d.position = position;
    d.orientation = q;
    return w.createBody(d);
}

std::vector<const ContactManifoldInfo*> manifoldsOf(const World& w, BodyId a, BodyId b) {
    std::vector<const ContactManifoldInfo*> out;
    for (const ContactManifoldInfo& m : w.contacts())
        if (m.pointCount > 0 && ((m.bodyA == a && m.bodyB == b) || (m.bodyA == b && m.bodyB == a)))
            out.push_back(&m);
    return out;
}

} // namespace

TEST(CompoundMass, TwoCubesSideBySideWeighAndTurnLikeOneBoxTwiceAsLong) {
    const Shape pair = built(compoundDef({child(boxDef(glm::vec3(0.5f)), {-0.5f, 0, 0}),
                                          child(boxDef(glm::vec3(0.5f)), {0.5f, 0, 0})}));
    const MassProperties one = computeMassProperties(built(boxDef({1.0f, 0.5f, 0.5f})), kDensity);
    const MassProperties two = computeMassProperties(pair, kDensity);
    EXPECT_NEAR(two.volume, 2.0f, 1e-6f);
    EXPECT_NEAR(two.mass, one.mass, 1e-3f);
    // m (b^2 + c^2) / 3 with half sides a, b, c: 2000 kg -> Ixx 333.3, Iyy = Izz 833.3 kg m^2.
    expectMatrixNear(two.inertia, one.inertia, 1e-2f);
    EXPECT_NEAR(two.inertia[1][1], 2000.0f * (1.0f + 0.25f) / 3.0f, 1e-2f);
}

TEST(CompoundMass, TwoSpheresApartTurnAboutTheirMidpointByTheParallelAxisTheorem) {
    // Spheres of radius r at x = 0 and x = 2: the centre of mass is at x = 1, and
    // Ixx = 2 (2/5 m r^2), Iyy = Izz = 2 (2/5 m r^2 + m d^2) with d = 1.
    const float r = 0.25f;
    glm::vec3 com(0.0f);
    const Shape s = built(compoundDef({child(sphereDef(r), {0, 0, 0}), child(sphereDef(r), {2, 0, 0})}), &com);
    EXPECT_NEAR(com.x, 1.0f, 1e-6f);
    EXPECT_NEAR(com.y, 0.0f, 1e-6f);
    const float m = kDensity * 4.0f / 3.0f * kPi * r * r * r;
    const MassProperties mp = computeMassProperties(s, kDensity);
    EXPECT_NEAR(mp.mass, 2.0f * m, 1e-3f);
    const float own = 0.4f * m * r * r;
    const glm::mat3 expected(2.0f * own, 0, 0, 0, 2.0f * (own + m), 0, 0, 0, 2.0f * (own + m));
    expectMatrixNear(mp.inertia, expected, 1e-3f * mp.inertia[1][1]);
    // The children now sit about the centre of mass.
    EXPECT_NEAR(s.compound->children[0].position.x, -1.0f, 1e-6f);
    EXPECT_NEAR(s.compound->children[1].position.x, 1.0f, 1e-6f);
}

TEST(CompoundMass, ATurnedChildTurnsItsInertiaAndAnOffCentreOneGivesProductsOfInertia) {
    // A box 2 x 1 x 1 turned 90 degrees about Z is a box 1 x 2 x 1.
    const glm::quat turn = glm::angleAxis(0.5f * kPi, glm::vec3(0, 0, 1));
    const MassProperties turned =
        computeMassProperties(built(compoundDef({child(boxDef({1.0f, 0.5f, 0.5f}), {0, 0, 0}, turn)})), kDensity);
    expectMatrixNear(turned.inertia, computeMassProperties(built(boxDef({0.5f, 1.0f, 0.5f})), kDensity).inertia, 1e-2f);
    // Two unit-mass-density cubes at (1, 1, 0) and (-1, -1, 0) (a diagonal dumbbell): the
    // product of inertia Ixy = -sum m x y = -2 m about the centre of mass.
    const MassProperties diag = computeMassProperties(
        built(compoundDef({child(boxDef(glm::vec3(0.1f)), {1, 1, 0}), child(boxDef(glm::vec3(0.1f)), {-1, -1, 0})})),
        kDensity);
    const float m = kDensity * 0.008f;
    EXPECT_NEAR(diag.inertia[0][1], -2.0f * m, 1e-3f);
    EXPECT_NEAR(diag.inertia[1][0], -2.0f * m, 1e-3f);
}

TEST(CompoundMass, TheBodySitsAtTheCentreOfMassWithItsChildrenWhereTheDefinitionPutThem) {
    World w(noSleep());
    // A sphere at the body's origin and a box 1 m along X: the mass lies between them.
    const ShapeDef def = compoundDef({child(sphereDef(0.5f), {0, 0, 0}), child(boxDef(glm::vec3(0.5f)), {1, 0, 0})});
    const BodyId id = addCompound(w, def, {3, 4, 5}, glm::angleAxis(0.5f * kPi, glm::vec3(0, 1, 0)));
    const Body& b = w.body(id);
    const float vs = 4.0f / 3.0f * kPi * 0.125f, vb = 1.0f;
    const float offset = vb / (vs + vb); // along the body's X, which the turn sends to world -Z
    EXPECT_NEAR(b.position.x, 3.0f, 1e-5f);
    EXPECT_NEAR(b.position.z, 5.0f - offset, 1e-5f);
    EXPECT_NEAR(b.mass, w.materials()[static_cast<size_t>(b.material)].density * (vs + vb), 1e-2f);
    // The box child ends where it was put: 1 m along the body's X from the given position.
    const CompoundShape::Child& box = b.shape.compound->children[1];
    const glm::vec3 boxWorld = b.position + b.orientation * box.position;
    EXPECT_NEAR(boxWorld.z, 4.0f, 1e-5f);
}

TEST(CompoundMass, BadChildrenAreRefusedWithTheChildNamed) {
    std::string error;
    Shape s;
    ShapeDef plane;
    plane.type = ShapeType::Plane;
    EXPECT_FALSE(buildShape(compoundDef({child(sphereDef(1), {}), child(plane, {})}), s, error, nullptr));
    EXPECT_EQ(error, "child 1: a compound's child must be a sphere, box, capsule, cylinder or hull, not a plane");
    EXPECT_FALSE(buildShape(compoundDef({}), s, error, nullptr));
    EXPECT_EQ(error, "a compound needs 1 to 64 children");
}

TEST(Compound, ATableStandsOnItsFourLegsEachWithItsOwnManifold) {
    World w(noSleep());
    const BodyId ground = addGround(w);
    // Dropped from 2 cm: the legs land flat, and the table must come to rest on them.
    const BodyId table = addCompound(w, tableDef(), {0, 0.02f, 0});
    for (int i = 0; i < 120; ++i) w.step();
    const Body& b = w.body(table);
    const std::vector<const ContactManifoldInfo*> ms = manifoldsOf(w, ground, table);
    ASSERT_EQ(ms.size(), 4u) << "one manifold per leg; the top is 0.6 m up";
    for (size_t i = 0; i < ms.size(); ++i) {
        // Ground (slot 0) is A; the legs are children 1 to 4 of B, in order.
        EXPECT_EQ(ms[i]->childA, 0u);
        EXPECT_EQ(ms[i]->childB, i + 1);
        EXPECT_EQ(ms[i]->pointCount, 4);
        // The labels name the leg; the ground is one part and goes unnamed.
        const std::string words = describeFeature(w, *ms[i], 0);
        EXPECT_EQ(words.rfind("B child " + std::to_string(i + 1) + ": ", 0), 0u) << words;
    }
    // The centre of mass of top (0.096 m^3 at 0.65) and legs (4 x 0.006 m^3 at 0.3) is at
    // (0.096 * 0.65 + 0.024 * 0.3) / 0.12 = 0.58 m; the legs sink by about the slop.
    const float comHeight = (0.096f * 0.65f + 0.024f * 0.3f) / 0.12f;
    EXPECT_NEAR(b.position.y, comHeight, 0.006f);
    EXPECT_LT(glm::length(b.linearVelocity), 1e-3f);
    EXPECT_LT(glm::length(b.angularVelocity), 1e-3f);
    // Level: the body's up stays up.
    EXPECT_GT((b.orientation * glm::vec3(0, 1, 0)).y, 0.99999f);
}

TEST(Compound, AnLBlockTipsOverWhereATBlockOfTheSamePartsStands) {
    // A post 0.2 x 1 x 0.2 m standing on its end, with an arm 1.2 m long across its top. As a
    // T (the arm centred) the centre of mass is over the post's foot and it stands; as an L
    // (the arm reaching one way, its middle 0.5 m out) the centre of mass is at
    // x = 0.024 * 0.5 / 0.064 = 0.1875 m, beyond the foot's edge at 0.1 m: it must tip.
    auto block = [](float armX) {
        return compoundDef({child(boxDef({0.1f, 0.5f, 0.1f}), {0, 0.5f, 0}), child(boxDef({0.6f, 0.1f, 0.1f}), {armX, 1.1f, 0})});
    };
    World w(noSleep());
    addGround(w);
    const BodyId tee = addCompound(w, block(0.0f), {-3, 0, 0});
    const BodyId ell = addCompound(w, block(0.5f), {3, 0, 0});
    for (int i = 0; i < 240; ++i) w.step();
    auto up = [&](BodyId id) { return (w.body(id).orientation * glm::vec3(0, 1, 0)).y; };
    EXPECT_GT(up(tee), 0.9999f) << "the T stands";
    // The L turns about its foot's edge (x = 0.1) until the arm's lower outer corner, 1 m out
    // and 1 m up from that edge, meets the ground: at 45 degrees, where it leans at rest.
    EXPECT_NEAR(up(ell), std::cos(glm::radians(45.0f)), 0.005f) << "the L leans on its arm";
}

TEST(Compound, ASpinningOffCentreBodyKeepsItsAngularMomentumAndEnergy) {
    // No gravity, no contact: L = I_world w stays constant while w precesses, which it does only
    // if the inertia tensor (with its products of inertia) is right in the body frame.
    Settings s = noSleep();
    s.gravity = glm::vec3(0.0f);
    World w(s);
    const ShapeDef def = compoundDef({child(boxDef({0.4f, 0.1f, 0.1f}), {0, 0, 0}),
                                      child(sphereDef(0.2f), {0.3f, 0.4f, 0.1f}),
                                      child(cylinderDef(0.1f, 0.3f), {-0.2f, 0, 0.3f})});
    const BodyId id = addCompound(w, def, {0, 0, 0});
    w.setVelocity(id, glm::vec3(0.0f), {1.0f, 2.0f, 0.5f});
    auto momentum = [&] {
        const Body& b = w.body(id);
        return rotateTensor(b.orientation, b.localInertia) * b.angularVelocity;
    };
    auto energy = [&] {
        const Body& b = w.body(id);
        return 0.5f * glm::dot(b.angularVelocity, rotateTensor(b.orientation, b.localInertia) * b.angularVelocity);
    };
    const glm::vec3 L0 = momentum();
    const float E0 = energy();
    for (int i = 0; i < 600; ++i) w.step();
    EXPECT_LT(glm::length(momentum() - L0), 0.01f * glm::length(L0));
    EXPECT_NEAR(energy(), E0, 0.02f * E0);
    // And it does precess: w is not a principal axis.
    EXPECT_GT(glm::length(w.body(id).angularVelocity - glm::vec3(1, 2, 0.5f)), 0.1f);
}

TEST(Compound, TwoCompoundsStackPartOnPart) {
    World w(noSleep());
    addGround(w);
    // A dumbbell: two 0.2 m balls on a bar along X.
    const ShapeDef dumbbell = compoundDef({child(sphereDef(0.2f), {-0.5f, 0, 0}), child(sphereDef(0.2f), {0.5f, 0, 0}),
                                           child(cylinderDef(0.05f, 0.3f), {0, 0, 0},
                                                 glm::angleAxis(0.5f * kPi, glm::vec3(0, 0, 1)))});
    const BodyId table = addCompound(w, tableDef(), {0, 0.0f, 0});
    const BodyId bell = addCompound(w, dumbbell, {0, 0.95f, 0});
    for (int i = 0; i < 180; ++i) w.step();
    // The balls rest on the top (0.7 m): centre at 0.9 m; the bar is thinner and touches nothing.
    EXPECT_NEAR(w.body(bell).position.y, 0.9f, 0.008f);
    const std::vector<const ContactManifoldInfo*> ms = manifoldsOf(w, table, bell);
    ASSERT_EQ(ms.size(), 2u);
    for (const ContactManifoldInfo* m : ms) EXPECT_EQ(m->childA, 0u) << "the table's top";
    EXPECT_EQ(ms[0]->childB, 0u);
    EXPECT_EQ(ms[1]->childB, 1u);
}

TEST(Compound, ManyManifoldsOfOnePairMakeOneContactEvent) {
    World w(noSleep());
    addGround(w);
    // Standing on its four legs: four manifolds every step, one pair touching.
    addCompound(w, tableDef(), {0, 0.0f, 0});
    int begins = 0, ends = 0;
    for (int i = 0; i < 90; ++i) {
        w.step();
        for (const ContactEvent& e : w.contactEvents()) {
            begins += e.kind == ContactEventKind::Begin;
            ends += e.kind == ContactEventKind::End;
        }
    }
    EXPECT_EQ(begins, 1);
    EXPECT_EQ(ends, 0);
}

TEST(Compound, ACompoundStackResumesBitForBitFromItsSnapshotAndRecorderBytes) {
    auto make = [] {
        World w(noSleep());
        addGround(w);
        for (int i = 0; i < 3; ++i) addCompound(w, tableDef(), {0.05f * i, 0.75f * i, 0}, glm::angleAxis(0.1f * i, glm::vec3(0, 1, 0)));
        return w;
    };
    World original = make();
    for (int i = 0; i < 60; ++i) original.step();
    const WorldState state = original.captureState();
    bool someChildB = false;
    for (const ContactManifoldInfo& m : state.contacts) someChildB |= m.childB > 0;
    ASSERT_TRUE(someChildB) << "the cache should name the legs";
    std::vector<std::byte> bytes;
    packState(state, bytes);
    WorldState unpacked;
    ASSERT_TRUE(unpackState(bytes, unpacked));
    World resumed = make();
    ASSERT_TRUE(resumed.restoreState(unpacked));
    for (int i = 0; i < 120; ++i) {
        original.step();
        resumed.step();
    }
    EXPECT_EQ(resumed.stateHash(), original.stateHash());
}

TEST(Compound, ASnapshotNamingAPartTheBodyLacksIsRefused) {
    World w(noSleep());
    addGround(w);
    addCompound(w, tableDef(), {0, 0.0f, 0});
    for (int i = 0; i < 10; ++i) w.step();
    WorldState state = w.captureState();
    ASSERT_FALSE(state.contacts.empty());
    state.contacts[0].childB = 5; // the table has 5 parts: 0 to 4
    std::string error;
    EXPECT_FALSE(w.restoreState(state, &error));
    EXPECT_EQ(error, "a contact names a part its body does not have");
}

TEST(ContactCache, APairTheBroadPhaseFindsButThatDoesNotTouchHasNoRecord) {
    // Two balls 3 cm apart: their fat boxes (5 cm margin) overlap, so the broad phase reports
    // the pair, but they are beyond the 2 cm contact margin: the cache holds nothing for them.
    Settings s = noSleep();
    s.gravity = glm::vec3(0.0f);
    World w(s);
    addSphere(w, {0, 1, 0}, 0.5f);
    addSphere(w, {1.03f, 1, 0}, 0.5f);
    w.step();
    EXPECT_EQ(w.broadphasePairs().size(), 1u);
    EXPECT_TRUE(w.contacts().empty());
    // Brought within the margin, the pair has its (speculative) manifold.
    w.setPose(w.bodyIds()[1], {1.01f, 1, 0}, glm::quat(1, 0, 0, 0));
    w.step();
    ASSERT_EQ(w.contacts().size(), 1u);
    EXPECT_GT(w.contacts()[0].pointCount, 0);
}
