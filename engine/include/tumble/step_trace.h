#pragma once
/// \file step_trace.h
/// A step inside a step: the step debugger's record of one World::step, stage by stage and,
/// inside the solver's passes, constraint by constraint in solve order. With the trace on
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
///  - XPBD visits every constraint of every sub-step (TraceVisit::xpbd says which part of
///    the sub-step). Its position pass (iteration 0) projects each joint (its rows swept
///    together: one visit) and then each manifold (its normal rows and its static friction
///    swept together: one visit) onto its constraint by moving the two bodies' poses: a
///    positional visit records the poses before and after (xA0 .. qB1), the Lagrange
///    multiplier change (a position impulse, kg m = N s^2; kg m^2 for a rotation) and the
///    position error C before. The velocity rows of springs come before the drift in the same
///    iteration. Its velocity pass (iteration 1) visits each motor row, each manifold's
///    restitution and each point's dynamic friction with velocities before and after, as the
///    other methods do. Within a sub-step each visit starts from the poses and velocities the
///    one before it left (the velocities are derived from the poses between the two passes).
///    Rolling resistance and torsional friction are not visited (by any method).
///  - Dantzig and Lemke record their stages and passes only: they pivot over all rows at once,
///    so there is no constraint order to stop in.
#include "tumble/solver_probe.h"

#include <glm/gtc/quaternion.hpp>
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

/// Which part of an XPBD sub-step a visit is (methods/xpbd.cpp has the math).
enum class XpbdVisit : uint8_t {
    None,            ///< not an XPBD visit
    Spring,          ///< a spring's velocity row, before the drift (iteration 0)
    Projection,      ///< the position pass (iteration 0): a joint or a manifold moved onto C = 0
    Motor,           ///< the velocity pass (iteration 1): a motor row
    Restitution,     ///< the velocity pass: a manifold's normal velocities (bounce or rest)
    DynamicFriction, ///< the velocity pass: one point's sliding friction
};

/// One constraint solved in one pass.
struct TraceVisit {
    int substep = 0;              ///< 0-based sub-step (0 when the method does not sub-step)
    int iteration = 0;            ///< 0-based pass within the sub-step (or the step)
    bool relax = false;           ///< soft step: a relax pass (rigid rows toward Cdot = 0, no bias)
    bool simultaneous = false;    ///< Jacobi: applied with the pass's other visits at its end
                                  ///< (before = the pass start, after = it plus this visit's share)
    bool joint = false;           ///< a joint row (an XPBD projection: all of one joint's rows),
                                  ///< else contact rows
    bool wholeManifold = false;   ///< block Gauss-Seidel, soft step, TGS, Jacobi, XPBD: all of a
                                  ///< manifold's rows
    ProbeRowKind kind = ProbeRowKind::Normal; ///< a scalar row's kind (not whole manifolds)
    uint32_t source = 0;          ///< contact: index into World::contacts(); joint: joint row (an XPBD
                                  ///< projection: the joint's slot, JointId::index)
    int point = 0;                ///< a scalar contact row's point
    uint32_t bodyA = 0, bodyB = 0;///< body slot indices
    float deltaNormal = 0.0f;     ///< N s added to the normal rows (summed over the manifold's points;
                                  ///< an XPBD contact projection: deltaLambda / h)
    float deltaFriction = 0.0f;   ///< N s, length of the friction impulse added (an XPBD contact
                                  ///< projection: deltaLambdaFriction / h)
    float deltaJoint = 0.0f;      ///< N s added to a joint row (0 for an XPBD joint projection:
                                  ///< see deltaLambda)
    glm::vec3 vA0{0.0f}, wA0{0.0f}, vB0{0.0f}, wB0{0.0f}; ///< velocities before (m/s, rad/s)
    glm::vec3 vA1{0.0f}, wA1{0.0f}, vB1{0.0f}, wB1{0.0f}; ///< and after
    XpbdVisit xpbd = XpbdVisit::None; ///< XPBD: which part of the sub-step
    // A positional visit (XPBD's position pass) moves poses: the velocities above stay zero.
    // Its lambda is a position impulse: dx = lambda J / m, so kg m (= N s^2) for a row along
    // a direction and kg m^2 (= N m s^2) for a rotation about an axis; lambda / h is the
    // velocity impulse (N s) and lambda / h^2 the force (N). Each constraint is projected once
    // a sub-step with lambda starting at 0, so dlambda is the sub-step's lambda.
    glm::vec3 xA0{0.0f}, xB0{0.0f}; ///< positional: centres of mass (m, world) before
    glm::vec3 xA1{0.0f}, xB1{0.0f}; ///< and after
    glm::quat qA0{1, 0, 0, 0}, qB0{1, 0, 0, 0}; ///< positional: orientations before
    glm::quat qA1{1, 0, 0, 0}, qB1{1, 0, 0, 0}; ///< and after
    float deltaLambda = 0.0f;         ///< positional, kg m: a manifold's normal rows summed over its
                                      ///< points, a joint's linear rows (length of their dlambda)
    float deltaLambdaFriction = 0.0f; ///< positional contact, kg m: length of static friction's
                                      ///< dlambda along the two tangents (0 when the pair slides)
    float deltaLambdaAngular = 0.0f;  ///< positional, kg m^2: a manifold's twist row |dlambda|, a
                                      ///< joint's angular rows (length of their dlambda)
    float errorBefore = 0.0f;         ///< positional, m: contact: C = -overlap of its deepest point
                                      ///< (< 0 penetrating); joint: length of its linear rows' C
                                      ///< (a limit's only where it is crossed)
    float angularErrorBefore = 0.0f;  ///< positional joint, rad: length of its angular rows' C
    float complianceTilde = 0.0f;     ///< positional contact, 1/kg: alpha~ = alpha / h^2 of each
                                      ///< point (alpha: the pair's compliance times its points)

    /// XPBD's position pass: the poses and dlambda fields hold, the velocities do not.
    bool positional() const { return xpbd == XpbdVisit::Projection; }
};

/// Everything one traced step recorded.
struct StepTrace {
    uint64_t step = 0;            ///< World::stepCount after the step
    std::string method;           ///< the method's table name
    std::vector<TraceMark> marks; ///< in order
    std::vector<TraceVisit> visits; ///< in solve order
    bool truncated = false;       ///< more than kMaxVisits visits: the rest were not kept
    static constexpr size_t kMaxVisits = 200000; ///< visits kept at most (280 bytes each: 56 MB)
};

} // namespace tumble
