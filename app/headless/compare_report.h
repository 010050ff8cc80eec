#pragma once
/// \file compare_report.h
/// `--compare ENGINE`: the scene run by a peer engine in lockstep with Tumble, and the
/// report's `compare` section: the peer's name and version, what could not be carried over,
/// each run's final energy and positions, and how far the runs drift apart step by step
/// (tumble/divergence.h).
#include "tumble/bullet_world.h"
#include "tumble/divergence.h"
#include "tumble/world.h"

#include <nlohmann/json.hpp>

#include <memory>
#include <string>
#include <vector>

namespace tumble::app {

/// The engines --compare takes, for messages: "bullet".
inline constexpr const char* kCompareEngines = "bullet";
/// True for a name in kCompareEngines.
bool isCompareEngine(const std::string& name);

/// The peer run beside a Tumble world.
class CompareRun {
public:
    /// Map `world` as it is now into the peer `engine` (a name isCompareEngine accepts).
    CompareRun(const std::string& engine, const World& world);

    /// What the peer could not carry over, one sentence each.
    const std::vector<std::string>& unmapped() const { return peer_.unmapped(); }
    /// Step the peer once and compare it with `world`, which has just stepped.
    void step(const World& world);
    /// The report's `compare` object. Samples: every step up to 1000 steps, then every
    /// ceil(steps / 1000)-th step and the last.
    nlohmann::json report(const World& world) const;
    /// One line for --summary.
    std::string summary() const;

private:
    std::string engine_;
    BulletWorld peer_;
    DivergenceTrack track_;
    std::vector<std::string> names_; ///< by ordinal: the body's name, or "#<ordinal>"
};

} // namespace tumble::app
