// Exhibits of the collision gallery, by the names of their bodies.
#include "window/gallery.h"

#include <algorithm>

namespace tumble::app {
namespace {

constexpr const char* kPairSeparator = "-vs-";
/// m above an exhibit's box where its label hangs, clear of the contact labels at its middle.
constexpr float kLabelLift = 0.15f;
/// Peach: apart from the contact labels' white and the overlays' yellow and orange.
const glm::vec3 kLabelColour{1.0f, 0.78f, 0.55f};

void grow(Aabb& box, const Aabb& other) {
    box.min = glm::min(box.min, other.min);
    box.max = glm::max(box.max, other.max);
}

/// "sphere-vs-box/A" -> "sphere-vs-box"; "" when the name names no pair.
std::string exhibitKey(const std::string& name) {
    std::string key = name.substr(0, name.find('/'));
    size_t vs = key.find(kPairSeparator);
    if (vs == std::string::npos || vs == 0 || vs + 4 >= key.size()) return {};
    return key;
}

std::string pairLabel(const std::string& key) {
    size_t vs = key.find(kPairSeparator);
    return key.substr(0, vs) + " \u00d7 " + key.substr(vs + 4);
}

bool contains(const std::vector<BodyId>& ids, BodyId id) {
    return std::find(ids.begin(), ids.end(), id) != ids.end();
}

} // namespace

glm::vec3 Exhibit::labelAnchor() const {
    return {0.5f * (bounds.min.x + bounds.max.x), bounds.max.y + kLabelLift, 0.5f * (bounds.min.z + bounds.max.z)};
}

std::vector<Exhibit> findExhibits(const World& world) {
    std::vector<Exhibit> exhibits;
    std::vector<std::string> keys;
    for (BodyId id : world.bodyIds()) {
        const Body& b = world.body(id);
        std::string key = exhibitKey(b.name);
        if (key.empty() || b.shape.type == ShapeType::Plane) continue;
        const Aabb box = computeAabb(b.shape, b.position, b.orientation);
        auto it = std::find(keys.begin(), keys.end(), key);
        if (it == keys.end()) {
            keys.push_back(key);
            exhibits.push_back(Exhibit{pairLabel(key), {id}, box});
        } else {
            Exhibit& e = exhibits[static_cast<size_t>(it - keys.begin())];
            e.bodies.push_back(id);
            grow(e.bounds, box);
        }
    }
    return exhibits;
}

std::vector<size_t> exhibitManifolds(const World& world, const Exhibit& exhibit) {
    std::vector<size_t> found;
    const std::vector<ContactManifoldInfo>& contacts = world.contacts();
    const bool single = exhibit.bodies.size() == 1;
    for (size_t i = 0; i < contacts.size(); ++i) {
        const bool a = contains(exhibit.bodies, contacts[i].bodyA), b = contains(exhibit.bodies, contacts[i].bodyB);
        if (single ? (a || b) : (a && b)) found.push_back(i);
    }
    return found;
}

void emitExhibitLabels(const std::vector<Exhibit>& exhibits, DebugDraw& draw) {
    for (const Exhibit& e : exhibits) draw.label(e.labelAnchor(), e.label, kLabelColour);
}

bool exhibitsBounds(const std::vector<Exhibit>& exhibits, Aabb& out) {
    if (exhibits.empty()) return false;
    out = exhibits.front().bounds;
    for (const Exhibit& e : exhibits) grow(out, e.bounds);
    return true;
}

} // namespace tumble::app
