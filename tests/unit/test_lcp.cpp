// The exact LCP solvers: complementarity on random problems, agreement of Dantzig and Lemke on
// contact normals, closed forms (two rows, a block on an incline, a box on the ground, the weight
// of a box pyramid), redundant contacts with and without friction, failures that are reported,
// determinism, and timings (printed, not asserted).
#include "solver/lcp.h"

#include <gtest/gtest.h>

#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <limits>
#include <random>
#include <utility>

using tumble::lcpError;
using tumble::LcpReport;
using tumble::Mlcp;
using tumble::mlcpError;
using tumble::solveDantzig;
using tumble::solveLemke;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kTol = tumble::kLcpTolerance;

double maxAbs(const std::vector<double>& v) {
    double m = 0.0;
    for (double e : v) m = std::max(m, std::abs(e));
    return m;
}

/// A = B B^T + eps I, B n x n with entries of variance 1/n: eigenvalues in about [eps, 4 + eps],
/// dense coupling between all rows.
std::vector<double> randomSpd(int n, double eps, std::mt19937_64& rng) {
    std::normal_distribution<double> normal(0.0, 1.0 / std::sqrt(double(n)));
    std::vector<double> B(size_t(n) * n);
    for (double& e : B) e = normal(rng);
    std::vector<double> A(size_t(n) * n);
    for (int i = 0; i < n; ++i)
        for (int j = 0; j <= i; ++j) {
            const double v = tumble::lcpDot(&B[size_t(i) * n], &B[size_t(j) * n], n);
            A[size_t(i) * n + j] = A[size_t(j) * n + i] = v;
        }
    for (int i = 0; i < n; ++i) A[size_t(i) * n + i] += eps;
    return A;
}

/// Rows all of one kind: contact normals (0 <= x < inf).
Mlcp normalProblem(std::vector<double> A, std::vector<double> q) {
    Mlcp p;
    p.n = static_cast<int>(q.size());
    p.A = std::move(A);
    p.q = std::move(q);
    p.lo.assign(p.n, 0.0);
    p.hi.assign(p.n, kInf);
    p.mu.assign(p.n, 0.0);
    p.findex.assign(p.n, -1);
    return p;
}

/// A random problem with every kind of row: joints (unbounded, 20%), boxes (15%, some not
/// containing 0), contact normals followed by two friction rows on them (35%) and contact
/// normals alone.
Mlcp randomBoxProblem(int n, uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    std::normal_distribution<double> normal(0.0, 1.0);
    Mlcp p;
    p.n = n;
    p.A = randomSpd(n, 0.05, rng);
    p.q.resize(n);
    p.lo.assign(n, 0.0);
    p.hi.assign(n, kInf);
    p.mu.assign(n, 0.0);
    p.findex.assign(n, -1);
    for (double& e : p.q) e = normal(rng);
    for (int r = 0; r < n; ++r) {
        const double kind = unit(rng);
        if (kind < 0.2) {
            p.lo[r] = -kInf;
        } else if (kind < 0.35) {
            p.lo[r] = -2.0 * unit(rng) + 0.5 * unit(rng);
            p.hi[r] = p.lo[r] + 0.1 + 2.0 * unit(rng);
        } else if (kind < 0.7 && r + 2 < n) {
            p.mu[r + 1] = p.mu[r + 2] = 0.2 + 0.8 * unit(rng);
            p.findex[r + 1] = p.findex[r + 2] = r;
            r += 2;
        }
    }
    return p;
}

/// Contacts of one box (side 1, mass m, inertia m/6 about each axis) resting flat on the ground
/// at its four bottom corners, normal +y. Rows per corner: the normal, and with friction the
/// tangents x and z. Jacobian rows [d, r x d] act on (v, w); A = J M^-1 J^T, q = J (v, w).
Mlcp boxOnGround(double m, double mu, bool friction, const double v[3], const double w[3]) {
    const double I = m / 6.0;
    const double axes[3][3] = {{0, 1, 0}, {1, 0, 0}, {0, 0, 1}};
    const int perCorner = friction ? 3 : 1;
    std::vector<std::array<double, 6>> J;
    Mlcp p;
    for (int c = 0; c < 4; ++c) {
        const double r[3] = {c & 1 ? 0.5 : -0.5, -0.5, c & 2 ? 0.5 : -0.5};
        for (int a = 0; a < perCorner; ++a) {
            const double* d = axes[a];
            J.push_back({d[0], d[1], d[2], r[1] * d[2] - r[2] * d[1], r[2] * d[0] - r[0] * d[2],
                         r[0] * d[1] - r[1] * d[0]});
            p.findex.push_back(a == 0 ? -1 : c * perCorner);
        }
    }
    p.n = static_cast<int>(J.size());
    p.A.resize(size_t(p.n) * p.n);
    for (int i = 0; i < p.n; ++i) {
        for (int j = 0; j < p.n; ++j) {
            double s = 0.0;
            for (int k = 0; k < 6; ++k) s += J[i][k] * J[j][k] / (k < 3 ? m : I);
            p.A[size_t(i) * p.n + j] = s;
        }
        double qi = 0.0;
        for (int k = 0; k < 3; ++k) qi += J[i][k] * v[k] + J[i][k + 3] * w[k];
        p.q.push_back(qi);
    }
    p.lo.assign(p.n, 0.0);
    p.hi.assign(p.n, kInf);
    p.mu.assign(p.n, mu);
    return p;
}

/// A pyramid of unit boxes (mass 1, inertia 1/6 about each axis) standing in layers on the
/// ground: layer L has base - L boxes, each on the two below it, and the bottom layer on the
/// ground; four contact points per touching pair (the corners of the overlap), each a normal row
/// (+y) and, with friction, tangent rows along x and z. v holds (v, w) per body; the ground is
/// body -1. bodiesOfRow gets the bodies each row acts on (lower, upper).
Mlcp boxPyramid(int base, bool friction, double mu, const std::vector<double>& v,
                std::vector<std::pair<int, int>>& bodiesOfRow) {
    std::vector<std::array<double, 3>> centre;
    std::vector<int> firstOfLayer;
    for (int L = 0; L < base; ++L) {
        firstOfLayer.push_back(static_cast<int>(centre.size()));
        for (int i = 0; i < base - L; ++i) centre.push_back({i + 0.5 * L, L + 0.5, 0.0});
    }
    const double axes[3][3] = {{0, 1, 0}, {1, 0, 0}, {0, 0, 1}};
    struct Row {
        int body[2];
        double J[2][6]; // per body: (d, r x d), with the lower body's sign
    };
    std::vector<Row> rows;
    Mlcp p;
    auto contact = [&](int lower, int upper, double px, double py, double pz) {
        const int normal = static_cast<int>(rows.size());
        for (int a = 0; a < (friction ? 3 : 1); ++a) {
            Row row{{lower, upper}, {}};
            for (int side = 0; side < 2; ++side) {
                const int b = row.body[side];
                if (b < 0) continue;
                const double sign = side == 0 ? -1.0 : 1.0, *d = axes[a];
                const double r[3] = {px - centre[b][0], py - centre[b][1], pz - centre[b][2]};
                const double rxd[3] = {r[1] * d[2] - r[2] * d[1], r[2] * d[0] - r[0] * d[2],
                                       r[0] * d[1] - r[1] * d[0]};
                for (int k = 0; k < 3; ++k) {
                    row.J[side][k] = sign * d[k];
                    row.J[side][k + 3] = sign * rxd[k];
                }
            }
            rows.push_back(row);
            p.findex.push_back(a == 0 ? -1 : normal);
            bodiesOfRow.push_back({lower, upper});
        }
    };
    for (int L = 0; L < base; ++L)
        for (int b = firstOfLayer[L]; b < firstOfLayer[L] + base - L; ++b) {
            // Supports: the ground (-1) under layer 0, else the boxes of the layer below.
            const double x = centre[b][0], y = L;
            const int first = L == 0 ? -1 : firstOfLayer[L - 1];
            const int end = L == 0 ? 0 : firstOfLayer[L];
            for (int s = first; s < end; ++s) {
                const double left = s < 0 ? x - 0.5 : std::max(x, centre[s][0]) - 0.5;
                const double right = s < 0 ? x + 0.5 : std::min(x, centre[s][0]) + 0.5;
                if (right - left < 1e-9) continue;
                for (int c = 0; c < 4; ++c)
                    contact(s, b, c & 1 ? right : left, y, c & 2 ? 0.5 : -0.5);
            }
        }
    p.n = static_cast<int>(rows.size());
    p.A.assign(size_t(p.n) * p.n, 0.0);
    for (int i = 0; i < p.n; ++i) {
        for (int j = 0; j < p.n; ++j)
            for (int si = 0; si < 2; ++si)
                for (int sj = 0; sj < 2; ++sj) {
                    const int b = rows[i].body[si];
                    if (b < 0 || b != rows[j].body[sj]) continue;
                    for (int k = 0; k < 6; ++k)
                        p.A[size_t(i) * p.n + j] +=
                            rows[i].J[si][k] * rows[j].J[sj][k] * (k < 3 ? 1.0 : 6.0);
                }
        double q = 0.0;
        for (int side = 0; side < 2; ++side)
            if (rows[i].body[side] >= 0)
                for (int k = 0; k < 6; ++k) q += rows[i].J[side][k] * v[6 * rows[i].body[side] + k];
        p.q.push_back(q);
    }
    p.lo.assign(p.n, 0.0);
    p.hi.assign(p.n, kInf);
    p.mu.assign(p.n, mu);
    return p;
}

/// A block on an incline, in the contact frame: rows normal, tangent 1 (down the slope), tangent 2.
/// Gravity over one step, g dt = 1 m/s, gives q = (-cos theta, sin theta, 0); the normal and the
/// first tangent are coupled (the contact point is off the centre of mass).
Mlcp incline(double theta, double mu) {
    Mlcp p;
    p.n = 3;
    p.A = {1.0, 0.2, 0.0, 0.2, 1.5, 0.0, 0.0, 0.0, 1.5};
    p.q = {-std::cos(theta), std::sin(theta), 0.0};
    p.lo = {0.0, 0.0, 0.0};
    p.hi = {kInf, kInf, kInf};
    p.mu = {0.0, mu, mu};
    p.findex = {-1, 0, 0};
    return p;
}

double seconds(std::chrono::steady_clock::time_point since) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - since).count();
}

} // namespace

TEST(Lcp, BothSolversMatchTheClosedFormOfATwoRowProblemWithOneActiveRow) {
    // A = [2 1; 1 2], q = (-1, 1). Row 0 active: x0 = 1/2, x1 = 0, w1 = 1 * 1/2 + 1 = 3/2 > 0.
    const Mlcp p = normalProblem({2.0, 1.0, 1.0, 2.0}, {-1.0, 1.0});
    std::vector<double> x, z;
    const LcpReport d = solveDantzig(p, x, 100);
    const LcpReport l = solveLemke(p.n, p.A, p.q, z, 100);
    ASSERT_TRUE(d.solved) << d.failure;
    ASSERT_TRUE(l.solved) << l.failure;
    EXPECT_NEAR(x[0], 0.5, 1e-15);
    EXPECT_EQ(x[1], 0.0);
    EXPECT_NEAR(z[0], 0.5, 1e-15);
    EXPECT_EQ(z[1], 0.0);
}

TEST(Lcp, DantzigSatisfiesComplementarityOnRandomBoxProblems) {
    for (int n : {4, 12, 40, 120}) {
        for (uint64_t seed = 1; seed <= 20; ++seed) {
            const Mlcp p = randomBoxProblem(n, 1000 * n + seed);
            std::vector<double> x;
            const LcpReport r = solveDantzig(p, x, 20 * n); // the default 8 friction rounds
            EXPECT_TRUE(r.solved) << "n " << n << " seed " << seed << ": " << r.failure;
            EXPECT_LE(mlcpError(p, x), kTol * maxAbs(p.q)) << "n " << n << " seed " << seed;
        }
    }
}

TEST(Lcp, DantzigAndLemkeAgreeOnRandomContactNormalProblems) {
    for (int n : {3, 10, 50, 150}) {
        for (uint64_t seed = 1; seed <= 20; ++seed) {
            std::mt19937_64 rng(7000 * n + seed);
            std::normal_distribution<double> normal(0.0, 1.0);
            std::vector<double> q(n);
            std::vector<double> A = randomSpd(n, 1e-3, rng);
            for (double& e : q) e = normal(rng);
            const Mlcp p = normalProblem(A, q);
            std::vector<double> x, z;
            const LcpReport d = solveDantzig(p, x, 20 * n);
            const LcpReport l = solveLemke(n, A, q, z, 20 * n);
            ASSERT_TRUE(d.solved) << "n " << n << " seed " << seed << ": " << d.failure;
            ASSERT_TRUE(l.solved) << "n " << n << " seed " << seed << ": " << l.failure;
            EXPECT_LE(lcpError(n, A, q, x), kTol * maxAbs(q));
            EXPECT_LE(lcpError(n, A, q, z), kTol * maxAbs(q));
            // Positive definite A: the solution is unique, so the two must agree (to the
            // conditioning: eigenvalues from 1e-3 to about 4).
            for (int i = 0; i < n; ++i) EXPECT_NEAR(x[i], z[i], 1e-9 * (1.0 + maxAbs(x)));
        }
    }
}

TEST(Lcp, FrictionSticksOnAShallowInclineWithZeroTangentialVelocity) {
    // 10 degrees, mu = 0.5 (more than holding it takes): both rows inside, w_n = w_t = 0:
    //   [1 0.2; 0.2 1.5] (x_n, x_t) = (cos, -sin),  x_t2 = 0.
    const double theta = 10.0 * M_PI / 180.0;
    const Mlcp p = incline(theta, 0.5);
    std::vector<double> x;
    const LcpReport r = solveDantzig(p, x, 100);
    ASSERT_TRUE(r.solved) << r.failure;
    const double det = 1.0 * 1.5 - 0.2 * 0.2;
    const double xn = (1.5 * std::cos(theta) + 0.2 * std::sin(theta)) / det;
    const double xt = (-1.0 * std::sin(theta) - 0.2 * std::cos(theta)) / det;
    EXPECT_NEAR(x[0], xn, 1e-12);
    EXPECT_NEAR(x[1], xt, 1e-12);
    EXPECT_NEAR(x[2], 0.0, 1e-12);
    EXPECT_LT(std::abs(x[1]), 0.5 * x[0]); // sticking: strictly inside the friction bound
    EXPECT_LE(r.complementarity, 1e-12);
}

TEST(Lcp, FrictionSaturatesOnASteepInclineAtMuTimesTheNormal) {
    // 40 degrees, mu = 0.3 < tan 40: x_t = -mu x_n, and w_n = 0 gives
    //   x_n (1 - 0.2 mu) = cos,  w_t = 0.2 x_n + 1.5 x_t + sin > 0 (still sliding down).
    const double theta = 40.0 * M_PI / 180.0, mu = 0.3;
    const Mlcp p = incline(theta, mu);
    std::vector<double> x;
    const LcpReport r = solveDantzig(p, x, 100);
    ASSERT_TRUE(r.solved) << r.failure;
    const double xn = std::cos(theta) / (1.0 - 0.2 * mu);
    EXPECT_NEAR(x[0], xn, 1e-12);
    EXPECT_NEAR(x[1], -mu * xn, 1e-12);
    EXPECT_NEAR(x[2], 0.0, 1e-12);
    EXPECT_GT(0.2 * x[0] + 1.5 * x[1] + std::sin(theta), 0.1);
    EXPECT_GE(r.outerIterations, 1); // the bound followed the normal at least once
}

TEST(Lcp, RedundantContactsOfABoxOnTheGroundStopItsFall) {
    // Four corners, rank 3 (A only positive semi-definite): the split between corners is not
    // unique, but all four w are 0 and the total normal impulse stops the fall: sum x_n = m v_y.
    const double m = 2.0, v[3] = {0.0, -3.0, 0.0}, w[3] = {0.0, 0.0, 0.0};
    const Mlcp p = boxOnGround(m, 0.0, false, v, w);
    std::vector<double> x, z;
    const LcpReport d = solveDantzig(p, x, 100);
    const LcpReport l = solveLemke(p.n, p.A, p.q, z, 100);
    ASSERT_TRUE(d.solved) << d.failure;
    ASSERT_TRUE(l.solved) << l.failure;
    EXPECT_LE(d.complementarity, 1e-12);
    EXPECT_LE(l.complementarity, 1e-12);
    EXPECT_NEAR(x[0] + x[1] + x[2] + x[3], 6.0, 1e-12);
    EXPECT_NEAR(z[0] + z[1] + z[2] + z[3], 6.0, 1e-12);
}

TEST(Lcp, RedundantContactsOfATumblingBoxAreSolvedToTolerance) {
    // Spinning while it lands: corners press unevenly and some lift off.
    const double m = 1.5, v[3] = {0.3, -2.0, 0.1}, w[3] = {1.7, 0.4, -2.2};
    const Mlcp p = boxOnGround(m, 0.0, false, v, w);
    std::vector<double> x, z;
    const LcpReport d = solveDantzig(p, x, 100);
    const LcpReport l = solveLemke(p.n, p.A, p.q, z, 100);
    ASSERT_TRUE(d.solved) << d.failure;
    ASSERT_TRUE(l.solved) << l.failure;
    EXPECT_LE(d.complementarity, kTol * maxAbs(p.q));
    EXPECT_LE(l.complementarity, kTol * maxAbs(p.q));
}

TEST(Lcp, SlidingBoxOnTheGroundGetsMuTimesItsNormalImpulseAsFriction) {
    // 12 rows of rank 6. Fast enough sideways (v_x = 4 > mu v_y) that every corner slides:
    // each x_t1 = -mu x_n, and with all four normals w = 0 the totals are closed forms:
    //   sum x_n = m v_y,  sum x_t1 = -mu m v_y.
    const double m = 1.0, mu = 0.5, v[3] = {4.0, -2.0, 0.0}, w[3] = {0.0, 0.0, 0.0};
    const Mlcp p = boxOnGround(m, mu, true, v, w);
    std::vector<double> x;
    const LcpReport r = solveDantzig(p, x, 200);
    ASSERT_TRUE(r.solved) << r.failure;
    EXPECT_LE(r.complementarity, kTol * maxAbs(p.q));
    double normal = 0.0, t1 = 0.0;
    for (int c = 0; c < 4; ++c) {
        normal += x[3 * c];
        t1 += x[3 * c + 1];
    }
    EXPECT_NEAR(normal, 2.0, 1e-9);
    EXPECT_NEAR(t1, -1.0, 1e-9);
}

TEST(Lcp, BoxPyramidAtRestPressesOnTheGroundWithItsWeight) {
    // 15 boxes, 100 contact points (rank 90 of 300 rows with friction). Gravity over one step
    // (g dt = 0.1 m/s) and nothing else: every box stops, so the ground's normal impulses add up
    // to the weight of all fifteen, 15 m g dt, and the friction impulses to nothing.
    const int base = 5, boxes = base * (base + 1) / 2;
    std::vector<double> v(6 * boxes, 0.0);
    for (int b = 0; b < boxes; ++b) v[6 * b + 1] = -0.1;
    for (bool friction : {false, true}) {
        std::vector<std::pair<int, int>> bodies;
        const Mlcp p = boxPyramid(base, friction, 0.5, v, bodies);
        std::vector<double> x;
        const LcpReport r = solveDantzig(p, x, 20 * p.n);
        ASSERT_TRUE(r.solved) << r.failure;
        double normal = 0.0, tangent = 0.0;
        for (int i = 0; i < p.n; ++i)
            if (bodies[i].first < 0) (p.findex[i] < 0 ? normal : tangent) += x[i];
        EXPECT_NEAR(normal, 0.1 * boxes, 1e-9);
        EXPECT_NEAR(tangent, 0.0, 1e-9);
        if (friction) continue;
        std::vector<double> z;
        const LcpReport l = solveLemke(p.n, p.A, p.q, z, 20 * p.n);
        ASSERT_TRUE(l.solved) << l.failure;
        double lemkeNormal = 0.0;
        for (int i = 0; i < p.n; ++i)
            if (bodies[i].first < 0) lemkeNormal += z[i];
        EXPECT_NEAR(lemkeNormal, 0.1 * boxes, 1e-9);
    }
}

TEST(Lcp, TumblingBoxPyramidWithFrictionIsSolvedToTolerance) {
    // The same pyramid with every box also moving and spinning a little: some contacts open,
    // some slide. Redundant rows, friction bounds and the outer loop all at once.
    const int base = 5, boxes = base * (base + 1) / 2;
    for (uint64_t seed = 1; seed <= 5; ++seed) {
        std::mt19937_64 rng(seed);
        std::normal_distribution<double> normal(0.0, 0.05);
        std::vector<double> v(6 * boxes);
        for (double& e : v) e = normal(rng);
        for (int b = 0; b < boxes; ++b) v[6 * b + 1] -= 0.1;
        std::vector<std::pair<int, int>> bodies;
        const Mlcp p = boxPyramid(base, true, 0.5, v, bodies);
        std::vector<double> x;
        const LcpReport r = solveDantzig(p, x, 20 * p.n);
        EXPECT_TRUE(r.solved) << "seed " << seed << ": " << r.failure;
        EXPECT_LE(r.complementarity, kTol * maxAbs(p.q)) << "seed " << seed;
    }
}

TEST(Lcp, DuplicateRowsAreSolvedByBothSolvers) {
    // The same contact twice (rows 0 and 1 equal): A is singular, the pair's total is unique.
    const std::vector<double> A = {2.0, 2.0, 1.0, 2.0, 2.0, 1.0, 1.0, 1.0, 3.0};
    const std::vector<double> q = {-4.0, -4.0, 1.0};
    const Mlcp p = normalProblem(A, q);
    std::vector<double> x, z;
    const LcpReport d = solveDantzig(p, x, 100);
    const LcpReport l = solveLemke(3, A, q, z, 100);
    ASSERT_TRUE(d.solved) << d.failure;
    ASSERT_TRUE(l.solved) << l.failure;
    EXPECT_NEAR(x[0] + x[1], 2.0, 1e-12); // 2 (x0 + x1) = 4, row 2 inactive: w2 = 2 + 1 > 0
    EXPECT_NEAR(z[0] + z[1], 2.0, 1e-12);
    EXPECT_EQ(x[2], 0.0);
    EXPECT_EQ(z[2], 0.0);
}

TEST(Lcp, ProblemsWithoutASolutionReportWhy) {
    // w = 0 x - 1 can never be >= 0.
    const Mlcp p = normalProblem({0.0}, {-1.0});
    std::vector<double> x, z;
    const LcpReport d = solveDantzig(p, x, 100);
    const LcpReport l = solveLemke(1, p.A, p.q, z, 100);
    EXPECT_FALSE(d.solved);
    EXPECT_EQ(d.failure, "unbounded direction");
    EXPECT_FALSE(l.solved);
    EXPECT_EQ(l.failure, "ray termination");
    // A zero row whose w is already 0 is no obstacle (a joint row that constrains nothing).
    Mlcp idle = normalProblem({0.0, 0.0, 0.0, 2.0}, {0.0, -1.0});
    idle.lo[0] = -kInf;
    const LcpReport i = solveDantzig(idle, x, 100);
    EXPECT_TRUE(i.solved) << i.failure;
    EXPECT_NEAR(x[1], 0.5, 1e-15);
    // Too few pivots allowed.
    const Mlcp q = randomBoxProblem(30, 5);
    const LcpReport capped = solveDantzig(q, x, 3);
    EXPECT_FALSE(capped.solved);
    EXPECT_EQ(capped.failure, "pivot limit");
}

TEST(Lcp, RepeatedSolvesGiveBitIdenticalResults) {
    const Mlcp p = randomBoxProblem(80, 42);
    std::vector<double> x1, x2, z1, z2;
    solveDantzig(p, x1, 2000, 50);
    solveDantzig(p, x2, 2000, 50);
    EXPECT_EQ(x1, x2);
    const Mlcp n = normalProblem(p.A, p.q);
    solveLemke(n.n, n.A, n.q, z1, 2000);
    solveLemke(n.n, n.A, n.q, z2, 2000);
    EXPECT_EQ(z1, z2);
}

TEST(Lcp, LargeRandomProblemsAreSolvedToToleranceAndTimed) {
    for (int n : {200, 500, 1000}) {
        std::mt19937_64 rng(n);
        std::normal_distribution<double> normal(0.0, 1.0);
        std::vector<double> q(n);
        const std::vector<double> A = randomSpd(n, 1e-2, rng);
        for (double& e : q) e = normal(rng);
        const Mlcp p = normalProblem(A, q);
        std::vector<double> x, z;
        auto start = std::chrono::steady_clock::now();
        const LcpReport d = solveDantzig(p, x, 20 * n);
        const double tDantzig = seconds(start);
        start = std::chrono::steady_clock::now();
        const LcpReport l = solveLemke(n, A, q, z, 20 * n);
        const double tLemke = seconds(start);
        const Mlcp box = randomBoxProblem(n, n);
        std::vector<double> xb;
        start = std::chrono::steady_clock::now();
        const LcpReport b = solveDantzig(box, xb, 20 * n, 100);
        const double tBox = seconds(start);
        std::printf("n %4d  normals: Dantzig %8.1f ms (%5d pivots)  Lemke %8.1f ms (%5d pivots)"
                    "  |  box+friction: Dantzig %8.1f ms (%5d pivots, %d outer)\n",
                    n, 1e3 * tDantzig, d.pivots, 1e3 * tLemke, l.pivots, 1e3 * tBox, b.pivots,
                    b.outerIterations);
        EXPECT_TRUE(d.solved) << d.failure;
        EXPECT_TRUE(l.solved) << l.failure;
        EXPECT_TRUE(b.solved) << b.failure;
        for (int i = 0; i < n; ++i) ASSERT_NEAR(x[i], z[i], 1e-8 * (1.0 + maxAbs(x)));
    }
    // A contact problem: the 55-box pyramid of base 10, 1,200 rows with friction (sparse A).
    const int base = 10, boxes = base * (base + 1) / 2;
    std::mt19937_64 rng(10);
    std::normal_distribution<double> normal(0.0, 0.05);
    std::vector<double> v(6 * boxes);
    for (double& e : v) e = normal(rng);
    for (int b = 0; b < boxes; ++b) v[6 * b + 1] -= 0.1;
    std::vector<std::pair<int, int>> bodies;
    const Mlcp p = boxPyramid(base, true, 0.5, v, bodies);
    std::vector<double> x;
    const auto start = std::chrono::steady_clock::now();
    const LcpReport r = solveDantzig(p, x, 20 * p.n);
    std::printf("pyramid of %d boxes, %d rows with friction: Dantzig %.1f ms (%d pivots, %d "
                "outer)\n",
                boxes, p.n, 1e3 * seconds(start), r.pivots, r.outerIterations);
    EXPECT_TRUE(r.solved) << r.failure;
}
