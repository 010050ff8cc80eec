#pragma once
/// \file settings.h
/// Every tunable of the world and the solver in one plain struct. The UI edits it in
/// place, scene files fill it, `--set` patches it, and the world reads it at the start
/// of every step, so a change is live at the next step. Field names match the keys of
/// the scene file's `settings` section (shared/SCENE_FORMAT.md).
#include <glm/vec3.hpp>
#include <cstdint>
#include <string>
#include <string_view>
#include <optional>

namespace tumble {

/// How velocities and positions advance over one step.
enum class Integrator {
    ExplicitEuler,   ///< x += v dt with the old v, then v += a dt: gains energy, orbits spiral out
    SymplecticEuler, ///< v += a dt, then x += v dt with the new v: bounded energy error (default)
    VelocityVerlet,  ///< half kick, drift, half kick: second order for position-only forces
};

/// How the gyroscopic term -w x (I w) of Euler's equations is handled.
enum class Gyroscopic {
    None,     ///< dropped: w stays constant without torque (a free box never tumbles)
    Explicit, ///< explicit step, then |L| renormalised: keeps a free body's angular momentum (default)
    Implicit, ///< one Newton step of backward Euler (Catto 2015): stable but loses |L| and energy
};

/// Broad phase algorithm (collision issue).
enum class BroadphaseType { BruteForce, SortAndSweep, DynamicTree };

/// How two materials' friction or restitution combine into the pair's value.
enum class CombineRule { GeometricMean, Pythagorean, Average, Min, Max, Multiply };

/// How penetration is removed.
enum class PositionCorrection { None, Baumgarte, SplitImpulse, NonlinearGaussSeidel };

/// Shape of the Coulomb friction bound.
enum class FrictionModel { Pyramid, Cone };

/// Sleeping: an island sleeps when all its bodies stay under both thresholds for timeToSleep.
struct SleepSettings {
    bool enabled = true;           ///< allow islands to sleep
    float timeToSleep = 0.5f;      ///< s a body must stay slow before it may sleep
    float linearThreshold = 0.05f; ///< m/s
    float angularThreshold = 0.05f;///< rad/s
    friend bool operator==(const SleepSettings&, const SleepSettings&) = default;
};

/// The contact and joint solver's knobs.
struct SolverSettings {
    /// Name of the method, a row of solverMethods() (solver_methods.h): "gaussSeidel" (block
    /// Gauss-Seidel, default), "pgs", "jacobi", "sor", "randomOrder", "dantzig", "lemke",
    /// "softStep", "tgs", "xpbd".
    std::string method = "gaussSeidel";
    int velocityIterations = 10;   ///< passes over all velocity rows per step, 0..200
    /// m/s, 0 = off (gaussSeidel, pgs, jacobi, sor, randomOrder): stop the passes early once the residual
    /// ||r||_2 over the rows (solver_probe.h) is at most this; velocityIterations stays the
    /// limit. The Solver panel and the probe report the passes used. 0..100.
    float tolerance = 0.0f;
    int positionIterations = 3;    ///< nonlinear Gauss-Seidel / split impulse passes, 0..200
    bool warmStarting = true;      ///< start each step from last step's accumulated impulses
    float warmStartFactor = 1.0f;  ///< scale of the warm-start impulse, 0..1
    PositionCorrection positionCorrection = PositionCorrection::SplitImpulse;
    float erp = 0.2f;              ///< error reduction per step, 0..1: bias = erp/dt * max(depth - slop, 0)
    float slop = 0.005f;           ///< m of penetration left alone, so resting contacts persist
    float maxCorrectionVelocity = 3.0f; ///< m/s cap on the position-correction push-out speed
    float restitutionThreshold = 0.5f;  ///< m/s: slower approaches do not bounce
    float relaxation = 1.0f;       ///< successive over-relaxation factor, (0, 2)
    FrictionModel frictionModel = FrictionModel::Pyramid;
    /// One last Gauss-Seidel pass, bottom-up from the ground, in which the body nearer the
    /// ground of each contact counts as infinitely heavy (Guendelman et al. 2003): what is
    /// left of the load error cannot tilt a stack, so tall stacks and pyramids stand.
    bool shockPropagation = true;
    /// Static friction anchors, 0..1 per step (0 = off): a sticking point keeps how far it
    /// has crept since it stuck (ContactPointInfo::drift) and its friction rows aim to take
    /// this share of it back each step, target -rate/dt (drift . t). Without them the small
    /// slips an unconverged solve leaves every step add up, and the top of a large pyramid
    /// walks off.
    float frictionAnchorRate = 0.02f;
    /// Constraint force mixing, 1/kg (rigid row methods): the rows solve
    /// (J M^-1 J^T + cfm) lambda = -(Cdot - target), a regularisation that lets a row give
    /// by cfm lambda m/s; 0 is rigid. 0..1.
    float cfm = 0.0f;
    /// SOR's own omega, (0, 2): every row step is scaled by it before the clamp. 1.3 converges
    /// a stack in fewer passes than plain PGS; near 2 it rings.
    float overRelaxation = 1.3f;
    uint32_t seed = 1;             ///< random row order: the shuffle's seed (with the step number)
    /// Exact solvers: largest island (in rows) solved exactly; larger islands fall back to
    /// row-by-row PGS for that step and the Solver panel says so. 1..20000. Pivoting costs
    /// O(n^3) per island: 600 rows (50 boxes on a floor) take about 30 ms with friction.
    int exactMaxRows = 600;
    /// Sub-stepping methods (soft step, TGS, XPBD): sub-steps per step, 1..64. 8 with 60 Hz
    /// contacts is what keeps the 5,050-cube pyramid standing (4 sub-steps let it buckle).
    int substeps = 8;
    int relaxIterations = 1;       ///< soft step: passes without bias after each sub-step, 0..50
    /// Wide method: manifolds solved side by side, 0 (the widest the CPU runs: 8 with AVX2,
    /// else 4), 4 (SSE2) or 8 (AVX2; 4 on a CPU without it). Every width gives the same state
    /// hash: only the time changes.
    int simdLanes = 0;
    /// Wide method, one thread: manifolds of whole islands solved as one batch, every pass of
    /// a batch before the next, while its groups stay in the core's cache; a batch closes once
    /// it reaches this many, 0..1,000,000 (0: every pass over every manifold at once). Every
    /// size gives the same state hash: only the time and the memory change.
    int islandBatchRows = 512;
    float contactHertz = 60.0f;    ///< soft step / TGS: stiffness of contact push-out, Hz (capped at a quarter of the sub-step rate)
    float contactDampingRatio = 10.0f; ///< soft step / TGS: damping ratio of the contact spring
    float jointHertz = 60.0f;      ///< soft step / TGS / XPBD: stiffness of joint drift removal, Hz
    float jointDampingRatio = 5.0f;///< soft step / TGS: damping ratio of the joint spring
    float compliance = 0.0f;       ///< XPBD: contact compliance alpha, m/N (0 = rigid)
    friend bool operator==(const SolverSettings&, const SolverSettings&) = default;
};

/// What the step flags as suspicious (events in the report, markers in the app).
struct WatchdogSettings {
    bool enabled = true;
    float maxSpeed = 200.0f;       ///< m/s: a body faster than this is flagged
    float maxPenetration = 0.5f;   ///< m: an overlap deeper than this is flagged
    float maxEnergyGain = 1.0f;    ///< total energy growing in one step by more than this share
                                   ///< of (kinetic energy + lifting every body 10 cm + 1 J) is flagged
    friend bool operator==(const WatchdogSettings&, const WatchdogSettings&) = default;
};

/// The box the world's bodies live in. A dynamic body whose centre leaves it is frozen where
/// it left (put to sleep for good, no wake reaches it while it is outside) and reported once
/// as an event naming it, so a body that rolls off the ground stops instead of falling for
/// ever (and being flagged too fast every step from about 2 km down). Each coordinate in
/// [-1e6, 1e6] m, min below max on every axis.
struct WorldBounds {
    bool enabled = true;     ///< freeze bodies outside the box (off: they fly on until non-finite)
    glm::vec3 min{-1000.0f}; ///< m, lower corner
    glm::vec3 max{1000.0f};  ///< m, upper corner
    /// True when `p` lies inside the box, faces included (a non-finite p is outside).
    bool contains(const glm::vec3& p) const {
        return p.x >= min.x && p.y >= min.y && p.z >= min.z && p.x <= max.x && p.y <= max.y &&
               p.z <= max.z;
    }
    friend bool operator==(const WorldBounds&, const WorldBounds&) = default;
};

/// The physics step's range, s, shared by the scene reader and clampSettings so a file's
/// value is never moved by a panel. Below 10 us a step is too short for float state (a
/// denormal dt overflows 1/dt); above 1/15 s contacts and joints lose their stiffness.
inline constexpr float kMinTimestep = 1e-5f;
inline constexpr float kMaxTimestep = 1.0f / 15.0f;

/// Every tunable of a world. Defaults are the documented defaults of scene files.
struct Settings {
    glm::vec3 gravity{0.0f, -9.81f, 0.0f}; ///< m/s^2
    float timestep = 1.0f / 60.0f;          ///< physics dt in s, [kMinTimestep, kMaxTimestep]
    float maxFrameTime = 0.25f;             ///< s of frame time the stepper accepts per frame (spiral-of-death clamp)
    Integrator integrator = Integrator::SymplecticEuler;
    Gyroscopic gyroscopic = Gyroscopic::Explicit;
    BroadphaseType broadphase = BroadphaseType::DynamicTree;
    float contactMargin = 0.02f;            ///< m: contacts form this close before touching (speculative)
    /// Persistent contacts: a touching pair of boxes or hulls re-measures last step's manifold
    /// at the new poses (its points are fixed on both surfaces) instead of running the
    /// separating-axis test and clipping again, and is measured afresh one step in this many,
    /// 1..64 (1 = every pair afresh every step).
    int contactReuseSteps = 8;
    /// m: a re-measured manifold is dropped for a fresh one once a point has slid this far
    /// across the normal since it was built (or the normals seen from both bodies turn apart
    /// by this much per metre).
    float contactReuseSlide = 0.002f;
    CombineRule frictionCombine = CombineRule::GeometricMean;
    CombineRule restitutionCombine = CombineRule::Max;
    /// Rolling resistance and torsional friction of a pair. max (default): a soft tyre rolls
    /// as hard on any floor, where the geometric mean would give 0 against a floor without any.
    CombineRule rollingCombine = CombineRule::Max;
    WorldBounds worldBounds;                ///< m, the box dynamic bodies are frozen outside of
    SleepSettings sleep;
    SolverSettings solver;
    WatchdogSettings watchdog;
    /// Threads a step runs on, the stepping thread included: 0 = one per core the machine
    /// has, else 1..64. The step's parallel loops (narrow phase, contact rows, the wide
    /// method's colours) give the same bits at any count, so this changes speed, never
    /// the simulation.
    int threads = 0;
    friend bool operator==(const Settings&, const Settings&) = default;
};

/// Names as written in scene files ("symplecticEuler", "dynamicTree" ...).
std::string_view toString(Integrator v);
std::string_view toString(Gyroscopic v);
std::string_view toString(BroadphaseType v);
std::string_view toString(CombineRule v);
std::string_view toString(PositionCorrection v);
std::string_view toString(FrictionModel v);

/// Parse a scene-file name; empty when the name is unknown.
template <class Enum> std::optional<Enum> enumFromString(std::string_view name);

/// Comma-separated list of the names an enum accepts, for error messages and tooltips.
template <class Enum> std::string enumChoices();

/// Whether two settings step the same simulation: equal but for the thread count, which
/// changes speed only (a change of anything else wakes every body, so it is seen at once).
bool sameSimulation(const Settings& a, const Settings& b);

/// Clamp every field into its valid range (sliders and typed values go through this).
/// Returns true when something had to change.
bool clampSettings(Settings& s);

} // namespace tumble
