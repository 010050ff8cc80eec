// EPA: when GJK finds the cores overlapping, the origin lies inside their Minkowski difference
// D = B - A. The polytope GJK stopped with (grown to a tetrahedron if it was smaller) lies
// inside D; EPA repeatedly takes the polytope's face nearest the origin, asks D for its
// support point along that face's outward normal n, and, if the point lies beyond the face,
// replaces every face the point can see by a fan from the point to their horizon. When the
// support point no longer lies beyond the nearest face, that face is (within tolerance) on D's
// boundary: d = its distance from the origin is the cores' penetration depth, and moving B by
// d along -n would make them touch, so the contact normal from A to B is -n. The origin's
// projection d n on the face, in barycentric weights of the face's three vertices, gives the
// deepest points on A and on B. Everything runs in A's frame, like GJK.
#include "collision/epa.h"

#include "collision/gjk_simplex.h"

#include <algorithm>
#include <array>
#include <cfloat>
#include <cmath>

namespace tumble {
namespace {

constexpr int kMaxIterations = 64;
constexpr int kMaxVertices = 96;
constexpr int kMaxFaces = 384;

struct Face {
    int v[3];
    glm::vec3 n;  ///< unit, outward
    float d;      ///< distance of the face's plane from the origin
    bool alive;
};

struct Polytope {
    std::array<gjk::SimplexVertex, kMaxVertices> v;
    std::array<Face, kMaxFaces> f;
    int vertexCount = 0, faceCount = 0;
    glm::vec3 interior{0.0f}; ///< a point inside every polytope grown from the first one

    // Adds face (a, b, c), turned so its normal points away from the interior.
    bool addFace(int a, int b, int c) {
        if (faceCount == kMaxFaces) return false;
        glm::vec3 n = glm::cross(v[b].w - v[a].w, v[c].w - v[a].w);
        const float length = glm::length(n);
        if (!(length > 0.0f)) return false;
        n /= length;
        if (glm::dot(n, v[a].w - interior) < 0.0f) {
            std::swap(b, c);
            n = -n;
        }
        f[faceCount++] = {{a, b, c}, n, glm::dot(n, v[a].w), true};
        return true;
    }
};

// Grows GJK's simplex (one to four points touching or enclosing the origin) into a tetrahedron
// of non-zero volume, adding support points in directions away from what it already spans.
bool makeTetrahedron(gjk::Simplex s, const ConvexProxy& a, const ConvexProxy& b, const Frame& rel,
                     float eps, Polytope& p) {
    auto support = [&](const glm::vec3& d) { return gjk::supportOfDifference(a, b, rel, d); };
    static const glm::vec3 kAxes[6] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
    if (s.count == 1) {
        for (const glm::vec3& d : kAxes) {
            gjk::SimplexVertex w = support(d);
            if (glm::length(w.w - s.v[0].w) > eps) {
                s.v[s.count++] = w;
                break;
            }
        }
    }
    if (s.count == 2) {
        const glm::vec3 e = glm::normalize(s.v[1].w - s.v[0].w);
        const glm::vec3 helper = std::fabs(e.x) < 0.57f ? glm::vec3(1, 0, 0) : glm::vec3(0, 1, 0);
        const glm::vec3 p1 = glm::normalize(glm::cross(e, helper)), p2 = glm::cross(e, p1);
        for (int k = 0; k < 6; ++k) {
            const float angle = float(k) * 1.04719755f; // 60 degrees apart
            gjk::SimplexVertex w = support(std::cos(angle) * p1 + std::sin(angle) * p2);
            if (glm::length(glm::cross(e, w.w - s.v[0].w)) > eps) {
                s.v[s.count++] = w;
                break;
            }
        }
    }
    if (s.count == 3) {
        glm::vec3 n = glm::cross(s.v[1].w - s.v[0].w, s.v[2].w - s.v[0].w);
        if (!(glm::length(n) > 0.0f)) return false;
        n = glm::normalize(n);
        for (const glm::vec3& d : {n, -n}) {
            gjk::SimplexVertex w = support(d);
            if (std::fabs(glm::dot(w.w - s.v[0].w, n)) > eps) {
                s.v[s.count++] = w;
                break;
            }
        }
    }
    if (s.count != 4) return false;
    for (int i = 0; i < 4; ++i) p.v[i] = s.v[i];
    p.vertexCount = 4;
    p.interior = 0.25f * (s.v[0].w + s.v[1].w + s.v[2].w + s.v[3].w);
    return p.addFace(0, 1, 2) && p.addFace(0, 3, 1) && p.addFace(0, 2, 3) && p.addFace(1, 3, 2);
}

// Adds edge (a, b) of a removed face to the horizon, or, when its twin (b, a) is there
// already (both faces are gone), takes the twin out.
void toggleEdge(std::array<std::pair<int, int>, kMaxFaces>& edges, int& count, int a, int b) {
    for (int i = 0; i < count; ++i)
        if (edges[i].first == b && edges[i].second == a) {
            edges[i] = edges[--count];
            return;
        }
    if (count < kMaxFaces) edges[count++] = {a, b};
}

// Grows the polytope until its nearest face lies on D's boundary; returns that face, or -1.
int expand(Polytope& p, const ConvexProxy& a, const ConvexProxy& b, const Frame& rel, float tolerance) {
    int best = -1;
    for (int iteration = 0; iteration < kMaxIterations; ++iteration) {
        best = -1;
        for (int i = 0; i < p.faceCount; ++i)
            if (p.f[i].alive && (best < 0 || p.f[i].d < p.f[best].d)) best = i;
        if (best < 0) return -1;
        const Face nearest = p.f[best];
        const gjk::SimplexVertex w = gjk::supportOfDifference(a, b, rel, nearest.n);
        if (glm::dot(w.w, nearest.n) - nearest.d <= tolerance || p.vertexCount == kMaxVertices)
            return best;
        const int added = p.vertexCount;
        p.v[p.vertexCount++] = w;
        std::array<std::pair<int, int>, kMaxFaces> horizon;
        int horizonCount = 0;
        for (int i = 0; i < p.faceCount; ++i) {
            Face& f = p.f[i];
            if (!f.alive || glm::dot(f.n, w.w - p.v[f.v[0]].w) <= 0.0f) continue;
            f.alive = false;
            for (int e = 0; e < 3; ++e) toggleEdge(horizon, horizonCount, f.v[e], f.v[(e + 1) % 3]);
        }
        // Drop the dead faces so the array has room for the fan.
        p.faceCount = int(std::remove_if(p.f.begin(), p.f.begin() + p.faceCount,
                                         [](const Face& f) { return !f.alive; }) -
                          p.f.begin());
        bool grown = true;
        for (int i = 0; i < horizonCount && grown; ++i)
            grown = p.addFace(horizon[i].first, horizon[i].second, added);
        if (!grown) break; // out of room, or a sliver: the nearest face so far is the answer
    }
    best = -1;
    for (int i = 0; i < p.faceCount; ++i)
        if (p.f[i].alive && (best < 0 || p.f[i].d < p.f[best].d)) best = i;
    return best;
}

// Barycentric weights of point q in triangle (a, b, c).
glm::vec3 barycentric(const glm::vec3& q, const glm::vec3& a, const glm::vec3& b, const glm::vec3& c) {
    const glm::vec3 ab = b - a, ac = c - a, aq = q - a;
    const float d00 = glm::dot(ab, ab), d01 = glm::dot(ab, ac), d11 = glm::dot(ac, ac);
    const float d20 = glm::dot(aq, ab), d21 = glm::dot(aq, ac);
    const float denom = d00 * d11 - d01 * d01;
    if (!(std::fabs(denom) > 0.0f)) return {1.0f, 0.0f, 0.0f};
    const float v = (d11 * d20 - d01 * d21) / denom, w = (d00 * d21 - d01 * d20) / denom;
    return {1.0f - v - w, v, w};
}

} // namespace

SignedDistance signedDistance(const ConvexProxy& a, const Transform& xa, const ConvexProxy& b,
                              const Transform& xb) {
    const Frame fa(xa);
    const Frame rel = relativeFrame(fa, Frame(xb));
    const gjk::Run run = gjk::run(a, b, rel);
    const float radii = a.radius + b.radius;
    SignedDistance out;
    glm::vec3 pA(0.0f), pB(0.0f), n(0.0f); // A's frame; n from A to B
    float coreSeparation = 0.0f;
    if (!run.overlap) {
        for (int i = 0; i < run.simplex.count; ++i) {
            pA += run.simplex.v[i].weight * run.simplex.v[i].wA;
            pB += run.simplex.v[i].weight * run.simplex.v[i].wB;
        }
        coreSeparation = glm::length(run.v);
        n = run.v / coreSeparation;
    } else {
        Polytope p;
        const float scale = std::max(run.scale, 1.0f);
        const int face = makeTetrahedron(run.simplex, a, b, rel, 1e-6f * scale, p)
                             ? expand(p, a, b, rel, 1e-4f * scale)
                             : -1;
        if (face < 0) {
            out.valid = false;
            n = glm::dot(rel.p, rel.p) > 0.0f ? glm::normalize(rel.p) : glm::vec3(0.0f, 1.0f, 0.0f);
            pB = rel.p;
        } else {
            const Face& f = p.f[face];
            const float depth = std::max(f.d, 0.0f);
            const glm::vec3 l = barycentric(depth * f.n, p.v[f.v[0]].w, p.v[f.v[1]].w, p.v[f.v[2]].w);
            for (int k = 0; k < 3; ++k) {
                pA += l[k] * p.v[f.v[k]].wA;
                pB += l[k] * p.v[f.v[k]].wB;
            }
            n = -f.n;
            coreSeparation = -depth;
        }
    }
    out.separation = coreSeparation - radii;
    out.normal = fa.R * n;
    out.pointA = fa.apply(pA + a.radius * n);
    out.pointB = fa.apply(pB - b.radius * n);
    return out;
}

} // namespace tumble
