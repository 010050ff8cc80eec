#pragma once
/// \file debug_lines.h
/// The app's side of tumble::DebugDraw: collects the engine's lines, points, arrows and
/// labels for one frame, then draws them with GL (labels with ImGui's background list).
#include "window/gl_util.h"

#include "tumble/debug_draw.h"

#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>
#include <glm/vec4.hpp>
#include <string>
#include <vector>

struct ImDrawList;

namespace tumble::app {

class DebugLines final : public DebugDraw {
public:
    /// Load shaders/lines.* and make the vertex buffer. Needs a current GL context.
    bool init(std::string& error);
    ~DebugLines() override;

    void line(const glm::vec3& a, const glm::vec3& b, const glm::vec3& color) override;
    void point(const glm::vec3& p, float sizePixels, const glm::vec3& color) override;
    /// A line plus a four-fin head a fifth of its length (at most 0.3 m) long.
    void arrow(const glm::vec3& from, const glm::vec3& to, const glm::vec3& color) override;
    void label(const glm::vec3& p, const std::string& text, const glm::vec3& color) override;

    /// Forget everything collected (start of each frame).
    void clear();
    /// Lines and points: solid where visible, faint where a surface hides them, so contacts
    /// inside a pile still show. `pixelScale` converts point sizes to framebuffer pixels.
    void draw(const glm::mat4& viewProj, float pixelScale);
    /// Labels projected into `list`, whose coordinates span `width` x `height` (ImGui's
    /// display size, not framebuffer pixels).
    void drawLabels(ImDrawList* list, const glm::mat4& viewProj, float width, float height) const;

    size_t lineCount() const { return lineVertices_.size() / 2; }

private:
    struct Vertex {
        glm::vec3 position;
        glm::vec4 color;
        float size;
    };
    struct Label {
        glm::vec3 position;
        std::string text;
        glm::vec3 color;
    };
    void upload(const std::vector<Vertex>& vertices) const;

    std::vector<Vertex> lineVertices_;
    std::vector<Vertex> pointVertices_;
    std::vector<Label> labels_;
    ShaderProgram program_;
    GLuint vao_ = 0, buffer_ = 0;
};

} // namespace tumble::app
