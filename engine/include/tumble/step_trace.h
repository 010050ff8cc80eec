#pragma once
/// \file step_trace.h
/// A step inside a step: the step debugger's record of one World::step, stage by stage and,
/// inside the velocity passes, constraint by constraint in solve order. With the trace on
/// (World::setStepTrace) the step keeps a mark at the end of every stage (with the kinetic
/// energy there and what the stage produced) and one visit per constraint a pass solved: which
/// constraint, the impulse it added, and its two bodies' velocities before and after. The
/// trace only watches: a traced step computes exactly what an untraced one does (same state
/// hash), so "break at constraint j of pass k, then resume" is walking the trace of a step
/// that ran whole. traceStep (solver_compare.h) re-runs any recorded step with the trace on.
///
/// Which methods show single constraints, and what a visit means in each:
///  - Block Gauss-Seidel visits manifold by manifold (a manifold's rows are one block) and
///    joint row by joint row; PGS, SOR and random order visit every scalar row. Each visit
///    starts from the velocities the visit before it left.
///  - The soft step and TGS visit manifold by manifold and joint row by joint row in every
///    pass of every sub-step (TraceVisit::substep; the soft step's relax passes have
///    TraceVisit::relax). Within a sub-step each visit starts where the one before it left;
///    between sub-steps the forces and the warm start change the velocities (no visit). Their
///    impulses are a sub-step's (N s over h): the contact cache holds n times the sum.
///  - Jacobi visits manifold by manifold and joint row by joint row, but every visit of a pass
///    reads the pass's start velocities and the pass applies all their impulses together at
///    its end (TraceVisit::simultaneous): a visit's "before" is the pass start and its "after"
///    is the pass start plus that constraint's own share only. The shares of a pass add up to
///    what the pass changed.
///  - XPBD, Dantzig and Lemke record their stages and passes only. XPBD's position pass moves
///    poses rather than velocities and sweeps a joint's rows together: its projections would
///    need pose fields a visit does not have. The exact solvers pivot over all rows at once,
///    so there is no constraint order to stop in.
#include "tumble/solver_probe.h"

#include <glm/vec3.hpp>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace tumble {

/// The stages of World::step the debugger can break at.
enum class TraceStage : uint8_t {
    BroadPhase,         ///< candidate pairs found
    NarrowPhase,        ///< contact manifolds built and matched with last step's
    Prepare,            ///< rows, effective masses, biases
    WarmStart,          ///< last step's impulses applied
    Pass,               ///< one velocity pass (iteration) ended
    Relax,              ///< shock propagation, split impulse, relax and restitution
    IntegratePositions, ///< poses moved (sub-stepping methods: inside their passes)
    CorrectPositions,   ///< nonlinear Gauss-Seidel and joint drift
    Continuous,         ///< bullets put back to their time of impact (count: how many)
    Sleep,              ///< islands and sleeping
};

/// "broad phase", "narrow phase", ...
const char* traceStageName(TraceStage stage);

/// The end of one stage.
struct TraceMark {
    TraceStage stage = TraceStage::BroadPhase;
    int substep = 0;              ///< Pass: the sub-step (0 when the method does not sub-step)
    int iteration = 0;            ///< Pass: the pass within it
    bool relax = false;           ///< Pass: a soft-step relax pass (rigid rows, no bias)
    size_t visitsBefore = 0;      ///< visits recorded before this mark
    double kineticEnergy = 0.0;   ///< J, of the solver's bodies (or the world's) at this point
    int count = 0;                ///< what the stage produced: pairs, manifolds, rows, passes...
};

/// One constraint solved in one pass.
struct TraceVisit {
    int substep = 0;              ///< 0-based sub-step (0 when the method does not sub-step)
    int iteration = 0;            ///< 0-based pass within the sub-step (or the step)
    bool relax = false;           ///< soft step: a relax pass (rigid rows toward Cdot = 0, no bias)
    bool simultaneous = false;    ///< Jacobi: applied with the pass's other visits at its end
                                  ///< (before = the pass start, after = it plus this visit's share)
    bool joint = false;           ///< a joint row, else contact rows
    bool wholeManifold = false;   ///< block Gauss-Seidel, soft step, TGS, Jacobi: all of a manifold's rows
    ProbeRowKind kind = ProbeRowKind::Normal; ///< a scalar row's kind (not whole manifolds)
    uint32_t source = 0;          ///< contact: index into World::contacts(); joint: joint row
    int point = 0;                ///< a scalar contact row's point
    uint32_t bodyA = 0, bodyB = 0;///< body slot indices
    float deltaNormal = 0.0f;     ///< N s added to the normal rows (summed over the manifold's points)
    float deltaFriction = 0.0f;   ///< N s, length of the friction impulse added
    float deltaJoint = 0.0f;      ///< N s added to a joint row
    glm::vec3 vA0{0.0f}, wA0{0.0f}, vB0{0.0f}, wB0{0.0f}; ///< velocities before (m/s, rad/s)
    glm::vec3 vA1{0.0f}, wA1{0.0f}, vB1{0.0f}, wB1{0.0f}; ///< and after
};

/// Everything one traced step recorded.
struct StepTrace {
    uint64_t step = 0;            ///< World::stepCount after the step
    std::string method;           ///< the method's table name
    std::vector<TraceMark> marks; ///< in order
    std::vector<TraceVisit> visits; ///< in solve order
    bool truncated = false;       ///< more than kMaxVisits visits: the rest were not kept
    static constexpr size_t kMaxVisits = 200000; ///< visits kept at most (about 25 MB)
};

} // namespace tumble
