// The wide solver's AVX2 instantiation (W = 8, wide_contacts.h). This file alone is compiled
// with -mavx2 (engine/CMakeLists.txt) and runs only where wideAvx2Available() says the CPU has
// AVX2; it does not fuse multiply-adds, so its lanes round as the SSE ones do.
#include "solver/wide_kernel.h"

namespace tumble {

template void buildWideGroups<8>(std::span<const ContactConstraint>, const std::vector<std::vector<uint32_t>>&,
                                 std::vector<WideGroup<8>>&, std::vector<WideSplitGroup<8>>&);
template float solveWideGroups<8>(std::span<WideGroup<8>>, std::span<SolverBody>, const WidePassSettings&,
                                  WideLaneChange*);
template void solveWideSplitPass<8>(std::span<const WideGroup<8>>, std::span<WideSplitGroup<8>>,
                                     std::span<SplitVelocity>);
template void scatterWideSplitImpulses<8>(std::span<const WideGroup<8>>, std::span<const WideSplitGroup<8>>,
                                           std::span<ContactConstraint>);
template void warmStartWideGroups<8>(std::span<const WideGroup<8>>, std::span<SolverBody>);
template void scatterWideImpulses<8>(std::span<const WideGroup<8>>, std::span<ContactConstraint>);
template void shockWideGroup<8>(WideGroup<8>&, uint32_t, std::span<SolverBody>, const WidePassSettings&,
                                 std::span<const uint32_t>, std::span<const uint8_t>, WideShockBlock<8>&, bool);

} // namespace tumble
