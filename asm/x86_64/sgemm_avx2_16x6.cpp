// x86-64 AVX2 + FMA float micro kernel, 16x6 register block: two ymm of 8
// floats per column of C, six broadcasts of packed B, 12 accumulators (the
// shape of dgemm_avx2_8x6.cpp at twice the lanes).
#include "../make_small_gemm.h"
#include "../make_ukernel.h"
#include "simd_avx2.h"

namespace swblas {

// Two k steps per loop iteration, as the double kernel (register_block.h).
extern const sgemm_ukernel_desc ukernel_f32_avx2_16x6 =
    kernels::make_ukernel<kernels::avx2_simd_f32, 16, 6, 2>("f32_avx2_16x6", isa::avx2);

// Small blocks of the register block's shape, as the double routine's.
extern const sgemm_small_desc small_f32_avx2_16x6 = kernels::make_small_gemm<kernels::avx2_simd_f32, 16, 6>(
    ukernel_f32_avx2_16x6, /*max_dim=*/128, /*at_full_rate=*/true);

}  // namespace swblas
