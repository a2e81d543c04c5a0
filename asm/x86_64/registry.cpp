// The micro kernels of an x86-64 build, generic first, then by increasing
// ISA demand. The runtime keeps those the CPU supports.
#include "../ukernel.h"

namespace swblas {

const dgemm_ukernel_desc* const* ukernel_registry(std::size_t* count) {
  static const dgemm_ukernel_desc* const kernels[] = {
      &ukernel_generic_4x4, &ukernel_avx2_8x6, &ukernel_avx512_24x8};
  *count = sizeof kernels / sizeof kernels[0];
  return kernels;
}

}  // namespace swblas
