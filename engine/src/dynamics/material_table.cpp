#include "dynamics/material_table.h"

#include <algorithm>
#include <cmath>

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
    return c;
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
    for (int i = 0; i < count_; ++i) {
        for (int j = 0; j < count_; ++j) {
            const Material& a = materials[i];
            const Material& b = materials[j];
            const MaterialPair* o = overrides.empty() ? nullptr : findOverride(overrides, a.name, b.name);
            cells_[i * count_ + j] = o ? PairMaterial{o->restitution, o->staticFriction, o->dynamicFriction, true}
                                       : combinePair(a, b, settings);
        }
    }
}

} // namespace tumble
