// The `state` section of snapshots: the step counter, every body's exact state, the contact
// cache and the joints' frames and impulses (tumble/snapshot.h).
#include "scene/state_reader.h"

#include <cmath>

namespace tumble::scene {
namespace {

/// [w, x, y, z] exactly as written: a snapshot's quaternion is already the engine's.
bool readRawQuat(const Json& v, const std::string& path, Checker& check, glm::quat& out) {
    if (!v.is_array() || v.size() != 4) {
        check.error(path, "must be a quaternion [w, x, y, z], got " + describe(v));
        return false;
    }
    float c[4];
    bool ok = true;
    for (size_t i = 0; i < 4; ++i) ok &= readFloat(v[i], indexPath(path, i), check, c[i]);
    if (!ok) return false;
    // Stored as is, so it must already be a rotation: a zero or scaled quaternion would
    // load and replay to another state instead of failing here. The engine keeps its
    // quaternions normalised, and %.9g text keeps the norm within float rounding.
    const double norm = std::sqrt(double(c[0]) * c[0] + double(c[1]) * c[1] +
                                  double(c[2]) * c[2] + double(c[3]) * c[3]);
    if (!(std::fabs(norm - 1.0) <= 1e-4)) {
        check.error(path, "must be a unit quaternion [w, x, y, z] (norm 1), got " + describe(v) +
                              " (norm " + formatNumber(norm) + ")");
        return false;
    }
    out = glm::quat(c[0], c[1], c[2], c[3]);
    return true;
}

bool readUint64(const Json& v, const std::string& path, Checker& check, uint64_t& out) {
    if (v.is_number_unsigned()) {
        out = v.get<uint64_t>();
        return true;
    }
    if (v.is_number_integer() && v.get<int64_t>() >= 0) {
        out = static_cast<uint64_t>(v.get<int64_t>());
        return true;
    }
    check.error(path, "must be an integer >= 0, got " + describe(v));
    return false;
}

template <class Each>
void readArray(const Json& v, const std::string& path, Checker& check, Each each) {
    if (!v.is_array()) {
        check.error(path, "must be an array, got " + describe(v));
        return;
    }
    for (size_t i = 0; i < v.size(); ++i) each(v[i], indexPath(path, i));
}

Field vec3Field(std::string_view key, Checker& check, glm::vec3& out) {
    return {key, [&check, &out](const Json& j, const std::string& p) { readVec3(j, p, check, out); }};
}
/// A joint's axis or reference direction: the engine keeps them unit length, and a zero or
/// scaled one would load and then drop out of the snapshot the world writes again.
Field unitVec3Field(std::string_view key, Checker& check, glm::vec3& out) {
    return {key, [&check, &out](const Json& j, const std::string& p) {
                if (!readVec3(j, p, check, out)) return;
                const double norm = std::sqrt(double(out.x) * out.x + double(out.y) * out.y +
                                              double(out.z) * out.z);
                if (!(std::fabs(norm - 1.0) <= 1e-4))
                    check.error(p, "must be a unit vector (length 1), got " + describe(j) +
                                       " (length " + formatNumber(norm) + ")");
            }};
}
Field quatField(std::string_view key, Checker& check, glm::quat& out) {
    return {key, [&check, &out](const Json& j, const std::string& p) { readRawQuat(j, p, check, out); }};
}
Field floatField(std::string_view key, Checker& check, float& out, const Range& range = Range::any()) {
    return {key, [&check, &out, range](const Json& j, const std::string& p) {
                readFloat(j, p, check, out, range);
            }};
}
Field boolField(std::string_view key, Checker& check, bool& out) {
    return {key, [&check, &out](const Json& j, const std::string& p) { readBool(j, p, check, out); }};
}
Field uintField(std::string_view key, Checker& check, uint32_t& out) {
    return {key, [&check, &out](const Json& j, const std::string& p) { readUint32(j, p, check, out); }};
}

void readBodyState(const Json& v, const std::string& path, Checker& check, BodyState& b) {
    const Field fields[] = {
        {"name", [&](const Json& j, const std::string& p) { readString(j, p, check, b.name); }},
        vec3Field("position", check, b.position),
        quatField("orientation", check, b.orientation),
        vec3Field("linearVelocity", check, b.linearVelocity),
        vec3Field("angularVelocity", check, b.angularVelocity),
        vec3Field("previousPosition", check, b.previousPosition),
        quatField("previousOrientation", check, b.previousOrientation),
        boolField("sleeping", check, b.sleeping),
        floatField("sleepTime", check, b.sleepTime, Range::atLeast(0.0)),
        uintField("sleepIsland", check, b.sleepIsland),
        {"proxy", [&](const Json& j, const std::string& p) {
             if (!j.is_array() || j.size() != 2) {
                 check.error(p, "must be [[min x, y, z], [max x, y, z]], got " + describe(j));
                 return;
             }
             bool ok = readVec3(j[0], indexPath(p, 0), check, b.proxyTight.min);
             ok &= readVec3(j[1], indexPath(p, 1), check, b.proxyTight.max);
             b.hasProxy = ok;
         }},
    };
    if (!readObject(v, path, check, fields)) return;
    requireKeys(v, path, check,
                {"position", "orientation", "linearVelocity", "angularVelocity", "previousPosition",
                 "previousOrientation", "sleeping", "sleepTime", "sleepIsland"});
}

void readPointState(const Json& v, const std::string& path, Checker& check, ContactPointInfo& q) {
    // Last step's clamp decides this step's stick/slip (solver/contact_solver.cpp): at the
    // friction bound is saved, apart is a normal impulse of 0 (finishContacts' order).
    bool atLimit = false;
    const Field fields[] = {
        vec3Field("position", check, q.position),
        floatField("separation", check, q.separation),
        uintField("featureId", check, q.featureId),
        vec3Field("localAnchorA", check, q.localAnchorA),
        vec3Field("localAnchorB", check, q.localAnchorB),
        floatField("normalImpulse", check, q.normalImpulse),
        {"tangentImpulse", [&](const Json& j, const std::string& p) {
             if (!j.is_array() || j.size() != 2) {
                 check.error(p, "must be [t1, t2], got " + describe(j));
                 return;
             }
             readFloat(j[0], indexPath(p, 0), check, q.tangentImpulse[0]);
             readFloat(j[1], indexPath(p, 1), check, q.tangentImpulse[1]);
         }},
        floatField("approachVelocity", check, q.approachVelocity),
        boolField("landing", check, q.landing),
        boolField("atFrictionLimit", check, atLimit),
        vec3Field("drift", check, q.drift),
    };
    if (!readObject(v, path, check, fields)) return;
    q.clamp = atLimit                  ? ClampState::FrictionLimit
              : q.normalImpulse <= 0.0f ? ClampState::Separating
                                        : ClampState::None;
    requireKeys(v, path, check, {"position", "featureId", "normalImpulse", "tangentImpulse"});
}

/// Both bodies of a pair named, by ordinal, the lower one first (the contact cache's order).
void checkPairOrder(const Json& v, const std::string& path, Checker& check, BodyId a, BodyId b) {
    requireKeys(v, path, check, {"bodyA", "bodyB"});
    if (a.index >= b.index && v.contains("bodyA") && v.contains("bodyB"))
        check.error(childPath(path, "bodyB"), "must be greater than bodyA (" +
                                                  std::to_string(a.index) + "), got " +
                                                  std::to_string(b.index));
}

void readContactState(const Json& v, const std::string& path, Checker& check,
                      ContactManifoldInfo& m) {
    const Field fields[] = {
        uintField("bodyA", check, m.bodyA.index),
        uintField("bodyB", check, m.bodyB.index),
        // Absent: 0, the only part of a plain shape.
        uintField("childA", check, m.childA),
        uintField("childB", check, m.childB),
        vec3Field("normal", check, m.normal),
        vec3Field("tangent1", check, m.tangent1),
        vec3Field("tangent2", check, m.tangent2),
        // Without these (a snapshot of an older Tumble) the pair is measured afresh next step.
        vec3Field("localNormalA", check, m.localNormalA),
        vec3Field("localNormalB", check, m.localNormalB),
        floatField("staticFriction", check, m.staticFriction, Range::atLeast(0.0)),
        floatField("dynamicFriction", check, m.dynamicFriction, Range::atLeast(0.0)),
        floatField("restitution", check, m.restitution, Range::closed(0.0, 1.0)),
        boolField("sleeping", check, m.sleeping), // absent: awake (shown as solved)
        {"points", [&](const Json& j, const std::string& p) {
             if (j.is_array() && j.size() > 4) {
                 check.error(p, "a manifold has at most 4 points, got " + std::to_string(j.size()));
                 return;
             }
             m.pointCount = 0;
             readArray(j, p, check, [&](const Json& e, const std::string& ep) {
                 readPointState(e, ep, check, m.points[m.pointCount++]);
             });
         }},
    };
    if (!readObject(v, path, check, fields)) return;
    checkPairOrder(v, path, check, m.bodyA, m.bodyB);
}

/// A sensor overlap of the last step: its pair, and what it measured (World::sensorOverlaps).
void readSensorOverlap(const Json& v, const std::string& path, Checker& check, PairTouch& t) {
    const Field fields[] = {
        uintField("bodyA", check, t.bodyA.index),
        uintField("bodyB", check, t.bodyB.index),
        {"pointCount", [&](const Json& j, const std::string& p) {
             readInt(j, p, check, t.pointCount, Range::closed(1, 4));
         }},
        floatField("deepest", check, t.deepest, Range::closed(-1e30, 0.0)),
    };
    if (!readObject(v, path, check, fields)) return;
    checkPairOrder(v, path, check, t.bodyA, t.bodyB);
}

void readJointState(const Json& v, const std::string& path, Checker& check, JointState& js) {
    const Field fields[] = {
        vec3Field("localAnchorA", check, js.localAnchorA),
        vec3Field("localAnchorB", check, js.localAnchorB),
        unitVec3Field("localAxisA", check, js.localAxisA),
        unitVec3Field("localAxisB", check, js.localAxisB),
        unitVec3Field("localRefA", check, js.localRefA),
        unitVec3Field("localRefB", check, js.localRefB),
        quatField("relativeRotation", check, js.relativeRotation),
        floatField("length", check, js.length, Range::atLeast(0.0)),
        floatField("angle", check, js.angle),
        boolField("broken", check, js.broken),
        {"impulses", [&](const Json& j, const std::string& p) {
             readArray(j, p, check, [&](const Json& e, const std::string& ep) {
                 float f = 0.0f;
                 readFloat(e, ep, check, f);
                 js.impulses.push_back(f);
             });
         }},
    };
    if (!readObject(v, path, check, fields)) return;
    requireKeys(v, path, check,
                {"localAnchorA", "localAnchorB", "localAxisA", "localAxisB", "localRefA",
                 "localRefB", "relativeRotation", "length", "impulses"});
}

} // namespace

bool readState(const Json& v, const std::string& path, Checker& check, WorldState& out) {
    size_t errorsBefore = check.count();
    const Field fields[] = {
        {"step", [&](const Json& j, const std::string& p) { readUint64(j, p, check, out.step); }},
        {"time", [&](const Json& j, const std::string& p) {
             if (!j.is_number() || !std::isfinite(j.get<double>()) || j.get<double>() < 0.0)
                 check.error(p, "must be a number >= 0 (s), got " + describe(j));
             else
                 out.time = j.get<double>();
         }},
        floatField("lastDt", check, out.lastDt, Range::atLeast(0.0)),
        {"bodies", [&](const Json& j, const std::string& p) {
             readArray(j, p, check, [&](const Json& e, const std::string& ep) {
                 readBodyState(e, ep, check, out.bodies.emplace_back());
             });
         }},
        {"contacts", [&](const Json& j, const std::string& p) {
             readArray(j, p, check, [&](const Json& e, const std::string& ep) {
                 readContactState(e, ep, check, out.contacts.emplace_back());
             });
         }},
        {"joints", [&](const Json& j, const std::string& p) {
             readArray(j, p, check, [&](const Json& e, const std::string& ep) {
                 readJointState(e, ep, check, out.joints.emplace_back());
             });
         }},
        {"sensorOverlaps", [&](const Json& j, const std::string& p) {
             readArray(j, p, check, [&](const Json& e, const std::string& ep) {
                 readSensorOverlap(e, ep, check, out.sensorOverlaps.emplace_back());
             });
         }},
    };
    if (!readObject(v, path, check, fields)) return false;
    requireKeys(v, path, check, {"step", "time", "bodies"});
    return check.count() == errorsBefore;
}

void checkStateAgainstScene(const WorldState& state, const std::string& path,
                            const std::vector<BodyDef>& bodies, size_t jointCount,
                            Checker& check) {
    const std::string bodiesPath = childPath(path, "bodies");
    if (state.bodies.size() != bodies.size()) {
        check.error(bodiesPath, "lists " + std::to_string(state.bodies.size()) +
                                    " bodies, the scene has " + std::to_string(bodies.size()));
        return;
    }
    for (size_t i = 0; i < bodies.size(); ++i) {
        const BodyState& b = state.bodies[i];
        if (!b.name.empty() && b.name != bodies[i].name)
            check.error(childPath(indexPath(bodiesPath, i), "name"),
                        "must be the name of bodies[" + std::to_string(i) + "] ('" +
                            bodies[i].name + "'), got '" + b.name + "'");
        if (b.sleepIsland >= bodies.size())
            check.error(childPath(indexPath(bodiesPath, i), "sleepIsland"),
                        "must be a body index < " + std::to_string(bodies.size()) + ", got " +
                            std::to_string(b.sleepIsland));
    }
    for (size_t i = 0; i < state.contacts.size(); ++i) {
        const ContactManifoldInfo& m = state.contacts[i];
        if (m.bodyB.index >= bodies.size())
            check.error(childPath(indexPath(childPath(path, "contacts"), i), "bodyB"),
                        "must be a body index < " + std::to_string(bodies.size()) + ", got " +
                            std::to_string(m.bodyB.index));
    }
    for (size_t i = 0; i < state.sensorOverlaps.size(); ++i) {
        const PairTouch& t = state.sensorOverlaps[i];
        if (t.bodyB.index >= bodies.size())
            check.error(childPath(indexPath(childPath(path, "sensorOverlaps"), i), "bodyB"),
                        "must be a body index < " + std::to_string(bodies.size()) + ", got " +
                            std::to_string(t.bodyB.index));
    }
    if (state.joints.size() != jointCount)
        check.error(childPath(path, "joints"), "lists " + std::to_string(state.joints.size()) +
                                                   " joints, the scene has " +
                                                   std::to_string(jointCount));
}

} // namespace tumble::scene
