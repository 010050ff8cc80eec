#pragma once
// Tumble's Settings as Bullet's solver info, and in words what has no counterpart.
#include "tumble/bullet_world.h"
#include "tumble/settings.h"

#include <string>
#include <vector>

struct btContactSolverInfo;

namespace tumble::peer {

/// printf into a message of the unmapped list.
void note(std::vector<std::string>& unmapped, const char* format, ...)
    __attribute__((format(printf, 2, 3)));

/// Fill Bullet's solver info from `s` (the world-wide knobs: iterations, position correction,
/// erp, slop, warm starting, restitution threshold, relaxation, cfm, tolerance, friction
/// directions) and append a sentence to `unmapped` for each setting Bullet has no
/// counterpart for. Per-body settings (sleeping, gyroscopic term, damping) are the
/// BulletWorld's to apply. With PeerTuning::BulletDefaults three knobs keep Bullet's values.
void mapSolverSettings(const Settings& s, PeerTuning tuning, btContactSolverInfo& info,
                       std::vector<std::string>& unmapped);

} // namespace tumble::peer
