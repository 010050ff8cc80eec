// The step's worker pool (task_system.h).
#include "core/task_system.h"

#include <algorithm>
#include <chrono>

namespace tumble {
namespace {

using Clock = std::chrono::steady_clock;

// How long an idle worker keeps polling before it sleeps: longer than the serial stretches
// between the loops of one step (colouring, the shock pass), shorter than the gap between
// steps at 60 Hz, so a running step never waits for a sleeping worker to wake.
constexpr auto kSpinTime = std::chrono::microseconds(500);

// Polls that only pause the core before each poll also yields it: a waiting thread then
// gives way to one that holds a block (when a busy machine runs more threads than cores)
// instead of spinning through its time slice.
constexpr int kPausePolls = 64;

void relax(int polls) {
#if defined(__x86_64__) || defined(__i386__)
    if (polls < kPausePolls) {
        __builtin_ia32_pause();
        return;
    }
#endif
    std::this_thread::yield();
}

// The low half of a run's claim word: open, taken, or closed once its loop is over.
constexpr uint64_t kOpen = 0, kTaken = 1, kClosed = 0xffffffffu;

int64_t since(Clock::time_point t0) {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - t0).count();
}

} // namespace

TaskSystem::~TaskSystem() { stopWorkers(); }

void TaskSystem::setThreads(int threads) {
    const size_t want = static_cast<size_t>(std::clamp(threads, 1, kMaxThreads) - 1);
    if (want == workers_.size()) return;
    stopWorkers();
    stop_.store(false);
    // Set before any worker starts (its start happens after this) and not again while one runs.
    pool_ = static_cast<uint32_t>(want + 1);
    for (size_t i = 0; i < want; ++i) {
        Worker& w = *workers_.emplace_back(std::make_unique<Worker>());
        w.thread = std::thread(
            [this, &w, index = uint32_t(i + 1), seen = loop_] { workerMain(w, index, seen); });
    }
}

void TaskSystem::stopWorkers() {
    if (workers_.empty()) return;
    stop_.store(true);
    // A new loop number wakes the sleepers; they see stop_ and leave.
    posted_.store(uint64_t(++loop_) << 32, std::memory_order_release);
    posted_.notify_all();
    for (auto& w : workers_) w->thread.join();
    workers_.clear();
}

void TaskSystem::resetBusy() {
    callerBusy_.store(0, std::memory_order_relaxed);
    for (auto& w : workers_) w->busy.store(0, std::memory_order_relaxed);
}

std::vector<int64_t> TaskSystem::busyNanoseconds() const {
    std::vector<int64_t> out{callerBusy_.load(std::memory_order_relaxed)};
    if (alone_) return out;
    for (const auto& w : workers_) out.push_back(w->busy.load(std::memory_order_relaxed));
    return out;
}

void TaskSystem::run(uint32_t count, uint32_t grain, BlockFn fn, void* ctx) {
    const uint32_t blocks = (count + grain - 1) / grain;
    const uint32_t runs = std::min(blocks, pool_);
    // Close the last loop's runs first. A worker that read a run's word while it was open,
    // then reads the fields below, would otherwise take it against the last loop's number
    // with this loop's body, before this loop is posted. Stored before the fields, which are
    // stored with release: a worker that sees any of them sees the words closed, and its
    // claim fails.
    for (uint32_t r = 0; r < pool_; ++r)
        claims_[r].word.store((uint64_t(loop_) << 32) | kClosed, std::memory_order_relaxed);
    fn_.store(fn, std::memory_order_release);
    ctx_.store(ctx, std::memory_order_release);
    count_.store(count, std::memory_order_release);
    grain_.store(grain, std::memory_order_release);
    blocks_.store(blocks, std::memory_order_release);
    runs_.store(runs, std::memory_order_release);
    finished_.store(0, std::memory_order_relaxed);
    ++loop_;
    for (uint32_t r = 0; r < runs; ++r)
        claims_[r].word.store((uint64_t(loop_) << 32) | kOpen, std::memory_order_release);
    posted_.store(uint64_t(loop_) << 32, std::memory_order_release);
    posted_.notify_all();
    work(loop_, 0, callerBusy_);
    for (int polls = 0; finished_.load(std::memory_order_acquire) < runs; ++polls)
        relax(polls);
}

void TaskSystem::work(uint32_t loop, uint32_t self, std::atomic<int64_t>& busy) {
    const Clock::time_point t0 = Clock::now();
    // The whole pool, not threads(): the caller may be setting setAlone for its next loop.
    for (uint32_t k = 0; k < pool_; ++k) {
        // Its own run first, then the others', each once.
        const uint32_t r = (self + k) % pool_;
        uint64_t c = claims_[r].word.load(std::memory_order_acquire);
        if (c != ((uint64_t(loop) << 32) | kOpen)) continue;
        // Read before the claim; a successful claim proves they were this loop's (run).
        const BlockFn fn = fn_.load(std::memory_order_acquire);
        void* const ctx = ctx_.load(std::memory_order_acquire);
        const uint32_t count = count_.load(std::memory_order_acquire);
        const uint32_t grain = grain_.load(std::memory_order_acquire);
        const uint32_t blocks = blocks_.load(std::memory_order_acquire);
        const uint32_t runs = runs_.load(std::memory_order_acquire);
        if (!claims_[r].word.compare_exchange_strong(c, (uint64_t(loop) << 32) | kTaken,
                                                     std::memory_order_acq_rel))
            continue;
        // Run r is blocks [r B / R, (r + 1) B / R), each handed to the body whole.
        const uint32_t first = uint32_t(uint64_t(r) * blocks / runs), last = uint32_t(uint64_t(r + 1) * blocks / runs);
        for (uint32_t b = first; b < last; ++b)
            fn(ctx, b * grain, std::min(count, (b + 1) * grain));
        finished_.fetch_add(1, std::memory_order_release);
    }
    busy.fetch_add(since(t0), std::memory_order_relaxed);
}

void TaskSystem::workerMain(Worker& self, uint32_t index, uint32_t seen) {
    Clock::time_point idleSince = Clock::now();
    for (int polls = 0;; ++polls) {
        const uint64_t c = posted_.load(std::memory_order_acquire);
        if (stop_.load(std::memory_order_relaxed)) return;
        const uint32_t loop = uint32_t(c >> 32);
        if (loop != seen) {
            seen = loop;
            work(loop, index, self.busy);
            idleSince = Clock::now();
            polls = 0;
            continue;
        }
        relax(polls);
        // The clock is read every 64 polls: cheap enough to poll, fine enough to sleep on time.
        if ((polls & 63) == 0 && Clock::now() - idleSince > kSpinTime)
            posted_.wait(c, std::memory_order_acquire);
    }
}

} // namespace tumble
