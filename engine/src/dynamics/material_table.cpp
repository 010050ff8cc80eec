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

void MaterialTable::rebuild(const std::vector<Material>& materials,
                            const std::vector<MaterialPair>& overrides, const Settings& settings) {
    count_ = static_cast<int>(materials.size());
    cells_.assign(static_cast<size_t>(count_) * count_, {});
    for (int i = 0; i < count_; ++i) {
        for (int j = 0; j < count_; ++j) {
            const Material& a = materials[i];
            const Material& b = materials[j];
            PairMaterial& c = cells_[i * count_ + j];
            // Restitution is a fraction: keep the combined value a fraction too.
            c.restitution = std::clamp(combine(settings.restitutionCombine, a.restitution, b.restitution), 0.0f, 1.0f);
            c.staticFriction = combine(settings.frictionCombine, a.staticFriction, b.staticFriction);
            c.dynamicFriction = combine(settings.frictionCombine, a.dynamicFriction, b.dynamicFriction);
        }
    }
    for (const MaterialPair& o : overrides) {
        int i = -1, j = -1;
        for (int k = 0; k < count_; ++k) {
            if (materials[k].name == o.a) i = k;
            if (materials[k].name == o.b) j = k;
        }
        if (i < 0 || j < 0) continue;
        PairMaterial cell{o.restitution, o.staticFriction, o.dynamicFriction, true};
        cells_[i * count_ + j] = cell;
        cells_[j * count_ + i] = cell;
    }
}

} // namespace tumble
