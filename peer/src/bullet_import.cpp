// A .bullet file as scene JSON (tumble/bullet_import.h). Bullet's own importer reads the
// file into a btDiscreteDynamicsWorld; this file walks that world's bodies and writes what
// a user would have written: settings, one material per distinct (density, friction,
// restitution), bodies and joints.
#include "tumble/bullet_import.h"

#include "bullet_convert.h"
#include "bullet_import_parts.h"

#include <BulletFileLoader/btBulletFile.h>
#include <BulletWorldImporter/btBulletWorldImporter.h>
#include <btBulletDynamicsCommon.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <tuple>

namespace tumble {

using peer::Json;

namespace {

/// Walks the file's chunks before Bullet's loader sees it: that loader trusts every length
/// it reads, so a truncated file would send it past the end of the buffer.
std::string checkBulletBytes(const std::vector<char>& bytes) {
    constexpr size_t kHeaderBytes = 12; // "BULLET", precision, pointer size, endianness, version
    if (bytes.size() < kHeaderBytes || std::memcmp(bytes.data(), "BULLET", 6) != 0)
        return "not a Bullet file (it does not start with \"BULLET\")";
    if (bytes[8] != 'v') return "not a little-endian Bullet file (big-endian files are not read)";
    // A chunk header: code, length, the old pointer (4 or 8 bytes), DNA index, count.
    const size_t chunkHeader = bytes[7] == '-' ? 24 : 20;
    bool sawDna = false;
    // btDefaultSerializer ends its files with the DNA1 chunk; Blender-style files with ENDB.
    for (size_t at = kHeaderBytes; at != bytes.size();) {
        if (at + chunkHeader > bytes.size())
            return "truncated (the chunk at byte " + std::to_string(at) + " runs past the end of the file)";
        int32_t length = 0;
        std::memcpy(&length, bytes.data() + at + 4, sizeof length);
        if (std::memcmp(bytes.data() + at, "ENDB", 4) == 0) break;
        if (length < 0 || at + chunkHeader + static_cast<size_t>(length) > bytes.size())
            return "truncated (the chunk at byte " + std::to_string(at) + " runs past the end of the file)";
        sawDna = sawDna || std::memcmp(bytes.data() + at, "DNA1", 4) == 0;
        at += chunkHeader + static_cast<size_t>(length);
    }
    if (!sawDna) return "broken (no DNA1 chunk describing its structures)";
    return "";
}

/// `base`, or `base (2)`, `base (3)` ... the first not used yet.
std::string uniqueName(const std::string& base, std::set<std::string>& used) {
    std::string name = base;
    for (int k = 2; !used.insert(name).second; ++k) name = base + " (" + std::to_string(k) + ")";
    return name;
}

std::string vec3Text(const glm::vec3& v) {
    char text[96];
    std::snprintf(text, sizeof text, "(%.4g, %.4g, %.4g)", static_cast<double>(v.x), static_cast<double>(v.y),
                  static_cast<double>(v.z));
    return text;
}

/// The scene's settings: the file's world's, when it has one, else Tumble's defaults.
struct WorldSettings {
    glm::vec3 gravity{0.0f, -9.81f, 0.0f};
    float timeStep = 1.0f / 60.0f;
    int velocityIterations = 10;
};

class SceneBuilder {
public:
    SceneBuilder(const WorldSettings& world, std::vector<std::string>& unmapped)
        : world_(world), unmapped_(unmapped) {}

    void addBody(btRigidBody& rb, const char* bulletName) {
        const std::string name = uniqueName(bulletName ? bulletName : "body " + std::to_string(++unnamed_), usedNames_);
        const btCollisionShape& bulletShape = *rb.getCollisionShape();
        const std::optional<peer::ImportedShape> shape = peer::importShape(bulletShape, name, unmapped_);
        const bool kinematic = rb.isKinematicObject();
        const bool dynamic = !kinematic && rb.getInvMass() > 0.0f;
        if (shape && shape->staticOnly && (dynamic || kinematic))
            unmapped_.push_back(peer::shapeClassName(bulletShape) + " on " + (dynamic ? "dynamic" : "kinematic") +
                                " body '" + name + "': Tumble takes it on static bodies only (body left out)");
        if (!shape || (shape->staticOnly && (dynamic || kinematic))) {
            bodies_.leftOut.insert(&rb);
            return;
        }
        bodies_.names[&rb] = name;
        if (!dynamic && !kinematic) bodies_.staticBodies.insert(&rb);
        const btTransform& pose = rb.getWorldTransform();
        Json body = {{"name", name}, {"type", dynamic ? "dynamic" : kinematic ? "kinematic" : "static"},
                     {"shape", shape->json}, {"position", peer::vec3Json(peer::toGlm(pose.getOrigin()))},
                     {"orientation", peer::quatJson(peer::toGlm(pose.getRotation()))}};
        float density = 1000.0f; // what static and kinematic bodies are made of does not matter
        if (dynamic) {
            const float mass = 1.0f / rb.getInvMass();
            density = mass / shape->volume;
            checkInertia(rb, *shape, density, name);
        }
        body["material"] = material(density, rb.getFriction(), rb.getRestitution(), name);
        if (dynamic || kinematic) {
            body["linearVelocity"] = peer::vec3Json(peer::toGlm(rb.getLinearVelocity()));
            body["angularVelocity"] = peer::vec3Json(peer::toGlm(rb.getAngularVelocity()));
        }
        if (dynamic) {
            if (rb.getLinearDamping() > 0.0f) body["linearDamping"] = peer::number(damping(rb.getLinearDamping()));
            if (rb.getAngularDamping() > 0.0f) body["angularDamping"] = peer::number(damping(rb.getAngularDamping()));
        }
        if (rb.getRollingFriction() > 0.0f || rb.getSpinningFriction() > 0.0f)
            unmapped_.push_back("btRigidBody '" + name + "': rolling and spinning friction (not imported)");
        bodyList_.push_back(body);
        positions_.push_back(peer::toGlm(pose.getOrigin()));
    }

    Json sceneJson(const std::string& title, const std::string& fileName, const Json& joints) const {
        Json settings = {{"gravity", peer::vec3Json(world_.gravity)},
                         {"timestep", peer::number(world_.timeStep)},
                         // Bullet multiplies the two bodies' coefficients.
                         {"frictionCombine", "multiply"},
                         {"restitutionCombine", "multiply"},
                         {"solver", {{"velocityIterations", std::clamp(world_.velocityIterations, 1, 200)}}}};
        Json scene = {{"format", "tumble-scene"},
                      {"version", 1},
                      {"name", title},
                      {"description", "Imported from the Bullet file " + fileName + ": " +
                                          std::to_string(bodyList_.size()) + " bodies, " +
                                          std::to_string(joints.size()) + " joints, " +
                                          std::to_string(unmapped_.size()) + " items not mapped."},
                      {"settings", settings},
                      {"materials", materials_},
                      {"bodies", bodyList_},
                      {"joints", joints},
                      {"camera", camera()}};
        return scene;
    }

    const peer::ImportedBodies& importedBodies() const { return bodies_; }

private:
    /// Bullet's damping d takes (1 - d)^dt off per step; Tumble's c divides by 1 + dt c. The
    /// two agree per step at the file's time step when 1 + dt c = (1 - d)^-dt.
    float damping(float d) const {
        const double dt = world_.timeStep, kept = std::max(1e-6, 1.0 - static_cast<double>(d));
        return static_cast<float>((std::pow(kept, -dt) - 1.0) / dt);
    }

    void checkInertia(const btRigidBody& rb, const peer::ImportedShape& shape, float density, const std::string& name) {
        const glm::vec3 bullet = peer::toGlm(rb.getLocalInertia());
        const glm::mat3 tumble = density * shape.unitInertia;
        const glm::vec3 diagonal(tumble[0][0], tumble[1][1], tumble[2][2]);
        const float scale = std::max({bullet.x, bullet.y, bullet.z, diagonal.x, diagonal.y, diagonal.z});
        bool differs = glm::length(shape.centre) > 1e-4f;
        for (int i = 0; i < 3; ++i) differs = differs || std::fabs(bullet[i] - diagonal[i]) > 0.01f * scale;
        if (differs)
            unmapped_.push_back("btRigidBody '" + name + "': Bullet's inertia " + vec3Text(bullet) +
                                " kg m^2 about its origin is not the uniform-density one, " + vec3Text(diagonal) +
                                " about the centre of mass " + vec3Text(shape.centre) +
                                "; Tumble uses its own (approximated)");
    }

    std::string material(float density, float friction, float restitution, const std::string& bodyName) {
        const auto key = std::make_tuple(density, friction, restitution);
        auto found = materialNames_.find(key);
        if (found != materialNames_.end()) return found->second;
        const std::string name = "bullet " + std::to_string(materialNames_.size() + 1);
        materialNames_[key] = name;
        materials_.push_back({{"name", name}, {"density", peer::number(density)},
                              {"restitution", peer::number(std::clamp(restitution, 0.0f, 1.0f))},
                              {"staticFriction", peer::number(friction)},
                              {"dynamicFriction", peer::number(friction)}});
        if (restitution > 1.0f)
            unmapped_.push_back("btRigidBody '" + bodyName + "': restitution " + std::to_string(restitution) +
                                " above 1 (clamped to 1)");
        return name;
    }

    /// Looks at the middle of the bodies from far enough to see them all.
    Json camera() const {
        glm::vec3 lo(0.0f), hi(0.0f);
        if (!positions_.empty()) lo = hi = positions_[0];
        for (const glm::vec3& p : positions_) lo = glm::min(lo, p), hi = glm::max(hi, p);
        const float distance = std::max(8.0f, 1.5f * glm::length(hi - lo));
        return {{"target", peer::vec3Json(0.5f * (lo + hi))}, {"distance", peer::number(distance)},
                {"yawDeg", 30}, {"pitchDeg", 20}};
    }

    const WorldSettings& world_;
    std::vector<std::string>& unmapped_;
    peer::ImportedBodies bodies_;
    Json bodyList_ = Json::array(); ///< the scene's "bodies"
    std::set<std::string> usedNames_;
    int unnamed_ = 0;
    std::map<std::tuple<float, float, float>, std::string> materialNames_;
    Json materials_ = Json::array();
    std::vector<glm::vec3> positions_;
};

/// The world Bullet's importer fills (declared before it, so it outlives it).
struct BulletWorld {
    btDefaultCollisionConfiguration config;
    btCollisionDispatcher dispatcher{&config};
    btDbvtBroadphase broadphase;
    btSequentialImpulseConstraintSolver solver;
    btDiscreteDynamicsWorld world{&dispatcher, &broadphase, &solver, &config};
};

std::string importInto(std::vector<char>& bytes, const std::string& path, BulletImport& out) {
    if (std::string problem = checkBulletBytes(bytes); !problem.empty()) return problem;
    BulletWorld holder;
    btBulletWorldImporter importer(&holder.world);
    bParse::btBulletFile file(bytes.data(), static_cast<int>(bytes.size()));
    if (!(file.getFlags() & bParse::FD_OK)) return "not a Bullet file Bullet's loader can read";
    if (!importer.loadFileFromMemory(&file)) {
        importer.deleteAllData();
        return "Bullet's importer could not read it";
    }
    peer::completeImport(file, importer, out.unmapped);
    WorldSettings settings;
    if (file.m_dynamicsWorldInfo.size() > 0) {
        settings.gravity = peer::toGlm(holder.world.getGravity());
        settings.timeStep = holder.world.getSolverInfo().m_timeStep;
        settings.velocityIterations = holder.world.getSolverInfo().m_numIterations;
    } else {
        out.unmapped.push_back("no btDynamicsWorld settings in the file: gravity and time step are Tumble's defaults");
    }
    SceneBuilder builder(settings, out.unmapped);
    for (int i = 0; i < importer.getNumRigidBodies(); ++i) {
        btCollisionObject* object = importer.getRigidBodyByIndex(i);
        if (btRigidBody* rb = btRigidBody::upcast(object)) builder.addBody(*rb, importer.getNameForPointer(rb));
        else out.unmapped.push_back("btCollisionObject: not a rigid body (not imported)");
    }
    std::vector<btTypedConstraint*> constraints;
    std::map<const btTypedConstraint*, std::string> names;
    std::set<std::string> usedNames;
    for (int i = 0; i < importer.getNumConstraints(); ++i) {
        btTypedConstraint* c = importer.getConstraintByIndex(i);
        const char* name = importer.getNameForPointer(c);
        constraints.push_back(c);
        names[c] = uniqueName(name ? name : "joint " + std::to_string(i + 1), usedNames);
    }
    const Json joints =
        peer::importJoints(constraints, names, builder.importedBodies(), settings.timeStep, out.unmapped);
    const std::filesystem::path p(path);
    out.sceneText = builder.sceneJson(p.stem().string(), p.filename().string(), joints).dump(2) + "\n";
    importer.deleteAllData();
    return "";
}

} // namespace

bool isBulletPath(const std::string& path) {
    std::string ext = std::filesystem::path(path).extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char ch) { return std::tolower(ch); });
    return ext == ".bullet";
}

BulletImport importBulletFile(const std::string& path) {
    BulletImport out;
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec)) {
        out.error = path + ": " + (std::filesystem::exists(path, ec) ? "not a file" : "no such file");
        return out;
    }
    // The same cap as a scene file's text (tumble/scene.h SceneLimits).
    if (std::filesystem::file_size(path, ec) > SceneLimits{}.maxFileBytes) {
        out.error = path + ": larger than " + std::to_string(SceneLimits{}.maxFileBytes >> 20) + " MiB";
        return out;
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        out.error = path + ": cannot open the file";
        return out;
    }
    std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    BulletImport result;
    const std::string failure = peer::runIsolated(
        [&] {
            BulletImport child;
            child.error = importInto(bytes, path, child);
            return child;
        },
        result);
    const std::string problem = failure.empty() ? result.error : failure;
    if (!problem.empty()) {
        out.error = path + ": " + problem;
        return out;
    }
    return result;
}

SceneLoadResult loadWorldFile(const std::string& path, std::vector<std::string>& unmapped) {
    unmapped.clear();
    if (!isBulletPath(path)) return loadSceneFile(path);
    BulletImport imported = importBulletFile(path);
    if (!imported.ok()) {
        SceneLoadResult failed;
        failed.errors.push_back(SceneError{"", "", imported.error});
        return failed;
    }
    unmapped = std::move(imported.unmapped);
    return parseScene(imported.sceneText, path);
}

} // namespace tumble
