// The debug-draw emitter: walks the world and reports geometry through DebugDraw.
#include "tumble/debug_draw.h"

#include "tumble/world.h"

#include <cmath>

namespace tumble {
namespace {

const glm::vec3 kRed{0.9f, 0.2f, 0.2f}, kGreen{0.2f, 0.85f, 0.2f}, kBlue{0.25f, 0.4f, 1.0f};
const glm::vec3 kYellow{1.0f, 0.85f, 0.2f}, kCyan{0.2f, 0.9f, 0.9f}, kWhite{1.0f};
const glm::vec3 kMagenta{0.9f, 0.3f, 0.9f};

void drawBox(DebugDraw& d, const Aabb& a, const glm::vec3& c) {
    glm::vec3 p[8];
    for (int i = 0; i < 8; ++i)
        p[i] = {(i & 1) ? a.max.x : a.min.x, (i & 2) ? a.max.y : a.min.y, (i & 4) ? a.max.z : a.min.z};
    const int edges[12][2] = {{0, 1}, {2, 3}, {4, 5}, {6, 7}, {0, 2}, {1, 3},
                              {4, 6}, {5, 7}, {0, 4}, {1, 5}, {2, 6}, {3, 7}};
    for (const auto& e : edges) d.line(p[e[0]], p[e[1]], c);
}

void drawCircle(DebugDraw& d, const glm::vec3& center, float radius, const glm::vec3& c) {
    const int n = 48;
    for (int i = 0; i < n; ++i) {
        float a0 = 6.2831853f * i / n, a1 = 6.2831853f * (i + 1) / n;
        d.line(center + radius * glm::vec3(std::cos(a0), 0, std::sin(a0)),
               center + radius * glm::vec3(std::cos(a1), 0, std::sin(a1)), c);
    }
}

} // namespace

void emitDebugDraw(const World& world, const DebugDrawOptions& o, DebugDraw& d) {
    const Settings& settings = world.settings();
    for (BodyId id : world.bodyIds()) {
        const Body& b = world.body(id);
        if (b.shape.type == ShapeType::Plane) continue;
        if (o.bodyAxes) {
            glm::mat3 r = glm::mat3_cast(b.orientation);
            float len = 0.5f;
            d.line(b.position, b.position + len * r[0], kRed);
            d.line(b.position, b.position + len * r[1], kGreen);
            d.line(b.position, b.position + len * r[2], kBlue);
        }
        if (o.centerOfMass) d.point(b.position, 6.0f, kYellow);
        if (o.aabbs) drawBox(d, computeAabb(b.shape, b.position, b.orientation), kCyan);
        if (o.velocities && b.isDynamic())
            d.arrow(b.position, b.position + 0.1f * b.linearVelocity, kMagenta);
        if (o.trajectories && b.isDynamic() && b.invMass > 0.0f &&
            glm::length(b.initialVelocity) > 0.0f && world.forceFields().empty()) {
            // The closed form x0 + v0 t + g t^2 / 2 for the body's launch state, up to now and
            // a little beyond, so the simulated body can be compared with it.
            glm::vec3 g = settings.gravity * b.gravityScale;
            double now = (world.stepCount() - b.createdAtStep) * double(settings.timestep);
            double tEnd = now + 0.5;
            const int segments = 64;
            glm::vec3 prev = b.initialPosition;
            for (int i = 1; i <= segments; ++i) {
                float t = static_cast<float>(tEnd * i / segments);
                glm::vec3 p = b.initialPosition + b.initialVelocity * t + 0.5f * g * t * t;
                d.line(prev, p, kWhite);
                prev = p;
            }
        }
    }
    if (o.forceFields) {
        for (const ForceField& f : world.forceFields()) {
            d.point(f.position, 10.0f, kYellow);
            d.label(f.position, "attractor", kYellow);
            if (f.radius < 50.0f) drawCircle(d, f.position, f.radius, kYellow * 0.6f);
        }
    }
}

} // namespace tumble
