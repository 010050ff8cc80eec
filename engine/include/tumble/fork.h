#pragma once
/// \file fork.h
/// A/B forks: variants of the main world, split off at one step with other settings, that step
/// in lockstep with it so a user sees what a knob changed. Each fork starts from the main
/// world's exact state (bit for bit, through a snapshot of it), keeps its own recording so it
/// follows the main world when that is rewound, and tracks how far it has drifted from it
/// (tumble/divergence.h).
#include "tumble/divergence.h"
#include "tumble/recorder.h"
#include "tumble/scene.h"
#include "tumble/world.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tumble {

/// A world bit for bit like `world`: the same bodies (including those added since the scene
/// was loaded), joints, settings, materials and state, so that stepping both gives the same
/// states. Built by reading back a snapshot of it (writeSnapshot): `scene` supplies what a
/// snapshot takes from the scene (hull points as given, name, camera). False and `error` when
/// the snapshot does not read back (it always should: a failure is a bug worth reporting).
bool copyWorld(const SceneDef& scene, const World& world, World& out, std::string& error);

/// J, kinetic plus potential: what a fork's energy difference compares.
double totalEnergy(const World& world);

/// One variant.
struct Fork {
    std::string name;              ///< given by a scene's `forks` key ("" when made in the app)
    std::string label;             ///< the name, or what differs ("solver.method=jacobi")
    std::vector<std::string> changes; ///< the dotted-key assignments applied to its settings
    World world;
    Recorder recorder;             ///< its own steps since the fork
    uint64_t forkStep = 0;         ///< the main world's step it was split off at
    DivergenceTrack divergence;    ///< against the main world, one sample per step since the fork
    /// True while the fork is at the main world's step (it is hidden when the main world was
    /// rewound to before the fork, or to a step the fork did not record).
    bool inStep = true;
};

/// Up to kMaxForks variants of one main world.
class Forks {
public:
    static constexpr size_t kMaxForks = 4;
    /// A fork's recording budget (bytes): forks share the machine with the main recording.
    static constexpr size_t kForkBudget = size_t{64} << 20;

    /// Split a variant off the main world as it is now, with `changes` ("key=value" assignments
    /// as --set takes them) applied to its settings. Returns "" on success, else why nothing was
    /// added (too many forks, a bad assignment: named with its value).
    std::string add(const SceneDef& scene, const World& main, const std::vector<std::string>& changes,
                    const std::string& name = "");

    /// The Tumble forks a scene file lists (SceneDef::forks; a Bullet fork is the caller's to
    /// start), split off the main world just built from it; a snapshot's fork is put in its own
    /// saved state. Returns "" or the first error.
    std::string addSceneForks(const SceneDef& scene, const World& main);

    /// After the main world took a step: each fork at the step before takes its own, is
    /// recorded and compared. A fork the main world left behind (rewound and resumed from a
    /// step before the fork) is hidden until the main world is back at a step it has.
    void follow(const World& main);

    /// The main world was put at its step (rewind, seek): every fork goes to the same step from
    /// its own recording, or is hidden when it has no such step.
    void seek(const World& main);

    /// Take fork i out (its world becomes the caller's, to promote it to the main world).
    Fork take(size_t i);
    void remove(size_t i);
    void clear() { forks_.clear(); }

    size_t size() const { return forks_.size(); }
    bool empty() const { return forks_.empty(); }
    const Fork& operator[](size_t i) const { return forks_[i]; }
    Fork& operator[](size_t i) { return forks_[i]; }

private:
    void compare(Fork& f, const World& main);
    void compare(Fork& f, const World& main, const std::vector<glm::vec3>& mainPositions, double mainEnergy);
    std::vector<Fork> forks_;
};

} // namespace tumble
