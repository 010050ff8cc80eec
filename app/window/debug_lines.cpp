// Debug geometry with GL lines and point sprites.
#include "window/debug_lines.h"

#include <imgui.h>

#include <glm/geometric.hpp>
#include <algorithm>
#include <cmath>
#include <cstddef>

namespace tumble::app {
namespace {

/// How faint lines hidden behind surfaces are drawn.
constexpr float kHiddenAlpha = 0.25f;

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

} // namespace

bool DebugLines::init(std::string& error) {
    if (!program_.load("lines", error)) return false;
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
    glm::vec3 d = to - from;
    float length = glm::length(d);
    if (!(length > 1e-6f)) return;
    d /= length;
    float head = std::min(0.2f * length, 0.3f);
    glm::vec3 u = perpendicular(d), v = glm::cross(d, u);
    glm::vec3 base = to - head * d;
    float spread = 0.4f * head;
    for (const glm::vec3& side : {u, -u, v, -v}) line(to, base + spread * side, color);
}

void DebugLines::label(const glm::vec3& p, const std::string& text, const glm::vec3& color) {
    labels_.push_back({p, text, color});
}

void DebugLines::clear() {
    lineVertices_.clear();
    pointVertices_.clear();
    labels_.clear();
}

void DebugLines::upload(const std::vector<Vertex>& vertices) const {
    glBindBuffer(GL_ARRAY_BUFFER, buffer_);
    glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(vertices.size() * sizeof(Vertex)),
                 vertices.data(), GL_STREAM_DRAW);
}

void DebugLines::draw(const glm::mat4& viewProj, float pixelScale) {
    if (lineVertices_.empty() && pointVertices_.empty()) return;
    for (Vertex& v : pointVertices_) v.size *= pixelScale;
    program_.use();
    program_.set("uViewProj", viewProj);
    glBindVertexArray(vao_);
    glEnable(GL_BLEND);
    glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
    glEnable(GL_PROGRAM_POINT_SIZE);
    glEnable(GL_DEPTH_TEST);
    glDepthMask(GL_FALSE);
    // First the parts behind surfaces, faint; then the visible parts at full strength.
    const GLenum depthTests[2] = {GL_GREATER, GL_LEQUAL};
    const float alphas[2] = {kHiddenAlpha, 1.0f};
    for (int pass = 0; pass < 2; ++pass) {
        glDepthFunc(depthTests[pass]);
        program_.set("uAlpha", alphas[pass]);
        if (!lineVertices_.empty()) {
            program_.set("uRoundPoints", 0.0f);
            upload(lineVertices_);
            glDrawArrays(GL_LINES, 0, static_cast<GLsizei>(lineVertices_.size()));
        }
        if (!pointVertices_.empty()) {
            program_.set("uRoundPoints", 1.0f);
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
    for (const Label& l : labels_) {
        glm::vec4 clip = viewProj * glm::vec4(l.position, 1.0f);
        if (clip.w <= 1e-4f) continue; // behind the eye
        glm::vec3 ndc = glm::vec3(clip) / clip.w;
        if (std::abs(ndc.x) > 1.2f || std::abs(ndc.y) > 1.2f) continue;
        ImVec2 at((ndc.x * 0.5f + 0.5f) * width + 6.0f, (0.5f - ndc.y * 0.5f) * height - 6.0f);
        // A dark shadow keeps light text readable over light shapes.
        list->AddText(ImVec2(at.x + 1.0f, at.y + 1.0f), IM_COL32(0, 0, 0, 200), l.text.c_str());
        list->AddText(at, toImColor(l.color), l.text.c_str());
    }
}

} // namespace tumble::app
