// Writes the .bullet files the importer is tested on, with Bullet's own btDefaultSerializer,
// so the tests read what a game that dumps its world really writes:
//   bullet_world_generator DATA_DIR SCENES_DIR
//     DATA_DIR/falling.bullet   a free-falling sphere and a box resting on a static plane
//     DATA_DIR/mixed.bullet     every shape and joint the importer maps, plus an unmappable
//                               shape (btConeShape) and constraint (btConeTwistConstraint)
//     SCENES_DIR/imported-bullet-world.bullet   the catalogue's small world
// The files are committed (tests/data/bullet/, scenes/); CTest runs this program into the
// build tree and checks that its files import to the same scenes as the committed ones.
#include <btBulletDynamicsCommon.h>
#include <BulletDynamics/ConstraintSolver/btFixedConstraint.h>
#include <BulletDynamics/ConstraintSolver/btGearConstraint.h>
#include <BulletDynamics/ConstraintSolver/btGeneric6DofSpring2Constraint.h>

#include <cstdio>
#include <memory>
#include <string>
#include <vector>

namespace {

/// A Bullet world that owns everything put into it, and names each object for the serializer.
class GeneratedWorld {
public:
    GeneratedWorld() : dispatcher_(&config_), world_(&dispatcher_, &broadphase_, &solver_, &config_) {
        world_.setGravity(btVector3(0, -9.81f, 0));
        world_.getSolverInfo().m_timeStep = 1.0f / 60.0f;
        world_.getSolverInfo().m_numIterations = 10;
    }
    ~GeneratedWorld() {
        for (int i = world_.getNumConstraints() - 1; i >= 0; --i) world_.removeConstraint(world_.getConstraint(i));
        for (int i = world_.getNumCollisionObjects() - 1; i >= 0; --i)
            world_.removeCollisionObject(world_.getCollisionObjectArray()[i]);
    }

    template <class S> S* shape(S* s) {
        shapes_.emplace_back(s);
        return s;
    }
    /// A mesh's triangles (a mesh shape keeps a pointer to them, and they to the arrays).
    btTriangleIndexVertexArray* mesh(btTriangleIndexVertexArray* m) {
        meshes_.emplace_back(m);
        return m;
    }

    /// A body of `mass` (0 = static) at `origin`, rotated by `rotation`, named `name`.
    btRigidBody* body(const char* name, btCollisionShape* s, float mass, const btVector3& origin,
                      const btQuaternion& rotation = btQuaternion::getIdentity()) {
        btVector3 inertia(0, 0, 0);
        if (mass > 0) s->calculateLocalInertia(mass, inertia);
        btRigidBody::btRigidBodyConstructionInfo info(mass, nullptr, s, inertia);
        info.m_startWorldTransform = btTransform(rotation, origin);
        info.m_friction = 0.5f;
        info.m_restitution = 0.0f;
        bodies_.push_back(std::make_unique<btRigidBody>(info));
        btRigidBody* b = bodies_.back().get();
        world_.addRigidBody(b);
        names_.emplace_back(b, name);
        return b;
    }

    template <class C> C* constraint(const char* name, C* c) {
        constraints_.emplace_back(c);
        world_.addConstraint(c, true);
        names_.emplace_back(c, name);
        return c;
    }

    /// Serialize the world (its settings, bodies, shapes, constraints and names) to `path`.
    bool write(const std::string& path) {
        btDefaultSerializer serializer;
        for (const auto& [pointer, name] : names_) serializer.registerNameForPointer(pointer, name);
        world_.serialize(&serializer);
        std::FILE* f = std::fopen(path.c_str(), "wb");
        if (!f) return false;
        const size_t size = static_cast<size_t>(serializer.getCurrentBufferSize());
        const bool ok = std::fwrite(serializer.getBufferPointer(), 1, size, f) == size;
        return std::fclose(f) == 0 && ok;
    }

private:
    btDefaultCollisionConfiguration config_;
    btCollisionDispatcher dispatcher_;
    btDbvtBroadphase broadphase_;
    btSequentialImpulseConstraintSolver solver_;
    btDiscreteDynamicsWorld world_;
    std::vector<std::unique_ptr<btCollisionShape>> shapes_;
    std::vector<std::unique_ptr<btTriangleIndexVertexArray>> meshes_;
    std::vector<std::unique_ptr<btRigidBody>> bodies_;
    std::vector<std::unique_ptr<btTypedConstraint>> constraints_;
    std::vector<std::pair<const void*, const char*>> names_;
};

btStaticPlaneShape* groundPlane(GeneratedWorld& w) {
    return w.shape(new btStaticPlaneShape(btVector3(0, 1, 0), 0));
}

/// (a) Free fall and resting contact: the Bullet-vs-Tumble test's world.
bool writeFalling(const std::string& path) {
    GeneratedWorld w;
    w.body("ground", groundPlane(w), 0, btVector3(0, 0, 0));
    w.body("ball", w.shape(new btSphereShape(0.5f)), 1.0f, btVector3(-3, 10, 0));
    w.body("crate", w.shape(new btBoxShape(btVector3(0.5f, 0.5f, 0.5f))), 2.0f, btVector3(3, 0.5f, 0));
    return w.write(path);
}

/// (b) Every mapping: shapes (Y, X and Z capsules and cylinders, hull, compound, mesh),
/// body types, materials, damping, velocities, and every joint type; plus one shape and one
/// constraint Tumble has no mapping for.
bool writeMixed(const std::string& path) {
    GeneratedWorld w;
    w.body("ground", groundPlane(w), 0, btVector3(0, 0, 0));
    btRigidBody* ball = w.body("ball", w.shape(new btSphereShape(0.25f)), 1.5f, btVector3(0, 3, 0));
    ball->setLinearVelocity(btVector3(1, 2, 3));
    ball->setAngularVelocity(btVector3(0.5f, 0, -0.5f));
    ball->setDamping(0.1f, 0.2f);
    ball->setFriction(0.8f);
    ball->setRestitution(0.6f);
    w.body("crate", w.shape(new btBoxShape(btVector3(0.5f, 0.25f, 0.75f))), 3.0f, btVector3(2, 1, 0));
    w.body("capsuleY", w.shape(new btCapsuleShape(0.2f, 0.8f)), 1.0f, btVector3(4, 1, 0));
    w.body("capsuleX", w.shape(new btCapsuleShapeX(0.2f, 0.8f)), 1.0f, btVector3(6, 1, 0));
    w.body("capsuleZ", w.shape(new btCapsuleShapeZ(0.2f, 0.8f)), 1.0f, btVector3(8, 1, 0));
    w.body("cylinderY", w.shape(new btCylinderShape(btVector3(0.3f, 0.5f, 0.3f))), 2.0f, btVector3(0, 1, 4));
    w.body("cylinderX", w.shape(new btCylinderShapeX(btVector3(0.5f, 0.3f, 0.3f))), 2.0f, btVector3(2, 1, 4));
    w.body("cylinderZ", w.shape(new btCylinderShapeZ(btVector3(0.3f, 0.3f, 0.5f))), 2.0f, btVector3(4, 1, 4));
    const btScalar tetra[] = {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1};
    w.body("hull", w.shape(new btConvexHullShape(tetra, 4, 3 * sizeof(btScalar))), 1.0f, btVector3(6, 1, 4));
    btCompoundShape* dumbbell = w.shape(new btCompoundShape());
    dumbbell->addChildShape(btTransform(btQuaternion::getIdentity(), btVector3(-0.5f, 0, 0)),
                            w.shape(new btBoxShape(btVector3(0.2f, 0.2f, 0.2f))));
    dumbbell->addChildShape(btTransform(btQuaternion(btVector3(0, 0, 1), SIMD_HALF_PI), btVector3(0.5f, 0, 0)),
                            w.shape(new btSphereShape(0.25f)));
    w.body("dumbbell", dumbbell, 2.0f, btVector3(8, 1, 4), btQuaternion(btVector3(0, 1, 0), 0.5f));

    // A static two-triangle ramp (the mesh interface keeps pointers into these arrays).
    static const btScalar rampVertices[] = {-1, 0, -1, 1, 0, -1, 1, 0.5f, 1, -1, 0.5f, 1};
    static const int rampIndices[] = {0, 2, 1, 0, 3, 2};
    auto* mesh = w.mesh(new btTriangleIndexVertexArray(2, const_cast<int*>(rampIndices), 3 * sizeof(int), 4,
                                                       const_cast<btScalar*>(rampVertices), 3 * sizeof(btScalar)));
    w.body("ramp", w.shape(new btBvhTriangleMeshShape(mesh, true)), 0, btVector3(0, 0, -4));

    btRigidBody* lift = w.body("lift", w.shape(new btBoxShape(btVector3(1, 0.1f, 1))), 0, btVector3(-4, 0.5f, 0));
    lift->setCollisionFlags(lift->getCollisionFlags() | btCollisionObject::CF_KINEMATIC_OBJECT);
    lift->setLinearVelocity(btVector3(0, 0.5f, 0));
    w.body("cone", w.shape(new btConeShape(0.3f, 0.6f)), 1.0f, btVector3(-4, 2, 4));

    // Joints, each on its own pair of boxes above the ground.
    auto box = [&](const char* name, const btVector3& at) {
        return w.body(name, w.shape(new btBoxShape(btVector3(0.2f, 0.2f, 0.2f))), 1.0f, at);
    };
    btRigidBody* bob = box("bob", btVector3(0, 4, 8));
    w.constraint("pendulum", new btPoint2PointConstraint(*bob, btVector3(0, 1, 0)));
    btRigidBody* frame = box("frame", btVector3(2, 3, 8));
    btRigidBody* door = box("door", btVector3(2.6f, 3, 8));
    auto* hinge = w.constraint("door hinge", new btHingeConstraint(*frame, *door, btVector3(0.3f, 0, 0),
                                                                  btVector3(-0.3f, 0, 0), btVector3(0, 1, 0),
                                                                  btVector3(0, 1, 0)));
    hinge->setLimit(-0.5f, 1.0f);
    hinge->enableAngularMotor(true, 2.0f, 0.05f);
    btRigidBody* rail = box("rail", btVector3(4, 3, 8));
    btRigidBody* carriage = box("carriage", btVector3(4.5f, 3, 8));
    auto* slider = w.constraint("slide", new btSliderConstraint(*rail, *carriage,
                                                                btTransform(btQuaternion::getIdentity(), btVector3(0.5f, 0, 0)),
                                                                btTransform::getIdentity(), true));
    slider->setLowerLinLimit(-0.25f);
    slider->setUpperLinLimit(0.75f);
    btRigidBody* weldA = box("weldA", btVector3(6, 3, 8));
    btRigidBody* weldB = box("weldB", btVector3(6.5f, 3, 8));
    w.constraint("weld", new btFixedConstraint(*weldA, *weldB, btTransform(btQuaternion::getIdentity(), btVector3(0.25f, 0, 0)),
                                               btTransform(btQuaternion::getIdentity(), btVector3(-0.25f, 0, 0))));
    btRigidBody* baseBox = box("base", btVector3(8, 3, 8));
    btRigidBody* arm = box("arm", btVector3(8.5f, 3, 8));
    auto* six = w.constraint("six", new btGeneric6DofSpring2Constraint(
                                        *baseBox, *arm, btTransform(btQuaternion::getIdentity(), btVector3(0.25f, 0, 0)),
                                        btTransform(btQuaternion::getIdentity(), btVector3(-0.25f, 0, 0))));
    six->setLinearLowerLimit(btVector3(-0.1f, 0, 1));   // x limited, y locked, z free (lower > upper)
    six->setLinearUpperLimit(btVector3(0.2f, 0, -1));
    six->setAngularLowerLimit(btVector3(0, -0.3f, 1));  // about x locked, y limited, z free
    six->setAngularUpperLimit(btVector3(0, 0.4f, -1));
    six->enableMotor(4, true);                          // angular y
    six->setTargetVelocity(4, 1.5f);
    six->setMaxMotorForce(4, 3.0f);
    btRigidBody* wheelA = box("wheelA", btVector3(0, 3, 12));
    btRigidBody* wheelB = box("wheelB", btVector3(1, 3, 12));
    w.constraint("axleA", new btHingeConstraint(*wheelA, btVector3(0, 0, 0), btVector3(0, 0, 1)));
    w.constraint("axleB", new btHingeConstraint(*wheelB, btVector3(0, 0, 0), btVector3(0, 0, -1)));
    w.constraint("mesh", new btGearConstraint(*wheelA, *wheelB, btVector3(0, 0, 1), btVector3(0, 0, -1), 2.0f));
    btRigidBody* torso = box("torso", btVector3(4, 3, 12));
    btRigidBody* upperArm = box("upper arm", btVector3(4.5f, 3, 12));
    w.constraint("shoulder", new btConeTwistConstraint(*torso, *upperArm,
                                                       btTransform(btQuaternion::getIdentity(), btVector3(0.25f, 0, 0)),
                                                       btTransform(btQuaternion::getIdentity(), btVector3(-0.25f, 0, 0))));
    return w.write(path);
}

/// (c) The catalogue's world: a hinged gate, a pendulum, a stack, a sliding drum, a hull, a
/// geared pair of wheels, and a cone Tumble cannot take, with a cone-twist joint it does not import.
bool writeCatalogue(const std::string& path) {
    GeneratedWorld w;
    w.body("ground", groundPlane(w), 0, btVector3(0, 0, 0));
    btRigidBody* post = w.body("post", w.shape(new btBoxShape(btVector3(0.1f, 1, 0.1f))), 0, btVector3(-3, 1, 0));
    btRigidBody* gate = w.body("gate", w.shape(new btBoxShape(btVector3(0.8f, 0.6f, 0.05f))), 4.0f, btVector3(-2.1f, 1.2f, 0));
    auto* hinge = w.constraint("gate hinge", new btHingeConstraint(*post, *gate, btVector3(0.1f, 0.2f, 0),
                                                                  btVector3(-0.8f, 0, 0), btVector3(0, 1, 0),
                                                                  btVector3(0, 1, 0)));
    hinge->setLimit(-1.2f, 1.2f);
    hinge->enableAngularMotor(true, 1.0f, 0.5f);
    btRigidBody* bob = w.body("bob", w.shape(new btSphereShape(0.3f)), 2.0f, btVector3(1.5f, 3, 0));
    w.constraint("pendulum pivot", new btPoint2PointConstraint(*bob, btVector3(-1.5f, 0, 0)));
    for (int i = 0; i < 3; ++i) {
        static const char* names[] = {"crate 1", "crate 2", "crate 3"};
        w.body(names[i], w.shape(new btBoxShape(btVector3(0.4f, 0.4f, 0.4f))), 1.0f,
               btVector3(3.5f, 0.4f + 0.8f * static_cast<float>(i), 0));
    }
    btRigidBody* drum = w.body("drum", w.shape(new btCylinderShape(btVector3(0.4f, 0.3f, 0.4f))), 3.0f, btVector3(0, 0.3f, 3));
    drum->setLinearVelocity(btVector3(1, 0, 0));
    const btScalar pyramid[] = {-0.4f, 0, -0.4f, 0.4f, 0, -0.4f, 0.4f, 0, 0.4f, -0.4f, 0, 0.4f, 0, 0.6f, 0};
    w.body("pyramid", w.shape(new btConvexHullShape(pyramid, 5, 3 * sizeof(btScalar))), 1.0f, btVector3(-1, 0.02f, 3));
    w.body("cone", w.shape(new btConeShape(0.3f, 0.6f)), 1.0f, btVector3(2, 0.3f, -2));
    // A motor turns a small wheel; a gear of ratio 2 turns the big one backwards at half speed.
    btRigidBody* driver = w.body("driver", w.shape(new btBoxShape(btVector3(0.3f, 0.3f, 0.05f))), 1.0f,
                                 btVector3(3, 2.5f, -2.2f));
    btRigidBody* wheel = w.body("wheel", w.shape(new btBoxShape(btVector3(0.6f, 0.6f, 0.05f))), 2.0f,
                                btVector3(4.4f, 2.5f, -1.8f));
    w.constraint("driver axle", new btHingeConstraint(*driver, btVector3(0, 0, 0), btVector3(0, 0, 1)))
        ->enableAngularMotor(true, 2.0f, 1.0f);
    w.constraint("wheel axle", new btHingeConstraint(*wheel, btVector3(0, 0, 0), btVector3(0, 0, 1)));
    w.constraint("gear", new btGearConstraint(*driver, *wheel, btVector3(0, 0, 1), btVector3(0, 0, 1), 2.0f));
    btRigidBody* torso = w.body("torso", w.shape(new btCapsuleShape(0.2f, 0.6f)), 2.0f, btVector3(-2, 0.5f, -2),
                                btQuaternion(btVector3(0, 0, 1), SIMD_HALF_PI));
    btRigidBody* limb = w.body("limb", w.shape(new btSphereShape(0.2f)), 1.0f, btVector3(-1.2f, 0.2f, -2));
    w.constraint("shoulder", new btConeTwistConstraint(*torso, *limb,
                                                       btTransform(btQuaternion::getIdentity(), btVector3(0, -0.6f, 0)),
                                                       btTransform(btQuaternion::getIdentity(), btVector3(-0.2f, 0, 0))));
    return w.write(path);
}

} // namespace

int main(int argc, char** argv) {
    if (argc != 3) {
        std::fprintf(stderr, "usage: %s DATA_DIR SCENES_DIR\n", argv[0]);
        return 2;
    }
    const std::string data = argv[1], scenes = argv[2];
    const bool ok = writeFalling(data + "/falling.bullet") && writeMixed(data + "/mixed.bullet") &&
                    writeCatalogue(scenes + "/imported-bullet-world.bullet");
    if (!ok) std::fprintf(stderr, "bullet_world_generator: cannot write into %s or %s\n", argv[1], argv[2]);
    return ok ? 0 : 1;
}
