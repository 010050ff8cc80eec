#pragma once
/// \file bug_report.h
/// Bug-report folders: a snapshot of the world at one step plus report.json, which holds the
/// hash the snapshot reaches after a number of steps, so that `tumble --verify DIR` can tell
/// on any machine whether the replay still ends in exactly the saved state.
///
/// A folder holds snapshot.json (a scene file with a `state` section), report.json and, when
/// the window wrote it, screenshot.png. report.json's keys: `format` ("tumble-bug-report"),
/// `version` (1), `scene`, `sceneFile`, `step`, `verifySteps`, `expectedHash` (16 hex
/// digits), `settings` (as used), `camera` and `replay` (how to replay it, in words).
/// --verify reads `step`, `verifySteps` and `expectedHash`; the rest is for people.
#include "tumble/scene.h"
#include "tumble/world.h"

#include <cstdint>
#include <string>

namespace tumble::app {

/// Replay lengths --verify accepts: long enough to see a bug grow, short enough to run in CI.
inline constexpr int kMinVerifySteps = 1;
inline constexpr int kMaxVerifySteps = 100000;

/// The fields of report.json that --verify reads.
struct ReportFields {
    uint64_t expectedHash = 0; ///< World::stateHash() expected after verifySteps steps
    int verifySteps = 0;       ///< steps the replay takes, in [kMinVerifySteps, kMaxVerifySteps]
    bool hasStep = false;      ///< report.json names the step the snapshot was taken at
    uint64_t step = 0;         ///< that step, when hasStep
};

/// Check report.json's text (already read; `file` names it in the message) into `out`.
/// Returns the first problem, or a SceneError with an empty message when the report is good.
/// Never throws; nesting deeper than kMaxJsonDepth is refused before the parser runs.
SceneError parseBugReport(const std::string& text, const std::string& file, ReportFields& out);

/// What writeBugReport did.
struct BugReportResult {
    bool ok = false;
    std::string error;         ///< why nothing (or not everything) was written, when !ok
    std::string folder;        ///< the folder written, as given
    uint64_t expectedHash = 0; ///< World::stateHash() of the snapshot after verifySteps steps
    int verifySteps = 0;       ///< steps the replay takes
};

/// Write a bug-report folder: snapshot.json (writeSnapshot of `scene` and `world`, i.e. the
/// scene at the world's current step with its exact state, opening with `camera`) and
/// report.json, and nothing else (the window adds screenshot.png). The expected hash is
/// computed by parsing the snapshot text just written, building a world from it, running
/// `verifySteps` steps and taking stateHash(), so that --verify replays exactly what was
/// saved. Creates the folder and its parents; fails with a clear error if it cannot write,
/// or if verifySteps is outside [kMinVerifySteps, kMaxVerifySteps].
BugReportResult writeBugReport(const std::string& folder, const SceneDef& scene, const World& world,
                               const CameraDef& camera, int verifySteps = 120);

/// `tumble --verify DIR`: load DIR/report.json and DIR/snapshot.json, replay verifySteps steps
/// without a window and compare stateHash() with expectedHash. Returns the exit status:
/// 0 match and 1 mismatch (one line on stdout: the hash got, the steps and, on a mismatch, the
/// hash expected), 2 bad input (missing files, malformed report.json: the message names the file,
/// the JSON path and the value), 3 the replay turned non-finite.
int verifyBugReport(const std::string& folder);

/// A state hash as written in reports: 16 lower-case hex digits.
std::string formatHash(uint64_t hash);

/// Default folder for a report: "bugreports/<scene file stem>-step<N>", with the stem of
/// scene.sourcePath, or else the scene's name with spaces (and path separators) as '-'.
std::string defaultBugReportFolder(const SceneDef& scene, uint64_t step);

} // namespace tumble::app
