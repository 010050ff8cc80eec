#include "dynamics/material_table.h"

#include <algorithm>
#include <cmath>
#include <string_view>
#include <unordered_map>

namespace tumble {

float combine(CombineRule rule, float a, float b) {
    switch (rule) {
    case CombineRule::GeometricMean: return std::sqrt(a * b);
    case CombineRule::Pythagorean: return std::sqrt(a * a + b * b);
    case CombineRule::Average: return 0.5f * (a + b);
    case CombineRule::Min: return std::min(a, b);
    case CombineRule::Max: return std::max(a, b);
    case CombineRule::Multiply: return a * b;
    }
    return 0.5f * (a + b);
}

PairMaterial combinePair(const Material& a, const Material& b, const Settings& settings) {
    PairMaterial c;
    // Restitution is a fraction: keep the combined value a fraction too.
    c.restitution = std::clamp(combine(settings.restitutionCombine, a.restitution, b.restitution), 0.0f, 1.0f);
    c.staticFriction = combine(settings.frictionCombine, a.staticFriction, b.staticFriction);
    c.dynamicFriction = combine(settings.frictionCombine, a.dynamicFriction, b.dynamicFriction);
    c.rollingResistance = combine(settings.rollingCombine, a.rollingResistance, b.rollingResistance);
    c.torsionalFriction = combine(settings.rollingCombine, a.torsionalFriction, b.torsionalFriction);
    return c;
}

PairMaterial overrideCell(const MaterialPair& o) {
    return {o.restitution, o.staticFriction, o.dynamicFriction, o.rollingResistance, o.torsionalFriction, true};
}

const MaterialPair* findOverride(const std::vector<MaterialPair>& overrides, const std::string& a,
                                 const std::string& b) {
    for (const MaterialPair& p : overrides)
        if ((p.a == a && p.b == b) || (p.a == b && p.b == a)) return &p;
    return nullptr;
}

void MaterialTable::rebuild(const std::vector<Material>& materials,
                            const std::vector<MaterialPair>& overrides, const Settings& settings) {
    count_ = static_cast<int>(materials.size());
    cells_.resize(static_cast<size_t>(count_) * count_);
    for (int i = 0; i < count_; ++i)
        for (int j = 0; j < count_; ++j)
            cells_[i * count_ + j] = combinePair(materials[i], materials[j], settings);
    // Each override is written into its cells once (searching the overrides per cell cost
    // N^2 x pairs: 256 materials and 1000 pairs took seconds). Last to first, so the first
    // override of a pair wins, as findOverride finds it.
    std::unordered_map<std::string_view, std::vector<int>> indices;
    for (int i = 0; i < count_; ++i) indices[materials[i].name].push_back(i);
    for (auto o = overrides.rbegin(); o != overrides.rend(); ++o) {
        auto a = indices.find(o->a), b = indices.find(o->b);
        if (a == indices.end() || b == indices.end()) continue;
        const PairMaterial cell = overrideCell(*o);
        for (int i : a->second)
            for (int j : b->second) {
                cells_[i * count_ + j] = cell;
                cells_[j * count_ + i] = cell;
            }
    }
}

} // namespace tumble
