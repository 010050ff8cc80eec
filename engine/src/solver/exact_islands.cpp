// Islands of scalar rows and their dense systems for the exact methods (exact_islands.h).
#include "solver/exact_islands.h"

#include "solver/islands.h"
#include "solver/probe.h"
#include "solver/trace.h"
#include "solver/stages.h"

#include <glm/mat3x3.hpp>

#include <algorithm>
#include <cmath>
#include <limits>

namespace tumble {
namespace {

// A_ij's contribution of one body both rows act on, m jv_i . jv_j + jw_i . (I jw_j), in double
// with I symmetrised: A must be a Gram matrix to the last bit or the pivoting, which relies on
// symmetry and semi-definiteness, can cycle on the redundant rows of a box face.
double coupling(double m, const glm::dmat3& I, const glm::vec3& jvI, const glm::vec3& jwI,
                const glm::vec3& jvJ, const glm::vec3& jwJ) {
    return m * glm::dot(glm::dvec3(jvI), glm::dvec3(jvJ)) +
           glm::dot(glm::dvec3(jwI), I * glm::dvec3(jwJ));
}

} // namespace

std::vector<IslandRows> splitIslands(const std::vector<ScalarRow>& rows, size_t bodyCount) {
    IslandBuilder islands;
    islands.reset(bodyCount);
    for (const ScalarRow& r : rows)
        if (r.mA > 0.0f && r.mB > 0.0f) islands.link(r.a, r.b);
    std::vector<int> islandOfRoot(bodyCount, -1);
    std::vector<IslandRows> out;
    for (uint32_t i = 0; i < rows.size(); ++i) {
        const ScalarRow& r = rows[i];
        // A row between two bodies that cannot move does nothing; otherwise it belongs to the
        // island of its moving body.
        if (r.mA == 0.0f && r.mB == 0.0f) continue;
        const uint32_t root = islands.find(r.mA > 0.0f ? r.a : r.b);
        if (islandOfRoot[root] < 0) {
            islandOfRoot[root] = static_cast<int>(out.size());
            out.emplace_back();
        }
        out[islandOfRoot[root]].push_back(i);
    }
    return out;
}

Mlcp assembleIsland(const std::vector<ScalarRow>& rows, const IslandRows& island,
                    const std::vector<SolverBody>& bodies, float cfm) {
    const int n = static_cast<int>(island.size());
    Mlcp p;
    p.n = n;
    p.A.assign(size_t(n) * n, 0.0);
    p.q.resize(n);
    p.lo.resize(n);
    p.hi.resize(n);
    p.mu.assign(n, 0.0);
    p.findex.assign(n, -1);
    // Rows by body, to fill only the couplings that exist.
    std::vector<std::pair<uint32_t, int>> byBody; // (body, local row)
    for (int k = 0; k < n; ++k) {
        const ScalarRow& r = rows[island[k]];
        if (r.mA > 0.0f) byBody.push_back({r.a, k});
        if (r.mB > 0.0f) byBody.push_back({r.b, k});
    }
    std::sort(byBody.begin(), byBody.end());
    auto side = [](const ScalarRow& r, uint32_t body, const glm::vec3*& jv, const glm::vec3*& jw) {
        const bool a = r.a == body;
        jv = a ? &r.jvA : &r.jvB;
        jw = a ? &r.jwA : &r.jwB;
    };
    for (size_t s = 0; s < byBody.size();) {
        size_t e = s;
        while (e < byBody.size() && byBody[e].first == byBody[s].first) ++e;
        const uint32_t body = byBody[s].first;
        const glm::dmat3 I0(bodies[body].invI);
        const glm::dmat3 I = 0.5 * (I0 + glm::transpose(I0));
        const double m = bodies[body].invMass;
        for (size_t u = s; u < e; ++u) {
            const glm::vec3 *jvI, *jwI;
            side(rows[island[byBody[u].second]], body, jvI, jwI);
            for (size_t t = u; t < e; ++t) {
                const glm::vec3 *jvJ, *jwJ;
                side(rows[island[byBody[t].second]], body, jvJ, jwJ);
                const double c = coupling(m, I, *jvI, *jwI, *jvJ, *jwJ);
                const size_t i = byBody[u].second, j = byBody[t].second;
                p.A[i * n + j] += c;
                if (i != j) p.A[j * n + i] += c;
            }
        }
        s = e;
    }
    // Local index of each island row, for the friction rows' normals.
    std::vector<int> local(rows.size(), -1);
    for (int k = 0; k < n; ++k) local[island[k]] = k;
    std::vector<double> lambda0(n);
    for (int k = 0; k < n; ++k) lambda0[k] = rows[island[k]].lambda;
    for (int k = 0; k < n; ++k) {
        const ScalarRow& r = rows[island[k]];
        // The four corners of a box face carry a load of three dimensions, so A is only
        // positive semi-definite; the pivoting handles that itself (lcp.h).
        p.A[size_t(k) * n + k] += double(r.gamma) + double(cfm);
        // q = J v - A lambda_0 - target: v already holds the warm start's lambda_0.
        double Alambda = 0.0;
        for (int j = 0; j < n; ++j) Alambda += p.A[size_t(k) * n + j] * lambda0[j];
        p.q[k] = double(rowVelocity(r, bodies)) - Alambda - double(r.target);
        const double inf = std::numeric_limits<double>::infinity();
        p.lo[k] = r.lower <= -1e29f ? -inf : double(r.lower);
        p.hi[k] = r.upper >= 1e29f ? inf : double(r.upper);
        if (r.normal >= 0) {
            p.findex[k] = local[r.normal];
            p.mu[k] = double(r.mu);
        }
    }
    return p;
}

bool acceptExact(LcpReport& report, const std::vector<double>& x) {
    bool finite = std::isfinite(report.complementarity);
    for (double v : x) finite = finite && std::isfinite(v) && std::fabs(v) < 1e30;
    report.solved = finite && (report.solved || report.complementarity <= kExactAccept);
    return report.solved;
}

void applyIslandSolution(std::vector<ScalarRow>& rows, const IslandRows& island,
                         const std::vector<double>& x, std::vector<SolverBody>& bodies) {
    for (size_t k = 0; k < island.size(); ++k) {
        ScalarRow& r = rows[island[k]];
        const float lambda = static_cast<float>(x[k]);
        applyRow(r, lambda - r.lambda, bodies);
        r.lambda = lambda;
    }
}

namespace {

// velocityIterations passes of row-by-row PGS over one island's rows.
void solveIslandByPgs(SolveContext& ctx, std::vector<ScalarRow>& rows, const IslandRows& island) {
    std::vector<int> local(rows.size(), -1);
    for (size_t k = 0; k < island.size(); ++k) local[island[k]] = static_cast<int>(k);
    std::vector<ScalarRow> part;
    for (uint32_t i : island) {
        ScalarRow r = rows[i];
        if (r.normal >= 0) r.normal = local[r.normal];
        if (r.partner >= 0) r.partner = local[r.partner];
        part.push_back(r);
    }
    const std::vector<uint32_t> order;
    for (int it = 0; it < ctx.solver.velocityIterations; ++it)
        solveRowsPass(part, order, ctx.bodies, 1.0f, ctx.solver.cfm, ctx.step.cone);
    for (size_t k = 0; k < island.size(); ++k) rows[island[k]].lambda = part[k].lambda;
}

} // namespace

void solveExact(SolveContext& ctx, IslandSolver solveIsland) {
    const SolverSettings& ss = ctx.solver;
    prepareStage(ctx);
    traceMark(ctx, TraceStage::Prepare, static_cast<int>(ctx.constraints.size() + ctx.jointRows.size()));
    warmStartStage(ctx);
    traceMark(ctx, TraceStage::WarmStart, static_cast<int>(ctx.constraints.size() + ctx.jointRows.size()));
    {
        ScopedTimer t(ctx.profile.iterate);
        ScalarRowData& data = ctx.dataAs<ScalarRowData>();
        gatherRows(ctx, data.rows);
        std::vector<ScalarRow>& rows = data.rows;
        for (IslandRows& island : splitIslands(rows, ctx.bodies.size())) {
            // A sliding point has no row across its slip (the pyramid's slip rule): its impulse
            // is 0, and a row with bounds [0, 0] only makes the pivoting cycle.
            std::erase_if(island, [&](uint32_t i) {
                ScalarRow& r = rows[i];
                if (!(r.sliding && r.kind == RowKind::Friction2)) return false;
                applyRow(r, -r.lambda, ctx.bodies);
                r.lambda = 0.0f;
                return true;
            });
            const int n = static_cast<int>(island.size());
            ctx.stats.largestIslandRows = std::max(ctx.stats.largestIslandRows, n);
            if (n <= ss.exactMaxRows) {
                const LcpReport report = solveIsland(ctx, rows, island);
                ctx.stats.pivots += report.pivots;
                if (report.solved) {
                    ++ctx.stats.exactIslands;
                    ctx.stats.exactError = std::max(ctx.stats.exactError, static_cast<float>(report.complementarity));
                    continue;
                }
                // A failed pivoting (its pivot limit) applied nothing: PGS below.
            }
            // Over the cap, or not solved: the island gets the row-by-row PGS passes instead.
            ++ctx.stats.fallbackIslands;
            solveIslandByPgs(ctx, rows, island);
        }
        probePass(ctx, &rows, 0.0f, 0, 0);
        traceMark(ctx, TraceStage::Pass, 1);
        probeRows(ctx, &rows);
        if (ctx.probe) ctx.probe->iterationsUsed = 1;
        scatterRows(ctx, rows);
        solveAngularFriction(ctx.constraints, ctx.bodies, std::max(ss.velocityIterations, 1));
    }
    {
        ScopedTimer t(ctx.profile.relax);
        // No shock pass: the exact answer is the answer.
        if (ctx.step.splitImpulse)
            for (int it = 0; it < ss.positionIterations; ++it) solveSplitImpulse(ctx.constraints, ctx.split);
    }
    storeStage(ctx);
    ctx.stats.velocityIterations = ss.velocityIterations;
    ctx.stats.positionIterations = ss.positionIterations;
}

} // namespace tumble
