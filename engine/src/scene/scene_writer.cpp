// Writing a world as a scene file with a `state` section (a snapshot, shared/SCENE_FORMAT.md).
// Every float goes through "%.9g", which reads back as the same float; the state section
// carries the exact values so nothing is re-derived through float arithmetic on loading.
#include "scene/scene_writer.h"

#include "scene/json_check.h"
#include "scene/lesson_reader.h"
#include "shapes/triangle_mesh.h"
#include "tumble/fork.h"

#include <cstdio>
#include <cstdlib>
#include <limits>

namespace tumble {
namespace scene {

double exactNumber(float f) {
    // Nine significant digits identify a float; the double parsed from them prints as those
    // digits again, and casting it back to float gives f.
    char text[32];
    std::snprintf(text, sizeof text, "%.9g", static_cast<double>(f));
    return std::strtod(text, nullptr);
}

namespace {

Json number(float f) { return exactNumber(f); }
Json vec3(const glm::vec3& v) { return Json::array({number(v.x), number(v.y), number(v.z)}); }
Json quat(const glm::quat& q) {
    return Json::array({number(q.w), number(q.x), number(q.y), number(q.z)});
}
Json floats(const std::vector<float>& values) {
    Json a = Json::array();
    for (float f : values) a.push_back(number(f));
    return a;
}
/// The settings writer uses nlohmann::json; its doubles print round-trip exact.
Json ordered(const nlohmann::json& j) { return Json::parse(j.dump()); }

Json shapeJson(const ShapeDef& s) {
    Json j = {{"type", std::string(toString(s.type))}};
    switch (s.type) {
    case ShapeType::Sphere: j["radius"] = number(s.radius); break;
    case ShapeType::Box: j["halfExtents"] = vec3(s.halfExtents); break;
    case ShapeType::Capsule:
    case ShapeType::Cylinder:
        j["radius"] = number(s.radius);
        j["halfHeight"] = number(s.halfHeight);
        break;
    case ShapeType::Hull: {
        Json points = Json::array();
        for (const glm::vec3& p : s.points) points.push_back(vec3(p));
        j["points"] = std::move(points);
        break;
    }
    case ShapeType::Plane:
        j["normal"] = vec3(s.normal);
        j["offset"] = number(s.offset);
        break;
    case ShapeType::Mesh: {
        // Always inline, whatever file it came from: a snapshot stands alone and loads back
        // the very same triangles.
        Json vertices = Json::array(), indices = Json::array();
        for (const glm::vec3& p : s.points) vertices.push_back(vec3(p));
        for (const auto& t : s.triangles) indices.push_back(Json::array({t[0], t[1], t[2]}));
        j["vertices"] = std::move(vertices);
        j["indices"] = std::move(indices);
        j["twoSided"] = s.twoSided;
        break;
    }
    case ShapeType::HeightField: // a png's heights inline too
        j["rows"] = s.rows;
        j["columns"] = s.columns;
        j["cellSize"] = Json::array({number(s.cellSize.x), number(s.cellSize.y)});
        j["heights"] = floats(s.heights);
        break;
    case ShapeType::Compound: {
        Json children = Json::array();
        for (const CompoundChildDef& c : s.children)
            children.push_back({{"shape", shapeJson(c.shape)}, {"position", vec3(c.position)},
                                {"orientation", quat(c.orientation)}});
        j["children"] = std::move(children);
        break;
    }
    case ShapeType::Count: break;
    }
    return j;
}

/// A built shape as a definition (a hull from its re-centred vertices, a compound's children
/// where they sit about its centre of mass).
ShapeDef shapeDefOf(const Shape& shape) {
    ShapeDef s;
    s.type = shape.type;
    s.radius = shape.radius;
    s.halfExtents = shape.halfExtents;
    s.halfHeight = shape.halfHeight;
    s.normal = shape.normal;
    s.offset = shape.offset;
    if (shape.hull) s.points = shape.hull->vertices;
    if (shape.mesh) {
        const TriangleMesh& m = *shape.mesh;
        s.points = m.vertices;
        s.triangles = m.triangles;
        s.twoSided = m.twoSided;
        s.rows = m.rows;
        s.columns = m.columns;
        s.cellSize = m.cellSize;
        for (size_t i = 0; s.type == ShapeType::HeightField && i < m.vertices.size(); ++i)
            s.heights.push_back(m.vertices[i].y);
        s.mesh = shape.mesh;
    }
    if (shape.compound)
        for (const CompoundShape::Child& c : shape.compound->children)
            s.children.push_back({shapeDefOf(c.shape), c.position, c.orientation});
    return s;
}

/// A body's shape as a definition: the scene's own when it matches, else rebuilt from the
/// world's record.
ShapeDef shapeDefOf(const Body& b, const BodyDef* def) {
    if (def && def->shape.type == b.shape.type) return def->shape;
    return shapeDefOf(b.shape);
}

Json bodyJson(const World& world, const Body& b, const std::string& name, const BodyDef* def) {
    ShapeDef shape = shapeDefOf(b, def);
    // A hull's points (a compound's children) are placed relative to `position`; the engine
    // then moves the body to their centre of mass. Write where they are now (the state holds
    // the exact pose).
    glm::vec3 position = b.position;
    if ((shape.type == ShapeType::Hull || shape.type == ShapeType::Compound) && def) {
        glm::quat q0 = glm::normalize(def->orientation);
        glm::vec3 comLocal = glm::conjugate(q0) * (b.initialPosition - def->position);
        position = b.position - b.orientation * comLocal;
    }
    Json j;
    if (!name.empty()) j["name"] = name;
    j["type"] = std::string(toString(b.type));
    j["shape"] = shapeJson(shape);
    j["position"] = vec3(position);
    j["orientation"] = quat(b.orientation);
    j["linearVelocity"] = vec3(b.linearVelocity);
    j["angularVelocity"] = vec3(b.angularVelocity);
    j["material"] = world.materials()[b.material].name;
    j["gravityScale"] = number(b.gravityScale);
    j["linearDamping"] = number(b.linearDamping);
    j["angularDamping"] = number(b.angularDamping);
    j["layer"] = b.layer;
    j["mask"] = b.mask;
    j["bullet"] = b.bullet;
    // Written only when set, so the snapshots of scenes without sensors stay as they were.
    if (b.sensor) j["sensor"] = true;
    return j;
}

Json springJson(float frequencyHz, float dampingRatio) {
    return {{"frequencyHz", number(frequencyHz)}, {"dampingRatio", number(dampingRatio)}};
}

/// One axis of a six-DOF joint, as joint_reader.cpp reads it.
Json axisJson(const JointAxisDef& a, bool angular) {
    constexpr const char* kModes[] = {"locked", "free", "limited"};
    Json j = {{"mode", kModes[static_cast<int>(a.mode)]}};
    if (a.mode == JointAxisMode::Limited) j["limits"] = Json::array({number(a.lower), number(a.upper)});
    if (a.mode == JointAxisMode::Locked) return j;
    if (a.motorEnabled)
        j["motor"] = {{"speed", number(a.motorSpeed)}, {angular ? "maxTorque" : "maxForce", number(a.maxMotorForce)}};
    if (a.frequencyHz > 0.0f) {
        j["spring"] = springJson(a.frequencyHz, a.dampingRatio);
        j["spring"]["target"] = number(a.springTarget);
    }
    return j;
}

Json jointJson(const World& world, const JointInfo& info, const std::vector<std::string>& names) {
    const JointDef& d = info.def;
    auto pose = [&](BodyId id, const glm::vec3& local) {
        if (id.isNull()) return local;
        const Body& b = world.body(id);
        return b.position + b.orientation * local;
    };
    auto nameOf = [&](BodyId id) {
        std::vector<BodyId> ids = world.bodyIds();
        for (size_t k = 0; k < ids.size(); ++k)
            if (ids[k] == id) return names[k];
        return std::string();
    };
    Json j = {{"type", std::string(toString(d.type))}};
    if (!d.name.empty()) j["name"] = d.name;
    if (d.type == JointType::Gear) {
        // A gear's bodies are its hinges' wheels.
        j["hingeA"] = world.isValid(d.hingeA) ? world.joint(d.hingeA).def.name : std::string();
        j["hingeB"] = world.isValid(d.hingeB) ? world.joint(d.hingeB).def.name : std::string();
        j["ratio"] = number(d.ratio);
    } else {
        j["bodyA"] = d.bodyA.isNull() ? Json(nullptr) : Json(nameOf(d.bodyA));
        j["bodyB"] = nameOf(d.bodyB);
    }
    // Anchors and axes in world space now (the state holds the exact body-frame values).
    if (d.type != JointType::Gear && d.type != JointType::Angle)
        j["anchor"] = vec3(pose(d.bodyA, info.localAnchorA));
    glm::quat qA = d.bodyA.isNull() ? glm::quat(1, 0, 0, 0) : world.body(d.bodyA).orientation;
    switch (d.type) {
    case JointType::Distance:
        j["anchorB"] = vec3(pose(d.bodyB, info.localAnchorB));
        j["length"] = number(info.length);
        if (d.maxLength > 0.0f) {
            j["minLength"] = number(d.minLength);
            j["maxLength"] = number(d.maxLength);
        } else if (d.frequencyHz > 0.0f) {
            j["spring"] = springJson(d.frequencyHz, d.dampingRatio);
        }
        break;
    case JointType::Hinge:
    case JointType::Slider:
        j["axis"] = vec3(qA * info.localAxisA);
        if (d.limitEnabled)
            j["limits"] = Json::array({number(d.lowerLimit), number(d.upperLimit)});
        if (d.motorEnabled)
            j["motor"] = {{"speed", number(d.motorSpeed)},
                          {d.type == JointType::Hinge ? "maxTorque" : "maxForce",
                           number(d.maxMotorForce)}};
        break;
    case JointType::ConeTwist:
        j["axis"] = vec3(qA * info.localAxisA);
        j["swing"] = number(d.swingLimit);
        j["twist"] = Json::array({number(d.twistLower), number(d.twistUpper)});
        break;
    case JointType::Angle:
        if (d.frequencyHz > 0.0f) j["spring"] = springJson(d.frequencyHz, d.dampingRatio);
        break;
    case JointType::Universal:
    {
        // The arms drift apart by the solver's tolerance; written square again so the file
        // passes the reader's perpendicular check (the state keeps the exact frames).
        const glm::vec3 armA = qA * info.localAxisA;
        const glm::vec3 armB = world.body(d.bodyB).orientation * info.localAxisB;
        j["axis"] = vec3(armA);
        j["axisB"] = vec3(glm::normalize(armB - glm::dot(armA, armB) * armA));
    }
        break;
    case JointType::SixDof:
        j["axis"] = vec3(qA * info.localAxisA);
        j["linear"] = Json::array();
        j["angular"] = Json::array();
        for (size_t k = 0; k < d.axes.size(); ++k)
            j[k < 3 ? "linear" : "angular"].push_back(axisJson(d.axes[k], k >= 3));
        break;
    default: break;
    }
    j["collideConnected"] = d.collideConnected;
    j["breakForce"] = number(d.breakForce);
    return j;
}

Json stateJson(const WorldState& st) {
    Json bodies = Json::array();
    for (const BodyState& b : st.bodies) {
        Json j;
        if (!b.name.empty()) j["name"] = b.name;
        j["position"] = vec3(b.position);
        j["orientation"] = quat(b.orientation);
        j["linearVelocity"] = vec3(b.linearVelocity);
        j["angularVelocity"] = vec3(b.angularVelocity);
        j["previousPosition"] = vec3(b.previousPosition);
        j["previousOrientation"] = quat(b.previousOrientation);
        j["sleeping"] = b.sleeping;
        j["sleepTime"] = number(b.sleepTime);
        j["sleepIsland"] = b.sleepIsland;
        if (b.hasProxy) j["proxy"] = Json::array({vec3(b.proxyTight.min), vec3(b.proxyTight.max)});
        bodies.push_back(std::move(j));
    }
    Json contacts = Json::array();
    for (const ContactManifoldInfo& m : st.contacts) {
        Json j = {{"bodyA", m.bodyA.index}, {"bodyB", m.bodyB.index}};
        if (m.childA != 0) j["childA"] = m.childA;
        if (m.childB != 0) j["childB"] = m.childB;
        if (m.pointCount > 0) {
            j["normal"] = vec3(m.normal);
            j["tangent1"] = vec3(m.tangent1);
            j["tangent2"] = vec3(m.tangent2);
            j["localNormalA"] = vec3(m.localNormalA);
            j["localNormalB"] = vec3(m.localNormalB);
            j["staticFriction"] = number(m.staticFriction);
            j["dynamicFriction"] = number(m.dynamicFriction);
            j["restitution"] = number(m.restitution);
            if (m.sleeping) j["sleeping"] = true;
        }
        Json points = Json::array();
        for (int k = 0; k < m.pointCount; ++k) {
            const ContactPointInfo& p = m.points[k];
            points.push_back({{"position", vec3(p.position)},
                              {"separation", number(p.separation)},
                              {"featureId", p.featureId},
                              {"localAnchorA", vec3(p.localAnchorA)},
                              {"localAnchorB", vec3(p.localAnchorB)},
                              {"normalImpulse", number(p.normalImpulse)},
                              {"tangentImpulse", Json::array({number(p.tangentImpulse[0]),
                                                              number(p.tangentImpulse[1])})},
                              {"approachVelocity", number(p.approachVelocity)},
                              {"landing", p.landing},
                              {"atFrictionLimit", p.clamp == ClampState::FrictionLimit},
                              {"drift", vec3(p.drift)}});
        }
        j["points"] = std::move(points);
        contacts.push_back(std::move(j));
    }
    Json joints = Json::array();
    for (const JointState& js : st.joints) {
        joints.push_back({{"localAnchorA", vec3(js.localAnchorA)},
                          {"localAnchorB", vec3(js.localAnchorB)},
                          {"localAxisA", vec3(js.localAxisA)},
                          {"localAxisB", vec3(js.localAxisB)},
                          {"localRefA", vec3(js.localRefA)},
                          {"localRefB", vec3(js.localRefB)},
                          {"relativeRotation", quat(js.relativeRotation)},
                          {"length", number(js.length)},
                          {"angle", number(js.angle)},
                          {"broken", js.broken},
                          {"impulses", floats(js.impulses)}});
    }
    Json j;
    j["step"] = st.step;
    j["time"] = st.time; // a double: nlohmann prints it round-trip exact
    j["lastDt"] = number(st.lastDt);
    j["bodies"] = std::move(bodies);
    j["contacts"] = std::move(contacts);
    j["joints"] = std::move(joints);
    // Written only when a sensor overlaps something, so other snapshots stay as they were.
    if (!st.sensorOverlaps.empty()) {
        Json overlaps = Json::array();
        for (const PairTouch& t : st.sensorOverlaps)
            overlaps.push_back({{"bodyA", t.bodyA.index}, {"bodyB", t.bodyB.index},
                                {"pointCount", t.pointCount}, {"deepest", number(t.deepest)}});
        j["sensorOverlaps"] = std::move(overlaps);
    }
    return j;
}

} // namespace
} // namespace scene

std::string writeSnapshot(const SceneDef& scene, const World& world, const Forks* forks, bool bulletFork) {
    using scene::Json;
    using scene::number;
    using scene::vec3;
    std::vector<BodyId> ids = world.bodyIds();
    // The scene's definitions match the world's bodies when counts and names agree.
    bool matches = scene.bodies.size() == ids.size();
    for (size_t k = 0; matches && k < ids.size(); ++k)
        matches = scene.bodies[k].name == world.body(ids[k]).name;
    // Joints name their bodies; an unnamed jointed body gets "#<ordinal>".
    std::vector<std::string> names(ids.size());
    for (size_t k = 0; k < ids.size(); ++k) {
        names[k] = world.body(ids[k]).name;
        if (!names[k].empty()) continue;
        for (JointId jid : world.jointsOf(ids[k]))
            if (world.isValid(jid)) names[k] = std::string(1, '#').append(std::to_string(k));
    }

    Json doc;
    doc["format"] = "tumble-scene";
    doc["version"] = 1;
    doc["name"] = scene.name;
    doc["description"] = scene.description;
    doc["topic"] = scene.topic;
    if (!scene.lesson.empty()) doc["lesson"] = scene::lessonJson(scene.lesson);
    if (!scene.breakIt.empty()) doc["breakIt"] = scene::lessonActionJson(scene.breakIt);
    if (!scene.fixIt.empty()) doc["fixIt"] = scene::lessonActionJson(scene.fixIt);
    doc["settings"] = scene::ordered(settingsToJson(world.settings()));
    Json materials = Json::array();
    for (const Material& m : world.materials())
        materials.push_back({{"name", m.name},
                             {"density", number(m.density)},
                             {"restitution", number(m.restitution)},
                             {"staticFriction", number(m.staticFriction)},
                             {"dynamicFriction", number(m.dynamicFriction)},
                             {"rollingResistance", number(m.rollingResistance)},
                             {"torsionalFriction", number(m.torsionalFriction)},
                             {"color", vec3(m.color)}});
    doc["materials"] = std::move(materials);
    Json pairs = Json::array();
    for (const MaterialPair& p : world.materialPairs())
        pairs.push_back({{"a", p.a},
                         {"b", p.b},
                         {"restitution", number(p.restitution)},
                         {"staticFriction", number(p.staticFriction)},
                         {"dynamicFriction", number(p.dynamicFriction)},
                         {"rollingResistance", number(p.rollingResistance)},
                         {"torsionalFriction", number(p.torsionalFriction)}});
    doc["materialPairs"] = std::move(pairs);
    Json bodies = Json::array();
    for (size_t k = 0; k < ids.size(); ++k)
        bodies.push_back(scene::bodyJson(world, world.body(ids[k]), names[k],
                                         matches ? &scene.bodies[k] : nullptr));
    doc["bodies"] = std::move(bodies);
    Json joints = Json::array();
    for (JointId jid : world.jointIds()) joints.push_back(scene::jointJson(world, world.joint(jid), names));
    doc["joints"] = std::move(joints);
    Json fields = Json::array();
    for (const ForceField& f : world.forceFields())
        fields.push_back({{"type", "attractor"},
                          {"position", vec3(f.position)},
                          {"strength", number(f.strength)},
                          {"radius", number(f.radius)}});
    doc["forceFields"] = std::move(fields);
    doc["camera"] = {{"target", vec3(scene.camera.target)},
                     {"distance", number(scene.camera.distance)},
                     {"yawDeg", number(scene.camera.yawDeg)},
                     {"pitchDeg", number(scene.camera.pitchDeg)}};
    doc["debugDraw"] = scene::ordered(debugDrawToJson(scene.debugDraw));
    doc["state"] = scene::stateJson(world.captureState());
    Json list = Json::array();
    if (forks != nullptr) {
        for (size_t i = 0; i < forks->size(); ++i) {
            const Fork& f = (*forks)[i];
            Json fork = Json::object();
            if (!f.name.empty()) fork["name"] = f.name;
            fork["set"] = f.changes;
            // Hidden forks are at another step than the main world: they are saved as they are.
            fork["state"] = scene::stateJson(f.world.captureState());
            list.push_back(std::move(fork));
        }
    }
    if (bulletFork) list.push_back({{"engine", "bullet"}}); // no state: split off again on load
    if (!list.empty()) doc["forks"] = std::move(list);
    return doc.dump(1) + "\n";
}

SceneLoadResult sceneOfWorld(const SceneDef& scene, const World& world) {
    // The text is the program's own, not a user's: a large world may pass a file's caps.
    SceneLimits limits;
    limits.maxFileBytes = size_t{1} << 30;
    limits.maxBodies = std::numeric_limits<int>::max();
    limits.maxJoints = std::numeric_limits<int>::max();
    limits.maxMaterials = std::numeric_limits<int>::max();
    return parseScene(writeSnapshot(scene, world), scene.name + " (edited)", limits);
}

} // namespace tumble
