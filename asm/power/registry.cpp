// The micro kernels of a ppc64le build, generic first, then by increasing
// ISA demand: VSX (POWER8/9), MMA (POWER10). The runtime keeps those the CPU
// supports (AT_HWCAP/AT_HWCAP2, src/cpu_ppc64.cpp).
#include "../ukernel.h"

namespace swblas {

const dgemm_ukernel_desc* const* ukernel_registry(std::size_t* count) {
  static const dgemm_ukernel_desc* const kernels[] = {
      &ukernel_generic_4x4, &ukernel_vsx_8x4, &ukernel_mma_8x8};
  *count = sizeof kernels / sizeof kernels[0];
  return kernels;
}

}  // namespace swblas
