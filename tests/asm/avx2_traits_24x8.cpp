// The AVX-512 kernel's template logic on a machine without AVX-512: the same
// register_block / edge / pack / small templates as dgemm_avx512_24x8.cpp at
// the 24x8 shape, instantiated with the AVX2 traits (compiled with the avx2
// kernel flags). Tested like every other kernel, so the 24x8 edge, packing and
// k-loop logic is covered here; the real zmm instantiation is tested where
// the CPU has AVX-512.
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
    kernels::make_small_gemm<avx2_simd, 24, 8>(avx2_traits_24x8, 128, true);

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
