#pragma once
/// \file headless.h
/// Runs a scene without a window and writes the JSON report of shared/SCENE_FORMAT.md.
#include <string>
#include <vector>

namespace tumble::app {

/// Most steps one headless run or sweep run takes: 10 million steps are 46 hours of
/// simulated time at 60 Hz, and keep the per-step timings (8 bytes a step) under 100 MB.
inline constexpr long kMaxSteps = 10'000'000;

/// "" when `steps` is in [minSteps, kMaxSteps], else the message for --steps.
inline std::string stepsProblem(long steps, long minSteps) {
    if (steps >= minSteps && steps <= kMaxSteps) return "";
    return "must be in [" + std::to_string(minSteps) + ", " + std::to_string(kMaxSteps) +
           "], got " + std::to_string(steps);
}

struct HeadlessOptions {
    std::string scenePath;
    long steps = 600;                     ///< physics steps to take
    std::vector<std::string> overrides;   ///< "--set KEY=VALUE" assignments, in order
    std::string reportPath;               ///< "" none, "-" stdout, else a file
    std::vector<std::string> traceNames;  ///< bodies whose position/velocity are traced every step
    bool contacts = false;                ///< list the manifolds at the end
    std::string snapshotOut;              ///< write a snapshot at the end
    std::string bugReport;                ///< write a bug-report folder (bug_report.h) at the end
    int verifySteps = 120;                ///< steps the bug report's replay takes
    bool quiet = false;                   ///< no summary on stdout
    bool summary = false;                 ///< print a short human summary
    long probeStep = 0;                   ///< --solver-probe: probe this step (1-based) into the report; 0 none
    std::string compare;                  ///< --compare ENGINE: run a peer in lockstep ("" none, "bullet")
};

/// Exit status: 0 done, 2 bad input (message on stderr), 3 non-finite simulation.
int runHeadless(const HeadlessOptions& options);

/// `--import FILE.bullet --out FILE.json`: write the scene a .bullet file imports to, its
/// unmapped items on stderr. Exit status: 0 written, 2 bad input or unwritable output.
int runImport(const std::string& bulletPath, const std::string& jsonPath);

} // namespace tumble::app
