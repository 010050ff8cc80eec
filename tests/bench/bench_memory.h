#pragma once
// Memory the peer benchmark measures: tumble_bench_peer replaces the global operator new and
// delete (bench_memory.cpp) and hands Bullet's allocator (btAlignedAlloc) the same counting
// functions, so every byte the program asks for is charged to an account: the simulation that
// was running when it was asked for. A block is charged to the account it was allocated under
// for as long as it lives, whichever code frees it. Bytes are the sizes asked for; the
// allocator's own overhead (malloc's headers, rounding) is not counted. The counting adds a
// few nanoseconds to each allocation, the same in all three simulations.
//
// The accounts are process-wide by nature (the replaced operator new is): this is the one
// mutable global of the benchmark program, and it serves one thread.
#include <cstdint>

namespace tumble::bench {

/// Who is charged for an allocation.
enum class Account : int {
    Other,       ///< the benchmark itself, scene definitions, the framework
    GaussSeidel, ///< Tumble with block Gauss-Seidel
    Wide,        ///< Tumble with the wide method
    Bullet,      ///< the Bullet peer, adapter included
    Count,
};

/// Charges every allocation made while it lives to `account` (then restores the previous one).
class ChargeTo {
public:
    explicit ChargeTo(Account account);
    ~ChargeTo();
    ChargeTo(const ChargeTo&) = delete;
    ChargeTo& operator=(const ChargeTo&) = delete;

private:
    Account previous_;
};

/// Bytes the account holds now.
int64_t liveBytes(Account account);
/// The most the account held since the last resetPeakBytes (or the start).
int64_t peakBytes(Account account);
/// Start a new peak from what the account holds now.
void resetPeakBytes(Account account);

/// Send Bullet's allocations (btAlignedAllocSetCustom) through the counting allocator. Call it
/// before the first Bullet object is made: a block Bullet took from malloc must not come back
/// here. Calling it again is harmless.
void countBulletAllocations();

} // namespace tumble::bench
