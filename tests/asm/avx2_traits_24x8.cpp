// The AVX-512 kernel's template logic on a machine without AVX-512: the same
// register_block / edge / pack / small templates as dgemm_avx512_24x8.cpp at
// the 24x8 shape, instantiated with the AVX2 traits (compiled with the avx2
// kernel flags). Tested like every other kernel, so the 24x8 edge, packing and
// k-loop logic is covered here; the real zmm instantiation is tested where
// the CPU has AVX-512.
#include "edge.h"
#include "kernel_harness.h"
#include "pack.h"
#include "register_block.h"
#include "small.h"
#include "x86_64/simd_avx2.h"

namespace swblas::test {
namespace {

constexpr int kMR = 24;
constexpr int kNR = 8;
using simd = kernels::avx2_simd;

using block = kernels::register_block<simd, kMR, kNR, 1>;

void full_24x8(dim_t k, double alpha, const double* ap, const double* bp,
               double beta, double* c, inc_t ldc) {
  block::full(k, alpha, ap, bp, beta, c, ldc);
}

void epilogue_24x8(dim_t k, double alpha, const double* ap, const double* bp,
                   double beta, double* c, inc_t ldc, const tile_epilogue& e) {
  block::full_epilogue_any(k, alpha, ap, bp, beta, c, ldc, e);
}

using edges = kernels::edge_tile<kMR, kNR, full_24x8, epilogue_24x8>;

const dgemm_ukernel_desc avx2_traits_24x8 = {
    "avx2_traits_24x8",
    isa::avx2,
    kMR,
    kNR,
    &edges::ukernel,
    &full_24x8,
    &edges::ukernel_epilogue,
    block::full_epilogues(),
    &kernels::pack_a<simd, kMR>,
    &kernels::pack_b<simd, kNR>,
};

const dgemm_small_desc small_avx2_traits_24x8 = {
    &avx2_traits_24x8,
    &kernels::small_gemm<simd, kMR / simd::width, kNR>::run,
    &kernels::small_gemm<simd, kMR / simd::width, kNR>::run_batch,
    128,
    true,
};

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
