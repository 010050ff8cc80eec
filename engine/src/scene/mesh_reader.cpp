// The `mesh` and `heightfield` shapes of scene files (mesh_reader.h). Everything World's
// createBody could reject is checked here, with the file, the JSON path and the value, and
// the TriangleMesh built once while checking is handed on in the ShapeDef.
#include "scene/mesh_reader.h"

#include "shapes/triangle_mesh.h"
#include "tumble/input_checks.h"

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stb_image.h>

namespace tumble::scene {
namespace {

/// Heights, m: the range of hull coordinates.
const Range kHeightRange = kHullCoordinateRange;
/// The most vertices an inline mesh may list: three per triangle at the triangle cap.
constexpr size_t kMaxMeshVertices = 3 * kMaxMeshTriangles;
/// Height field rows and columns: a 2 x 2 grid is one cell; 4097 is a 4096-cell-wide terrain
/// (the triangle cap binds first for square grids).
const Range kGridRange = Range::closed(2, 4097);

/// `name` relative to the scene file's folder (the Checker's file label).
std::string besideScene(const Checker& check, const std::string& name) {
    const std::filesystem::path p(name);
    if (p.is_absolute()) return name;
    return (std::filesystem::path(check.file()).parent_path() / p).string();
}

/// A problem with a file named by a scene: "" when it can be read.
std::string fileProblem(const std::string& name, const std::string& full) {
    const std::string problem = regularFileProblem(full);
    if (problem.empty()) return "";
    return "cannot read '" + name + "' (" + full + "): " + problem;
}

bool readVertices(const Json& v, const std::string& path, Checker& check, std::vector<glm::vec3>& out) {
    if (!checkArrayWithin(v, path, check, "[x, y, z]", "vertices", kMaxMeshVertices)) return false;
    out.resize(v.size());
    bool ok = true;
    for (size_t i = 0; i < v.size(); ++i) ok &= readVec3(v[i], indexPath(path, i), check, out[i], kHullCoordinateRange);
    return ok;
}

bool readIndices(const Json& v, const std::string& path, Checker& check, std::vector<std::array<uint32_t, 3>>& out) {
    if (!checkArrayWithin(v, path, check, "[i, j, k]", "triangles", kMaxMeshTriangles)) return false;
    out.resize(v.size());
    bool ok = true;
    for (size_t t = 0; t < v.size(); ++t) {
        const std::string p = indexPath(path, t);
        if (!v[t].is_array() || v[t].size() != 3) {
            check.error(p, "must be a triangle [i, j, k] of three vertex indices, got " + describe(v[t]));
            ok = false;
            continue;
        }
        for (size_t k = 0; k < 3; ++k) {
            int index = 0;
            if (readInt(v[t][k], indexPath(p, k), check, index, Range::closed(0, double(kMaxMeshVertices))))
                out[t][k] = uint32_t(index);
            else
                ok = false;
        }
    }
    return ok;
}

/// [dx, dz], each a size.
bool readCellSize(const Json& v, const std::string& path, Checker& check, glm::vec2& out) {
    if (!v.is_array() || v.size() != 2) {
        check.error(path, "must be [dx, dz], got " + describe(v));
        return false;
    }
    glm::vec2 size(0.0f);
    bool ok = readFloat(v[0], indexPath(path, 0), check, size.x, kSizeRange);
    ok &= readFloat(v[1], indexPath(path, 1), check, size.y, kSizeRange);
    if (ok) out = size;
    return ok;
}

/// A greyscale PNG as heights: scale x value / 65535 (stb widens 8-bit values to 16 bits).
std::string readPngHeights(const std::string& full, float scale, ShapeDef& shape) {
    int width = 0, height = 0, channels = 0;
    stbi_us* pixels = stbi_load_16(full.c_str(), &width, &height, &channels, 1);
    if (!pixels) return std::string("not a PNG that can be read: ") + stbi_failure_reason();
    std::string problem;
    if (width < 2 || height < 2 || width > 4097 || height > 4097)
        problem = "is " + std::to_string(width) + " x " + std::to_string(height) +
                  " pixels; a height field needs 2 to 4097 in each direction";
    else {
        shape.rows = height;
        shape.columns = width;
        shape.heights.resize(size_t(width) * size_t(height));
        for (size_t i = 0; i < shape.heights.size(); ++i) shape.heights[i] = scale * float(pixels[i]) / 65535.0f;
    }
    stbi_image_free(pixels);
    return problem;
}

bool readMesh(const Json& v, const std::string& path, const BodyContext& ctx, ShapeDef& shape) {
    Checker& check = ctx.check;
    bool ok = true, hasVertices = false, hasIndices = false;
    std::string file;
    const std::vector<Field> fields{
        {"type", [](const Json&, const std::string&) {}},
        {"vertices", [&](const Json& j, const std::string& p) { hasVertices = true, ok &= readVertices(j, p, check, shape.points); }},
        {"indices", [&](const Json& j, const std::string& p) { hasIndices = true, ok &= readIndices(j, p, check, shape.triangles); }},
        {"file", [&](const Json& j, const std::string& p) { ok &= readString(j, p, check, file); }},
        {"twoSided", [&](const Json& j, const std::string& p) { ok &= readBool(j, p, check, shape.twoSided); }},
    };
    readObject(v, path, check, fields);
    if (!ok) return false;
    const std::string filePath = childPath(path, "file");
    if (!file.empty() && (hasVertices || hasIndices)) {
        check.error(filePath, "give either file or vertices and indices, not both");
        return false;
    }
    if (file.empty() && !(hasVertices && hasIndices)) {
        check.error(path, "a mesh needs vertices and indices, or file");
        return false;
    }
    if (!file.empty()) {
        const std::string full = besideScene(check, file);
        std::string problem = fileProblem(file, full);
        if (problem.empty()) problem = readObj(full, ctx.limits.maxFileBytes, shape.points, shape.triangles);
        if (!problem.empty()) {
            check.error(filePath, problem.rfind("cannot read", 0) == 0 ? problem : "'" + file + "' " + problem);
            return false;
        }
    }
    std::string error;
    size_t bad = 0;
    shape.mesh = buildTriangleMesh(shape.points, shape.triangles, shape.twoSided, error, &bad);
    if (!shape.mesh) {
        // Inline, the entry at fault has a path of its own; from a file, the file is at fault.
        const bool aboutTriangle = error.rfind("triangle ", 0) == 0;
        if (!file.empty()) check.error(filePath, "'" + file + "': " + error);
        else check.error(aboutTriangle ? indexPath(childPath(path, "indices"), bad) : childPath(path, "indices"), error);
        return false;
    }
    return true;
}

bool readHeightField(const Json& v, const std::string& path, const BodyContext& ctx, ShapeDef& shape) {
    Checker& check = ctx.check;
    bool ok = true, hasRows = false, hasColumns = false, hasHeights = false, hasScale = false;
    std::string png;
    float heightScale = 1.0f;
    const std::vector<Field> fields{
        {"type", [](const Json&, const std::string&) {}},
        {"rows", [&](const Json& j, const std::string& p) { hasRows = true, ok &= readInt(j, p, check, shape.rows, kGridRange); }},
        {"columns", [&](const Json& j, const std::string& p) { hasColumns = true, ok &= readInt(j, p, check, shape.columns, kGridRange); }},
        {"cellSize", [&](const Json& j, const std::string& p) { ok &= readCellSize(j, p, check, shape.cellSize); }},
        {"heights", [&](const Json& j, const std::string& p) {
             hasHeights = true;
             if (!j.is_array()) {
                 check.error(p, "must be an array of rows x columns heights, got " + describe(j));
                 ok = false;
                 return;
             }
             if (j.size() > size_t(4097) * 4097) {
                 check.error(p, "has " + std::to_string(j.size()) + " heights, more than a 4097 x 4097 grid");
                 ok = false;
                 return;
             }
             shape.heights.resize(j.size());
             for (size_t i = 0; i < j.size(); ++i) ok &= readFloat(j[i], indexPath(p, i), check, shape.heights[i], kHeightRange);
         }},
        {"png", [&](const Json& j, const std::string& p) { ok &= readString(j, p, check, png); }},
        {"heightScale", [&](const Json& j, const std::string& p) { hasScale = true, ok &= readFloat(j, p, check, heightScale, kHeightRange); }},
    };
    readObject(v, path, check, fields);
    if (!ok) return false;
    const std::string pngPath = childPath(path, "png");
    if (!png.empty()) {
        if (hasRows || hasColumns || hasHeights) {
            check.error(pngPath, "give either png or rows, columns and heights, not both");
            return false;
        }
        const std::string full = besideScene(check, png);
        std::string problem = fileProblem(png, full);
        if (problem.empty()) {
            problem = readPngHeights(full, heightScale, shape);
            if (!problem.empty()) problem = "'" + png + "' " + problem;
        }
        if (!problem.empty()) {
            check.error(pngPath, problem);
            return false;
        }
    } else {
        if (hasScale) {
            check.error(childPath(path, "heightScale"), "only scales a png's values; give png too");
            return false;
        }
        if (!(hasRows && hasColumns && hasHeights)) {
            check.error(path, "a height field needs rows, columns and heights, or png");
            return false;
        }
    }
    std::string error;
    shape.mesh = buildHeightFieldMesh(shape.rows, shape.columns, shape.cellSize, shape.heights, error);
    if (!shape.mesh) {
        check.error(png.empty() ? childPath(path, "heights") : pngPath, error);
        return false;
    }
    return true;
}

} // namespace

bool readMeshShape(const Json& v, const std::string& path, const BodyContext& ctx, ShapeType type, ShapeDef& out) {
    ShapeDef shape;
    shape.type = type;
    const size_t errorsBefore = ctx.check.count();
    const bool ok = type == ShapeType::Mesh ? readMesh(v, path, ctx, shape) : readHeightField(v, path, ctx, shape);
    if (!ok || ctx.check.count() != errorsBefore) return false;
    out = std::move(shape);
    return true;
}

std::string readObj(const std::string& path, size_t maxBytes, std::vector<glm::vec3>& vertices,
                    std::vector<std::array<uint32_t, 3>>& triangles) {
    std::error_code ec;
    const uintmax_t size = std::filesystem::file_size(path, ec);
    if (ec) return "cannot read the file size: " + ec.message();
    if (size > maxBytes)
        return "is " + std::to_string(size) + " bytes, more than the limit of " + std::to_string(maxBytes);
    std::ifstream in(path);
    if (!in) return "cannot be opened";
    vertices.clear();
    triangles.clear();
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
        std::istringstream words(line);
        std::string kind;
        words >> kind;
        const std::string at = "line " + std::to_string(number) + ": ";
        if (kind == "v") {
            std::string text[3];
            glm::vec3 p(0.0f);
            for (int k = 0; k < 3; ++k) {
                words >> text[k];
                char* end = nullptr;
                p[k] = std::strtof(text[k].c_str(), &end);
                if (text[k].empty() || *end != '\0') return at + "a vertex needs three numbers, got '" + line + "'";
                if (!std::isfinite(p[k]) || std::fabs(p[k]) > 1e4f)
                    return at + "vertex " + std::to_string(vertices.size()) + " has a coordinate '" + text[k] +
                           "' outside [-10000, 10000]";
            }
            vertices.push_back(p);
        } else if (kind == "f") {
            std::vector<uint32_t> corners;
            for (std::string word; words >> word;) {
                char* end = nullptr;
                const long i = std::strtol(word.c_str(), &end, 10); // "7/2/5": the vertex is 7
                const long count = long(vertices.size());
                if (end == word.c_str() || i == 0 || i > count || i < -count)
                    return at + "face corner '" + word + "' is not one of the " + std::to_string(count) +
                           " vertices listed before it";
                corners.push_back(uint32_t(i > 0 ? i - 1 : count + i));
            }
            if (corners.size() < 3) return at + "a face needs at least 3 corners";
            for (size_t k = 1; k + 1 < corners.size(); ++k) {
                if (triangles.size() == kMaxMeshTriangles)
                    return at + "more than the limit of " + std::to_string(kMaxMeshTriangles) + " triangles";
                triangles.push_back({corners[0], corners[k], corners[k + 1]});
            }
        }
    }
    if (triangles.empty()) return "has no faces";
    return "";
}

} // namespace tumble::scene
