// x86-64 AVX2 + FMA micro kernel, 8x6 register block: two ymm per column of
// C, six broadcasts of packed B, 12 accumulators (the Haswell/Zen 1-3 shape).
#include "../edge.h"
#include "../pack.h"
#include "../register_block.h"
#include "../small.h"
#include "../ukernel.h"
#include "simd_avx2.h"

namespace swblas {
namespace {

constexpr int kMR = 8;
constexpr int kNR = 6;
using simd = kernels::avx2_simd;
using block = kernels::register_block<simd, kMR, kNR, 2>;

void full_8x6(dim_t k, double alpha, const double* ap, const double* bp,
              double beta, double* c, inc_t ldc) {
  block::full(k, alpha, ap, bp, beta, c, ldc);
}

void epilogue_8x6(dim_t k, double alpha, const double* ap, const double* bp,
                  double beta, double* c, inc_t ldc, const tile_epilogue& e) {
  block::full_epilogue_any(k, alpha, ap, bp, beta, c, ldc, e);
}

using edges = kernels::edge_tile<kMR, kNR, full_8x6, epilogue_8x6>;

}  // namespace

extern const dgemm_ukernel_desc ukernel_avx2_8x6 = {
    "avx2_8x6",
    isa::avx2,
    kMR,
    kNR,
    &edges::ukernel,
    &full_8x6,
    &edges::ukernel_epilogue,
    block::full_epilogues(),
    &kernels::pack_a<simd, kMR>,
    &kernels::pack_b<simd, kNR>,
};

extern const dgemm_small_desc small_avx2_8x6 = {
    &ukernel_avx2_8x6,
    &kernels::small_gemm<simd, kMR / simd::width, kNR>::run,
    &kernels::small_gemm<simd, kMR / simd::width, kNR>::run_batch,
    // Measured (Zen 5 running AVX2): ahead of packing up to n = 128,
    // behind from 192.
    128,
    true,
};

}  // namespace swblas
