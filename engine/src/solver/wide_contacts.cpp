// The wide solver's SSE build (W = 4), and the run-time choice of the eight-lane builds
// (wide_contacts.h).
#define TUMBLE_WIDE_ISA sse
#include "solver/wide_pack.h"

#include <atomic>
#include <cstdlib>

namespace tumble {

#if defined(TUMBLE_WIDE_AVX2)
const WideKernels<8>& wideKernelsAvx2();   // wide_contacts_avx2.cpp
const WideKernels<8>& wideKernelsAvx512(); // wide_contacts_avx512.cpp
#endif

namespace {
std::atomic<bool> avx512Allowed{true};
} // namespace

template <> const WideKernels<4>& wideKernels<4>() {
    static const WideKernels<4> kernels = sse::kernelTable<4>();
    return kernels;
}

template <> const WideKernels<8>& wideKernels<8>() {
#if defined(TUMBLE_WIDE_AVX2)
    return wideAvx512Used() ? wideKernelsAvx512() : wideKernelsAvx2();
#else
    std::abort(); // eight lanes run only where wideAvx2Available(), false in this build
#endif
}

bool wideAvx2Available() {
#if defined(TUMBLE_WIDE_AVX2)
    return __builtin_cpu_supports("avx2");
#else
    return false;
#endif
}

bool wideAvx512Used() {
#if defined(TUMBLE_WIDE_AVX2)
    static const bool available = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("avx512f") &&
                                  __builtin_cpu_supports("avx512vl");
    return available && avx512Allowed.load(std::memory_order_relaxed);
#else
    return false;
#endif
}

void allowWideAvx512(bool allowed) { avx512Allowed.store(allowed, std::memory_order_relaxed); }

} // namespace tumble
