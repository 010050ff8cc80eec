// Projected Gauss-Seidel in a random row order (Erleben 2013; Bullet's
// SOLVER_RANDMIZE_ORDER): the rows of pgs.cpp, shuffled once per step. A fixed order
// favours the rows solved last (they end each pass satisfied) and can bias a pile the same
// way every step; a shuffled one spreads that error around. The shuffle comes from a
// generator seeded with solver.seed and the step number, so runs stay deterministic and a
// snapshot replays the same orders.
#include "solver/scalar_rows.h"
#include "solver/stages.h"

namespace tumble {
namespace {

// splitmix64 (Steele, Lea, Flood 2014): a small generator with good mixing.
uint64_t nextRandom(uint64_t& state) {
    uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

void shuffleRows(SolveContext& ctx) {
    beginScalarRows(ctx);
    ScalarRowData& data = ctx.dataAs<ScalarRowData>();
    data.order.resize(data.rows.size());
    for (uint32_t i = 0; i < data.order.size(); ++i) data.order[i] = i;
    // Fisher-Yates with the step's own stream.
    uint64_t state = (static_cast<uint64_t>(ctx.solver.seed) << 32) ^ ctx.stepIndex;
    for (size_t i = data.order.size(); i > 1; --i) {
        const size_t j = static_cast<size_t>(nextRandom(state) % i);
        std::swap(data.order[i - 1], data.order[j]);
    }
}

} // namespace

void solveRandomOrderMethod(SolveContext& ctx) {
    RigidPasses passes = scalarRowPasses(false);
    passes.begin = shuffleRows;
    solveRigid(ctx, passes);
}

} // namespace tumble
