#pragma once
// Island batches for the wide solver (methods/wide.cpp). Rows that share no moving body, even
// through other rows, are in different islands, and what a pass does to one island's bodies
// does not depend on when it does it to another's: the passes over two islands commute. So a
// step may take the islands a batch at a time and run the whole solve on each batch (fill and
// warm start, every velocity pass, the shock pass, split impulse, the store) before the next,
// and each body gets the same bits as from whole passes over every row: it meets the same rows
// in the same order. A batch holds islands up to a few hundred manifolds, whose groups stay in
// the core's cache for all the passes, where whole passes over a large scene stream every
// group from memory ten times a step. Bullet solves its islands one at a time too
// (btSimulationIslandManager), there to keep each island's rows together.
//
// The rows are laid out as segments: per batch, each colour's rows of that batch, the colours
// in solve order, each in its colour's order. A segment's groups are a colour's, so a pass
// over them may spread them over threads as before. The colours are solved last to first: the
// first colour, the largest, holds most of the manifolds the greedy colouring met first, and
// the rows solved last are satisfied best. On the base-40 pyramid (10 passes, 10 s), when this
// order was chosen, the worst box moved 3.1 cm this way, 5.4 cm in colour order and 4.3 cm
// alternating the two from pass to pass (block Gauss-Seidel: 3.8 cm); later changes of
// rounding have moved it between 3.1 and 4.0 cm.
#include <cstdint>
#include <span>
#include <vector>

namespace tumble {

struct ConstraintColours;
struct ContactRowHeader;
struct SolverBody;
class IslandBuilder;

/// One batch: its segments and its overflow manifolds.
struct WideBatch {
    uint32_t segmentBegin = 0, segmentEnd = 0;   ///< into WideSegments::start
    uint32_t overflowBegin = 0, overflowEnd = 0; ///< into WideSegments::overflow
};

/// The step's rows in solve order, batch by batch.
struct WideSegments {
    std::vector<uint32_t> rows;     ///< row indices, segment after segment
    std::vector<uint32_t> start;    ///< segment s is rows[start[s], start[s + 1])
    std::vector<uint32_t> overflow; ///< positions in ConstraintColours::overflow, batch by batch
    std::vector<WideBatch> batches;
    std::vector<uint32_t> rowBatch; ///< scratch: each row's island, then its batch
    std::vector<uint32_t>
        islandOf; ///< scratch: each island root's island (by body), then each segment's next slot
    std::vector<uint32_t> islandBatch; ///< scratch: each island's manifold count, then its batch

    /// The segments, batch after batch (batch b's are [segmentBegin, segmentEnd)).
    uint32_t segmentCount() const { return static_cast<uint32_t>(start.size()) - 1; }
    /// Segment s's rows.
    std::span<const uint32_t> segment(uint32_t s) const {
        return std::span<const uint32_t>(rows).subspan(start[s], start[s + 1] - start[s]);
    }
};

/// One visit of the wide shock pass: the lanes of its batch's group `index` at `level`, or the
/// overflow's `index`-th manifold.
struct ShockVisit {
    uint32_t level = 0;
    uint32_t index = 0;
    bool overflow = false;
};

/// The shock pass's visits, batch by batch: per group (in solve order, so segment by segment),
/// one for each level its lanes hold (bottom-up within a colour, so a group's levels come in
/// order), then the batch's overflow manifolds; each batch's sorted by level, keeping that
/// order within a level.
class ShockVisits {
  public:
    /// Planned from the segments, which say which rows each group's lanes hold (`lanes` rows to
    /// a group, segment s's from group segmentStart[s]), each row's level `shockLevel` and the
    /// overflow's rows `overflow` (ConstraintColours::overflow).
    void plan(const WideSegments& segments, std::span<const uint32_t> segmentStart, uint32_t lanes,
              std::span<const uint32_t> shockLevel, std::span<const uint32_t> overflow);
    /// Batch b's visits, by level.
    std::span<const ShockVisit> ofBatch(uint32_t b) const {
        return std::span<const ShockVisit>(byLevel_).subspan(start_[b], start_[b + 1] - start_[b]);
    }

  private:
    std::vector<ShockVisit> byLevel_;
    std::vector<uint32_t> start_;      ///< where each batch's visits begin, then their end
    std::vector<ShockVisit> batch_;    ///< scratch: one batch's visits in solve order
    std::vector<uint32_t> levelStart_; ///< scratch
};

/// The rows `rows` (headers; their bodies `bodies`), coloured as `colours`, cut into batches of
/// whole islands, each batch closed once it reaches `batchManifolds` rows (the last may hold
/// fewer), the islands in the order of their first row; into `out`. One batch of every row
/// where `batchManifolds` is 0 or at least the row count, or where one island holds half the
/// rows or more. `islands` is scratch.
void batchIslands(std::span<const ContactRowHeader> rows, std::span<const SolverBody> bodies,
                  const ConstraintColours& colours, uint32_t batchManifolds, IslandBuilder& islands,
                  WideSegments& out);

} // namespace tumble
