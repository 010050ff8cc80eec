// Sweeps (sweep.h): parsing the question, the runs on worker threads, the CSV and the headless
// runner's table. The chart is in sweep_chart.cpp.
#include "headless/sweep.h"

#include "headless/headless.h"

#include "tumble/world.h"

#include <glm/geometric.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>

namespace tumble::app {
namespace {

/// Median of a sample (by copy: it is reordered).
double median(std::vector<double> v) {
    if (v.empty()) return 0.0;
    std::nth_element(v.begin(), v.begin() + std::ptrdiff_t(v.size() / 2), v.end());
    return v[v.size() / 2];
}

/// Everything any metric reads from one run, gathered while it steps.
struct RunMeasures {
    double displacement = 0.0; ///< m, largest over the dynamic bodies at the end
    double energyDrift = 0.0;  ///< J, end minus start
    double penetration = 0.0;  ///< m, deepest over the run
    double msPerStep = 0.0;    ///< ms, median
    double iterations = 0.0;   ///< mean velocity passes per step
};

double metricValue(const RunMeasures& m, const std::string& name) {
    if (name == "displacement") return m.displacement;
    if (name == "energyDrift") return m.energyDrift;
    if (name == "penetration") return m.penetration;
    if (name == "msPerStep") return m.msPerStep;
    return m.iterations;
}

bool isTiming(const std::string& metric) { return metric == "msPerStep"; }

/// Largest distance a dynamic body's centre moved from `start` (by body order).
double largestDisplacement(const World& world, const std::vector<BodyId>& ids, const std::vector<glm::vec3>& start) {
    double largest = 0.0;
    for (size_t k = 0; k < ids.size(); ++k)
        if (world.body(ids[k]).type == BodyType::Dynamic)
            largest = std::max(largest, double(glm::length(world.body(ids[k]).position - start[k])));
    return largest;
}

/// Run the scene once with the swept value and measure every metric of the plan. Checks the
/// stop flag before each step: a cancelled run comes back unfinished.
SweepRow runOne(const SweepPlan& plan, double value, const std::atomic<bool>& stop) {
    SweepRow row;
    row.value = value;
    SceneDef scene = plan.scene;
    // The sweep already runs one world per core: each steps on one thread (the same bits as
    // at any count), unless the thread count is what is swept.
    if (plan.key != "threads") scene.settings.threads = 1;
    row.error = applySettingOverride(scene.settings, sweepAssignment(plan.key, value));
    if (!row.error.empty()) return row;
    World world = buildWorld(scene);
    const std::vector<BodyId> ids = world.bodyIds();
    std::vector<glm::vec3> start;
    for (BodyId id : ids) start.push_back(world.body(id).position);
    const double energy0 = world.kineticEnergy() + world.potentialEnergy();
    std::vector<double> ms;
    RunMeasures m;
    double passes = 0.0;
    long taken = 0;
    for (; taken < plan.steps && !world.hasNonFinite(); ++taken) {
        if (stop.load(std::memory_order_relaxed)) return row;
        const auto t0 = std::chrono::steady_clock::now();
        world.step();
        const auto t1 = std::chrono::steady_clock::now();
        ms.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
        m.penetration = std::max(m.penetration, double(world.counters().maxPenetration));
        passes += world.solverStats().velocityIterations;
    }
    row.nonFinite = world.hasNonFinite();
    m.displacement = largestDisplacement(world, ids, start);
    m.energyDrift = world.kineticEnergy() + world.potentialEnergy() - energy0;
    m.msPerStep = median(ms);
    m.iterations = taken > 0 ? passes / double(taken) : 0.0;
    for (const std::string& name : plan.metrics) row.metrics.push_back(metricValue(m, name));
    row.finished = true;
    return row;
}

std::string metricHeading(const std::string& name) {
    const SweepMetric* m = findSweepMetric(name);
    return name + " (" + (m ? m->unit : "") + ")";
}

} // namespace

const std::vector<SweepMetric>& sweepMetrics() {
    static const std::vector<SweepMetric> metrics = {
        {"displacement", "m", "the largest distance a dynamic body's centre moved from where it started"},
        {"energyDrift", "J", "total energy (kinetic + potential) at the end minus at the start"},
        {"penetration", "m", "the deepest overlap of any contact over the run"},
        {"msPerStep", "ms", "median time of a step (runs one after another, not side by side)"},
        {"iterations", "passes", "mean velocity passes per step (below velocityIterations when solver.tolerance stops them)"},
    };
    return metrics;
}

const SweepMetric* findSweepMetric(const std::string& name) {
    for (const SweepMetric& m : sweepMetrics())
        if (name == m.name) return &m;
    return nullptr;
}

bool parseSweepRange(const std::string& range, std::vector<double>& values, std::string& error) {
    double from = 0.0, to = 0.0, step = 0.0;
    char tail = 0;
    if (std::sscanf(range.c_str(), "%lf:%lf:%lf%c", &from, &to, &step, &tail) != 3) {
        error = "the range must be FROM:TO:STEP (numbers), got '" + range + "'";
        return false;
    }
    if (!(step > 0.0) || !(from <= to) || !std::isfinite(from) || !std::isfinite(to)) {
        error = "the range needs FROM <= TO and STEP > 0, got '" + range + "'";
        return false;
    }
    const double count = std::floor((to - from) / step + 1e-6) + 1.0;
    if (count > 1000.0) {
        error = "at most 1000 values, '" + range + "' gives " + std::to_string(long(count));
        return false;
    }
    values.clear();
    for (long k = 0; k < long(count); ++k) values.push_back(from + step * double(k));
    return true;
}

bool parseSweepMetrics(const std::string& text, std::vector<std::string>& names, std::string& error) {
    std::vector<std::string> parsed;
    for (size_t start = 0;;) {
        const size_t comma = text.find(',', start);
        parsed.push_back(text.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
        if (comma == std::string::npos) break;
        start = comma + 1;
    }
    if (parsed.size() > kMaxSweepMetrics) {
        error = "at most two metrics (a quality and a cost, A,B), got '" + text + "'";
        return false;
    }
    std::string choices;
    for (const SweepMetric& m : sweepMetrics()) choices += (choices.empty() ? "" : ", ") + std::string(m.name);
    for (const std::string& name : parsed)
        if (!findSweepMetric(name)) {
            error = "unknown metric '" + name + "' in '" + text + "' (choices: " + choices + ")";
            return false;
        }
    if (parsed.size() == 2 && parsed[0] == parsed[1]) {
        error = "the two metrics are the same, got '" + text + "'";
        return false;
    }
    names = parsed;
    return true;
}

std::string sweepAssignment(const std::string& key, double value) {
    char text[64];
    if (value == std::floor(value) && std::fabs(value) < 1e9)
        std::snprintf(text, sizeof text, "%.0f", value);
    else
        std::snprintf(text, sizeof text, "%.9g", value);
    return key + "=" + text;
}

std::string checkSweepValues(const Settings& settings, const std::string& key, const std::vector<double>& values) {
    for (double v : values) {
        Settings probe = settings;
        if (std::string why = applySettingOverride(probe, sweepAssignment(key, v)); !why.empty())
            return sweepAssignment(key, v) + ": " + why;
    }
    return "";
}

std::vector<std::string> numericSettingKeys() {
    std::vector<std::string> keys;
    std::function<void(const nlohmann::json&, const std::string&)> walk = [&](const nlohmann::json& j,
                                                                             const std::string& prefix) {
        for (auto it = j.begin(); it != j.end(); ++it) {
            const std::string path = prefix.empty() ? it.key() : prefix + "." + it.key();
            if (it->is_object()) walk(*it, path);
            else if (it->is_number()) keys.push_back(path);
        }
    };
    walk(settingsToJson(Settings{}), "");
    return keys;
}

unsigned sweepWorkerCount(const SweepPlan& plan) {
    if (std::any_of(plan.metrics.begin(), plan.metrics.end(), isTiming)) return 1;
    const unsigned wanted = plan.workers > 0 ? plan.workers : std::max(1u, std::thread::hardware_concurrency());
    return std::max(1u, std::min<unsigned>(wanted, unsigned(plan.values.size())));
}

std::vector<SweepRow> runSweepJob(const SweepPlan& plan, SweepControl& control) {
    // Independent worlds: side by side, each run deterministic on its own.
    std::vector<SweepRow> rows(plan.values.size());
    for (size_t i = 0; i < rows.size(); ++i) rows[i].value = plan.values[i];
    std::atomic<size_t> next{0};
    auto work = [&]() {
        for (size_t i = next++; i < plan.values.size() && !control.stop.load(); i = next++) {
            rows[i] = runOne(plan, plan.values[i], control.stop);
            if (!rows[i].finished) continue;
            const size_t done = ++control.done;
            if (control.onRunDone) control.onRunDone(done);
        }
    };
    std::vector<std::thread> threads;
    for (unsigned t = 1; t < sweepWorkerCount(plan); ++t) threads.emplace_back(work);
    work();
    for (std::thread& t : threads) t.join();
    return rows;
}

void SweepJob::start(SweepPlan plan) {
    cancel();
    plan_ = std::move(plan);
    rows_.clear();
    control_.done = 0;
    control_.stop = false;
    complete_.store(false, std::memory_order_release);
    thread_ = std::thread([this]() {
        std::vector<SweepRow> rows = runSweepJob(plan_, control_);
        rows_ = std::move(rows);
        complete_.store(true, std::memory_order_release);
    });
}

void SweepJob::cancel() {
    control_.stop = true;
    if (thread_.joinable()) thread_.join();
}

const std::vector<SweepRow>& SweepJob::rows() {
    static const std::vector<SweepRow> none;
    if (!complete_.load(std::memory_order_acquire)) return none;
    if (thread_.joinable()) thread_.join();
    return rows_;
}

bool writeSweepCsv(const std::string& path, const std::string& key, const std::vector<std::string>& metrics,
                   const std::vector<SweepRow>& rows) {
    std::ofstream csv(path);
    csv << key;
    for (const std::string& m : metrics) csv << "," << metricHeading(m);
    csv << ",nonFinite\n";
    for (const SweepRow& r : rows) {
        if (!r.finished) continue;
        char cell[64];
        std::snprintf(cell, sizeof cell, "%.9g", r.value);
        csv << cell;
        for (double v : r.metrics) {
            std::snprintf(cell, sizeof cell, ",%.9g", v);
            csv << cell;
        }
        csv << "," << (r.nonFinite ? 1 : 0) << "\n";
    }
    return bool(csv);
}

namespace {

/// KEY=FROM:TO:STEP into the key and its values; false with the message on stderr.
bool parseSweepArgument(const std::string& sweep, std::string& key, std::vector<double>& values) {
    const size_t equals = sweep.find('=');
    if (equals == std::string::npos || equals == 0) {
        std::cerr << "tumble: --sweep: must be KEY=FROM:TO:STEP, got '" << sweep << "'\n";
        return false;
    }
    key = sweep.substr(0, equals);
    std::string error;
    if (!parseSweepRange(sweep.substr(equals + 1), values, error)) {
        std::cerr << "tumble: --sweep: " << error << "\n";
        return false;
    }
    return true;
}

/// The scene file with the --set overrides applied; false with the message on stderr.
bool loadSweptScene(const SweepOptions& o, SceneDef& scene) {
    SceneLoadResult loaded = loadSceneFile(o.scenePath);
    if (!loaded.ok()) {
        std::cerr << loaded.errorText();
        return false;
    }
    for (const std::string& a : o.overrides)
        if (std::string why = applySettingOverride(loaded.scene.settings, a); !why.empty()) {
            std::cerr << "tumble: --set " << a << ": " << why << "\n";
            return false;
        }
    scene = std::move(loaded.scene);
    return true;
}

void printSweepTable(const SweepOptions& o, const SweepPlan& plan, const std::vector<SweepRow>& rows) {
    std::printf("%s over %s, %ld steps each (%u at a time)\n", plan.key.c_str(), o.scenePath.c_str(), plan.steps,
                sweepWorkerCount(plan));
    for (const std::string& name : plan.metrics) std::printf("  %s: %s\n", name.c_str(), findSweepMetric(name)->help);
    std::printf("%14s", plan.key.c_str());
    for (const std::string& name : plan.metrics)
        std::printf("  %14s", (name + " " + findSweepMetric(name)->unit).c_str());
    std::printf("\n");
    for (const SweepRow& r : rows) {
        std::printf("%14.6g", r.value);
        for (double v : r.metrics) std::printf("  %14.6g", v);
        std::printf("%s\n", r.nonFinite ? "  (non-finite: the watchdog froze a body)" : "");
    }
}

} // namespace

int runSweep(const SweepOptions& o) {
    SweepPlan plan;
    std::string error;
    if (!parseSweepArgument(o.sweep, plan.key, plan.values)) return 2;
    if (!parseSweepMetrics(o.metric, plan.metrics, error)) {
        std::cerr << "tumble: --metric: " << error << "\n";
        return 2;
    }
    if (std::string problem = stepsProblem(o.steps, 1); !problem.empty()) {
        std::cerr << "tumble: --steps: " << problem << " (a sweep takes at least 1 step a run)\n";
        return 2;
    }
    plan.steps = o.steps;
    if (!loadSweptScene(o, plan.scene)) return 2;
    // Every value is checked before any run: a range that leaves the setting's bounds fails
    // here, naming the value, not after minutes of runs.
    if (std::string why = checkSweepValues(plan.scene.settings, plan.key, plan.values); !why.empty()) {
        std::cerr << "tumble: --sweep: " << why << "\n";
        return 2;
    }
    SweepControl control;
    const std::vector<SweepRow> rows = runSweepJob(plan, control);
    const std::string csvPath = o.out + ".csv", pngPath = o.out + ".png";
    if (!writeSweepCsv(csvPath, plan.key, plan.metrics, rows)) {
        std::cerr << "tumble: --sweep-out: cannot write " << csvPath << "\n";
        return 2;
    }
    if (!writeSweepPng(pngPath, plan.key, plan.metrics, rows)) {
        std::cerr << "tumble: --sweep-out: cannot write " << pngPath << "\n";
        return 2;
    }
    if (!o.quiet) {
        printSweepTable(o, plan, rows);
        std::printf("wrote %s and %s\n", csvPath.c_str(), pngPath.c_str());
    }
    const bool anyNonFinite = std::any_of(rows.begin(), rows.end(), [](const SweepRow& r) { return r.nonFinite; });
    return anyNonFinite ? 3 : 0;
}

} // namespace tumble::app
