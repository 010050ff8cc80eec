// The step's worker pool (core/task_system.h): every index of a loop is run exactly once,
// whatever the thread count and block size, and loops posted back to back do not mix.
#include "core/task_system.h"

#include <gtest/gtest.h>

#include <atomic>
#include <numeric>
#include <thread>
#include <vector>

using tumble::TaskSystem;

namespace {

/// How many times each index of [0, count) was run by one parallelFor.
std::vector<int> visits(TaskSystem& tasks, uint32_t count, uint32_t grain) {
    std::vector<std::atomic<int>> seen(count);
    tasks.parallelFor(count, grain, [&](uint32_t begin, uint32_t end) {
        // One thread runs the loop in one piece; with workers, blocks are at most `grain`.
        if (tasks.threads() > 1) {
            EXPECT_LE(end - begin, grain == 0 ? 1u : grain);
        }
        for (uint32_t i = begin; i < end; ++i) seen[i].fetch_add(1);
    });
    std::vector<int> out;
    for (auto& s : seen) out.push_back(s.load());
    return out;
}

} // namespace

TEST(TaskSystem, EveryIndexRunsExactlyOnceAtAnyThreadCountAndBlockSize) {
    TaskSystem tasks;
    for (int threads : {1, 2, 3, 8}) {
        tasks.setThreads(threads);
        EXPECT_EQ(tasks.threads(), threads);
        for (uint32_t count : {0u, 1u, 7u, 64u, 65u, 1000u})
            for (uint32_t grain : {0u, 1u, 4u, 64u, 5000u}) {
                const std::vector<int> v = visits(tasks, count, grain);
                EXPECT_EQ(std::count(v.begin(), v.end(), 1), static_cast<long>(count))
                    << threads << " threads, " << count << " indices, blocks of " << grain;
            }
    }
}

TEST(TaskSystem, ThreadCountIsClampedToOneToSixtyFour) {
    TaskSystem tasks;
    tasks.setThreads(0);
    EXPECT_EQ(tasks.threads(), 1);
    tasks.setThreads(1000);
    EXPECT_EQ(tasks.threads(), TaskSystem::kMaxThreads);
    tasks.setThreads(2);
    EXPECT_EQ(tasks.threads(), 2);
    EXPECT_EQ(tasks.busyNanoseconds().size(), 2u) << "one figure per thread, the caller's first";
}

TEST(TaskSystem, ManyShortLoopsBackToBackEachSeeTheirOwnBody) {
    // A late worker must never run a block of a later loop with an earlier loop's body: each
    // loop adds its own number, so any mix-up changes the sums.
    TaskSystem tasks;
    tasks.setThreads(4);
    std::vector<int64_t> sums(256, 0);
    for (int loop = 1; loop <= 2000; ++loop)
        tasks.parallelFor(256, 3, [&](uint32_t begin, uint32_t end) {
            for (uint32_t i = begin; i < end; ++i) sums[i] += loop;
        });
    for (int64_t s : sums) ASSERT_EQ(s, 2000 * 2001 / 2);
}

TEST(TaskSystem, BusyTimeIsCountedOnTheThreadsThatWorked) {
    TaskSystem tasks;
    tasks.setThreads(2);
    tasks.resetBusy();
    std::atomic<uint64_t> sink{0};
    tasks.parallelFor(64, 1, [&](uint32_t begin, uint32_t) {
        uint64_t x = begin;
        for (int k = 0; k < 20000; ++k) x = x * 6364136223846793005ull + 1442695040888963407ull;
        sink += x;
    });
    const std::vector<int64_t> busy = tasks.busyNanoseconds();
    ASSERT_EQ(busy.size(), 2u);
    EXPECT_GT(busy[0] + busy[1], 0);
    tasks.resetBusy();
    for (int64_t b : tasks.busyNanoseconds()) EXPECT_EQ(b, 0);
}

TEST(TaskSystem, ALoopWithMoreBlocksThanTheLastRunsEachBlockOnce) {
    // A worker that saw the last loop's blocks all claimed must not claim one of the next
    // loop's, as posted but not yet numbered, against the last loop's word: the next loop has
    // more blocks, so such a claim looks valid and its block would run twice.
    TaskSystem tasks;
    tasks.setThreads(3);
    std::vector<int> seen(512, 0);
    int doubled = 0, missed = 0;
    for (int loop = 0; loop < 20000; ++loop) {
        const uint32_t count = loop % 2 == 0 ? 4 : 512;
        std::fill(seen.begin(), seen.begin() + count, 0);
        tasks.parallelFor(count, 2, [&](uint32_t begin, uint32_t end) {
            for (uint32_t i = begin; i < end; ++i) ++seen[i];
        });
        for (uint32_t i = 0; i < count; ++i) {
            doubled += seen[i] > 1 ? 1 : 0;
            missed += seen[i] == 0 ? 1 : 0;
        }
    }
    EXPECT_EQ(doubled, 0);
    EXPECT_EQ(missed, 0);
}

TEST(TaskSystem, EachThreadTakesWholeRunsOfNeighbouringBlocks) {
    // A loop's blocks are cut into one run of neighbouring blocks per thread, each run taken
    // whole by one thread, so the same part of every loop tends to stay on the same core. With
    // three threads and 30 blocks the runs are blocks 0-9, 10-19 and 20-29: each run's blocks
    // ran on one thread, in order, whichever thread took it.
    TaskSystem tasks;
    tasks.setThreads(3);
    for (int loop = 0; loop < 500; ++loop) {
        std::vector<std::thread::id> ranOn(30);
        std::atomic<int> next{0};
        std::vector<int> position(30, -1);
        tasks.parallelFor(300, 10, [&](uint32_t begin, uint32_t end) {
            ASSERT_EQ(end - begin, 10u);
            ranOn[begin / 10] = std::this_thread::get_id();
            position[begin / 10] = next.fetch_add(1);
        });
        for (int run = 0; run < 3; ++run)
            for (int b = run * 10 + 1; b < run * 10 + 10; ++b) {
                ASSERT_EQ(ranOn[b], ranOn[run * 10]) << "loop " << loop << ", block " << b;
                ASSERT_GT(position[b], position[b - 1]) << "loop " << loop << ", block " << b;
            }
    }
}
