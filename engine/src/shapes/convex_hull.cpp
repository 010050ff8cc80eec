// The convex hull of a point cloud.
//
// 1. Quickhull on triangles, in double precision: start from a large tetrahedron of extreme
//    points, give every remaining point to a face it lies above ("conflict list"), then
//    repeatedly take the furthest conflict point of a face, find the faces it sees (connected
//    to that face, distance above a tolerance), delete them and fan the horizon to the point.
//    Points within the tolerance of the surface count as inside, so nearly coplanar points
//    never create slivers. The tolerance scales with the cloud's extent and coordinates.
// 2. Adjacent triangles that lie in one plane (within the tolerance) are merged into a convex
//    polygon: a box's 12 triangles become 6 quads. Vertices that end up in the middle of a
//    straight polygon edge in every face they touch are dropped.
// 3. Mass properties come from the exact polyhedral integrals (polyhedron_mass.cpp); the
//    vertices are re-centred on the centre of mass.
#include "shapes/polyhedron_mass.h"
#include "tumble/shape.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <glm/geometric.hpp>

namespace tumble {
namespace {

constexpr size_t kMaxHullPoints = 256;

struct Triangle {
    int v[3] = {0, 0, 0};
    glm::dvec3 normal{0.0}; // outward unit normal
    double offset = 0.0;    // dot(normal, x) = offset
    double area = 0.0;
    bool alive = true;
    std::vector<int> conflicts; // points above this face, not yet on the hull
};

class Quickhull {
  public:
    Quickhull(const std::vector<glm::dvec3>& points, double tolerance)
        : p_(points), eps_(tolerance), n_(static_cast<int>(points.size())),
          edgeOwner_(static_cast<size_t>(n_) * n_, -1) {}

    /// Runs the algorithm; false (with the reason) when the points span no volume.
    bool build(std::string& error);
    const std::vector<Triangle>& triangles() const { return tris_; }
    /// The triangle on the other side of the directed edge a -> b of some triangle.
    int across(int a, int b) const { return edgeOwner_[static_cast<size_t>(b) * n_ + a]; }

  private:
    double distance(const Triangle& t, int i) const { return glm::dot(t.normal, p_[i]) - t.offset; }
    int& owner(int a, int b) { return edgeOwner_[static_cast<size_t>(a) * n_ + b]; }
    bool initialSimplex(int simplex[4], std::string& error) const;
    int addTriangle(int a, int b, int c);
    void giveToFurthest(int point, const std::vector<int>& faces);
    void addPoint(int face, int eye);

    const std::vector<glm::dvec3>& p_;
    double eps_;
    int n_;
    std::vector<int> edgeOwner_; // [a * n + b]: the live triangle holding directed edge a -> b
    std::vector<Triangle> tris_;
};

bool Quickhull::initialSimplex(int s[4], std::string& error) const {
    // The two most distant of the six axis-extreme points.
    int extreme[6] = {0, 0, 0, 0, 0, 0};
    for (int i = 0; i < n_; ++i)
        for (int k = 0; k < 3; ++k) {
            if (p_[i][k] < p_[extreme[2 * k]][k]) extreme[2 * k] = i;
            if (p_[i][k] > p_[extreme[2 * k + 1]][k]) extreme[2 * k + 1] = i;
        }
    double best = -1.0;
    for (int i = 0; i < 6; ++i)
        for (int j = i + 1; j < 6; ++j) {
            double d = glm::length(p_[extreme[i]] - p_[extreme[j]]);
            if (d > best) {
                best = d;
                s[0] = extreme[i];
                s[1] = extreme[j];
            }
        }
    const char* prefix = "fewer than 4 non-coplanar points";
    if (best <= eps_) {
        error = std::string(prefix) + " (all points coincide)";
        return false;
    }
    // The point furthest from the line s0 s1.
    glm::dvec3 axis = glm::normalize(p_[s[1]] - p_[s[0]]);
    best = -1.0;
    for (int i = 0; i < n_; ++i) {
        double d = glm::length(glm::cross(p_[i] - p_[s[0]], axis));
        if (d > best) {
            best = d;
            s[2] = i;
        }
    }
    if (best <= eps_) {
        error = std::string(prefix) + " (the points are collinear)";
        return false;
    }
    // The point furthest from the plane s0 s1 s2.
    glm::dvec3 normal = glm::normalize(glm::cross(p_[s[1]] - p_[s[0]], p_[s[2]] - p_[s[0]]));
    best = -1.0;
    for (int i = 0; i < n_; ++i) {
        double d = std::abs(glm::dot(p_[i] - p_[s[0]], normal));
        if (d > best) {
            best = d;
            s[3] = i;
        }
    }
    if (best <= eps_) {
        error = std::string(prefix) + " (the points are coplanar)";
        return false;
    }
    return true;
}

int Quickhull::addTriangle(int a, int b, int c) {
    Triangle t;
    t.v[0] = a;
    t.v[1] = b;
    t.v[2] = c;
    glm::dvec3 n = glm::cross(p_[b] - p_[a], p_[c] - p_[a]);
    double length = glm::length(n);
    t.area = 0.5 * length;
    t.normal = length > 0.0 ? n / length : glm::dvec3(0.0);
    // The mean of the three plane offsets: symmetric in the corners.
    t.offset = glm::dot(t.normal, p_[a] + p_[b] + p_[c]) / 3.0;
    int index = static_cast<int>(tris_.size());
    tris_.push_back(std::move(t));
    owner(a, b) = index;
    owner(b, c) = index;
    owner(c, a) = index;
    return index;
}

void Quickhull::giveToFurthest(int point, const std::vector<int>& faces) {
    int bestFace = -1;
    double best = eps_;
    for (int f : faces) {
        double d = distance(tris_[f], point);
        if (d > best) {
            best = d;
            bestFace = f;
        }
    }
    if (bestFace >= 0) tris_[bestFace].conflicts.push_back(point);
}

void Quickhull::addPoint(int face, int eye) {
    // Flood the faces the eye sees, starting from one it certainly sees; the boundary of that
    // region is the horizon, kept as directed edges of the visible faces.
    enum : char { Unknown, Visible, Hidden };
    std::vector<char> state(tris_.size(), Unknown);
    std::vector<int> visible{face};
    std::vector<std::pair<int, int>> horizon;
    state[face] = Visible;
    for (size_t k = 0; k < visible.size(); ++k) {
        const Triangle& t = tris_[visible[k]];
        for (int e = 0; e < 3; ++e) {
            int a = t.v[e], b = t.v[(e + 1) % 3];
            int nb = across(a, b);
            if (state[nb] == Unknown)
                state[nb] = distance(tris_[nb], eye) > eps_ ? Visible : Hidden;
            if (state[nb] == Hidden) {
                horizon.emplace_back(a, b);
            } else if (std::find(visible.begin(), visible.end(), nb) == visible.end()) {
                visible.push_back(nb);
            }
        }
    }

    std::vector<int> orphans;
    for (int f : visible) {
        Triangle& t = tris_[f];
        t.alive = false;
        for (int e = 0; e < 3; ++e)
            owner(t.v[e], t.v[(e + 1) % 3]) = -1;
        for (int q : t.conflicts)
            if (q != eye) orphans.push_back(q);
        t.conflicts.clear();
    }
    std::vector<int> created;
    created.reserve(horizon.size());
    for (const auto& [a, b] : horizon)
        created.push_back(addTriangle(a, b, eye));
    for (int q : orphans)
        giveToFurthest(q, created);
}

bool Quickhull::build(std::string& error) {
    int s[4] = {0, 0, 0, 0};
    if (!initialSimplex(s, error)) return false;
    // Orient the tetrahedron's faces so that the fourth corner lies behind each of them.
    const int faces[4][4] = {{s[0], s[1], s[2], s[3]},
                             {s[0], s[1], s[3], s[2]},
                             {s[0], s[2], s[3], s[1]},
                             {s[1], s[2], s[3], s[0]}};
    std::vector<int> all;
    for (const auto& f : faces) {
        glm::dvec3 n = glm::cross(p_[f[1]] - p_[f[0]], p_[f[2]] - p_[f[0]]);
        if (glm::dot(n, p_[f[3]] - p_[f[0]]) > 0.0)
            all.push_back(addTriangle(f[0], f[2], f[1]));
        else
            all.push_back(addTriangle(f[0], f[1], f[2]));
    }
    for (int i = 0; i < n_; ++i)
        if (i != s[0] && i != s[1] && i != s[2] && i != s[3]) giveToFurthest(i, all);

    // Faces are only appended, so one forward sweep visits every face that ever gets conflicts.
    for (size_t f = 0; f < tris_.size(); ++f) {
        if (!tris_[f].alive || tris_[f].conflicts.empty()) continue;
        const Triangle& t = tris_[f];
        int eye = t.conflicts[0];
        for (int q : t.conflicts)
            if (distance(t, q) > distance(t, eye)) eye = q;
        addPoint(static_cast<int>(f), eye);
    }
    return true;
}

// Groups coplanar neighbouring triangles and returns each group's boundary loop (indices into
// the input points, counter-clockwise from outside).
std::vector<std::vector<int>> mergeCoplanar(const Quickhull& qh, const std::vector<glm::dvec3>& p,
                                            double tolerance) {
    const std::vector<Triangle>& tris = qh.triangles();
    std::vector<int> order;
    for (int i = 0; i < static_cast<int>(tris.size()); ++i)
        if (tris[i].alive) order.push_back(i);
    // Large triangles seed the groups: their planes are the most accurate.
    std::stable_sort(order.begin(), order.end(),
                     [&](int a, int b) { return tris[a].area > tris[b].area; });

    std::vector<int> group(tris.size(), -1);
    std::vector<std::vector<int>> polygons;
    int groupCount = 0;
    for (int seed : order) {
        if (group[seed] >= 0) continue;
        const Triangle& plane = tris[seed];
        int g = groupCount++;
        std::vector<int> members{seed};
        group[seed] = g;
        for (size_t k = 0; k < members.size(); ++k) {
            const Triangle& t = tris[members[k]];
            for (int e = 0; e < 3; ++e) {
                int nb = qh.across(t.v[e], t.v[(e + 1) % 3]);
                if (nb < 0 || group[nb] >= 0) continue;
                const Triangle& u = tris[nb];
                bool flat = glm::dot(u.normal, plane.normal) > 0.0;
                for (int c = 0; c < 3 && flat; ++c)
                    flat = std::abs(glm::dot(plane.normal, p[u.v[c]]) - plane.offset) <= tolerance;
                if (!flat) continue;
                group[nb] = g;
                members.push_back(nb);
            }
        }

        // The boundary: directed edges whose other side belongs to another group.
        std::vector<std::pair<int, int>> boundary;
        for (int m : members)
            for (int e = 0; e < 3; ++e) {
                int a = tris[m].v[e], b = tris[m].v[(e + 1) % 3];
                if (group[qh.across(a, b)] != g) boundary.emplace_back(a, b);
            }
        std::vector<int> loop{boundary[0].first};
        bool simple = true;
        for (;;) {
            int from = loop.back(), next = -1, matches = 0;
            for (const auto& [a, b] : boundary)
                if (a == from) {
                    next = b;
                    ++matches;
                }
            if (matches != 1 || loop.size() > boundary.size()) {
                simple = false;
                break;
            }
            if (next == loop[0]) break;
            loop.push_back(next);
        }
        if (simple && loop.size() == boundary.size()) {
            polygons.push_back(std::move(loop));
        } else {
            // Not a simple disc (only possible with extreme round-off): keep the triangles.
            for (int m : members)
                polygons.push_back({tris[m].v[0], tris[m].v[1], tris[m].v[2]});
        }
    }
    return polygons;
}

// Drops vertices lying on a straight polygon edge in every face that uses them.
void dropCollinear(std::vector<std::vector<int>>& polygons, const std::vector<glm::dvec3>& p,
                   double tolerance) {
    std::vector<int> uses(p.size(), 0), straight(p.size(), 0);
    for (const std::vector<int>& poly : polygons) {
        size_t n = poly.size();
        for (size_t i = 0; i < n; ++i) {
            const glm::dvec3& prev = p[poly[(i + n - 1) % n]];
            const glm::dvec3& next = p[poly[(i + 1) % n]];
            glm::dvec3 d = next - prev;
            double length = glm::length(d);
            double offLine =
                length > 0.0 ? glm::length(glm::cross(d, p[poly[i]] - prev)) / length : 0.0;
            ++uses[poly[i]];
            if (offLine <= tolerance) ++straight[poly[i]];
        }
    }
    std::vector<std::vector<int>> kept = polygons;
    for (std::vector<int>& poly : kept) {
        std::erase_if(poly, [&](int v) { return uses[v] == straight[v]; });
        if (poly.size() < 3) return; // pathological: keep the polygons as they are
    }
    polygons = std::move(kept);
}

// Outward normal of a planar polygon by Newell's method (robust for nearly collinear corners).
glm::dvec3 newellNormal(const std::vector<glm::dvec3>& v, const std::vector<uint16_t>& poly) {
    glm::dvec3 n(0.0);
    for (size_t i = 0; i < poly.size(); ++i) {
        const glm::dvec3& a = v[poly[i]];
        const glm::dvec3& b = v[poly[(i + 1) % poly.size()]];
        n += glm::dvec3((a.y - b.y) * (a.z + b.z), (a.z - b.z) * (a.x + b.x),
                        (a.x - b.x) * (a.y + b.y));
    }
    return glm::normalize(n);
}

} // namespace

std::shared_ptr<const ConvexHull> buildConvexHull(const std::vector<glm::vec3>& points,
                                                  std::string& error, glm::vec3* centerOfMassOut) {
    if (points.size() < 4) {
        error = "fewer than 4 points (got " + std::to_string(points.size()) + ")";
        return nullptr;
    }
    if (points.size() > kMaxHullPoints) {
        error = "more than " + std::to_string(kMaxHullPoints) + " points (got " +
                std::to_string(points.size()) + ")";
        return nullptr;
    }
    std::vector<glm::dvec3> p;
    p.reserve(points.size());
    glm::dvec3 lo(DBL_MAX), hi(-DBL_MAX), maxAbs(0.0);
    for (size_t i = 0; i < points.size(); ++i) {
        const glm::vec3& q = points[i];
        if (!std::isfinite(q.x) || !std::isfinite(q.y) || !std::isfinite(q.z)) {
            error = "hull point " + std::to_string(i) + " is not finite";
            return nullptr;
        }
        p.emplace_back(q);
        lo = glm::min(lo, p.back());
        hi = glm::max(hi, p.back());
        maxAbs = glm::max(maxAbs, glm::abs(p.back()));
    }
    // Below this distance two features count as touching: a millionth of the cloud's size, but
    // never below the float round-off of the input coordinates.
    double tolerance =
        std::max(1e-6 * glm::length(hi - lo), 8.0 * FLT_EPSILON * (maxAbs.x + maxAbs.y + maxAbs.z));

    Quickhull qh(p, tolerance);
    if (!qh.build(error)) return nullptr;
    std::vector<std::vector<int>> polygons = mergeCoplanar(qh, p, 2.0 * tolerance);
    dropCollinear(polygons, p, tolerance);

    // Keep the vertices the faces use, in input order.
    std::vector<int> remap(p.size(), -1);
    for (const std::vector<int>& poly : polygons)
        for (int v : poly)
            remap[v] = 0;
    std::vector<glm::dvec3> vertices;
    for (size_t i = 0; i < p.size(); ++i)
        if (remap[i] == 0) {
            remap[i] = static_cast<int>(vertices.size());
            vertices.push_back(p[i]);
        }
    std::vector<std::vector<uint16_t>> faces;
    faces.reserve(polygons.size());
    for (const std::vector<int>& poly : polygons) {
        std::vector<uint16_t>& f = faces.emplace_back();
        for (int v : poly)
            f.push_back(static_cast<uint16_t>(remap[v]));
    }

    PolyhedronMass mass = computePolyhedronMass(vertices, faces);
    if (!(mass.volume > 0.0)) {
        error = "fewer than 4 non-coplanar points (the hull has no volume)";
        return nullptr;
    }

    auto hull = std::make_shared<ConvexHull>();
    for (glm::dvec3& v : vertices) {
        v -= mass.centerOfMass;
        hull->vertices.emplace_back(v);
    }
    // Each undirected edge appears once in each of its two faces, in opposite directions:
    // a -> b (a < b) names the edge, b -> a names the face on its other side.
    std::vector<int> twinFace(vertices.size() * vertices.size(), -1);
    for (size_t fi = 0; fi < faces.size(); ++fi)
        for (size_t i = 0; i < faces[fi].size(); ++i) {
            uint16_t a = faces[fi][i], b = faces[fi][(i + 1) % faces[fi].size()];
            if (a > b) twinFace[b * vertices.size() + a] = static_cast<int>(fi);
        }
    for (std::vector<uint16_t>& f : faces) {
        uint16_t faceIndex = static_cast<uint16_t>(hull->faces.size());
        ConvexHull::Face& face = hull->faces.emplace_back();
        glm::dvec3 n = newellNormal(vertices, f);
        // The furthest vertex sets the plane, so no vertex pokes out of its own face plane.
        double offset = -DBL_MAX;
        for (uint16_t v : f)
            offset = std::max(offset, glm::dot(n, vertices[v]));
        face.normal = glm::vec3(n);
        face.offset = static_cast<float>(offset);
        for (size_t i = 0; i < f.size(); ++i) {
            uint16_t a = f[i], b = f[(i + 1) % f.size()];
            if (a < b) {
                hull->edges.emplace_back(a, b);
                hull->edgeFaces.emplace_back(
                    faceIndex, static_cast<uint16_t>(twinFace[a * vertices.size() + b]));
            }
        }
        face.vertices = std::move(f);
    }
    hull->volume = static_cast<float>(mass.volume);
    hull->unitInertia = glm::mat3(mass.inertia);
    if (centerOfMassOut) *centerOfMassOut = glm::vec3(mass.centerOfMass);
    error.clear();
    return hull;
}

} // namespace tumble
