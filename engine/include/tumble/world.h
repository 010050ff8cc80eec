#pragma once
/// \file world.h
/// The world owns bodies, materials and force fields and advances them with step().
#include "tumble/body.h"
#include "tumble/contact.h"
#include "tumble/contact_events.h"
#include "tumble/solver_probe.h"
#include "tumble/step_trace.h"
#include "tumble/joint.h"
#include "tumble/ids.h"
#include "tumble/material.h"
#include "tumble/settings.h"
#include "tumble/solver_methods.h"
#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <span>
#include <functional>
#include <string>
#include <vector>

namespace tumble {

/// A point attractor: pulls every dynamic body within `radius` toward `position` with
/// acceleration strength / max(d^2, 0.01) (m/s^2, an inverse-square law like gravity).
struct ForceField {
    enum class Type { Attractor } type = Type::Attractor;
    glm::vec3 position{0.0f};   ///< m
    float strength = 50.0f;     ///< m^3/s^2 (G*M of the attracting mass)
    float radius = 100.0f;      ///< m, no pull beyond this distance
};

/// Time per stage of the last step, in milliseconds (the stats panel plots these). The
/// stages are those of World::step in order; a sub-stepping method adds up its sub-steps.
struct Profile {
    float step = 0.0f;                ///< the whole step
    float integrateVelocities = 0.0f; ///< forces, gravity, damping (and remembering the poses)
    float broadphase = 0.0f;          ///< collide: candidate pairs
    float narrowphase = 0.0f;         ///< collide: manifolds and the contact cache
    float solve = 0.0f;               ///< the method, all of it (the next six stages and its own)
    float prepare = 0.0f;             ///< rows, effective masses, biases, restitution targets
    float warmStart = 0.0f;
    float iterate = 0.0f;             ///< velocity iterations (or the exact solve)
    float relax = 0.0f;               ///< shock propagation, split impulse, relax passes, restitution
    float storeImpulses = 0.0f;       ///< back into the contact cache; joints' reactions
    float integratePositions = 0.0f;
    float correctPositions = 0.0f;    ///< nonlinear Gauss-Seidel on contacts and joints
    float continuous = 0.0f;          ///< bullets' time of impact (world_continuous.cpp)
    float sleep = 0.0f;               ///< islands and sleep
    float watchdog = 0.0f;            ///< non-finite check, watchdog, counters
    int threads = 1;                  ///< threads the step ran on (Settings::threads)
    /// ms each thread spent in the step's parallel loops, the stepping thread first (which
    /// also runs everything serial); threads past the 16th add into the last entry.
    std::array<float, 16> threadBusy{};
};

/// The most threads a step with these settings runs on: Settings::threads, or with 0 one per
/// core (of which the world may choose one: World::threadChoice).
int stepThreads(const Settings& settings);

/// How a world with Settings::threads 0 ("auto") chose its thread count: in a trial it steps
/// in turn at one per core and at one thread, and keeps the count whose median step was
/// shorter (one per core only when at least 3 % faster) until the next trial, some hundreds
/// of steps later. The bits are the same at any count: this is speed alone.
struct ThreadChoice {
    bool automatic = false; ///< Settings::threads is 0
    int cores = 1;          ///< one per core: what the trial runs against one thread
    int chosen = 1;         ///< the count of the last step (a trial alternates)
    bool trial = false;     ///< a trial is under way
    int trials = 0;         ///< trials finished so far
    float oneMs = 0.0f;     ///< the last trial's median step at one thread, ms (wall time)
    float allMs = 0.0f;     ///< ... and at `cores` threads
};

/// One stage of the step for display: its name, its field and what it does. `inside` is 1
/// for the stages the solve is made of (their times are part of `solve`).
struct ProfileStage {
    const char* name;
    float Profile::*member;
    const char* help;
    int inside;
};

/// The stages of World::step in order (the Stats and Collision panels and the headless
/// report walk this list).
std::span<const ProfileStage> profileStages();

/// Counts from the last step.
struct Counters {
    int bodies = 0;          ///< live bodies
    int awakeBodies = 0;     ///< dynamic bodies not sleeping
    int pairsTested = 0;     ///< broad-phase candidate pairs
    /// Of the candidates, those whose bodies' boxes are farther apart than the contact margin:
    /// not measured by the narrow phase (they cannot touch).
    int pairsCulled = 0;
    int pairs = 0;           ///< pairs whose shapes touch (manifolds)
    int pairsRemeasured = 0; ///< of those, re-measured from last step's manifold (Settings::contactReuseSteps)
    /// The narrow phase rewrote the contact cache in place (one thread, and last step's pairs
    /// mostly re-measured or asleep) rather than into a second array.
    bool cacheInPlace = false;
    /// In place, pairs began (or gained a manifold) ahead of kept ones, and the rest of the
    /// cache went to a second array.
    bool cacheSpilled = false;
    int contacts = 0;        ///< contact points
    int sleepingPairs = 0;   ///< of the touching pairs, those asleep (kept, not solved)
    int sleepingContacts = 0;///< of the contact points, those of pairs asleep
    int islands = 0;
    int bulletImpacts = 0;   ///< bullet bodies put back to their time of impact this step
    float maxPenetration = 0.0f; ///< m, deepest overlap among this step's contacts, asleep ones included
};

/// What the solver did in the last step (the Solver panel's figures).
struct SolverStats {
    int manifolds = 0;        ///< touching pairs solved
    int rows = 0;             ///< constraint rows (3 per contact point)
    int velocityIterations = 0;
    int positionIterations = 0;
    float maxDelta = 0.0f;    ///< N s, largest impulse change in the last velocity iteration
    float deepestAfter = 0.0f;///< m, deepest overlap measured by the last position pass (NGS)
    int substeps = 1;         ///< sub-steps the method took (soft step, TGS, XPBD)
    int exactIslands = 0;     ///< exact methods: islands solved exactly
    int fallbackIslands = 0;  ///< exact methods: islands over solver.exactMaxRows, solved by PGS instead
    int largestIslandRows = 0;///< exact methods: rows of the largest island this step
    int pivots = 0;           ///< exact methods: pivots over all islands
    /// Exact methods: largest complementarity error of an exactly solved island, m/s (the
    /// natural residual of lcp.h: 0 at an exact solution).
    float exactError = 0.0f;
    int colours = 0;          ///< wide method: colours of the constraint graph this step
    int overflowManifolds = 0;///< wide method: manifolds no colour took (solved one by one)
    int lanes = 0;            ///< wide method: manifolds per SIMD group (4 SSE, 8 AVX2)
    /// Wide method: the kernel build that ran, "SSE2" (4 lanes), "AVX2" or "AVX-512VL" (8 lanes,
    /// the same 256-bit code with twice the registers); "" for other methods.
    const char* simdBuild = "";
    /// Wide method: this step's rows were prepared straight into the groups, never written
    /// out whole (false while the probe, the step trace or a tolerance measures the rows
    /// between passes, or a pair rolls or twists: the rows are then prepared whole and packed).
    bool rowsInGroups = false;
    /// Wide method: batches of whole islands the step solved one after another, each with all
    /// its passes while its groups are in cache (1: every pass over every row at once, as with
    /// joints, several threads or rows prepared whole).
    int batches = 0;
};

/// Closest hit of a ray.
struct RayHit {
    BodyId body;
    glm::vec3 point{0.0f};    ///< m, world
    glm::vec3 normal{0.0f};   ///< unit surface normal at the hit
    float distance = 0.0f;    ///< m along the (normalised) ray
};

struct StepPipeline;
struct WorldState;

/// What the watchdog flagged in the last step (Settings::watchdog).
struct StepFlags {
    bool nonFinite = false;     ///< a body turned non-finite (it is frozen and pointed at)
    bool tooFast = false;       ///< a body moved faster than watchdog.maxSpeed
    bool tooDeep = false;       ///< an overlap deeper than watchdog.maxPenetration
    bool energyJump = false;    ///< total energy grew more than watchdog.maxEnergyGain allows
    bool leftWorld = false;     ///< a dynamic body's centre left Settings::worldBounds (it is frozen)
    bool any() const { return nonFinite || tooFast || tooDeep || energyJump || leftWorld; }
};

/// What kind of thing an event reports; repeats of one kind on one body are merged.
enum class WorldEventKind : uint8_t { NonFinite, TooFast, TooDeep, EnergyJump, JointBroke, LeftWorld };

/// Something the step noticed that a user should look at. A watchdog flag raised again
/// for the same body is one event that counts its steps (a body "too fast" for 500 steps
/// is one line, not 500).
struct WorldEvent {
    uint64_t step = 0;       ///< the first step it happened
    uint64_t lastStep = 0;   ///< the last step it happened (== step when it happened once)
    uint64_t count = 1;      ///< steps it happened on
    BodyId body;
    std::string bodyName;
    std::string what;        ///< e.g. "non-finite velocity", as first seen
    WorldEventKind kind = WorldEventKind::NonFinite;
    bool nonFinite = false;  ///< the body turned non-finite (it was frozen); else a watchdog flag
};

class World {
public:
    explicit World(const Settings& settings = {});
    ~World();
    World(World&&) noexcept;
    World& operator=(World&&) noexcept;
    World(const World&) = delete;
    World& operator=(const World&) = delete;

    /// Live tunables. Edit in place; the next step reads them.
    Settings& settings() { return settings_; }
    const Settings& settings() const { return settings_; }

    // --- materials -------------------------------------------------------------
    /// Presets first, in materialPresets() order. Bodies refer to them by index.
    const std::vector<Material>& materials() const { return materials_; }
    /// Add or replace (by name) a material; returns its index. Bodies using it get new mass.
    int setMaterial(const Material& m);
    /// Index of the named material, or -1.
    int findMaterial(const std::string& name) const;
    /// Pair overrides (cells of the material table that do not follow the combine rules).
    std::vector<MaterialPair>& materialPairs() { return materialPairs_; }
    const std::vector<MaterialPair>& materialPairs() const { return materialPairs_; }
    /// Remove a material no body uses; presets stay. False (and `error`) otherwise.
    bool removeMaterial(int index, std::string* error = nullptr);

    /// One cell of the material-pair table as the solver will use it next step.
    struct PairValues {
        float restitution = 0.0f;
        float staticFriction = 0.0f;
        float dynamicFriction = 0.0f;
        float rollingResistance = 0.0f; ///< m
        float torsionalFriction = 0.0f; ///< m
        bool overridden = false;  ///< from materialPairs(), not the combine rules
    };
    PairValues pairValues(int materialA, int materialB) const;
    /// Override a cell (replacing an existing override of the same pair).
    void setPairOverride(const MaterialPair& pair);
    /// Let a cell follow the combine rules again.
    void clearPairOverride(const std::string& a, const std::string& b);

    // --- bodies ----------------------------------------------------------------
    /// Create a body. Returns kNullBody and sets `error` when the definition is invalid
    /// (bad shape, unknown material, non-finite values).
    BodyId createBody(const BodyDef& def, std::string* error = nullptr);
    /// Destroy a body; false for a stale handle.
    bool destroyBody(BodyId id);
    bool isValid(BodyId id) const;
    /// The record of a live body. Throws std::invalid_argument for a stale handle.
    const Body& body(BodyId id) const;
    /// Handles of all live bodies in creation-slot order (the deterministic order).
    std::vector<BodyId> bodyIds() const;
    /// Handle of the named body, or kNullBody.
    BodyId findBody(const std::string& name) const;
    int bodyCount() const { return liveBodies_; }

    /// Setters that keep derived state consistent (wake the body, refresh inertia).
    void setPose(BodyId id, const glm::vec3& position, const glm::quat& orientation);
    void setVelocity(BodyId id, const glm::vec3& linear, const glm::vec3& angular);
    void applyForce(BodyId id, const glm::vec3& force, const glm::vec3& worldPoint);
    void applyTorque(BodyId id, const glm::vec3& torque);
    /// Inspector edits; each wakes the body and keeps derived state (mass, inertia) right.
    void setBodyType(BodyId id, BodyType type);
    void setBodyMaterial(BodyId id, int material);
    void setGravityScale(BodyId id, float scale);
    void setDamping(BodyId id, float linear, float angular);
    void setLayers(BodyId id, uint32_t layer, uint32_t mask);
    void setBullet(BodyId id, bool bullet);

    // --- joints ----------------------------------------------------------------
    /// Create a joint. Returns a null id and sets `error` for a missing or stale body, a
    /// body joined to itself, a zero axis or inconsistent limits.
    JointId createJoint(const JointDef& def, std::string* error = nullptr);
    bool destroyJoint(JointId id);
    bool isValid(JointId id) const;
    /// Throws std::invalid_argument for a stale handle.
    const JointInfo& joint(JointId id) const;
    std::vector<JointId> jointIds() const;
    /// Joints attached to a body.
    std::vector<JointId> jointsOf(BodyId body) const;

    // --- dragging ----------------------------------------------------------------
    /// Pull `body` by the point under `grabPoint` (world) toward `target` with a soft spring:
    /// frequency (Hz) and damping ratio, so it feels the same at any physics rate; the force
    /// is capped at maxForceOverWeight x the body's weight.
    void startDrag(BodyId body, const glm::vec3& grabPoint, float frequencyHz = 5.0f,
                   float dampingRatio = 0.7f, float maxForceOverWeight = 30.0f);
    void moveDrag(const glm::vec3& target);
    void stopDrag();
    /// The dragged body (null when none), its grabbed point and the target, for drawing.
    BodyId dragBody() const { return drag_.body; }
    glm::vec3 dragPoint() const;
    glm::vec3 dragTarget() const { return drag_.target; }

    // --- force fields ----------------------------------------------------------
    std::vector<ForceField>& forceFields() { return forceFields_; }
    const std::vector<ForceField>& forceFields() const { return forceFields_; }

    // --- stepping --------------------------------------------------------------
    /// Advance by settings().timestep.
    void step();
    uint64_t stepCount() const { return stepCount_; }
    double time() const { return simulatedTime_; }

    /// Wake every body (a setting changed, a body was dragged).
    void wakeAll();

    // --- contacts and queries ---------------------------------------------------
    /// The contact cache: one manifold per broad-phase pair, sorted by body slots; pairs
    /// whose shapes do not touch have pointCount 0.
    const std::vector<ContactManifoldInfo>& contacts() const;
    /// The solver's figures of the last step (effective masses, targets, warm-start impulses),
    /// parallel to contacts(): contactFigures()[i] belongs to contacts()[i]. Zero for pairs
    /// without points. Empty when the last step ran with the figures off (setContactFigures),
    /// and after restoreState until the next step.
    const std::vector<ContactManifoldFigures>& contactFigures() const;
    /// The contact figures: off by default, and then a step neither clears nor writes them (the
    /// README has the cost). On, every step fills contactFigures(); a step
    /// computes the same state either way (same state hash). Whoever shows them turns them
    /// on; refillContactFigures (solver_compare.h) re-runs a recorded step to fill them for
    /// a world that has stopped.
    void setContactFigures(bool on);
    bool contactFiguresOn() const;    ///< setContactFigures's switch
    /// Empty the contact cache, so the next step starts cold: every touching pair is measured
    /// afresh by the narrow phase, its points are new (no accumulated normal or friction
    /// impulse to warm start from, no stick history, no friction-anchor drift, no landing
    /// bounce carried over), and warm starting rebuilds over the following steps. contacts()
    /// and contactFigures() are empty until the next step. Wakes every body. An edit of the
    /// world's state, like setPose: the state hash changes.
    void clearContactCache();
    /// The last step's contact events (tumble/contact_events.h), ordered by the pair's body
    /// slots (the bodies' ordinals): a Begin, Persist or End for every pair that touches now
    /// or touched in the step before, a SensorBegin or SensorEnd for every body that entered
    /// or left a sensor. Empty after restoreState and clearContactCache until the next step,
    /// whose events are those the captured world's next step had. After clearContactCache
    /// the touching pairs begin again (the cache that remembered them is gone).
    const std::vector<ContactEvent>& contactEvents() const;
    /// The pairs of a sensor and a body overlapping now, in slot order. A body asleep inside
    /// a sensor stays in it (the pair is kept as the broad phase stops reporting it).
    const std::vector<PairTouch>& sensorOverlaps() const;
    /// Broad-phase candidate pairs of the last step (slot index pairs, sorted).
    std::vector<std::pair<BodyId, BodyId>> broadphasePairs() const;
    /// Calls per cell of the narrow-phase dispatch table in the last step.
    const DispatchCounts& dispatchCounts() const;
    const SolverStats& solverStats() const;
    /// Island of a body in the last step (the slot index of its island's root), -1 for
    /// static and kinematic bodies.
    int islandOf(BodyId id) const;
    /// World bounding box of a body's shape.
    Aabb bodyAabb(BodyId id) const;
    /// Closest hit along origin + t * direction, t in [0, maxDistance]; false when none.
    bool rayCast(const glm::vec3& origin, const glm::vec3& direction, float maxDistance,
                 RayHit& hit) const;
    /// Bodies whose bounding boxes overlap `box`, in slot order.
    std::vector<BodyId> queryAabb(const Aabb& box) const;
    /// Bodies whose shape contains `point`, in slot order.
    std::vector<BodyId> queryPoint(const glm::vec3& point) const;
    /// Visit the broad phase's structure for drawing: (box, depth) of each tree node, or
    /// the fat box of each proxy for the other broad phases.
    void visitBroadphase(const std::function<void(const Aabb&, int depth)>& visit) const;

    /// The solver probe (tumble/solver_probe.h): off by default, and then it costs nothing.
    /// On, every step records each pass of the solve and, options.withRows, every row's final
    /// impulse and Jacobian (the costlier part: the README has both costs); the probe never
    /// changes what a step computes (same state hash on or off).
    void setSolverProbe(bool on, ProbeOptions options = {});
    bool solverProbeOn() const;       ///< setSolverProbe's switch
    /// What the probe recorded in the last step (empty when it was off).
    const SolverProbe& solverProbe() const;
    /// The step debugger's trace (tumble/step_trace.h): off by default. On, every step records
    /// its stages and, for the methods that solve one constraint after another, every visit;
    /// a traced step computes exactly what an untraced one does.
    void setStepTrace(bool on);
    bool stepTraceOn() const;         ///< setStepTrace's switch
    /// What the last step traced (empty when the trace was off).
    const StepTrace& stepTrace() const;

    const Profile& profile() const { return profile_; }
    /// With Settings::threads 0, how the thread count was chosen (ThreadChoice); otherwise
    /// `automatic` is false.
    const ThreadChoice& threadChoice() const;
    const Counters& counters() const { return counters_; }
    /// Put back the figures a recorded step reported (the recorder, after re-running a step
    /// from a rebuilt broad phase, whose work counts and timings differ from the original's).
    void restoreFigures(const Profile& profile, const Counters& counters) {
        profile_ = profile;
        counters_ = counters;
    }
    /// Events since creation (non-finite state and the like), by first step. At most
    /// kMaxWatchdogEvents distinct watchdog events are kept; non-finite ones always are.
    const std::vector<WorldEvent>& events() const { return events_; }
    /// Watchdog events left out past kMaxWatchdogEvents.
    uint64_t droppedEvents() const { return droppedEvents_; }
    /// The first non-finite event (the one that stops a run), or null when none.
    const WorldEvent* firstNonFiniteEvent() const;
    static constexpr size_t kMaxWatchdogEvents = 1000;
    /// True once a body turned non-finite; such a body is frozen (velocities zeroed).
    bool hasNonFinite() const { return nonFinite_; }
    /// The watchdog's flags for the last step.
    const StepFlags& stepFlags() const { return flags_; }

    // --- measurements ----------------------------------------------------------
    double kineticEnergy() const;    ///< J, sum of 1/2 m v^2 + 1/2 w.(I w)
    double potentialEnergy() const;  ///< J, gravity (relative to y = 0) plus attractors
    glm::vec3 linearMomentum() const;
    glm::vec3 angularMomentum() const; ///< about the origin
    /// 64-bit FNV-1a over the exact bits of the state (step counter, poses, velocities,
    /// sleep state): equal hashes mean bit-identical states.
    uint64_t stateHash() const;

    // --- snapshots (tumble/snapshot.h) -------------------------------------------------
    /// The state a step reads beyond what the bodies' and joints' definitions hold.
    WorldState captureState() const;
    /// The same into `out`, reusing its storage (the recorder calls this every step). Without
    /// `withContacts`, out.contacts is left empty: the recorder packs contacts() itself.
    void captureState(WorldState& out, bool withContacts = true) const;
    /// Put back a captured state into a world built from the same definitions (same body
    /// and joint counts, in the same order). Returns false and sets `error` on a mismatch,
    /// leaving the world unchanged. The next step behaves as the captured world's would.
    bool restoreState(const WorldState& state, std::string* error = nullptr);

private:
    friend class WorldSolveHooks; // the solver methods' view of the world (world_solve.cpp)
    /// A body's record with its handle's generation. Aligned to a cache line, the 8-byte header
    /// first, so that the body's first 56 bytes share its line and each block of hot fields
    /// after them is one line (body.h; the offsets are asserted in world.cpp).
    struct alignas(64) Slot {
        uint32_t generation = 0;
        bool alive = false;
        Body body;
    };
    struct JointSlot {
        JointInfo info;
        uint32_t generation = 0;
        bool alive = false;
    };
    struct DragState {
        BodyId body;
        glm::vec3 localPoint{0.0f};
        glm::vec3 target{0.0f};
        float frequencyHz = 5.0f;
        float dampingRatio = 0.7f;
        float maxForceOverWeight = 30.0f;
    };
    bool jointsAllowCollision(uint32_t a, uint32_t b) const;
    Body& mutableBody(BodyId id);
    void updateMass(Body& b);
    glm::vec3 acceleration(const Body& b, const glm::vec3& x) const;
    /// Remember each body's pose (interpolated drawing) and its velocities before forces;
    /// with `applyForces`, also apply forces, gravity and damping over dt to the velocities.
    void integrateVelocities(float dt, bool applyForces);
    void updateContacts();
    /// The solve stage: one SolveContext for `method` (world_solve.cpp).
    void solve(float dt, const SolverMethodInfo& method);
    /// The shock-propagation pass's order: levels by breadth-first search from the static
    /// bodies, into the velocity scratch (world_solve.cpp). True when the contact graph is the
    /// one the last order was computed for (that order is then this one, copied).
    bool shockOrder();
    /// Build this step's joint rows (and the drag spring's), each with its cached impulse.
    void prepareJoints(const struct StepContext& ctx);
    /// Where joint `joint`'s bodies are now, with their solver records from `bodies` (the
    /// world's static record last); a gear's hinges too.
    struct JointFrame jointFrame(uint32_t joint, const std::vector<struct SolverBody>& bodies) const;
    /// createJoint's checks and bodies of a gear: its wheels are its hinges' bodyB.
    std::string prepareGear(JointDef& def) const;
    /// The current joint rows' impulses into the per-joint cache prepareJoints reads.
    void cacheJointImpulses();
    /// After the iterations: reaction forces, breaking, the joints' displayed state.
    void finishJoints(float dt);
    /// Nonlinear Gauss-Seidel position iterations on the joints (every mode but none).
    void correctJointPositions(float dt);
    /// Each hinge's accumulated angle at the poses the step ends with (JointInfo::angle).
    void measureHingeAngles();
    void integratePositions(float dt);
    void correctPositions(float dt);
    /// The same-step bounce of points that landed this step (solver/contact_solver.h).
    void bounceLandedContacts();
    /// Bullets' continuous collision: each put back to its first time of impact this step.
    void continuousCollision();
    void updateSleep(float dt);
    /// Zero the still time of every island with a point deeper than the slop (a position
    /// correction pending), so it does not fall asleep yet.
    void keepCorrectingAwake(std::vector<float>& minSleep);
    /// f(slot) for every slot, spread over the step's threads: f must write only slot i's
    /// records. A template (world/pipeline.h, which its callers include) so that f is inlined
    /// into the loop: through a std::function it was an indirect call per body.
    template <class F> void forEachSlot(F&& f);
    /// The narrow phase: candidate pairs into this step's cache, on the step's threads
    /// (world_narrow.cpp); sets the pair and point counters.
    void narrowPhase();
    /// Candidate pairs [begin, end) measured and matched with last step's records, written
    /// through `cache` (which may be the world's own cache, rewritten in place); `out` gets the
    /// block's counts and scratch (any thread).
    void collidePairs(uint32_t begin, uint32_t end, class CacheRewrite& cache,
                      struct NarrowBlock& out) const;
    /// Last step's record k, if its pair is kept asleep (keptAsleep), written through `cache` as
    /// the solve reads it.
    void keepAsleep(class CacheRewrite& cache, uint32_t k, struct NarrowBlock& out) const;
    /// A cached pair none of whose bodies moves: each sleeps or is static, one at least sleeps.
    bool keptAsleep(const ContactManifoldInfo& m) const;
    /// Neither body of the pair moves: each sleeps or is static, one at least sleeps.
    bool pairAsleep(BodyId a, BodyId b) const;
    /// The narrow phase for a pair with a sensor: its overlap into the sensor list, never a
    /// contact point (world_events.cpp).
    void senseOverlap(uint32_t a, uint32_t b);
    /// Last step's sensor overlaps whose pair the broad phase no longer reports because it
    /// is asleep are kept (world_events.cpp).
    void keepSensorOverlapsAsleep();
    /// This step's contact events from last step's and this step's touching pairs.
    void recordContactEvents();
    /// Last step's touching pairs taken from the cache before the narrow phase rewrites it,
    /// unless the step that built the cache recorded them (world_events.cpp).
    void keepTouchingBefore();
    /// Flag the cached pairs asleep (keptAsleep) and count them (Counters::sleeping*).
    void countSleepingContacts();
    /// The end of a stage of World::step, for the step debugger (when tracing).
    void traceStage(TraceStage stage, int count);
    /// Drop what the probe and the trace recorded: they belong to a step the world has left.
    void forgetInsideViews();
    void finishStep();
    /// Freeze each dynamic body whose centre is outside Settings::worldBounds (asleep, still)
    /// and report it once (watchdog.cpp).
    void freezeEscapedBodies();
    /// A dynamic body outside Settings::worldBounds: frozen, and no wake reaches it.
    bool escaped(const Body& b) const;
    void watch();
    void addEvent(uint32_t slot, WorldEventKind kind, std::string what);
    /// The merge index after events_ changed wholesale (a restored snapshot).
    void reindexEvents();
    void wake(Body& b);

    /// Per-slot velocity change from forces this step (explicit Euler moves without it).
    struct StepScratch {
        glm::vec3 forceDv{0.0f};
        glm::vec3 forceDw{0.0f};
    };

    Settings settings_;
    std::vector<Material> materials_;
    std::vector<MaterialPair> materialPairs_;
    std::vector<Slot> slots_;
    std::vector<uint32_t> freeSlots_;
    int liveBodies_ = 0;
    std::vector<ForceField> forceFields_;
    std::vector<JointSlot> joints_;
    std::vector<uint32_t> freeJoints_;
    /// Sorted body-slot pairs of joints with collideConnected off (the broad-phase hook).
    std::vector<std::pair<uint32_t, uint32_t>> noCollidePairs_;
    /// Joints were made or destroyed since the last rebuild: the collide stage rebuilds
    /// once, so making n joints costs n log n, not n^2 log n.
    bool noCollideStale_ = false;
    void rebuildNoCollidePairs();
    DragState drag_;
    uint64_t stepCount_ = 0;
    double simulatedTime_ = 0.0;
    Profile profile_;
    Counters counters_;
    std::vector<WorldEvent> events_;
    /// (body slot, kind) -> index in events_ of the event repeats merge into.
    std::map<std::pair<uint32_t, WorldEventKind>, size_t> eventIndex_;
    uint64_t droppedEvents_ = 0;
    bool nonFinite_ = false;
    StepFlags flags_;
    double lastEnergy_ = 0.0;     ///< J, total energy after the previous step (watchdog)
    double lastEnergy2_ = 0.0;    ///< J, and the step before
    double lastKinetic_ = 0.0, lastKinetic2_ = 0.0;
    bool hasLastEnergy_ = false;
    std::vector<StepScratch> scratch_;
    std::unique_ptr<StepPipeline> pipeline_;  ///< broad phase, contact cache, solver arrays
};

/// The sensor of a sensor pair (a SensorBegin / SensorEnd event's, or World::sensorOverlaps')
/// first, the body it senses second.
std::pair<BodyId, BodyId> sensorAndVisitor(const World& world, const PairTouch& pair);

} // namespace tumble
