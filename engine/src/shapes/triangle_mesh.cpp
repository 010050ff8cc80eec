// Triangle meshes: validation, normals, active edges and the static tree (triangle_mesh.h).
#include "shapes/triangle_mesh.h"

#include <algorithm>
#include <cmath>
#include <glm/geometric.hpp>
#include <map>
#include <numeric>
#include <tuple>

namespace tumble {
namespace {

constexpr uint32_t kLeafSize = 4;

Aabb emptyBox() { return {glm::vec3(1e30f), glm::vec3(-1e30f)}; }
void grow(Aabb& box, const glm::vec3& p) {
    box.min = glm::min(box.min, p);
    box.max = glm::max(box.max, p);
}
bool overlaps(const Aabb& a, const Aabb& b) {
    return a.min.x <= b.max.x && b.min.x <= a.max.x && a.min.y <= b.max.y && b.min.y <= a.max.y &&
           a.min.z <= b.max.z && b.min.z <= a.max.z;
}

// Top-down build: split the run order[begin, end) at the median of the triangles' centres
// along the longest axis of their spread. nth_element on (centre, index) keys is
// deterministic, so the same mesh always gives the same tree.
void buildNode(TriangleMesh& m, const std::vector<glm::vec3>& centres, uint32_t begin, uint32_t end) {
    const uint32_t self = uint32_t(m.nodes.size());
    m.nodes.push_back({});
    Aabb box = emptyBox(), spread = emptyBox();
    for (uint32_t i = begin; i < end; ++i) {
        for (uint32_t v : m.triangles[m.order[i]]) grow(box, m.vertices[v]);
        grow(spread, centres[m.order[i]]);
    }
    m.nodes[self].box = box;
    if (end - begin <= kLeafSize) {
        m.nodes[self].first = begin;
        m.nodes[self].count = end - begin;
        return;
    }
    const glm::vec3 size = spread.max - spread.min;
    const int axis = size.x >= size.y && size.x >= size.z ? 0 : (size.y >= size.z ? 1 : 2);
    const uint32_t mid = begin + (end - begin) / 2;
    std::nth_element(m.order.begin() + begin, m.order.begin() + mid, m.order.begin() + end,
                     [&](uint32_t a, uint32_t b) {
                         return std::make_pair(centres[a][axis], a) < std::make_pair(centres[b][axis], b);
                     });
    buildNode(m, centres, begin, mid);
    m.nodes[self].first = uint32_t(m.nodes.size());
    buildNode(m, centres, mid, end);
}

// Whether the edge shared by triangles t and u (u the neighbour) may push sideways: true for
// a convex fold sharper than kActiveEdgeCos. A flat seam or a concave one (u rises above t's
// plane) only ever meets a shape that also touches a face nearby, whose normal is the right
// one. A two-sided mesh is convex from one side or the other, so only flatness counts there.
bool foldIsActive(const TriangleMesh& m, uint32_t t, uint32_t u) {
    const glm::vec3& nt = m.normals[t];
    if (glm::dot(nt, m.normals[u]) >= kActiveEdgeCos) return false;
    if (m.twoSided) return true;
    const glm::vec3& base = m.vertices[m.triangles[t][0]];
    float rise = 0.0f;
    for (uint32_t v : m.triangles[u]) {
        const float h = glm::dot(nt, m.vertices[v] - base);
        if (std::fabs(h) > std::fabs(rise)) rise = h;
    }
    return rise < 0.0f;
}

// Edges are matched by their corners' positions, not indices, so a mesh whose tiles repeat
// their corner vertices (as OBJ exports often do) still knows its seams.
void findActiveEdges(TriangleMesh& m) {
    std::map<std::tuple<float, float, float>, uint32_t> weld;
    std::vector<uint32_t> id(m.vertices.size());
    for (size_t i = 0; i < m.vertices.size(); ++i) {
        const glm::vec3& v = m.vertices[i];
        id[i] = weld.emplace(std::make_tuple(v.x, v.y, v.z), uint32_t(weld.size())).first->second;
    }
    struct EdgeUse {
        uint32_t lo, hi, triangle, edge;
        bool operator<(const EdgeUse& o) const {
            return std::tie(lo, hi, triangle, edge) < std::tie(o.lo, o.hi, o.triangle, o.edge);
        }
    };
    std::vector<EdgeUse> uses;
    uses.reserve(3 * m.triangles.size());
    for (uint32_t t = 0; t < m.triangles.size(); ++t)
        for (uint32_t e = 0; e < 3; ++e) {
            const uint32_t a = id[m.triangles[t][e]], b = id[m.triangles[t][(e + 1) % 3]];
            uses.push_back({std::min(a, b), std::max(a, b), t, e});
        }
    std::sort(uses.begin(), uses.end());
    m.activeEdges.assign(m.triangles.size(), 0);
    for (size_t i = 0; i < uses.size();) {
        size_t j = i;
        while (j < uses.size() && uses[j].lo == uses[i].lo && uses[j].hi == uses[i].hi) ++j;
        for (size_t k = i; k < j; ++k) {
            bool active = j - i != 2; // the border, or more than two triangles on one edge
            if (!active) {
                const EdgeUse& other = uses[k == i ? i + 1 : i];
                active = foldIsActive(m, uses[k].triangle, other.triangle);
            }
            if (active) m.activeEdges[uses[k].triangle] |= uint8_t(1u << uses[k].edge);
        }
        i = j;
    }
}

// Moller-Trumbore: t along the ray, or false when it misses (or, one-sided, hits the back).
bool rayTriangle(const glm::vec3& o, const glm::vec3& d, const glm::vec3& a, const glm::vec3& b,
                 const glm::vec3& c, bool twoSided, float& t) {
    const glm::vec3 e1 = b - a, e2 = c - a;
    const glm::vec3 p = glm::cross(d, e2);
    const float det = glm::dot(e1, p);
    if (twoSided ? std::fabs(det) < 1e-12f : det < 1e-12f) return false; // the front gives det > 0
    const float inv = 1.0f / det;
    const glm::vec3 s = o - a;
    const float u = glm::dot(s, p) * inv;
    if (u < 0.0f || u > 1.0f) return false;
    const glm::vec3 q = glm::cross(s, e1);
    const float v = glm::dot(d, q) * inv;
    if (v < 0.0f || u + v > 1.0f) return false;
    t = glm::dot(e2, q) * inv;
    return t >= 0.0f;
}

} // namespace

void TriangleMesh::query(const Aabb& box, std::vector<uint32_t>& out) const {
    out.clear();
    if (nodes.empty()) return;
    uint32_t stack[64];
    int top = 0;
    stack[top++] = 0;
    while (top > 0) {
        const Node& node = nodes[stack[--top]];
        if (!overlaps(node.box, box)) continue;
        if (node.count > 0) {
            for (uint32_t i = node.first; i < node.first + node.count; ++i) {
                Aabb tb = emptyBox();
                for (uint32_t v : triangles[order[i]]) grow(tb, vertices[v]);
                if (overlaps(tb, box)) out.push_back(order[i]);
            }
            continue;
        }
        const uint32_t self = uint32_t(&node - nodes.data());
        stack[top++] = node.first;
        stack[top++] = self + 1;
    }
    std::sort(out.begin(), out.end());
}

int TriangleMesh::rayCast(const glm::vec3& origin, const glm::vec3& direction, float maxT, float& t) const {
    int hit = -1;
    if (nodes.empty()) return hit;
    const glm::vec3 inv = 1.0f / direction; // infinities for zero components are fine below
    auto reaches = [&](const Aabb& b) {
        float lo = 0.0f, hi = maxT;
        for (int k = 0; k < 3; ++k) {
            float t0 = (b.min[k] - origin[k]) * inv[k], t1 = (b.max[k] - origin[k]) * inv[k];
            if (t0 > t1) std::swap(t0, t1);
            if (!(t0 <= hi && t1 >= lo) && !(direction[k] == 0.0f && origin[k] >= b.min[k] && origin[k] <= b.max[k]))
                return false;
            if (direction[k] != 0.0f) lo = std::max(lo, t0), hi = std::min(hi, t1);
        }
        return lo <= hi;
    };
    uint32_t stack[64];
    int top = 0;
    stack[top++] = 0;
    while (top > 0) {
        const uint32_t index = stack[--top];
        const Node& node = nodes[index];
        if (!reaches(node.box)) continue;
        if (node.count == 0) {
            stack[top++] = node.first;
            stack[top++] = index + 1;
            continue;
        }
        for (uint32_t i = node.first; i < node.first + node.count; ++i) {
            const auto& tri = triangles[order[i]];
            float ti = 0.0f;
            if (!rayTriangle(origin, direction, vertices[tri[0]], vertices[tri[1]], vertices[tri[2]], twoSided, ti))
                continue;
            // Ties go to the lower index, so the answer does not depend on the tree's order.
            if (ti <= maxT && (hit < 0 || ti < t || (ti == t && int(order[i]) < hit))) {
                t = ti;
                hit = int(order[i]);
                maxT = ti;
            }
        }
    }
    return hit;
}

std::shared_ptr<const TriangleMesh> buildTriangleMesh(std::vector<glm::vec3> vertices,
                                                      std::vector<std::array<uint32_t, 3>> triangles,
                                                      bool twoSided, std::string& error, size_t* badItem) {
    auto fail = [&](std::string message, size_t item) {
        error = std::move(message);
        if (badItem) *badItem = item;
        return nullptr;
    };
    if (triangles.empty()) return fail("a mesh needs at least one triangle", 0);
    if (triangles.size() > kMaxMeshTriangles)
        return fail("has " + std::to_string(triangles.size()) + " triangles, more than the limit of " +
                        std::to_string(kMaxMeshTriangles), 0);
    for (size_t i = 0; i < vertices.size(); ++i)
        if (!std::isfinite(vertices[i].x) || !std::isfinite(vertices[i].y) || !std::isfinite(vertices[i].z))
            return fail("vertex " + std::to_string(i) + " is not finite", i);
    auto m = std::make_shared<TriangleMesh>();
    m->normals.resize(triangles.size());
    for (size_t t = 0; t < triangles.size(); ++t) {
        for (uint32_t v : triangles[t])
            if (v >= vertices.size())
                return fail("triangle " + std::to_string(t) + " uses vertex " + std::to_string(v) + ", but there are only " +
                                std::to_string(vertices.size()) + " vertices", t);
        const glm::vec3 &a = vertices[triangles[t][0]], &b = vertices[triangles[t][1]], &c = vertices[triangles[t][2]];
        const glm::vec3 n = glm::cross(b - a, c - a);
        const float longest = std::max({glm::length(b - a), glm::length(c - b), glm::length(a - c)});
        // Zero area, relative to the triangle's size (a sliver 1e-6 as wide as it is long).
        if (!(glm::length(n) > 1e-6f * longest * longest))
            return fail("triangle " + std::to_string(t) + " has zero area", t);
        m->normals[t] = glm::normalize(n);
    }
    m->vertices = std::move(vertices);
    m->triangles = std::move(triangles);
    m->twoSided = twoSided;
    findActiveEdges(*m);
    std::vector<glm::vec3> centres(m->triangles.size());
    for (size_t t = 0; t < centres.size(); ++t) {
        const auto& tri = m->triangles[t];
        centres[t] = (m->vertices[tri[0]] + m->vertices[tri[1]] + m->vertices[tri[2]]) / 3.0f;
    }
    m->order.resize(m->triangles.size());
    std::iota(m->order.begin(), m->order.end(), 0u);
    m->nodes.reserve(2 * m->triangles.size() / kLeafSize + 2);
    buildNode(*m, centres, 0, uint32_t(m->order.size()));
    return m;
}

std::shared_ptr<const TriangleMesh> buildHeightFieldMesh(int rows, int columns, glm::vec2 cellSize,
                                                         const std::vector<float>& heights,
                                                         std::string& error, size_t* badItem) {
    if (rows < 2 || columns < 2) {
        error = "a height field needs at least 2 rows and 2 columns";
        return nullptr;
    }
    if (heights.size() != size_t(rows) * size_t(columns)) {
        error = "needs rows x columns = " + std::to_string(size_t(rows) * size_t(columns)) + " heights, got " +
                std::to_string(heights.size());
        return nullptr;
    }
    if (2 * size_t(rows - 1) * size_t(columns - 1) > kMaxMeshTriangles) {
        error = "has " + std::to_string(2 * size_t(rows - 1) * size_t(columns - 1)) +
                " triangles, more than the limit of " + std::to_string(kMaxMeshTriangles);
        return nullptr;
    }
    for (size_t i = 0; i < heights.size(); ++i)
        if (!std::isfinite(heights[i])) {
            error = "height " + std::to_string(i) + " is not finite";
            if (badItem) *badItem = i;
            return nullptr;
        }
    std::vector<glm::vec3> vertices(heights.size());
    const float x0 = -0.5f * cellSize.x * float(columns - 1), z0 = -0.5f * cellSize.y * float(rows - 1);
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < columns; ++c)
            vertices[size_t(r) * columns + c] = {x0 + cellSize.x * float(c), heights[size_t(r) * columns + c],
                                                 z0 + cellSize.y * float(r)};
    std::vector<std::array<uint32_t, 3>> triangles;
    triangles.reserve(2 * size_t(rows - 1) * size_t(columns - 1));
    for (int r = 0; r + 1 < rows; ++r)
        for (int c = 0; c + 1 < columns; ++c) {
            const uint32_t p00 = uint32_t(r * columns + c), p01 = p00 + 1;
            const uint32_t p10 = p00 + uint32_t(columns), p11 = p10 + 1;
            triangles.push_back({p00, p10, p01}); // both face +Y
            triangles.push_back({p01, p10, p11});
        }
    auto built = buildTriangleMesh(std::move(vertices), std::move(triangles), false, error, badItem);
    if (!built) return nullptr;
    auto mesh = std::const_pointer_cast<TriangleMesh>(built); // still ours alone
    mesh->rows = rows;
    mesh->columns = columns;
    mesh->cellSize = cellSize;
    return mesh;
}

} // namespace tumble

namespace tumble {

const std::vector<glm::vec3>& meshVertices(const TriangleMesh& mesh) { return mesh.vertices; }
const std::vector<std::array<uint32_t, 3>>& meshTriangles(const TriangleMesh& mesh) { return mesh.triangles; }
bool meshTwoSided(const TriangleMesh& mesh) { return mesh.twoSided; }

} // namespace tumble
