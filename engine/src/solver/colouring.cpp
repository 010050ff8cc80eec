// Greedy colouring of the constraint graph (colouring.h).
#include "solver/colouring.h"

#include "solver/contact_solver.h"

namespace tumble {

void colourConstraints(std::span<const ContactRowHeader> rows, std::span<const SolverBody> bodies,
                       ConstraintColours& out, std::vector<uint32_t>& usedColours) {
    static_assert(ConstraintColours::kMaxColours == 32, "one bit per colour in a body's word");
    out.colours.resize(ConstraintColours::kMaxColours);
    for (std::vector<uint32_t>& c : out.colours) c.clear();
    out.overflow.clear();
    // By body, one bit per colour that already holds a manifold moving it: a manifold's free
    // colours are the bits set in neither of its moving bodies' words, and it takes the lowest.
    usedColours.assign(bodies.size(), 0);
    auto moves = [&](uint32_t body) { return bodies[body].invMass > 0.0f; };
    for (uint32_t i = 0; i < rows.size(); ++i) {
        const ContactRowHeader& c = rows[i];
        const bool aMoves = moves(c.indexA), bMoves = moves(c.indexB);
        const uint32_t taken = (aMoves ? usedColours[c.indexA] : 0u) | (bMoves ? usedColours[c.indexB] : 0u);
        if (taken == ~0u) {
            out.overflow.push_back(i);
            continue;
        }
        const int colour = __builtin_ctz(~taken);
        if (aMoves) usedColours[c.indexA] |= 1u << colour;
        if (bMoves) usedColours[c.indexB] |= 1u << colour;
        out.colours[colour].push_back(i);
    }
    while (!out.colours.empty() && out.colours.back().empty()) out.colours.pop_back();
}

void orderColours(ConstraintColours& colours, std::span<const uint32_t> order, std::vector<uint8_t>& colourOf) {
    constexpr uint8_t kNone = 0xff;
    static_assert(ConstraintColours::kMaxColours < kNone);
    colourOf.assign(order.size(), kNone);
    for (size_t k = 0; k < colours.colours.size(); ++k) {
        for (uint32_t i : colours.colours[k]) colourOf[i] = static_cast<uint8_t>(k);
        colours.colours[k].clear();
    }
    for (uint32_t i : order)
        if (colourOf[i] != kNone) colours.colours[colourOf[i]].push_back(i);
}

} // namespace tumble
