#pragma once
// A small pool of worker threads for the step's data-parallel loops (the narrow phase's pairs,
// the contact rows, the manifolds of one colour). The stepping thread takes part: with
// threads() == 1 there are no workers and a loop runs inline, in one piece.
//
// A loop is cut into blocks of `grain` indices that the threads claim one at a time, so the
// split follows whoever is free, not the thread count. Results therefore must not depend on
// which thread ran which block: a body writes only what its own indices own, and anything
// summed across blocks is summed later in index order (or is exact in any order: integer
// counts, min and max). That is what keeps a step bit-identical at any thread count.
//
// Claiming is lock-free: one 64-bit word holds the loop's number in its high half and the
// next unclaimed block in its low half. A worker claims a block by compare-and-swap against
// the word it saw, so one that wakes late cannot take a block of a later loop with an
// earlier loop's body, nor one of a loop being posted (the word is closed before the loop's
// fields change); the stepping thread waits only for the blocks to be finished, never for a
// sleeping worker. Workers spin for a while after a loop (a step runs dozens back to back),
// then sleep on the word until the next loop is posted.
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
    int threads() const { return static_cast<int>(workers_.size()) + 1; }

    /// body(begin, end) over [0, count) in blocks of `grain` indices, on every thread; returns
    /// when all are done. Loops do not nest.
    template <class Body> void parallelFor(uint32_t count, uint32_t grain, Body&& body) {
        if (count == 0) return;
        grain = grain == 0 ? 1 : grain;
        if (workers_.empty() || count <= grain) {
            body(0u, count);
            return;
        }
        using Fn = std::remove_reference_t<Body>;
        run(count, grain, [](void* ctx, uint32_t begin, uint32_t end) { (*static_cast<Fn*>(ctx))(begin, end); },
            const_cast<void*>(static_cast<const void*>(&body)));
    }

    /// Nanoseconds each thread spent in loop bodies since resetBusy, the caller's first.
    void resetBusy();
    std::vector<int64_t> busyNanoseconds() const;

private:
    using BlockFn = void (*)(void*, uint32_t, uint32_t);
    struct alignas(64) Worker {
        std::thread thread;
        std::atomic<int64_t> busy{0};
    };

    void run(uint32_t count, uint32_t grain, BlockFn fn, void* ctx);
    /// Claims and runs blocks of the loop numbered `loop` until none is left, adding the time
    /// spent in them to `busy`.
    void work(uint32_t loop, std::atomic<int64_t>& busy);
    void workerMain(Worker& self);
    void stopWorkers();

    std::vector<std::unique_ptr<Worker>> workers_;
    std::atomic<int64_t> callerBusy_{0};
    // The posted loop: written by the caller only once the previous loop's word is closed,
    // read by a worker before the claim that validates them.
    std::atomic<BlockFn> fn_{nullptr};
    std::atomic<void*> ctx_{nullptr};
    std::atomic<uint32_t> count_{0}, grain_{1}, blocks_{0};
    alignas(64) std::atomic<uint64_t> claim_{0};  ///< loop number << 32 | next block
    alignas(64) std::atomic<uint32_t> finished_{0}; ///< blocks of the current loop done
    std::atomic<bool> stop_{false};
    uint32_t loop_ = 0;                            ///< the caller's count of loops posted
};

} // namespace tumble
