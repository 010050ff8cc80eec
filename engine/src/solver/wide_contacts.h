#pragma once
// The wide solver's contact rows: W manifolds of one colour side by side, one per SIMD lane
// (colouring.h), so that one vector instruction advances W manifolds (Box3D's wide contact
// solver; Catto, "Solver2D", 2024). Block Gauss-Seidel (solve_gauss_seidel.cpp) puts a
// manifold's four points in the lanes instead; its inner loops, the friction point by point
// and the sweeps over the normal block, are chains of scalar steps each waiting on the one
// before, and a pass spends most of its time waiting. Here each step of those chains is one
// vector step for W manifolds.
//
// The rows and their order are block Gauss-Seidel's: per manifold, friction point by point,
// then the normal rows as one block with kInnerSweeps sweeps over its coupling K (contact_solver.h).
// The friction of a point reaches the rows after it through the velocities (the bodies'
// velocities are in registers for the whole manifold) rather than through the couplings:
// the same Gauss-Seidel, rounded differently. Manifolds of one colour share no moving body, so
// taking them W at a time gives every lane exactly what taking them one by one would: the
// result does not depend on W (a test runs W = 4 and W = 8 to the same hash).
//
// The kernel is a template on W, instantiated for SSE (W = 4, wide_contacts.cpp) and, in a
// file compiled for AVX2 (W = 8, wide_contacts_avx2.cpp), chosen at run time when the CPU has
// it. Neither contracts a * b + c into one fused instruction, so both round alike.
#include "core/task_system.h"
#include "solver/contact_solver.h"
#include "solver/wide_batches.h"

#include <cstdint>
#include <span>
#include <type_traits>
#include <vector>

namespace tumble {

template <int W> struct WideLanes {
    typedef float F __attribute__((vector_size(4 * W)));
    typedef int I __attribute__((vector_size(4 * W)));
};

/// A 3-vector per lane.
template <int W> struct WideVector {
    typename WideLanes<W>::F x{}, y{}, z{};
};

/// Point p of W manifolds (lane l: manifold l), what the velocity passes read. A manifold with
/// fewer points has zeros here, so its absent points never push. The passes stream these
/// records, so they hold nothing else: a point's split-impulse figures are in WideSplitGroup,
/// and whether it slides is the sign of its friction coefficient.
template <int W> struct WidePoint {
    using F = typename WideLanes<W>::F;
    WideVector<W> t1, t2;                  ///< friction axes (contact_solver.h: the point's own)
    WideVector<W> rA, rB;                  ///< m
    WideVector<W> responseA[3], responseB[3]; ///< I^-1 (r x axis), by axis n, t1, t2
    F tangentMass[2]{}, bias{}, tangentBias[2]{};
    F friction{};                          ///< mu; its sign bit set where the point slides (-0 for mu = 0)
    F normalImpulse{}, tangentImpulse[2]{}; ///< N s, accumulated
};

/// What only the split-impulse pass reads of a group's points, kept apart from the group (its
/// effective masses are the group's invDiagonal). Aligned as WideGroup is: a file compiled
/// without AVX aligns an eight-lane vector to 16 bytes only, and the AVX2 kernel's loads need 32.
template <int W> struct alignas(4 * W) WideSplitGroup {
    using F = typename WideLanes<W>::F;
    F correctionVelocity[4]{};             ///< m/s, the split rows' targets
    F splitImpulse[4]{};                   ///< N s, accumulated pseudo impulse
};

/// W manifolds of one colour.
template <int W> struct alignas(4 * W) WideGroup {
    using F = typename WideLanes<W>::F;
    static constexpr uint32_t kEmpty = ~0u;
    WideVector<W> normal;
    F K[4][4]{};                           ///< the normal block's coupling K_ij (NormalBlock's K[i] lane j), 1/kg
    F invDiagonal[4]{};                    ///< kg, 1 / K_ii: the normal rows' effective masses
    F invMassA{}, invMassB{};              ///< 1/kg
    WidePoint<W> points[4];
    uint32_t constraint[W];                ///< the step's row (its header); kEmpty: no manifold
    uint32_t manifold[W];                  ///< its manifold in the contact cache (the row's `manifold`)
    uint32_t bodyA[W], bodyB[W];
    int pointCount = 0;                    ///< the most points of any lane
};

/// What a wide pass needs beside its groups.
struct WidePassSettings {
    float omega = 1.0f;
    int sweeps = kInnerSweeps;
    bool cone = false;
    bool measure = false; ///< track the largest impulse change
    /// Ask for each next group's lines while solving one (prefetchGroup): worth it only where
    /// the groups are far past the core's cache (wideGroupsPastCaches).
    bool prefetch = false;
};

/// Bytes a velocity pass reads of the groups (about: what precedes and follows each group's
/// points, and the points, W to a group) past which it asks for each next group's lines
/// (WidePassSettings::prefetch). Measured on this machine (1 MB of L2; the iterate stage, one
/// world, fastest of five alternating runs, asking always): the base-100 pyramid (11 MB read a
/// pass) 5.6 -> 3.7 ms, the 8,000-box rain (5.9 MB) 2.2 -> 1.9 ms; but the 4,000-box rain (3.0
/// MB) 0.91 -> 0.96 ms, the sphere pit (1.4 MB, one point a group) 0.49 -> 0.54 ms and the
/// base-40 pyramid (1.8 MB) 0.49 -> 0.53 ms, whose groups the caches mostly hold and where the
/// asking costs more than it saves. Past it too, the warm start asks for each next group's lines
/// before filling it (prefetchForWriting): the warm start stage on the 8,000-box rain 1.42 -> 1.35
/// ms (fastest of twelve), but asked always, the 1,000-box rain's 0.137 -> 0.143 ms, the
/// 4,000-box rain's 0.61 -> 0.63 and the base-40 pyramid's 0.33 -> 0.35.
constexpr size_t kPrefetchGroupsPast = size_t(4) << 20;

/// Whether a velocity pass reads more than kPrefetchGroupsPast of `groups` groups holding
/// `points` points, W lanes wide (about: what precedes and follows each group's points, and
/// the points).
template <int W> bool wideGroupsPastCaches(size_t groups, uint32_t points) {
    const size_t around = sizeof(WideGroup<W>) - 4 * sizeof(WidePoint<W>);
    return groups * around + size_t(points) / W * sizeof(WidePoint<W>) > kPrefetchGroupsPast;
}
/// One manifold's impulse changes in a traced pass: normal summed over its points, and the
/// friction impulse added (N s).
struct WideLaneChange {
    float normal = 0.0f;
    glm::vec3 friction{0.0f};
};

/// A shock visit's normal blocks with the frozen sides infinitely heavy (lane by lane), kept
/// from a level's first visit for its second (aligned as WideSplitGroup, for the same reason).
template <int W> struct alignas(4 * W) WideShockBlock {
    typename WideLanes<W>::F K[4][4]{}; ///< 1/kg
    typename WideLanes<W>::F invDiagonal[4]{}; ///< kg
};

static_assert(alignof(WideShockBlock<8>) == 32 && alignof(WideSplitGroup<8>) == 32 && alignof(WideGroup<8>) == 32);

/// What finishing the groups' manifolds (finishContacts from the groups) reads and writes
/// beside the groups: finishContacts's arguments but the rows.
struct WideFinish {
    std::span<ContactManifoldInfo> manifolds;
    std::span<ContactManifoldFigures> figures;      ///< empty when off
    std::span<const SolverBody> bodies;
    std::span<const SplitVelocity> split;
    float dt = 0.0f;
};

/// The wide kernel for W lanes compiled for one instruction set (wide_kernel.h): SSE for four
/// lanes; for eight, AVX2, or AVX2 with AVX-512VL's 32 vector registers where the CPU has it.
/// The sets round alike (no fused multiply-adds), so they give the same bits. The functions
/// below call the set wideKernels<W>() picks.
template <int W> struct WideKernels {
    void (*fill)(std::span<const ContactConstraint>, std::span<const uint32_t>,
                 std::span<WideGroup<W>>, std::span<WideSplitGroup<W>>, std::span<SolverBody>);
    float (*solve)(std::span<WideGroup<W>>, std::span<SolverBody>, const WidePassSettings&,
                   WideLaneChange*);
    void (*splitPass)(std::span<const WideGroup<W>>, std::span<WideSplitGroup<W>>, std::span<SplitVelocity>);
    void (*scatterSplit)(std::span<const WideGroup<W>>, std::span<const WideSplitGroup<W>>,
                         std::span<ContactConstraint>);
    void (*shock)(WideGroup<W>&, uint32_t, std::span<SolverBody>, const WidePassSettings&,
                  std::span<const uint32_t>, std::span<const uint8_t>, WideShockBlock<W>&, bool);
    void (*scatter)(std::span<const WideGroup<W>>, std::span<ContactConstraint>);
    void (*finish)(std::span<const WideGroup<W>>, std::span<const WideSplitGroup<W>>, const WideFinish&);
};

/// The set this CPU runs for W lanes (W = 8 only where wideAvx2Available()).
template <int W> const WideKernels<W>& wideKernels();

/// `groups` (with their split figures `splits`, same index) filled from the rows `manifolds`
/// of one colour, W to a group (the last group's lanes past them empty). With `warmStartBodies`
/// not empty, each group's last impulses (as prepared, scaled by the warm-start factor) are
/// applied to those bodies as soon as the group is filled, while it is in cache: the groups in
/// order, as a warm start over them after packing would.
template <int W>
void fillWideGroups(std::span<const ContactConstraint> constraints,
                    std::span<const uint32_t> manifolds, std::span<WideGroup<W>> groups,
                    std::span<WideSplitGroup<W>> splits,
                    std::span<SolverBody> warmStartBodies = {}) {
    wideKernels<W>().fill(constraints, manifolds, groups, splits, warmStartBodies);
}

/// Asks for all of group g's lines, to be written: the groups are filled front to back but the
/// lines come one store at a time, each waiting on memory where the groups are far past the
/// caches.
template <int W> [[gnu::always_inline]] inline void prefetchForWriting(const WideGroup<W>& g) {
    constexpr size_t kLine = 64; // bytes
    const char* at = reinterpret_cast<const char*>(&g);
    for (size_t line = 0; line < sizeof g; line += kLine) __builtin_prefetch(at + line, 1);
}

/// Where each of the segments `segments` (wide_batches.h: the step's rows in solve order)
/// begins in the groups, W rows to a group, then their end, into `segmentStart`; `groups` and
/// `splits` sized for the largest batch. A batch's groups are solved through before the next
/// batch is filled, so the batches take turns in the same groups (the first of each is
/// groups[0]) and a batch's stay in the core's cache; with one batch they are all the groups.
/// Groups are kept from step to step and refilled.
template <int W>
void layoutWideGroups(const WideSegments& segments, std::vector<WideGroup<W>>& groups,
                      std::vector<WideSplitGroup<W>>& splits, std::vector<uint32_t>& segmentStart) {
    segmentStart.assign(1, 0);
    for (uint32_t s = 0; s < segments.segmentCount(); ++s)
        segmentStart.push_back(segmentStart.back() +
                               (segments.start[s + 1] - segments.start[s] + W - 1) / W);
    size_t count = 0;
    for (const WideBatch& b : segments.batches)
        count = std::max<size_t>(count, segmentStart[b.segmentEnd] - segmentStart[b.segmentBegin]);
    // Refilled every step, so nothing of the old groups need survive a new size: freed before
    // the new ones are taken, never both held at once. Given back too when far fewer are
    // needed (a step on several threads, one batch, between steps in batches on one).
    if (count > groups.capacity() || 4 * count < groups.capacity()) {
        std::vector<WideGroup<W>>().swap(groups);
        std::vector<WideSplitGroup<W>>().swap(splits);
        groups.reserve(count + count / 8);
        splits.reserve(count + count / 8);
    }
    groups.resize(count);
    splits.resize(count);
}

/// The groups of segments [first, last) filled (layoutWideGroups; groups[0] is segment first's
/// first group), each segment's rows in its order, W to a group (a segment's last group's lanes
/// past them empty). A segment is one colour's rows of one batch; segments are filled in order.
/// With `warmStartBodies` not empty, each group is warm started as it is filled (fillWideGroups);
/// with `tasks`, a segment's groups are filled on its threads, `grain` groups a block (they share
/// no moving body, so the bodies get the same bits on any thread). With `prepare`, an object whose
/// row(k, row) prepares row k into `row` (prepareContactRow: every field packing reads written, so
/// `row` is not cleared between groups) and whose ahead(k) asks for what that will read, the rows
/// are prepared straight into the groups: each group's W rows into a scratch on the filling
/// thread's stack (the next group's asked for meanwhile), packed from there while in cache;
/// `constraints` is then not read. Where its prefetchGroups is true, the next group's lines are
/// asked for too (prefetchForWriting; not for the first group of a block of them). Without it, the
/// groups are packed from the prepared rows `constraints`.
template <int W, class Prepare = std::nullptr_t>
void fillWideSegments(std::span<const ContactConstraint> constraints, const WideSegments& segments,
                      uint32_t first, uint32_t last, std::span<WideGroup<W>> groups,
                      std::span<WideSplitGroup<W>> splits, std::span<const uint32_t> segmentStart,
                      std::span<SolverBody> warmStartBodies = {}, TaskSystem* tasks = nullptr,
                      uint32_t grain = 1, Prepare&& prepare = nullptr) {
    for (uint32_t k = first; k < last; ++k) {
        const std::span<const uint32_t> segment = segments.segment(k);
        const uint32_t begin = segmentStart[k] - segmentStart[first];
        auto fill = [&](uint32_t from, uint32_t to) {
            if constexpr (std::is_null_pointer_v<std::decay_t<Prepare>>) {
                fillWideGroups<W>(
                    constraints,
                    segment.subspan(from * W, std::min<size_t>(segment.size(), to * W) - from * W),
                    groups.subspan(begin + from, to - from),
                    splits.subspan(begin + from, to - from), warmStartBodies);
            } else {
                ContactConstraint rows[W]{};
                static_assert(W <= 8);
                static constexpr uint32_t kLanes[8] = {0, 1, 2, 3, 4, 5, 6, 7}; // a scratch row's lane
                for (uint32_t gi = from; gi < to; ++gi) {
                    const std::span<const uint32_t> lanes =
                        segment.subspan(gi * W, std::min<size_t>(W, segment.size() - gi * W));
                    // The next group's rows are asked for while this one's are prepared.
                    for (size_t l = (gi + 1) * W;
                         l < std::min<size_t>(segment.size(), (gi + 2) * W); ++l)
                        prepare.ahead(segment[l]);
                    if (prepare.prefetchGroups && gi + 1 < to)
                        prefetchForWriting(groups[begin + gi + 1]);
                    // Not cleared between groups: preparing a row writes all that packing reads.
                    for (size_t l = 0; l < lanes.size(); ++l)
                        prepare.row(lanes[l], rows[l]);
                    WideGroup<W>& g = groups[begin + gi];
                    fillWideGroups<W>(std::span<const ContactConstraint>(rows, lanes.size()),
                                      std::span<const uint32_t>(kLanes, lanes.size()),
                                      std::span<WideGroup<W>>(&g, 1), splits.subspan(begin + gi, 1),
                                      warmStartBodies);
                    // Filled from the scratch, the group names its scratch lanes: the step's rows instead.
                    for (size_t l = 0; l < lanes.size(); ++l)
                        g.constraint[l] = lanes[l];
                }
            }
        };
        const uint32_t count = segmentStart[k + 1] - segmentStart[k];
        if (tasks)
            tasks->parallelFor(count, grain, fill);
        else
            fill(0, count);
    }
}

/// Groups for every colour of `colours`, W lanes wide, packed from the prepared rows
/// `constraints` (and warm started on `warmStartBodies` when given) as one batch, the colours in
/// solve order, last to first (wide_batches.h), each colour's manifolds in its order
/// (layoutWideGroups, fillWideSegments). `segmentStart` gets where each colour's groups begin in
/// that order, then their end. For the tests that pack rows without a world.
template <int W>
void buildWideGroups(std::span<const ContactConstraint> constraints,
                     const std::vector<std::vector<uint32_t>>& colours,
                     std::vector<WideGroup<W>>& groups, std::vector<WideSplitGroup<W>>& splits,
                     std::vector<uint32_t>& segmentStart,
                     std::span<SolverBody> warmStartBodies = {}) {
    WideSegments segments;
    segments.start.assign(1, 0);
    for (auto colour = colours.rbegin(); colour != colours.rend(); ++colour) {
        segments.rows.insert(segments.rows.end(), colour->begin(), colour->end());
        segments.start.push_back(static_cast<uint32_t>(segments.rows.size()));
    }
    segments.batches = {WideBatch{0, segments.segmentCount(), 0, 0}};
    layoutWideGroups<W>(segments, groups, splits, segmentStart);
    fillWideSegments<W>(constraints, segments, 0, segments.segmentCount(), groups, splits,
                        segmentStart, warmStartBodies);
}

/// One pass over `groups` in order; returns the largest |dlambda| squared when measuring.
/// With `changes` (a traced pass), each live lane's change is written there, W per group.
template <int W> float solveWideGroups(std::span<WideGroup<W>> groups, std::span<SolverBody> bodies,
                                       const WidePassSettings& pass, WideLaneChange* changes = nullptr) {
    return wideKernels<W>().solve(groups, bodies, pass, changes);
}

/// One split-impulse pass over `groups` with their split figures (split_impulse.cpp's rows, W
/// manifolds at a time).
template <int W>
void solveWideSplitPass(std::span<const WideGroup<W>> groups, std::span<WideSplitGroup<W>> splits,
                        std::span<SplitVelocity> split) {
    wideKernels<W>().splitPass(groups, splits, split);
}

/// The groups' pseudo impulses back into the constraints they came from (for the figures).
template <int W>
void scatterWideSplitImpulses(std::span<const WideGroup<W>> groups, std::span<const WideSplitGroup<W>> splits,
                              std::span<ContactConstraint> constraints) {
    wideKernels<W>().scatterSplit(groups, splits, constraints);
}

/// One visit of the shock pass (wide.cpp): the lanes of `g` whose manifolds are at `level`
/// (VelocityScratch::shockLevel), each with its frozen side (frozenSide: 1 A, 2 B, 0 neither)
/// infinitely heavy, solved as a pass solves them; the other lanes' impulses and bodies are
/// not touched. Lanes of a group share no moving body, so visiting a level's lanes of one
/// colour gives each what visiting them one by one would, however they are grouped. `block`:
/// the visit's frozen normal blocks, computed into it unless `again` (a repeated visit, which
/// reads them).
template <int W>
void shockWideGroup(WideGroup<W>& g, uint32_t level, std::span<SolverBody> bodies, const WidePassSettings& pass,
                    std::span<const uint32_t> shockLevel, std::span<const uint8_t> frozenSide,
                    WideShockBlock<W>& block, bool again) {
    wideKernels<W>().shock(g, level, bodies, pass, shockLevel, frozenSide, block, again);
}

/// finishContacts for the groups' manifolds, from the groups: what a scatter of their
/// impulses into the rows and finishContacts on them would write (the same bits).
template <int W>
void finishWideContacts(std::span<const WideGroup<W>> groups, std::span<const WideSplitGroup<W>> splits,
                        const WideFinish& finish) {
    wideKernels<W>().finish(groups, splits, finish);
}

/// The groups' accumulated impulses back into the constraints they came from.
template <int W> void scatterWideImpulses(std::span<const WideGroup<W>> groups,
                                          std::span<ContactConstraint> constraints) {
    wideKernels<W>().scatter(groups, constraints);
}

/// True when the CPU runs AVX2 (W = 8 groups); false makes the SSE path be used.
bool wideAvx2Available();

/// True when eight-lane groups run the AVX-512VL build of the kernel: the CPU has it and
/// allowWideAvx512 has not turned it off.
bool wideAvx512Used();

/// Whether eight-lane groups may run the AVX-512VL build where the CPU has it (the default);
/// false runs the AVX2 build. Process-wide, for the tests and benchmarks that compare the two.
void allowWideAvx512(bool allowed);

} // namespace tumble
