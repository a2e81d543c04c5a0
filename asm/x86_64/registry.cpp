// The kernels of an x86-64 build (registry.h). The runtime keeps those the
// CPU supports.
#include <iterator>

#include "../registry.h"
#include "../vector_kernels.h"

namespace swblas {

constexpr const dgemm_ukernel_desc* kMicroKernels[] = {&ukernel_generic_4x4, &ukernel_avx2_8x6,
                                                       &ukernel_avx512_24x8};
constexpr const dgemm_small_desc* kSmallRoutines[] = {&small_generic_4x4, &small_avx2_8x6,
                                                      &small_avx512_24x8};
constexpr const sgemm_ukernel_desc* kF32MicroKernels[] = {
    &ukernel_f32_generic_4x4, &ukernel_f32_avx2_16x6, &ukernel_f32_avx512_48x8};
constexpr const sgemm_small_desc* kF32SmallRoutines[] = {&small_f32_generic_4x4, &small_f32_avx2_16x6, &small_f32_avx512_48x8};
extern const kernel_lists kBuildKernels =
    lists_of(kMicroKernels, kSmallRoutines, kF32MicroKernels, kF32SmallRoutines);

constexpr const vector_family* kVectorFamilies[] = {&vector_generic, &vector_avx2, &vector_avx512};
extern const vector_family_list kBuildVectorFamilies = {kVectorFamilies, std::size(kVectorFamilies)};

}  // namespace swblas
