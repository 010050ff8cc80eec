#pragma once
// Sequential impulses on contact manifolds (Catto, "Iterative Dynamics with Temporal
// Coherence", GDC 2005; box2d-lite). Per point: one normal row and two friction rows.
//
//   relative velocity  vrel = vB + wB x rB - vA - wA x rA
//   normal row         Cdot = n . vrel,  J = [-n, -(rA x n), n, (rB x n)]
//   effective mass     m_n = 1 / (mA + mB + (IA (rA x n)) . (rA x n) + (IB (rB x n)) . (rB x n))
//   impulse            dlambda = -m_n (Cdot - target), lambda_n = max(lambda_n + dlambda, 0)
//   friction rows      the same with t1, t2 of each point: while it sticks, |lambda_t| <=
//                      mu_s lambda_n per axis (pyramid) or on the length of (lambda_t1,
//                      lambda_t2) (cone); while it slides, t1 is its own slip direction and
//                      -mu_d lambda_n <= lambda_t1 <= mu_d lambda_n, lambda_t2 = 0 (both models)
//   target             max(restitution target, Baumgarte bias) when touching,
//                      -separation / dt for speculative points (may approach, not cross);
//                      one reached within the step bounces after positions (bounceLandings)
//
// Order within a manifold: friction first, then normal. The last row solved is satisfied
// best, and not sinking matters more than not sliding, so the normal row goes last.
//
// Hot and cold data apart. prepareContacts reads the contact cache (ContactManifoldInfo: the
// public view with positions, feature ids, anchors and impulses) once, writes the step's
// inspector figures beside it (ContactManifoldFigures) and builds a dense array of
// ContactConstraint with only what the iterations touch. A manifold's rows
// live side by side, one point per lane of a float4, and the couplings between them are
// computed once per step:
//
//   C_(i,a),(j,b) = J_(i,a) M^-1 J_(j,b)^T      a, b in {n, t1, t2}, i, j the points
//
// so a row's Cdot after the rows before it is Cdot0 + sum C dlambda: within a manifold the
// rows talk through these numbers, and the bodies' velocities change once, at its end. The
// visiting order and every clamp are those of solving the rows one by one.
#include "core/float4.h"
#include "solver/solver_body.h"
#include "tumble/contact.h"

#include <cassert>
#include <cstdint>
#include <span>
#include <vector>

namespace tumble {

/// Velocities at the start of the step, before gravity and before warm starting: the
/// restitution target and the stick/slip choice are taken from these.
struct StartVelocity {
    glm::vec3 v{0.0f};
    glm::vec3 w{0.0f};
};

/// Relative tangential speed (m/s) below which a point uses static friction.
inline constexpr float kStickSpeed = 0.01f;
/// Relative tangential speed (m/s) below which a point held last step is still held: above
/// the few cm/s a settling pile jitters at, below any slide a user starts.
inline constexpr float kHoldSpeed = 0.25f;

/// Rows of a manifold, by axis.
enum RowAxis { kNormalRow = 0, kTangent1Row = 1, kTangent2Row = 2 };

/// The coupling K_ij = J_i M^-1 J_j^T of one manifold's normal rows and the inverses of its
/// diagonal. K is symmetric: K[j] is column j and row j. Lanes past the point count are zero.
struct NormalBlock {
    float4 K[4] = {};
    float4 invDiagonal{};
};

/// One touching manifold's rows as the iterations see them. Lane k is point k; lanes past
/// the point count are zero, so they never push.
struct ContactConstraint {
    /// Each point's n, t1, t2 (unit; lanes past the point count zero). n is the manifold's in
    /// every lane; t1, t2 are the manifold's basis where the point sticks and its own slip
    /// direction (and n x it) where it slides, so every sliding point is braked exactly
    /// against its slip: a spinning box's corners each along their own circle.
    LaneVectors axis[3];
    LaneVectors rA, rB;           ///< m, from each centre of mass to the point
    /// Angular velocity a unit impulse on row (point, axis) gives each body: IA (rA x axis)
    /// and IB (rB x axis) (Jolt's AxisConstraintPart), so applying impulses is scale-and-add.
    LaneVectors responseA[3], responseB[3];
    NormalBlock block;            ///< with the bodies' masses, or frozen ones in the shock pass
    /// frictionToNormal[j][b]: change of the normal rows (all points) per unit impulse on point
    /// j's friction row b (t1, t2).
    float4 frictionToNormal[4][2] = {};
    /// frictionToFriction[frictionPair(j, k)][b][a]: change of point k's friction row a (t1, t2)
    /// per unit impulse on point j's row b, for j < k only: the friction rows are solved point by
    /// point, so a point's impulse reaches only the friction rows of the points after it. The
    /// six such pairs as scalars take 96 bytes where a float4 per point, axis and row took 256.
    float frictionToFriction[6][2][2] = {};
    float4 normalMass{};          ///< kg, 1 / (J M^-1 J^T) of the normal rows
    float4 tangentMass[2] = {};
    float4 bias{};                ///< m/s, target of the normal rows
    float4 tangentBias[2] = {};   ///< m/s, targets of the friction rows (friction anchors)
    float4 normalImpulse{};       ///< N s, accumulated lambda_n
    float4 tangentImpulse[2] = {}; ///< N s, accumulated lambda_t1, lambda_t2
    float4 friction{};            ///< mu of this step: static when sticking, else dynamic
    float4 correctionVelocity{};  ///< m/s, target of the split-impulse rows
    float4 splitImpulse{};        ///< N s, accumulated pseudo impulse
    /// m: the pair's rolling resistance and torsional friction (solveAngularFriction)
    float rollingLimit = 0.0f, twistLimit = 0.0f;
    float4 angularImpulse{};      ///< N m s: rolling (two axes across n), twist (about n)
    float invMassA = 0.0f, invMassB = 0.0f; ///< 1/kg
    uint32_t indexA = 0, indexB = 0; ///< into the SolverBody array
    uint32_t manifold = 0;        ///< into the contact cache and its figures, for writing back
    int pointCount = 0;           ///< 1..4
    bool sliding[4] = {false, false, false, false}; ///< dynamic friction; no t2 row (pyramid)
    /// frictionToNormal and frictionToFriction hold the couplings of the bodies' real masses
    /// (computeCoupling with sA = sB = 1 and friction columns). Block Gauss-Seidel's kernel
    /// reads them and computes them first where this is false; the wide kernel never reads them.
    bool frictionCoupled = false;
};

/// Index of the pair of points j < k (of four) in ContactConstraint::frictionToFriction:
/// (0,1) (0,2) (0,3) (1,2) (1,3) (2,3) are 0 to 5.
constexpr int frictionPair(int j, int k) { return 3 * j - j * (j - 1) / 2 + (k - j - 1); }
static_assert(frictionPair(0, 1) == 0 && frictionPair(1, 2) == 3 && frictionPair(2, 3) == 5);

/// True when the step solves manifold `m` (it has points and is awake): the step's rows are
/// these manifolds, in the cache's order.
inline bool solvedThisStep(const ContactManifoldInfo& m) { return m.pointCount > 0 && !m.sleeping; }

/// Which manifold and bodies a row of the step is: the step's rows are the cache's manifolds
/// with points that are awake, in its order (prepareContacts), and the colouring and the shock
/// order read these alone, packed (a row's own header is a line of its own, 1,088 bytes from
/// the next: a method that keeps its rows elsewhere need not touch them).
struct ContactRowHeader {
    uint32_t manifold = 0;         ///< into the contact cache
    uint32_t indexA = 0, indexB = 0; ///< into the SolverBody array
};

/// What contactRowHeaders saw of the rows.
struct ContactRowSummary {
    bool rollOrTwist = false; ///< some manifold rolls or twists (solveAngularFriction)
    uint32_t points = 0;      ///< contact points over all rows
};

/// The headers of the rows prepareContacts prepares, into `headers`.
ContactRowSummary contactRowHeaders(std::span<const ContactManifoldInfo> manifolds,
                                    std::vector<ContactRowHeader>& headers);

/// Which couplings prepareContacts computes: all, or the normal block's alone (the wide
/// kernel carries friction to the normal rows through the velocities; the couplings' friction
/// columns are then most of the cost of preparing a four-point manifold).
enum class RowCouplings { All, NormalBlock };

/// Rows, effective masses, couplings, restitution targets and biases of every row `rows`
/// heads (contactRowHeaders), into `constraints` in that order; also writes the per-step
/// figures of those points into `figures` (parallel to `manifolds`; empty when the world's
/// figures are off). True when a speculative point lands within the step
/// (ContactPointInfo::landing: bounceLandings).
bool prepareContacts(std::span<ContactManifoldInfo> manifolds, std::span<const ContactRowHeader> rows,
                     std::span<ContactManifoldFigures> figures, std::span<const SolverBody> bodies,
                     std::span<const StartVelocity> start, const StepContext& ctx,
                     std::vector<ContactConstraint>& constraints, class TaskSystem* tasks = nullptr,
                     RowCouplings couplings = RowCouplings::All);

/// One manifold's rows into `c` (its `manifold` set by the caller), as prepareContacts
/// prepares each, and its figures into `mf` when given. Every field a pass reads is written,
/// absent points' lanes as zero; `c` need be cleared only for the couplings' friction columns
/// (RowCouplings::All), the angular friction's impulses and what no pass reads. True when a point of it lands within
/// the step. A method that keeps its rows elsewhere (the wide method's groups) prepares each
/// row with it where it needs it.
bool prepareContactRow(ContactManifoldInfo& m, ContactManifoldFigures* mf, std::span<const SolverBody> bodies,
                       std::span<const StartVelocity> start, const StepContext& ctx, ContactConstraint& c,
                       RowCouplings couplings);

/// Asks for manifold `m`'s lines ahead of reading it: for a method that reads the manifolds
/// out of the cache's order (the wide method, segment by segment), where the hardware does not
/// guess the next ones.
/// Always inlined: the wide kernel's files, built for other instruction sets, call it too, and
/// none may call another's copy.
[[gnu::always_inline]] inline void prefetchManifold(const ContactManifoldInfo& m) {
    constexpr size_t kCacheLine = 64; // bytes
    const char* at = reinterpret_cast<const char*>(&m);
    for (size_t line = 0; line < sizeof m; line += kCacheLine) __builtin_prefetch(at + line);
}

/// Contact rows per block when a pass over them is spread over threads (TaskSystem).
inline constexpr uint32_t kRowsPerBlock = 32;

/// The couplings of `c` (normal block, and with RowCouplings::All the friction columns); sA, sB
/// scale each side's inverse mass and inertia: 1, or 0 for a side the shock-propagation pass
/// freezes. Sets c.frictionCoupled when the friction columns are those of the real masses.
/// Returns the rows' own couplings C_(i,a),(i,a), per axis a (lanes i), whose inverses are the
/// effective masses.
struct RowDiagonals {
    float4 axis[3] = {};
};
RowDiagonals computeCoupling(ContactConstraint& c, float sA, float sB, RowCouplings which = RowCouplings::All);

/// What bounceLandings' sweeps read of each row, gathered once per call; the caller keeps it
/// from step to step (no allocation per call; it holds its largest size since).
struct BounceScratch {
    /// One point's normal row.
    struct Row {
        glm::vec3 rA, rB;                ///< m, from each centre of mass to the point
        glm::vec3 responseA, responseB;  ///< 1/(kg m), I^-1 (r x n): angular velocity per unit impulse
        float normalMass;                ///< kg, 1 / K of the row
        float target;                    ///< m/s: -e vn0 for a landing point, else 0
        float lambda;                    ///< N s, accumulated over the sweeps
    };
    /// One manifold: its bodies and its points' rows.
    struct Pair {
        glm::vec3 n;                     ///< unit, the manifold's normal (every point's row's axis)
        uint32_t indexA, indexB;         ///< solver body slots
        uint32_t first, count;           ///< its rows
        float invMassA, invMassB;        ///< 1/kg
    };
    std::vector<Row> rows;
    std::vector<Pair> pairs;
};

/// The bounce of the points that landed this step (ContactPointInfo::landing: speculative,
/// reached within the step, approaching faster than the restitution threshold). Run after
/// positions are integrated, so the body ends the step on the surface, leaving it at
/// -e vn0 (vn0 the approach speed before the step), as Box2D v3 applies restitution. The
/// impulse is not kept for warm starting: the next step finds the bodies parting. The caller
/// runs it only on a step where some point landed. `scratch` (above) is the caller's. The rows
/// are those `headers` name (contactRowHeaders: touching, awake): each normal row's
/// responses and mass are taken from `constraints`, the step's rows, or, when it is empty,
/// computed from the manifold and `bodies` as prepareContacts computes them (the same bits
/// while the bodies' inertia is the one the rows were prepared with), for a method that did
/// not keep its rows whole (SolveContext::rowsWhole).
void bounceLandings(std::span<const ContactManifoldInfo> manifolds, std::span<const ContactRowHeader> headers,
                    std::span<const ContactConstraint> constraints, std::span<SolverBody> bodies,
                    BounceScratch& scratch);

/// Apply last step's accumulated impulses (scaled in prepareContacts by the warm-start factor).
void warmStartContacts(std::span<const ContactConstraint> constraints, std::span<SolverBody> bodies);

/// One row of a contact graph's key (World::shockOrder's, the wide method's colours'): its two
/// bodies' slots (below 2^31) in bits 33-63 and 2-32, and a flag for each in bits 1 and 0
/// (anchored, or moving). Two steps whose rows give the same keys have the same graph.
inline uint64_t graphRowKey(uint32_t a, uint32_t b, bool flagA, bool flagB) {
    assert(a < (1u << 31) && b < (1u << 31));
    return uint64_t(a) << 33 | uint64_t(b) << 2 | uint64_t(flagA) << 1 | uint64_t(flagB);
}

/// Scratch a velocity method may keep between iterations (Jacobi's accumulated deltas).
struct LaneMeasure;

/// A manifold's accumulated impulses (N s), kept aside while the shock pass runs: the pass
/// changes velocities only, as its impulses, found with one side of each pair infinitely
/// heavy, would warm start the next step wrong (with two visits per level, keeping them lets a
/// base-40 pyramid fall: 7.4 m in 10 s, against 4 cm).
struct KeptImpulses {
    float4 normal{};
    float4 tangent[2] = {};

    static KeptImpulses of(const ContactConstraint& c) {
        return {c.normalImpulse, {c.tangentImpulse[0], c.tangentImpulse[1]}};
    }
    void restore(ContactConstraint& c) const {
        c.normalImpulse = normal;
        c.tangentImpulse[0] = tangent[0], c.tangentImpulse[1] = tangent[1];
    }
};

struct VelocityScratch {
    std::vector<glm::vec3> dv, dw;
    std::vector<float> rows;   ///< rows touching each body (Jacobi averages by it)
    /// Shock-propagation pass: per constraint, 1 when A is nearer the ground (treated as
    /// infinitely heavy), 2 when B is, 0 otherwise; empty in ordinary iterations.
    std::vector<uint8_t> frozenSide;
    std::vector<uint32_t> order; ///< constraint visiting order for that pass; empty = as stored
    std::vector<uint32_t> shockLevel; ///< shock pass: per constraint, the lower of its bodies' levels
    std::vector<NormalBlock> keptBlocks; ///< shock pass: frozen pairs' real normal blocks
    std::vector<KeptImpulses> keptImpulses; ///< shock pass: the impulses before it
    int iteration = 0;         ///< index of the velocity iteration being run
    int iterationCount = 0;    ///< velocity iterations this step
    bool measureEveryPass = false; ///< every pass reports its largest |dlambda| (the probe), not just the last
    /// When set, the Gauss-Seidel and Jacobi passes add every manifold's rows, measured as the
    /// pass reaches them, into it (the probe's SweepProbe, probe.h).
    LaneMeasure* sweep = nullptr;
    /// The probe's kinetic energy, by body slot: each body's mass (0 when the solve does not
    /// move it) and world inertia, inverted from the solver's at the first pass of each sub-step.
    struct EnergyMass {
        float4 column[3] = {};
        float mass = 0.0f;
    };
    std::vector<EnergyMass> energyMasses;
};

/// One velocity iteration; returns the largest |dlambda| (N s) of the iteration. Both
/// methods share this signature (solve_gauss_seidel.cpp, solve_jacobi.cpp).
float solveContactsGaussSeidel(std::span<ContactConstraint> constraints,
                               std::span<SolverBody> bodies, const StepContext& ctx,
                               VelocityScratch& scratch);
/// Jacobi solves the joint rows in the same pass, from the same start velocities.
float solveContactsJacobi(std::span<ContactConstraint> constraints, std::span<struct JointRow> joints,
                          std::span<SolverBody> bodies, const StepContext& ctx, VelocityScratch& scratch);

/// The shock-propagation pass's visit of one manifold with block Gauss-Seidel's kernel (the
/// wide method's overflow, which its passes solve with that kernel too): the side `frozen` says
/// (1: A, 2: B, 0: neither) infinitely heavy, the couplings rebuilt for the visit, the row's
/// normal block left as it was.
void shockManifoldGaussSeidel(ContactConstraint& c, std::span<SolverBody> bodies, const StepContext& ctx,
                              uint8_t frozen);

/// Rolling resistance and torsional friction, per manifold: three rows on the relative angular
/// velocity wrel = wB - wA, bounded by the pair's coefficients (m) times the manifold's
/// normal impulse L = sum lambda_n as it stands:
///   twist    Cdot = n . wrel,                   |lambda_tw| <= c_t L
///   rolling  Cdot = a_k . wrel (a_1, a_2 across n), |(lambda_r1, lambda_r2)| <= c_r L
///   dlambda = -Cdot / K,  K = a . (IA + IB) a
/// `passes` Gauss-Seidel sweeps from zero impulses (not warm started), run by every method
/// after its velocity passes (each sub-step's for the sub-stepping ones): a rolling ball
/// slows at 5/7 g c_r / R, a ball spinning on the spot at 5/2 g c_t / R^2.
void solveAngularFriction(std::span<ContactConstraint> constraints, std::span<SolverBody> bodies,
                          int passes);

/// One pass of the split-impulse pseudo-velocity solve (normal rows only, never warm started).
void solveSplitImpulse(std::span<ContactConstraint> constraints, std::span<SplitVelocity> split);

/// What finishing a manifold reads of its solved rows, by point (lanes past its count zero):
/// the rows' own, or a wide group's lane (which holds the same values). No member initialisers:
/// the wide kernel's files zero it with `{}` in their own code rather than call a constructor
/// another instruction set's file may have emitted.
struct SolvedRows {
    float4 normalImpulse;         ///< N s
    float4 tangentImpulse[2];     ///< N s, along t1, t2
    float4 friction;              ///< mu of this step
    float4 splitImpulse;          ///< N s, for the figures
    LaneVectors t1, t2;           ///< the points' friction axes this step
};

/// finishContacts for one manifold: its impulses back into the cache (in its basis), its
/// clamps and drift, and the pseudo impulses into `mf` when given.
void finishManifold(ContactManifoldInfo& m, ContactManifoldFigures* mf, const SolverBody& a, const SolverBody& b,
                    const SplitVelocity& sa, const SplitVelocity& sb, const SolvedRows& rows, float dt);

/// After all passes: write the accumulated impulses back into the cache and the pseudo
/// impulses into the figures, record which clamp is active for each point, and add the
/// step's slip to each point's drift.
void finishContacts(std::span<ContactManifoldInfo> manifolds,
                    std::span<ContactManifoldFigures> figures,
                    std::span<const ContactConstraint> constraints,
                    std::span<const SolverBody> bodies, std::span<const SplitVelocity> split, float dt,
                    class TaskSystem* tasks = nullptr);

/// Inner sweeps over one manifold's rows in the block passes (solve_gauss_seidel.cpp).
inline constexpr int kInnerSweeps = 4;

/// Visits of each level's manifolds in the shock pass before the level above. A box on two
/// frozen supports is pushed by one and then the other: one visit leaves it the spin the first
/// push gave it, and the second push lifts the side that spin turns down, more at every row
/// (one visit launched the top of a base-100 pyramid at 4 m/s on its first step). A second
/// visit takes that spin back out (the top leaves at 0.006 m/s).
inline constexpr int kShockVisitsPerLevel = 2;

/// visit(k, first, round) for each k of [0, count), level by level: each run of ks sharing
/// levelOf(k) (which does not decrease: the shock order is bottom-up) kShockVisitsPerLevel
/// rounds before the next run; `first` is the run's first k. Both shock passes walk their
/// visits with it (block Gauss-Seidel's in solve_gauss_seidel.cpp, the wide method's).
template <class LevelOf, class Visit> void forEachShockVisit(size_t count, LevelOf&& levelOf, Visit&& visit) {
    for (size_t begin = 0, end = 0; begin < count; begin = end) {
        end = begin + 1;
        while (end < count && levelOf(end) == levelOf(begin)) ++end;
        assert(end == count || levelOf(end) > levelOf(begin));
        for (int round = 0; round < kShockVisitsPerLevel; ++round)
            for (size_t k = begin; k < end; ++k) visit(k, begin, round);
    }
}

} // namespace tumble
