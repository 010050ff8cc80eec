// One island's rows as a matrix (tumble/constraint_system.h).
#include "tumble/constraint_system.h"

#include <glm/glm.hpp>

#include <numeric>

namespace tumble {
namespace {

/// Union-find over body slots: bodies joined by a row whose bodies both move.
struct Components {
    std::vector<uint32_t> parent;
    explicit Components(size_t n) : parent(n) { std::iota(parent.begin(), parent.end(), 0u); }
    uint32_t find(uint32_t x) {
        while (parent[x] != x) x = parent[x] = parent[parent[x]];
        return x;
    }
    void join(uint32_t a, uint32_t b) { parent[find(a)] = find(b); }
};

bool moves(const SolverProbe& probe, uint32_t slot) {
    return slot < probe.bodies.size() && probe.bodies[slot].invMass > 0.0f;
}

} // namespace

std::vector<uint32_t> islandRows(const SolverProbe& probe, uint32_t body, size_t maxRows) {
    std::vector<uint32_t> out;
    if (!moves(probe, body)) return out;
    Components c(probe.bodies.size());
    for (const ProbeRow& r : probe.rows)
        if (moves(probe, r.bodyA) && moves(probe, r.bodyB)) c.join(r.bodyA, r.bodyB);
    const uint32_t root = c.find(body);
    for (uint32_t i = 0; i < probe.rows.size() && out.size() < maxRows; ++i) {
        const ProbeRow& r = probe.rows[i];
        const bool inA = moves(probe, r.bodyA) && c.find(r.bodyA) == root;
        const bool inB = moves(probe, r.bodyB) && c.find(r.bodyB) == root;
        if (inA || inB) out.push_back(i);
    }
    return out;
}

ConstraintSystem assembleSystem(const SolverProbe& probe, const std::vector<uint32_t>& rows) {
    ConstraintSystem s;
    s.rows = rows;
    const size_t n = rows.size();
    s.A.assign(n * n, 0.0);
    // J_i M^-1 J_j^T over the bodies the two rows share.
    auto part = [&](uint32_t body, const glm::vec3& jvI, const glm::vec3& jwI, const glm::vec3& jvJ,
                    const glm::vec3& jwJ) {
        if (body >= probe.bodies.size()) return 0.0;
        const ProbeBody& m = probe.bodies[body];
        return double(m.invMass) * double(glm::dot(jvI, jvJ)) + double(glm::dot(jwI, m.invI * jwJ));
    };
    for (size_t i = 0; i < n; ++i) {
        const ProbeRow& ri = probe.rows[rows[i]];
        for (size_t j = 0; j < n; ++j) {
            const ProbeRow& rj = probe.rows[rows[j]];
            double a = 0.0;
            if (ri.bodyA == rj.bodyA) a += part(ri.bodyA, ri.jvA, ri.jwA, rj.jvA, rj.jwA);
            if (ri.bodyA == rj.bodyB) a += part(ri.bodyA, ri.jvA, ri.jwA, rj.jvB, rj.jwB);
            if (ri.bodyB == rj.bodyA) a += part(ri.bodyB, ri.jvB, ri.jwB, rj.jvA, rj.jwA);
            if (ri.bodyB == rj.bodyB) a += part(ri.bodyB, ri.jvB, ri.jwB, rj.jvB, rj.jwB);
            if (i == j) a += ri.softness;
            s.A[i * n + j] = a;
        }
    }
    s.lambda.resize(n);
    s.w.resize(n);
    s.b.resize(n);
    for (size_t i = 0; i < n; ++i) {
        s.lambda[i] = probe.rows[rows[i]].lambda;
        s.w[i] = probe.rows[rows[i]].w;
    }
    for (size_t i = 0; i < n; ++i) {
        double aLambda = 0.0;
        for (size_t j = 0; j < n; ++j) aLambda += s.A[i * n + j] * s.lambda[j];
        s.b[i] = s.w[i] - aLambda;
    }
    return s;
}

} // namespace tumble
