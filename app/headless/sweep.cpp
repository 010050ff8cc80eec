// Sweeps (sweep.h): the runs, the table, the CSV and the chart.
#include "headless/sweep.h"

#include "tumble/scene.h"
#include "tumble/world.h"

#include <stb_image_write.h>

#include <glm/geometric.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <thread>

namespace tumble::app {
namespace {

/// One run's outcome.
struct SweepRun {
    double value = 0.0;
    double metric = 0.0;
    bool nonFinite = false;
    std::string error;      ///< the value did not apply to the setting
};

/// Median of a sample (by copy: it is reordered).
double median(std::vector<double> v) {
    if (v.empty()) return 0.0;
    std::nth_element(v.begin(), v.begin() + v.size() / 2, v.end());
    return v[v.size() / 2];
}

/// The assignment "key=value" with the value written so that it reads back as given (an
/// integer setting takes "4", not "4.000000").
std::string assignment(const std::string& key, double value) {
    char text[64];
    if (value == std::floor(value) && std::fabs(value) < 1e9)
        std::snprintf(text, sizeof text, "%.0f", value);
    else
        std::snprintf(text, sizeof text, "%.9g", value);
    return key + "=" + text;
}

/// Run the scene once with the swept value and measure the metric.
SweepRun runOne(const SceneDef& base, const std::string& key, double value, const std::string& metric, long steps) {
    SweepRun r;
    r.value = value;
    SceneDef scene = base;
    r.error = applySettingOverride(scene.settings, assignment(key, value));
    if (!r.error.empty()) return r;
    World world = buildWorld(scene);
    std::vector<glm::vec3> start;
    std::vector<BodyId> ids = world.bodyIds();
    for (BodyId id : ids) start.push_back(world.body(id).position);
    const double energy0 = world.kineticEnergy() + world.potentialEnergy();
    std::vector<double> ms;
    double deepest = 0.0, iterations = 0.0;
    long taken = 0;
    for (; taken < steps && !world.hasNonFinite(); ++taken) {
        const auto t0 = std::chrono::steady_clock::now();
        world.step();
        const auto t1 = std::chrono::steady_clock::now();
        ms.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
        deepest = std::max(deepest, double(world.counters().maxPenetration));
        iterations += world.solverStats().velocityIterations;
    }
    r.nonFinite = world.hasNonFinite();
    if (metric == "displacement") {
        for (size_t k = 0; k < ids.size(); ++k)
            if (world.body(ids[k]).type == BodyType::Dynamic)
                r.metric = std::max(r.metric, double(glm::length(world.body(ids[k]).position - start[k])));
    } else if (metric == "energyDrift") {
        r.metric = world.kineticEnergy() + world.potentialEnergy() - energy0;
    } else if (metric == "penetration") {
        r.metric = deepest;
    } else if (metric == "msPerStep") {
        r.metric = median(ms);
    } else if (metric == "iterations") {
        r.metric = taken > 0 ? iterations / double(taken) : 0.0;
    }
    return r;
}

// --- the chart -----------------------------------------------------------------------------

/// A 3 x 5 pixel font for the axis labels: digits, '.', '-', '+', 'e'.
const char* glyph(char c) {
    switch (c) {
    case '0': return "111101101101111";
    case '1': return "010110010010111";
    case '2': return "111001111100111";
    case '3': return "111001111001111";
    case '4': return "101101111001001";
    case '5': return "111100111001111";
    case '6': return "111100111101111";
    case '7': return "111001010010010";
    case '8': return "111101111101111";
    case '9': return "111101111001111";
    case '.': return "000000000000010";
    case '-': return "000000111000000";
    case '+': return "000010111010000";
    case 'e': return "000111111100111";
    default: return "000000000000000";
    }
}

struct Canvas {
    int width, height;
    std::vector<unsigned char> rgb;
    Canvas(int w, int h) : width(w), height(h), rgb(size_t(w) * size_t(h) * 3, 0) {}
    void dot(int x, int y, const unsigned char c[3]) {
        if (x < 0 || y < 0 || x >= width || y >= height) return;
        unsigned char* p = &rgb[(size_t(y) * size_t(width) + size_t(x)) * 3];
        p[0] = c[0], p[1] = c[1], p[2] = c[2];
    }
    void fill(const unsigned char c[3]) {
        for (int y = 0; y < height; ++y)
            for (int x = 0; x < width; ++x) dot(x, y, c);
    }
    void line(int x0, int y0, int x1, int y1, const unsigned char c[3], int thick = 1) {
        const int steps = std::max(std::abs(x1 - x0), std::abs(y1 - y0)) + 1;
        for (int i = 0; i <= steps; ++i) {
            const int x = x0 + (x1 - x0) * i / steps, y = y0 + (y1 - y0) * i / steps;
            for (int dx = 0; dx < thick; ++dx)
                for (int dy = 0; dy < thick; ++dy) dot(x + dx, y + dy, c);
        }
    }
    /// Text at scale `s` (each font pixel s x s), left edge x, top y.
    void text(int x, int y, const std::string& s, const unsigned char c[3], int scale = 2) {
        for (char ch : s) {
            const char* g = glyph(ch);
            for (int row = 0; row < 5; ++row)
                for (int col = 0; col < 3; ++col)
                    if (g[row * 3 + col] == '1')
                        for (int a = 0; a < scale; ++a)
                            for (int b = 0; b < scale; ++b) dot(x + col * scale + a, y + row * scale + b, c);
            x += 4 * scale;
        }
    }
};

std::string shortNumber(double v) {
    char text[32];
    std::snprintf(text, sizeof text, "%.3g", v);
    return text;
}

/// Metric against value: axes with the range of each at their ends, the points joined.
bool writeChart(const std::string& path, const std::vector<SweepRun>& runs) {
    Canvas c(720, 420);
    const unsigned char background[3] = {33, 36, 43}, axis[3] = {170, 170, 170}, grid[3] = {60, 64, 74},
                        curve[3] = {90, 180, 255}, bad[3] = {255, 110, 110};
    c.fill(background);
    double lo = 0.0, hi = 0.0;
    bool first = true;
    for (const SweepRun& r : runs)
        if (r.error.empty() && std::isfinite(r.metric)) {
            lo = first ? r.metric : std::min(lo, r.metric);
            hi = first ? r.metric : std::max(hi, r.metric);
            first = false;
        }
    if (hi <= lo) hi = lo + 1.0;
    const int left = 90, right = c.width - 20, top = 20, bottom = c.height - 50;
    for (int k = 0; k <= 4; ++k) {
        const int y = top + (bottom - top) * k / 4;
        c.line(left, y, right, y, grid);
        c.text(8, y - 5, shortNumber(hi - (hi - lo) * k / 4.0), axis);
    }
    c.line(left, top, left, bottom, axis, 2);
    c.line(left, bottom, right, bottom, axis, 2);
    const double x0 = runs.front().value, x1 = runs.back().value > x0 ? runs.back().value : x0 + 1.0;
    c.text(left, bottom + 14, shortNumber(runs.front().value), axis);
    const std::string last = shortNumber(runs.back().value);
    c.text(right - int(last.size()) * 8, bottom + 14, last, axis);
    int px = -1, py = -1;
    for (const SweepRun& r : runs) {
        if (!r.error.empty() || !std::isfinite(r.metric)) continue;
        const int x = left + int((right - left) * (r.value - x0) / (x1 - x0));
        const int y = bottom - int((bottom - top) * (r.metric - lo) / (hi - lo));
        if (px >= 0) c.line(px, py, x, y, curve, 2);
        const unsigned char* mark = r.nonFinite ? bad : curve;
        for (int d = -3; d <= 3; ++d) c.line(x - 3, y + d, x + 3, y + d, mark);
        px = x, py = y;
    }
    return stbi_write_png(path.c_str(), c.width, c.height, 3, c.rgb.data(), c.width * 3) != 0;
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

int runSweep(const SweepOptions& o) {
    const size_t equals = o.sweep.find('=');
    if (equals == std::string::npos || equals == 0) {
        std::cerr << "tumble: --sweep: must be KEY=FROM:TO:STEP, got '" << o.sweep << "'\n";
        return 2;
    }
    const std::string key = o.sweep.substr(0, equals);
    std::vector<double> values;
    std::string error;
    if (!parseSweepRange(o.sweep.substr(equals + 1), values, error)) {
        std::cerr << "tumble: --sweep: " << error << "\n";
        return 2;
    }
    const auto& metrics = sweepMetrics();
    auto metric = std::find_if(metrics.begin(), metrics.end(), [&](const SweepMetric& m) { return o.metric == m.name; });
    if (metric == metrics.end()) {
        std::string names;
        for (const SweepMetric& m : metrics) names += (names.empty() ? "" : ", ") + std::string(m.name);
        std::cerr << "tumble: --metric: unknown metric '" << o.metric << "' (choices: " << names << ")\n";
        return 2;
    }
    if (o.steps < 1) {
        std::cerr << "tumble: --steps: a sweep needs at least 1 step, got " << o.steps << "\n";
        return 2;
    }
    SceneLoadResult loaded = loadSceneFile(o.scenePath);
    if (!loaded.ok()) {
        std::cerr << loaded.errorText();
        return 2;
    }
    for (const std::string& a : o.overrides)
        if (std::string why = applySettingOverride(loaded.scene.settings, a); !why.empty()) {
            std::cerr << "tumble: --set " << a << ": " << why << "\n";
            return 2;
        }
    // Every value is checked before any run: a range that leaves the setting's bounds fails
    // here, naming the value, not after minutes of runs.
    for (double v : values) {
        Settings probe = loaded.scene.settings;
        if (std::string why = applySettingOverride(probe, assignment(key, v)); !why.empty()) {
            std::cerr << "tumble: --sweep: " << assignment(key, v) << ": " << why << "\n";
            return 2;
        }
    }

    // Independent worlds: side by side on every core, each run deterministic on its own. The
    // timing metric runs them one at a time, so they do not share the machine.
    std::vector<SweepRun> runs(values.size());
    const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
    const unsigned workers = o.metric == "msPerStep" ? 1u : std::min<unsigned>(cores, unsigned(values.size()));
    std::atomic<size_t> next{0};
    auto work = [&]() {
        for (size_t i = next++; i < values.size(); i = next++)
            runs[i] = runOne(loaded.scene, key, values[i], o.metric, o.steps);
    };
    std::vector<std::thread> threads;
    for (unsigned t = 1; t < workers; ++t) threads.emplace_back(work);
    work();
    for (std::thread& t : threads) t.join();

    const std::string csvPath = o.out + ".csv", pngPath = o.out + ".png";
    std::ofstream csv(csvPath);
    csv << key << "," << metric->name << " (" << metric->unit << "),nonFinite\n";
    bool anyNonFinite = false;
    for (const SweepRun& r : runs) {
        char line[128];
        std::snprintf(line, sizeof line, "%.9g,%.9g,%d\n", r.value, r.metric, r.nonFinite ? 1 : 0);
        csv << line;
        anyNonFinite |= r.nonFinite;
    }
    if (!csv) {
        std::cerr << "tumble: --sweep-out: cannot write " << csvPath << "\n";
        return 2;
    }
    if (!writeChart(pngPath, runs)) {
        std::cerr << "tumble: --sweep-out: cannot write " << pngPath << "\n";
        return 2;
    }
    if (!o.quiet) {
        std::printf("%s over %s, %ld steps each (%u at a time); %s: %s\n", key.c_str(), o.scenePath.c_str(), o.steps,
                    workers, metric->name, metric->help);
        std::printf("%14s  %14s\n", key.c_str(), (std::string(metric->name) + " " + metric->unit).c_str());
        for (const SweepRun& r : runs)
            std::printf("%14.6g  %14.6g%s\n", r.value, r.metric, r.nonFinite ? "  (non-finite: the watchdog froze a body)" : "");
        std::printf("wrote %s and %s\n", csvPath.c_str(), pngPath.c_str());
    }
    return anyNonFinite ? 3 : 0;
}

} // namespace tumble::app
