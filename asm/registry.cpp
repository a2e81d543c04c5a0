// The registries of the build's kernels (registry.h): the lists, and a
// micro kernel's small routine found by the micro kernel it names.
#include "registry.h"

namespace swblas {

template <>
const ukernel_desc<double>* const* micro_kernels<double>(std::size_t* count) {
  *count = kBuildKernels.count;
  return kBuildKernels.micro_kernels;
}

template <>
const ukernel_desc<float>* const* micro_kernels<float>(std::size_t* count) {
  *count = kBuildKernels.f32_count;
  return kBuildKernels.f32_micro_kernels;
}

const dgemm_ukernel_desc* const* ukernel_registry(std::size_t* count) {
  return micro_kernels<double>(count);
}

const dgemm_small_desc* const* small_gemm_registry(std::size_t* count) {
  *count = kBuildKernels.count;
  return kBuildKernels.small_routines;
}

const dgemm_small_desc* small_gemm_for(const dgemm_ukernel_desc& u) {
  for (std::size_t i = 0; i < kBuildKernels.count; ++i)
    if (kBuildKernels.small_routines[i]->ukernel == &u) return kBuildKernels.small_routines[i];
  return nullptr;
}

}  // namespace swblas
