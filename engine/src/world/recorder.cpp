// The recorder's ring buffer (tumble/recorder.h): packed states of contiguous steps, the
// oldest dropped first when the budget is reached.
#include "tumble/recorder.h"

#include "tumble/scene.h"
#include "world/state_codec.h"

#include <algorithm>

namespace tumble {

void Recorder::setBudget(size_t bytes) {
    budget_ = bytes;
    dropOldestToFit();
}

void Recorder::clear() {
    frames_.clear();
    epochs_.clear();
    used_ = 0;
}

void Recorder::record(const World& world) {
    const uint64_t step = world.stepCount();
    if (!frames_.empty()) {
        if (step == 0 || step < firstStep() || step > lastStep() + 1) clear();
        else truncateAfter(step - 1);
    }
    pushFrame(world);
}

void Recorder::recordEdit(const World& world, std::string label, std::shared_ptr<const SceneDef> after,
                          std::shared_ptr<const SceneDef> before) {
    const uint64_t step = world.stepCount();
    const bool continues = !frames_.empty() && step > firstStep() && step <= lastStep() + 1;
    if (!continues || (epochs_.empty() && before == nullptr)) {
        // Nothing before the edit to go back to (or nothing to rebuild it from): the edited
        // world starts the recording.
        clear();
        pushFrame(world);
        return;
    }
    truncateAfter(step - 1);
    if (epochs_.empty()) epochs_.push_back({nextSerial_++, firstStep(), "", std::move(before)});
    epochs_.push_back({nextSerial_++, step, std::move(label), std::move(after)});
    worldEpoch_ = epochs_.back().serial;
    pushFrame(world);
}

void Recorder::pushFrame(const World& world) {
    const uint64_t step = world.stepCount();
    Frame f;
    f.step = step;
    f.settings = world.settings();
    f.flags = world.stepFlags();
    f.profile = world.profile();
    f.counters = world.counters();
    // Once the budget is full, the oldest step makes room for this one and lends it its
    // buffer: recording then writes into memory it already holds instead of fresh pages the
    // system must clear first, which costs more than the packing itself. (The buffer keeps
    // its size, so only bytes past it are cleared again; bytesUsed() counts its capacity.)
    if (!frames_.empty() && used_ + frameBytes(frames_.back()) > budget_) {
        used_ -= frameBytes(frames_.front());
        f.state = std::move(frames_.front().state);
        frames_.pop_front();
    }
    pack(world, f.state);
    // A lent buffer too small grows by doubling: keep no more than a quarter to spare.
    if (f.state.capacity() > f.state.size() + f.state.size() / 4) f.state.shrink_to_fit();
    used_ += frameBytes(f);
    frames_.push_back(std::move(f));
    dropOldestToFit();
}

void Recorder::pack(const World& world, std::vector<std::byte>& out) {
    world.captureState(scratch_, false);
    const std::vector<BodyId> ids = world.bodyIds();
    ordinal_.assign(ids.empty() ? 0 : ids.back().index + 1, 0);
    for (uint32_t k = 0; k < ids.size(); ++k) ordinal_[ids[k].index] = k;
    packState(scratch_, world.contacts(), ordinal_, out);
}

void Recorder::dropOldestToFit() {
    while (!frames_.empty() && used_ > budget_) {
        used_ -= frameBytes(frames_.front());
        frames_.pop_front();
    }
    trimEpochs(lastStep());
}

void Recorder::trimEpochs(uint64_t lastKept) {
    while (!epochs_.empty() && (frames_.empty() || epochs_.back().firstStep > lastKept)) epochs_.pop_back();
    while (epochs_.size() > 1 && epochs_[1].firstStep <= firstStep()) epochs_.pop_front();
}

const Recorder::Epoch* Recorder::epochOf(uint64_t step) const {
    const Epoch* found = nullptr;
    for (const Epoch& e : epochs_)
        if (e.firstStep <= step) found = &e;
    return found;
}

uint64_t Recorder::epochStart(uint64_t step) const {
    const Epoch* e = epochOf(step);
    return e != nullptr ? std::max(e->firstStep, firstStep()) : firstStep();
}

bool Recorder::seekRebuilds(uint64_t step) const {
    const Epoch* e = epochOf(step);
    return e != nullptr && e->serial != worldEpoch_;
}

std::vector<RecordedEdit> Recorder::edits() const {
    std::vector<RecordedEdit> out;
    for (const Epoch& e : epochs_)
        if (!e.label.empty() && e.firstStep >= firstStep()) out.push_back({e.firstStep, e.label});
    return out;
}

const Recorder::Frame* Recorder::find(uint64_t step) const {
    if (frames_.empty() || step < firstStep() || step > lastStep()) return nullptr;
    return &frames_[static_cast<size_t>(step - firstStep())];
}

bool Recorder::contains(uint64_t step) const { return find(step) != nullptr; }

StepFlags Recorder::flags(uint64_t step) const {
    const Frame* f = find(step);
    return f != nullptr ? f->flags : StepFlags{};
}

std::vector<RecordedMarker> Recorder::markers() const {
    std::vector<RecordedMarker> out;
    auto sameFlags = [](const StepFlags& a, const StepFlags& b) {
        return a.nonFinite == b.nonFinite && a.tooFast == b.tooFast && a.tooDeep == b.tooDeep &&
               a.energyJump == b.energyJump && a.leftWorld == b.leftWorld;
    };
    for (const Frame& f : frames_) {
        if (!f.flags.any()) continue;
        if (!out.empty() && out.back().lastStep + 1 == f.step && sameFlags(out.back().flags, f.flags))
            out.back().lastStep = f.step;
        else
            out.push_back({f.step, f.step, f.flags});
    }
    return out;
}

void Recorder::truncateAfter(uint64_t step) {
    while (!frames_.empty() && frames_.back().step > step) {
        used_ -= frameBytes(frames_.back());
        frames_.pop_back();
    }
    trimEpochs(step);
}

void Recorder::continueWith(Recorder&& later) {
    // Its steps replace this recording's from its first on; the steps before stay when they
    // lead up to it without a gap.
    // The fork split off the world at first - 1, so its steps have that step's bodies: the
    // promoted world is in that epoch.
    const uint64_t first = later.firstStep();
    if (first == 0 || !contains(first - 1)) clear();
    else truncateAfter(first - 1);
    if (const Epoch* e = epochOf(first); e != nullptr) worldEpoch_ = e->serial;
    for (Frame& f : later.frames_) {
        used_ += frameBytes(f);
        frames_.push_back(std::move(f));
    }
    later.clear();
    dropOldestToFit();
}

bool Recorder::stateAt(uint64_t step, WorldState& state, Settings& settings) const {
    const Frame* frame = find(step);
    if (frame == nullptr || !unpackState(frame->state, state)) return false;
    settings = frame->settings;
    return true;
}

bool Recorder::poseAt(uint64_t step, uint32_t ordinal, glm::vec3& position, glm::quat& orientation) const {
    const Frame* frame = find(step);
    return frame != nullptr && unpackBodyPose(frame->state, ordinal, position, orientation);
}

bool Recorder::seek(World& world, uint64_t step, std::string* error) {
    auto fail = [&](const std::string& message) {
        if (error != nullptr) *error = message;
        return false;
    };
    const Frame* target = find(step);
    if (target == nullptr) return fail("step " + std::to_string(step) + " is not recorded");
    if (const Epoch* e = epochOf(step); e != nullptr && e->serial != worldEpoch_) {
        world = buildWorld(*e->definition);
        worldEpoch_ = e->serial;
    }
    WorldState state;
    std::string why;
    // The first step of an epoch ran from a world with other bodies: it is restored directly.
    const Frame* before = step > epochStart(step) ? find(step - 1) : nullptr;
    if (before != nullptr) {
        // Restore the step before with its own settings (so the step sees the same "settings
        // changed" test as it did), then run the step with the settings it ran with.
        if (!unpackState(before->state, state)) return fail("the recording is damaged");
        world.settings() = before->settings;
        if (!world.restoreState(state, &why)) return fail(why);
        world.settings() = target->settings;
        world.step();
        std::vector<std::byte> rerun;
        pack(world, rerun);
        if (rerun == target->state) {
            world.restoreFigures(target->profile, target->counters);
            if (error != nullptr) error->clear();
            return true;
        }
        why = "step " + std::to_string(step) +
              " ran differently than when it was recorded (a body or material was edited, or the "
              "contact cache cleared, since); "
              "showing the recorded state without that step's solver details";
    }
    if (!unpackState(target->state, state)) return fail("the recording is damaged");
    world.settings() = target->settings;
    std::string restoreError;
    if (!world.restoreState(state, &restoreError)) return fail(restoreError);
    world.restoreFigures(target->profile, target->counters);
    if (error != nullptr) *error = why;
    return true;
}

} // namespace tumble
