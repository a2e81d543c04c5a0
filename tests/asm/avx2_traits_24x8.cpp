// The AVX-512 kernel's template logic on a machine without AVX-512: the same
// register_block / edge / pack / small templates as dgemm_avx512_24x8.cpp,
// instantiated with the AVX2 traits (compiled with the avx2 kernel flags):
// the micro kernel at the 24x8 shape, the small routine at its blocks' shape
// in vectors (four vectors by six columns: 16 x 6 here, 32 x 6 there).
// Tested like every other kernel, so the edge, packing and k-loop logic is
// covered here; the real zmm instantiation is tested where the CPU has
// AVX-512. (The small routine at 24 x 8 rows, six vectors by eight columns,
// took 42 s to compile, most of the host build's longest file.)
#include "kernel_harness.h"
#include "make_small_gemm.h"
#include "make_ukernel.h"
#include "x86_64/simd_avx2.h"

namespace swblas::test {
namespace {

using kernels::avx2_simd;

const dgemm_ukernel_desc avx2_traits_24x8 =
    kernels::make_ukernel<avx2_simd, 24, 8, 1>("avx2_traits_24x8", isa::avx2);
const dgemm_small_desc small_avx2_traits_24x8 =
    kernels::make_small_gemm<avx2_simd, 16, 6>(avx2_traits_24x8, 128, true);

}  // namespace

const dgemm_ukernel_desc* const* extra_test_kernels(std::size_t* count) {
  static const dgemm_ukernel_desc* const kernels[] = {&avx2_traits_24x8};
  *count = 1;
  return kernels;
}

const dgemm_small_desc* const* extra_test_small_gemms(std::size_t* count) {
  static const dgemm_small_desc* const routines[] = {&small_avx2_traits_24x8};
  *count = 1;
  return routines;
}

}  // namespace swblas::test
