#pragma once
/// \file renderer.h
/// Draws the 3D view: every body as a lit mesh (one instanced draw per mesh) and the ground
/// grid at y = 0. It reads nothing but what the app hands it: shapes, poses and colours.
#include "window/gl_util.h"
#include "window/mesh.h"

#include "tumble/body.h"
#include "tumble/shape.h"

#include <glm/gtc/quaternion.hpp>
#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace tumble::app {

/// One body as the renderer sees it: the shape and the pose to draw it at.
struct BodyVisual {
    const Shape* shape = nullptr;       ///< owned by the world; valid for this frame
    glm::vec3 position{0.0f};           ///< m, drawn pose (interpolated or current)
    glm::quat orientation{1.0f, 0.0f, 0.0f, 0.0f};
    glm::vec3 color{0.7f};              ///< linear RGB 0..1, the material colour
    BodyType type = BodyType::Dynamic;  ///< static bodies get no spin pattern
    bool sleeping = false;              ///< drawn greyed
    bool sensor = false;                ///< collides with nothing: drawn see-through with its edges
};

/// Where the view is looked at from, for one frame.
struct ViewParams {
    glm::mat4 view{1.0f};
    glm::mat4 projection{1.0f};
    glm::vec3 eye{0.0f};                ///< m, camera position
    glm::vec3 focus{0.0f};              ///< m, orbit target: the grid is centred under it
    float distance = 15.0f;             ///< m, eye to focus: scales the grid's fade
    bool outlines = true;               ///< dark creases and silhouettes on the bodies
    bool shadows = false;               ///< the key light's shadows (drawShadowMap first)
};

class Renderer {
public:
    /// Load the shaders and build the unit meshes. Needs a current GL 3.3 context.
    bool init(std::string& error);
    /// Forget per-shape meshes (capsules, hulls); call when a new world replaces the old.
    void clearShapeCache();
    /// Set the viewport (pixels) and clear colour and depth to the background; forget the
    /// last frame's shadow map.
    void beginFrame(int width, int height);
    /// Render the key light's shadow map of `casters` (planes receive shadows but cast none):
    /// an orthographic view along the light, fitted to the casters' boxes within reach of the
    /// camera's focus. The drawBodies calls of this frame then darken what it hides.
    void drawShadowMap(const std::vector<BodyVisual>& casters, const ViewParams& params);
    /// All bodies, batched by mesh. Below 1, `opacity` draws them as ghosts: blended over what
    /// is drawn, hiding nothing behind them (a fork's bodies over the main world's).
    /// With `wireframe`, only the triangles' edges, front and back (the Debug draw panel's
    /// wireframe and X-ray styles).
    void drawBodies(const std::vector<BodyVisual>& bodies, const ViewParams& params, float opacity = 1.0f,
                    bool wireframe = false);
    /// The grid on y = 0, blended over what is drawn, fading with distance from the eye.
    void drawGrid(const ViewParams& params) const;

    ~Renderer();

private:
    /// Adds a shape's instances to the batches: one, or a compound's children each at its pose.
    void addInstances(const Shape& shape, const glm::vec3& position, const glm::quat& orientation,
                      const glm::vec4& color);
    /// The mesh and per-instance model matrix (without the pose) for a shape.
    const GpuMesh* meshFor(const Shape& shape, glm::mat4& localScale);
    /// Sort `bodies` into batches_ by mesh, with their model matrices and colours.
    void fillBatches(const std::vector<BodyVisual>& bodies, bool withPlanes);
    bool initShadowMap(std::string& error);

    ShaderProgram meshProgram_;
    ShaderProgram gridProgram_;
    ShaderProgram shadowProgram_;
    GpuMesh sphere_, box_, cylinder_, plane_;
    std::map<std::pair<float, float>, GpuMesh> capsules_;   ///< by (radius, halfHeight)
    struct HullMesh {
        std::shared_ptr<const ConvexHull> hull;             ///< keeps the key's address unique
        GpuMesh mesh;
    };
    std::map<const ConvexHull*, HullMesh> hulls_;
    struct TriangleMeshGpu {
        std::shared_ptr<const TriangleMesh> source;         ///< keeps the key's address unique
        GpuMesh mesh;
    };
    std::map<const TriangleMesh*, TriangleMeshGpu> triangleMeshes_; ///< meshes and height fields
    std::map<const GpuMesh*, std::vector<MeshInstance>> batches_; ///< reused frame to frame
    GLuint emptyVao_ = 0;                                   ///< the grid makes its own vertices
    GLuint shadowTexture_ = 0, shadowFramebuffer_ = 0;
    glm::mat4 lightViewProj_{1.0f};                         ///< world to the shadow map's clip space
    float shadowTexel_ = 0.0f;                              ///< m per shadow-map texel
    bool shadowReady_ = false;                              ///< drawn this frame
    int viewportWidth_ = 0, viewportHeight_ = 0;            ///< pixels, restored after the shadow pass
};

} // namespace tumble::app
