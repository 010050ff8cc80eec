// tumble: the command line. Parses arguments, then runs the window or a headless run.
#include "headless/bug_report.h"
#include "headless/headless.h"
#include "headless/sweep.h"
#include "window/paths.h"
#include "window_app.h"
#include "window/session_memory.h"

#include "tumble/scene.h"

#include <CLI/CLI.hpp>

#include <cstdio>
#include <filesystem>
#include <iostream>

namespace {

/// The first sentence of a description: up to a full stop followed by a space or the end
/// (so "0.5 m" or "e.g." mid-sentence do not cut it), or the end of the first line.
std::string firstSentence(const std::string& text) {
    size_t end = text.find('\n');
    if (end == std::string::npos) end = text.size();
    for (size_t i = 0; i < end; ++i) {
        if (text[i] == '.' && (i + 1 == end || text[i + 1] == ' ')) return text.substr(0, i + 1);
    }
    return text.substr(0, end);
}

/// Print the catalogue grouped by topic: a heading per topic (sceneTopics() order, as
/// listScenes sorts), then one line per scene with its file, name and first sentence.
constexpr int kMinWindowSide = 240, kMaxWindowSide = 8192;

/// "1920x1080" into width and height, each within the window limits.
bool parseWindowSize(const std::string& text, int& width, int& height) {
    int w = 0, h = 0;
    char x = 0, rest = 0;
    if (std::sscanf(text.c_str(), "%d%c%d%c", &w, &x, &h, &rest) != 3 || (x != 'x' && x != 'X')) return false;
    if (w < kMinWindowSide || w > kMaxWindowSide || h < kMinWindowSide || h > kMaxWindowSide) return false;
    width = w, height = h;
    return true;
}

int listScenesCommand(const std::string& folder) {
    auto entries = tumble::listScenes(folder);
    if (entries.empty()) {
        std::cerr << "tumble: no scene files in " << folder << "\n";
        return 2;
    }
    const std::string* heading = nullptr;
    for (const auto& e : entries) {
        if (!heading || *heading != e.topic) {
            std::string title(tumble::sceneTopicTitle(e.topic));
            std::printf("%s%s\n", heading ? "\n" : "", title.c_str());
            heading = &e.topic;
        }
        std::string line =
            e.error.empty() ? firstSentence(e.description) : "(does not load: " + e.error + ")";
        std::printf("  %-34s %-22s %s\n", e.path.c_str(), e.name.c_str(), line.c_str());
    }
    return 0;
}

} // namespace

int main(int argc, char** argv) {
    CLI::App cli{"Tumble: an interactive sandbox for 3D rigid-body physics"};
    cli.set_help_flag("-h,--help", "Print this help and exit");

    std::string scene;
    bool listScenes = false, headless = false;
    tumble::app::HeadlessOptions h;
    tumble::app::WindowOptions w;
    std::string trace;
    std::string verifyFolder;
    tumble::app::SweepOptions sweep;

    cli.add_option("scene", scene, "Scene file (JSON) or Bullet world (.bullet); default scenes/default.json");
    cli.add_flag("--list-scenes", listScenes, "List the scene catalogue and exit");
    cli.add_flag("--headless", headless, "Run without a window and write a report");
    std::string importPath, importOut;
    cli.add_option("--import", importPath,
                   "Convert a Bullet world (.bullet, from btDefaultSerializer) to a scene file; needs --out");
    cli.add_option("--out", importOut, "Import: the scene file (JSON) to write");
    cli.add_option("--steps", h.steps, "Headless: physics steps to run (default 600, at most " +
                                         std::to_string(tumble::app::kMaxSteps) + ")");
    cli.add_option("--set", h.overrides,
                   "Headless: override a setting by its dotted path, e.g. solver.velocityIterations=4")
        ->take_all()
        ->allow_extra_args(false);
    cli.add_option("--report", h.reportPath, "Headless: write the JSON report to FILE, or - for stdout");
    cli.add_option("--trace", trace, "Headless: trace NAME[,NAME...] every step in the report");
    cli.add_flag("--contacts", h.contacts, "Headless: list the manifolds at the end in the report");
    cli.add_option("--solver-probe", h.probeStep,
                   "Headless: record step STEP (1-based) pass by pass: residual, complementarity, "
                   "clamped rows and energy per iteration, and every row's final impulse, in the "
                   "report's solverProbe");
    cli.add_option("--compare", h.compare,
                   "Headless: run the scene in ENGINE (bullet) in lockstep and add how far the "
                   "runs drift apart to the report's compare section");
    cli.add_option("--snapshot-out", h.snapshotOut, "Headless: write a snapshot at the end");
    cli.add_option("--bug-report", h.bugReport,
                   "Headless: write a bug-report folder (snapshot.json, report.json) at the end");
    auto* verifySteps =
        cli.add_option("--verify-steps", h.verifySteps,
                       "Headless: steps the bug report's replay takes (default 120)")
            ->check(CLI::Range(tumble::app::kMinVerifySteps, tumble::app::kMaxVerifySteps));
    cli.add_option("--verify", verifyFolder,
                   "Replay a bug-report folder and check its state hash (exit 0 match, 1 not)");
    cli.add_option("--sweep", sweep.sweep,
                   "Sweep KEY=FROM:TO:STEP: run the scene once per value of the setting (--steps each, side by "
                   "side on every core) and print --metric (one or two) for each; writes --sweep-out.csv and .png");
    std::string metricHelp = "Sweep: what to measure per run, NAME or QUALITY,COST (two metrics measured in the same "
                             "runs: a column each, and a chart of the first against the second); default "
                             "displacement:";
    for (const tumble::app::SweepMetric& m : tumble::app::sweepMetrics())
        metricHelp += std::string(" ") + m.name + " (" + m.unit + ", " + m.help + ");";
    cli.add_option("--metric", sweep.metric, metricHelp);
    cli.add_option("--sweep-out", sweep.out, "Sweep: write PREFIX.csv and PREFIX.png (default sweep)");
    cli.add_flag("--quiet", h.quiet, "Headless: print nothing but errors");
    cli.add_flag("--summary", h.summary, "Headless: print a one-line summary");
    cli.add_option("--screenshot", w.screenshotPath, "Window: save a PNG after --frames frames and exit");
    cli.add_option("--frames", w.frames, "Window: frames before the screenshot (default 60)")
        ->check(CLI::Range(1, 100000));
    cli.add_flag("--panels", w.panels, "Window: draw the ImGui panels in the screenshot");
    cli.add_flag("--paused", w.startPaused, "Window: open the scene paused at step 0 (Space runs it)");
    cli.add_option("--script", w.scriptPath,
                   "Window: play FILE, a script of timed keys, clicks, drops and checks (expect), through the "
                   "same event path as real input; exit 0 when every check held, 1 when one failed, 2 when "
                   "the script does not read");
    std::string size;
    cli.add_option("--size", size, "Window: its size WxH in pixels, e.g. 1920x1080 (default 1280x800; "
                                   "--screenshot is taken at this size)");

    try {
        cli.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return cli.exit(e);
    } catch (const CLI::ParseError& e) {
        std::cerr << "tumble: " << e.what() << "\n";
        return 2;
    }

    if (!verifyFolder.empty()) {
        if (!scene.empty() || headless || listScenes) {
            std::cerr << "tumble: --verify DIR takes no scene, --headless or --list-scenes\n";
            return 2;
        }
        return tumble::app::verifyBugReport(verifyFolder);
    }
    if (!size.empty() && !parseWindowSize(size, w.width, w.height)) {
        std::cerr << "tumble: --size: expected WxH with W in " << kMinWindowSide << ".." << kMaxWindowSide
                  << " and H in " << kMinWindowSide << ".." << kMaxWindowSide << " (e.g. 1920x1080), got '" << size
                  << "'\n";
        return 2;
    }
    if (!importPath.empty() || !importOut.empty()) {
        if (importPath.empty() || importOut.empty() || !scene.empty() || headless) {
            std::cerr << "tumble: --import FILE.bullet needs --out FILE.json, and takes no scene or --headless\n";
            return 2;
        }
        return tumble::app::runImport(importPath, importOut);
    }
    if (listScenes) return listScenesCommand(tumble::app::findResource(w.scenesFolder));
    if (verifySteps->count() > 0 && h.bugReport.empty()) {
        std::cerr << "tumble: --verify-steps needs --bug-report\n";
        return 2;
    }

    if (!sweep.sweep.empty()) {
        if (scene.empty()) {
            std::cerr << "tumble: --sweep needs a scene file\n";
            return 2;
        }
        sweep.scenePath = scene;
        sweep.steps = h.steps;
        sweep.overrides = h.overrides;
        sweep.quiet = h.quiet;
        return tumble::app::runSweep(sweep);
    }
    if (headless) {
        if (scene.empty()) {
            std::cerr << "tumble: --headless needs a scene file\n";
            return 2;
        }
        h.scenePath = scene;
        for (size_t start = 0; start < trace.size();) {
            size_t comma = trace.find(',', start);
            if (comma == std::string::npos) comma = trace.size();
            if (comma > start) h.traceNames.push_back(trace.substr(start, comma - start));
            start = comma + 1;
        }
        return tumble::app::runHeadless(h);
    }
    if (!h.overrides.empty() || !h.reportPath.empty() || !h.bugReport.empty() || !h.compare.empty()) {
        std::cerr << "tumble: --set, --report, --bug-report and --compare need --headless\n";
        return 2;
    }
    if (!w.scriptPath.empty() && !w.screenshotPath.empty()) {
        std::cerr << "tumble: --script takes its pictures with its own screenshot command, not --screenshot\n";
        return 2;
    }
    if (!scene.empty()) w.scenePath = scene;
    // An interactive run with no scene or no --size takes them from the last run (imgui.ini,
    // beside the layout); a screenshot or script run is the same whatever ran before.
    if (w.screenshotPath.empty() && w.scriptPath.empty()) {
        const tumble::app::RememberedSession last =
            tumble::app::readRememberedSession("imgui.ini", kMinWindowSide, kMaxWindowSide);
        if (size.empty() && last.width > 0) w.width = last.width, w.height = last.height;
        w.recentFiles = last.recentFiles;
        // A last scene that is gone or broken is tried all the same: runWindow falls back to
        // the default and shows why.
        if (scene.empty() && !last.scenePath.empty()) {
            w.fallbackScenePath = w.scenePath;
            w.scenePath = last.scenePath;
            w.restoreLastView = true;
            w.lastSession = last;
        }
    }
    return tumble::app::runWindow(w);
}
