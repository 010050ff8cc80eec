// GJK distance (Gilbert, Johnson and Keerthi 1988) on the cores of two convex shapes.
//
// The cores' Minkowski difference D = B - A is convex; the shapes' cores are d = min |x| over
// x in D apart. GJK keeps a simplex (1 to 4 points of D, each the difference of a support point
// of B and one of A), finds the point v of the simplex closest to the origin (closest points on
// a segment, triangle or tetrahedron, by Voronoi regions as in Ericson's Real-Time Collision
// Detection, 5.1), drops the vertices v does not need, and adds the support point w of D in
// the direction -v. |v| only shrinks; dot(v, w) / |v| is a lower bound of d, so the loop stops
// when the two meet, when w is already in the simplex, or when v stops shrinking. A tetrahedron
// holding the origin means the cores overlap. Everything runs in A's local frame, where the
// numbers are small.
#include "collision/gjk.h"
#include "collision/gjk_simplex.h"

#include <algorithm>
#include <cfloat>
#include <cmath>

namespace tumble {
namespace {

using gjk::Simplex;
using gjk::SimplexVertex;

constexpr int kMaxIterations = 48;

// Keep the listed vertices (indices into s.v) with the given weights.
void keep(Simplex& s, std::initializer_list<int> which, std::initializer_list<float> weights) {
    SimplexVertex kept[4];
    int n = 0;
    auto wt = weights.begin();
    for (int i : which) {
        kept[n] = s.v[i];
        kept[n].weight = *wt++;
        ++n;
    }
    for (int i = 0; i < n; ++i) s.v[i] = kept[i];
    s.count = n;
}

// Closest point of segment v0 v1 to the origin.
glm::vec3 solveSegment(Simplex& s) {
    const glm::vec3 a = s.v[0].w, b = s.v[1].w;
    const glm::vec3 e = b - a;
    const float ee = glm::dot(e, e);
    const float t = ee > 0.0f ? -glm::dot(a, e) / ee : 0.0f;
    if (t <= 0.0f) {
        keep(s, {0}, {1.0f});
        return a;
    }
    if (t >= 1.0f) {
        keep(s, {1}, {1.0f});
        return b;
    }
    keep(s, {0, 1}, {1.0f - t, t});
    return a + t * e;
}

// Closest point of triangle (i, j, k) of the simplex to the origin, by Voronoi regions:
// vertex regions, then edge regions, then the face. Reduces s to the vertices it uses.
glm::vec3 solveTriangle(Simplex& s, int i, int j, int k) {
    const glm::vec3 a = s.v[i].w, b = s.v[j].w, c = s.v[k].w;
    const glm::vec3 ab = b - a, ac = c - a;
    const float d1 = -glm::dot(ab, a), d2 = -glm::dot(ac, a);
    if (d1 <= 0.0f && d2 <= 0.0f) {
        keep(s, {i}, {1.0f});
        return a;
    }
    const float d3 = -glm::dot(ab, b), d4 = -glm::dot(ac, b);
    if (d3 >= 0.0f && d4 <= d3) {
        keep(s, {j}, {1.0f});
        return b;
    }
    const float vc = d1 * d4 - d3 * d2;
    if (vc <= 0.0f && d1 >= 0.0f && d3 <= 0.0f) {
        const float t = d1 / (d1 - d3);
        keep(s, {i, j}, {1.0f - t, t});
        return a + t * ab;
    }
    const float d5 = -glm::dot(ab, c), d6 = -glm::dot(ac, c);
    if (d6 >= 0.0f && d5 <= d6) {
        keep(s, {k}, {1.0f});
        return c;
    }
    const float vb = d5 * d2 - d1 * d6;
    if (vb <= 0.0f && d2 >= 0.0f && d6 <= 0.0f) {
        const float t = d2 / (d2 - d6);
        keep(s, {i, k}, {1.0f - t, t});
        return a + t * ac;
    }
    const float va = d3 * d6 - d5 * d4;
    if (va <= 0.0f && d4 - d3 >= 0.0f && d5 - d6 >= 0.0f) {
        const float t = (d4 - d3) / ((d4 - d3) + (d5 - d6));
        keep(s, {j, k}, {1.0f - t, t});
        return b + t * (c - b);
    }
    const float sum = va + vb + vc;
    if (!(sum > 0.0f)) {
        // A sliver with no face region left by rounding: the nearest of its edges serves.
        const int edges[3][2] = {{i, j}, {j, k}, {i, k}};
        Simplex best;
        glm::vec3 closest(0.0f);
        float bestDistance = FLT_MAX;
        for (const auto& e : edges) {
            Simplex edge = s;
            keep(edge, {e[0], e[1]}, {0.5f, 0.5f});
            const glm::vec3 p = solveSegment(edge);
            if (glm::dot(p, p) < bestDistance) {
                bestDistance = glm::dot(p, p);
                best = edge;
                closest = p;
            }
        }
        s = best;
        return closest;
    }
    const float v = vb / sum, w = vc / sum;
    keep(s, {i, j, k}, {1.0f - v - w, v, w});
    return a + v * ab + w * ac;
}

// Whether the origin lies on the far side of plane (a, b, c) from d, or d is (nearly) in the
// plane (a flat tetrahedron: every face is then a candidate).
bool originOutside(const glm::vec3& a, const glm::vec3& b, const glm::vec3& c, const glm::vec3& d) {
    const glm::vec3 n = glm::cross(b - a, c - a);
    const float signOrigin = -glm::dot(a, n);
    const float signD = glm::dot(d - a, n);
    const float flat = 1e-6f * glm::length(n) * glm::length(d - a);
    if (std::fabs(signD) <= flat) return true;
    return signOrigin * signD < 0.0f;
}

// Closest point of the tetrahedron to the origin: the nearest of the faces the origin is
// outside of. Returns false (and leaves s whole) when the origin is inside.
bool solveTetrahedron(Simplex& s, glm::vec3& closest) {
    static constexpr int kFaces[4][4] = {{0, 1, 2, 3}, {0, 2, 3, 1}, {0, 3, 1, 2}, {1, 3, 2, 0}};
    float best = FLT_MAX;
    Simplex bestSimplex;
    bool any = false;
    for (const auto& f : kFaces) {
        if (!originOutside(s.v[f[0]].w, s.v[f[1]].w, s.v[f[2]].w, s.v[f[3]].w)) continue;
        Simplex t = s;
        glm::vec3 p = solveTriangle(t, f[0], f[1], f[2]);
        float pp = glm::dot(p, p);
        if (pp < best) {
            best = pp;
            bestSimplex = t;
            closest = p;
        }
        any = true;
    }
    if (!any) return false;
    s = bestSimplex;
    return true;
}

} // namespace

glm::vec3 ConvexProxy::support(const glm::vec3& direction, int& index) const {
    if (!cylinder) {
        index = supportIndex(*this, direction);
        return point(index);
    }
    index = -1;
    const float radial = std::sqrt(direction.x * direction.x + direction.z * direction.z);
    const float y = direction.y >= 0.0f ? cylinderHalfHeight : -cylinderHalfHeight;
    if (!(radial > 1e-12f)) return {0.0f, y, 0.0f};
    const float k = cylinderRadius / radial;
    return {k * direction.x, y, k * direction.z};
}

float ConvexProxy::extent() const {
    if (cylinder) return std::sqrt(cylinderRadius * cylinderRadius + cylinderHalfHeight * cylinderHalfHeight);
    float e = 0.0f;
    for (int i = 0; i < count; ++i) e = std::max(e, glm::length(point(i)));
    return e;
}

ConvexProxy makeConvexProxy(const Shape& shape, float inset) {
    ConvexProxy p;
    switch (shape.type) {
    case ShapeType::Sphere:
        p.local[0] = glm::vec3(0.0f);
        p.count = 1;
        p.radius = std::max(shape.radius - inset, 0.5f * shape.radius);
        break;
    case ShapeType::Capsule:
        p.local[0] = glm::vec3(0.0f, -shape.halfHeight, 0.0f);
        p.local[1] = glm::vec3(0.0f, shape.halfHeight, 0.0f);
        p.count = 2;
        p.radius = std::max(shape.radius - inset, 0.5f * shape.radius);
        break;
    case ShapeType::Box: {
        const glm::vec3 h = glm::max(shape.halfExtents - inset, 0.5f * shape.halfExtents);
        for (int i = 0; i < 8; ++i)
            p.local[i] = {(i & 1) ? h.x : -h.x, (i & 2) ? h.y : -h.y, (i & 4) ? h.z : -h.z};
        p.count = 8;
        break;
    }
    case ShapeType::Cylinder:
        p.cylinder = true;
        p.cylinderRadius = std::max(shape.radius - inset, 0.5f * shape.radius);
        p.cylinderHalfHeight = std::max(shape.halfHeight - inset, 0.5f * shape.halfHeight);
        break;
    case ShapeType::Hull:
        p.hullPoints = shape.hull->vertices.data();
        p.count = static_cast<int>(shape.hull->vertices.size());
        if (inset > 0.0f) p.scale = std::max(1.0f - inset / shapeInnerRadius(shape), 0.5f);
        break;
    default: // a plane has no finite core
        p.local[0] = glm::vec3(0.0f);
        p.count = 1;
        break;
    }
    return p;
}

int supportIndex(const ConvexProxy& proxy, const glm::vec3& direction) {
    const glm::vec3* pts = proxy.points(); // a hull's scale > 0 leaves the order alone
    int best = 0;
    float bestDot = glm::dot(pts[0], direction);
    for (int i = 1; i < proxy.count; ++i) {
        float d = glm::dot(pts[i], direction);
        if (d > bestDot) {
            bestDot = d;
            best = i;
        }
    }
    return best;
}

float shapeReach(const Shape& shape) {
    switch (shape.type) {
    case ShapeType::Sphere: return shape.radius;
    case ShapeType::Capsule: return shape.halfHeight + shape.radius;
    case ShapeType::Box: return glm::length(shape.halfExtents);
    case ShapeType::Cylinder: return std::sqrt(shape.radius * shape.radius + shape.halfHeight * shape.halfHeight);
    case ShapeType::Hull: {
        float r = 0.0f;
        for (const glm::vec3& v : shape.hull->vertices) r = std::max(r, glm::length(v));
        return r;
    }
    default: return 0.0f;
    }
}

float shapeInnerRadius(const Shape& shape) {
    switch (shape.type) {
    case ShapeType::Sphere:
    case ShapeType::Capsule: return shape.radius;
    case ShapeType::Box:
        return std::min({shape.halfExtents.x, shape.halfExtents.y, shape.halfExtents.z});
    case ShapeType::Cylinder: return std::min(shape.radius, shape.halfHeight);
    case ShapeType::Hull: {
        // The centre of mass lies inside, so every face's offset is positive.
        float r = FLT_MAX;
        for (const ConvexHull::Face& f : shape.hull->faces) r = std::min(r, f.offset);
        return r;
    }
    default: return 0.0f;
    }
}

namespace gjk {

SimplexVertex supportOfDifference(const ConvexProxy& a, const ConvexProxy& b, const Frame& rel,
                                  const glm::vec3& direction) {
    SimplexVertex v;
    v.wA = a.support(-direction, v.iA);
    v.wB = rel.apply(b.support(direction * rel.R, v.iB));
    v.w = v.wB - v.wA;
    return v;
}

Run run(const ConvexProxy& a, const ConvexProxy& b, const Frame& rel) {
    auto support = [&](const glm::vec3& direction) { return supportOfDifference(a, b, rel, direction); };
    Run out;
    // Lengths the float round-off is measured against.
    out.scale = std::max({glm::length(rel.p), a.extent(), b.extent()});
    const float scale = out.scale;
    const float touching = 1e-6f * std::max(scale, 1.0f);

    Simplex& s = out.simplex;
    glm::vec3 start = glm::dot(rel.p, rel.p) > 0.0f ? rel.p : glm::vec3(1.0f, 0.0f, 0.0f);
    s.v[0] = support(-start);
    s.count = 1;
    glm::vec3 v = s.v[0].w;
    float previous = FLT_MAX;
    bool overlap = false;
    for (int iteration = 0; iteration < kMaxIterations; ++iteration) {
        out.iterations = iteration + 1;
        Simplex before = s;
        switch (s.count) {
        case 1: v = s.v[0].w; break;
        case 2: v = solveSegment(s); break;
        case 3: v = solveTriangle(s, 0, 1, 2); break;
        default: overlap = !solveTetrahedron(s, v); break;
        }
        if (overlap) break;
        const float vv = glm::dot(v, v);
        if (vv <= touching * touching) {
            overlap = true;
            break;
        }
        if (vv >= previous) {
            // No progress: rounding. The simplex before this vertex was as good.
            s = before;
            s.count = std::max(s.count - 1, 1);
            v = glm::vec3(0.0f);
            for (int i = 0; i < s.count; ++i) v += s.v[i].weight * s.v[i].w;
            break;
        }
        previous = vv;
        SimplexVertex w = support(-v);
        bool repeat = false;
        // A computed support (index -1, a cylinder's) never counts as a repeat.
        for (int i = 0; i < s.count; ++i)
            repeat |= s.v[i].iA == w.iA && s.v[i].iB == w.iB && w.iA >= 0 && w.iB >= 0;
        // Upper bound |v| and lower bound dot(v, w) / |v| of the distance have met.
        const float length = std::sqrt(vv);
        const bool converged = length - glm::dot(v, w.w) / length <= 1e-6f * std::max(scale, 1.0f);
        if (repeat || converged) break;
        s.v[s.count++] = w;
    }
    out.v = v;
    out.overlap = overlap;
    return out;
}

} // namespace gjk

DistanceResult gjkDistance(const ConvexProxy& a, const Transform& xa, const ConvexProxy& b,
                           const Transform& xb) {
    const Frame fa(xa);
    const Frame rel = relativeFrame(fa, Frame(xb)); // B's points into A's frame
    const gjk::Run run = gjk::run(a, b, rel);
    const gjk::Simplex& s = run.simplex;
    const glm::vec3 v = run.v;
    const bool overlap = run.overlap;
    DistanceResult r;
    r.iterations = run.iterations;
    glm::vec3 pA(0.0f), pB(0.0f);
    for (int i = 0; i < s.count; ++i) {
        pA += s.v[i].weight * s.v[i].wA;
        pB += s.v[i].weight * s.v[i].wB;
    }
    const float coreDistance = overlap ? 0.0f : glm::length(v);
    const float radii = a.radius + b.radius;
    if (overlap || coreDistance <= radii) {
        r.overlap = true;
        r.distance = 0.0f;
        r.pointA = fa.apply(pA);
        r.pointB = fa.apply(pB);
        if (coreDistance > 0.0f) r.normal = fa.R * (v / coreDistance);
        return r;
    }
    const glm::vec3 n = v / coreDistance;
    r.distance = coreDistance - radii;
    r.normal = fa.R * n;
    r.pointA = fa.apply(pA + a.radius * n);
    r.pointB = fa.apply(pB - b.radius * n);
    return r;
}

namespace {

// A shape against a plane: the shape's point furthest below the plane decides.
DistanceResult shapePlaneDistance(const Shape& shape, const Transform& xs, const Shape& plane,
                                  const Transform& xp, float inset) {
    const glm::vec3 n = xp.q * plane.normal; // world, out of the plane's solid side
    const float offset = plane.offset + glm::dot(n, xp.p);
    const ConvexProxy proxy = makeConvexProxy(shape, inset);
    const glm::vec3 localDown = glm::conjugate(xs.q) * -n;
    int index = 0;
    const glm::vec3 core = transformPoint(xs, proxy.support(localDown, index));
    DistanceResult r;
    r.iterations = 1;
    r.pointA = core - proxy.radius * n;
    const float height = glm::dot(n, r.pointA) - offset;
    r.pointB = r.pointA - height * n;
    r.normal = -n;
    r.distance = std::max(height, 0.0f);
    r.overlap = height <= 0.0f;
    return r;
}

} // namespace

DistanceResult shapeDistance(const Shape& a, const Transform& xa, const Shape& b, const Transform& xb,
                             float insetA) {
    const bool planeA = a.type == ShapeType::Plane, planeB = b.type == ShapeType::Plane;
    if (planeA && planeB) return DistanceResult{FLT_MAX, false};
    if (planeB) return shapePlaneDistance(a, xa, b, xb, insetA);
    if (planeA) {
        DistanceResult r = shapePlaneDistance(b, xb, a, xa, 0.0f);
        std::swap(r.pointA, r.pointB);
        r.normal = -r.normal;
        return r;
    }
    return gjkDistance(makeConvexProxy(a, insetA), xa, makeConvexProxy(b), xb);
}

} // namespace tumble
