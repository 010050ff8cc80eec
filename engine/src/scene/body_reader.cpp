// Bodies and shapes of scene files: every key of shared/SCENE_FORMAT.md's `bodies` entries,
// checked so that World::createBody cannot fail on what passes here.
#include "scene/body_reader.h"

#include "scene/mesh_reader.h"

#include <algorithm>
#include <glm/gtc/constants.hpp>

namespace tumble::scene {
namespace {

constexpr std::string_view kBodyTypeNames[] = {"static", "dynamic", "kinematic"};
constexpr BodyType kBodyTypes[] = {BodyType::Static, BodyType::Dynamic, BodyType::Kinematic};

constexpr std::string_view kShapeTypeNames[] = {"sphere", "box",   "capsule", "cylinder",
                                                "hull",   "plane", "compound", "mesh",    "heightfield"};
constexpr ShapeType kShapeTypes[] = {ShapeType::Sphere, ShapeType::Box,      ShapeType::Capsule, ShapeType::Cylinder,
                                     ShapeType::Hull,   ShapeType::Plane,    ShapeType::Compound, ShapeType::Mesh,
                                     ShapeType::HeightField};

void readHullPoints(const Json& v, const std::string& path, const BodyContext& ctx,
                    ShapeDef& shape, bool& ok) {
    Checker& check = ctx.check;
    if (!checkArrayWithin(v, path, check, "[x, y, z]", "points", static_cast<size_t>(ctx.limits.maxHullPoints))) {
        ok = false;
        return;
    }
    if (v.size() < 4) {
        check.error(path, "a hull needs at least 4 points, got " + std::to_string(v.size()));
        ok = false;
        return;
    }
    std::vector<glm::vec3> points(v.size());
    bool pointsOk = true;
    for (size_t i = 0; i < v.size(); ++i)
        pointsOk &= readVec3(v[i], indexPath(path, i), check, points[i], kHullCoordinateRange);
    if (!pointsOk) {
        ok = false;
        return;
    }
    std::string hullError;
    if (!buildConvexHull(points, hullError)) {
        check.error(path, "cannot build a convex hull: " + hullError);
        ok = false;
        return;
    }
    shape.points = std::move(points);
}

/// One child of a compound: its shape (a convex solid) and its pose in the body's frame.
bool readCompoundChild(const Json& v, const std::string& path, const BodyContext& ctx, CompoundChildDef& out) {
    Checker& check = ctx.check;
    const size_t errorsBefore = check.count();
    CompoundChildDef child;
    bool hasOrientation = false, hasRotationDeg = false, shapeValid = false;
    const Field fields[] = {
        {"shape", [&](const Json& j, const std::string& p) { shapeValid = readShape(j, p, ctx, child.shape); }},
        {"position", [&](const Json& j, const std::string& p) { readVec3(j, p, check, child.position); }},
        {"orientation", [&](const Json& j, const std::string& p) {
             hasOrientation = true;
             readQuat(j, p, check, child.orientation);
         }},
        {"rotationDeg", [&](const Json& j, const std::string& p) {
             hasRotationDeg = true;
             glm::vec3 degrees(0.0f);
             if (readVec3(j, p, check, degrees)) child.orientation = quatFromEulerDeg(degrees);
         }},
    };
    if (!readObject(v, path, check, fields)) return false;
    requireKeys(v, path, check, {"shape"});
    if (hasOrientation && hasRotationDeg)
        check.error(childPath(path, "rotationDeg"), "give either orientation or rotationDeg, not both");
    if (shapeValid && !isCompoundChildType(child.shape.type))
        check.error(childPath(path, "shape.type"),
                    "a compound's child must be a sphere, box, capsule, cylinder or hull, got " +
                        std::string(toString(child.shape.type)));
    if (check.count() != errorsBefore) return false;
    out = std::move(child);
    return true;
}

void readCompoundChildren(const Json& v, const std::string& path, const BodyContext& ctx, ShapeDef& shape,
                          bool& ok) {
    Checker& check = ctx.check;
    if (!v.is_array() || v.empty() || v.size() > static_cast<size_t>(kMaxCompoundChildren)) {
        check.error(path, "must be an array of 1 to " + std::to_string(kMaxCompoundChildren) +
                              " children such as {\"shape\": {\"type\": \"box\"}, \"position\": [0, 0, 0]}, got " +
                              (v.is_array() ? std::to_string(v.size()) + " children" : describe(v)));
        ok = false;
        return;
    }
    std::vector<CompoundChildDef> children(v.size());
    for (size_t i = 0; i < v.size(); ++i) ok &= readCompoundChild(v[i], indexPath(path, i), ctx, children[i]);
    if (ok) shape.children = std::move(children);
}

} // namespace

glm::quat quatFromEulerDeg(const glm::vec3& degrees) {
    glm::vec3 r = glm::radians(degrees);
    glm::quat qx = glm::angleAxis(r.x, glm::vec3(1.0f, 0.0f, 0.0f));
    glm::quat qy = glm::angleAxis(r.y, glm::vec3(0.0f, 1.0f, 0.0f));
    glm::quat qz = glm::angleAxis(r.z, glm::vec3(0.0f, 0.0f, 1.0f));
    return glm::normalize(qz * qy * qx);
}

bool readShape(const Json& v, const std::string& path, const BodyContext& ctx, ShapeDef& out) {
    Checker& check = ctx.check;
    if (!v.is_object()) {
        check.error(path, "must be an object such as {\"type\": \"sphere\", \"radius\": 0.5}, got " +
                              describe(v));
        return false;
    }
    ShapeDef shape;
    auto typeIt = v.find("type");
    if (typeIt != v.end()) {
        // The type decides which other keys are valid: without it, stop here.
        std::optional<size_t> type =
            readChoice(*typeIt, childPath(path, "type"), check, kShapeTypeNames);
        if (!type) return false;
        shape.type = kShapeTypes[*type];
        if (isMeshType(shape.type)) return readMeshShape(v, path, ctx, shape.type, out);
    }
    size_t errorsBefore = check.count();
    bool ok = true;
    auto track = [&ok](bool result) { ok &= result; };
    std::vector<Field> fields{{"type", [](const Json&, const std::string&) {}}};
    switch (shape.type) {
    case ShapeType::Sphere:
        fields.push_back({"radius", [&](const Json& j, const std::string& p) {
                              track(readFloat(j, p, check, shape.radius, kSizeRange));
                          }});
        break;
    case ShapeType::Box:
        fields.push_back({"halfExtents", [&](const Json& j, const std::string& p) {
                              track(readVec3OrScalar(j, p, check, shape.halfExtents, kSizeRange));
                          }});
        break;
    case ShapeType::Capsule:
        fields.push_back({"radius", [&](const Json& j, const std::string& p) {
                              track(readFloat(j, p, check, shape.radius, kSizeRange));
                          }});
        fields.push_back({"halfHeight", [&](const Json& j, const std::string& p) {
                              track(readFloat(j, p, check, shape.halfHeight, kHalfHeightRange));
                          }});
        break;
    case ShapeType::Cylinder:
        fields.push_back({"radius", [&](const Json& j, const std::string& p) {
                              track(readFloat(j, p, check, shape.radius, kSizeRange));
                          }});
        // Unlike a capsule's core, a cylinder cannot be flat: half its height is a size.
        fields.push_back({"halfHeight", [&](const Json& j, const std::string& p) {
                              track(readFloat(j, p, check, shape.halfHeight, kSizeRange));
                          }});
        break;
    case ShapeType::Hull:
        fields.push_back({"points", [&](const Json& j, const std::string& p) {
                              readHullPoints(j, p, ctx, shape, ok);
                          }});
        break;
    case ShapeType::Plane:
        fields.push_back({"normal", [&](const Json& j, const std::string& p) {
                              glm::vec3 n(0.0f);
                              if (!readVec3(j, p, check, n)) return track(false);
                              if (!(glm::length(glm::dvec3(n)) > 1e-6)) {
                                  check.error(p, "must not be zero, got " + describe(j));
                                  return track(false);
                              }
                              shape.normal = n;
                          }});
        fields.push_back({"offset", [&](const Json& j, const std::string& p) {
                              track(readFloat(j, p, check, shape.offset));
                          }});
        break;
    case ShapeType::Compound:
        fields.push_back({"children", [&](const Json& j, const std::string& p) {
                              readCompoundChildren(j, p, ctx, shape, ok);
                          }});
        break;
    case ShapeType::Mesh:
    case ShapeType::HeightField: // read above
    case ShapeType::Count:
        return false;
    }
    readObject(v, path, check, fields);
    if (shape.type == ShapeType::Hull) requireKeys(v, path, check, {"points"});
    if (shape.type == ShapeType::Compound) requireKeys(v, path, check, {"children"});
    if (!ok || check.count() != errorsBefore) return false;
    out = std::move(shape);
    return true;
}

void addBodyFields(std::vector<Field>& fields, BodyDef& def, BodyKeys& keys,
                   const BodyContext& ctx, bool named) {
    Checker& check = ctx.check;
    if (named) {
        fields.push_back({"name", [&](const Json& j, const std::string& p) {
                              readString(j, p, check, def.name);
                          }});
        fields.push_back({"position", [&](const Json& j, const std::string& p) {
                              readVec3(j, p, check, def.position);
                          }});
    }
    fields.push_back({"type", [&](const Json& j, const std::string& p) {
                          if (auto t = readChoice(j, p, check, kBodyTypeNames))
                              def.type = kBodyTypes[*t];
                      }});
    fields.push_back({"shape", [&](const Json& j, const std::string& p) {
                          keys.shapeValid = readShape(j, p, ctx, def.shape);
                      }});
    fields.push_back({"orientation", [&](const Json& j, const std::string& p) {
                          keys.hasOrientation = true;
                          readQuat(j, p, check, def.orientation);
                      }});
    fields.push_back({"rotationDeg", [&](const Json& j, const std::string& p) {
                          keys.hasRotationDeg = true;
                          glm::vec3 degrees(0.0f);
                          if (readVec3(j, p, check, degrees))
                              def.orientation = quatFromEulerDeg(degrees);
                      }});
    fields.push_back({"linearVelocity", [&](const Json& j, const std::string& p) {
                          readVec3(j, p, check, def.linearVelocity);
                      }});
    fields.push_back({"angularVelocity", [&](const Json& j, const std::string& p) {
                          readVec3(j, p, check, def.angularVelocity);
                      }});
    fields.push_back({"material", [&](const Json& j, const std::string& p) {
                          std::string name;
                          if (!readString(j, p, check, name)) return;
                          const auto& known = ctx.materialNames;
                          if (std::find(known.begin(), known.end(), name) != known.end()) {
                              def.material = name;
                              return;
                          }
                          std::string list;
                          for (const std::string& k : known) list += (list.empty() ? "" : ", ") + k;
                          check.error(p, "unknown material '" + name + "' (known: " + list + ")");
                      }});
    fields.push_back({"gravityScale", [&](const Json& j, const std::string& p) {
                          readFloat(j, p, check, def.gravityScale);
                      }});
    fields.push_back({"linearDamping", [&](const Json& j, const std::string& p) {
                          readFloat(j, p, check, def.linearDamping, Range::atLeast(0.0));
                      }});
    fields.push_back({"angularDamping", [&](const Json& j, const std::string& p) {
                          readFloat(j, p, check, def.angularDamping, Range::atLeast(0.0));
                      }});
    fields.push_back({"layer", [&](const Json& j, const std::string& p) {
                          readUint32(j, p, check, def.layer);
                      }});
    fields.push_back({"mask", [&](const Json& j, const std::string& p) {
                          readUint32(j, p, check, def.mask);
                      }});
    fields.push_back({"bullet", [&](const Json& j, const std::string& p) {
                          readBool(j, p, check, def.bullet);
                      }});
    fields.push_back({"sensor", [&](const Json& j, const std::string& p) {
                          readBool(j, p, check, def.sensor);
                      }});
}

bool finishBody(const BodyDef& def, const BodyKeys& keys, const BodyContext& ctx) {
    if (keys.hasOrientation && keys.hasRotationDeg)
        ctx.check.error(childPath(keys.path, "rotationDeg"),
                        "give either orientation or rotationDeg, not both");
    // Planes, meshes and height fields have no mass: nothing else could move them.
    if (keys.shapeValid && (def.shape.type == ShapeType::Plane || isMeshType(def.shape.type)) &&
        def.type != BodyType::Static)
        ctx.check.error(childPath(keys.path, "shape.type"),
                        "a " + std::string(toString(def.shape.type)) + " must be on a static body, but this body is " +
                            std::string(toString(def.type)));
    if (keys.shapeValid && def.bullet && def.shape.type == ShapeType::Compound)
        ctx.check.error(childPath(keys.path, "bullet"),
                        "a compound cannot be a bullet: continuous collision sweeps convex bodies only");
    return ctx.check.count() == keys.errorsBefore;
}

bool readBody(const Json& v, const std::string& path, const BodyContext& ctx, BodyDef& out) {
    BodyDef def;
    BodyKeys keys{path, false, false, true, ctx.check.count()};
    std::vector<Field> fields;
    addBodyFields(fields, def, keys, ctx, true);
    if (!readObject(v, path, ctx.check, fields)) return false;
    if (!finishBody(def, keys, ctx)) return false;
    out = std::move(def);
    return true;
}

} // namespace tumble::scene
