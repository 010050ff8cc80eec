#pragma once
/// \file mesh_reader.h
/// The `mesh` and `heightfield` shapes of scene files: inline, from a Wavefront OBJ file, or
/// (height fields) from a greyscale PNG, files named relative to the scene file.
#include "scene/body_reader.h"

namespace tumble::scene {

/// Read a shape object whose `type` is mesh or heightfield (`type` says which), building its
/// TriangleMesh into `out.mesh`. Returns true when it is valid.
bool readMeshShape(const Json& v, const std::string& path, const BodyContext& ctx, ShapeType type,
                   ShapeDef& out);

/// The vertices and triangles of an OBJ file's `v` and `f` lines (faces of more than three
/// corners fanned from their first; `f 1/2/3` and negative indices accepted). Returns "" or
/// what is wrong, with the line number.
std::string readObj(const std::string& path, size_t maxBytes, std::vector<glm::vec3>& vertices,
                    std::vector<std::array<uint32_t, 3>>& triangles);

} // namespace tumble::scene
