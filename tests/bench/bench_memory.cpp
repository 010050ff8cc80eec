// The counting allocator of bench_memory.h. Every block carries a 16-byte record just before
// the address handed out: the size asked for and the account charged. Plain blocks start 16
// bytes into a malloc block (so they keep malloc's 16-byte alignment); over-aligned blocks
// (operator new with std::align_val_t) start `alignment` bytes into an aligned_alloc block.
#include "bench_memory.h"

#include <LinearMath/btAlignedAllocator.h>

#include <algorithm>
#include <cstdlib>
#include <new>

namespace tumble::bench {
namespace {

struct BlockRecord {
    uint64_t size;   ///< bytes asked for
    int32_t account; ///< Account charged
    int32_t unused;
};
static_assert(sizeof(BlockRecord) == 16);
constexpr size_t kRecordBytes = 16;

struct Ledger {
    int64_t live[size_t(Account::Count)] = {};
    int64_t peak[size_t(Account::Count)] = {};
    Account current = Account::Other;
};

// Constant-initialised (no constructor runs), so allocations made before main are counted too.
constinit Ledger ledger;

void charge(BlockRecord* record, size_t size) {
    record->size = size;
    record->account = int32_t(ledger.current);
    const size_t a = size_t(ledger.current);
    ledger.live[a] += int64_t(size);
    ledger.peak[a] = std::max(ledger.peak[a], ledger.live[a]);
}

void release(const BlockRecord* record) {
    ledger.live[size_t(record->account)] -= int64_t(record->size);
}

BlockRecord* recordOf(void* p) {
    return reinterpret_cast<BlockRecord*>(static_cast<char*>(p) - kRecordBytes);
}

void* allocatePlain(size_t size) {
    void* block = std::malloc(size + kRecordBytes);
    if (!block) return nullptr;
    auto* record = static_cast<BlockRecord*>(block);
    charge(record, size);
    return static_cast<char*>(block) + kRecordBytes;
}

void freePlain(void* p) {
    if (!p) return;
    release(recordOf(p));
    std::free(recordOf(p));
}

void* allocateAligned(size_t size, std::align_val_t alignment) {
    const size_t align = std::max(size_t(alignment), kRecordBytes);
    // The record's `align` bytes, then the block, rounded up: aligned_alloc wants a multiple.
    const size_t total = (size + align + align - 1) / align * align;
    void* block = std::aligned_alloc(align, total);
    if (!block) return nullptr;
    char* p = static_cast<char*>(block) + align;
    charge(recordOf(p), size);
    return p;
}

void freeAligned(void* p, std::align_val_t alignment) {
    if (!p) return;
    const size_t align = std::max(size_t(alignment), kRecordBytes);
    release(recordOf(p));
    std::free(static_cast<char*>(p) - align);
}

void* newPlain(size_t size) {
    if (void* p = allocatePlain(size)) return p;
    throw std::bad_alloc();
}

void* newAligned(size_t size, std::align_val_t alignment) {
    if (void* p = allocateAligned(size, alignment)) return p;
    throw std::bad_alloc();
}

// Bullet's hooks (btAllocFunc, btFreeFunc): its aligned allocator over-allocates through these.
void* bulletAllocate(size_t size) { return allocatePlain(size); }
void bulletFree(void* p) { freePlain(p); }

} // namespace

ChargeTo::ChargeTo(Account account) : previous_(ledger.current) { ledger.current = account; }
ChargeTo::~ChargeTo() { ledger.current = previous_; }

int64_t liveBytes(Account account) { return ledger.live[size_t(account)]; }
int64_t peakBytes(Account account) { return ledger.peak[size_t(account)]; }
void resetPeakBytes(Account account) { ledger.peak[size_t(account)] = ledger.live[size_t(account)]; }

void countBulletAllocations() { btAlignedAllocSetCustom(bulletAllocate, bulletFree); }

} // namespace tumble::bench

// The replaced global operators: every form sends its block through the ledger.
using tumble::bench::freeAligned;
using tumble::bench::freePlain;

void* operator new(size_t size) { return tumble::bench::newPlain(size); }
void* operator new[](size_t size) { return tumble::bench::newPlain(size); }
void* operator new(size_t size, const std::nothrow_t&) noexcept {
    return tumble::bench::allocatePlain(size);
}
void* operator new[](size_t size, const std::nothrow_t&) noexcept {
    return tumble::bench::allocatePlain(size);
}
void* operator new(size_t size, std::align_val_t a) { return tumble::bench::newAligned(size, a); }
void* operator new[](size_t size, std::align_val_t a) { return tumble::bench::newAligned(size, a); }
void* operator new(size_t size, std::align_val_t a, const std::nothrow_t&) noexcept {
    return tumble::bench::allocateAligned(size, a);
}
void* operator new[](size_t size, std::align_val_t a, const std::nothrow_t&) noexcept {
    return tumble::bench::allocateAligned(size, a);
}

void operator delete(void* p) noexcept { freePlain(p); }
void operator delete[](void* p) noexcept { freePlain(p); }
void operator delete(void* p, size_t) noexcept { freePlain(p); }
void operator delete[](void* p, size_t) noexcept { freePlain(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { freePlain(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { freePlain(p); }
void operator delete(void* p, std::align_val_t a) noexcept { freeAligned(p, a); }
void operator delete[](void* p, std::align_val_t a) noexcept { freeAligned(p, a); }
void operator delete(void* p, size_t, std::align_val_t a) noexcept { freeAligned(p, a); }
void operator delete[](void* p, size_t, std::align_val_t a) noexcept { freeAligned(p, a); }
void operator delete(void* p, std::align_val_t a, const std::nothrow_t&) noexcept { freeAligned(p, a); }
void operator delete[](void* p, std::align_val_t a, const std::nothrow_t&) noexcept { freeAligned(p, a); }
