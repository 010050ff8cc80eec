// Generators of bodies. Each type has one reader that validates its keys and returns a plan
// (count + emitter); the table maps type names to readers.
//
// Every reader follows the same shape: defaults, the fields of its keys, readObject, the
// cross-key checks, then a plan whose count is known before a single body is made (the
// scene's body cap is checked on the counts). Emitters append bodies named "<name>/<index>";
// chain and ragdoll also emit the joints between their bodies, by those names.
#include "scene/generators.h"
#include "scene/generator_parts.h"

#include <glm/gtc/constants.hpp>

#include <algorithm>
#include <cmath>

namespace tumble::scene {
namespace {

using GeneratorReader = bool (*)(const Json& v, const std::string& path,
                                 const BodyContext& ctx, GeneratorPlan& plan);

constexpr std::string_view kAxisNames[] = {"x", "z"};

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
             readFloat(j, p, check, halfExtent, kSizeRange);
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
             if (readFloat(j, p, check, h, kSizeRange)) halfExtents = glm::vec3(h);
         }},
        {"halfExtents",
         [&](const Json& j, const std::string& p) {
             hasHalfExtents = true;
             readVec3OrScalar(j, p, check, halfExtents, kSizeRange);
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
             readVec3OrScalar(j, p, check, halfExtents, kSizeRange);
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
