// x86-64 AVX2 + FMA micro kernel, 8x6 register block: two ymm per column of
// C, six broadcasts of packed B, 12 accumulators (the Haswell/Zen 1-3 shape).
#include "../make_small_gemm.h"
#include "../make_ukernel.h"
#include "simd_avx2.h"

namespace swblas {

using kernels::avx2_simd;

// Two k steps per loop iteration: with four, GCC spills an accumulator
// (register_block.h).
extern const dgemm_ukernel_desc ukernel_avx2_8x6 =
    kernels::make_ukernel<avx2_simd, 8, 6, 2>("avx2_8x6", isa::avx2);

// Small blocks of the register block's shape. Its limit, measured on Zen 5
// running AVX2: ahead of packing up to n = 128, behind from 192.
extern const dgemm_small_desc small_avx2_8x6 = kernels::make_small_gemm<avx2_simd, 8, 6>(
    ukernel_avx2_8x6, /*max_dim=*/128, /*at_full_rate=*/true);

}  // namespace swblas
