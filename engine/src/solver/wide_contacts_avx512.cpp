// The wide solver's eight-lane build for CPUs with AVX-512VL (wide_contacts.h): the same 256-bit
// code as wide_contacts_avx2.cpp, compiled with AVX-512VL (engine/CMakeLists.txt) for its 32
// vector registers where AVX2 has 16: fewer of a group's velocities, impulses and couplings
// spill to memory in the kernel's inner loops (the step 4-7.5% shorter than the AVX2 build's
// on the catalogue's piles, measured in one process). It runs only where wideAvx512Used()
// says the CPU has AVX-512VL, and gives the AVX2 build's bits (a test compares them).
#define TUMBLE_WIDE_ISA avx512
#include "solver/wide_pack.h"

namespace tumble {

const WideKernels<8>& wideKernelsAvx512() {
    static const WideKernels<8> kernels = avx512::kernelTable<8>();
    return kernels;
}

} // namespace tumble
