// Lit, instanced shape meshes and the ground grid.
#include "window/renderer.h"

#include "window/palette.h"

#include <glm/gtc/constants.hpp>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtx/quaternion.hpp>
#include <algorithm>
#include <cmath>
#include <limits>

namespace tumble::app {
namespace {

/// Half size of the quad drawn for a static plane, m: far beyond what the grid shows.
constexpr float kPlaneHalfSize = 500.0f;
/// How strongly the octant pattern darkens moving shapes (1 = the shader's full 20 %).
constexpr float kPatternStrength = 0.6f;
/// Shadow map side, texels: 1024 over the fitted area gives 3 to 6 cm texels when the
/// camera frames a 30 to 60 m scene, soft but clear under a 1 m box. 2048 cost llvmpipe
/// four times the depth pass (a ground box fills the whole map) for little gain on a projector.
constexpr int kShadowMapSize = 1024;
/// Light from above, in front and to the side, so a box's three visible faces all differ
/// and shadows fall beside the bodies rather than straight under them.
const glm::vec3 kLightDir = glm::normalize(glm::vec3(0.45f, 0.8f, 0.35f));
/// Texture unit of the shadow map (ImGui's backend uses unit 0).
constexpr int kShadowUnit = 1;

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

/// The light's view and orthographic projection around `box`: the box's bounding sphere seen
/// along -lightDir, so every caster in it lands in the map whatever its orientation.
glm::mat4 lightViewProjection(const Aabb& box, float& texelMetres) {
    const glm::vec3 centre = 0.5f * (box.min + box.max);
    const float radius = std::max(0.5f * glm::length(box.max - box.min), 0.5f);
    const glm::vec3 up = std::abs(kLightDir.y) > 0.99f ? glm::vec3(1, 0, 0) : glm::vec3(0, 1, 0);
    const glm::mat4 view = glm::lookAt(centre + kLightDir * (2.0f * radius), centre, up);
    texelMetres = 2.0f * radius / static_cast<float>(kShadowMapSize);
    return glm::ortho(-radius, radius, -radius, radius, 0.5f * radius, 3.5f * radius) * view;
}

} // namespace

bool Renderer::initShadowMap(std::string& error) {
    glGenTextures(1, &shadowTexture_);
    glBindTexture(GL_TEXTURE_2D, shadowTexture_);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT24, kShadowMapSize, kShadowMapSize, 0,
                 GL_DEPTH_COMPONENT, GL_FLOAT, nullptr);
    // Linear filtering with a comparison: each lookup is already a 2 x 2 percentage-closer filter.
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_MODE, GL_COMPARE_REF_TO_TEXTURE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_FUNC, GL_LEQUAL);
    glBindTexture(GL_TEXTURE_2D, 0);
    glGenFramebuffers(1, &shadowFramebuffer_);
    glBindFramebuffer(GL_FRAMEBUFFER, shadowFramebuffer_);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_TEXTURE_2D, shadowTexture_, 0);
    glDrawBuffer(GL_NONE);
    glReadBuffer(GL_NONE);
    const bool complete = glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE;
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    if (!complete) error = "the shadow map's framebuffer is incomplete";
    return complete;
}

bool Renderer::init(std::string& error) {
    if (!meshProgram_.load("mesh", error)) return false;
    if (!gridProgram_.load("grid", error)) return false;
    if (!shadowProgram_.load("shadow", error)) return false;
    if (!initShadowMap(error)) return false;
    sphere_.upload(makeUnitSphere(32, 16));
    box_.upload(makeUnitBox());
    cylinder_.upload(makeUnitCylinder(32));
    plane_.upload(makePlaneQuad(kPlaneHalfSize));
    glGenVertexArrays(1, &emptyVao_);
    return true;
}

Renderer::~Renderer() {
    if (emptyVao_ != 0) glDeleteVertexArrays(1, &emptyVao_);
    if (shadowFramebuffer_ != 0) glDeleteFramebuffers(1, &shadowFramebuffer_);
    if (shadowTexture_ != 0) glDeleteTextures(1, &shadowTexture_);
}

void Renderer::clearShapeCache() {
    capsules_.clear();
    hulls_.clear();
    triangleMeshes_.clear();
    batches_.clear();
}

void Renderer::beginFrame(int width, int height) {
    viewportWidth_ = width;
    viewportHeight_ = height;
    shadowReady_ = false;
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
    case ShapeType::Cylinder:
        // Scaling keeps the side's radial normals radial and the ends' normals axial.
        localScale = glm::scale(glm::mat4(1.0f), glm::vec3(shape.radius, shape.halfHeight, shape.radius));
        return &cylinder_;
    case ShapeType::Hull: {
        if (!shape.hull) return nullptr;
        auto it = hulls_.find(shape.hull.get());
        if (it == hulls_.end())
            it = hulls_.emplace(shape.hull.get(), HullMesh{shape.hull, GpuMesh(makeHull(*shape.hull))}).first;
        return &it->second.mesh;
    }
    case ShapeType::Mesh:
    case ShapeType::HeightField: {
        if (!shape.mesh) return nullptr;
        auto it = triangleMeshes_.find(shape.mesh.get());
        if (it == triangleMeshes_.end())
            it = triangleMeshes_.emplace(shape.mesh.get(), TriangleMeshGpu{shape.mesh, GpuMesh(makeTriangles(*shape.mesh))})
                     .first;
        return &it->second.mesh;
    }
    case ShapeType::Plane:
        return &plane_;
    case ShapeType::Compound: // drawn child by child (addInstances)
    case ShapeType::Count:
        break;
    }
    return nullptr;
}

void Renderer::addInstances(const Shape& shape, const glm::vec3& position, const glm::quat& orientation,
                            const glm::vec4& color) {
    if (shape.type == ShapeType::Compound) {
        if (!shape.compound) return;
        for (const CompoundShape::Child& c : shape.compound->children)
            addInstances(c.shape, position + orientation * c.position, orientation * c.orientation, color);
        return;
    }
    glm::mat4 localScale;
    const GpuMesh* mesh = meshFor(shape, localScale);
    if (mesh == nullptr) return;
    MeshInstance instance;
    instance.model = glm::translate(glm::mat4(1.0f), position) * glm::mat4_cast(orientation) * localScale;
    instance.color = color;
    batches_[mesh].push_back(instance);
}

void Renderer::fillBatches(const std::vector<BodyVisual>& bodies, bool withPlanes) {
    for (auto& [mesh, instances] : batches_) instances.clear();
    for (const BodyVisual& b : bodies) {
        if (b.shape == nullptr || (!withPlanes && b.shape->type == ShapeType::Plane)) continue;
        glm::vec3 color = b.sleeping ? sleepingColor(b.color) : b.color;
        if (b.shape->type == ShapeType::Plane) {
            // A plane is static and defined in world space: dot(normal, x) = offset.
            glm::vec3 n = glm::normalize(b.shape->normal);
            addInstances(*b.shape, n * b.shape->offset, rotationFromUp(n), glm::vec4(color, 0.0f));
        } else {
            // Static bodies never turn: the pattern would only make the ground look patchy.
            bool moves = b.type != BodyType::Static;
            addInstances(*b.shape, b.position, b.orientation, glm::vec4(color, moves ? kPatternStrength : 0.0f));
        }
    }
}

void Renderer::drawShadowMap(const std::vector<BodyVisual>& casters, const ViewParams& params) {
    // The area the map covers: the casters' boxes, cut to the neighbourhood of the focus, so
    // a 200 m ground does not spread the texels thin over what the camera never looks at.
    const float reach = std::max(params.distance, 5.0f);
    Aabb area{glm::vec3(std::numeric_limits<float>::max()), glm::vec3(-std::numeric_limits<float>::max())};
    for (const BodyVisual& b : casters) {
        if (b.shape == nullptr || b.shape->type == ShapeType::Plane) continue;
        Aabb box = computeAabb(*b.shape, b.position, b.orientation);
        area.min = glm::min(area.min, box.min);
        area.max = glm::max(area.max, box.max);
    }
    if (area.min.x > area.max.x) return; // nothing casts
    area.min = glm::max(area.min, params.focus - glm::vec3(reach));
    area.max = glm::min(area.max, params.focus + glm::vec3(reach));
    area.max = glm::max(area.max, area.min); // the focus far from every caster: a point
    lightViewProj_ = lightViewProjection(area, shadowTexel_);

    fillBatches(casters, false);
    glBindFramebuffer(GL_FRAMEBUFFER, shadowFramebuffer_);
    glViewport(0, 0, kShadowMapSize, kShadowMapSize);
    glClear(GL_DEPTH_BUFFER_BIT);
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_LESS);
    glDepthMask(GL_TRUE);
    glDisable(GL_BLEND);
    glDisable(GL_CULL_FACE);
    // Depth pushed away from the light by the surface's slope: lit faces do not shadow themselves.
    glEnable(GL_POLYGON_OFFSET_FILL);
    glPolygonOffset(2.0f, 4.0f);
    shadowProgram_.use();
    shadowProgram_.set("uLightViewProj", lightViewProj_);
    for (const auto& [mesh, instances] : batches_) mesh->drawInstances(instances);
    glDisable(GL_POLYGON_OFFSET_FILL);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glViewport(0, 0, viewportWidth_, viewportHeight_);
    shadowReady_ = true;
}

void Renderer::drawBodies(const std::vector<BodyVisual>& bodies, const ViewParams& params, float opacity,
                          bool wireframe) {
    fillBatches(bodies, true);
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
    meshProgram_.set("uLightDir", kLightDir);
    // A wireframe's lines are all edge: outlining them would only darken them.
    meshProgram_.set("uOutlines", params.outlines && !wireframe ? 1.0f : 0.0f);
    const bool shadows = params.shadows && shadowReady_;
    meshProgram_.set("uShadows", shadows ? 1.0f : 0.0f);
    meshProgram_.set("uLightViewProj", lightViewProj_);
    meshProgram_.set("uShadowTexel", shadowTexel_);
    meshProgram_.setSampler("uShadowMap", kShadowUnit);
    glActiveTexture(GL_TEXTURE0 + kShadowUnit);
    glBindTexture(GL_TEXTURE_2D, shadowTexture_);
    glActiveTexture(GL_TEXTURE0);
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
