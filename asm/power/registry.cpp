// The kernels of a ppc64le build (registry.h): generic, VSX (POWER8/9), MMA
// (POWER10). The runtime keeps those the CPU supports (AT_HWCAP/AT_HWCAP2,
// src/cpu_ppc64.cpp).
#include <iterator>

#include "../registry.h"
#include "../vector_kernels.h"

namespace swblas {

constexpr const dgemm_ukernel_desc* kMicroKernels[] = {&ukernel_generic_4x4, &ukernel_vsx_8x4,
                                                       &ukernel_mma_8x8};
constexpr const dgemm_small_desc* kSmallRoutines[] = {&small_generic_4x4, &small_vsx_8x4,
                                                      &small_mma_8x8};
constexpr const sgemm_ukernel_desc* kF32MicroKernels[] = {&ukernel_f32_generic_4x4, &ukernel_f32_vsx_16x4,
                                                          &ukernel_f32_mma_16x8};
constexpr const sgemm_small_desc* kF32SmallRoutines[] = {&small_f32_generic_4x4, &small_f32_vsx_16x4, &small_f32_mma_16x8};
extern const kernel_lists kBuildKernels =
    lists_of(kMicroKernels, kSmallRoutines, kF32MicroKernels, kF32SmallRoutines);

constexpr const vector_family* kVectorFamilies[] = {&vector_generic, &vector_vsx};
extern const vector_family_list kBuildVectorFamilies = {kVectorFamilies, std::size(kVectorFamilies)};

}  // namespace swblas
