// Joints of scene files: every key of shared/SCENE_FORMAT.md's `joints` entries. The type
// decides which keys apply; a key of another type is an error that says which types take
// it. Angles are radians, or degrees in the keys ending in `Deg`.
#include "scene/joint_reader.h"

#include <glm/gtc/constants.hpp>

#include <algorithm>
#include <map>

namespace tumble::scene {
namespace {

constexpr std::string_view kJointTypeNames[] = {"distance", "ballSocket", "hinge",  "slider", "fixed",
                                                "coneTwist", "angle",    "universal", "sixDof", "gear"};
constexpr JointType kJointTypes[] = {JointType::Distance,  JointType::BallSocket, JointType::Hinge,
                                     JointType::Slider,    JointType::Fixed,      JointType::ConeTwist,
                                     JointType::Angle,     JointType::Universal,  JointType::SixDof,
                                     JointType::Gear};
static_assert(std::size(kJointTypes) == size_t(JointType::Count));

using TypeMask = unsigned;
// Spring and motor values a float step can carry: a 1e30 Hz spring or a 1e30 N motor
// loads and turns every body it touches non-finite at the first step.
/// Spring frequency, Hz: as stiff as settings' jointHertz allows.
const Range kSpringHertzRange = Range::openClosed(0.0, 1000.0);
const Range kDampingRatioRange = Range::closed(0.0, 1000.0);
/// Motor target speed, rad/s (hinge) or m/s (slider).
const Range kMotorSpeedRange = Range::closed(-1e4, 1e4);
/// Motor torque (N m) or force (N).
const Range kMotorForceRange = Range::closed(0.0, 1e9);

constexpr TypeMask bit(JointType t) { return 1u << unsigned(t); }
constexpr TypeMask kAllTypes = (1u << unsigned(JointType::Count)) - 1u;
constexpr TypeMask kDistance = bit(JointType::Distance);
constexpr TypeMask kHinge = bit(JointType::Hinge);
constexpr TypeMask kSlider = bit(JointType::Slider);
constexpr TypeMask kConeTwist = bit(JointType::ConeTwist);
constexpr TypeMask kAngle = bit(JointType::Angle);
constexpr TypeMask kUniversal = bit(JointType::Universal);
constexpr TypeMask kSixDof = bit(JointType::SixDof);
constexpr TypeMask kGear = bit(JointType::Gear);
constexpr TypeMask kAxisTypes = kHinge | kSlider | kConeTwist | kUniversal | kSixDof;
/// A gear joins the wheels of its hinges; an angle joint has no point to anchor.
constexpr TypeMask kBodyTypes = kAllTypes & ~kGear;
constexpr TypeMask kAnchorTypes = kBodyTypes & ~kAngle;

constexpr double kPi = glm::pi<double>();

/// "hinge, slider" for a mask.
std::string typeList(TypeMask mask) {
    std::string list;
    for (size_t i = 0; i < std::size(kJointTypes); ++i)
        if (mask & bit(kJointTypes[i])) list += (list.empty() ? "" : ", ") + std::string(kJointTypeNames[i]);
    return list;
}

/// [lower, upper], each in `range`, lower <= upper; stored multiplied by `toStored`
/// (degrees to radians for the *Deg keys).
bool readInterval(const Json& v, const std::string& path, Checker& check, float& lower,
                  float& upper, const Range& range, float toStored = 1.0f) {
    if (!v.is_array() || v.size() != 2) {
        check.error(path, "must be an array of 2 numbers [lower, upper], got " + describe(v));
        return false;
    }
    float lo = 0.0f, hi = 0.0f;
    bool ok = readFloat(v[0], indexPath(path, 0), check, lo, range);
    ok &= readFloat(v[1], indexPath(path, 1), check, hi, range);
    if (!ok) return false;
    if (lo > hi) {
        check.error(path, "lower must be <= upper, got " + describe(v));
        return false;
    }
    lower = lo * toStored;
    upper = hi * toStored;
    return true;
}

/// The angle ranges: a twist is measured in (-pi, pi].
Range angleRange(bool degrees) {
    return degrees ? Range::closed(-180.0, 180.0) : Range::closed(-kPi, kPi);
}

/// A hinge counts turns (its angle accumulates), so its limits may lie beyond +-pi; a
/// thousand turns either way is more than a float angle resolves to a degree.
Range hingeRange(bool degrees) {
    return degrees ? Range::closed(-360000.0, 360000.0) : Range::closed(-2000.0 * kPi, 2000.0 * kPi);
}

const std::string_view kAxisModeNames[] = {"locked", "free", "limited"};

constexpr float kDegToRad = glm::pi<float>() / 180.0f;

/// One joint's keys, in the order of the README's table.
class JointKeys {
public:
    JointKeys(JointDraft& d, Checker& check) : d_(d), def_(d.joint.def), check_(check) {}

    std::vector<Field> fields() {
        return {
            field("type", kAllTypes, [](const Json&, const std::string&) {}),
            field("name", kAllTypes,
                  [this](const Json& j, const std::string& p) { readString(j, p, check_, def_.name); }),
            field("bodyA", kBodyTypes, [this](const Json& j, const std::string& p) { readBodyA(j, p); }),
            field("bodyB", kBodyTypes, [this](const Json& j, const std::string& p) { readBodyB(j, p); }),
            field("anchor", kAnchorTypes,
                  [this](const Json& j, const std::string& p) {
                      d_.hasAnchor = readVec3(j, p, check_, def_.anchor);
                  }),
            field("anchorB", kDistance,
                  [this](const Json& j, const std::string& p) {
                      d_.hasAnchorB = readVec3(j, p, check_, def_.anchorB);
                  }),
            field("axis", kAxisTypes,
                  [this](const Json& j, const std::string& p) { readAxis(j, p, def_.axis); }),
            field("axisB", kUniversal,
                  [this](const Json& j, const std::string& p) { readAxis(j, p, def_.axisB); }),
            field("linear", kSixDof, [this](const Json& j, const std::string& p) { readAxes(j, p, 0); }),
            field("angular", kSixDof, [this](const Json& j, const std::string& p) { readAxes(j, p, 3); }),
            field("hingeA", kGear,
                  [this](const Json& j, const std::string& p) { readJointName(j, p, d_.joint.hingeA); }),
            field("hingeB", kGear,
                  [this](const Json& j, const std::string& p) { readJointName(j, p, d_.joint.hingeB); }),
            field("ratio", kGear,
                  [this](const Json& j, const std::string& p) {
                      if (readFloat(j, p, check_, def_.ratio, Range::closed(-1e4, 1e4)) && def_.ratio == 0.0f)
                          check_.error(p, "must not be 0 (a gear of ratio 0 couples nothing)");
                  }),
            field("length", kDistance,
                  [this](const Json& j, const std::string& p) {
                      d_.hasLength = readFloat(j, p, check_, def_.length, Range::atLeast(0.0));
                  }),
            field("minLength", kDistance,
                  [this](const Json& j, const std::string& p) {
                      d_.isRope = true;
                      d_.hasMinLength = readFloat(j, p, check_, def_.minLength, Range::atLeast(0.0));
                  }),
            field("maxLength", kDistance,
                  [this](const Json& j, const std::string& p) {
                      d_.isRope = true;
                      d_.hasMaxLength = readFloat(j, p, check_, def_.maxLength, Range::above(0.0));
                  }),
            field("spring", kDistance | kAngle, [this](const Json& j, const std::string& p) { readSpring(j, p); }),
            field("limits", kHinge | kSlider,
                  [this](const Json& j, const std::string& p) {
                      hasLimits_ = true;
                      Range range = def_.type == JointType::Hinge ? hingeRange(false) : Range::any();
                      def_.limitEnabled =
                          readInterval(j, p, check_, def_.lowerLimit, def_.upperLimit, range);
                  }),
            field("limitsDeg", kHinge,
                  [this](const Json& j, const std::string& p) {
                      hasLimitsDeg_ = true;
                      def_.limitEnabled = readInterval(j, p, check_, def_.lowerLimit, def_.upperLimit,
                                                       hingeRange(true), kDegToRad);
                  }),
            field("motor", kHinge | kSlider, [this](const Json& j, const std::string& p) { readMotor(j, p); }),
            field("swing", kConeTwist,
                  [this](const Json& j, const std::string& p) {
                      hasSwing_ = true;
                      readFloat(j, p, check_, def_.swingLimit, Range::closed(0.0, kPi));
                  }),
            field("swingDeg", kConeTwist,
                  [this](const Json& j, const std::string& p) {
                      hasSwingDeg_ = true;
                      float degrees = 0.0f;
                      if (readFloat(j, p, check_, degrees, Range::closed(0.0, 180.0)))
                          def_.swingLimit = degrees * kDegToRad;
                  }),
            field("twist", kConeTwist,
                  [this](const Json& j, const std::string& p) {
                      hasTwist_ = true;
                      readInterval(j, p, check_, def_.twistLower, def_.twistUpper, angleRange(false));
                  }),
            field("twistDeg", kConeTwist,
                  [this](const Json& j, const std::string& p) {
                      hasTwistDeg_ = true;
                      readInterval(j, p, check_, def_.twistLower, def_.twistUpper, angleRange(true),
                                   kDegToRad);
                  }),
            field("collideConnected", kAllTypes,
                  [this](const Json& j, const std::string& p) {
                      readBool(j, p, check_, def_.collideConnected);
                  }),
            field("breakForce", kAllTypes,
                  [this](const Json& j, const std::string& p) {
                      readFloat(j, p, check_, def_.breakForce, Range::atLeast(0.0));
                  }),
        };
    }

    /// Checks that span several keys.
    void finish(const Json& v, const std::string& path) {
        if (def_.type == JointType::Gear) requireKeys(v, path, check_, {"hingeA", "hingeB"});
        else requireKeys(v, path, check_, {"bodyB"});
        if (def_.type == JointType::Universal &&
            std::fabs(glm::dot(def_.axis, def_.axisB)) > 1e-3f)
            check_.error(childPath(path, "axisB"),
                         "must be perpendicular to axis (the arms of the cross), got axis . axisB = " +
                             formatNumber(glm::dot(def_.axis, def_.axisB)));
        auto eitherOr = [&](bool a, bool b, const char* key, const char* other) {
            if (a && b)
                check_.error(childPath(path, key),
                             std::string("give either ") + other + " or " + key + ", not both");
        };
        eitherOr(hasLimits_, hasLimitsDeg_, "limitsDeg", "limits");
        eitherOr(hasSwing_, hasSwingDeg_, "swingDeg", "swing");
        eitherOr(hasTwist_, hasTwistDeg_, "twistDeg", "twist");
        if (hasSpring_ && d_.isRope)
            check_.error(childPath(path, "spring"),
                         "give either spring or minLength / maxLength (a rope), not both");
    }

private:
    /// A field that only the types in `types` take.
    Field field(std::string_view key, TypeMask types,
                std::function<void(const Json&, const std::string&)> read) {
        return {key, [this, types, read = std::move(read)](const Json& j, const std::string& p) {
                    if (types & bit(def_.type)) return read(j, p);
                    const std::string type(toString(def_.type));
                    const bool vowel = std::string_view("aeiou").find(type[0]) != std::string_view::npos;
                    check_.error(p, std::string("does not apply to ") + (vowel ? "an " : "a ") + type +
                                        " joint (only to " + typeList(types) + ")");
                }};
    }

    void readBodyA(const Json& j, const std::string& p) {
        if (j.is_null()) {
            d_.joint.bodyA.clear();
            return;
        }
        if (!j.is_string() || j.get_ref<const std::string&>().empty()) {
            check_.error(p, "must name a body, or be null for the world, got " + describe(j));
            return;
        }
        d_.joint.bodyA = j.get<std::string>();
    }

    void readBodyB(const Json& j, const std::string& p) {
        if (!j.is_string() || j.get_ref<const std::string&>().empty()) {
            check_.error(p, "must name a body, got " + describe(j));
            return;
        }
        d_.joint.bodyB = j.get<std::string>();
    }

    void readAxis(const Json& j, const std::string& p, glm::vec3& out) {
        glm::vec3 axis(0.0f);
        if (!readVec3(j, p, check_, axis)) return;
        if (!(glm::length(glm::dvec3(axis)) > 1e-6)) {
            check_.error(p, "must not be zero, got " + describe(j));
            return;
        }
        out = glm::vec3(glm::normalize(glm::dvec3(axis)));
    }

    void readJointName(const Json& j, const std::string& p, std::string& out) {
        if (!j.is_string() || j.get_ref<const std::string&>().empty()) {
            check_.error(p, "must name a hinge joint listed before this one, got " + describe(j));
            return;
        }
        out = j.get<std::string>();
    }

    /// A six-DOF joint's "linear" or "angular": three axes (x, y, z of its frame) from `first`.
    void readAxes(const Json& j, const std::string& p, size_t first) {
        if (!j.is_array() || j.size() != 3) {
            check_.error(p, "must be an array of 3 axes (x, y, z), each {\"mode\": \"locked\" | \"free\" | "
                            "\"limited\", ...}, got " + describe(j));
            return;
        }
        for (size_t i = 0; i < 3; ++i) readAxisDef(j[i], indexPath(p, i), first == 3, def_.axes[first + i]);
    }

    void readAxisDef(const Json& j, const std::string& p, bool angular, JointAxisDef& axis) {
        bool hasLimits = false, hasMotor = false, hasSpring = false;
        const std::string_view forceKey = angular ? "maxTorque" : "maxForce";
        const Range limitRange = angular ? angleRange(false) : Range::any();
        const Field fields[] = {
            {"mode", [&](const Json& x, const std::string& xp) {
                 if (std::optional<size_t> m = readChoice(x, xp, check_, kAxisModeNames))
                     axis.mode = static_cast<JointAxisMode>(*m);
             }},
            {"limits", [&](const Json& x, const std::string& xp) {
                 hasLimits = readInterval(x, xp, check_, axis.lower, axis.upper, limitRange);
             }},
            {"motor", [&](const Json& x, const std::string& xp) {
                 const Field motor[] = {
                     {"speed", [&](const Json& y, const std::string& yp) {
                          readFloat(y, yp, check_, axis.motorSpeed, kMotorSpeedRange);
                      }},
                     {forceKey, [&](const Json& y, const std::string& yp) {
                          readFloat(y, yp, check_, axis.maxMotorForce, kMotorForceRange);
                      }},
                 };
                 hasMotor = true;
                 if (!readObject(x, xp, check_, motor)) return;
                 requireKeys(x, xp, check_, {forceKey});
                 axis.motorEnabled = true;
             }},
            {"spring", [&](const Json& x, const std::string& xp) {
                 const Field spring[] = {
                     {"frequencyHz", [&](const Json& y, const std::string& yp) {
                          readFloat(y, yp, check_, axis.frequencyHz, kSpringHertzRange);
                      }},
                     {"dampingRatio", [&](const Json& y, const std::string& yp) {
                          readFloat(y, yp, check_, axis.dampingRatio, kDampingRatioRange);
                      }},
                     {"target", [&](const Json& y, const std::string& yp) {
                          readFloat(y, yp, check_, axis.springTarget, limitRange);
                      }},
                 };
                 hasSpring = true;
                 if (!readObject(x, xp, check_, spring)) return;
                 requireKeys(x, xp, check_, {"frequencyHz"});
             }},
        };
        if (!readObject(j, p, check_, fields)) return;
        requireKeys(j, p, check_, {"mode"});
        if (axis.mode == JointAxisMode::Limited && !hasLimits && !j.contains("limits"))
            check_.error(p, "a limited axis needs \"limits\": [lower, upper]");
        if (axis.mode != JointAxisMode::Limited && j.contains("limits"))
            check_.error(childPath(p, "limits"), "applies only to mode \"limited\"");
        if (axis.mode == JointAxisMode::Locked && (hasMotor || hasSpring))
            check_.error(childPath(p, hasMotor ? "motor" : "spring"),
                         "a locked axis takes no motor or spring (make it \"free\" or \"limited\")");
    }

    void readSpring(const Json& j, const std::string& p) {
        hasSpring_ = true;
        float frequencyHz = 0.0f;
        const Field fields[] = {
            {"frequencyHz", [&](const Json& x, const std::string& xp) {
                 readFloat(x, xp, check_, frequencyHz, kSpringHertzRange);
             }},
            {"dampingRatio", [&](const Json& x, const std::string& xp) {
                 readFloat(x, xp, check_, def_.dampingRatio, kDampingRatioRange);
             }},
        };
        if (!readObject(j, p, check_, fields)) return;
        requireKeys(j, p, check_, {"frequencyHz"});
        def_.frequencyHz = frequencyHz;
    }

    /// A hinge's motor gives its torque in N m, a slider's its force in N.
    void readMotor(const Json& j, const std::string& p) {
        const bool hinge = def_.type == JointType::Hinge;
        const std::string_view limitKey = hinge ? "maxTorque" : "maxForce";
        const Field fields[] = {
            {"speed", [&](const Json& x, const std::string& xp) {
                 readFloat(x, xp, check_, def_.motorSpeed, kMotorSpeedRange);
             }},
            {limitKey, [&](const Json& x, const std::string& xp) {
                 readFloat(x, xp, check_, def_.maxMotorForce, kMotorForceRange);
             }},
        };
        size_t errorsBefore = check_.count();
        if (!readObject(j, p, check_, fields)) return;
        requireKeys(j, p, check_, {limitKey});
        def_.motorEnabled = check_.count() == errorsBefore;
    }

    JointDraft& d_;
    JointDef& def_;
    Checker& check_;
    bool hasLimits_ = false, hasLimitsDeg_ = false;
    bool hasSwing_ = false, hasSwingDeg_ = false;
    bool hasTwist_ = false, hasTwistDeg_ = false;
    bool hasSpring_ = false;
};

/// Where a joint's error about `key` is reported: the key's path for a listed joint, the
/// generator itself for a generated one.
std::string keyPath(const JointDraft& d, std::string_view key) {
    return d.generated ? d.path : childPath(d.path, key);
}

/// A gear's hinges: joints listed before it, hinges, each turning its bodyB against the
/// world or a static body (World::createJoint's rule), two different wheels.
bool resolveGear(const JointDraft& d, const std::map<std::string, SceneJointDef>& resolved,
                 const std::vector<BodyDef>& bodies, const std::map<std::string, size_t>& byName,
                 Checker& check) {
    const std::string* names[2] = {&d.joint.hingeA, &d.joint.hingeB};
    const SceneJointDef* hinges[2] = {nullptr, nullptr};
    bool ok = true;
    for (int k = 0; k < 2; ++k) {
        const std::string key = k == 0 ? "hingeA" : "hingeB";
        auto it = resolved.find(*names[k]);
        if (it == resolved.end()) {
            check.error(keyPath(d, key), "no joint named '" + *names[k] + "' listed before this gear");
            ok = false;
            continue;
        }
        const SceneJointDef& h = it->second;
        if (h.def.type != JointType::Hinge) {
            check.error(keyPath(d, key), "'" + *names[k] + "' is a " + std::string(toString(h.def.type)) +
                                             " joint; a gear couples two hinges");
            ok = false;
            continue;
        }
        auto a = byName.find(h.bodyA);
        if (!h.bodyA.empty() && (a == byName.end() || bodies[a->second].type != BodyType::Static)) {
            check.error(keyPath(d, key), "hinge '" + *names[k] + "' must join its bodyB to the world or "
                                             "to a static body (its bodyA '" + h.bodyA + "' moves)");
            ok = false;
            continue;
        }
        hinges[k] = &h;
    }
    if (ok && hinges[0]->bodyB == hinges[1]->bodyB) {
        check.error(keyPath(d, "hingeB"), "turns the same body as hingeA ('" + hinges[0]->bodyB + "')");
        ok = false;
    }
    return ok;
}

} // namespace

bool MissingBodies::covers(const std::string& name) const {
    if (names.count(name)) return true;
    return std::any_of(prefixes.begin(), prefixes.end(),
                       [&](const std::string& p) { return name.rfind(p, 0) == 0; });
}

JointDraft generatedJoint(SceneJointDef joint, const std::string& generatorPath) {
    JointDraft d;
    d.joint = std::move(joint);
    d.path = generatorPath;
    d.generated = true;
    d.hasAnchor = true;
    d.hasAnchorB = d.joint.def.hasAnchorB;
    d.hasLength = d.joint.def.length >= 0.0f;
    d.isRope = d.joint.def.maxLength > 0.0f;
    d.hasMinLength = d.hasMaxLength = d.isRope;
    return d;
}

bool readJoint(const Json& v, const std::string& path, Checker& check, JointDraft& out) {
    if (!v.is_object()) {
        check.error(path, "must be an object such as {\"type\": \"hinge\", \"bodyB\": \"door\", ...}, got " +
                              describe(v));
        return false;
    }
    const size_t errorsBefore = check.count();
    JointDraft d;
    d.path = path;
    auto typeIt = v.find("type");
    if (typeIt != v.end()) {
        // The type decides which other keys apply: without it, stop here.
        std::optional<size_t> type = readChoice(*typeIt, childPath(path, "type"), check, kJointTypeNames);
        if (!type) return false;
        d.joint.def.type = kJointTypes[*type];
    }
    JointKeys keys(d, check);
    const std::vector<Field> fields = keys.fields();
    readObject(v, path, check, fields);
    keys.finish(v, path);
    if (check.count() != errorsBefore) return false;
    out = std::move(d);
    return true;
}

void resolveJoints(const std::vector<JointDraft>& drafts, const std::vector<BodyDef>& bodies,
                   const MissingBodies& missing, Checker& check, std::vector<SceneJointDef>& out) {
    std::map<std::string, size_t> byName; // the first body of each name (duplicates are reported elsewhere)
    for (size_t i = 0; i < bodies.size(); ++i)
        if (!bodies[i].name.empty()) byName.emplace(bodies[i].name, i);
    std::map<std::string, std::string> jointNames; // name -> where first used
    std::map<std::string, SceneJointDef> resolved;  // the valid joints so far, by name

    for (const JointDraft& d : drafts) {
        const size_t errorsBefore = check.count();
        SceneJointDef joint = d.joint;
        JointDef& def = joint.def;
        if (def.type == JointType::Gear) {
            if (!def.name.empty() && !jointNames.emplace(def.name, keyPath(d, "name")).second)
                check.error(keyPath(d, "name"), "duplicate joint name '" + def.name + "'");
            if (resolveGear(d, resolved, bodies, byName, check) && check.count() == errorsBefore)
                out.push_back(std::move(joint));
            continue;
        }

        if (joint.bodyA == joint.bodyB) {
            check.error(keyPath(d, "bodyB"),
                        "joins body '" + joint.bodyB + "' to itself (bodyA and bodyB must differ)");
            continue;
        }
        // Bodies by name; a body that failed to load has its own error already.
        auto find = [&](const std::string& name, std::string_view key) -> const BodyDef* {
            auto it = byName.find(name);
            if (it != byName.end()) return &bodies[it->second];
            if (!missing.covers(name))
                check.error(keyPath(d, key), "no body named '" + name + "'");
            return nullptr;
        };
        const BodyDef* bodyB = find(joint.bodyB, "bodyB");
        const BodyDef* bodyA = joint.bodyA.empty() ? nullptr : find(joint.bodyA, "bodyA");
        if (!def.name.empty()) {
            auto [first, inserted] = jointNames.emplace(def.name, keyPath(d, "name"));
            if (!inserted)
                check.error(keyPath(d, "name"), "duplicate joint name '" + def.name +
                                                    "' (first used at " + first->second + ")");
        }
        if (!bodyB || (!joint.bodyA.empty() && !bodyA)) continue;

        // Anchors: a distance joint joins the two centres unless told otherwise; the other
        // types join at bodyB's centre.
        if (def.type == JointType::Distance) {
            if (!d.hasAnchor) {
                if (!bodyA) {
                    check.error(d.path, "a distance joint to the world needs 'anchor' (the world point)");
                    continue;
                }
                def.anchor = bodyA->position;
            }
            def.anchorB = d.hasAnchorB ? def.anchorB : bodyB->position;
            def.hasAnchorB = true;
            const float span = glm::length(def.anchorB - def.anchor);
            if (!d.hasLength) def.length = span;
            if (d.isRope) {
                if (!d.hasMinLength) def.minLength = 0.0f;
                if (!d.hasMaxLength) def.maxLength = def.length;
                if (!(def.maxLength > 0.0f))
                    check.error(keyPath(d, "maxLength"),
                                "a rope needs maxLength > 0, but anchor and anchorB coincide");
                else if (def.minLength > def.maxLength)
                    check.error(keyPath(d, "minLength"),
                                "must be <= maxLength (" + formatNumber(def.maxLength) + "), got " +
                                    formatNumber(def.minLength));
            } else if (def.frequencyHz <= 0.0f && !(def.length > 0.0f)) {
                check.error(keyPath(d, "length"),
                            "a rigid distance joint needs length > 0 (anchor and anchorB coincide: "
                            "use a ballSocket joint, or give a length)");
            }
        } else if (!d.hasAnchor) {
            def.anchor = bodyB->position;
        }
        if (check.count() == errorsBefore) {
            if (!def.name.empty()) resolved.emplace(def.name, joint);
            out.push_back(std::move(joint));
        }
    }
}

} // namespace tumble::scene
