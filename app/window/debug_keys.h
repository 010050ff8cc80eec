#pragma once
/// \file debug_keys.h
/// Single keys for the main debug layers, as MuJoCo's and Bullet's viewers have them: 1 to 9
/// toggle a layer of DebugDrawOptions. Input, the View menu, the Debug draw panel's tooltips
/// and the Help panel read this one table.
#include "tumble/debug_draw.h"

#include <string_view>

namespace tumble::app {

struct DebugLayerKey {
    char key;                             ///< '1' .. '9'
    bool DebugDrawOptions::*flag;
    const char* name;                     ///< the flag's scene-file name (debugDraw.<name>)
};

inline constexpr DebugLayerKey kDebugLayerKeys[] = {
    {'1', &DebugDrawOptions::contacts, "contacts"},       {'2', &DebugDrawOptions::normals, "normals"},
    {'3', &DebugDrawOptions::impulses, "impulses"},       {'4', &DebugDrawOptions::penetration, "penetration"},
    {'5', &DebugDrawOptions::featureIds, "featureIds"},   {'6', &DebugDrawOptions::aabbs, "aabbs"},
    {'7', &DebugDrawOptions::islands, "islands"},         {'8', &DebugDrawOptions::joints, "joints"},
    {'9', &DebugDrawOptions::velocities, "velocities"},
};

/// The layer a key toggles, or null.
inline const DebugLayerKey* debugLayerForKey(char key) {
    for (const DebugLayerKey& k : kDebugLayerKeys)
        if (k.key == key) return &k;
    return nullptr;
}

/// The key of a layer by its flag name, or 0 when it has none.
inline char debugLayerKeyOf(std::string_view name) {
    for (const DebugLayerKey& k : kDebugLayerKeys)
        if (name == k.name) return k.key;
    return 0;
}

} // namespace tumble::app
