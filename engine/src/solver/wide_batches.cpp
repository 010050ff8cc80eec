// Island batches for the wide solver (wide_batches.h).
#include "solver/wide_batches.h"

#include "solver/colouring.h"
#include "solver/contact_solver.h"
#include "solver/islands.h"

#include <algorithm>

namespace tumble {

namespace {

constexpr uint32_t kNone = ~0u;

/// Each row's batch into out.rowBatch; returns the batch count.
uint32_t batchOfEachRow(std::span<const ContactRowHeader> rows, std::span<const SolverBody> bodies,
                        uint32_t batchManifolds, IslandBuilder& islands, WideSegments& out) {
    out.rowBatch.assign(rows.size(), 0);
    if (batchManifolds == 0 || rows.size() <= batchManifolds) return 1;
    auto moves = [&](uint32_t body) { return bodies[body].invMass > 0.0f; };
    islands.reset(bodies.size());
    for (const ContactRowHeader& r : rows)
        if (moves(r.indexA) && moves(r.indexB)) islands.link(r.indexA, r.indexB);
    // Islands numbered in the order of their first row; a row that moves nothing is one alone.
    std::vector<uint32_t>& islandOf = out.islandOf;     // by body: its root's island
    std::vector<uint32_t>& manifolds = out.islandBatch; // by island: its rows
    islandOf.assign(bodies.size(), kNone);
    manifolds.clear();
    for (uint32_t i = 0; i < rows.size(); ++i) {
        const ContactRowHeader& r = rows[i];
        const uint32_t body = moves(r.indexA) ? r.indexA : moves(r.indexB) ? r.indexB : kNone;
        uint32_t island = kNone;
        if (body != kNone) {
            uint32_t& ofRoot = islandOf[islands.find(body)];
            if (ofRoot == kNone)
                ofRoot = static_cast<uint32_t>(manifolds.size()), manifolds.push_back(0);
            island = ofRoot;
        } else {
            island = static_cast<uint32_t>(manifolds.size());
            manifolds.push_back(0);
        }
        ++manifolds[island];
        out.rowBatch[i] = island;
    }
    // Where one island holds most rows, batches would keep its groups no closer together and
    // would only leave more groups part empty (each batch's last of each colour): one batch.
    uint32_t largest = 0;
    for (uint32_t island : manifolds)
        largest = std::max(largest, island);
    if (2 * size_t(largest) >= rows.size()) {
        std::fill(out.rowBatch.begin(), out.rowBatch.end(), 0u);
        return 1;
    }
    // Whole islands into batches, in order, each closed once it holds batchManifolds rows.
    uint32_t batch = 0, held = 0;
    for (uint32_t& island : manifolds) {
        held += island;
        island = batch;
        if (held >= batchManifolds) ++batch, held = 0;
    }
    for (uint32_t& b : out.rowBatch)
        b = manifolds[b];
    return batch + (held > 0 ? 1 : 0);
}

} // namespace

void batchIslands(std::span<const ContactRowHeader> rows, std::span<const SolverBody> bodies,
                  const ConstraintColours& colours, uint32_t batchManifolds, IslandBuilder& islands,
                  WideSegments& out) {
    const uint32_t batches = batchOfEachRow(rows, bodies, batchManifolds, islands, out);
    const uint32_t colourCount = static_cast<uint32_t>(colours.colours.size());
    // Segment of (batch b, colour c): b * colourCount + (colourCount - 1 - c), the colours last
    // to first. A counting sort keeps each colour's order within its segments.
    auto segmentOf = [&](uint32_t row, uint32_t c) {
        return out.rowBatch[row] * colourCount + (colourCount - 1 - c);
    };
    out.start.assign(size_t(batches) * colourCount + 1, 0);
    for (uint32_t c = 0; c < colourCount; ++c)
        for (uint32_t row : colours.colours[c])
            ++out.start[segmentOf(row, c) + 1];
    for (size_t s = 1; s < out.start.size(); ++s)
        out.start[s] += out.start[s - 1];
    out.rows.resize(out.start.back());
    std::vector<uint32_t>& next = out.islandOf; // scratch again: each segment's next slot
    next.assign(out.start.begin(), out.start.end() - 1);
    for (uint32_t c = 0; c < colourCount; ++c)
        for (uint32_t row : colours.colours[c])
            out.rows[next[segmentOf(row, c)]++] = row;
    // The overflow's positions, batch by batch, each batch's in the overflow's order.
    out.batches.assign(batches, WideBatch{});
    for (uint32_t row : colours.overflow)
        ++out.batches[out.rowBatch[row]].overflowEnd;
    uint32_t at = 0;
    for (uint32_t b = 0; b < batches; ++b) {
        WideBatch& batch = out.batches[b];
        batch.segmentBegin = b * colourCount, batch.segmentEnd = (b + 1) * colourCount;
        batch.overflowBegin = at;
        at += batch.overflowEnd;
        batch.overflowEnd = batch.overflowBegin;
    }
    out.overflow.resize(colours.overflow.size());
    for (uint32_t i = 0; i < colours.overflow.size(); ++i)
        out.overflow[out.batches[out.rowBatch[colours.overflow[i]]].overflowEnd++] = i;
}

void ShockVisits::plan(const WideSegments& segments, std::span<const uint32_t> segmentStart,
                       uint32_t lanes, std::span<const uint32_t> shockLevel,
                       std::span<const uint32_t> overflow) {
    byLevel_.clear();
    start_.assign(1, 0);
    for (const WideBatch& b : segments.batches) {
        batch_.clear();
        uint32_t levels = 0;
        for (uint32_t k = b.segmentBegin; k < b.segmentEnd; ++k) {
            const std::span<const uint32_t> rows = segments.segment(k);
            for (uint32_t r = 0; r < rows.size(); ++r) {
                const uint32_t gi = segmentStart[k] - segmentStart[b.segmentBegin] + r / lanes;
                const uint32_t level = shockLevel[rows[r]];
                if (batch_.empty() || batch_.back().index != gi || batch_.back().level != level)
                    batch_.push_back({level, gi, false});
                levels = std::max(levels, level + 1);
            }
        }
        for (uint32_t o = b.overflowBegin; o < b.overflowEnd; ++o) {
            const uint32_t i = segments.overflow[o], level = shockLevel[overflow[i]];
            batch_.push_back({level, i, true});
            levels = std::max(levels, level + 1);
        }
        levelStart_.assign(levels + 1, 0);
        for (const ShockVisit& v : batch_)
            ++levelStart_[v.level + 1];
        for (uint32_t l = 0; l < levels; ++l)
            levelStart_[l + 1] += levelStart_[l];
        const size_t base = byLevel_.size();
        byLevel_.resize(base + batch_.size());
        for (const ShockVisit& v : batch_)
            byLevel_[base + levelStart_[v.level]++] = v;
        start_.push_back(static_cast<uint32_t>(byLevel_.size()));
    }
}

} // namespace tumble
