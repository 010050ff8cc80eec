// A/B forks (tumble/fork.h).
#include "tumble/fork.h"

#include <utility>

namespace tumble {

bool copyWorld(const SceneDef& scene, const World& world, World& out, std::string& error) {
    // The snapshot is the one description of a world that reads back bit for bit, whatever
    // was added or edited since the load (the snapshot tests check every catalogue scene).
    SceneLimits limits;
    limits.maxFileBytes = size_t{1} << 30; // a copy in memory, not a file from outside
    const SceneLoadResult read = parseScene(writeSnapshot(scene, world), "(copy of the world)", limits);
    if (!read.ok()) {
        error = read.errorText();
        return false;
    }
    out = buildWorld(read.scene);
    if (out.stateHash() != world.stateHash()) {
        error = "the copy of the world does not have its state hash";
        return false;
    }
    return true;
}

double totalEnergy(const World& world) { return world.kineticEnergy() + world.potentialEnergy(); }

std::string Forks::add(const SceneDef& scene, const World& main, const std::vector<std::string>& changes,
                       const std::string& name) {
    if (forks_.size() >= kMaxForks) return "at most " + std::to_string(kMaxForks) + " forks at once";
    Fork f;
    std::string error;
    if (!copyWorld(scene, main, f.world, error)) return error;
    // Every assignment is checked before any is kept: a bad one adds nothing.
    Settings settings = main.settings();
    for (const std::string& change : changes) {
        const std::string why = applySettingOverride(settings, change);
        if (!why.empty()) return why;
    }
    f.world.settings() = settings;
    f.changes = changes;
    f.name = name;
    for (const std::string& change : changes) f.label += (f.label.empty() ? "" : ", ") + change;
    if (f.label.empty()) f.label = "same settings";
    if (!name.empty()) f.label = name;
    f.forkStep = main.stepCount();
    f.recorder.setBudget(kForkBudget);
    f.recorder.record(f.world);
    compare(f, main);
    forks_.push_back(std::move(f));
    return {};
}

void Forks::compare(Fork& f, const World& main) { compare(f, main, bodyPositions(main), totalEnergy(main)); }

void Forks::compare(Fork& f, const World& main, const std::vector<glm::vec3>& mainPositions, double mainEnergy) {
    Divergence d = comparePositions(mainPositions, bodyPositions(f.world), main.stepCount());
    d.energyDifference = totalEnergy(f.world) - mainEnergy;
    f.divergence.add(d);
}

void Forks::follow(const World& main) {
    if (forks_.empty()) return;
    // The main world's side of every comparison, once for all the forks.
    const std::vector<glm::vec3> mainPositions = bodyPositions(main);
    const double mainEnergy = totalEnergy(main);
    for (Fork& f : forks_) {
        f.inStep = f.world.stepCount() + 1 == main.stepCount() && f.inStep;
        if (!f.inStep) continue;
        f.world.step();
        f.recorder.record(f.world);
        compare(f, main, mainPositions, mainEnergy);
    }
}

void Forks::seek(const World& main) {
    const uint64_t step = main.stepCount();
    for (Fork& f : forks_) {
        f.inStep = step >= f.forkStep && f.recorder.contains(step) && f.recorder.seek(f.world, step);
        if (f.inStep) compare(f, main);
    }
}

std::string Forks::addSceneForks(const SceneDef& scene, const World& main) {
    for (const ForkDef& def : scene.forks) {
        if (def.engine != "tumble") continue; // another engine's run is its caller's to start
        std::string error = add(scene, main, def.changes, def.name);
        if (!error.empty()) return error;
        if (!def.hasState) continue;
        Fork& f = forks_.back();
        if (!f.world.restoreState(def.state, &error)) {
            forks_.pop_back();
            return error;
        }
        // It has its own past: its recording and its drift start again from here.
        f.forkStep = f.world.stepCount();
        f.inStep = f.forkStep == main.stepCount();
        f.recorder.clear();
        f.recorder.record(f.world);
        f.divergence.clear();
        if (f.inStep) compare(f, main);
    }
    return {};
}

Fork Forks::take(size_t i) {
    Fork f = std::move(forks_.at(i));
    forks_.erase(forks_.begin() + static_cast<std::ptrdiff_t>(i));
    return f;
}

void Forks::remove(size_t i) {
    if (i < forks_.size()) forks_.erase(forks_.begin() + static_cast<std::ptrdiff_t>(i));
}

} // namespace tumble
