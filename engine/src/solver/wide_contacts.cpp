// The wide solver's SSE instantiation (W = 4) and the run-time choice of AVX2 (wide_contacts.h).
#include "solver/wide_kernel.h"

namespace tumble {

template void buildWideGroups<4>(std::span<const ContactConstraint>, const std::vector<std::vector<uint32_t>>&,
                                 std::vector<WideGroup<4>>&, std::vector<WideSplitGroup<4>>&);
template float solveWideGroups<4>(std::span<WideGroup<4>>, std::span<SolverBody>, const WidePassSettings&,
                                  WideLaneChange*);
template void solveWideSplitPass<4>(std::span<const WideGroup<4>>, std::span<WideSplitGroup<4>>,
                                     std::span<SplitVelocity>);
template void scatterWideSplitImpulses<4>(std::span<const WideGroup<4>>, std::span<const WideSplitGroup<4>>,
                                           std::span<ContactConstraint>);
template void warmStartWideGroups<4>(std::span<const WideGroup<4>>, std::span<SolverBody>);
template void scatterWideImpulses<4>(std::span<const WideGroup<4>>, std::span<ContactConstraint>);
template void shockWideGroup<4>(WideGroup<4>&, uint32_t, std::span<SolverBody>, const WidePassSettings&,
                                 std::span<const uint32_t>, std::span<const uint8_t>, WideShockBlock<4>&, bool);

bool wideAvx2Available() {
#if defined(TUMBLE_WIDE_AVX2)
    return __builtin_cpu_supports("avx2");
#else
    return false;
#endif
}

} // namespace tumble
