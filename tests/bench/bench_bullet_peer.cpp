// The peer: Bullet's btDiscreteDynamicsWorld with the sequential impulse solver on the same
// scene files (boxes and spheres; static bodies as static boxes), dt 1/60, 10 iterations,
// split impulse on, sleeping off, one thread.
#include "bench_scenes.h"

#include <benchmark/benchmark.h>
#include <btBulletDynamicsCommon.h>

#include <algorithm>
#include <chrono>
#include <memory>
#include <vector>

namespace {

using namespace tumble;

struct BulletWorld {
    btDefaultCollisionConfiguration config;
    btCollisionDispatcher dispatcher{&config};
    btDbvtBroadphase broadphase;
    btSequentialImpulseConstraintSolver solver;
    btDiscreteDynamicsWorld world{&dispatcher, &broadphase, &solver, &config};
    std::vector<std::unique_ptr<btCollisionShape>> shapes;
    std::vector<std::unique_ptr<btDefaultMotionState>> states;
    std::vector<std::unique_ptr<btRigidBody>> bodies;

    explicit BulletWorld(const SceneDef& scene) {
        const Settings& s = scene.settings;
        world.setGravity(btVector3(s.gravity.x, s.gravity.y, s.gravity.z));
        btContactSolverInfo& info = world.getSolverInfo();
        info.m_numIterations = 10;
        info.m_splitImpulse = 1;
        for (const BodyDef& d : scene.bodies) {
            std::unique_ptr<btCollisionShape> shape;
            if (d.shape.type == ShapeType::Sphere) {
                shape = std::make_unique<btSphereShape>(d.shape.radius);
            } else if (d.shape.type == ShapeType::Box) {
                const glm::vec3& h = d.shape.halfExtents;
                shape = std::make_unique<btBoxShape>(btVector3(h.x, h.y, h.z));
            } else if (d.shape.type == ShapeType::Plane) {
                const glm::vec3& n = d.shape.normal;
                shape = std::make_unique<btStaticPlaneShape>(btVector3(n.x, n.y, n.z), d.shape.offset);
            } else {
                continue; // the solver scenes use boxes, spheres and planes only
            }
            float density = 1000.0f;
            for (const Material& m : materialPresets())
                if (m.name == (d.material.empty() ? kDefaultMaterialName : d.material)) density = m.density;
            btScalar mass = 0.0f;
            btVector3 inertia(0, 0, 0);
            if (d.type == BodyType::Dynamic) {
                float volume = d.shape.type == ShapeType::Sphere
                                   ? 4.18879f * d.shape.radius * d.shape.radius * d.shape.radius
                                   : 8.0f * d.shape.halfExtents.x * d.shape.halfExtents.y * d.shape.halfExtents.z;
                mass = density * volume;
                shape->calculateLocalInertia(mass, inertia);
            }
            btTransform xf;
            xf.setOrigin(btVector3(d.position.x, d.position.y, d.position.z));
            xf.setRotation(btQuaternion(d.orientation.x, d.orientation.y, d.orientation.z, d.orientation.w));
            auto state = std::make_unique<btDefaultMotionState>(xf);
            btRigidBody::btRigidBodyConstructionInfo ci(mass, state.get(), shape.get(), inertia);
            auto body = std::make_unique<btRigidBody>(ci);
            body->setActivationState(DISABLE_DEACTIVATION);
            body->setLinearVelocity(btVector3(d.linearVelocity.x, d.linearVelocity.y, d.linearVelocity.z));
            world.addRigidBody(body.get());
            shapes.push_back(std::move(shape));
            states.push_back(std::move(state));
            bodies.push_back(std::move(body));
        }
    }
    ~BulletWorld() {
        for (auto& b : bodies) world.removeRigidBody(b.get());
    }
};

void runPeer(benchmark::State& state, const bench::BenchScene& scene) {
    SceneDef def = bench::loadBenchScene(scene.file);
    for (auto _ : state) {
        BulletWorld bw(def);
        std::vector<btVector3> start;
        for (auto& b : bw.bodies) start.push_back(b->getWorldTransform().getOrigin());
        std::vector<double> ms;
        const btScalar dt = 1.0f / 60.0f;
        for (int i = 0; i < 600; ++i) {
            auto t0 = std::chrono::steady_clock::now();
            bw.world.stepSimulation(dt, 1, dt);
            auto t1 = std::chrono::steady_clock::now();
            ms.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
        }
        std::nth_element(ms.begin(), ms.begin() + ms.size() / 2, ms.end());
        float drift = 0.0f;
        for (size_t i = 0; i < bw.bodies.size(); ++i)
            if (bw.bodies[i]->getInvMass() > 0)
                drift = std::max(drift, float((bw.bodies[i]->getWorldTransform().getOrigin() - start[i]).length()));
        state.counters["msPerStepMedian"] = ms[ms.size() / 2];
        state.counters["bodies"] = static_cast<double>(bw.bodies.size());
        if (scene.measureDrift) state.counters["maxDisplacement_m"] = drift;
    }
}

} // namespace

#define TUMBLE_PEER_BENCH(Name, Index)                                                            \
    static void Name(benchmark::State& s) { runPeer(s, bench::kSolverScenes[Index]); }            \
    BENCHMARK(Name)->Iterations(1)->Unit(benchmark::kMillisecond);

TUMBLE_PEER_BENCH(BM_Bullet_Pyramid20, 0)
TUMBLE_PEER_BENCH(BM_Bullet_Pyramid40, 1)
TUMBLE_PEER_BENCH(BM_Bullet_BoxRain1000, 2)
TUMBLE_PEER_BENCH(BM_Bullet_SpherePit2000, 3)
TUMBLE_PEER_BENCH(BM_Bullet_Stack20, 4)
