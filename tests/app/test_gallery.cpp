// The collision gallery made readable (app/window/gallery.cpp, camera.cpp): its exhibits
// found and labelled by their shape pairs, each with the contacts of its own pair, and a
// camera that frames them all at any window shape.
#include "window/camera.h"
#include "window/gallery.h"

#include "tumble/debug_draw.h"
#include "tumble/feature_names.h"
#include "tumble/scene.h"

#include <gtest/gtest.h>

#include <glm/glm.hpp>
#include <cmath>
#include <map>
#include <string>
#include <vector>

using namespace tumble;
using namespace tumble::app;

namespace {

World loadGallery() {
    SceneLoadResult r = loadSceneFile(std::string(TUMBLE_SOURCE_DIR) + "/scenes/collision-gallery.json");
    EXPECT_TRUE(r.ok()) << r.errorText();
    return buildWorld(r.scene);
}

struct LabelRecording final : DebugDraw {
    std::vector<std::pair<glm::vec3, std::string>> labels;
    void line(const glm::vec3&, const glm::vec3&, const glm::vec3&) override {}
    void point(const glm::vec3&, float, const glm::vec3&) override {}
    void arrow(const glm::vec3&, const glm::vec3&, const glm::vec3&) override {}
    void label(const glm::vec3& p, const std::string& text, const glm::vec3&) override { labels.push_back({p, text}); }
};

const char* const kTimes = " \u00d7 ";

/// Triangles of the gallery's four-triangle mesh patch each shape touches: the sphere and the
/// lying capsule sit on the seam between the two tiles (the two triangles along it), the
/// others cover the whole patch's middle.
size_t expectedMeshManifolds(const std::string& label) {
    return label.ends_with("sphere") || label.ends_with("capsule") ? 2u : 4u;
}

} // namespace

// Fifteen pairs of two bodies on the table, five shapes on the plane and five on a mesh patch:
// twenty-five exhibits, each
// labelled "a × b" by the shapes of its name, in the scene's order, and one label each in
// the view, above its exhibit.
TEST(Gallery, EveryExhibitIsLabelledOnceByItsShapePair) {
    World w = loadGallery();
    std::vector<Exhibit> exhibits = findExhibits(w);
    const std::vector<std::string> expected = {
        "sphere-sphere", "sphere-box", "sphere-capsule", "sphere-hull", "box-box", "box-capsule",
        "box-hull", "capsule-capsule", "capsule-hull", "hull-hull", "sphere-cylinder",
        "box-cylinder", "capsule-cylinder", "hull-cylinder", "cylinder-cylinder", "sphere-plane", "box-plane",
        "capsule-plane", "hull-plane", "cylinder-plane", "mesh-sphere", "mesh-box", "mesh-capsule", "mesh-hull",
        "mesh-cylinder"};
    ASSERT_EQ(exhibits.size(), expected.size());
    for (size_t i = 0; i < expected.size(); ++i) {
        const std::string& pair = expected[i];
        const size_t dash = pair.find('-');
        EXPECT_EQ(exhibits[i].label, pair.substr(0, dash) + kTimes + pair.substr(dash + 1));
        EXPECT_EQ(exhibits[i].bodies.size(), pair.ends_with("plane") ? 1u : 2u) << exhibits[i].label;
    }

    LabelRecording view;
    emitExhibitLabels(exhibits, view);
    ASSERT_EQ(view.labels.size(), exhibits.size());
    for (size_t i = 0; i < exhibits.size(); ++i) {
        EXPECT_EQ(view.labels[i].second, exhibits[i].label);
        const glm::vec3 p = view.labels[i].first;
        const Aabb& b = exhibits[i].bounds;
        EXPECT_GT(p.y, b.max.y) << "above the exhibit";
        EXPECT_TRUE(p.x >= b.min.x && p.x <= b.max.x && p.z >= b.min.z && p.z <= b.max.z) << exhibits[i].label;
    }
}

// Scenes whose bodies are not named "<a>-vs-<b>" have no exhibits: no labels, no framing.
TEST(Gallery, OtherScenesHaveNoExhibits) {
    SceneLoadResult r = loadSceneFile(std::string(TUMBLE_SOURCE_DIR) + "/scenes/pyramid.json");
    ASSERT_TRUE(r.ok()) << r.errorText();
    EXPECT_TRUE(findExhibits(buildWorld(r.scene)).empty());
}

// Each exhibit shows its own pair's contacts, with the point counts the scene's description
// promises (one for any sphere, four for box on box and box on the plane, two for the capsule
// lying on the plane), every point's features in words rather than a number.
TEST(Gallery, EachExhibitShowsItsOwnPairsPointsWithFeaturesInWords) {
    World w = loadGallery();
    w.step();
    std::map<std::string, int> points;
    for (const Exhibit& e : findExhibits(w)) {
        std::vector<size_t> manifolds = exhibitManifolds(w, e);
        // A mesh gives one manifold per touching triangle: the shapes sit across its seams.
        const bool mesh = e.label.starts_with("mesh");
        ASSERT_EQ(manifolds.size(), mesh ? expectedMeshManifolds(e.label) : 1u) << e.label;
        const ContactManifoldInfo& m = w.contacts()[manifolds[0]];
        for (size_t k = 1; k < manifolds.size(); ++k) {
            EXPECT_LT(w.contacts()[manifolds[k - 1]].childA, w.contacts()[manifolds[k]].childA) << e.label;
            EXPECT_EQ(w.contacts()[manifolds[k]].pointCount, m.pointCount) << e.label;
        }
        for (int i = 0; i < m.pointCount; ++i) {
            // Two features, one per body ("A face 1 / B face 4 vertex 0", "round / end 0",
            // "A edge 13 x B edge 16"), each named by a word: never a bare number.
            const std::string words = describeFeature(m.points[i].featureId);
            const bool twoParts = words.find(" / ") != std::string::npos || words.find(" x ") != std::string::npos;
            const bool named = words.find("face") != std::string::npos || words.find("edge") != std::string::npos ||
                               words.find("vertex") != std::string::npos || words.find("round") != std::string::npos ||
                               words.find("feature") != std::string::npos;
            EXPECT_TRUE(twoParts && named) << e.label << ": " << words;
        }
        points[e.label] = m.pointCount;
    }
    EXPECT_EQ(points[std::string("sphere") + kTimes + "sphere"], 1);
    EXPECT_EQ(points[std::string("sphere") + kTimes + "hull"], 1);
    EXPECT_EQ(points[std::string("box") + kTimes + "box"], 4);
    EXPECT_EQ(points[std::string("box") + kTimes + "plane"], 4);
    // The general convex path: a line where a cylinder's side meets a face or a parallel
    // side, four of the end's sixteen rim points on the plane, one point for the sphere.
    EXPECT_EQ(points[std::string("sphere") + kTimes + "cylinder"], 1);
    EXPECT_EQ(points[std::string("box") + kTimes + "cylinder"], 2);
    EXPECT_EQ(points[std::string("capsule") + kTimes + "cylinder"], 2);
    EXPECT_EQ(points[std::string("cylinder") + kTimes + "cylinder"], 2);
    EXPECT_EQ(points[std::string("cylinder") + kTimes + "plane"], 4);
    EXPECT_EQ(points[std::string("capsule") + kTimes + "plane"], 2);
    // Per triangle of the mesh patch: the same counts as on the plane.
    EXPECT_EQ(points[std::string("mesh") + kTimes + "sphere"], 1);
    EXPECT_EQ(points[std::string("mesh") + kTimes + "box"], 4);
    EXPECT_EQ(points[std::string("mesh") + kTimes + "capsule"], 2);
    EXPECT_EQ(points[std::string("mesh") + kTimes + "cylinder"], 4);
}

// fitBox: from any yaw and pitch, at any window shape, every corner of the box projects inside
// the view with the margin asked for, and the box fills the view: along one of the two axes it touches the
// window's edges on both sides (the camera is no farther than it needs to be).
TEST(Gallery, FittingTheCameraPutsEveryCornerInsideTheViewWithItsMargin) {
    World w = loadGallery();
    Aabb bounds;
    ASSERT_TRUE(exhibitsBounds(findExhibits(w), bounds));
    EXPECT_LT(bounds.min.y, 0.0f); // the shapes 4 cm into the plane
    EXPECT_GT(bounds.max.x, 14.0f);
    const float margin = 0.1f, keep = 1.0f - margin, tolerance = 1e-3f;
    {
        const float yLow = -keep, yHigh = keep; // the window in NDC, x and y alike
        for (float aspect : {0.6f, 1.0f, 1.6f, 16.0f / 9.0f, 2.4f}) {
            for (float yaw : {0.0f, 30.0f, 135.0f, -100.0f}) {
                for (float pitch : {5.0f, 25.0f, 55.0f, 80.0f}) {
                    OrbitCamera camera;
                    camera.yawDeg = yaw;
                    camera.pitchDeg = pitch;
                    camera.fitBox(bounds, aspect, margin);
                    const glm::mat4 viewProj = camera.projection(aspect) * camera.view();
                    glm::vec2 low(10.0f), high(-10.0f);
                    for (int i = 0; i < 8; ++i) {
                        const glm::vec3 c{(i & 1) ? bounds.max.x : bounds.min.x, (i & 2) ? bounds.max.y : bounds.min.y,
                                          (i & 4) ? bounds.max.z : bounds.min.z};
                        const glm::vec4 clip = viewProj * glm::vec4(c, 1.0f);
                        ASSERT_GT(clip.w, 0.0f);
                        const glm::vec2 ndc = glm::vec2(clip) / clip.w;
                        low = glm::min(low, ndc);
                        high = glm::max(high, ndc);
                    }
                    SCOPED_TRACE(testing::Message() << "aspect " << aspect << " yaw " << yaw
                                                    << " pitch " << pitch);
                    EXPECT_GE(low.x, -keep - tolerance);
                    EXPECT_LE(high.x, keep + tolerance);
                    EXPECT_GE(low.y, yLow - tolerance);
                    EXPECT_LE(high.y, yHigh + tolerance);
                    const bool fillsAcross = low.x < -keep + tolerance && high.x > keep - tolerance;
                    const bool fillsUp = low.y < yLow + tolerance && high.y > yHigh - tolerance;
                    EXPECT_TRUE(fillsAcross || fillsUp) << low.x << ".." << high.x << " x " << low.y << ".." << high.y;
                    EXPECT_EQ(camera.yawDeg, yaw);
                    EXPECT_EQ(camera.pitchDeg, pitch);
                }
            }
        }
    }
}
