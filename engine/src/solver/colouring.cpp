// Greedy colouring of the constraint graph (colouring.h).
#include "solver/colouring.h"

#include "solver/contact_solver.h"

namespace tumble {

void colourConstraints(std::span<const ContactConstraint> constraints, std::span<const SolverBody> bodies,
                       ConstraintColours& out, std::vector<uint64_t>& usedBits) {
    const int kColours = ConstraintColours::kMaxColours;
    out.colours.resize(kColours);
    for (std::vector<uint32_t>& c : out.colours) c.clear();
    out.overflow.clear();
    // One bit per body, for each colour: colour k's words are [k * words, (k + 1) * words).
    const size_t words = (bodies.size() + 63) / 64;
    usedBits.assign(words * kColours, 0);
    auto moves = [&](uint32_t body) { return bodies[body].invMass > 0.0f; };
    for (uint32_t i = 0; i < constraints.size(); ++i) {
        const ContactConstraint& c = constraints[i];
        const bool aMoves = moves(c.indexA), bMoves = moves(c.indexB);
        const uint64_t bitA = aMoves ? uint64_t(1) << (c.indexA & 63) : 0;
        const uint64_t bitB = bMoves ? uint64_t(1) << (c.indexB & 63) : 0;
        int chosen = -1;
        for (int k = 0; k < kColours && chosen < 0; ++k) {
            uint64_t* used = usedBits.data() + size_t(k) * words;
            if ((used[c.indexA >> 6] & bitA) || (used[c.indexB >> 6] & bitB)) continue;
            used[c.indexA >> 6] |= bitA;
            used[c.indexB >> 6] |= bitB;
            chosen = k;
        }
        if (chosen < 0)
            out.overflow.push_back(i);
        else
            out.colours[chosen].push_back(i);
    }
    while (!out.colours.empty() && out.colours.back().empty()) out.colours.pop_back();
}

} // namespace tumble
