// Debug geometry: wide lines (a geometry shader makes quads), round points with a dark rim,
// filled arrowheads that face the camera, and labels on dark plates.
#include "window/debug_lines.h"

#include <imgui.h>

#include <glm/geometric.hpp>
#include <algorithm>
#include <cmath>
#include <cstddef>

namespace tumble::app {
namespace {

/// How faint geometry hidden behind surfaces is drawn. Points get more: contact points lie
/// inside overlapping bodies, and a pile's inner contacts are what one looks for.
constexpr float kHiddenLineAlpha = 0.3f;
constexpr float kHiddenPointAlpha = 0.6f;
/// Line width, display units (pixels at 100 %).
constexpr float kLineWidth = 1.75f;
/// Points are drawn this much larger than asked: the rim takes part of the disc.
constexpr float kPointGrowth = 1.4f;
/// Arrowhead length and half width, display units; never more than this share of the arrow.
constexpr float kHeadLength = 12.0f;
constexpr float kHeadHalfWidth = 4.5f;
constexpr float kHeadShareMax = 0.45f;
/// Fraction of the way to the eye lines and points are moved before the depth test (see
/// lines.vert): points sit exactly on faces and need more than lines running along them.
constexpr float kLinePull = 0.002f;
constexpr float kPointPull = 0.01f;

/// Any unit vector perpendicular to the unit vector d.
glm::vec3 perpendicular(const glm::vec3& d) {
    glm::vec3 other = std::abs(d.x) < 0.9f ? glm::vec3(1.0f, 0.0f, 0.0f) : glm::vec3(0.0f, 1.0f, 0.0f);
    return glm::normalize(glm::cross(d, other));
}

ImU32 toImColor(const glm::vec3& linear) {
    // Labels are drawn by ImGui in display space: gamma-encode like the shaders do.
    auto encode = [](float c) { return std::pow(std::clamp(c, 0.0f, 1.0f), 1.0f / 2.2f); };
    return ImGui::ColorConvertFloat4ToU32(ImVec4(encode(linear.r), encode(linear.g), encode(linear.b), 1.0f));
}

/// Pixel position of a world point, false when it is behind the eye.
bool toPixels(const glm::mat4& viewProj, const glm::vec2& viewport, const glm::vec3& p, glm::vec2& out) {
    glm::vec4 clip = viewProj * glm::vec4(p, 1.0f);
    if (clip.w <= 1e-5f) return false;
    out = (glm::vec2(clip) / clip.w * 0.5f + 0.5f) * viewport;
    return true;
}

bool overlaps(const ImVec4& a, const ImVec4& b) {
    return a.x < b.z && b.x < a.z && a.y < b.w && b.y < a.w;
}

} // namespace

bool DebugLines::init(std::string& error) {
    if (!wideLines_.load("lines", "lines", "lines", error)) return false;
    if (!flat_.load("lines", error)) return false;
    glGenVertexArrays(1, &vao_);
    glGenBuffers(1, &buffer_);
    glBindVertexArray(vao_);
    glBindBuffer(GL_ARRAY_BUFFER, buffer_);
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, sizeof(Vertex),
                          reinterpret_cast<void*>(offsetof(Vertex, position)));
    glEnableVertexAttribArray(1);
    glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, sizeof(Vertex),
                          reinterpret_cast<void*>(offsetof(Vertex, color)));
    glEnableVertexAttribArray(2);
    glVertexAttribPointer(2, 1, GL_FLOAT, GL_FALSE, sizeof(Vertex),
                          reinterpret_cast<void*>(offsetof(Vertex, size)));
    glBindVertexArray(0);
    return true;
}

DebugLines::~DebugLines() {
    if (vao_ != 0) glDeleteVertexArrays(1, &vao_);
    if (buffer_ != 0) glDeleteBuffers(1, &buffer_);
}

void DebugLines::line(const glm::vec3& a, const glm::vec3& b, const glm::vec3& color) {
    lineVertices_.push_back({a, glm::vec4(color, 1.0f), 1.0f});
    lineVertices_.push_back({b, glm::vec4(color, 1.0f), 1.0f});
}

void DebugLines::point(const glm::vec3& p, float sizePixels, const glm::vec3& color) {
    pointVertices_.push_back({p, glm::vec4(color, 1.0f), sizePixels});
}

void DebugLines::arrow(const glm::vec3& from, const glm::vec3& to, const glm::vec3& color) {
    line(from, to, color);
    arrows_.push_back({from, to, color});
}

void DebugLines::label(const glm::vec3& p, const std::string& text, const glm::vec3& color) {
    labels_.push_back({p, text, color});
}

void DebugLines::clear() {
    lineVertices_.clear();
    pointVertices_.clear();
    headVertices_.clear();
    arrows_.clear();
    labels_.clear();
}

void DebugLines::buildHeads(const DebugView& view) {
    headVertices_.clear();
    for (const Arrow& a : arrows_) {
        glm::vec3 d = a.to - a.from;
        float length = glm::length(d);
        glm::vec2 from, to;
        if (!(length > 1e-6f) || !toPixels(view.viewProj, view.viewport, a.from, from) ||
            !toPixels(view.viewProj, view.viewport, a.to, to))
            continue;
        float lengthPixels = glm::length(to - from);
        if (lengthPixels < 2.0f) continue;
        d /= length;
        // World length per pixel along this arrow, so the head has the same size on screen
        // near and far.
        float metresPerPixel = length / lengthPixels;
        float headPixels = std::min(kHeadLength * view.pixelScale, kHeadShareMax * lengthPixels);
        float head = headPixels * metresPerPixel;
        float halfWidth = headPixels * (kHeadHalfWidth / kHeadLength) * metresPerPixel;
        // The head lies in the plane of the arrow and the view direction: flat toward the eye.
        glm::vec3 side = glm::cross(d, view.eye - a.to);
        float sideLength = glm::length(side);
        side = sideLength > 1e-6f ? side / sideLength : perpendicular(d);
        glm::vec3 base = a.to - head * d;
        glm::vec4 color(a.color, 1.0f);
        headVertices_.push_back({a.to, color, 1.0f});
        headVertices_.push_back({base + halfWidth * side, color, 1.0f});
        headVertices_.push_back({base - halfWidth * side, color, 1.0f});
    }
}

void DebugLines::upload(const std::vector<Vertex>& vertices) const {
    glBindBuffer(GL_ARRAY_BUFFER, buffer_);
    glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(vertices.size() * sizeof(Vertex)),
                 vertices.data(), GL_STREAM_DRAW);
}

void DebugLines::draw(const DebugView& view) {
    if (lineVertices_.empty() && pointVertices_.empty()) return;
    buildHeads(view);
    for (Vertex& v : pointVertices_) v.size *= kPointGrowth * view.pixelScale;
    const float lineWidth = kLineWidth * view.pixelScale;
    glBindVertexArray(vao_);
    glEnable(GL_BLEND);
    glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
    glEnable(GL_PROGRAM_POINT_SIZE);
    glEnable(GL_DEPTH_TEST);
    glDepthMask(GL_FALSE);
    glDisable(GL_CULL_FACE);
    // First the parts behind surfaces, faint; then the visible parts at full strength.
    const GLenum depthTests[2] = {GL_GREATER, GL_LEQUAL};
    const float lineAlphas[2] = {kHiddenLineAlpha, 1.0f};
    const float pointAlphas[2] = {kHiddenPointAlpha, 1.0f};
    for (int pass = 0; pass < 2; ++pass) {
        glDepthFunc(depthTests[pass]);
        if (!lineVertices_.empty()) {
            wideLines_.use();
            wideLines_.set("uViewProj", view.viewProj);
            wideLines_.set("uEye", view.eye);
            wideLines_.set("uPull", kLinePull);
            wideLines_.set("uAlpha", lineAlphas[pass]);
            wideLines_.set("uViewport", view.viewport.x, view.viewport.y);
            wideLines_.set("uLineWidth", lineWidth);
            wideLines_.set("uMode", 2.0f);
            upload(lineVertices_);
            glDrawArrays(GL_LINES, 0, static_cast<GLsizei>(lineVertices_.size()));
        }
        flat_.use();
        flat_.set("uViewProj", view.viewProj);
        flat_.set("uEye", view.eye);
        if (!headVertices_.empty()) {
            flat_.set("uAlpha", lineAlphas[pass]);
            flat_.set("uPull", kLinePull);
            flat_.set("uMode", 0.0f);
            upload(headVertices_);
            glDrawArrays(GL_TRIANGLES, 0, static_cast<GLsizei>(headVertices_.size()));
        }
        if (!pointVertices_.empty()) {
            flat_.set("uAlpha", pointAlphas[pass]);
            flat_.set("uPull", kPointPull);
            flat_.set("uMode", 1.0f);
            upload(pointVertices_);
            glDrawArrays(GL_POINTS, 0, static_cast<GLsizei>(pointVertices_.size()));
        }
    }
    glDepthFunc(GL_LESS);
    glDepthMask(GL_TRUE);
    glDisable(GL_PROGRAM_POINT_SIZE);
    glDisable(GL_BLEND);
    glBindVertexArray(0);
}

void DebugLines::drawLabels(ImDrawList* list, const glm::mat4& viewProj, float width, float height) const {
    const float pad = 2.0f;
    const float lineHeight = ImGui::GetTextLineHeight() + 2.0f * pad + 1.0f;
    std::vector<ImVec4> placed; // x0, y0, x1, y1
    for (const Label& l : labels_) {
        glm::vec4 clip = viewProj * glm::vec4(l.position, 1.0f);
        if (clip.w <= 1e-4f) continue; // behind the eye
        glm::vec3 ndc = glm::vec3(clip) / clip.w;
        if (std::abs(ndc.x) > 1.2f || std::abs(ndc.y) > 1.2f) continue;
        ImVec2 anchor((ndc.x * 0.5f + 0.5f) * width, (0.5f - ndc.y * 0.5f) * height);
        ImVec2 size = ImGui::CalcTextSize(l.text.c_str());
        // Up and to the right of the point; further down when that spot is taken.
        bool found = false;
        ImVec4 box;
        for (int slot = 0; slot < 4 && !found; ++slot) {
            float x = anchor.x + 6.0f, y = anchor.y - 6.0f - size.y - pad + slot * lineHeight;
            box = ImVec4(x - pad, y - pad, x + size.x + pad, y + size.y + pad);
            found = std::none_of(placed.begin(), placed.end(), [&](const ImVec4& p) { return overlaps(p, box); });
        }
        if (!found) continue; // no room near its point: a label elsewhere would mislead
        placed.push_back(box);
        list->AddRectFilled(ImVec2(box.x, box.y), ImVec2(box.z, box.w), IM_COL32(10, 12, 16, 190), 3.0f);
        list->AddText(ImVec2(box.x + pad, box.y + pad), toImColor(l.color), l.text.c_str());
    }
}

} // namespace tumble::app
