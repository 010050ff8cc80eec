// The collision stages of World::step (broad phase, narrow phase with the contact cache),
// position correction, islands and sleep. The solve itself is world_solve.cpp.
#include "tumble/world.h"

#include "collision/narrowphase.h"
#include "core/math.h"
#include "tumble/solver_methods.h"
#include "world/pipeline.h"
#include "world/timer.h"

#include <algorithm>
#include <cmath>
#include <optional>

namespace tumble {
namespace {

// Fat-box margin of the broad phase (m): large enough that a pair within the contact margin
// is always reported, small enough that few far pairs reach the narrow phase.
float broadphaseMargin(const Settings& s) { return std::max(0.05f, s.contactMargin); }

} // namespace

void World::updateContacts() {
    StepPipeline& p = *pipeline_;
    const float dt = settings_.timestep;

    // Broad phase: keep it in sync with the bodies, switch algorithm live.
    auto broadTimer = std::make_optional<ScopedTimer>(profile_.broadphase);
    float margin = broadphaseMargin(settings_);
    if (!p.broadphase || p.broadphase->type() != settings_.broadphase ||
        p.broadphase->margin() != margin) {
        p.broadphase = p.broadphase ? rebuildBroadphase(*p.broadphase, settings_.broadphase, margin)
                                    : makeBroadphase(settings_.broadphase, margin);
    }
    Broadphase& bp = *p.broadphase;
    // The bodies' boxes on the step's threads (a hull's or a mesh's is a walk over its
    // points), then the broad phase's own update, serial.
    p.boxes.resize(slots_.size());
    forEachSlot([&](uint32_t i) {
        const Body& b = slots_[i].body;
        if (!slots_[i].alive) return;
        Aabb& box = p.boxes[i];
        box = computeAabb(b.shape, b.position, b.orientation);
        if (b.bullet) {
            // Swept box: a fast body finds what lies along this step's path.
            glm::vec3 d = b.linearVelocity * dt;
            box.min = glm::min(box.min, box.min + d);
            box.max = glm::max(box.max, box.max + d);
        }
    });
    for (uint32_t i = 0; i < slots_.size(); ++i) {
        const Slot& s = slots_[i];
        if (!s.alive) continue;
        const Body& b = s.body;
        const Aabb& box = p.boxes[i];
        if (!bp.has(i)) {
            // Only static bodies count as never moving: kinematic ones move and wake what they touch.
            ProxyDef def{b.layer, b.mask, b.type == BodyType::Static, b.sleeping};
            bp.add(i, box, def);
            continue;
        }
        const BroadphaseProxy& proxy = bp.proxy(i);
        if (proxy.sleeping != b.sleeping) bp.setSleeping(i, b.sleeping);
        if (proxy.layer != b.layer || proxy.mask != b.mask) bp.setLayers(i, b.layer, b.mask);
        if (b.type != BodyType::Static && !b.sleeping)
            bp.move(i, box, b.position - b.previousPosition);
    }
    PairFilter filter;
    if (noCollideStale_) rebuildNoCollidePairs();
    if (!noCollidePairs_.empty())
        filter.shouldCollide = [this](uint32_t a, uint32_t b) { return jointsAllowCollision(a, b); };
    bp.setTasks(&p.tasks);
    bp.findPairs(filter, p.pairs, p.broadphaseStats);
    broadTimer.reset();
    ScopedTimer narrowTimer(profile_.narrowphase);

    narrowPhase();
    counters_.pairsTested = static_cast<int>(p.broadphaseStats.pairsTested);

    // A sleeping body touched by an awake one wakes, with its whole sleeping island.
    for (const ContactManifoldInfo& m : p.manifolds) {
        if (m.pointCount == 0) continue;
        Body& a = slots_[m.bodyA.index].body;
        Body& b = slots_[m.bodyB.index].body;
        bool aAwake = a.isDynamic() && !a.sleeping, bAwake = b.isDynamic() && !b.sleeping;
        bool aKinematicMoving = a.type == BodyType::Kinematic;
        bool bKinematicMoving = b.type == BodyType::Kinematic;
        if (b.sleeping && (aAwake || aKinematicMoving)) wake(b);
        if (a.sleeping && (bAwake || bKinematicMoving)) wake(a);
    }
    // A pair kept asleep whose bodies were just woken is solved this step as it was kept:
    // the bodies have not moved since it was measured.
    countSleepingContacts();
}

bool World::keptAsleep(const ContactManifoldInfo& m) const {
    return m.pointCount > 0 && pairAsleep(m.bodyA, m.bodyB);
}

bool World::pairAsleep(BodyId a, BodyId b) const {
    if (a.index >= slots_.size() || b.index >= slots_.size()) return false;
    const Slot& sa = slots_[a.index];
    const Slot& sb = slots_[b.index];
    if (!sa.alive || !sb.alive || sa.generation != a.generation || sb.generation != b.generation)
        return false;
    auto still = [](const Body& body) { return body.type == BodyType::Static || (body.isDynamic() && body.sleeping); };
    return still(sa.body) && still(sb.body) && (sa.body.sleeping || sb.body.sleeping);
}

void World::countSleepingContacts() {
    counters_.sleepingPairs = 0;
    counters_.sleepingContacts = 0;
    for (ContactManifoldInfo& m : pipeline_->manifolds) {
        m.sleeping = keptAsleep(m);
        if (!m.sleeping) continue;
        ++counters_.sleepingPairs;
        counters_.sleepingContacts += m.pointCount;
    }
}

void World::wake(Body& b) {
    if (!b.sleeping) return;
    // Wake every body that fell asleep in the same island; one frozen outside the world
    // bounds stays frozen (freezeEscapedBodies).
    uint32_t island = b.sleepIsland;
    for (Slot& s : slots_) {
        if (!s.alive || !s.body.sleeping || s.body.sleepIsland != island || escaped(s.body)) continue;
        s.body.sleeping = false;
        s.body.sleepTime = 0.0f;
    }
}

void World::wakeAll() {
    for (Slot& s : slots_) {
        if (s.alive && escaped(s.body)) continue;
        s.body.sleeping = false;
        s.body.sleepTime = 0.0f;
    }
}

void World::correctPositions(float dt) {
    StepPipeline& p = *pipeline_;
    const SolverSettings& ss = settings_.solver;
    if (ss.positionCorrection != PositionCorrection::NonlinearGaussSeidel) return;
    StepContext ctx;
    ctx.dt = dt;
    ctx.invDt = 1.0f / dt;
    ctx.erp = ss.erp;
    ctx.slop = ss.slop;
    ctx.maxCorrectionVelocity = ss.maxCorrectionVelocity;
    p.poses.resize(slots_.size());
    for (uint32_t i = 0; i < slots_.size(); ++i) {
        const Slot& s = slots_[i];
        SolverPose& pose = p.poses[i];
        pose = SolverPose{};
        if (!s.alive) continue;
        pose.x = s.body.position;
        pose.q = s.body.orientation;
        if (!s.body.sleeping) {
            pose.invMass = s.body.invMass;
            pose.localInvI = s.body.localInvInertia;
        }
    }
    float deepest = 0.0f;
    for (int it = 0; it < ss.positionIterations; ++it)
        deepest = solvePositionsNGS(p.manifolds, p.contactFigures, p.poses, ctx);
    p.solverStats.deepestAfter = deepest;
    for (uint32_t i = 0; i < slots_.size(); ++i) {
        Slot& s = slots_[i];
        if (!s.alive || s.body.invMass == 0.0f || s.body.sleeping) continue;
        s.body.position = p.poses[i].x;
        s.body.orientation = p.poses[i].q;
        s.body.worldInvInertia = rotateTensor(s.body.orientation, s.body.localInvInertia);
    }
}

void World::updateSleep(float dt) {
    StepPipeline& p = *pipeline_;
    const SleepSettings& sl = settings_.sleep;
    p.islands.reset(slots_.size());
    for (const ContactManifoldInfo& m : p.manifolds) {
        if (m.pointCount == 0) continue;
        const Body& a = slots_[m.bodyA.index].body;
        const Body& b = slots_[m.bodyB.index].body;
        if (a.isDynamic() && b.isDynamic()) p.islands.link(m.bodyA.index, m.bodyB.index);
    }
    // Jointed bodies share an island: they sleep and wake together.
    for (const JointSlot& j : joints_) {
        if (!j.alive || j.info.broken || j.info.def.bodyA.isNull()) continue;
        const Body& a = slots_[j.info.def.bodyA.index].body;
        const Body& b = slots_[j.info.def.bodyB.index].body;
        if (a.isDynamic() && b.isDynamic()) p.islands.link(j.info.def.bodyA.index, j.info.def.bodyB.index);
    }
    // Per island: the shortest time any of its bodies has been still.
    std::vector<float>& minSleep = p.islandMinSleep;
    minSleep.assign(slots_.size(), 1e30f);
    std::vector<uint32_t> dynamicBodies;
    for (uint32_t i = 0; i < slots_.size(); ++i) {
        Slot& s = slots_[i];
        if (!s.alive || !s.body.isDynamic()) continue;
        Body& b = s.body;
        dynamicBodies.push_back(i);
        if (!b.sleeping) {
            bool still = glm::length(b.linearVelocity) < sl.linearThreshold &&
                         glm::length(b.angularVelocity) < sl.angularThreshold;
            b.sleepTime = still ? b.sleepTime + dt : 0.0f;
        }
        uint32_t root = p.islands.find(i);
        float t = b.sleeping ? 1e30f : b.sleepTime;
        minSleep[root] = std::min(minSleep[root], t);
    }
    counters_.islands = p.islands.count(dynamicBodies);
    p.islandOf.assign(slots_.size(), -1);
    for (uint32_t i : dynamicBodies) p.islandOf[i] = static_cast<int>(p.islands.find(i));
    if (!sl.enabled) return;
    keepCorrectingAwake(minSleep);
    for (uint32_t i : dynamicBodies) {
        Body& b = slots_[i].body;
        if (b.sleeping) continue;
        uint32_t root = p.islands.find(i);
        if (minSleep[root] < sl.timeToSleep) continue;
        b.sleeping = true;
        b.sleepIsland = root;
        b.linearVelocity = glm::vec3(0.0f);
        b.angularVelocity = glm::vec3(0.0f);
    }
    // The pairs of bodies that fell asleep just now show as asleep from now on.
    countSleepingContacts();
}

void World::keepCorrectingAwake(std::vector<float>& minSleep) {
    // An island with a correction pending stays awake: a point deeper than the slop is still
    // being pushed out by the position correction, which moves nothing once the bodies sleep,
    // so sleeping now would freeze the overlap short of the slop for good. Pending means
    // deeper than the slop by more than 10 um (what a float position of some metres still
    // resolves well): the push-out shrinks the excess by a share erp each step, so a box 2 x
    // slop deep gets there in ln(slop / 10 um) / erp steps (31 at erp 0.2, 2 s at erp 0.05)
    // rather than never. Only the methods that leave
    // integration to the world correct this way; with correction off nothing is pending.
    const SolverSettings& ss = settings_.solver;
    const bool corrects = ss.positionCorrection != PositionCorrection::None && ss.erp > 0.0f &&
                          ss.maxCorrectionVelocity > 0.0f &&
                          !solverMethodOrDefault(ss.method).integrates;
    if (!corrects) return;
    StepPipeline& p = *pipeline_;
    const float pending = -(ss.slop + 1e-5f);
    for (const ContactManifoldInfo& m : p.manifolds) {
        if (m.sleeping) continue;
        float deepest = 0.0f;
        for (int k = 0; k < m.pointCount; ++k) deepest = std::min(deepest, m.points[k].separation);
        if (deepest >= pending) continue;
        // Islands join dynamic bodies only: the dynamic side names the island.
        const uint32_t i = slots_[m.bodyA.index].body.isDynamic() ? m.bodyA.index : m.bodyB.index;
        if (!slots_[i].body.isDynamic()) continue;
        minSleep[p.islands.find(i)] = 0.0f;
    }
}

const std::vector<ContactManifoldInfo>& World::contacts() const { return pipeline_->manifolds; }
const std::vector<ContactManifoldFigures>& World::contactFigures() const {
    return pipeline_->contactFigures;
}

void World::clearContactCache() {
    // The broad phase keeps its proxies: the same pairs come back next step, each measured
    // afresh and inheriting nothing (updateContacts finds no previous manifold to match).
    StepPipeline& p = *pipeline_;
    p.manifolds.clear();
    p.previous.clear();
    p.touchingNowCurrent = false;
    p.contactFigures.clear();
    p.contactEvents.clear();
    forgetInsideViews();
    wakeAll();
}

std::vector<std::pair<BodyId, BodyId>> World::broadphasePairs() const {
    std::vector<std::pair<BodyId, BodyId>> out;
    for (const BodyPair& pr : pipeline_->pairs)
        out.push_back({{pr.a, slots_[pr.a].generation}, {pr.b, slots_[pr.b].generation}});
    return out;
}

const DispatchCounts& World::dispatchCounts() const { return pipeline_->dispatch; }
const SolverStats& World::solverStats() const { return pipeline_->solverStats; }

int World::islandOf(BodyId id) const {
    if (!isValid(id) || id.index >= pipeline_->islandOf.size()) return -1;
    return pipeline_->islandOf[id.index];
}

void World::visitBroadphase(const std::function<void(const Aabb&, int)>& visit) const {
    if (!pipeline_->broadphase) return;
    pipeline_->broadphase->walk([&](const BroadphaseNode& n) { visit(n.box, n.depth); });
}

} // namespace tumble
