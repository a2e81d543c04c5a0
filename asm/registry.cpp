// The registries of the build's kernels (registry.h): the micro kernels and
// the small routines of each element type.
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

template <>
const small_gemm_desc<double>* const* small_routines<double>(std::size_t* count) {
  *count = kBuildKernels.count;
  return kBuildKernels.small_routines;
}

template <>
const small_gemm_desc<float>* const* small_routines<float>(std::size_t* count) {
  *count = kBuildKernels.f32_count;
  return kBuildKernels.f32_small_routines;
}

}  // namespace swblas
