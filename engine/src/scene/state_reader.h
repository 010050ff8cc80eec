#pragma once
/// \file state_reader.h
/// Reader of a snapshot's `state` section (tumble/snapshot.h). Strict like every section:
/// unknown keys, wrong types and out-of-range values are errors naming their path. Values
/// are taken exactly as written (quaternions are not renormalised).
#include "scene/json_check.h"
#include "tumble/snapshot.h"

namespace tumble::scene {

/// Read `state` at `path` into `out`; returns whether it had no errors.
bool readState(const Json& v, const std::string& path, Checker& check, WorldState& out);

/// Once the bodies and joints are known: the state must list as many bodies and joints as
/// the scene, its contacts must name bodies in range (bodyA < bodyB), its names must match.
void checkStateAgainstScene(const WorldState& state, const std::string& path,
                            const std::vector<BodyDef>& bodies, size_t jointCount,
                            Checker& check);

} // namespace tumble::scene
