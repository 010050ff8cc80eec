#pragma once
/// \file joint_reader.h
/// Reader of the `joints` section. A joint names its bodies, and generators make bodies
/// after that section is read, so a joint is read in two steps: readJoint checks its keys
/// and values; resolveJoints, once every body exists, checks the names and fills what
/// depends on the bodies (default anchors, a distance joint's length), so that
/// World::createJoint cannot fail on what passes here.
#include "scene/json_check.h"

#include <set>

namespace tumble::scene {

/// A joint as read, before its body names are resolved.
struct JointDraft {
    SceneJointDef joint;
    std::string path;            ///< where it was defined: joints[i], or the generator's path
    bool generated = false;      ///< made by a generator (its errors name the generator)
    bool hasAnchor = false;
    bool hasAnchorB = false;
    bool hasLength = false;
    bool isRope = false;         ///< minLength or maxLength given
    bool hasMinLength = false;
    bool hasMaxLength = false;
};

/// A generator's joint: every key is set by the generator, nothing is left to defaults.
JointDraft generatedJoint(SceneJointDef joint, const std::string& generatorPath);

/// Read `joints[i]` at `path`. Returns true and fills `out` when its keys are valid.
bool readJoint(const Json& v, const std::string& path, Checker& check, JointDraft& out);

/// Bodies that were meant to exist but did not make it into the scene (their own errors are
/// already reported), so that a joint naming them does not add a second error.
struct MissingBodies {
    std::set<std::string> names;           ///< listed bodies that failed to read
    std::vector<std::string> prefixes;     ///< "<name>/" of generators that failed
    bool covers(const std::string& name) const;
};

/// Resolve the drafts in order against the scene's bodies: names to existing bodies, not
/// the same body twice, unique joint names, default anchors and lengths. Valid joints are
/// appended to `out`.
void resolveJoints(const std::vector<JointDraft>& drafts, const std::vector<BodyDef>& bodies,
                   const MissingBodies& missing, Checker& check, std::vector<SceneJointDef>& out);

} // namespace tumble::scene
