// The micro kernels of a build for an architecture without optimised
// kernels: only the portable reference.
#include "../ukernel.h"

namespace swblas {

const dgemm_ukernel_desc* const* ukernel_registry(std::size_t* count) {
  static const dgemm_ukernel_desc* const kernels[] = {&ukernel_generic_4x4};
  *count = sizeof kernels / sizeof kernels[0];
  return kernels;
}

}  // namespace swblas
