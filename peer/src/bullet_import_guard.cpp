// Bullet's file loader trusts what it reads: a file with corrupt bytes inside its chunks (the
// structure descriptions, pointers, counts) can send it past its buffers, and a crash there
// would take the user's session with it. So the import runs in a child process, which sends
// its result back through a pipe; a child that dies or hangs becomes an error naming the file.
#include "bullet_import_parts.h"

#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstring>

namespace tumble::peer {

namespace {

constexpr auto kImportTimeLimit = std::chrono::seconds(20);
constexpr rlim_t kImportMemoryLimit = rlim_t{4} << 30; // 4 GiB more address space

/// Bytes of address space the process has mapped (/proc/self/statm's first field, in pages).
rlim_t addressSpaceInUse() {
    std::FILE* f = std::fopen("/proc/self/statm", "r");
    unsigned long pages = 0;
    if (f) {
        if (std::fscanf(f, "%lu", &pages) != 1) pages = 0;
        std::fclose(f);
    }
    return static_cast<rlim_t>(pages) * static_cast<rlim_t>(::sysconf(_SC_PAGESIZE));
}

void writeAll(int fd, const std::string& text) {
    for (size_t done = 0; done < text.size();) {
        const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
        if (n <= 0) return;
        done += static_cast<size_t>(n);
    }
}

/// Everything the child writes, until it closes the pipe or the time limit passes.
bool readAll(int fd, std::string& text) {
    const auto deadline = std::chrono::steady_clock::now() + kImportTimeLimit;
    char buffer[65536];
    for (;;) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
        if (left.count() <= 0) return false;
        pollfd p{fd, POLLIN, 0};
        if (::poll(&p, 1, static_cast<int>(left.count())) <= 0) continue;
        const ssize_t n = ::read(fd, buffer, sizeof buffer);
        if (n == 0) return true;
        if (n < 0) return false;
        text.append(buffer, static_cast<size_t>(n));
    }
}

} // namespace

std::string runIsolated(const std::function<BulletImport()>& import, BulletImport& out) {
    int fds[2];
    if (::pipe(fds) != 0) return "cannot start the import (" + std::string(std::strerror(errno)) + ")";
    const pid_t child = ::fork();
    if (child < 0) {
        ::close(fds[0]);
        ::close(fds[1]);
        return "cannot start the import (" + std::string(std::strerror(errno)) + ")";
    }
    if (child == 0) {
        ::close(fds[0]);
        const rlimit noCore{0, 0}; // a crash here is expected of a corrupt file: no core file
        ::setrlimit(RLIMIT_CORE, &noCore);
        // A corrupt count can make the loader ask for many gigabytes; on a shared machine it
        // fails here at once instead (a file is at most 16 MiB, its import needs far less
        // than the limit on top of what the process, a window app's included, has mapped).
        const rlim_t limit = addressSpaceInUse() + kImportMemoryLimit;
        const rlimit memory{limit, limit};
        ::setrlimit(RLIMIT_AS, &memory);
        const BulletImport result = import();
        writeAll(fds[1], Json{{"error", result.error}, {"scene", result.sceneText}, {"unmapped", result.unmapped}}.dump());
        ::close(fds[1]);
        ::_exit(0); // no atexit handlers or static destructors of the parent's objects
    }
    ::close(fds[1]);
    std::string text;
    const bool whole = readAll(fds[0], text);
    ::close(fds[0]);
    if (!whole) ::kill(child, SIGKILL);
    int status = 0;
    ::waitpid(child, &status, 0);
    if (!whole) return "broken (Bullet's loader did not finish reading it)";
    // A sanitizer build's child reports its bad access and exits instead of taking a signal.
    const Json result = Json::parse(text, nullptr, false);
    if (WIFSIGNALED(status) || result.is_discarded() || !result.is_object())
        return "broken (Bullet's loader crashed reading it" +
               (WIFSIGNALED(status) ? ": " + std::string(strsignal(WTERMSIG(status))) : std::string()) + ")";
    out.error = result.value("error", "");
    out.sceneText = result.value("scene", "");
    out.unmapped = result.value("unmapped", std::vector<std::string>{});
    return "";
}

} // namespace tumble::peer
