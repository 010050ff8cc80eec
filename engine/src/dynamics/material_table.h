#pragma once
// The material-pair table: each cell is the friction and restitution two materials have
// together, from the combine rules in Settings unless the scene or the Materials panel
// overrides the cell.
#include "tumble/material.h"
#include "tumble/settings.h"

#include <vector>

namespace tumble {

/// Combine two per-material values with a rule.
float combine(CombineRule rule, float a, float b);

struct PairMaterial {
    float restitution = 0.0f;
    float staticFriction = 0.0f;
    float dynamicFriction = 0.0f;
    float rollingResistance = 0.0f; ///< m
    float torsionalFriction = 0.0f; ///< m
    bool overridden = false;   ///< the cell comes from a MaterialPair, not the rules
};

/// The cell an override sets.
PairMaterial overrideCell(const MaterialPair& o);

/// A cell from the combine rules alone.
PairMaterial combinePair(const Material& a, const Material& b, const Settings& settings);
/// The override of the (unordered) pair of names, or null.
const MaterialPair* findOverride(const std::vector<MaterialPair>& overrides, const std::string& a,
                                 const std::string& b);

/// Dense N x N table, rebuilt each step (N is small) so edits are live at the next step.
class MaterialTable {
public:
    void rebuild(const std::vector<Material>& materials, const std::vector<MaterialPair>& overrides,
                 const Settings& settings);
    const PairMaterial& at(int a, int b) const { return cells_[a * count_ + b]; }

private:
    int count_ = 0;
    std::vector<PairMaterial> cells_;
};

} // namespace tumble
