// The wide solver's AVX2 build (W = 8, wide_contacts.h). This file alone is compiled with
// -mavx2 (engine/CMakeLists.txt) and runs only where wideAvx2Available() says the CPU has AVX2;
// it does not fuse multiply-adds, so its lanes round as the SSE ones do.
#define TUMBLE_WIDE_ISA avx2
#include "solver/wide_pack.h"

namespace tumble {

const WideKernels<8>& wideKernelsAvx2() {
    static const WideKernels<8> kernels = avx2::kernelTable<8>();
    return kernels;
}

} // namespace tumble
