#pragma once
/// \file headless.h
/// Runs a scene without a window and writes the JSON report of shared/SCENE_FORMAT.md.
#include <string>
#include <vector>

namespace tumble::app {

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

} // namespace tumble::app
