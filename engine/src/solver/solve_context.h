#pragma once
// The seam between World::step and the solver methods. World builds one SolveContext per step
// and calls the chosen row of the method table (solver_methods.h) with it; the method owns
// everything from preparing rows to storing impulses: warm starting, iterations, sub-steps,
// relaxation and restitution, and (for methods that say so in the table) integration. What
// only the world can do (forces on bodies, moving bodies, joints' bookkeeping) it asks through
// SolveWorld. Stages are timed into Profile by name (StageTimer).
#include "core/task_system.h"
#include "solver/contact_solver.h"
#include "solver/joint_rows.h"
#include "solver/position_solver.h"
#include "tumble/settings.h"
#include "tumble/solver_probe.h"
#include "tumble/step_trace.h"
#include "tumble/world.h"
#include "world/timer.h"

#include <memory>
#include <span>
#include <typeinfo>
#include <vector>

namespace tumble {

/// What a method may ask of the world during the solve (World implements it, world_solve.cpp).
class SolveWorld {
public:
    /// Forces, gravity (and force fields at the current poses), gyroscopic term and damping
    /// over h, into the solver bodies' velocities. For methods that integrate themselves.
    virtual void integrateVelocities(float h) = 0;
    /// Move every awake non-static body over h with its solver body's velocity (symplectic
    /// Euler); refreshes the solver bodies' world inverse inertia and SolveContext::poses.
    virtual void integratePositions(float h) = 0;
    /// Move body `index` by dx and rotate it by the small rotation dtheta (rad, world): the
    /// position-based methods' direct corrections. Refreshes its record and pose.
    virtual void displace(uint32_t index, const glm::vec3& dx, const glm::vec3& dtheta) = 0;
    /// Build the joint rows (and the drag spring's) at the bodies' current poses into
    /// SolveContext::jointRows, each row's impulse set to last step's (or, with keepImpulses,
    /// to the impulse the same row has now: a sub-step rebuilding its rows). Not applied.
    virtual void prepareJoints(const StepContext& step, bool keepImpulses) = 0;
    /// After the solve: cache the joints' impulses, reaction forces, breaking.
    virtual void finishJoints() = 0;
    /// The shock-propagation pass's order, into SolveContext::scratch: each contact row's
    /// frozen side (the body nearer the ground), its level (the lower of its bodies') and the
    /// rows bottom-up (VelocityScratch). The pass itself is the method's (RigidPasses::shock).
    /// True when the contact graph is the one of the last order computed (a pile at rest):
    /// the order is then that one, as a method that kept what it built from it may rely on.
    virtual bool shockOrder() = 0;

protected:
    ~SolveWorld() = default;
};

/// A method's own data kept from step to step (derive from it; SolveContext::data holds it).
struct MethodData {
    virtual ~MethodData() = default;
};

/// Everything one solve may touch, built once per step by World::solve.
struct SolveContext {
    const SolverSettings& solver;
    StepContext step;                           ///< derived from Settings once (dt, bias factors)
    uint64_t stepIndex = 0;                     ///< the world's step count (seeds random order)
    std::span<ContactManifoldInfo> manifolds;   ///< the persistent contact cache
    std::span<ContactManifoldFigures> figures;  ///< by manifold: this step's figures, zeroed; empty when off
    std::span<const StartVelocity> start;       ///< by slot: velocities before this step's forces
    std::vector<SolverBody>& bodies;            ///< by slot; prepareJoints appends the world's record
    std::span<SplitVelocity> split;             ///< by slot: split impulse's pseudo-velocities, zeroed
    std::vector<SolverPose>& poses;             ///< by slot: current poses
    std::vector<ContactConstraint>& constraints;///< this step's contact rows
    std::vector<JointRow>& jointRows;           ///< this step's joint rows
    VelocityScratch& scratch;
    SolveWorld& world;
    Profile& profile;
    SolverStats& stats;
    std::unique_ptr<MethodData>& data;
    SolverProbe* probe;                         ///< what each pass did (probe.h); null when off
    StepTrace* trace;                           ///< the step debugger's record (trace.h); null when off
    TaskSystem& tasks;                          ///< the step's threads: loops whose indices own what they write
    bool landings = false;                      ///< prepareStage: a speculative point lands within this step
    /// False when `constraints` are not the step's rows, one per row header, after the solve
    /// (the wide method keeps its rows in its groups and only the overflow's here): the
    /// landing bounce then computes the rows it needs.
    bool rowsWhole = true;
    /// Which manifold and bodies each contact row is (contactRowHeaders), whether a manifold
    /// rolls or twists and how many points the rows have: filled by World::solve before the
    /// method runs.
    std::span<const ContactRowHeader> rowHeaders{};
    bool rowsRollOrTwist = false;
    uint32_t rowPoints = 0;

    /// The method's own data, made afresh when the method changed since last step.
    template <class T> T& dataAs() {
        // The held object's dynamic type, read through a reference: typeid(*data) calls
        // operator*, an expression with effects to clang (-Wpotentially-evaluated-expression).
        const MethodData* held = data.get();
        if (!held || typeid(*held) != typeid(T)) data = std::make_unique<T>();
        return static_cast<T&>(*data);
    }
};

} // namespace tumble
