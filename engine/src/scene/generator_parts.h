#pragma once
/// \file generator_parts.h
/// Pieces every generator reader shares (generators.cpp, generators_jointed.cpp).
#include "scene/generators.h"

#include <algorithm>
#include <initializer_list>

namespace tumble::scene {

/// `name`: the prefix of the generated bodies' names.
inline Field nameField(Checker& check, std::string& name) {
    return {"name", [&check, &name](const Json& j, const std::string& p) {
                readString(j, p, check, name);
            }};
}

/// A count such as rows or columns: an integer in [1, maxBodies]. Each factor is capped by
/// the body limit, so a product of three of them fits in 64 bits.
inline Field countField(std::string_view key, const BodyContext& ctx, int& target) {
    return {key, [&ctx, &target](const Json& j, const std::string& p) {
                readInt(j, p, ctx.check, target, Range::closed(1.0, ctx.limits.maxBodies));
            }};
}

/// Append the body reader's fields whose keys are in `wanted`, writing into `def`, so a
/// generator's `material` is checked exactly like a body's (same lookup, same message).
inline void addSomeBodyFields(std::vector<Field>& fields, BodyDef& def, BodyKeys& keys,
                       const BodyContext& ctx, std::initializer_list<std::string_view> wanted) {
    std::vector<Field> all;
    addBodyFields(all, def, keys, ctx, false);
    for (Field& f : all)
        if (std::find(wanted.begin(), wanted.end(), f.key) != wanted.end())
            fields.push_back(std::move(f));
}

/// The checks every generator shares, after its object was read. Returns true when the
/// generator had no error at all.
inline bool finishGenerator(const BodyKeys& keys, const BodyContext& ctx, const std::string& name) {
    if (name.empty()) ctx.check.error(childPath(keys.path, "name"), "must not be empty");
    return ctx.check.count() == keys.errorsBefore;
}

/// A dynamic box body of the given half extents, the template every box generator copies.
inline BodyDef boxTemplate(const glm::vec3& halfExtents) {
    BodyDef box;
    box.shape.type = ShapeType::Box;
    box.shape.halfExtents = halfExtents;
    return box;
}

inline std::string bodyName(const std::string& prefix, int64_t index) {
    return prefix + "/" + std::to_string(index);
}


bool readChain(const Json& v, const std::string& path, const BodyContext& ctx, GeneratorPlan& plan);
bool readRagdoll(const Json& v, const std::string& path, const BodyContext& ctx, GeneratorPlan& plan);

} // namespace tumble::scene
