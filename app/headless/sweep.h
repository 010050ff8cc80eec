#pragma once
/// \file sweep.h
/// Sweeps: one setting stepped over a range, the scene run once per value, a metric measured
/// at each (`tumble --sweep KEY=FROM:TO:STEP --metric NAME SCENE`). Prints a table and writes
/// the table as CSV and a chart as PNG. Runs are independent worlds, so they run side by side
/// on every core (except the timing metric, which needs the machine to itself).
#include <string>
#include <vector>

namespace tumble::app {

struct SweepOptions {
    std::string scenePath;
    std::string sweep;                   ///< "KEY=FROM:TO:STEP"
    std::string metric = "displacement"; ///< a name of sweepMetrics()
    long steps = 600;                    ///< physics steps per run
    std::vector<std::string> overrides;  ///< --set assignments applied before the swept one
    std::string out = "sweep";           ///< writes OUT.csv and OUT.png
    bool quiet = false;
};

/// A metric a sweep can measure.
struct SweepMetric {
    const char* name;
    const char* unit;
    const char* help;
};
const std::vector<SweepMetric>& sweepMetrics();

/// The values FROM, FROM + STEP, ... up to TO (within a millionth of STEP); false and `error`
/// (naming the text) when the range is not "FROM:TO:STEP" with STEP > 0, FROM <= TO and at
/// most 1000 values.
bool parseSweepRange(const std::string& range, std::vector<double>& values, std::string& error);

/// Exit status: 0 done, 2 bad input (message on stderr), 3 a run turned non-finite (its row
/// says so; the others are still written).
int runSweep(const SweepOptions& options);

} // namespace tumble::app
