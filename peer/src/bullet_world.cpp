// The peer world: a btDiscreteDynamicsWorld built from a live Tumble world (bullet_world.h).
#include "tumble/bullet_world.h"

#include "bullet_convert.h"
#include "bullet_joints.h"
#include "bullet_settings.h"
#include "bullet_shapes.h"
#include "pair_material_solver.h"

#include <btBulletDynamicsCommon.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <utility>

namespace tumble {

using namespace peer;

namespace {

/// One body: its Bullet record and what reading it back in Tumble's terms needs.
struct PeerBody {
    std::string name;
    PeerShape shape;
    std::unique_ptr<btRigidBody> body;
    float mass = 0.0f;               ///< kg, 0 unless dynamic
    float gravityScale = 1.0f;
    bool kinematic = false;
    glm::vec3 kinematicVelocity{0.0f};   ///< m/s, a kinematic body keeps Tumble's velocities
    glm::vec3 kinematicSpin{0.0f};       ///< rad/s
};

/// Tumble damps v *= 1 / (1 + dt c) per step, Bullet v *= (1 - c')^dt: the c' that damps the
/// same per step of dt.
float bulletDamping(float c, float dt) {
    if (c <= 0.0f) return 0.0f;
    return std::clamp(1.0f - std::pow(1.0f + dt * c, -1.0f / dt), 0.0f, 1.0f);
}

/// Bullet's rigid-body flags for the gyroscopic term (Bullet's own default is implicit).
int gyroscopicFlags(Gyroscopic g) {
    switch (g) {
    case Gyroscopic::None: return 0;
    case Gyroscopic::Explicit: return BT_ENABLE_GYROSCOPIC_FORCE_EXPLICIT;
    case Gyroscopic::Implicit: return BT_ENABLE_GYROSCOPIC_FORCE_IMPLICIT_BODY;
    }
    return 0;
}

/// A radius that fits inside the shape: the swept sphere of continuous collision.
float innerRadius(const Shape& s) {
    switch (s.type) {
    case ShapeType::Sphere:
    case ShapeType::Capsule: return s.radius;
    case ShapeType::Box: return std::min({s.halfExtents.x, s.halfExtents.y, s.halfExtents.z});
    case ShapeType::Hull: {
        float r = 1e30f;
        for (const ConvexHull::Face& f : s.hull->faces) r = std::min(r, std::fabs(f.offset));
        return r;
    }
    default: return 0.0f;
    }
}

std::string label(const std::string& name, const char* kind, size_t index) {
    return name.empty() ? std::string(kind) + "[" + std::to_string(index) + "]" : name;
}

} // namespace

struct BulletWorld::Inside {
    btDefaultCollisionConfiguration config;
    btCollisionDispatcher dispatcher{&config};
    btDbvtBroadphase broadphase;
    PairMaterialSolver solver;
    btDiscreteDynamicsWorld world{&dispatcher, &broadphase, &solver, &config};
    /// The static end of joints to the world (never added to the world, like Bullet's own
    /// btTypedConstraint::getFixedBody()).
    btRigidBody anchor{btRigidBody::btRigidBodyConstructionInfo(0.0f, nullptr, nullptr)};
    std::vector<PeerBody> bodies;
    std::vector<std::unique_ptr<btTypedConstraint>> joints;
    std::vector<ForceField> fields;
    glm::vec3 gravity{0.0f};
    float dt = 1.0f / 60.0f;

    ~Inside() {
        for (auto& j : joints) world.removeConstraint(j.get());
        for (PeerBody& b : bodies) world.removeRigidBody(b.body.get());
    }

    void addBodies(const World& source, std::vector<std::string>& unmapped);
    void addMaterials(const World& source, std::vector<std::string>& unmapped);
    void addJoints(const World& source, std::vector<std::string>& unmapped);
};

void BulletWorld::Inside::addBodies(const World& source, std::vector<std::string>& unmapped) {
    const Settings& s = source.settings();
    int hulls = 0;
    float hullMargin = 0.0f;
    for (BodyId id : source.bodyIds()) {
        const Body& b = source.body(id);
        PeerBody p;
        p.name = b.name;
        p.shape = makeShape(b);
        if (p.shape.hullMargin >= 0.0f) ++hulls, hullMargin = std::max(hullMargin, p.shape.hullMargin);
        p.kinematic = b.type == BodyType::Kinematic;
        p.mass = b.isDynamic() ? b.mass : 0.0f;
        p.gravityScale = b.gravityScale;
        if (b.isDynamic() && !(b.mass > 0.0f))
            note(unmapped, "body '%s': dynamic without mass (density 0); Bullet holds it static",
                 b.name.c_str());

        btRigidBody::btRigidBodyConstructionInfo ci(p.mass, nullptr, p.shape.shape.get(),
                                                    toBt(p.shape.inertia));
        ci.m_startWorldTransform = frame(b.orientation * p.shape.principal, b.position);
        ci.m_linearDamping = bulletDamping(b.linearDamping, dt);
        ci.m_angularDamping = bulletDamping(b.angularDamping, dt);
        ci.m_linearSleepingThreshold = s.sleep.linearThreshold;
        ci.m_angularSleepingThreshold = s.sleep.angularThreshold;
        p.body = std::make_unique<btRigidBody>(ci);
        btRigidBody& rb = *p.body;
        rb.setUserIndex(b.material);
        rb.setFlags((rb.getFlags() & ~(BT_ENABLE_GYROSCOPIC_FORCE_EXPLICIT |
                                       BT_ENABLE_GYROSCOPIC_FORCE_IMPLICIT_WORLD |
                                       BT_ENABLE_GYROSCOPIC_FORCE_IMPLICIT_BODY)) |
                    BT_DISABLE_WORLD_GRAVITY | gyroscopicFlags(s.gyroscopic));
        if (p.kinematic) {
            rb.setCollisionFlags(rb.getCollisionFlags() | btCollisionObject::CF_KINEMATIC_OBJECT);
            p.kinematicVelocity = b.linearVelocity;
            p.kinematicSpin = b.angularVelocity;
        }
        if (p.kinematic || !s.sleep.enabled)
            rb.setActivationState(DISABLE_DEACTIVATION);
        else if (b.sleeping)
            rb.setActivationState(ISLAND_SLEEPING);
        // A sensor: Bullet finds its pairs but gives them no contact response, as Tumble does.
        if (b.sensor)
            rb.setCollisionFlags(rb.getCollisionFlags() | btCollisionObject::CF_NO_CONTACT_RESPONSE);
        if (b.bullet) {
            const float r = innerRadius(b.shape);
            rb.setCcdMotionThreshold(r);
            rb.setCcdSweptSphereRadius(0.9f * r);
        }
        // Same rule as Tumble's pair filter: (a.mask & b.layer) && (b.mask & a.layer).
        world.addRigidBody(&rb, static_cast<int>(b.layer), static_cast<int>(b.mask));
        rb.setGravity(toBt(gravity * b.gravityScale));
        rb.setLinearVelocity(toBt(b.linearVelocity));
        rb.setAngularVelocity(toBt(b.angularVelocity));
        bodies.push_back(std::move(p));
    }
    if (hulls > 0)
        note(unmapped, "%d hull bod%s: Bullet rounds a hull's edges and corners by its collision "
                       "margin (up to %.3g m; the faces stay where Tumble has them)",
             hulls, hulls == 1 ? "y" : "ies", static_cast<double>(hullMargin));
}

void BulletWorld::Inside::addMaterials(const World& source, std::vector<std::string>& unmapped) {
    const int n = static_cast<int>(source.materials().size());
    std::vector<PairMaterialSolver::Cell> cells(static_cast<size_t>(n) * n);
    for (int i = 0; i < n; ++i)
        for (int k = 0; k < n; ++k) {
            const World::PairValues v = source.pairValues(i, k);
            cells[static_cast<size_t>(i) * n + k] = {v.dynamicFriction, v.restitution};
        }
    solver.setTable(n, std::move(cells));
    // Bullet has one friction coefficient: a pair that meets with different static and
    // dynamic values gets the dynamic one (what a slide feels).
    // Only pairs that can meet: materials of bodies present, one of them on a dynamic body.
    std::set<int> used, moving;
    for (BodyId id : source.bodyIds()) {
        const Body& b = source.body(id);
        used.insert(b.material);
        if (b.isDynamic()) moving.insert(b.material);
    }
    for (int i : used)
        for (int k : used) {
            if (k < i || (!moving.count(i) && !moving.count(k))) continue;
            const World::PairValues v = source.pairValues(i, k);
            if (v.staticFriction != v.dynamicFriction)
                note(unmapped, "materials %s / %s: Bullet has one friction coefficient; the "
                               "dynamic %.3g is used (Tumble's static is %.3g)",
                     source.materials()[i].name.c_str(), source.materials()[k].name.c_str(),
                     static_cast<double>(v.dynamicFriction), static_cast<double>(v.staticFriction));
        }
}

void BulletWorld::Inside::addJoints(const World& source, std::vector<std::string>& unmapped) {
    // Slot index -> ordinal.
    std::vector<int> ordinal;
    const std::vector<BodyId> ids = source.bodyIds();
    for (size_t i = 0; i < ids.size(); ++i) {
        if (ordinal.size() <= ids[i].index) ordinal.resize(ids[i].index + 1, -1);
        ordinal[ids[i].index] = static_cast<int>(i);
    }
    auto end = [&](BodyId id) {
        if (id.isNull()) return JointEnd{&anchor, glm::quat(1.0f, 0.0f, 0.0f, 0.0f)};
        const PeerBody& p = bodies[ordinal[id.index]];
        return JointEnd{p.body.get(), p.shape.principal};
    };
    const std::vector<JointId> jointIds = source.jointIds();
    for (size_t i = 0; i < jointIds.size(); ++i) {
        const JointInfo& j = source.joint(jointIds[i]);
        const std::string name = label(j.def.name, "joints", i);
        if (j.broken) {
            note(unmapped, "joint '%s' is broken in Tumble; left out", name.c_str());
            continue;
        }
        auto c = makeJoint(j, name, end(j.def.bodyA), end(j.def.bodyB), dt, unmapped);
        if (!c) continue;
        world.addConstraint(c.get(), !j.def.collideConnected);
        joints.push_back(std::move(c));
    }
    if (!joints.empty())
        note(unmapped, "joints: Bullet removes joint drift with Baumgarte (erp %.2g) instead of "
                       "Tumble's position passes",
             static_cast<double>(world.getSolverInfo().m_erp));
}

BulletWorld::BulletWorld(const World& source, PeerTuning tuning) : in_(std::make_unique<Inside>()) {
    const Settings& s = source.settings();
    in_->gravity = s.gravity;
    in_->dt = s.timestep;
    in_->fields = source.forceFields();
    // Contacts against planes and between convex shapes: a full manifold on first touch
    // (points found by perturbing the pose), as Tumble's clipping gives, rather than one new
    // point per step.
    in_->config.setPlaneConvexMultipointIterations();
    in_->config.setConvexConvexMultipointIterations();
    in_->world.setGravity(toBt(s.gravity));
    mapSolverSettings(s, tuning, in_->world.getSolverInfo(), unmapped_);
    if (s.sleep.enabled && s.sleep.timeToSleep != gDeactivationTime)
        note(unmapped_, "sleep.timeToSleep %.3g s: Bullet's is process-wide (gDeactivationTime, "
                        "%.3g s) and is left alone",
             static_cast<double>(s.sleep.timeToSleep), static_cast<double>(gDeactivationTime));
    in_->addBodies(source, unmapped_);
    in_->addMaterials(source, unmapped_);
    in_->addJoints(source, unmapped_);
    for (size_t i = 0; i < in_->fields.size(); ++i) {
        const ForceField& f = in_->fields[i];
        note(unmapped_, "forceFields[%zu] (attractor at [%g, %g, %g], strength %g): Bullet has no "
                        "force fields; bodies feel gravity only",
             i, static_cast<double>(f.position.x), static_cast<double>(f.position.y),
             static_cast<double>(f.position.z), static_cast<double>(f.strength));
    }
    if (!source.dragBody().isNull())
        note(unmapped_, "the mouse drag on body '%s' is not carried over",
             source.body(source.dragBody()).name.c_str());
}

BulletWorld::~BulletWorld() = default;

std::string_view BulletWorld::name() { return "Bullet"; }

std::string BulletWorld::version() {
    const int v = btGetVersion();
    return std::to_string(v / 100) + "." + std::to_string(v % 100);
}

float BulletWorld::timestep() const { return in_->dt; }

void BulletWorld::step() {
    // A kinematic body moves by its own velocity: Bullet reads its next pose before the step
    // (saveKinematicState) and derives the velocity from the move, so it collides where
    // Tumble's kinematic body ends the step, and both report the same pose after it.
    for (PeerBody& p : in_->bodies) {
        if (!p.kinematic) continue;
        btTransform next;
        btTransformUtil::integrateTransform(p.body->getWorldTransform(), toBt(p.kinematicVelocity),
                                            toBt(p.kinematicSpin), in_->dt, next);
        p.body->setWorldTransform(next);
    }
    // One step of exactly dt: the accumulator holds dt and gives it all back, so there is no
    // interpolated remainder.
    in_->world.stepSimulation(in_->dt, 1, in_->dt);
    ++steps_;
}

int BulletWorld::bodyCount() const { return static_cast<int>(in_->bodies.size()); }

const std::string& BulletWorld::bodyName(int i) const { return in_->bodies.at(i).name; }

glm::vec3 BulletWorld::position(int i) const {
    return toGlm(in_->bodies.at(i).body->getWorldTransform().getOrigin());
}

glm::quat BulletWorld::orientation(int i) const {
    const PeerBody& p = in_->bodies.at(i);
    return glm::normalize(toGlm(p.body->getWorldTransform().getRotation()) *
                          glm::conjugate(p.shape.principal));
}

glm::vec3 BulletWorld::linearVelocity(int i) const {
    return toGlm(in_->bodies.at(i).body->getLinearVelocity());
}

glm::vec3 BulletWorld::angularVelocity(int i) const {
    return toGlm(in_->bodies.at(i).body->getAngularVelocity());
}

std::vector<glm::vec3> BulletWorld::positions() const {
    std::vector<glm::vec3> out;
    out.reserve(in_->bodies.size());
    for (const PeerBody& p : in_->bodies) out.push_back(toGlm(p.body->getWorldTransform().getOrigin()));
    return out;
}

double BulletWorld::kineticEnergy() const {
    double e = 0.0;
    for (const PeerBody& p : in_->bodies) {
        if (p.mass <= 0.0f) continue;
        const glm::vec3 v = toGlm(p.body->getLinearVelocity());
        // The spin in Bullet's body frame, where the inertia is diagonal.
        const btVector3 wb = p.body->getAngularVelocity() * p.body->getWorldTransform().getBasis();
        const glm::vec3& I = p.shape.inertia;
        e += 0.5 * p.mass * glm::dot(v, v);
        e += 0.5 * (I.x * wb.x() * wb.x() + I.y * wb.y() * wb.y() + I.z * wb.z() * wb.z());
    }
    return e;
}

double BulletWorld::potentialEnergy() const {
    double e = 0.0;
    for (const PeerBody& p : in_->bodies) {
        if (p.mass <= 0.0f) continue;
        const glm::vec3 x = toGlm(p.body->getWorldTransform().getOrigin());
        e -= p.mass * glm::dot(in_->gravity * p.gravityScale, x);
        for (const ForceField& f : in_->fields) {
            const float d = glm::length(f.position - x);
            if (d <= f.radius) e -= p.mass * f.strength / std::max(d, 0.1f);
        }
    }
    return e;
}


} // namespace tumble
