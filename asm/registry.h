// The kernels of one architecture's build, as its registry.cpp lists them:
// micro kernels generic first, then by increasing ISA demand, and their
// small routines in the same order; the float micro kernels and theirs
// likewise. micro_kernels and small_routines (registry.cpp) read them.
#pragma once

#include <cstddef>

#include "small_gemm.h"

namespace swblas {

struct kernel_lists {
  const dgemm_ukernel_desc* const* micro_kernels;
  const dgemm_small_desc* const* small_routines;
  std::size_t count;
  const sgemm_ukernel_desc* const* f32_micro_kernels;
  const sgemm_small_desc* const* f32_small_routines;
  std::size_t f32_count;
};

// Defined in the architecture's registry.cpp.
extern const kernel_lists kBuildKernels;

// The lists, one small routine per micro kernel.
template <std::size_t N, std::size_t F32>
constexpr kernel_lists lists_of(const dgemm_ukernel_desc* const (&micro_kernels)[N],
                                const dgemm_small_desc* const (&small_routines)[N],
                                const sgemm_ukernel_desc* const (&f32_micro_kernels)[F32],
                                const sgemm_small_desc* const (&f32_small_routines)[F32]) {
  return {micro_kernels, small_routines, N, f32_micro_kernels, f32_small_routines, F32};
}

}  // namespace swblas
