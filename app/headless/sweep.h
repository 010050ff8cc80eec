#pragma once
/// \file sweep.h
/// Sweeps: one setting stepped over a range, the scene run once per value, one or two metrics
/// measured at each (`tumble --sweep KEY=FROM:TO:STEP --metric A[,B] SCENE`, and the Plots
/// tab's "Sweep a setting"). Runs are independent worlds, so they run side by side on worker
/// threads (except the timing metric, which needs the machine to itself). The job
/// (runSweepJob, SweepJob) knows nothing of the window or the command line; the headless
/// runner prints a table and writes the rows as CSV and a chart as PNG with the same writers
/// the window's Export buttons use.
#include "tumble/scene.h"

#include <atomic>
#include <cstddef>
#include <functional>
#include <string>
#include <thread>
#include <vector>

namespace tumble::app {

struct SweepOptions {
    std::string scenePath;
    std::string sweep;                   ///< "KEY=FROM:TO:STEP"
    std::string metric = "displacement"; ///< "A" or "A,B": names of sweepMetrics()
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
/// The metric called `name`, or null.
const SweepMetric* findSweepMetric(const std::string& name);

/// The most metrics one sweep measures: a quality and a cost.
inline constexpr size_t kMaxSweepMetrics = 2;

/// The values FROM, FROM + STEP, ... up to TO (within a millionth of STEP); false and `error`
/// (naming the text) when the range is not "FROM:TO:STEP" with STEP > 0, FROM <= TO and at
/// most 1000 values.
bool parseSweepRange(const std::string& range, std::vector<double>& values, std::string& error);

/// "A" or "A,B" into metric names; false and `error` (naming the value) when there are more
/// than kMaxSweepMetrics, one is empty, unknown or named twice.
bool parseSweepMetrics(const std::string& text, std::vector<std::string>& names, std::string& error);

/// The assignment "key=value" with the value written so that it reads back as given (an
/// integer setting takes "4", not "4.000000").
std::string sweepAssignment(const std::string& key, double value);

/// Empty when every value applies to `key` of `settings`; else the first that does not, with
/// the validator's reason ("solver.erp=1.5: ... must be in [0, 1]").
std::string checkSweepValues(const Settings& settings, const std::string& key, const std::vector<double>& values);

/// The dotted paths of the settings that take a single number (as --set names them), sorted:
/// what a sweep can step.
std::vector<std::string> numericSettingKeys();

/// What one sweep runs: the scene (with its settings as they should be before the swept one
/// changes), the setting, its values and what to measure.
struct SweepPlan {
    SceneDef scene;
    std::string key;                  ///< dotted settings path, e.g. "solver.velocityIterations"
    std::vector<double> values;       ///< one run per value, in this order
    std::vector<std::string> metrics; ///< 1 or 2 names of sweepMetrics(); the first is the quality
    long steps = 600;                 ///< physics steps per run
    unsigned workers = 0;             ///< threads at most; 0 every core. Timing metrics use 1
};

/// One run's outcome.
struct SweepRow {
    double value = 0.0;
    std::vector<double> metrics; ///< one per SweepPlan::metrics, same order
    bool finished = false;       ///< ran all its steps (false: cancelled before or during it)
    bool nonFinite = false;      ///< the world turned non-finite (the watchdog froze a body)
    std::string error;           ///< the value did not apply to the setting
};

/// Shared between a running job and whoever watches it: progress out, the stop request in.
struct SweepControl {
    std::atomic<size_t> done{0};  ///< runs finished so far
    std::atomic<bool> stop{false}; ///< set to cancel: checked between steps and between runs
    /// Called on the worker thread after each finished run with the new `done` (may be empty).
    std::function<void(size_t done)> onRunDone;
};

/// The threads a plan runs on: `workers` (or every core), never more than its values, and one
/// when a metric is a timing (runs side by side would slow each other).
unsigned sweepWorkerCount(const SweepPlan& plan);

/// Run every value of the plan (side by side on sweepWorkerCount threads) and return a row
/// per value in the plan's order. A stop request ends the runs under way between steps and
/// starts no more; their rows, and the rows never started, have finished == false.
std::vector<SweepRow> runSweepJob(const SweepPlan& plan, SweepControl& control);

/// A sweep on its own thread, so a window keeps drawing while it runs. Owns a copy of the plan;
/// the destructor cancels and joins.
class SweepJob {
public:
    SweepJob() = default;
    SweepJob(const SweepJob&) = delete;
    SweepJob& operator=(const SweepJob&) = delete;
    ~SweepJob() { cancel(); }

    /// Start `plan` (cancelling one under way first).
    void start(SweepPlan plan);
    /// Ask the runs to stop and wait for the thread; rows() then holds what finished.
    void cancel();
    /// A job was started and its thread has not finished.
    bool running() const { return thread_.joinable() && !complete_.load(std::memory_order_acquire); }
    /// Runs finished so far, of total().
    size_t done() const { return control_.done.load(); }
    size_t total() const { return plan_.values.size(); }
    const SweepPlan& plan() const { return plan_; }
    /// The rows, once the thread is over (joins it); empty while running.
    const std::vector<SweepRow>& rows();

private:
    SweepPlan plan_;
    SweepControl control_;
    std::vector<SweepRow> rows_;
    std::atomic<bool> complete_{false};
    std::thread thread_;
};

/// KEY,A (unit)[,B (unit)],nonFinite then a row per finished run. False when it cannot be written.
bool writeSweepCsv(const std::string& path, const std::string& key, const std::vector<std::string>& metrics,
                   const std::vector<SweepRow>& rows);
/// The chart: the first metric against the value; with two metrics, beside it the first
/// (quality, y) against the second (cost, x), the points joined in the order of the value and
/// labelled with it. Axis titles: the setting under x, the metric and unit along y.
bool writeSweepPng(const std::string& path, const std::string& key, const std::vector<std::string>& metrics,
                   const std::vector<SweepRow>& rows);

/// Exit status: 0 done, 2 bad input (message on stderr), 3 a run turned non-finite (its row
/// says so; the others are still written).
int runSweep(const SweepOptions& options);

} // namespace tumble::app
