#pragma once
/// \file body_reader.h
/// Readers of one body (`bodies[i]`) and of the body keys a generator shares with it.
#include "scene/json_check.h"

namespace tumble::scene {

/// What every body reader needs from the scene around it.
struct BodyContext {
    Checker& check;
    const std::vector<std::string>& materialNames; ///< presets and the scene's own materials
    const SceneLimits& limits;
};

/// Cross-key facts gathered while a body's keys are read, checked by finishBody().
struct BodyKeys {
    std::string path;                 ///< the body's (or generator's) path
    bool hasOrientation = false;
    bool hasRotationDeg = false;
    bool shapeValid = true;
    size_t errorsBefore = 0;          ///< Checker::count() when reading started
};

/// Append the fields of a body's keys to `fields`, writing into `def`. With `named`, the
/// per-body keys `name` and `position` are included; generators leave them out (they
/// name and place their bodies themselves).
void addBodyFields(std::vector<Field>& fields, BodyDef& def, BodyKeys& keys,
                   const BodyContext& ctx, bool named);

/// Checks that span several keys (orientation and rotationDeg both given, a plane on a body
/// that is not static). Returns true when the body had no error at all.
bool finishBody(const BodyDef& def, const BodyKeys& keys, const BodyContext& ctx);

/// Read one `bodies[i]` entry. Returns true when it is valid.
bool readBody(const Json& v, const std::string& path, const BodyContext& ctx, BodyDef& out);

/// Read a `shape` object. Returns true when it describes a valid, non-degenerate shape.
bool readShape(const Json& v, const std::string& path, const BodyContext& ctx, ShapeDef& out);

/// The quaternion of Euler angles in degrees applied X, then Y, then Z about the fixed
/// world axes: q = qZ * qY * qX.
glm::quat quatFromEulerDeg(const glm::vec3& degrees);

} // namespace tumble::scene
