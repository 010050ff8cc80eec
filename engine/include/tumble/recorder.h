#pragma once
/// \file recorder.h
/// Record and rewind: every step's state in a ring buffer with a memory budget, so a user
/// can go back to the step where something went wrong and look at it exactly as it was.
///
/// Each recorded step keeps the state after it (tumble/snapshot.h, packed: what the next
/// step reads and nothing else), the Settings it ran with, the watchdog's flags and the
/// state hash. Seeking to step k restores step k - 1 and runs step k again, so the contacts,
/// impulses and solver figures on screen are the ones step k produced, bit for bit (the
/// re-run state is checked against the recorded bytes), and the recorded timings and
/// counters are put back; the oldest recorded step, having no predecessor, is restored
/// directly.
///
/// A recording goes on through edits of the world's bodies (a body dropped, thrown or
/// deleted between two steps): each edit starts an epoch, the steps from the edit on, whose
/// definition (the world as a snapshot scene) rebuilds the world when a seek crosses into it.
/// The first step of an epoch has no predecessor with its bodies, so it is restored directly.
#include "tumble/settings.h"
#include "tumble/snapshot.h"
#include "tumble/world.h"

#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <vector>

namespace tumble {

/// Steps the watchdog flagged (a marker on the timeline): a run of consecutive steps with
/// the same flags is one marker, so a body "too fast" for 500 steps is one mark, not 500.
struct RecordedMarker {
    uint64_t step = 0;      ///< the first flagged step of the run
    uint64_t lastStep = 0;  ///< the last (== step for a single step)
    StepFlags flags;
};

/// An edit of the bodies the recording went on through: the steps from `step` on ran with
/// the bodies as they were after it.
struct RecordedEdit {
    uint64_t step = 0;
    std::string label; ///< what changed, e.g. "dropped 'dropped 3'"
};

struct SceneDef;

class Recorder {
public:
    static constexpr size_t kDefaultBudget = size_t{256} << 20; ///< bytes (256 MiB)

    explicit Recorder(size_t budgetBytes = kDefaultBudget) : budget_(budgetBytes) {}

    /// Bytes the recording may hold; lowering it drops the oldest steps at once.
    void setBudget(size_t bytes);
    size_t budget() const { return budget_; }
    /// Bytes held now (packed states plus each step's fixed record); never above budget().
    size_t bytesUsed() const { return used_; }

    void clear();
    /// Record the world as it is after its last step (and once after loading, for step 0).
    /// Steps are kept contiguous: recording step k drops any recorded step >= k first (a new
    /// future forks there), and a gap (a step that was not recorded) starts a new recording.
    void record(const World& world);

    bool empty() const { return frames_.empty(); }
    size_t size() const { return frames_.size(); }
    uint64_t firstStep() const { return frames_.empty() ? 0 : frames_.front().step; }
    uint64_t lastStep() const { return frames_.empty() ? 0 : frames_.back().step; }
    bool contains(uint64_t step) const;
    /// The watchdog's flags of a recorded step (none when not recorded).
    StepFlags flags(uint64_t step) const;
    /// Every recorded step the watchdog flagged, oldest first.
    std::vector<RecordedMarker> markers() const;
    /// Bytes of the most recent step's record (the README's bytes-per-step figure).
    size_t lastStepBytes() const { return frames_.empty() ? 0 : frameBytes(frames_.back()); }

    /// Put `world` (built from the same scene, same bodies and joints) into the state after
    /// `step`, with that step's Settings. Returns false and sets `error` when the step is
    /// not recorded or the world does not match; `error` also carries a warning (with true)
    /// when the re-run step did not reproduce the recorded state (the world was edited since)
    /// and the recorded state was restored directly instead.
    /// A step in another epoch than the world's rebuilds `world` from that epoch's definition
    /// first (handles of the old world may then name other bodies: seekRebuilds() says when).
    bool seek(World& world, uint64_t step, std::string* error = nullptr);

    /// The recorded state after `step` and the Settings that step ran with; false when the step
    /// is not recorded or its record is damaged.
    bool stateAt(uint64_t step, WorldState& state, Settings& settings) const;
    /// The pose of one body (by ordinal) after `step`, read without unpacking the whole state:
    /// position in m (centre of mass), orientation as recorded. False when the step is not
    /// recorded or has no such body.
    bool poseAt(uint64_t step, uint32_t ordinal, glm::vec3& position, glm::quat& orientation) const;

    /// Take over another recording (a promoted fork's): its steps replace this one's from its
    /// first step on, and this recording's earlier steps stay when they lead up to it without a
    /// gap (else only `later`'s steps remain). `later` is left empty.
    void continueWith(Recorder&& later);

    /// Forget every step after `step` (resuming from a rewound step forks a new future).
    void truncateAfter(uint64_t step);

    /// The world's bodies or joints were just edited after its current step s (recorded or
    /// the step after the last): the steps after s are dropped, and step s is recorded again
    /// as the first of a new epoch defined by `after` (the edited world as a snapshot scene,
    /// sceneOfWorld). `before` defines the steps up to the edit; it is needed only for the
    /// first edit of a recording (needsDefinitionBeforeEdit()), and may be null otherwise.
    void recordEdit(const World& world, std::string label, std::shared_ptr<const SceneDef> after,
                    std::shared_ptr<const SceneDef> before);
    bool needsDefinitionBeforeEdit() const { return epochs_.empty(); }
    /// The edits inside the recording, oldest first (the Timeline's edit marks).
    std::vector<RecordedEdit> edits() const;
    /// The first recorded step with the same bodies as `step` (its epoch's start).
    uint64_t epochStart(uint64_t step) const;
    /// Seeking to `step` would rebuild the world (it lies in another epoch than the world's).
    bool seekRebuilds(uint64_t step) const;

private:
    struct Frame {
        uint64_t step = 0;
        Settings settings;
        StepFlags flags;
        Profile profile;              ///< ms per stage, as the step reported them
        Counters counters;
        std::vector<std::byte> state; ///< packed WorldState (world/state_codec.h)
    };
    static size_t frameBytes(const Frame& f) { return sizeof(Frame) + f.state.capacity(); }
    const Frame* find(uint64_t step) const;
    void dropOldestToFit();
    /// Append the world's current step (the last frame must be its predecessor, or none).
    void pushFrame(const World& world);

    /// Steps from `firstStep` on (to the next epoch's) ran with the bodies `definition` builds.
    struct Epoch {
        uint64_t serial = 0;
        uint64_t firstStep = 0;
        std::string label;
        std::shared_ptr<const SceneDef> definition;
    };
    /// Empty while the recording has had no edit (one epoch: the world's own bodies).
    std::deque<Epoch> epochs_;
    uint64_t worldEpoch_ = 0; ///< serial of the epoch the recorded world is in
    uint64_t nextSerial_ = 1;
    const Epoch* epochOf(uint64_t step) const;
    /// Drop epochs that start after `step` and those wholly before the first frame.
    void trimEpochs(uint64_t lastKept);

    std::deque<Frame> frames_;
    WorldState scratch_;             ///< reused by record(): no allocation per body per step
    std::vector<uint32_t> ordinal_;  ///< body slot -> ordinal, for the packed contacts
    /// Pack the world as it is now into `out` (record() and seek()'s check share it).
    void pack(const World& world, std::vector<std::byte>& out);
    size_t budget_;
    size_t used_ = 0;
};

/// A body's pose after one recorded step (a point of its recorded path).
struct RecordedPose {
    uint64_t step = 0;
    glm::vec3 position{0.0f};                      ///< m, centre of mass
    glm::quat orientation{1.0f, 0.0f, 0.0f, 0.0f};
};

/// The path of body `ordinal` through the recording: its pose after each recorded step s in
/// [from, to] with s a multiple of `every` (1: every step; 0 counts as 1), oldest first. Steps
/// outside the recording are left out, and so are steps before the edit of the bodies that
/// `to` follows (an ordinal may have named another body then). Taking multiples of `every` rather than every k-th step
/// after `from` keeps the chosen steps fixed while a window [from, to] slides along, so poses
/// drawn from them (the onion skin) stay put instead of crawling.
std::vector<RecordedPose> recordedPath(const Recorder& recorder, uint32_t ordinal, uint64_t from,
                                       uint64_t to, uint64_t every = 1);

} // namespace tumble
