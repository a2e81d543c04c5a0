// The kernels of a build for an architecture without optimised kernels
// (registry.h): only the portable reference.
#include <iterator>

#include "../registry.h"
#include "../vector_kernels.h"

namespace swblas {

constexpr const dgemm_ukernel_desc* kMicroKernels[] = {&ukernel_generic_4x4};
constexpr const dgemm_small_desc* kSmallRoutines[] = {&small_generic_4x4};
constexpr const sgemm_ukernel_desc* kF32MicroKernels[] = {&ukernel_f32_generic_4x4};
constexpr const sgemm_small_desc* kF32SmallRoutines[] = {&small_f32_generic_4x4};
extern const kernel_lists kBuildKernels =
    lists_of(kMicroKernels, kSmallRoutines, kF32MicroKernels, kF32SmallRoutines);

constexpr const vector_family* kVectorFamilies[] = {&vector_generic};
extern const vector_family_list kBuildVectorFamilies = {kVectorFamilies, std::size(kVectorFamilies)};

}  // namespace swblas
