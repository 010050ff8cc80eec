// Debug geometry for the broad phase: the boxes it works with, through the engine's
// debug-draw interface (the engine never draws itself).
#include "collision/broadphase.h"
#include "tumble/debug_draw.h"

#include <string>

namespace tumble {
namespace {

void drawBox(DebugDraw& draw, const Aabb& b, const glm::vec3& color) {
    glm::vec3 c[8];
    for (int i = 0; i < 8; ++i)
        c[i] = glm::vec3(i & 1 ? b.max.x : b.min.x, i & 2 ? b.max.y : b.min.y,
                         i & 4 ? b.max.z : b.min.z);
    // The 12 edges join corners that differ in exactly one bit.
    for (int i = 0; i < 8; ++i)
        for (int bit = 1; bit < 8; bit <<= 1)
            if ((i & bit) == 0) draw.line(c[i], c[i | bit], color);
}

/// Depth colours cycle through a few well-separated hues; leaves are drawn in white.
glm::vec3 depthColor(int depth) {
    static constexpr float kHues[6][3] = {{1.0f, 0.3f, 0.3f}, {1.0f, 0.7f, 0.2f},
                                          {0.9f, 1.0f, 0.3f}, {0.3f, 1.0f, 0.5f},
                                          {0.3f, 0.7f, 1.0f}, {0.8f, 0.4f, 1.0f}};
    const float* h = kHues[depth % 6];
    return {h[0], h[1], h[2]};
}

bool isFiniteBox(const Aabb& b) {
    return b.min.x <= b.max.x && b.min.y <= b.max.y && b.min.z <= b.max.z &&
           b.max.x - b.min.x < 1e5f; // skip parked boxes and the planes' huge boxes
}

} // namespace

void drawBroadphase(const Broadphase& broadphase, DebugDraw& draw, int maxDepth) {
    const glm::vec3 leafColor(0.9f);
    broadphase.walk([&](const BroadphaseNode& n) {
        if (n.depth > maxDepth || !isFiniteBox(n.box)) return;
        drawBox(draw, n.box, n.body == kNoBody ? depthColor(n.depth) : leafColor);
    });
    int axis = broadphase.sweepAxis();
    if (axis >= 0) {
        glm::vec3 dir(0.0f);
        dir[axis] = 1.0f;
        draw.arrow(glm::vec3(0.0f), dir, glm::vec3(1.0f, 1.0f, 0.0f));
        draw.label(dir, std::string("sweep ") + "xyz"[axis], glm::vec3(1.0f, 1.0f, 0.0f));
    }
}

} // namespace tumble
