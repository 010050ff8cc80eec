#pragma once
/// \file generators.h
/// Generators: scene-file entries that expand into many bodies named "<name>/<index>", and
/// for some (chain, ragdoll) the joints between them.
/// A generator is read in two steps so the body cap is checked before anything is
/// allocated: reading validates its keys and says how many bodies it will make; emitting
/// makes them. Adding a generator is one reader function and one table entry
/// (generators.cpp).
#include "scene/body_reader.h"

#include <cstdint>

namespace tumble::scene {

/// A validated generator, ready to expand.
struct GeneratorPlan {
    std::string name;                                   ///< prefix of the bodies' names
    int64_t count = 0;                                  ///< bodies it will make
    std::function<void(std::vector<BodyDef>&)> emit;    ///< appends exactly `count` bodies
    /// Appends the joints between its bodies (which it names by body name); empty for
    /// generators that make loose bodies.
    std::function<void(std::vector<SceneJointDef>&)> emitJoints;
};

/// Read `generators[i]` at `path`. Returns true and fills `plan` when it is valid.
bool readGenerator(const Json& v, const std::string& path, const BodyContext& ctx,
                   GeneratorPlan& plan);

/// The generator type names, in table order (for messages and documentation).
std::vector<std::string_view> generatorTypes();

} // namespace tumble::scene
