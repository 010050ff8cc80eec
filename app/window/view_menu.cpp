// The 3D view's right-click menu (view_menu.h).
#include "window/view_menu.h"

#include "window/panels.h"
#include "window/picking.h"

#include <imgui.h>

#include <glm/geometric.hpp>

#include <string>

namespace tumble::app {
namespace {

/// A press and release this close together (display units) is a click, not an orbit.
constexpr float kClickTolerance = 4.0f;
/// A contact point drawn this close to the cursor (display units) is the one clicked.
constexpr float kContactPickRadius = 9.0f;

/// Add a watch, say so, and bring the Plots tab forward.
void startWatching(App& app, Watch watch) {
    app.setStatus("Watching " + watch.label + " from the next step on (Plots tab).");
    app.watches.push_back(std::move(watch));
    app.panels.plots = true;
    app.focusTab = &PanelFlags::plots;
}

/// One menu item per watchable quantity of `target`; `make` builds the watch of a kind.
template <class Make> void watchItems(App& app, WatchTarget target, const char* prefix, Make make) {
    for (const WatchKind& kind : watchKinds()) {
        if (kind.target != target) continue;
        const std::string unit = kind.unit;
        const std::string item = std::string(prefix) + kind.name + (unit.empty() ? "" : " (" + unit + ")");
        if (ImGui::MenuItem(item.c_str())) startWatching(app, make(kind));
        itemTooltip(kind.help);
    }
}

/// "ground - box 3": a manifold's two bodies.
std::string pairLabel(const World& world, const ContactManifoldInfo& m) {
    return bodyLabel(world, m.bodyA) + " - " + bodyLabel(world, m.bodyB);
}

bool pairStillThere(const World& world, const ContactManifoldInfo& m) {
    return world.isValid(m.bodyA) && world.isValid(m.bodyB);
}

} // namespace

void contactWatchItems(App& app, const ContactManifoldInfo& m, int point) {
    const std::string pair = pairLabel(app.world, m);
    if (point >= 0) {
        ImGui::TextDisabled("point %d of %s", point + 1, pair.c_str());
        watchItems(app, WatchTarget::Contact, "Watch this point's ", [&](const WatchKind& kind) {
            return makeContactWatch(app.world, kind, m, point, pair + " point " + std::to_string(point + 1));
        });
        ImGui::Separator();
    }
    watchItems(app, WatchTarget::Contact, "Watch the pair's ", [&](const WatchKind& kind) {
        return makeContactWatch(app.world, kind, m, -1, pair);
    });
}

namespace {

void bodyItems(App& app, BodyId id) {
    const std::string name = bodyLabel(app.world, id);
    ImGui::TextDisabled("%s", name.c_str());
    if (ImGui::MenuItem("Select", nullptr, app.selected == id)) app.select(id);
    itemTooltip("Select it: the Inspector shows its state, contacts and joints.");
    ImGui::Separator();
    const uint32_t ordinal = bodyOrdinal(app.world, id);
    watchItems(app, WatchTarget::Body, "Watch ", [&](const WatchKind& kind) { return makeWatch(kind, ordinal, name); });
    // Its contacts and joints, each a submenu of what can be watched.
    const std::vector<ContactManifoldInfo>& contacts = app.world.contacts();
    bool any = false;
    BodyId listed = kNullBody; // a pair's manifolds (one per touching pair of parts) follow each other
    for (size_t i = 0; i < contacts.size(); ++i) {
        const ContactManifoldInfo& m = contacts[i];
        if (m.pointCount == 0 || (m.bodyA != id && m.bodyB != id)) continue;
        const BodyId other = m.bodyA == id ? m.bodyB : m.bodyA;
        if (other == listed) continue; // the watch covers the whole pair
        listed = other;
        if (!any) ImGui::Separator();
        any = true;
        const std::string label = "Contact with " + bodyLabel(app.world, m.bodyA == id ? m.bodyB : m.bodyA) + "##" +
                                  std::to_string(i);
        if (ImGui::BeginMenu(label.c_str())) {
            const ContactManifoldInfo copy = m;
            contactWatchItems(app, copy, -1);
            ImGui::EndMenu();
        }
    }
    const std::vector<JointId> joints = app.world.jointIds();
    for (JointId j : app.world.jointsOf(id)) {
        const size_t ordinalJ = size_t(std::find(joints.begin(), joints.end(), j) - joints.begin());
        const std::string label = jointLabel(app.world, j, ordinalJ);
        if (ImGui::BeginMenu(("Joint " + label + "##" + std::to_string(ordinalJ)).c_str())) {
            watchItems(app, WatchTarget::Joint, "Watch ", [&](const WatchKind& kind) {
                return makeWatch(kind, static_cast<uint32_t>(ordinalJ), label);
            });
            ImGui::EndMenu();
        }
    }
}

/// What the menu is about, found when it opens.
void aimMenu(App& app) {
    ViewMenuState& menu = app.viewMenu;
    const glm::vec2 size{ImGui::GetIO().DisplaySize.x, ImGui::GetIO().DisplaySize.y};
    size_t manifold = 0;
    menu.onContact = pickContactPoint(app, menu.at, size, kContactPickRadius, manifold, menu.point);
    if (menu.onContact) menu.contact = app.world.contacts()[manifold];
    menu.body = menu.onContact ? kNullBody : pickBody(app, menu.at, size);
}

} // namespace

void viewMenuPress(App& app, glm::vec2 cursor) {
    app.viewMenu.pressed = true;
    app.viewMenu.pressAt = cursor;
}

void viewMenuRelease(App& app, glm::vec2 cursor) {
    ViewMenuState& menu = app.viewMenu;
    if (!menu.pressed) return;
    menu.pressed = false;
    if (glm::length(cursor - menu.pressAt) > kClickTolerance) return; // it orbited
    menu.requested = true;
    menu.at = cursor;
}

bool pickContactPoint(const App& app, glm::vec2 cursor, glm::vec2 displaySize, float radius, size_t& manifold,
                      int& point) {
    if (!app.debugDraw.contacts || !(displaySize.x > 0.0f && displaySize.y > 0.0f)) return false;
    float best = radius;
    bool found = false;
    const std::vector<ContactManifoldInfo>& contacts = app.world.contacts();
    for (size_t i = 0; i < contacts.size(); ++i)
        for (int k = 0; k < contacts[i].pointCount; ++k) {
            const glm::vec4 clip = app.viewProjection * glm::vec4(contacts[i].points[k].position, 1.0f);
            if (!(clip.w > 0.0f)) continue; // behind the camera
            const glm::vec2 ndc = glm::vec2(clip) / clip.w;
            const glm::vec2 screen{0.5f * (ndc.x + 1.0f) * displaySize.x, 0.5f * (1.0f - ndc.y) * displaySize.y};
            const float d = glm::length(screen - cursor);
            if (d < best) best = d, manifold = i, point = k, found = true;
        }
    return found;
}

void drawViewMenu(App& app) {
    ViewMenuState& menu = app.viewMenu;
    if (menu.requested) {
        menu.requested = false;
        aimMenu(app);
        ImGui::SetNextWindowPos(ImVec2(menu.at.x, menu.at.y));
        ImGui::OpenPopup("##view menu");
    }
    if (!ImGui::BeginPopup("##view menu")) return;
    if (menu.onContact && pairStillThere(app.world, menu.contact)) {
        contactWatchItems(app, menu.contact, menu.point);
    } else if (!menu.body.isNull() && app.world.isValid(menu.body)) {
        bodyItems(app, menu.body);
    } else {
        ImGui::TextDisabled("the world");
        watchItems(app, WatchTarget::World, "Watch ", [](const WatchKind& kind) { return makeWatch(kind, 0, "world"); });
    }
    ImGui::EndPopup();
}

} // namespace tumble::app
