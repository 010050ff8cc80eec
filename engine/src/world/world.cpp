// World: body bookkeeping and the step. The step reads like the algorithm in
// shared/ARCHITECTURE.md; each stage is timed into Profile.
#include "tumble/world.h"

#include "core/math.h"
#include "dynamics/integrator.h"
#include "dynamics/material_table.h"
#include "world/pipeline.h"
#include "world/timer.h"

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdio>
#include <cstring>
#include <stdexcept>

namespace tumble {

World::World(const Settings& settings)
    : settings_(settings), materials_(materialPresets()), pipeline_(std::make_unique<StepPipeline>()) {
    // Body's blocks of fields each fill one line of its slot (body.h): the header and the first
    // block, then a block a line from the angular velocity, the torque and the previous pose,
    // the cold fields from the layer on.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Winvalid-offsetof"
    static_assert(sizeof(Slot) == 448 && offsetof(Slot, body) == 8 &&
                  offsetof(Body, angularVelocity) == 56 && offsetof(Body, torque) == 120 &&
                  offsetof(Body, previousPosition) == 184 && offsetof(Body, layer) == 248);
#pragma GCC diagnostic pop
}
World::~World() = default;
World::World(World&&) noexcept = default;
World& World::operator=(World&&) noexcept = default;

// --- materials ------------------------------------------------------------------------------

int World::findMaterial(const std::string& name) const {
    for (size_t i = 0; i < materials_.size(); ++i)
        if (materials_[i].name == name) return static_cast<int>(i);
    return -1;
}

int World::setMaterial(const Material& m) {
    hasLastEnergy_ = false; // an edit, not the step, changes the energy
    int index = findMaterial(m.name);
    if (index < 0) {
        materials_.push_back(m);
        return static_cast<int>(materials_.size()) - 1;
    }
    materials_[index] = m;
    for (Slot& s : slots_)
        if (s.alive && s.body.material == index) updateMass(s.body);
    return index;
}

bool World::removeMaterial(int index, std::string* error) {
    auto fail = [&](const std::string& message) {
        if (error) *error = message;
        return false;
    };
    if (index < 0 || index >= static_cast<int>(materials_.size())) return fail("no such material");
    if (index < static_cast<int>(materialPresets().size())) return fail("presets cannot be removed");
    for (const Slot& s : slots_)
        if (s.alive && s.body.material == index)
            return fail("material '" + materials_[index].name + "' is used by body '" + s.body.name + "'");
    const std::string name = materials_[index].name;
    materials_.erase(materials_.begin() + index);
    for (Slot& s : slots_)
        if (s.alive && s.body.material > index) --s.body.material;
    std::erase_if(materialPairs_, [&](const MaterialPair& p) { return p.a == name || p.b == name; });
    return true;
}

World::PairValues World::pairValues(int a, int b) const {
    const Material& ma = materials_.at(a);
    const Material& mb = materials_.at(b);
    const MaterialPair* o = findOverride(materialPairs_, ma.name, mb.name);
    const PairMaterial c = o ? overrideCell(*o) : combinePair(ma, mb, settings_);
    return {c.restitution, c.staticFriction, c.dynamicFriction, c.rollingResistance, c.torsionalFriction, c.overridden};
}

void World::setPairOverride(const MaterialPair& pair) {
    clearPairOverride(pair.a, pair.b);
    materialPairs_.push_back(pair);
}

void World::clearPairOverride(const std::string& a, const std::string& b) {
    while (const MaterialPair* o = findOverride(materialPairs_, a, b))
        materialPairs_.erase(materialPairs_.begin() + (o - materialPairs_.data()));
}

// --- bodies ---------------------------------------------------------------------------------

void World::updateMass(Body& b) {
    const Material& m = materials_[b.material];
    MassProperties mp = computeMassProperties(b.shape, m.density);
    if (b.type == BodyType::Dynamic && mp.mass > 0.0f) {
        b.mass = mp.mass;
        b.invMass = 1.0f / mp.mass;
        b.localInertia = mp.inertia;
        b.localInvInertia = glm::inverse(mp.inertia);
    } else {
        // Static, kinematic, or massless (density 0): infinite mass, the solver needs no branch.
        b.mass = 0.0f;
        b.invMass = 0.0f;
        b.localInertia = glm::mat3(0.0f);
        b.localInvInertia = glm::mat3(0.0f);
    }
    b.worldInvInertia = rotateTensor(b.orientation, b.localInvInertia);
}

BodyId World::createBody(const BodyDef& def, std::string* error) {
    hasLastEnergy_ = false; // an edit, not the step, changes the energy
    auto fail = [&](const std::string& message) {
        if (error) *error = message;
        return kNullBody;
    };
    if (!isFinite(def.position) || !isFinite(def.linearVelocity) ||
        !isFinite(def.angularVelocity) || !isFinite(def.orientation))
        return fail("non-finite pose or velocity");
    float qlen = glm::length(def.orientation);
    if (!(qlen > 1e-6f)) return fail("orientation quaternion is zero");
    int material = findMaterial(def.material.empty() ? kDefaultMaterialName : def.material);
    if (material < 0) return fail("unknown material '" + def.material + "'");
    if (def.shape.type == ShapeType::Plane && def.type != BodyType::Static)
        return fail("a plane must be static");
    if (def.bullet && def.shape.type == ShapeType::Compound)
        return fail("a compound cannot be a bullet: continuous collision sweeps convex bodies only");
    if (isMeshType(def.shape.type) && def.type != BodyType::Static)
        return fail(std::string("a ") + std::string(toString(def.shape.type)) + " must be static");

    Shape shape;
    std::string shapeError;
    glm::vec3 com(0.0f);
    if (!buildShape(def.shape, shape, shapeError, &com)) return fail(shapeError);
    // A hull or compound was re-centred on its centre of mass; keep its parts where the user put them.
    const glm::vec3 position = def.position + glm::normalize(def.orientation) * com;

    uint32_t index;
    if (!freeSlots_.empty()) {
        index = freeSlots_.back();
        freeSlots_.pop_back();
    } else {
        index = static_cast<uint32_t>(slots_.size());
        slots_.emplace_back();
    }
    Slot& slot = slots_[index];
    slot.alive = true;
    Body& b = slot.body;
    b = Body{};
    b.name = def.name;
    b.type = def.type;
    b.shape = std::move(shape);
    b.material = material;
    b.position = position;
    b.orientation = def.orientation / qlen;
    if (def.type != BodyType::Static) {
        b.linearVelocity = def.linearVelocity;
        b.angularVelocity = def.angularVelocity;
    }
    b.gravityScale = def.gravityScale;
    b.linearDamping = def.linearDamping;
    b.angularDamping = def.angularDamping;
    b.layer = def.layer;
    b.mask = def.mask;
    b.bullet = def.bullet;
    b.sensor = def.sensor;
    b.previousPosition = b.position;
    b.previousOrientation = b.orientation;
    b.initialPosition = b.position;
    b.initialVelocity = b.linearVelocity;
    b.createdAtStep = stepCount_;
    updateMass(b);
    ++liveBodies_;
    return BodyId{index, slot.generation};
}

bool World::isValid(BodyId id) const {
    return id.index < slots_.size() && slots_[id.index].alive &&
           slots_[id.index].generation == id.generation;
}

bool World::destroyBody(BodyId id) {
    hasLastEnergy_ = false; // an edit, not the step, changes the energy
    if (!isValid(id)) return false;
    // Joints die with either of their bodies; a drag lets go.
    for (JointId j : jointsOf(id)) destroyJoint(j);
    if (drag_.body == id) stopDrag();
    if (pipeline_->broadphase) pipeline_->broadphase->remove(id.index);
    Slot& slot = slots_[id.index];
    // What rested on it falls: its island wakes. Its pairs and cached contacts go with it, so
    // nothing (a snapshot taken before the next step, the drawn pairs) names a dead slot.
    wake(slot.body);
    StepPipeline& p = *pipeline_;
    auto touches = [&](uint32_t a, uint32_t b) { return a == id.index || b == id.index; };
    std::erase_if(p.pairs, [&](const BodyPair& pr) { return touches(pr.a, pr.b); });
    size_t kept = 0;
    for (size_t i = 0; i < p.manifolds.size(); ++i) {
        if (touches(p.manifolds[i].bodyA.index, p.manifolds[i].bodyB.index)) continue;
        if (kept != i) {
            p.manifolds[kept] = p.manifolds[i];
            if (i < p.contactFigures.size()) p.contactFigures[kept] = p.contactFigures[i];
        }
        ++kept;
    }
    p.manifolds.resize(kept);
    p.touchingNowCurrent = false;
    if (p.contactFigures.size() > kept) p.contactFigures.resize(kept);
    slot.alive = false;
    ++slot.generation;
    slot.body = Body{};
    freeSlots_.push_back(id.index);
    --liveBodies_;
    return true;
}

const Body& World::body(BodyId id) const {
    if (!isValid(id)) throw std::invalid_argument("tumble: stale or null BodyId");
    return slots_[id.index].body;
}

Body& World::mutableBody(BodyId id) {
    if (!isValid(id)) throw std::invalid_argument("tumble: stale or null BodyId");
    return slots_[id.index].body;
}

std::vector<BodyId> World::bodyIds() const {
    std::vector<BodyId> ids;
    ids.reserve(liveBodies_);
    for (uint32_t i = 0; i < slots_.size(); ++i)
        if (slots_[i].alive) ids.push_back({i, slots_[i].generation});
    return ids;
}

BodyId World::findBody(const std::string& name) const {
    for (uint32_t i = 0; i < slots_.size(); ++i)
        if (slots_[i].alive && slots_[i].body.name == name) return {i, slots_[i].generation};
    return kNullBody;
}

void World::setPose(BodyId id, const glm::vec3& position, const glm::quat& orientation) {
    hasLastEnergy_ = false; // an edit, not the step, changes the energy
    Body& b = mutableBody(id);
    b.position = position;
    b.orientation = glm::normalize(orientation);
    b.previousPosition = b.position;
    b.previousOrientation = b.orientation;
    b.worldInvInertia = rotateTensor(b.orientation, b.localInvInertia);
    wake(b);
    // A moved body's pairs are measured afresh next step: its old manifolds describe where it
    // was, and a sleeping body it touched wakes (a pair kept asleep would outlive the move).
    for (ContactManifoldInfo& m : pipeline_->manifolds)
        if (m.bodyA.index == id.index || m.bodyB.index == id.index) {
            m.localNormalA = m.localNormalB = glm::vec3(0.0f);
            wake(slots_[m.bodyA.index].body);
            wake(slots_[m.bodyB.index].body);
        }
    if (pipeline_->broadphase && pipeline_->broadphase->has(id.index))
        pipeline_->broadphase->move(id.index, computeAabb(b.shape, b.position, b.orientation),
                                    glm::vec3(0.0f));
}

void World::setVelocity(BodyId id, const glm::vec3& linear, const glm::vec3& angular) {
    hasLastEnergy_ = false; // an edit, not the step, changes the energy
    Body& b = mutableBody(id);
    if (b.type == BodyType::Static) return;
    b.linearVelocity = linear;
    b.angularVelocity = angular;
    wake(b);
}

void World::applyForce(BodyId id, const glm::vec3& force, const glm::vec3& worldPoint) {
    Body& b = mutableBody(id);
    b.force += force;
    b.torque += glm::cross(worldPoint - b.position, force);
    wake(b);
}

void World::applyTorque(BodyId id, const glm::vec3& torque) {
    Body& b = mutableBody(id);
    b.torque += torque;
    wake(b);
}

void World::setBodyType(BodyId id, BodyType type) {
    hasLastEnergy_ = false; // an edit, not the step, changes the energy
    Body& b = mutableBody(id);
    // Planes, meshes and height fields have no mass: they stay static.
    if ((b.shape.type == ShapeType::Plane || isMeshType(b.shape.type)) && type != BodyType::Static) return;
    b.type = type;
    if (type == BodyType::Static) {
        b.linearVelocity = glm::vec3(0.0f);
        b.angularVelocity = glm::vec3(0.0f);
    }
    updateMass(b);
    // The broad phase learns the new motion class when the proxy is made again.
    if (pipeline_->broadphase) pipeline_->broadphase->remove(id.index);
    b.sleeping = false;
    b.sleepTime = 0.0f;
}

void World::setBodyMaterial(BodyId id, int material) {
    hasLastEnergy_ = false; // an edit, not the step, changes the energy
    if (material < 0 || material >= static_cast<int>(materials_.size())) return;
    Body& b = mutableBody(id);
    b.material = material;
    updateMass(b);
    wake(b);
}

void World::setGravityScale(BodyId id, float scale) {
    Body& b = mutableBody(id);
    if (std::isfinite(scale)) b.gravityScale = scale;
    wake(b);
}

void World::setDamping(BodyId id, float linear, float angular) {
    Body& b = mutableBody(id);
    if (std::isfinite(linear) && linear >= 0.0f) b.linearDamping = linear;
    if (std::isfinite(angular) && angular >= 0.0f) b.angularDamping = angular;
    wake(b);
}

void World::setLayers(BodyId id, uint32_t layer, uint32_t mask) {
    Body& b = mutableBody(id);
    b.layer = layer;
    b.mask = mask;
    wake(b);
}

void World::setBullet(BodyId id, bool bullet) {
    Body& b = mutableBody(id);
    if (bullet && b.shape.type == ShapeType::Compound) return; // only convex bodies are swept
    b.bullet = bullet;
    wake(b);
}

// --- the step -------------------------------------------------------------------------------

glm::vec3 World::acceleration(const Body& b, const glm::vec3& x) const {
    glm::vec3 a = settings_.gravity * b.gravityScale + b.force * b.invMass;
    for (const ForceField& f : forceFields_) {
        glm::vec3 d = f.position - x;
        float d2 = glm::dot(d, d);
        if (d2 > f.radius * f.radius || d2 == 0.0f) continue;
        // Inverse-square pull, softened inside 0.1 m so a body passing the centre stays finite.
        a += d * (f.strength / (std::max(d2, 0.01f) * std::sqrt(d2)));
    }
    return a;
}

void World::integrateVelocities(float dt, bool applyForces) {
    const Integrator integrator = settings_.integrator;
    // Velocity Verlet kicks half a step here and half after the drift.
    const float kick = integrator == Integrator::VelocityVerlet ? 0.5f * dt : dt;
    scratch_.resize(slots_.size());
    std::vector<StartVelocity>& start = pipeline_->start;
    start.resize(slots_.size());
    // Body by body, each writing only its own records: on the step's threads.
    forEachSlot([&](uint32_t i) {
        Slot& s = slots_[i];
        if (!s.alive) return;
        Body& b = s.body;
        b.previousPosition = b.position;
        b.previousOrientation = b.orientation;
        scratch_[i] = {};
        // Restitution and stick/slip read the velocities from before gravity.
        start[i] = {b.linearVelocity, b.angularVelocity};
        if (!applyForces || b.invMass == 0.0f || b.sleeping) return;
        glm::vec3 v0 = b.linearVelocity, w0 = b.angularVelocity;
        glm::vec3 v = v0 + kick * acceleration(b, b.position);
        glm::vec3 w = w0 + kick * (b.worldInvInertia * b.torque);
        w = gyroscopicStep(b, w, kick, settings_.gyroscopic);
        // Damping as an implicit decay: stable for any damping and dt.
        v *= 1.0f / (1.0f + dt * b.linearDamping);
        w *= 1.0f / (1.0f + dt * b.angularDamping);
        b.linearVelocity = v;
        b.angularVelocity = w;
        scratch_[i].forceDv = v - v0;
        scratch_[i].forceDw = w - w0;
    });
}

void World::integratePositions(float dt) {
    const Integrator integrator = settings_.integrator;
    forEachSlot([&](uint32_t i) {
        Slot& s = slots_[i];
        if (!s.alive) return;
        Body& b = s.body;
        if (b.type == BodyType::Static || b.sleeping) return;
        glm::vec3 v = b.linearVelocity, w = b.angularVelocity;
        if (settings_.solver.positionCorrection == PositionCorrection::SplitImpulse &&
            i < pipeline_->split.size()) {
            // The split-impulse pseudo-velocities move the body this step only.
            v += pipeline_->split[i].v;
            w += pipeline_->split[i].w;
        }
        if (integrator == Integrator::ExplicitEuler) {
            // Explicit Euler moves with the velocity the step started with; contact impulses
            // (everything but the force kick) still count so contacts hold.
            v -= scratch_[i].forceDv;
            w -= scratch_[i].forceDw;
        }
        integratePose(b, v, w, dt);
        if (integrator == Integrator::VelocityVerlet && b.invMass > 0.0f) {
            // Second half kick with the acceleration at the new position.
            b.linearVelocity += 0.5f * dt * acceleration(b, b.position);
            glm::vec3 w2 = b.angularVelocity + 0.5f * dt * (b.worldInvInertia * b.torque);
            b.angularVelocity = gyroscopicStep(b, w2, 0.5f * dt, settings_.gyroscopic);
        }
    });
}

void World::finishStep() {
    flags_ = StepFlags{};
    counters_.bodies = 0;
    counters_.awakeBodies = 0;
    for (uint32_t i = 0; i < slots_.size(); ++i) {
        Slot& s = slots_[i];
        if (!s.alive) continue;
        Body& b = s.body;
        b.force = glm::vec3(0.0f);
        b.torque = glm::vec3(0.0f);
        ++counters_.bodies;
        if (b.isDynamic() && !b.sleeping) ++counters_.awakeBodies;
        bool finite = isFinite(b.position) && isFinite(b.orientation) &&
                      isFinite(b.linearVelocity) && isFinite(b.angularVelocity);
        if (finite) continue;
        // Point at the body and freeze it at its last finite pose so the app can show it.
        flags_.nonFinite = true;
        addEvent(i, WorldEventKind::NonFinite,
                 !isFinite(b.linearVelocity) || !isFinite(b.angularVelocity) ? "non-finite velocity"
                                                                              : "non-finite pose");
        nonFinite_ = true;
        b.position = b.previousPosition;
        b.orientation = b.previousOrientation;
        b.linearVelocity = glm::vec3(0.0f);
        b.angularVelocity = glm::vec3(0.0f);
        b.worldInvInertia = rotateTensor(b.orientation, b.localInvInertia);
    }
    freezeEscapedBodies();
    watch();
}

void World::step() {
    profile_ = Profile{};
    ScopedTimer total(profile_.step);
    const float dt = settings_.timestep;
    if (!(dt > 0.0f)) return;
    // A changed setting wakes everything, so its effect is seen at once (the thread count
    // changes nothing but speed: it wakes nothing).
    if (pipeline_->hasLastSettings && !sameSimulation(pipeline_->lastSettings, settings_)) wakeAll();
    pipeline_->lastSettings = settings_;
    pipeline_->hasLastSettings = true;
    TaskSystem& tasks = pipeline_->tasks;
    ThreadChooser& chooser = pipeline_->threadChooser;
    const int cores = stepThreads(settings_);
    int threads = cores;
    if (settings_.threads == 0)
        threads = chooser.next(cores);
    else
        chooser.off();
    tasks.setThreads(cores);
    tasks.setAlone(threads == 1);
    tasks.resetBusy();
    const auto started = std::chrono::steady_clock::now();
    if (settings_.watchdog.enabled && !hasLastEnergy_) {
        // The watchdog's energy baseline: the state this step starts from.
        lastKinetic_ = lastKinetic2_ = kineticEnergy();
        lastEnergy_ = lastEnergy2_ = lastKinetic_ + potentialEnergy();
        hasLastEnergy_ = true;
    }
    // A method that sub-steps integrates inside its solve; the world's own integration
    // stages then only remember where the step started.
    const SolverMethodInfo& method = solverMethodOrDefault(settings_.solver.method);
    {
        ScopedTimer t(profile_.integrateVelocities);
        integrateVelocities(dt, !method.integrates);
    }
    // The probe and the trace are emptied every step, so neither is ever shown for a step it
    // does not belong to.
    forgetInsideViews();
    pipeline_->trace.step = stepCount_ + 1;
    pipeline_->trace.method = method.name;
    updateContacts(); // collide: times its broad and narrow phase itself
    if (pipeline_->traceOn) {
        int touching = 0;
        for (const ContactManifoldInfo& m : pipeline_->manifolds) touching += m.pointCount > 0 ? 1 : 0;
        traceStage(TraceStage::BroadPhase, static_cast<int>(pipeline_->pairs.size()));
        traceStage(TraceStage::NarrowPhase, touching);
    }
    {
        ScopedTimer t(profile_.solve);
        solve(dt, method);
    }
    if (!method.integrates) {
        {
            ScopedTimer t(profile_.integratePositions);
            integratePositions(dt);
            bounceLandedContacts();
        }
        traceStage(TraceStage::IntegratePositions, 0);
        {
            ScopedTimer t(profile_.correctPositions);
            correctPositions(dt);
            correctJointPositions(dt);
        }
        const bool ngs = settings_.solver.positionCorrection == PositionCorrection::NonlinearGaussSeidel;
        traceStage(TraceStage::CorrectPositions, ngs ? settings_.solver.positionIterations : 0);
    }
    {
        ScopedTimer t(profile_.continuous);
        continuousCollision();
    }
    measureHingeAngles();
    traceStage(TraceStage::Continuous, counters_.bulletImpacts);
    {
        ScopedTimer t(profile_.sleep);
        updateSleep(dt);
    }
    traceStage(TraceStage::Sleep, counters_.islands);
    ++stepCount_;
    simulatedTime_ += dt;
    recordContactEvents();
    const std::vector<int64_t> busy = tasks.busyNanoseconds();
    profile_.threads = static_cast<int>(busy.size());
    for (size_t i = 0; i < busy.size(); ++i)
        profile_.threadBusy[std::min(i, profile_.threadBusy.size() - 1)] += static_cast<float>(busy[i] * 1e-6);
    {
        ScopedTimer t(profile_.watchdog);
        finishStep();
    }
    if (settings_.threads == 0)
        chooser.record(threads, std::chrono::duration<float, std::milli>(
                                    std::chrono::steady_clock::now() - started)
                                    .count());
}

const ThreadChoice& World::threadChoice() const {
    return pipeline_->threadChooser.choice();
}

// --- measurements ---------------------------------------------------------------------------

double World::kineticEnergy() const {
    double e = 0.0;
    for (const Slot& s : slots_) {
        if (!s.alive || s.body.invMass == 0.0f) continue;
        const Body& b = s.body;
        glm::vec3 wb = glm::conjugate(b.orientation) * b.angularVelocity;
        e += 0.5 * b.mass * glm::dot(b.linearVelocity, b.linearVelocity);
        e += 0.5 * glm::dot(wb, b.localInertia * wb);
    }
    return e;
}

double World::potentialEnergy() const {
    double e = 0.0;
    for (const Slot& s : slots_) {
        if (!s.alive || s.body.invMass == 0.0f) continue;
        const Body& b = s.body;
        e -= b.mass * glm::dot(settings_.gravity * b.gravityScale, b.position);
        for (const ForceField& f : forceFields_) {
            float d = glm::length(f.position - b.position);
            if (d <= f.radius) e -= b.mass * f.strength / std::max(d, 0.1f);
        }
    }
    return e;
}

glm::vec3 World::linearMomentum() const {
    glm::vec3 p(0.0f);
    for (const Slot& s : slots_)
        if (s.alive) p += s.body.mass * s.body.linearVelocity;
    return p;
}

glm::vec3 World::angularMomentum() const {
    glm::vec3 L(0.0f);
    for (const Slot& s : slots_) {
        if (!s.alive || s.body.invMass == 0.0f) continue;
        const Body& b = s.body;
        glm::vec3 wb = glm::conjugate(b.orientation) * b.angularVelocity;
        L += b.orientation * (b.localInertia * wb);
        L += b.mass * glm::cross(b.position, b.linearVelocity);
    }
    return L;
}

} // namespace tumble
