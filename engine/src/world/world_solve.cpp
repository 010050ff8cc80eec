// The solve stage of World::step: one SolveContext built per step, handed to the method the
// settings name (solver_methods.h), and the hooks (SolveWorld) through which a method asks
// the world for what only the world can do.
#include "tumble/world.h"

#include "core/math.h"
#include "core/step_arrays.h"
#include "dynamics/integrator.h"
#include "solver/solve_context.h"
#include "world/pipeline.h"

#include <algorithm>

namespace tumble {

/// The world's side of the seam (solve_context.h).
class WorldSolveHooks final : public SolveWorld {
public:
    WorldSolveHooks(World& world, const StepContext& step) : w_(world), step_(step) {}

    void integrateVelocities(float h) override {
        StepPipeline& p = *w_.pipeline_;
        w_.forEachSlot([&](uint32_t i) {
            const World::Slot& s = w_.slots_[i];
            if (!s.alive || s.body.invMass == 0.0f || s.body.sleeping) return;
            const Body& b = s.body;
            SolverBody& sb = p.bodies[i];
            glm::vec3 v = sb.v + h * w_.acceleration(b, b.position);
            glm::vec3 w = sb.w + h * (b.worldInvInertia * b.torque);
            w = gyroscopicStep(b, w, h, w_.settings_.gyroscopic);
            sb.v = v * (1.0f / (1.0f + h * b.linearDamping));
            sb.w = w * (1.0f / (1.0f + h * b.angularDamping));
        });
    }

    void integratePositions(float h) override {
        StepPipeline& p = *w_.pipeline_;
        w_.forEachSlot([&](uint32_t i) {
            World::Slot& s = w_.slots_[i];
            if (!s.alive || s.body.type == BodyType::Static || s.body.sleeping) return;
            integratePose(s.body, p.bodies[i].v, p.bodies[i].w, h);
            refresh(i);
        });
    }

    void displace(uint32_t index, const glm::vec3& dx, const glm::vec3& dtheta) override {
        Body& b = w_.slots_[index].body;
        b.position += dx;
        b.orientation = integrateOrientation(b.orientation, dtheta, 1.0f);
        b.worldInvInertia = rotateTensor(b.orientation, b.localInvInertia);
        refresh(index);
    }

    void prepareJoints(const StepContext& step, bool keepImpulses) override {
        if (keepImpulses) w_.cacheJointImpulses();
        w_.prepareJoints(step);
    }
    void finishJoints() override { w_.finishJoints(step_.dt); }
    bool shockOrder() override { return w_.shockOrder(); }

private:
    // A moved body's solver record and pose follow it.
    void refresh(uint32_t i) {
        StepPipeline& p = *w_.pipeline_;
        const Body& b = w_.slots_[i].body;
        if (b.invMass > 0.0f) p.bodies[i].invI = b.worldInvInertia;
        p.poses[i].x = b.position;
        p.poses[i].q = b.orientation;
    }

    World& w_;
    const StepContext& step_;
};

void World::solve(float dt, const SolverMethodInfo& method) {
    StepPipeline& p = *pipeline_;
    const SolverSettings& ss = settings_.solver;
    StepContext step;
    {
        ScopedTimer t(profile_.prepare);
        step.dt = dt;
        step.invDt = 1.0f / dt;
        step.warmStartFactor = ss.warmStarting ? ss.warmStartFactor : 0.0f;
        step.relaxation = ss.relaxation;
        step.erp = ss.erp;
        step.slop = ss.slop;
        step.maxCorrectionVelocity = ss.maxCorrectionVelocity;
        step.restitutionThreshold = ss.restitutionThreshold;
        step.cone = ss.frictionModel == FrictionModel::Cone;
        step.frictionAnchorRate = ss.frictionAnchorRate;
        step.baumgarte = ss.positionCorrection == PositionCorrection::Baumgarte;
        step.splitImpulse = ss.positionCorrection == PositionCorrection::SplitImpulse;

        // Impulses are force x dt: when dt changed, rescale the cached ones so the warm start
        // applies the same force.
        if (p.lastDt > 0.0f && p.lastDt != dt) {
            float scale = dt / p.lastDt;
            for (ContactManifoldInfo& m : p.manifolds)
                for (int i = 0; i < m.pointCount; ++i) {
                    m.points[i].normalImpulse *= scale;
                    m.points[i].tangentImpulse[0] *= scale;
                    m.points[i].tangentImpulse[1] *= scale;
                }
        }
        p.lastDt = dt;
        // The figures are this step's alone: the method writes those of the points it prepares
        // (none when they are off: the stages take an empty array as "not wanted").
        resetForStep(p.contactFigures, p.figuresOn ? p.manifolds.size() : 0);

        // Dense solver records and poses by slot; static, kinematic and sleeping bodies have
        // zero inverse mass. The records have room for the world's one that prepareJoints puts
        // past the bodies: that one more record would otherwise double the array.
        p.bodies.reserve(slots_.size() + 1);
        p.bodies.resize(slots_.size());
        p.split.assign(slots_.size(), SplitVelocity{});
        p.poses.resize(slots_.size());
        p.anchored.resize(slots_.size());
        forEachSlot([&](uint32_t i) {
            const Slot& s = slots_[i];
            SolverBody& sb = p.bodies[i];
            SolverPose& pose = p.poses[i];
            sb = SolverBody{};
            pose = SolverPose{};
            // The shock pass's roots, noted while the slot is at hand (shockOrder would walk
            // every slot again for them: a cache miss each, 0.6 % of the sphere pit's step).
            p.anchored[i] = s.alive && s.body.invMass == 0.0f;
            if (!s.alive) return;
            const Body& b = s.body;
            sb.v = b.linearVelocity;
            sb.w = b.angularVelocity;
            pose.x = b.position;
            pose.q = b.orientation;
            if (!b.sleeping && b.invMass > 0.0f) {
                sb.invMass = b.invMass;
                sb.invI = b.worldInvInertia;
                pose.invMass = b.invMass;
                pose.localInvI = b.localInvInertia;
            }
        });
    }

    SolverStats& st = p.solverStats;
    st = {};
    p.probe.method = method.name; // emptied at the step's start (forgetInsideViews)
    p.probe.step = stepCount_ + 1;
    p.probe.iterationsUsed = 0;
    p.probe.converged = false;
    p.probe.inSweep = false;
    WorldSolveHooks hooks(*this, step);
    SolveContext ctx{ss,      step,          stepCount_,  p.manifolds,       p.contactFigures,
                     p.start, p.bodies,      p.split,     p.poses,     p.constraints,     p.jointRows,
                     p.velocityScratch,      hooks,       profile_,          st,
                     p.methodData,           p.probeOn ? &p.probe : nullptr,
                     p.traceOn ? &p.trace : nullptr, p.tasks};
    const ContactRowSummary rows = contactRowHeaders(p.manifolds, p.rowHeaders);
    ctx.rowsRollOrTwist = rows.rollOrTwist;
    ctx.rowPoints = rows.points;
    ctx.rowHeaders = p.rowHeaders;
    method.solve(ctx);
    p.landings = ctx.landings;
    p.rowsWhole = ctx.rowsWhole;

    forEachSlot([&](uint32_t i) {
        Slot& s = slots_[i];
        if (!s.alive || s.body.invMass == 0.0f || s.body.sleeping) return;
        s.body.linearVelocity = p.bodies[i].v;
        s.body.angularVelocity = p.bodies[i].w;
    });
    // The solved manifolds are the rows' headers (a walk of the cache again would read every
    // record's lines once more).
    st.manifolds = static_cast<int>(p.rowHeaders.size());
    st.rows = 3 * static_cast<int>(rows.points);
}

void World::bounceLandedContacts() {
    StepPipeline& p = *pipeline_;
    if (!p.landings) return; // no point lands (prepareContacts looked as it prepared them)
    // The velocities as the integration left them (velocity Verlet's second kick included).
    const uint32_t count = static_cast<uint32_t>(std::min(slots_.size(), p.bodies.size()));
    for (uint32_t i = 0; i < count; ++i) {
        if (!slots_[i].alive) continue;
        p.bodies[i].v = slots_[i].body.linearVelocity;
        p.bodies[i].w = slots_[i].body.angularVelocity;
    }
    // Without whole rows, the bounce computes its own from the manifolds and bodies.
    const std::span<const ContactConstraint> rows =
        p.rowsWhole ? std::span<const ContactConstraint>(p.constraints) : std::span<const ContactConstraint>();
    bounceLandings(p.manifolds, p.rowHeaders, rows, p.bodies, p.bounceScratch);
    for (uint32_t i = 0; i < count; ++i) {
        Body& b = slots_[i].body;
        if (!slots_[i].alive || b.invMass == 0.0f || b.sleeping) continue;
        b.linearVelocity = p.bodies[i].v;
        b.angularVelocity = p.bodies[i].w;
    }
}

void World::setContactFigures(bool on) { pipeline_->figuresOn = on; }
bool World::contactFiguresOn() const { return pipeline_->figuresOn; }

void World::setSolverProbe(bool on, ProbeOptions options) {
    pipeline_->probeOn = on;
    pipeline_->probe.options = options;
}
bool World::solverProbeOn() const { return pipeline_->probeOn; }
const SolverProbe& World::solverProbe() const { return pipeline_->probe; }
void World::setStepTrace(bool on) { pipeline_->traceOn = on; }
bool World::stepTraceOn() const { return pipeline_->traceOn; }
const StepTrace& World::stepTrace() const { return pipeline_->trace; }

void World::forgetInsideViews() {
    StepPipeline& p = *pipeline_;
    p.probe.iterations.clear();
    p.probe.rows.clear();
    p.probe.bodies.clear();
    p.trace.marks.clear();
    p.trace.visits.clear();
    p.trace.truncated = false;
}

void World::traceStage(TraceStage stage, int count) {
    StepPipeline& p = *pipeline_;
    if (!p.traceOn) return;
    TraceMark m;
    m.stage = stage;
    m.visitsBefore = p.trace.visits.size();
    m.kineticEnergy = kineticEnergy();
    m.count = count;
    p.trace.marks.push_back(m);
}

bool World::shockOrder() {
    StepPipeline& p = *pipeline_;
    // The pass runs on this step's contact rows' headers (World::solve); the cache is not read.
    std::span<const ContactRowHeader> rows(p.rowHeaders);
    VelocityScratch& scratch = p.velocityScratch;
    // The order is a function of the contact graph (each row's two bodies, whether each is
    // anchored) and of how many bodies the search reaches (the level it gives rows no anchor
    // reaches): the anchored ones, counted here, and those the rows lead to from them, which
    // the graph fixes. While those stay as they were, as in a pile at rest, last step's answer
    // is this step's.
    std::vector<uint64_t>& graph = p.shockGraphNow;
    graph.clear();
    uint64_t anchors = 0;
    for (uint8_t a : p.anchored) anchors += a;
    for (const ContactRowHeader& c : rows)
        graph.push_back(graphRowKey(c.indexA, c.indexB, p.anchored[c.indexA], p.anchored[c.indexB]));
    graph.push_back(anchors);
    if (graph == p.shockGraph) {
        scratch.frozenSide = p.shockFrozenSide;
        scratch.shockLevel = p.shockLevel;
        scratch.order = p.shockOrder;
        return true;
    }
    // Level of each body: contacts away from the nearest static body, by a breadth-first
    // search over the contact graph (its links by body, counted then filled). Shortest
    // distances are one answer whatever the search's order, so the pass is deterministic.
    const int unset = 1 << 30;
    const size_t n = slots_.size();
    std::vector<int>& level = p.level;
    std::vector<uint32_t>& queue = p.levelQueue;
    std::vector<uint32_t>& start = p.levelStart;
    std::vector<uint32_t>& next = p.levelNext;
    std::vector<uint32_t>& links = p.levelLinks;
    level.assign(n, unset);
    queue.clear();
    for (uint32_t i = 0; i < n; ++i)
        if (p.anchored[i]) {
            level[i] = 0;
            queue.push_back(i);
        }
    start.assign(n + 1, 0);
    for (const ContactRowHeader& c : rows) {
        ++start[c.indexA + 1];
        ++start[c.indexB + 1];
    }
    for (size_t i = 0; i < n; ++i) start[i + 1] += start[i];
    next.assign(start.begin(), start.end() - 1);
    links.resize(start[n]);
    for (const ContactRowHeader& c : rows) {
        links[next[c.indexA]++] = c.indexB;
        links[next[c.indexB]++] = c.indexA;
    }
    for (size_t head = 0; head < queue.size(); ++head) {
        const uint32_t u = queue[head];
        for (uint32_t k = start[u]; k < start[u + 1]; ++k) {
            const uint32_t v = links[k];
            if (level[v] != unset) continue;
            level[v] = level[u] + 1;
            queue.push_back(v);
        }
    }
    scratch.frozenSide.resize(rows.size());
    for (size_t i = 0; i < rows.size(); ++i) {
        int la = level[rows[i].indexA], lb = level[rows[i].indexB];
        scratch.frozenSide[i] = la < lb ? 1 : lb < la ? 2 : 0;
    }
    // Bottom-up: rows in order of their lower level, ties in manifold order (a
    // counting sort by level; rows on bodies no static one reaches come last).
    auto lowest = [&](size_t i) {
        const int l = std::min(level[rows[i].indexA], level[rows[i].indexB]);
        return l == unset ? static_cast<int>(queue.size()) : l; // no level reaches the body count
    };
    start.assign(queue.size() + 2, 0);
    for (size_t i = 0; i < rows.size(); ++i) ++start[static_cast<size_t>(lowest(i)) + 1];
    for (size_t l = 0; l + 1 < start.size(); ++l) start[l + 1] += start[l];
    std::vector<uint32_t>& order = scratch.order;
    order.resize(rows.size());
    scratch.shockLevel.resize(rows.size());
    for (size_t i = 0; i < rows.size(); ++i) {
        const int l = lowest(i);
        scratch.shockLevel[i] = static_cast<uint32_t>(l);
        order[start[static_cast<size_t>(l)]++] = static_cast<uint32_t>(i);
    }
    p.shockGraph.swap(graph);
    p.shockFrozenSide = scratch.frozenSide;
    p.shockLevel = scratch.shockLevel;
    p.shockOrder = scratch.order;
    return false;
}

} // namespace tumble
