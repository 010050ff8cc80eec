// Generators of bodies. Each type has one reader that validates its keys and returns a plan
// (count + emitter); the table maps type names to readers.
//
// Every reader follows the same shape: defaults, the fields of its keys, readObject, the
// cross-key checks, then a plan whose count is known before a single body is made (the
// scene's body cap is checked on the counts). Emitters append bodies named "<name>/<index>";
// chain and ragdoll also emit the joints between their bodies, by those names.
#include "scene/generators.h"

#include <glm/gtc/constants.hpp>

#include <algorithm>
#include <cmath>

namespace tumble::scene {
namespace {

using GeneratorReader = bool (*)(const Json& v, const std::string& path,
                                 const BodyContext& ctx, GeneratorPlan& plan);

constexpr std::string_view kAxisNames[] = {"x", "z"};

/// `name`: the prefix of the generated bodies' names.
Field nameField(Checker& check, std::string& name) {
    return {"name", [&check, &name](const Json& j, const std::string& p) {
                readString(j, p, check, name);
            }};
}

/// A count such as rows or columns: an integer in [1, maxBodies]. Each factor is capped by
/// the body limit, so a product of three of them fits in 64 bits.
Field countField(std::string_view key, const BodyContext& ctx, int& target) {
    return {key, [&ctx, &target](const Json& j, const std::string& p) {
                readInt(j, p, ctx.check, target, Range::closed(1.0, ctx.limits.maxBodies));
            }};
}

/// Append the body reader's fields whose keys are in `wanted`, writing into `def`, so a
/// generator's `material` is checked exactly like a body's (same lookup, same message).
void addSomeBodyFields(std::vector<Field>& fields, BodyDef& def, BodyKeys& keys,
                       const BodyContext& ctx, std::initializer_list<std::string_view> wanted) {
    std::vector<Field> all;
    addBodyFields(all, def, keys, ctx, false);
    for (Field& f : all)
        if (std::find(wanted.begin(), wanted.end(), f.key) != wanted.end())
            fields.push_back(std::move(f));
}

/// The checks every generator shares, after its object was read. Returns true when the
/// generator had no error at all.
bool finishGenerator(const BodyKeys& keys, const BodyContext& ctx, const std::string& name) {
    if (name.empty()) ctx.check.error(childPath(keys.path, "name"), "must not be empty");
    return ctx.check.count() == keys.errorsBefore;
}

/// A dynamic box body of the given half extents, the template every box generator copies.
BodyDef boxTemplate(const glm::vec3& halfExtents) {
    BodyDef box;
    box.shape.type = ShapeType::Box;
    box.shape.halfExtents = halfExtents;
    return box;
}

std::string bodyName(const std::string& prefix, int64_t index) {
    return prefix + "/" + std::to_string(index);
}

/// grid: count[0] x count[1] x count[2] copies of one body template, the body at cell
/// (i, j, k) at origin + (i sx, j sy, k sz), index = i + nx (j + ny k) (x fastest).
/// Keys: type, name, count, spacing, origin, and every body key except name and position.
bool readGrid(const Json& v, const std::string& path, const BodyContext& ctx,
              GeneratorPlan& plan) {
    Checker& check = ctx.check;
    BodyDef body;
    BodyKeys keys{path, false, false, true, check.count()};
    std::string name = "grid";
    int count[3] = {1, 1, 1};
    glm::vec3 spacing(1.5f);
    glm::vec3 origin(0.0f);

    std::vector<Field> fields{
        {"type", [](const Json&, const std::string&) {}},
        nameField(check, name),
        {"count",
         [&](const Json& j, const std::string& p) {
             if (!j.is_array() || j.size() != 3) {
                 check.error(p, "must be an array of 3 integers [nx, ny, nz], got " + describe(j));
                 return;
             }
             Range range = Range::closed(1.0, ctx.limits.maxBodies);
             for (size_t i = 0; i < 3; ++i) readInt(j[i], indexPath(p, i), check, count[i], range);
         }},
        {"spacing",
         [&](const Json& j, const std::string& p) {
             readVec3OrScalar(j, p, check, spacing, Range::atLeast(0.0));
         }},
        {"origin", [&](const Json& j, const std::string& p) { readVec3(j, p, check, origin); }},
    };
    addBodyFields(fields, body, keys, ctx, false);
    if (!readObject(v, path, check, fields)) return false;
    finishBody(body, keys, ctx);
    if (!finishGenerator(keys, ctx, name)) return false;

    plan.name = name;
    plan.count = int64_t(count[0]) * count[1] * count[2];
    plan.emit = [body, name, nx = count[0], ny = count[1], nz = count[2], spacing,
                 origin](std::vector<BodyDef>& out) {
        int64_t index = 0;
        for (int k = 0; k < nz; ++k)
            for (int j = 0; j < ny; ++j)
                for (int i = 0; i < nx; ++i) {
                    BodyDef b = body;
                    b.name = bodyName(name, index++);
                    b.position = origin + glm::vec3(float(i), float(j), float(k)) * spacing;
                    out.push_back(std::move(b));
                }
    };
    return true;
}

/// pyramid: a two-dimensional pyramid of equal cubes standing on its bottom face.
/// Row r (0 at the bottom) holds base - r boxes, centred on the origin along the row axis;
/// box i of row r sits at
///   along = (i - (n - 1) / 2) (2 halfExtent + spacing),  n = base - r
///   y     = origin.y + halfExtent + r 2 halfExtent.
/// Index counts row by row from the bottom, each row in the axis direction.
/// base (base + 1) / 2 bodies.
/// Keys (default, unit):
///   name        "pyramid"     prefix of the bodies' names
///   base        10            boxes in the bottom row, integer >= 1 (rows base down to 1)
///   halfExtent  0.5 m         half extent of every cube, > 0
///   spacing     0 m           gap between neighbouring boxes of a row, >= 0
///   origin      [0, 0, 0] m   centre of the bottom row's bottom face
///   axis        "x"           row direction, "x" or "z"
///   material    "Wood"        a preset or a scene material
bool readPyramid(const Json& v, const std::string& path, const BodyContext& ctx,
                 GeneratorPlan& plan) {
    Checker& check = ctx.check;
    BodyDef box = boxTemplate(glm::vec3(0.5f));
    BodyKeys keys{path, false, false, true, check.count()};
    std::string name = "pyramid";
    int base = 10;
    float halfExtent = 0.5f;
    float spacing = 0.0f;
    glm::vec3 origin(0.0f);
    size_t axis = 0;

    std::vector<Field> fields{
        {"type", [](const Json&, const std::string&) {}},
        nameField(check, name),
        countField("base", ctx, base),
        {"halfExtent",
         [&](const Json& j, const std::string& p) {
             readFloat(j, p, check, halfExtent, Range::above(0.0));
         }},
        {"spacing",
         [&](const Json& j, const std::string& p) {
             readFloat(j, p, check, spacing, Range::atLeast(0.0));
         }},
        {"origin", [&](const Json& j, const std::string& p) { readVec3(j, p, check, origin); }},
        {"axis",
         [&](const Json& j, const std::string& p) {
             if (std::optional<size_t> a = readChoice(j, p, check, kAxisNames)) axis = *a;
         }},
    };
    addSomeBodyFields(fields, box, keys, ctx, {"material"});
    if (!readObject(v, path, check, fields)) return false;
    if (!finishGenerator(keys, ctx, name)) return false;

    box.shape.halfExtents = glm::vec3(halfExtent);
    const glm::vec3 along = axis == 0 ? glm::vec3(1.0f, 0.0f, 0.0f) : glm::vec3(0.0f, 0.0f, 1.0f);
    plan.name = name;
    plan.count = int64_t(base) * (int64_t(base) + 1) / 2;
    plan.emit = [box, name, base, halfExtent, spacing, origin, along](std::vector<BodyDef>& out) {
        const float step = 2.0f * halfExtent + spacing;
        int64_t index = 0;
        for (int row = 0; row < base; ++row) {
            const int n = base - row;
            const float y = halfExtent + float(row) * 2.0f * halfExtent;
            for (int i = 0; i < n; ++i) {
                BodyDef b = box;
                b.name = bodyName(name, index++);
                const float offset = (float(i) - 0.5f * float(n - 1)) * step;
                b.position = origin + offset * along + glm::vec3(0.0f, y, 0.0f);
                out.push_back(std::move(b));
            }
        }
    };
    return true;
}

/// stack: `count` boxes one on top of the other. Box k (0 at the bottom) is at
///   origin + (k offset[0], hy + k (2 hy + gap), k offset[1])
/// where hy is the boxes' half height; a non-zero offset makes a leaning stack.
/// Keys (default, unit):
///   name         "stack"       prefix of the bodies' names
///   count        10            boxes, integer >= 1
///   halfExtent   0.5 m         half extent of cubes, > 0
///   halfExtents  [0.5, 0.5, 0.5] m  half extents of boxes, each > 0 (instead of halfExtent)
///   gap          0 m           vertical gap between neighbouring boxes, >= 0
///   origin       [0, 0, 0] m   centre of the bottom box's bottom face
///   offset       [0, 0] m      [x, z] shift of each level relative to the one below
///   material     "Wood"        a preset or a scene material
bool readStack(const Json& v, const std::string& path, const BodyContext& ctx,
               GeneratorPlan& plan) {
    Checker& check = ctx.check;
    BodyDef box = boxTemplate(glm::vec3(0.5f));
    BodyKeys keys{path, false, false, true, check.count()};
    std::string name = "stack";
    int count = 10;
    glm::vec3 halfExtents(0.5f);
    bool hasHalfExtent = false, hasHalfExtents = false;
    float gap = 0.0f;
    glm::vec3 origin(0.0f);
    float offset[2] = {0.0f, 0.0f};

    std::vector<Field> fields{
        {"type", [](const Json&, const std::string&) {}},
        nameField(check, name),
        countField("count", ctx, count),
        {"halfExtent",
         [&](const Json& j, const std::string& p) {
             hasHalfExtent = true;
             float h = 0.0f;
             if (readFloat(j, p, check, h, Range::above(0.0))) halfExtents = glm::vec3(h);
         }},
        {"halfExtents",
         [&](const Json& j, const std::string& p) {
             hasHalfExtents = true;
             readVec3OrScalar(j, p, check, halfExtents, Range::above(0.0));
         }},
        {"gap",
         [&](const Json& j, const std::string& p) {
             readFloat(j, p, check, gap, Range::atLeast(0.0));
         }},
        {"origin", [&](const Json& j, const std::string& p) { readVec3(j, p, check, origin); }},
        {"offset",
         [&](const Json& j, const std::string& p) {
             if (!j.is_array() || j.size() != 2) {
                 check.error(p, "must be an array of 2 numbers [x, z], got " + describe(j));
                 return;
             }
             for (size_t i = 0; i < 2; ++i) readFloat(j[i], indexPath(p, i), check, offset[i]);
         }},
    };
    addSomeBodyFields(fields, box, keys, ctx, {"material"});
    if (!readObject(v, path, check, fields)) return false;
    if (hasHalfExtent && hasHalfExtents)
        check.error(childPath(path, "halfExtents"), "give either halfExtent or halfExtents, not both");
    if (!finishGenerator(keys, ctx, name)) return false;

    box.shape.halfExtents = halfExtents;
    plan.name = name;
    plan.count = count;
    plan.emit = [box, name, count, hy = halfExtents.y, gap, origin,
                 shift = glm::vec3(offset[0], 0.0f, offset[1])](std::vector<BodyDef>& out) {
        for (int k = 0; k < count; ++k) {
            BodyDef b = box;
            b.name = bodyName(name, k);
            b.position = origin + float(k) * shift +
                         glm::vec3(0.0f, hy + float(k) * (2.0f * hy + gap), 0.0f);
            out.push_back(std::move(b));
        }
    };
    return true;
}

/// wall: `rows` courses of `columns` bricks along X, in the plane z = origin.z. Brick c of
/// row r (both from 0; index c + columns r) is at
///   x = origin.x + (c - (columns - 1) / 2) 2 hx + shift_r,   y = origin.y + hy + r 2 hy
/// With `staggered`, even rows have shift -hx / 2 and odd rows +hx / 2: neighbouring rows
/// are offset by half a brick and the wall as a whole stays centred on the origin.
/// Keys (default, unit):
///   name         "wall"              prefix of the bodies' names
///   rows         8                   courses, integer >= 1
///   columns      8                   bricks per course, integer >= 1
///   halfExtents  [0.5, 0.25, 0.25] m  half extents of a brick, each > 0 (one number: all three)
///   origin       [0, 0, 0] m         centre of the bottom row's bottom face
///   staggered    true                shift every other row by half a brick
///   material     "Wood"              a preset or a scene material
bool readWall(const Json& v, const std::string& path, const BodyContext& ctx,
              GeneratorPlan& plan) {
    Checker& check = ctx.check;
    BodyDef box = boxTemplate(glm::vec3(0.5f));
    BodyKeys keys{path, false, false, true, check.count()};
    std::string name = "wall";
    int rows = 8, columns = 8;
    glm::vec3 halfExtents(0.5f, 0.25f, 0.25f);
    glm::vec3 origin(0.0f);
    bool staggered = true;

    std::vector<Field> fields{
        {"type", [](const Json&, const std::string&) {}},
        nameField(check, name),
        countField("rows", ctx, rows),
        countField("columns", ctx, columns),
        {"halfExtents",
         [&](const Json& j, const std::string& p) {
             readVec3OrScalar(j, p, check, halfExtents, Range::above(0.0));
         }},
        {"origin", [&](const Json& j, const std::string& p) { readVec3(j, p, check, origin); }},
        {"staggered",
         [&](const Json& j, const std::string& p) { readBool(j, p, check, staggered); }},
    };
    addSomeBodyFields(fields, box, keys, ctx, {"material"});
    if (!readObject(v, path, check, fields)) return false;
    if (!finishGenerator(keys, ctx, name)) return false;

    box.shape.halfExtents = halfExtents;
    plan.name = name;
    plan.count = int64_t(rows) * columns;
    plan.emit = [box, name, rows, columns, h = halfExtents, origin,
                 staggered](std::vector<BodyDef>& out) {
        int64_t index = 0;
        for (int r = 0; r < rows; ++r) {
            const float shift = staggered ? (r % 2 == 0 ? -0.5f : 0.5f) * h.x : 0.0f;
            const float y = h.y + float(r) * 2.0f * h.y;
            for (int c = 0; c < columns; ++c) {
                BodyDef b = box;
                b.name = bodyName(name, index++);
                const float x = (float(c) - 0.5f * float(columns - 1)) * 2.0f * h.x + shift;
                b.position = origin + glm::vec3(x, y, 0.0f);
                out.push_back(std::move(b));
            }
        }
    };
    return true;
}

/// The rotation taking local +Y (a capsule's axis) to the line along `direction`. A capsule
/// is the same end for end, so the line's nearer sense is used and the turn is at most 90
/// degrees (never the ill-defined half turn).
glm::quat alongLine(const glm::vec3& direction) {
    const glm::vec3 y(0.0f, 1.0f, 0.0f);
    const glm::vec3 d = glm::dot(direction, y) < 0.0f ? -direction : direction;
    const glm::vec3 axis = glm::cross(y, d);
    const float s = glm::length(axis);
    if (s < 1e-6f) return glm::quat(1.0f, 0.0f, 0.0f, 0.0f);
    return glm::angleAxis(std::atan2(s, glm::dot(y, d)), axis / s);
}

/// A joint between two generated bodies (bodyA "" = the world), every key given.
SceneJointDef jointBetween(JointType type, std::string name, std::string bodyA,
                             std::string bodyB, const glm::vec3& anchor) {
    SceneJointDef j;
    j.def.type = type;
    j.def.name = std::move(name);
    j.def.anchor = anchor;
    j.bodyA = std::move(bodyA);
    j.bodyB = std::move(bodyB);
    return j;
}

/// chain: `links` capsules end to end along `direction` from `origin`, each joined to the
/// next by a ball-and-socket joint, the first one (with `anchored`) to the world at `origin`.
/// With link length L = 2 (halfHeight + radius) and step = L + spacing, link k (0 at the
/// origin) has its centre at origin + (k step + L / 2) direction and its axis along the
/// direction; joint k >= 1, "<name>/joint/<k>", joins link k - 1 to link k at
/// origin + (k step - spacing / 2) direction (the middle of the gap); joint 0 joins the
/// world to link 0 at the origin.
/// Keys (default, unit):
///   name              "chain"       prefix of the bodies' names
///   links             10            links, integer >= 1
///   radius            0.05 m        capsule radius, > 0
///   halfHeight        0.1 m         half length of the capsule's straight part, >= 0
///   spacing           0 m           gap between neighbouring links, >= 0
///   origin            [0, 0, 0] m   the top end of the first link (the anchor)
///   direction         [0, -1, 0]    from the first link to the last, not zero
///   anchored          true          join the first link to the world at the origin
///   collideConnected  false         whether neighbouring links collide with each other
///   material          "Wood"        a preset or a scene material
bool readChain(const Json& v, const std::string& path, const BodyContext& ctx,
               GeneratorPlan& plan) {
    Checker& check = ctx.check;
    BodyDef link;
    link.shape.type = ShapeType::Capsule;
    BodyKeys keys{path, false, false, true, check.count()};
    std::string name = "chain";
    int links = 10;
    float radius = 0.05f, halfHeight = 0.1f, spacing = 0.0f;
    glm::vec3 origin(0.0f), direction(0.0f, -1.0f, 0.0f);
    bool anchored = true, collideConnected = false;

    std::vector<Field> fields{
        {"type", [](const Json&, const std::string&) {}},
        nameField(check, name),
        countField("links", ctx, links),
        {"radius",
         [&](const Json& j, const std::string& p) { readFloat(j, p, check, radius, Range::above(0.0)); }},
        {"halfHeight",
         [&](const Json& j, const std::string& p) {
             readFloat(j, p, check, halfHeight, Range::atLeast(0.0));
         }},
        {"spacing",
         [&](const Json& j, const std::string& p) {
             readFloat(j, p, check, spacing, Range::atLeast(0.0));
         }},
        {"origin", [&](const Json& j, const std::string& p) { readVec3(j, p, check, origin); }},
        {"direction",
         [&](const Json& j, const std::string& p) {
             glm::vec3 d(0.0f);
             if (!readVec3(j, p, check, d)) return;
             if (!(glm::length(glm::dvec3(d)) > 1e-6)) {
                 check.error(p, "must not be zero, got " + describe(j));
                 return;
             }
             direction = glm::vec3(glm::normalize(glm::dvec3(d)));
         }},
        {"anchored", [&](const Json& j, const std::string& p) { readBool(j, p, check, anchored); }},
        {"collideConnected",
         [&](const Json& j, const std::string& p) { readBool(j, p, check, collideConnected); }},
    };
    addSomeBodyFields(fields, link, keys, ctx, {"material"});
    if (!readObject(v, path, check, fields)) return false;
    if (!finishGenerator(keys, ctx, name)) return false;

    link.shape.radius = radius;
    link.shape.halfHeight = halfHeight;
    link.orientation = alongLine(direction);
    const float length = 2.0f * (halfHeight + radius);
    const float step = length + spacing;
    plan.name = name;
    plan.count = links;
    plan.emit = [link, name, links, origin, direction, length, step](std::vector<BodyDef>& out) {
        for (int k = 0; k < links; ++k) {
            BodyDef b = link;
            b.name = bodyName(name, k);
            b.position = origin + (float(k) * step + 0.5f * length) * direction;
            out.push_back(std::move(b));
        }
    };
    plan.emitJoints = [name, links, origin, direction, step, spacing, anchored,
                       collideConnected](std::vector<SceneJointDef>& out) {
        for (int k = anchored ? 0 : 1; k < links; ++k) {
            const glm::vec3 anchor =
                k == 0 ? origin : origin + (float(k) * step - 0.5f * spacing) * direction;
            SceneJointDef j = jointBetween(JointType::BallSocket, name + "/joint/" + std::to_string(k),
                                             k == 0 ? "" : bodyName(name, k - 1), bodyName(name, k),
                                             anchor);
            j.def.collideConnected = collideConnected;
            out.push_back(std::move(j));
        }
    };
    return true;
}

/// One body of the ragdoll at scale 1: its shape and its centre relative to the pelvis.
struct RagdollPart {
    ShapeType shape;
    glm::vec3 size;     ///< box: half extents; sphere: x = radius; capsule: x = radius, y = halfHeight
    glm::vec3 centre;   ///< m
};

/// One joint of the ragdoll at scale 1. Limbs hang along -Y and the ragdoll faces +Z, so its
/// left is +X. Hinge axes make positive angles the natural bend: elbows forward, knees back.
struct RagdollJoint {
    const char* name;
    JointType type;
    int a, b;           ///< part indices
    glm::vec3 anchor;   ///< m, relative to the pelvis
    glm::vec3 axis;     ///< hinge axis, or cone-twist twist axis (from A's side into B)
    float lower, upper; ///< rad: hinge limits, or cone-twist twist limits
    float swing;        ///< rad, cone-twist swing half angle
};

// Index: 0 pelvis, 1 torso, 2 head, 3 left upper arm, 4 left lower arm, 5 right upper arm,
// 6 right lower arm, 7 left upper leg, 8 left lower leg, 9 right upper leg, 10 right lower leg.
// A standing person about 1.78 m tall: head top 0.76 m above the pelvis centre, soles 1.02 m
// below it. Neighbours not joined to each other are at least 2 cm apart.
constexpr RagdollPart kRagdollParts[] = {
    {ShapeType::Box, {0.15f, 0.10f, 0.10f}, {0.0f, 0.0f, 0.0f}},
    {ShapeType::Box, {0.17f, 0.20f, 0.10f}, {0.0f, 0.32f, 0.0f}},
    {ShapeType::Sphere, {0.11f, 0.0f, 0.0f}, {0.0f, 0.65f, 0.0f}},
    {ShapeType::Capsule, {0.05f, 0.10f, 0.0f}, {0.24f, 0.35f, 0.0f}},
    {ShapeType::Capsule, {0.045f, 0.10f, 0.0f}, {0.24f, 0.035f, 0.0f}},
    {ShapeType::Capsule, {0.05f, 0.10f, 0.0f}, {-0.24f, 0.35f, 0.0f}},
    {ShapeType::Capsule, {0.045f, 0.10f, 0.0f}, {-0.24f, 0.035f, 0.0f}},
    {ShapeType::Capsule, {0.07f, 0.15f, 0.0f}, {0.09f, -0.34f, 0.0f}},
    {ShapeType::Capsule, {0.06f, 0.16f, 0.0f}, {0.09f, -0.80f, 0.0f}},
    {ShapeType::Capsule, {0.07f, 0.15f, 0.0f}, {-0.09f, -0.34f, 0.0f}},
    {ShapeType::Capsule, {0.06f, 0.16f, 0.0f}, {-0.09f, -0.80f, 0.0f}},
};

constexpr RagdollJoint kRagdollJoints[] = {
    {"spine", JointType::ConeTwist, 0, 1, {0.0f, 0.11f, 0.0f}, {0.0f, 1.0f, 0.0f}, -0.35f, 0.35f, 0.35f},
    {"neck", JointType::ConeTwist, 1, 2, {0.0f, 0.53f, 0.0f}, {0.0f, 1.0f, 0.0f}, -0.7f, 0.7f, 0.5f},
    {"leftShoulder", JointType::ConeTwist, 1, 3, {0.24f, 0.47f, 0.0f}, {0.0f, -1.0f, 0.0f}, -0.8f, 0.8f, 1.4f},
    {"leftElbow", JointType::Hinge, 3, 4, {0.24f, 0.19f, 0.0f}, {-1.0f, 0.0f, 0.0f}, 0.0f, 2.6f, 0.0f},
    {"rightShoulder", JointType::ConeTwist, 1, 5, {-0.24f, 0.47f, 0.0f}, {0.0f, -1.0f, 0.0f}, -0.8f, 0.8f, 1.4f},
    {"rightElbow", JointType::Hinge, 5, 6, {-0.24f, 0.19f, 0.0f}, {-1.0f, 0.0f, 0.0f}, 0.0f, 2.6f, 0.0f},
    {"leftHip", JointType::ConeTwist, 0, 7, {0.09f, -0.15f, 0.0f}, {0.0f, -1.0f, 0.0f}, -0.4f, 0.4f, 1.2f},
    {"leftKnee", JointType::Hinge, 7, 8, {0.09f, -0.57f, 0.0f}, {1.0f, 0.0f, 0.0f}, 0.0f, 2.6f, 0.0f},
    {"rightHip", JointType::ConeTwist, 0, 9, {-0.09f, -0.15f, 0.0f}, {0.0f, -1.0f, 0.0f}, -0.4f, 0.4f, 1.2f},
    {"rightKnee", JointType::Hinge, 9, 10, {-0.09f, -0.57f, 0.0f}, {1.0f, 0.0f, 0.0f}, 0.0f, 2.6f, 0.0f},
};

/// ragdoll: a standing figure of 11 bodies (boxes for pelvis and torso, a sphere head,
/// capsule limbs hanging down), index as in kRagdollParts, joined by cone-twist joints at
/// the spine, neck, shoulders and hips and by hinges at the elbows and knees, named
/// "<name>/<joint>" (kRagdollJoints). Every length is multiplied by `scale`; the masses
/// follow from the material's density. The whole figure is turned by `rotationDeg` about
/// the origin.
/// Keys (default, unit):
///   name         "ragdoll"     prefix of the bodies' names
///   origin       [0, 0, 0] m   the pelvis centre (soles 1.02 scale below, head top 0.76 scale above)
///   scale        1             > 0, size relative to a 1.78 m figure
///   rotationDeg  [0, 0, 0]     Euler degrees applied X, then Y, then Z (world axes), as for bodies
///   material     "Wood"        a preset or a scene material
bool readRagdoll(const Json& v, const std::string& path, const BodyContext& ctx,
                 GeneratorPlan& plan) {
    Checker& check = ctx.check;
    BodyDef part;
    BodyKeys keys{path, false, false, true, check.count()};
    std::string name = "ragdoll";
    glm::vec3 origin(0.0f);
    float scale = 1.0f;
    glm::quat turn(1.0f, 0.0f, 0.0f, 0.0f);

    std::vector<Field> fields{
        {"type", [](const Json&, const std::string&) {}},
        nameField(check, name),
        {"origin", [&](const Json& j, const std::string& p) { readVec3(j, p, check, origin); }},
        {"scale",
         [&](const Json& j, const std::string& p) { readFloat(j, p, check, scale, Range::above(0.0)); }},
        {"rotationDeg",
         [&](const Json& j, const std::string& p) {
             glm::vec3 degrees(0.0f);
             if (readVec3(j, p, check, degrees)) turn = quatFromEulerDeg(degrees);
         }},
    };
    addSomeBodyFields(fields, part, keys, ctx, {"material"});
    if (!readObject(v, path, check, fields)) return false;
    if (!finishGenerator(keys, ctx, name)) return false;

    plan.name = name;
    plan.count = int64_t(std::size(kRagdollParts));
    plan.emit = [part, name, origin, scale, turn](std::vector<BodyDef>& out) {
        for (size_t i = 0; i < std::size(kRagdollParts); ++i) {
            const RagdollPart& p = kRagdollParts[i];
            BodyDef b = part;
            b.name = bodyName(name, int64_t(i));
            b.shape.type = p.shape;
            if (p.shape == ShapeType::Box) {
                b.shape.halfExtents = scale * p.size;
            } else {
                b.shape.radius = scale * p.size.x;
                if (p.shape == ShapeType::Capsule) b.shape.halfHeight = scale * p.size.y;
            }
            b.position = origin + turn * (scale * p.centre);
            b.orientation = turn;
            out.push_back(std::move(b));
        }
    };
    plan.emitJoints = [name, origin, scale, turn](std::vector<SceneJointDef>& out) {
        for (const RagdollJoint& rj : kRagdollJoints) {
            SceneJointDef j = jointBetween(rj.type, name + "/" + rj.name, bodyName(name, rj.a),
                                             bodyName(name, rj.b), origin + turn * (scale * rj.anchor));
            j.def.axis = turn * rj.axis;
            if (rj.type == JointType::Hinge) {
                j.def.limitEnabled = true;
                j.def.lowerLimit = rj.lower;
                j.def.upperLimit = rj.upper;
            } else {
                j.def.swingLimit = rj.swing;
                j.def.twistLower = rj.lower;
                j.def.twistUpper = rj.upper;
            }
            out.push_back(std::move(j));
        }
    };
    return true;
}

struct GeneratorEntry {
    std::string_view type;
    GeneratorReader read;
};

constexpr GeneratorEntry kGenerators[] = {
    {"grid", readGrid},
    {"pyramid", readPyramid},
    {"stack", readStack},
    {"wall", readWall},
    {"chain", readChain},
    {"ragdoll", readRagdoll},
};

} // namespace

std::vector<std::string_view> generatorTypes() {
    std::vector<std::string_view> names;
    for (const GeneratorEntry& g : kGenerators) names.push_back(g.type);
    return names;
}

bool readGenerator(const Json& v, const std::string& path, const BodyContext& ctx,
                   GeneratorPlan& plan) {
    if (!v.is_object()) {
        ctx.check.error(path, "must be an object such as {\"type\": \"grid\", ...}, got " +
                                  describe(v));
        return false;
    }
    auto typeIt = v.find("type");
    if (typeIt == v.end()) {
        ctx.check.error(path, "missing required key 'type'");
        return false;
    }
    std::vector<std::string_view> names = generatorTypes();
    std::optional<size_t> type = readChoice(*typeIt, childPath(path, "type"), ctx.check, names);
    if (!type) return false;
    return kGenerators[*type].read(v, path, ctx, plan);
}

} // namespace tumble::scene
