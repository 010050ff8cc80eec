#pragma once
// The world's collision and solver state between steps: the broad phase, the contact cache
// and the dense arrays the solver runs on. Private to the engine.
#include "collision/broadphase.h"
#include "collision/narrowphase.h"
#include "core/task_system.h"
#include "dynamics/material_table.h"
#include "solver/contact_solver.h"
#include "solver/islands.h"
#include "solver/joint_rows.h"
#include "solver/position_solver.h"
#include "solver/solve_context.h"
#include "tumble/world.h"
#include "world/thread_choice.h"

#include <memory>
#include <vector>

namespace tumble {

/// What one block of the narrow phase's pairs produced (world_narrow.cpp).
struct NarrowBlock {
    /// In the pairs' order, kept-asleep ones between (with several blocks; one block writes
    /// the cache itself).
    std::vector<ContactManifoldInfo> manifolds;
    std::vector<ChildManifold> found;           ///< scratch: one pair's manifolds
    std::vector<ContactManifoldInfo> fresh;     ///< scratch: a pair's records measured afresh
    std::vector<uint32_t> sensorPairs;          ///< candidate pairs with one sensor, to sense
    DispatchCounts dispatch{};
    int touching = 0, points = 0, reused = 0;
    int keptAsleep = 0; ///< of the touching, pairs kept asleep (keepAsleep)
    int culled = 0; ///< candidate pairs whose bodies' boxes are farther apart than the margin
    float deepest = 0.0f;                       ///< m, the most negative separation
    void reset();
};

struct StepPipeline {
    TaskSystem tasks;                              ///< the step's threads (Settings::threads)
    ThreadChooser threadChooser;                   ///< with Settings::threads 0
    std::unique_ptr<Broadphase> broadphase;
    std::vector<Aabb> boxes;                       ///< by slot: this step's bounding boxes
    std::vector<BodyPair> pairs;                   ///< this step's candidate pairs, sorted
    BroadphaseStats broadphaseStats;
    /// The contact cache: one manifold per pair, sorted by (bodyA.index, bodyB.index).
    std::vector<ContactManifoldInfo> manifolds;
    /// Last step's cache while matching, where the narrow phase writes two arrays; rewriting
    /// in place, where the records not yet read go when room is needed (world_narrow.cpp).
    std::vector<ContactManifoldInfo> previous;
    std::vector<ChildManifold> childManifolds;     ///< one sensor pair's, while it is sensed
    std::vector<NarrowBlock> narrowBlocks;         ///< the narrow phase's blocks
    /// This step's narrow phase, if one block, rewrites the cache in place: last step's
    /// re-measured or kept asleep most of its pairs and spilled nothing (world_narrow.cpp).
    bool cacheInPlace = true;
    /// This step's solver figures, parallel to `manifolds` (same index); not carried over.
    std::vector<ContactManifoldFigures> contactFigures;
    std::vector<PairTouch> sensorOverlaps;         ///< this step's, sorted by slots (World::sensorOverlaps)
    std::vector<PairTouch> previousSensorOverlaps; ///< last step's while matching
    std::vector<ContactEvent> contactEvents;       ///< this step's (World::contactEvents)
    /// Scratch of recordContactEvents; touchingNow also holds last step's pairs from the
    /// narrow phase (keepTouchingBefore) until recordContactEvents takes them as touchingBefore.
    std::vector<PairTouch> touchingNow, touchingBefore;
    /// touchingNow describes last step's cache (nothing edited it since the step that measured
    /// it, or keepTouchingBefore took it after an edit), so the step takes it as its touchingBefore.
    bool touchingNowCurrent = false;
    DispatchCounts dispatch{};
    MaterialTable materialTable;
    std::vector<SolverBody> bodies;                ///< by slot
    std::vector<SplitVelocity> split;              ///< by slot: split impulse's pseudo-velocities
    std::vector<StartVelocity> start;              ///< by slot, before gravity
    std::vector<ContactConstraint> constraints;    ///< this step's hot contact rows
    std::vector<ContactRowHeader> rowHeaders;      ///< which manifold and bodies each row is
    std::vector<SolverPose> poses;                 ///< by slot: the solve's poses, and NGS's
    VelocityScratch velocityScratch;
    IslandBuilder islands;
    std::vector<float> islandMinSleep;             ///< by island root: shortest still time
    std::vector<JointRow> jointRows;               ///< this step's joint rows, joint by joint
    std::vector<uint32_t> jointRowStart;           ///< by joint slot: first row (rows of one joint are contiguous)
    std::vector<uint32_t> jointRowCount;
    std::vector<SolverBody> positionBodies;        ///< joint position iterations: masses at the new poses
    std::vector<JointRow> positionRows;            ///< one joint's rows in a position iteration
    std::vector<std::vector<float>> jointImpulses; ///< by joint slot: last step's accumulated impulses
    std::vector<int> level;                        ///< by slot: contacts away from the ground
    std::vector<uint8_t> anchored;                 ///< by slot: 1 for a live static or kinematic body (level 0)
    std::vector<uint32_t> levelQueue, levelStart, levelNext, levelLinks; ///< shock pass: the contact graph, its search
    /// Shock pass: what its order was computed from (each row's graphRowKey with the anchored
    /// flags, then how many bodies are anchored), and what it gave (frozen sides, levels, order).
    std::vector<uint64_t> shockGraph, shockGraphNow;
    std::vector<uint8_t> shockFrozenSide;
    std::vector<uint32_t> shockLevel, shockOrder;
    std::vector<uint32_t> ordinal;                 ///< per slot: its place among live bodies
    std::vector<int> islandOf;                     ///< by slot: island root, -1 when not dynamic
    SolverStats solverStats;
    std::unique_ptr<MethodData> methodData;        ///< the running method's own data
    bool figuresOn = false;                        ///< World::setContactFigures
    bool landings = false;                         ///< a solved point lands this step (prepareContacts)
    bool rowsWhole = true;                         ///< `constraints` whole after the solve (SolveContext::rowsWhole)
    BounceScratch bounceScratch;                   ///< bounceLandings' gathered rows
    bool probeOn = false;                          ///< World::setSolverProbe
    SolverProbe probe;                             ///< what the probe recorded last step
    bool traceOn = false;                          ///< World::setStepTrace
    StepTrace trace;                               ///< what the step debugger recorded last step
    float lastDt = 0.0f;                           ///< dt of the previous step (impulse rescale)
    Settings lastSettings;                         ///< to wake everything when a setting changes
    bool hasLastSettings = false;
};

template <class F> void World::forEachSlot(F&& f) {
    // Bodies per block: integrating one is a fraction of a microsecond.
    constexpr uint32_t kSlotsPerBlock = 256;
    pipeline_->tasks.parallelFor(static_cast<uint32_t>(slots_.size()), kSlotsPerBlock, [&](uint32_t begin, uint32_t end) {
        for (uint32_t i = begin; i < end; ++i) f(i);
    });
}

} // namespace tumble
