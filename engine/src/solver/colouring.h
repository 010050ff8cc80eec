#pragma once
// Colouring the constraint graph: manifolds are edges between bodies, and a colour is a set of
// manifolds no two of which share a body that moves. Within a colour the manifolds are
// independent, so a solver may take several of them at once, one per SIMD lane, and get what
// it would get taking them one after another (Box3D colours its constraint graph for the same
// reason; Tonge, Benevolenski and Voroshilov 2012 describe the idea for PhysX).
//
// Greedy, in the constraints' order: each manifold takes the first colour in which neither of
// its moving bodies is used yet. Bodies that do not move (zero inverse mass: static, sleeping,
// kinematic) are never written by the solve, so any number of manifolds of a colour may share
// one. A manifold that finds no colour among kMaxColours goes to the overflow list, which a
// solver takes one manifold at a time. The colouring is a function of the constraints alone
// (no state kept from step to step), so a step re-run from a snapshot colours the same way.
#include <cstdint>
#include <span>
#include <vector>

namespace tumble {

struct ContactRowHeader;
struct SolverBody;

struct ConstraintColours {
    static constexpr int kMaxColours = 32;
    /// Constraint indices by colour, each colour in the constraints' order.
    std::vector<std::vector<uint32_t>> colours;
    /// Constraints no colour could take (a body touching more than kMaxColours moving bodies).
    std::vector<uint32_t> overflow;
};

/// Colour the step's rows (their headers `rows`, whose bodies are `bodies`) into `out`,
/// reusing its storage. `usedColours` is scratch (by body, one bit per colour).
void colourConstraints(std::span<const ContactRowHeader> rows, std::span<const SolverBody> bodies,
                       ConstraintColours& out, std::vector<uint32_t>& usedColours);

/// Each colour's manifolds put in the order they come in `order` (every constraint once: the
/// shock pass's bottom-up order); the overflow is left as it was. The manifolds of a colour
/// share no moving body, so a pass over a colour gives each the same result in any order:
/// this moves manifolds between lanes and groups, not what they get. `colourOf` is scratch.
void orderColours(ConstraintColours& colours, std::span<const uint32_t> order, std::vector<uint8_t>& colourOf);

} // namespace tumble
