// Lit, instanced shape meshes and the ground grid.
#include "window/renderer.h"

#include "window/palette.h"

#include <glm/gtc/constants.hpp>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtx/quaternion.hpp>
#include <algorithm>
#include <cmath>

namespace tumble::app {
namespace {

/// Half size of the quad drawn for a static plane, m: far beyond what the grid shows.
constexpr float kPlaneHalfSize = 500.0f;
/// How strongly the octant pattern darkens moving shapes (1 = the shader's full 20 %).
constexpr float kPatternStrength = 0.6f;

glm::vec3 toVec3(palette::Rgb c) { return {c.r, c.g, c.b}; }

/// Sleeping bodies: desaturated and darker, so a resting pile reads as asleep at a glance.
glm::vec3 sleepingColor(const glm::vec3& c) {
    float grey = glm::dot(c, glm::vec3(0.299f, 0.587f, 0.114f));
    return glm::mix(c, glm::vec3(grey), 0.7f) * 0.75f;
}

/// Rotation taking +Y to the unit vector n.
glm::quat rotationFromUp(const glm::vec3& n) {
    glm::vec3 up{0.0f, 1.0f, 0.0f};
    float c = glm::dot(up, n);
    if (c < -0.9999f) return glm::angleAxis(glm::pi<float>(), glm::vec3(1.0f, 0.0f, 0.0f));
    return glm::rotation(up, glm::normalize(n));
}

} // namespace

bool Renderer::init(std::string& error) {
    if (!meshProgram_.load("mesh", error)) return false;
    if (!gridProgram_.load("grid", error)) return false;
    sphere_.upload(makeUnitSphere(32, 16));
    box_.upload(makeUnitBox());
    plane_.upload(makePlaneQuad(kPlaneHalfSize));
    glGenVertexArrays(1, &emptyVao_);
    return true;
}

Renderer::~Renderer() {
    if (emptyVao_ != 0) glDeleteVertexArrays(1, &emptyVao_);
}

void Renderer::clearShapeCache() {
    capsules_.clear();
    hulls_.clear();
    batches_.clear();
}

void Renderer::beginFrame(int width, int height) const {
    glViewport(0, 0, width, height);
    glClearColor(palette::kBackground.r, palette::kBackground.g, palette::kBackground.b, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
}

const GpuMesh* Renderer::meshFor(const Shape& shape, glm::mat4& localScale) {
    localScale = glm::mat4(1.0f);
    switch (shape.type) {
    case ShapeType::Sphere:
        localScale = glm::scale(glm::mat4(1.0f), glm::vec3(shape.radius));
        return &sphere_;
    case ShapeType::Box:
        localScale = glm::scale(glm::mat4(1.0f), shape.halfExtents);
        return &box_;
    case ShapeType::Capsule: {
        auto key = std::make_pair(shape.radius, shape.halfHeight);
        auto it = capsules_.find(key);
        if (it == capsules_.end())
            it = capsules_.emplace(key, GpuMesh(makeCapsule(shape.radius, shape.halfHeight, 32, 8))).first;
        return &it->second;
    }
    case ShapeType::Hull: {
        if (!shape.hull) return nullptr;
        auto it = hulls_.find(shape.hull.get());
        if (it == hulls_.end())
            it = hulls_.emplace(shape.hull.get(), HullMesh{shape.hull, GpuMesh(makeHull(*shape.hull))}).first;
        return &it->second.mesh;
    }
    case ShapeType::Plane:
        return &plane_;
    case ShapeType::Count:
        break;
    }
    return nullptr;
}

void Renderer::drawBodies(const std::vector<BodyVisual>& bodies, const ViewParams& params, float opacity,
                          bool wireframe) {
    for (auto& [mesh, instances] : batches_) instances.clear();
    for (const BodyVisual& b : bodies) {
        if (b.shape == nullptr) continue;
        glm::mat4 localScale;
        const GpuMesh* mesh = meshFor(*b.shape, localScale);
        if (mesh == nullptr) continue;
        MeshInstance instance;
        glm::vec3 color = b.sleeping ? sleepingColor(b.color) : b.color;
        if (b.shape->type == ShapeType::Plane) {
            // A plane is static and defined in world space: dot(normal, x) = offset.
            glm::vec3 n = glm::normalize(b.shape->normal);
            instance.model = glm::translate(glm::mat4(1.0f), n * b.shape->offset) *
                             glm::mat4_cast(rotationFromUp(n));
            instance.color = glm::vec4(color, 0.0f);
        } else {
            instance.model = glm::translate(glm::mat4(1.0f), b.position) *
                             glm::mat4_cast(b.orientation) * localScale;
            // Static bodies never turn: the pattern would only make the ground look patchy.
            bool moves = b.type != BodyType::Static;
            instance.color = glm::vec4(color, moves ? kPatternStrength : 0.0f);
        }
        batches_[mesh].push_back(instance);
    }

    const bool ghost = opacity < 1.0f;
    glEnable(GL_DEPTH_TEST);
    // A ghost is hidden by what stands in front of it but writes no depth, so one ghost body
    // does not hide another and the main world shows through.
    glDepthFunc(ghost ? GL_LEQUAL : GL_LESS);
    glDepthMask(ghost ? GL_FALSE : GL_TRUE);
    if (ghost) {
        glEnable(GL_BLEND);
        glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
    } else {
        glDisable(GL_BLEND);
    }
    if (wireframe) {
        glPolygonMode(GL_FRONT_AND_BACK, GL_LINE);
        glDisable(GL_CULL_FACE);
    } else {
        glEnable(GL_CULL_FACE);
        glCullFace(GL_BACK);
    }
    meshProgram_.use();
    meshProgram_.set("uOpacity", opacity);
    meshProgram_.set("uViewProj", params.projection * params.view);
    meshProgram_.set("uEye", params.eye);
    // Light from above, in front and to the side, so a box's three visible faces all differ.
    meshProgram_.set("uLightDir", glm::normalize(glm::vec3(0.45f, 0.8f, 0.35f)));
    for (const auto& [mesh, instances] : batches_) mesh->drawInstances(instances);
    if (wireframe) glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
    glDisable(GL_CULL_FACE);
    glDepthMask(GL_TRUE);
    glDisable(GL_BLEND);
}

void Renderer::drawGrid(const ViewParams& params) const {
    // Coarse enough to reach the horizon at any zoom, centred under the orbit target.
    float fade = std::max(40.0f, params.distance * 4.0f);
    glEnable(GL_DEPTH_TEST);
    glDepthMask(GL_FALSE);
    glEnable(GL_BLEND);
    glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
    // The grid lies on y = 0 where ground tops usually are: pull it toward the eye in depth
    // so it wins over a coplanar face instead of flickering.
    glEnable(GL_POLYGON_OFFSET_FILL);
    glPolygonOffset(-1.0f, -4.0f);
    gridProgram_.use();
    gridProgram_.set("uViewProj", params.projection * params.view);
    gridProgram_.set("uEye", params.eye);
    gridProgram_.set("uCenter", glm::vec3(std::round(params.focus.x), 0.0f, std::round(params.focus.z)));
    gridProgram_.set("uHalfSize", fade);
    gridProgram_.set("uFadeDistance", fade);
    gridProgram_.set("uMinorColor", toVec3(palette::kGridLine));
    gridProgram_.set("uMajorColor", toVec3(palette::kGridMajor));
    gridProgram_.set("uAxisXColor", toVec3(palette::kAxisX));
    gridProgram_.set("uAxisZColor", toVec3(palette::kAxisZ));
    glBindVertexArray(emptyVao_);
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    glBindVertexArray(0);
    glDisable(GL_POLYGON_OFFSET_FILL);
    glDepthMask(GL_TRUE);
    glDisable(GL_BLEND);
}

} // namespace tumble::app
