#pragma once
// The importer's parts (bullet_import*.cpp): scene JSON numbers, Bullet's class names, and
// the shape and joint mappings the main file calls.
#include <LinearMath/btTransform.h>
#include <glm/gtc/quaternion.hpp>
#include <glm/mat3x3.hpp>
#include <glm/vec3.hpp>
#include <nlohmann/json.hpp>

#include "tumble/bullet_import.h"

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

class btBulletWorldImporter;
class btCollisionShape;
class btRigidBody;
class btTypedConstraint;

namespace bParse {
class btBulletFile;
}

namespace tumble::peer {

using Json = nlohmann::json;

/// A float as the JSON number whose "%.9g" text reads back as the same float.
Json number(float f);
Json vec3Json(const glm::vec3& v);
Json quatJson(const glm::quat& q); ///< [w, x, y, z], as scene files write orientations

/// A shape mapped onto Tumble's, with its uniform-density mass properties at density 1.
struct ImportedShape {
    Json json;                          ///< the body's "shape" object
    bool staticOnly = false;            ///< plane, mesh: Tumble takes them on static bodies only
    float volume = 0.0f;                ///< m^3 (0 for a plane or mesh)
    glm::vec3 centre{0.0f};             ///< centre of mass in the body's frame, m
    glm::mat3 unitInertia{0.0f};        ///< about the centre of mass, kg m^2 per kg/m^3
};

/// Bullet's class name of a shape ("btConeShape"), for the unmapped list.
std::string shapeClassName(const btCollisionShape& shape);

/// Map a body's shape. Returns nothing (and appends why to `unmapped`) when Tumble has no
/// such shape; a compound's unmappable children are left out and listed.
std::optional<ImportedShape> importShape(const btCollisionShape& shape, const std::string& bodyName,
                                         std::vector<std::string>& unmapped);

/// Set on the imported objects what btBulletWorldImporter reads but does not apply: each
/// body's velocities, damping and kinematic flag, six-DOF joints' motors (from the file's own
/// records). A record that does not match its object is listed in `unmapped`.
void completeImport(bParse::btBulletFile& file, btBulletWorldImporter& importer, std::vector<std::string>& unmapped);

/// Run `import` in a child process and take its result into `out`. Returns "" when the child
/// finished, else what went wrong (it crashed, hung past a time limit, could not start).
std::string runIsolated(const std::function<BulletImport()>& import, BulletImport& out);

/// What the joint mapping needs to know of the bodies.
struct ImportedBodies {
    std::map<const btRigidBody*, std::string> names; ///< the bodies that were imported
    std::set<const btRigidBody*> staticBodies;       ///< of those, the static ones
    std::set<const btRigidBody*> leftOut;            ///< bodies whose shape Tumble lacks
};

/// Map the constraints, in file order, gears last (they name hinges listed before them).
/// `timeStep` converts Bullet's per-step motor impulses to torques.
Json importJoints(const std::vector<btTypedConstraint*>& constraints,
                  const std::map<const btTypedConstraint*, std::string>& names,
                  const ImportedBodies& bodies, float timeStep, std::vector<std::string>& unmapped);

} // namespace tumble::peer
