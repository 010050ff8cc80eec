#pragma once
/// \file bullet_import.h
/// Bullet worlds brought in: a `.bullet` file written by Bullet's btDefaultSerializer, read
/// with Debian's libbullet-extras-dev (btBulletWorldImporter), becomes scene JSON text, the
/// same text a user writes, so it loads through parseScene, saves, rewinds and snapshots like
/// any scene. Bullet stays private: this header names no Bullet type.
///
/// What maps (everything else lands in BulletImport::unmapped, named with its Bullet name):
///   shapes     btSphereShape, btBoxShape, btCapsuleShape (Y; X and Z as a compound of one
///              rotated child), btCylinderShape (likewise), btConvexHullShape (its points,
///              scaled), btCompoundShape, btStaticPlaneShape, btBvhTriangleMeshShape (an
///              inline two-sided mesh, static bodies only)
///   bodies     static / kinematic / dynamic, pose, velocities, friction and restitution (with
///              Bullet's "multiply" combine rules), damping (Bullet's (1 - d)^dt per step as
///              Tumble's 1 / (1 + dt c) at the file's time step), mass: a material per body
///              whose density gives Tumble's uniform-density mass exactly Bullet's; a body
///              whose Bullet inertia is not that uniform-density inertia is listed
///   world      gravity, time step and velocity iterations, when the file carries them
///   joints     btPoint2PointConstraint -> ballSocket, btHingeConstraint -> hinge (limits,
///              motor), btSliderConstraint -> slider (limits; Bullet saves no slider motor), btFixedConstraint ->
///              fixed, btGeneric6DofSpring2Constraint -> sixDof (limits, motors),
///              btGearConstraint -> gear (between the two hinges that turn its bodies)
#include "tumble/scene.h"

#include <string>
#include <vector>

namespace tumble {

/// A `.bullet` file converted.
struct BulletImport {
    std::string error;                  ///< "" on success, else "FILE: what is wrong"
    std::string sceneText;              ///< scene JSON (shared/SCENE_FORMAT.md), valid when ok()
    /// What could not be mapped or was approximated, one sentence each, in file order, e.g.
    /// "btConeShape on body 'cone': no Tumble shape (body left out)".
    std::vector<std::string> unmapped;
    bool ok() const { return error.empty(); }
};

/// True when `path` ends in ".bullet" (any case): the front doors send it to the importer.
bool isBulletPath(const std::string& path);

/// Read a `.bullet` file. Never throws; a missing, truncated or non-Bullet file gives an
/// error naming the file.
BulletImport importBulletFile(const std::string& path);

/// Load any world file: a `.bullet` through importBulletFile, then parseScene of its text;
/// anything else through loadSceneFile. `unmapped` receives the import's list (cleared first).
SceneLoadResult loadWorldFile(const std::string& path, std::vector<std::string>& unmapped);

} // namespace tumble
