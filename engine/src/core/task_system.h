#pragma once
// A small pool of worker threads for the step's data-parallel loops (the narrow phase's pairs,
// the contact rows, the manifolds of one colour). The stepping thread takes part: with
// threads() == 1 there are no workers and a loop runs inline, in one piece.
//
// A loop is cut into blocks of `grain` indices, and the blocks into one run of neighbouring
// blocks per thread: thread t first takes run t, the same part of every loop of the same size,
// so what a thread wrote in one loop (the rows of its run of manifolds, the bodies of its run
// of a colour's groups) is in its own core's cache when the next loop reads it, instead of
// being fetched from the other core's. A thread done with its run takes any run not yet
// begun, so a worker that is late (asleep, or descheduled) only loses its run to another
// thread, never holds up the loop. Results therefore must not depend on which thread ran
// which block: a body writes only what its own indices own, and anything summed across
// blocks is summed later in index order (or is exact in any order: integer counts, min and
// max). That is what keeps a step bit-identical at any thread count.
//
// Claiming is lock-free: each run has a 64-bit word with the loop's number in its high half
// and whether the run is taken in its low half; a thread takes a run by compare-and-swap
// against the word it saw, so one that wakes late cannot take a run of a later loop with an
// earlier loop's body, nor one of a loop being posted (the words are closed before the loop's
// fields change); the stepping thread waits only for the runs to be finished, never for a
// sleeping worker. Workers spin for a while after a loop (a step runs dozens back to back),
// then sleep until the next loop is posted.
#include <atomic>
#include <cstdint>
#include <memory>
#include <span>
#include <thread>
#include <type_traits>
#include <vector>

namespace tumble {

class TaskSystem {
public:
    /// Hard cap on threads (the Settings::threads range).
    static constexpr int kMaxThreads = 64;

    TaskSystem() = default;
    ~TaskSystem();
    TaskSystem(const TaskSystem&) = delete;
    TaskSystem& operator=(const TaskSystem&) = delete;

    /// Total threads including the caller's, clamped to [1, kMaxThreads]. Starts or stops
    /// workers; call between loops only.
    void setThreads(int threads);
    /// Threads the loops run on now: 1 while alone, else the workers and the caller.
    int threads() const { return alone_ ? 1 : static_cast<int>(workers_.size()) + 1; }
    /// While `alone`, loops run on the calling thread in one piece and the workers, kept, go
    /// to sleep once idle: switching between one thread and all costs no thread's start.
    void setAlone(bool alone) { alone_ = alone; }

    /// body(begin, end) over [0, count) in blocks of `grain` indices, on every thread; returns
    /// when all are done. Loops do not nest.
    template <class Body> void parallelFor(uint32_t count, uint32_t grain, Body&& body) {
        if (count == 0) return;
        grain = grain == 0 ? 1 : grain;
        if (workers_.empty() || alone_ || count <= grain) {
            body(0u, count);
            return;
        }
        using Fn = std::remove_reference_t<Body>;
        run(count, grain, [](void* ctx, uint32_t begin, uint32_t end) { (*static_cast<Fn*>(ctx))(begin, end); },
            const_cast<void*>(static_cast<const void*>(&body)));
    }

    /// Nanoseconds each of threads() spent in loop bodies since resetBusy, the caller's first.
    void resetBusy();
    std::vector<int64_t> busyNanoseconds() const;

private:
    using BlockFn = void (*)(void*, uint32_t, uint32_t);
    struct alignas(64) Worker {
        std::thread thread;
        std::atomic<int64_t> busy{0};
    };
    /// A run's claim word, alone on its cache line: loop number << 32 | 1 once taken.
    struct alignas(64) RunClaim {
        std::atomic<uint64_t> word{0};
    };

    void run(uint32_t count, uint32_t grain, BlockFn fn, void* ctx);
    /// Runs what thread `self` (0: the caller) can take of the loop numbered `loop`: its own
    /// run first, then any other not yet begun, adding the time spent to `busy`.
    void work(uint32_t loop, uint32_t self, std::atomic<int64_t>& busy);
    /// `seen`: the last loop posted before the worker was started, which it does not run.
    void workerMain(Worker& self, uint32_t index, uint32_t seen);
    void stopWorkers();

    std::vector<std::unique_ptr<Worker>> workers_;
    std::atomic<int64_t> callerBusy_{0};
    // The posted loop: written by the caller only once the previous loop's words are closed,
    // read by a worker before the claim that validates them.
    std::atomic<BlockFn> fn_{nullptr};
    std::atomic<void*> ctx_{nullptr};
    std::atomic<uint32_t> count_{0}, grain_{1}, blocks_{0}, runs_{0};
    alignas(64) std::atomic<uint64_t> posted_{0};   ///< the loop number << 32, what workers watch
    RunClaim claims_[kMaxThreads];                  ///< run r of the current loop
    alignas(64) std::atomic<uint32_t> finished_{0}; ///< runs of the current loop done
    std::atomic<bool> stop_{false};
    uint32_t loop_ = 0;                            ///< the caller's count of loops posted
    bool alone_ = false;                           ///< setAlone (read by the caller only)
    uint32_t pool_ = 1;                            ///< the workers and the caller
};

} // namespace tumble
