// tumble: the command line. Parses arguments, then runs the window or a headless run.
#include "headless/headless.h"
#include "window_app.h"

#include "tumble/scene.h"

#include <CLI/CLI.hpp>

#include <cstdio>
#include <iostream>

namespace {

/// Print the catalogue: file, name and the first line of the description.
int listScenesCommand(const std::string& folder) {
    auto entries = tumble::listScenes(folder);
    if (entries.empty()) {
        std::cerr << "tumble: no scene files in " << folder << "\n";
        return 2;
    }
    for (const auto& e : entries) {
        std::string line = e.error.empty() ? e.description : "(does not load: " + e.error + ")";
        size_t cut = line.find_first_of(".\n");
        if (cut != std::string::npos) line = line.substr(0, cut + 1);
        std::printf("%-36s %-22s %s\n", e.path.c_str(), e.name.c_str(), line.c_str());
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

    cli.add_option("scene", scene, "Scene file (JSON); default scenes/default.json");
    cli.add_flag("--list-scenes", listScenes, "List the scene catalogue and exit");
    cli.add_flag("--headless", headless, "Run without a window and write a report");
    cli.add_option("--steps", h.steps, "Headless: physics steps to run (default 600)");
    cli.add_option("--set", h.overrides,
                   "Headless: override a setting by its dotted path, e.g. solver.velocityIterations=4")
        ->take_all()
        ->allow_extra_args(false);
    cli.add_option("--report", h.reportPath, "Headless: write the JSON report to FILE, or - for stdout");
    cli.add_option("--trace", trace, "Headless: trace NAME[,NAME...] every step in the report");
    cli.add_flag("--contacts", h.contacts, "Headless: list the manifolds at the end in the report");
    cli.add_option("--snapshot-out", h.snapshotOut, "Headless: write a snapshot at the end");
    cli.add_flag("--quiet", h.quiet, "Headless: print nothing but errors");
    cli.add_flag("--summary", h.summary, "Headless: print a one-line summary");
    cli.add_option("--screenshot", w.screenshotPath, "Window: save a PNG after --frames frames and exit");
    cli.add_option("--frames", w.frames, "Window: frames before the screenshot (default 60)")
        ->check(CLI::Range(1, 100000));
    cli.add_flag("--panels", w.panels, "Window: draw the ImGui panels in the screenshot");

    try {
        cli.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return cli.exit(e);
    } catch (const CLI::ParseError& e) {
        std::cerr << "tumble: " << e.what() << "\n";
        return 2;
    }

    if (listScenes) return listScenesCommand(w.scenesFolder);

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
    if (!h.overrides.empty() || !h.reportPath.empty()) {
        std::cerr << "tumble: --set and --report need --headless\n";
        return 2;
    }
    if (!scene.empty()) w.scenePath = scene;
    return tumble::app::runWindow(w);
}
