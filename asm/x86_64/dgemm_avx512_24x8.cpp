// x86-64 AVX-512F micro kernel, 24x8 register block: three zmm per column of
// C, eight broadcasts of packed B, 24 accumulators (Skylake-SP, Zen 4/5).
#include "../edge.h"
#include "../pack.h"
#include "../register_block.h"
#include "../small.h"
#include "../ukernel.h"
#include "simd_avx512.h"

namespace swblas {
namespace {

constexpr int kMR = 24;
constexpr int kNR = 8;
using simd = kernels::avx512_simd;
using block = kernels::register_block<simd, kMR, kNR, 1>;

// The small path's blocks: 32 rows (4 zmm) by 6 columns, 24 accumulators
// too, but B read 6 columns at a time. Measured on Zen 5 against 24x8
// blocks: a batch of 16^3 (32^3, 64^3) problems in memory 1.6x (1.4x, 1.1x)
// faster, the same in cache from 48^3 on, 10% slower in cache at 16^3.
constexpr int kSmallRowVecs = 4;
constexpr int kSmallColumns = 6;

void full_24x8(dim_t k, double alpha, const double* ap, const double* bp,
               double beta, double* c, inc_t ldc) {
  block::full(k, alpha, ap, bp, beta, c, ldc);
}

void epilogue_24x8(dim_t k, double alpha, const double* ap, const double* bp,
                   double beta, double* c, inc_t ldc, const tile_epilogue& e) {
  block::full_epilogue_any(k, alpha, ap, bp, beta, c, ldc, e);
}

using edges = kernels::edge_tile<kMR, kNR, full_24x8, epilogue_24x8>;

}  // namespace

extern const dgemm_ukernel_desc ukernel_avx512_24x8 = {
    "avx512_24x8",
    isa::avx512,
    kMR,
    kNR,
    &edges::ukernel,
    &full_24x8,
    &edges::ukernel_epilogue,
    block::full_epilogues(),
    &kernels::pack_a<simd, kMR>,
    &kernels::pack_b<simd, kNR>,
};

extern const dgemm_small_desc small_avx512_24x8 = {
    &ukernel_avx512_24x8,
    &kernels::small_gemm<simd, kSmallRowVecs, kSmallColumns>::run,
    &kernels::small_gemm<simd, kSmallRowVecs, kSmallColumns>::run_batch,
    // Measured on Zen 5: 95% of peak up to n = 384; at 512 the strided
    // reads of A alias in L1 and packing wins.
    384,
    true,
};

}  // namespace swblas
