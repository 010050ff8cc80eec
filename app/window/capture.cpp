// Pictures and videos of the window (capture.h): the parts that need no window.
#include "window/capture.h"

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <sstream>

extern char** environ;

namespace tumble::app {

std::string captureFramePath(const std::string& folder, int index) {
    char name[32];
    std::snprintf(name, sizeof name, "frame_%05d.png", index);
    return folder + "/" + name;
}

double captureFrameRate(int frames, double firstSeconds, double lastSeconds) {
    const double span = lastSeconds - firstSeconds;
    if (frames < 2 || !(span > 0.0)) return 30.0;
    // n frames drawn over `span` seconds are n - 1 intervals of span / (n - 1) each.
    return std::clamp(static_cast<double>(frames - 1) / span, 1.0, 120.0);
}

std::vector<std::string> encoderArguments(const std::string& folder, double fps, const std::string& video) {
    char rate[32];
    std::snprintf(rate, sizeof rate, "%.3f", fps);
    return {"-y", "-loglevel", "error", "-framerate", rate, "-i", folder + "/frame_%05d.png",
            // yuv420p plays everywhere but needs even sides; the pad adds a pixel when odd.
            "-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2", "-pix_fmt", "yuv420p", video};
}

std::string findExecutable(const std::string& name, const std::string& path) {
    std::istringstream dirs(path);
    std::string dir;
    while (std::getline(dirs, dir, ':')) {
        if (dir.empty()) continue;
        const std::string candidate = dir + "/" + name;
        if (::access(candidate.c_str(), X_OK) == 0) return candidate;
    }
    return "";
}

pid_t startProcess(const std::string& program, const std::vector<std::string>& arguments) {
    std::vector<char*> argv;
    argv.push_back(const_cast<char*>(program.c_str()));
    for (const std::string& a : arguments) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    pid_t pid = -1;
    if (::posix_spawn(&pid, program.c_str(), nullptr, nullptr, argv.data(), environ) != 0) return -1;
    return pid;
}

bool processEnded(pid_t pid, int& exitStatus) {
    int status = 0;
    const pid_t r = ::waitpid(pid, &status, WNOHANG);
    if (r == 0) return false;
    exitStatus = r == pid && WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return true;
}

} // namespace tumble::app
