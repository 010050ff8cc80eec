// A body's path through the recording (tumble/recorder.h, recordedPath): what the app's trail
// and onion skin draw.
#include "tumble/recorder.h"

#include <algorithm>

namespace tumble {

std::vector<RecordedPose> recordedPath(const Recorder& recorder, uint32_t ordinal, uint64_t from,
                                       uint64_t to, uint64_t every) {
    std::vector<RecordedPose> path;
    if (recorder.empty()) return path;
    every = std::max<uint64_t>(every, 1);
    to = std::min(to, recorder.lastStep());
    // Before an edit of the bodies an ordinal may have named another body: the path starts
    // where `to`'s bodies do.
    from = std::max(from, recorder.epochStart(to));
    if (from > to) return path;
    // The first multiple of `every` at or after `from`.
    uint64_t step = (from + every - 1) / every * every;
    path.reserve(static_cast<size_t>((to - std::min(step, to)) / every + 1));
    for (; step <= to; step += every) {
        RecordedPose pose;
        pose.step = step;
        if (recorder.poseAt(step, ordinal, pose.position, pose.orientation)) path.push_back(pose);
    }
    return path;
}

} // namespace tumble
