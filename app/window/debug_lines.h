#pragma once
/// \file debug_lines.h
/// The app's side of tumble::DebugDraw: collects the engine's lines, points, arrows and
/// labels for one frame, then draws them with GL (labels with ImGui's background list).
#include "window/gl_util.h"

#include "tumble/debug_draw.h"

#include <glm/mat4x4.hpp>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>
#include <glm/vec4.hpp>
#include <string>
#include <vector>

struct ImDrawList;

namespace tumble::app {

/// Where the debug geometry is seen from, for one frame.
struct DebugView {
    glm::mat4 viewProj{1.0f};
    glm::vec3 eye{0.0f};          ///< m, camera position
    glm::vec2 viewport{1.0f};     ///< framebuffer pixels
    float pixelScale = 1.0f;      ///< framebuffer pixels per display unit (high-DPI screens)
};

class DebugLines final : public DebugDraw {
public:
    /// Load shaders/lines.* and make the vertex buffer. Needs a current GL context.
    bool init(std::string& error);
    ~DebugLines() override;

    void line(const glm::vec3& a, const glm::vec3& b, const glm::vec3& color) override;
    void point(const glm::vec3& p, float sizePixels, const glm::vec3& color) override;
    /// A line plus a filled head that faces the camera, sized in pixels when drawn.
    void arrow(const glm::vec3& from, const glm::vec3& to, const glm::vec3& color) override;
    void label(const glm::vec3& p, const std::string& text, const glm::vec3& color) override;

    /// Forget everything collected (start of each frame).
    void clear();
    /// Lines, points and arrowheads: solid where visible, faint where a surface hides them,
    /// so contacts inside a pile still show.
    void draw(const DebugView& view);
    /// Labels projected into `list`, whose coordinates span `width` x `height` (ImGui's
    /// display size, not framebuffer pixels), on dark plates; a label that would cover
    /// another moves below it, or is left out when there is no room near its point.
    void drawLabels(ImDrawList* list, const glm::mat4& viewProj, float width, float height) const;

    size_t lineCount() const { return lineVertices_.size() / 2; }

private:
    struct Vertex {
        glm::vec3 position;
        glm::vec4 color;
        float size;
    };
    struct Arrow {
        glm::vec3 from, to, color;
    };
    struct Label {
        glm::vec3 position;
        std::string text;
        glm::vec3 color;
    };
    void upload(const std::vector<Vertex>& vertices) const;
    /// Camera-facing triangles for the arrowheads, about 12 pixels long.
    void buildHeads(const DebugView& view);

    std::vector<Vertex> lineVertices_;
    std::vector<Vertex> pointVertices_;
    std::vector<Vertex> headVertices_;
    std::vector<Arrow> arrows_;
    std::vector<Label> labels_;
    ShaderProgram wideLines_;   ///< lines.vert + lines.geom + lines.frag
    ShaderProgram flat_;        ///< lines.vert + lines.frag: points and arrowheads
    GLuint vao_ = 0, buffer_ = 0;
};

} // namespace tumble::app
