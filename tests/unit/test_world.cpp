// World bookkeeping: handles, creation errors, material edits, settings clamps.
#include "tumble/world.h"

#include <gtest/gtest.h>

using namespace tumble;

namespace {
BodyDef ball(const char* name, float y = 0.0f) {
    BodyDef d;
    d.name = name;
    d.shape.type = ShapeType::Sphere;
    d.shape.radius = 0.5f;
    d.position = {0.0f, y, 0.0f};
    return d;
}
} // namespace

TEST(WorldHandles, StaleHandleIsCaughtAfterDestroyAndSlotReuse) {
    World w;
    BodyId a = w.createBody(ball("a"));
    ASSERT_TRUE(w.isValid(a));
    EXPECT_TRUE(w.destroyBody(a));
    EXPECT_FALSE(w.isValid(a));
    EXPECT_FALSE(w.destroyBody(a));
    EXPECT_THROW(w.body(a), std::invalid_argument);
    BodyId b = w.createBody(ball("b"));
    EXPECT_EQ(b.index, a.index);          // the slot is reused ...
    EXPECT_NE(b.generation, a.generation); // ... under a new generation
    EXPECT_FALSE(w.isValid(a));
    EXPECT_EQ(w.body(b).name, "b");
    EXPECT_EQ(w.bodyCount(), 1);
}

TEST(WorldHandles, InvalidDefinitionsAreRejectedWithAReason) {
    World w;
    std::string error;
    BodyDef d = ball("x");
    d.shape.radius = -1.0f;
    EXPECT_TRUE(w.createBody(d, &error).isNull());
    EXPECT_NE(error.find("radius"), std::string::npos);
    d = ball("x");
    d.material = "Unobtainium";
    EXPECT_TRUE(w.createBody(d, &error).isNull());
    EXPECT_NE(error.find("Unobtainium"), std::string::npos);
    d = ball("x");
    d.orientation = glm::quat(0, 0, 0, 0);
    EXPECT_TRUE(w.createBody(d, &error).isNull());
    d = ball("x");
    d.shape.type = ShapeType::Plane;
    EXPECT_TRUE(w.createBody(d, &error).isNull()); // a dynamic plane
    EXPECT_EQ(w.bodyCount(), 0);
}

TEST(WorldMaterials, EditingDensityUpdatesTheMassOfBodiesUsingIt) {
    World w;
    BodyDef d = ball("a");
    d.material = "Wood";
    BodyId a = w.createBody(d);
    float before = w.body(a).mass;
    Material wood = w.materials()[w.findMaterial("Wood")];
    EXPECT_FLOAT_EQ(wood.density, 300.0f);
    wood.density *= 2.0f;
    w.setMaterial(wood);
    EXPECT_NEAR(w.body(a).mass, 2.0f * before, 1e-4f * before);
}

TEST(WorldMaterials, PresetsFollowTheClassicTable) {
    World w;
    struct Row { const char* name; float density, restitution; };
    const Row rows[] = {{"Rock", 600, 0.1f},      {"Wood", 300, 0.2f},       {"Metal", 1200, 0.05f},
                        {"BouncyBall", 300, 0.8f}, {"SuperBall", 300, 0.95f}, {"Pillow", 100, 0.2f},
                        {"Static", 0, 0.4f}};
    for (const Row& r : rows) {
        int i = w.findMaterial(r.name);
        ASSERT_GE(i, 0) << r.name;
        EXPECT_FLOAT_EQ(w.materials()[i].density, r.density) << r.name;
        EXPECT_FLOAT_EQ(w.materials()[i].restitution, r.restitution) << r.name;
    }
}

TEST(WorldSettings, ClampKeepsEveryValueInRange) {
    Settings s;
    EXPECT_FALSE(clampSettings(s)); // defaults are valid
    s.timestep = 1.0f;
    s.solver.velocityIterations = 1000;
    s.solver.erp = -3.0f;
    s.solver.relaxation = std::numeric_limits<float>::quiet_NaN();
    EXPECT_TRUE(clampSettings(s));
    EXPECT_FLOAT_EQ(s.timestep, 1.0f / 15.0f);
    EXPECT_EQ(s.solver.velocityIterations, 200);
    EXPECT_FLOAT_EQ(s.solver.erp, 0.0f);
    EXPECT_TRUE(std::isfinite(s.solver.relaxation));
}

TEST(WorldSettings, EnumNamesRoundTrip) {
    for (Integrator i : {Integrator::ExplicitEuler, Integrator::SymplecticEuler, Integrator::VelocityVerlet})
        EXPECT_EQ(enumFromString<Integrator>(toString(i)), i);
    EXPECT_FALSE(enumFromString<Integrator>("rk4").has_value());
    EXPECT_EQ(enumChoices<FrictionModel>(), "pyramid, cone");
}

TEST(WorldStep, NonFiniteStateIsCaughtFrozenAndPointedAt) {
    World w;
    BodyId a = w.createBody(ball("runaway"));
    w.forceFields().push_back({ForceField::Type::Attractor, {0, 0.001f, 0}, 3e38f, 10.0f});
    for (int i = 0; i < 5 && !w.hasNonFinite(); ++i) w.step();
    ASSERT_TRUE(w.hasNonFinite());
    ASSERT_FALSE(w.events().empty());
    EXPECT_EQ(w.events().front().bodyName, "runaway");
    const Body& b = w.body(a);
    EXPECT_TRUE(std::isfinite(b.position.y));
    EXPECT_EQ(b.linearVelocity, glm::vec3(0.0f));
}

TEST(WorldStep, StateHashIsEqualForEqualRunsAndDiffersAfterAChange) {
    auto run = [](float vx) {
        World w;
        BodyDef d = ball("a", 3.0f);
        d.linearVelocity = {vx, 2.0f, 0.0f};
        d.angularVelocity = {1.0f, 2.0f, 3.0f};
        w.createBody(d);
        for (int i = 0; i < 120; ++i) w.step();
        return w.stateHash();
    };
    EXPECT_EQ(run(1.0f), run(1.0f));
    EXPECT_NE(run(1.0f), run(1.0f + 1e-6f));
}
